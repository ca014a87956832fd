// ResearchRubrics prompt scheme: criteria in the order the benchmark lists them, one per
// request or batched (JudgeConfig::batchSize; 1 is the reference's one criterion per call),
// the whole report as the passage, and a labelled ternary verdict per criterion.
#include "researchrubricsscheme.h"

#include "domain/scorevalue.h"
#include "replyparsing.h"

#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Our own wording. The criterion's axis and weight are shown because the reference shows
// them too, and because a negative weight is what tells the judge a criterion is a pitfall.
const QString builtInTemplate
    = uR"(You are an expert grader of research reports. Read the report (the passage) written for the task below, then grade it against each criterion listed with the task. Experts wrote the criteria; each has an axis (what kind of quality it checks) and a weight (how much it matters).

Grade each criterion with exactly one of these verdicts:
- "Satisfied": the report fully does what the criterion describes.
- "Partially Satisfied": the report does some of it, or does it incompletely or imprecisely.
- "Not Satisfied": the report does not do it, or gets it wrong.

A criterion with a negative weight describes a mistake to avoid. Grade it the same way, by whether the report does what the criterion describes: "Satisfied" means the report makes that mistake.
Lists of examples inside a criterion illustrate it; the report need not contain every example.

For each criterion also give a short reason and, as evidence, quote the sentences of the report that decide the verdict, word for word (an empty list when nothing in the report bears on it).

Answer with JSON only, in exactly this shape, with one result for every criterion, in the same order, and with "criterion" copied character for character from the input:
{"results": [{"criterion": "<criterion>", "verdict": "Satisfied", "reason": "<why>", "evidence_quotes": ["<quoted sentence>"]}]}

<passage>
{passage}
</passage>

<task_and_rubric>
{task_and_rubric}
</task_and_rubric>
)"_s;

class ResearchRubricsScheme final : public PromptScheme
{
public:
    explicit ResearchRubricsScheme(QString promptTemplate)
        : m_template(std::move(promptTemplate))
    { }

    QString key() const override { return u"researchrubrics"_s; }
    VerdictScale scale() const override { return VerdictScale::Ternary; }
    // The reference sends the whole report while len(text) // 4 ≤ 150,000 tokens, i.e. up to
    // 600,000 characters, and only beyond that splits it into 400,000-character chunks with a
    // synthesis call (formats.md §3.3). Up to that size we send what it sends; a longer report
    // is cut here instead of chunked, and the cut is named in the run's warnings.
    int defaultPassageChars() const override { return 600000; }

    QList<QList<SchemeItem>> plan(const QList<Rubric> &rubrics, int batchSize) const override
    {
        QList<Rubric> sorted = rubrics;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Rubric &a, const Rubric &b) { return a.position < b.position; });
        QList<SchemeItem> all;
        for (const Rubric &r : std::as_const(sorted))
            all.append(schemeItemOf(r));
        return batchItems(all, batchSize);
    }

    ProviderRequest buildRequest(const SchemeContext &ctx, const QList<SchemeItem> &items,
                                 const JudgeProvider *, const JudgeConfig &config) const override
    {
        LightJson::Array criteria;
        criteria.reserve(std::size_t(items.size()));
        for (const SchemeItem &i : items) {
            criteria.emplace_back(
                LightJson::Object{{u"criterion"_s, LightJson(i.text)},
                                  {u"axis"_s, LightJson(i.dimension)},
                                  {u"weight"_s, LightJson(QJsonValue(i.weight))}});
        }
        const LightJson payload(LightJson::Object{{u"task"_s, LightJson(ctx.task.judgeTask)},
                                                  {u"criteria"_s, LightJson(std::move(criteria))}});
        const QString taskAndRubric = pythonJsonDumps(
            payload, {u"task"_s, u"criteria"_s, u"criterion"_s, u"axis"_s, u"weight"_s});
        return sharedPrefixRequest(
            m_template,
            {{u"{task_and_rubric}"_s, taskAndRubric},
             {u"{passage}"_s, cutToCodePoints(ctx.report.text, passageLimit(config, *this))}},
            u"{passage}"_s, u"{task_and_rubric}"_s);
    }

    SchemeResult interpret(const QList<SchemeItem> &items, const QString &text) const override
    {
        SchemeResult result;
        // One criterion may come back as a bare object with its verdict.
        const std::optional<LightJson::Array> results
            = readReplyResults(text, result, u"verdict"_s);
        if (!results)
            return result;
        const LightJson::Array &returned = *results;
        QStringList asked;
        for (const SchemeItem &i : items)
            asked << i.text;
        ItemMapping mapping
            = mapReturnedItems(asked, returned, u"criterion"_s, [this](const LightJson &item) {
                  ItemOutcome o;
                  readVerdict(item, &o);
                  return o.value;
              });
        // Asked for one criterion and given one answer that does not repeat it: that answer.
        if (items.size() == 1 && returned.size() == 1 && mapping.perAsked.at(0) < 0
            && returned.front().isObject()
            && returned.front().value(u"criterion"_s).toString().trimmed().isEmpty()) {
            mapping.perAsked[0] = 0;
            mapping.how[0] = u"only item"_s;
        }
        for (int i = 0; i < items.size(); ++i) {
            ItemOutcome o;
            o.rubricId = items.at(i).rubricId;
            if (mapping.perAsked.at(i) < 0) {
                o.missing = true;
                result.items.append(o);
                continue;
            }
            const LightJson &item = returned.at(std::size_t(mapping.perAsked.at(i)));
            o.raw = otherMembers(item);
            o.matchedBy = mapping.how.value(i);
            readVerdict(item, &o);
            o.reason = item.value(u"reason"_s).toString(item.value(u"reasoning"_s).toString());
            QJsonValue evidence = item.value(u"evidence_quotes"_s);
            if (evidence.isUndefined())
                evidence = item.value(u"evidence"_s);
            if (evidence.isArray()) {
                QStringList parts;
                for (const auto &e : evidence.toArray()) {
                    if (!e.toString().trimmed().isEmpty())
                        parts << e.toString();
                }
                o.evidence = parts.join(u" ... "_s);
            } else {
                o.evidence = evidence.toString();
            }
            result.items.append(o);
        }
        return result;
    }

private:
    // The label decides; a bare numeric score is accepted only when there is no label, so a
    // judge that writes "Satisfied" with score 0 is read by its words.
    void readVerdict(const LightJson &item, ItemOutcome *o) const
    {
        const QJsonValue verdict = item.value(u"verdict"_s);
        if (verdict.isString() && !verdict.toString().trimmed().isEmpty()) {
            o->label = verdict.toString();
            takeScore(*o, researchRubricsLabelValue(o->label));
            return;
        }
        if (!verdict.isUndefined() && !verdict.isNull() && !verdict.isString()) {
            o->label = verdict.toVariant().toString();
            takeScore(*o, scoreOnScale(verdict, VerdictScale::Ternary));
            return;
        }
        const QJsonValue score = item.value(u"score"_s);
        if (score.isUndefined() || score.isNull()) {
            o->error = u"verdict missing from the judge's answer"_s;
            return;
        }
        o->label = score.toVariant().toString();
        takeScore(*o, scoreOnScale(score, VerdictScale::Ternary));
    }

    QString m_template;
};

} // namespace

std::unique_ptr<PromptScheme> makeResearchRubricsScheme(const QString &promptTemplate)
{
    return std::make_unique<ResearchRubricsScheme>(promptTemplate.isEmpty() ? builtInTemplate
                                                                            : promptTemplate);
}

} // namespace Rubricate
