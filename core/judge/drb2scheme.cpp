// The DeepResearch Bench II judge protocol (formats.md §1.3): batches of rubric items in the
// order info_recall, analysis, presentation with duplicates kept, the report as the passage
// (cut at 150,000 code points) or as an attachment, and a three-way score per item.
#include "domain/scorevalue.h"
#include "pdrbenchscheme.h"
#include "promptscheme.h"
#include "replyparsing.h"
#include "reportbenchschemes.h"
#include "researchrubricsscheme.h"

#include <QFile>
#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

LightJson stringArray(const QStringList &strings)
{
    LightJson::Array out;
    out.reserve(std::size_t(strings.size()));
    for (const QString &s : strings)
        out.emplace_back(s);
    return LightJson(std::move(out));
}

// BlockedSource::toJson(), as the payload's LightJson.
LightJson blockedJson(const BlockedSource &b)
{
    return LightJson(LightJson::Object{{u"title"_s, LightJson(b.title)},
                                       {u"authors"_s, stringArray(b.authors)},
                                       {u"urls"_s, stringArray(b.urls)}});
}

// Our own wording of the protocol. The official template can be used instead by passing
// its text as a template file (it is not ours to redistribute).
const QString builtInTemplate
    = uR"(You are an expert evaluator of research reports. You will read a report (the passage) and judge it against a list of rubric items written by domain experts for the task below.

For every rubric item give a score:
- 1: the passage satisfies the item, and the sentences that support it do not rely on any of the blocked references. Names, facts and numbers must match the item exactly.
- 0: the passage does not mention what the item asks for, or gets it wrong.
- -1: the passage satisfies the item, but only through sentences that cite or draw on a blocked reference (matched by its title or any of its URLs).

Also give a short reason, and as evidence quote the supporting sentences from the passage word for word (an empty string when the score is 0).

Answer with JSON only, in exactly this shape, with one result for every rubric item, in the same order, and with "rubric_item" copied character for character from the input:
{"results": [{"rubric_item": "<rubric item>", "score": 1, "reason": "<why>", "evidence": "<quoted sentences>"}]}

<passage>
{passage}
</passage>

<task_and_rubric>
{task_and_rubric}
</task_and_rubric>
)"_s;

const QString attachmentPlaceholder
    = u"The report is attached to this message as a file; read it in full as the passage."_s;

QString mimeFor(const Report &r)
{
    if (r.format == ReportFormat::Pdf)
        return u"application/pdf"_s;
    if (r.format != ReportFormat::Image)
        return {};
    const QString name = r.sourceName.toLower();
    if (name.endsWith(u".png"_s))
        return u"image/png"_s;
    if (name.endsWith(u".jpg"_s) || name.endsWith(u".jpeg"_s))
        return u"image/jpeg"_s;
    if (name.endsWith(u".webp"_s))
        return u"image/webp"_s;
    if (name.endsWith(u".gif"_s))
        return u"image/gif"_s;
    if (name.endsWith(u".bmp"_s))
        return u"image/bmp"_s;
    if (name.endsWith(u".tif"_s) || name.endsWith(u".tiff"_s))
        return u"image/tiff"_s;
    return {};
}

class Drb2Scheme final : public PromptScheme
{
public:
    explicit Drb2Scheme(QString promptTemplate)
        : m_template(std::move(promptTemplate))
    { }

    QString key() const override { return u"drb2"_s; }
    VerdictScale scale() const override { return VerdictScale::Drb2Tristate; }

    QList<QList<SchemeItem>> plan(const QList<Rubric> &rubrics, int batchSize) const override
    {
        static const QStringList order = {u"info_recall"_s, u"analysis"_s, u"presentation"_s};
        QList<Rubric> sorted = rubrics;
        std::stable_sort(sorted.begin(), sorted.end(), [](const Rubric &a, const Rubric &b) {
            const auto rank = [](const QString &d) {
                const qsizetype i = order.indexOf(d);
                return i < 0 ? order.size() : i;
            };
            if (rank(a.dimension) != rank(b.dimension))
                return rank(a.dimension) < rank(b.dimension);
            return a.position < b.position;
        });
        QList<SchemeItem> all;
        for (const Rubric &r : std::as_const(sorted))
            all.append(schemeItemOf(r));
        return batchItems(all, batchSize);
    }

    ProviderRequest buildRequest(const SchemeContext &ctx, const QList<SchemeItem> &items,
                                 const JudgeProvider *provider,
                                 const JudgeConfig &config) const override
    {
        const QString mime = mimeFor(ctx.report);
        QString passage;
        QList<Attachment> attachments;
        if (!mime.isEmpty() && provider && provider->acceptsAttachment(mime)
            && !ctx.original.isEmpty()) {
            passage = attachmentPlaceholder;
            attachments.append({mime, ctx.original});
        } else {
            passage = cutToCodePoints(ctx.report.text, passageLimit(config, *this));
        }
        LightJson::Array rubricItems;
        rubricItems.reserve(std::size_t(items.size()));
        for (const SchemeItem &i : items)
            rubricItems.emplace_back(i.text);
        const LightJson payload(LightJson::Object{
            {u"task"_s, LightJson(ctx.task.judgeTask)},
            {u"rubric_items"_s, LightJson(std::move(rubricItems))},
            {u"blocked"_s,
             ctx.task.blocked ? blockedJson(*ctx.task.blocked) : LightJson(LightJson::Object())}});
        const QString taskAndRubric = pythonJsonDumps(
            payload,
            {u"task"_s, u"rubric_items"_s, u"blocked"_s, u"title"_s, u"authors"_s, u"urls"_s});
        ProviderRequest request = sharedPrefixRequest(
            m_template, {{u"{task_and_rubric}"_s, taskAndRubric}, {u"{passage}"_s, passage}},
            u"{passage}"_s, u"{task_and_rubric}"_s);
        request.attachments = attachments;
        return request;
    }

    SchemeResult interpret(const QList<SchemeItem> &items, const QString &text) const override
    {
        SchemeResult result;
        const std::optional<LightJson::Array> returned = readReplyResults(text, result);
        if (!returned)
            return result;
        QStringList asked;
        for (const SchemeItem &i : items)
            asked << i.text;
        const ItemMapping mapping
            = mapReturnedItems(asked, *returned, u"rubric_item"_s, [this](const LightJson &item) {
                  ItemOutcome o;
                  takeScore(o, scoreOnScale(item.value(u"score"_s), scale()));
                  return o.value;
              });
        for (int i = 0; i < items.size(); ++i) {
            ItemOutcome o;
            o.rubricId = items.at(i).rubricId;
            const qsizetype at = mapping.perAsked.at(i);
            if (at < 0) {
                o.missing = true;
                result.items.append(o);
                continue;
            }
            const LightJson &item = returned->at(std::size_t(at));
            o.raw = otherMembers(item);
            o.matchedBy = mapping.how.value(i);
            const QJsonValue score = item.value(u"score"_s);
            takeScore(o, scoreOnScale(score, scale()));
            o.label = score.toVariant().toString();
            o.reason = item[u"reason"].toString();
            const LightJson *evidence = item.member(u"evidence"_s);
            if (evidence && evidence->isArray()) {
                QStringList parts;
                for (const LightJson &e : evidence->array())
                    parts << e.toString();
                o.evidence = parts.join(u" ... "_s);
            } else if (evidence) {
                o.evidence = evidence->toString();
            }
            result.items.append(o);
        }
        return result;
    }

private:
    QString m_template;
};

} // namespace

int passageLimit(const JudgeConfig &config, const PromptScheme &scheme)
{
    return config.maxPassageChars > 0 ? config.maxPassageChars : scheme.defaultPassageChars();
}

int passageLimit(const JudgeConfig &config)
{
    if (config.maxPassageChars > 0)
        return config.maxPassageChars;
    const auto scheme = makeScheme(config.scheme, {});
    return scheme ? scheme->defaultPassageChars() : PromptScheme::defaultPassageCut;
}

QStringList schemeKeys()
{
    return {u"drb2"_s, u"researchrubrics"_s, u"pdrbench"_s, u"reportbench-cited"_s,
            u"reportbench-factcheck"_s};
}

QString defaultSchemeFor(const QString &benchmarkKey)
{
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics))
        return u"researchrubrics"_s;
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench))
        return u"pdrbench"_s;
    // ReportBench has no rubrics: its judge checks the reports' cited statements.
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench))
        return u"reportbench-cited"_s;
    return u"drb2"_s;
}

QString schemeMismatch(const QString &schemeKey, const QString &benchmarkKey)
{
    const bool rr = benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics);
    // Statement checks answer true/false about extracted claims, not rubric items. PDR-Bench R
    // validates statement–URL pairs against their sources: the same check as ReportBench's.
    if (schemeKey.startsWith("reportbench-"_L1)
        && benchmarkKey != QLatin1StringView(BenchmarkKey::ReportBench)
        && benchmarkKey != QLatin1StringView(BenchmarkKey::PdrBench))
        return u"the %1 prompt scheme checks claims of ReportBench and PDR-Bench reports, not "
               "\"%2\" rubrics"_s.arg(schemeKey, benchmarkKey);
    const bool pdr = benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench);
    if (schemeKey == "pdrbench"_L1 && !pdr)
        return u"the pdrbench prompt scheme is for the pdrbench benchmark, not \"%1\""_s.arg(
            benchmarkKey);
    // PDR-Bench criteria are scored 0–10 per family with the persona; another scheme's
    // verdicts would lie on another scale. Its claims go to the statement checks.
    if (pdr && schemeKey != "pdrbench"_L1 && !schemeKey.startsWith("reportbench-"_L1))
        return u"the %1 prompt scheme cannot judge PDR-Bench criteria; use the pdrbench "
               "scheme"_s.arg(schemeKey);
    if (schemeKey == "researchrubrics"_L1 && !rr)
        return u"the researchrubrics prompt scheme is for the researchrubrics benchmark, not "
               "\"%1\""_s.arg(benchmarkKey);
    // DRB-II's -1 (blocked source) is not a ternary value; its verdicts would all be errors.
    if (schemeKey == "drb2"_L1 && rr)
        return u"the drb2 prompt scheme cannot judge ResearchRubrics criteria; use the "
               "researchrubrics scheme"_s;
    return {};
}

Result<std::unique_ptr<PromptScheme>> makeScheme(const QString &key, const QString &templateFile)
{
    QString custom;
    if (!templateFile.isEmpty()) {
        QFile f(templateFile);
        if (!f.open(QIODevice::ReadOnly)) {
            return Error{
                u"cannot read the prompt template %1: %2"_s.arg(templateFile, f.errorString())};
        }
        custom = QString::fromUtf8(f.readAll());
        // The pdrbench and reportbench templates have their own placeholders; the scheme
        // checks them.
        if (key == "pdrbench"_L1) {
            auto scheme = makePdrBenchScheme(custom);
            if (!scheme)
                return scheme.error().prefixed(u"the prompt template "_s + templateFile);
            return scheme;
        }
        if (key.startsWith("reportbench-"_L1)) {
            auto scheme = makeReportBenchScheme(key, custom);
            if (!scheme)
                return scheme.error().prefixed(u"the prompt template "_s + templateFile);
            return scheme;
        }
        if (!custom.contains(u"{passage}"_s) || !custom.contains(u"{task_and_rubric}"_s)) {
            return Error{u"the prompt template %1 needs both {passage} and {task_and_rubric}"_s.arg(
                templateFile)};
        }
    }
    if (key == "drb2"_L1) {
        return std::unique_ptr<PromptScheme>(
            std::make_unique<Drb2Scheme>(custom.isEmpty() ? builtInTemplate : custom));
    }
    if (key == "researchrubrics"_L1)
        return makeResearchRubricsScheme(custom);
    if (key == "pdrbench"_L1)
        return makePdrBenchScheme(custom);
    if (key.startsWith("reportbench-"_L1) && schemeKeys().contains(key))
        return makeReportBenchScheme(key, custom);
    return Error{
        u"unknown prompt scheme \"%1\" (known: %2)"_s.arg(key, schemeKeys().join(u", "_s))};
}

} // namespace Rubricate
