// The reportbench-cited and reportbench-factcheck prompt schemes: one statement per request,
// a small JSON answer read back leniently into a binary verdict.
#include "reportbenchschemes.h"

#include "replyparsing.h"

#include <QHash>
#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Our own wording. The judge is told that a source which does not mention the matter means
// "not supported": the statement is unbacked by its citation, whatever its truth.
const QString citedTemplate
    = uR"(You check whether a statement from a research report is backed by the source it cites. Below are the text of the cited source ({url}) and the statement.

Decide:
- "supported": the source states the same thing, or something from which it plainly follows (numbers, dates and names must agree).
- "not supported": the source says something different, contradicts it, or does not address it.

Quote the passage of the source that decides your verdict, word for word (empty when nothing in the source bears on the statement), and give a short reason.

Answer with JSON only, in exactly this shape:
{"verdict": "supported", "quote": "<passage from the source>", "reason": "<why>"}

<source>
{source}
</source>

<statement>
{statement}
</statement>
)"_s;

const QString factcheckTemplate
    = uR"(You check a factual statement taken from a research report. The statement cites no source; judge it on what is known, searching if you can.

Decide whether the statement is true: true when it is correct as stated, false when any part of it is wrong (numbers, dates, names, direction of an effect) or it cannot be correct as written.

Answer with JSON only, in exactly this shape:
{"decision": true, "reason": "<why, with what the facts are>"}

<statement>
{statement}
</statement>
)"_s;

QString normalisedLabel(const QString &label)
{
    QString s = label.trimmed().toCaseFolded();
    s.replace(u'_', u' ');
    s.replace(u'-', u' ');
    while (!s.isEmpty() && QStringView(u".!\"'").contains(s.back()))
        s.chop(1);
    return s.simplified();
}

QString shown(const QJsonValue &v)
{
    return v.isString() ? v.toString().left(60) : v.toVariant().toString().left(60);
}

std::optional<double> fromBoolean(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? 1.0 : 0.0;
    if (v.isDouble() && (v.toDouble() == 1.0 || v.toDouble() == 0.0))
        return v.toDouble();
    return std::nullopt;
}

class ReportBenchScheme final : public PromptScheme
{
public:
    ReportBenchScheme(bool cited, QString promptTemplate)
        : m_cited(cited)
        , m_template(std::move(promptTemplate))
    { }

    QString key() const override
    {
        return m_cited ? u"reportbench-cited"_s : u"reportbench-factcheck"_s;
    }
    VerdictScale scale() const override { return VerdictScale::Binary; }
    bool judges(const Rubric &rubric) const override
    {
        return rubric.reportId
            && rubric.dimension == (m_cited ? claimDimensionCited : claimDimensionUncited);
    }
    bool needsSource() const override { return m_cited; }

    QList<QList<SchemeItem>> plan(const QList<Rubric> &rubrics, int) const override
    {
        QList<Rubric> sorted = rubrics;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Rubric &a, const Rubric &b) { return a.position < b.position; });
        QList<QList<SchemeItem>> batches;
        for (const Rubric &r : std::as_const(sorted))
            batches.append({schemeItemOf(r)});
        return batches;
    }

    // Statements share their cited source, not the report.
    bool requestsShareReport() const override { return false; }

    ProviderRequest buildRequest(const SchemeContext &ctx, const QList<SchemeItem> &items,
                                 const JudgeProvider *, const JudgeConfig &) const override
    {
        // plan() gives one statement per request; a caller that batches anyway gets the
        // first one asked, and interpret() reports the rest as missing.
        const SchemeItem item = items.value(0);
        const QHash<QString, QString> values{
            {u"{task}"_s, ctx.task.judgeTask},
            {u"{url}"_s, item.sourceUrl},
            {u"{source}"_s, cutToCodePoints(item.sourceText, reportBenchSourceChars)},
            {u"{statement}"_s, item.text}};
        // The source before the statement: the other statements citing it read it from the
        // provider's prompt cache.
        return sharedPrefixRequest(m_template, values, u"{source}"_s, u"{statement}"_s);
    }

    SchemeResult interpret(const QList<SchemeItem> &items, const QString &text) const override
    {
        SchemeResult result;
        const std::optional<QJsonValue> json = readReplyJson(text, result);
        if (!json)
            return result;
        QJsonObject answer;
        if (json->isObject()) {
            answer = json->toObject();
            // A judge that wraps its one answer in a list, as the rubric schemes ask.
            if (answer.value(u"results"_s).isArray())
                answer = answer.value(u"results"_s).toArray().at(0).toObject();
        } else {
            answer = json->toArray().at(0).toObject();
        }
        const QString verdictKey = findKey(answer);
        if (answer.isEmpty() || verdictKey.isEmpty()) {
            result.parseError
                = m_cited ? u"the reply has no \"verdict\""_s : u"the reply has no \"decision\""_s;
            return result;
        }
        result.parsed = true;
        for (int i = 0; i < items.size(); ++i) {
            ItemOutcome o;
            o.rubricId = items.at(i).rubricId;
            if (i > 0) { // one statement per reply: see buildRequest
                o.missing = true;
                result.items.append(o);
                continue;
            }
            o.raw = answer;
            o.matchedBy = u"only item"_s;
            const QJsonValue verdict = answer.value(verdictKey);
            o.label = verdict.isString() ? verdict.toString() : verdict.toVariant().toString();
            const Result<double> value
                = m_cited ? reportBenchSupportValue(verdict) : reportBenchTruthValue(verdict);
            if (value)
                o.value = *value;
            else
                o.error = value.errorMessage(); // the verdict's error, stored with it
            o.reason = answer.value(u"reason"_s).toString(answer.value(u"reasoning"_s).toString());
            QString quote;
            for (const QString &k : {u"quote"_s, u"source_sentence"_s, u"evidence"_s}) {
                if (answer.value(k).isString() && quote.isEmpty())
                    quote = answer.value(k).toString();
            }
            // In the report, a claim's evidence is its own sentence, so the view highlights
            // the statement coloured by its verdict; what the judge quoted from the source
            // stays with the reason (and in raw).
            const QString sentence = items.at(i).metadata.value(u"sentence"_s).toString();
            o.evidence = sentence.isEmpty() ? quote : sentence;
            if (!sentence.isEmpty() && !quote.isEmpty())
                o.reason += (o.reason.isEmpty() ? u""_s : u"\n"_s) + u"Source: “%1”"_s.arg(quote);
            result.items.append(o);
        }
        return result;
    }

private:
    QString findKey(const QJsonObject &answer) const
    {
        const QStringList keys = m_cited
            ? QStringList{u"verdict"_s, u"supported"_s, u"match"_s, u"label"_s, u"decision"_s}
            : QStringList{u"decision"_s, u"verdict"_s, u"label"_s, u"answer"_s, u"true"_s};
        for (const QString &k : keys) {
            if (answer.contains(k))
                return k;
        }
        return {};
    }

    bool m_cited;
    QString m_template;
};

} // namespace

Result<double> reportBenchSupportValue(const QJsonValue &verdict)
{
    if (const auto b = fromBoolean(verdict))
        return *b;
    const QString s = normalisedLabel(verdict.toString());
    if (s == "supported"_L1 || s == "support"_L1 || s == "yes"_L1 || s == "true"_L1
        || s == "fully supported"_L1)
        return 1.0;
    if (s == "not supported"_L1 || s == "unsupported"_L1 || s == "not found"_L1 || s == "no"_L1
        || s == "false"_L1 || s == "contradicted"_L1)
        return 0.0;
    return Error{
        u"unknown verdict \"%1\" (expected supported or not supported)"_s.arg(shown(verdict))};
}

Result<double> reportBenchTruthValue(const QJsonValue &decision)
{
    if (const auto b = fromBoolean(decision))
        return *b;
    const QString s = normalisedLabel(decision.toString());
    if (s == "true"_L1 || s == "yes"_L1 || s == "correct"_L1 || s == "1"_L1 || s == u"正确"_s)
        return 1.0;
    if (s == "false"_L1 || s == "no"_L1 || s == "incorrect"_L1 || s == "0"_L1 || s == u"错误"_s)
        return 0.0;
    return Error{u"unknown decision \"%1\" (expected true or false)"_s.arg(shown(decision))};
}

Result<std::unique_ptr<PromptScheme>> makeReportBenchScheme(const QString &key,
                                                            const QString &promptTemplate)
{
    const bool cited = key == "reportbench-cited"_L1;
    if (!cited && key != "reportbench-factcheck"_L1)
        return Error{u"unknown ReportBench prompt scheme \"%1\""_s.arg(key)};
    if (!promptTemplate.isEmpty()
        && (!promptTemplate.contains(u"{statement}"_s)
            || (cited && !promptTemplate.contains(u"{source}"_s)))) {
        return Error{cited ? u"a reportbench-cited template needs both {statement} and {source}"_s
                           : u"a reportbench-factcheck template needs {statement}"_s};
    }
    const QString &builtIn = cited ? citedTemplate : factcheckTemplate;
    return std::unique_ptr<PromptScheme>(std::make_unique<ReportBenchScheme>(
        cited, promptTemplate.isEmpty() ? builtIn : promptTemplate));
}

} // namespace Rubricate
