// A prompt scheme is how one benchmark asks its judge: how rubrics are batched, what the
// prompt says, and how the answer is read back into verdicts. The DRB-II scheme is here;
// ResearchRubrics (ternary, one criterion per call or batched) is researchrubricsscheme.h;
// ReportBench's claim checks (one statement per call, against its source or alone) are
// reportbenchschemes.h; PDR-Bench (0–10 weighted sub-criteria, one request per report and
// family) is pdrbenchscheme.h.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "judgeprovider.h"
#include "text/lightjson.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace Rubricate {

struct SchemeItem {
    RowId rubricId = 0;
    QString text;
    QString dimension;
    double weight = 1.0; // shown to judges whose protocol includes it (ResearchRubrics)
    // The fetched text of the source a statement cites (reportbench-cited); the caller fills
    // it in after planning, and only for sources whose FetchedSource state is Fetched.
    // Initialised so the other schemes' shorter brace lists stay warning-free.
    QString sourceText = {};
    QString sourceUrl = {};
    // The rubric's metadata (PDR-Bench: family and explanation), for schemes that show or
    // group by it.
    QJsonObject metadata = {};
};

// The item a job sends for a rubric, with everything a scheme may read.
SchemeItem schemeItemOf(const Rubric &rubric);
// An item of a scheme that needsSource() whose source the project does not have (never
// fetched, fetch failed, no URL at all) is never sent. Its verdict has no value, this label,
// an error that starts with "source unavailable: " and says why, and raw {"source_state":
// "<FetchedSource state key>" or "not-fetched" or "no-url"}. A judge failure has any other
// label (usually none): scores leave both out but count them apart.
inline constexpr QLatin1StringView sourceUnavailableLabel("source-unavailable");

struct SchemeContext {
    Task task;
    Report report;
    QByteArray original; // the report file, for providers that take it as an attachment
    // PDR-Bench: the query the report answers and the persona who asked it; empty for the
    // benchmarks without queries (and for a query without a persona).
    std::optional<Query> query = {};
    std::optional<Persona> persona = {};
};

struct ItemOutcome {
    RowId rubricId = 0;
    bool missing = false; // the reply left this item out: ask again
    std::optional<double> value; // empty with `error` set when the answer is unusable
    QString label;
    QString reason;
    QString evidence;
    QString error;
    QString matchedBy; // how the returned item was matched to the asked one
    QJsonObject raw;
};

struct SchemeResult {
    bool parsed = false; // false: the reply could not be read at all (ask again)
    QString parseError;
    QStringList repairs;
    QList<ItemOutcome> items; // one per asked item, in order
};

class PromptScheme
{
public:
    virtual ~PromptScheme() = default;
    virtual QString key() const = 0;
    virtual VerdictScale scale() const = 0;
    // Which items this scheme judges: the rubric schemes judge task and query rubrics, the
    // claim schemes the claims extracted from a report (Rubric::reportId set). The planner
    // gives plan() only these.
    virtual bool judges(const Rubric &rubric) const { return !rubric.reportId; }
    // Whether each item must come with the fetched text of the source it cites
    // (SchemeItem::sourceText). The run controller fills it in from the project's source
    // cache and does not send an item whose source is unavailable.
    virtual bool needsSource() const { return false; }
    virtual QList<QList<SchemeItem>> plan(const QList<Rubric> &rubrics, int batchSize) const = 0;
    // Whether all of a report's requests start with the same prefix holding the report, so
    // that a provider's prompt cache serves it after the first (for the cost estimate).
    virtual bool requestsShareReport() const { return true; }
    virtual ProviderRequest buildRequest(const SchemeContext &context,
                                         const QList<SchemeItem> &items,
                                         const JudgeProvider *provider,
                                         const JudgeConfig &config) const = 0;
    virtual SchemeResult interpret(const QList<SchemeItem> &items,
                                   const QString &replyText) const = 0;
    // Where the benchmark's own judge cuts a report (DRB-II: 150,000 code points).
    virtual int defaultPassageChars() const { return defaultPassageCut; }
    static constexpr int defaultPassageCut = 150000;
};

// The report cut a request uses: the config's, else the scheme's own (config.scheme's when no
// scheme is at hand; 150,000 for an unknown key).
int passageLimit(const JudgeConfig &config, const PromptScheme &scheme);
int passageLimit(const JudgeConfig &config);

// The keys makeScheme() knows, for choosers and messages.
QStringList schemeKeys();

// The scheme of a benchmark's own protocol: "researchrubrics" for ResearchRubrics, "pdrbench"
// for PDR-Bench, "reportbench-cited" for ReportBench (its claims), else "drb2".
QString defaultSchemeFor(const QString &benchmarkKey);
// Why the scheme cannot judge the benchmark's rubrics (its verdicts would not lie on their
// scale), or empty when it can. The claim schemes judge claims of ReportBench and PDR-Bench
// reports (PDR-Bench R validates statement–URL pairs with reportbench-cited). Unknown scheme keys
// are makeScheme()'s to report.
QString schemeMismatch(const QString &schemeKey, const QString &benchmarkKey);

// `templateFile` replaces the scheme's built-in prompt; it must contain {passage} and
// {task_and_rubric} (the reportbench schemes: {statement}, and {source} for
// reportbench-cited; pdrbench: {article} and {criteria_list}). An error for an unknown scheme or
// a bad template.
Result<std::unique_ptr<PromptScheme>> makeScheme(const QString &key, const QString &templateFile);

// json.dumps(value, ensure_ascii=False, indent=2) for the shapes the schemes send: keys in
// the given order, Python's separators and escapes, non-ASCII kept as is. A request's payload
// is built as a LightJson, whose strings are shared rather than copied into CBOR.
QString pythonJsonDumps(const LightJson &value, const QStringList &keyOrder, int indent = 2);
QString pythonJsonDumps(const QJsonValue &value, const QStringList &keyOrder, int indent = 2);

// Text cut to `maxChars` Unicode code points, as Python slicing counts (not UTF-16 units).
QString cutToCodePoints(const QString &text, int maxChars);

// `templ` with each placeholder ("{passage}", "{task}" …, the keys of `values`) replaced in a
// single pass, so a placeholder written inside a report, a source or a statement stays as it
// is instead of being filled in turn.
QString fillPromptTemplate(const QString &templ, const QHash<QString, QString> &values);
// A request with `templ` filled, and with the end of the part that a report's requests share
// marked for the providers' prompt caches: everything before the placeholder `varying` (the
// rubric items), when the placeholder `shared` (the report) comes before it; else nothing.
ProviderRequest sharedPrefixRequest(const QString &templ, const QHash<QString, QString> &values,
                                    const QString &shared, const QString &varying);

// The JSON object or array of a judge's reply, repaired leniently; the repairs go into
// `result`, and when there is nothing to read, its parseError says why.
std::optional<QJsonValue> readReplyJson(const QString &text, SchemeResult &result);

// The answers of a batched reply: a bare list, an object's "results" list or — when it has
// `bareKey` — an object on its own (one item answered alone). Sets result.parsed, or says in
// result.parseError why there is no list.
std::optional<LightJson::Array> readReplyResults(const QString &text, SchemeResult &result,
                                                 const QString &bareKey = {});

// Whether a verdict keeps a judge's answer member `key` in a column of its own (the item's text,
// its score, reason and evidence) rather than among the rest in its raw JSON.
bool verdictColumnKey(QStringView key);
// An answer's members but those verdictColumnKey names: what ItemOutcome::raw needs of it.
QJsonObject otherMembers(const LightJson &answer);

// `items` in requests of at most `batchSize` each (0 or less: one request); none for none.
QList<QList<SchemeItem>> batchItems(const QList<SchemeItem> &items, int batchSize);

} // namespace Rubricate
