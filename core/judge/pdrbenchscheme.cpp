// The pdrbench prompt scheme: per report one request per family, criteria grouped by
// dimension, a 0–10 score per criterion matched back as the reference matches it.
#include "pdrbenchscheme.h"

#include "domain/pdrdimensions.h"
#include "domain/scorevalue.h"

#include <QJsonArray>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Our own wording. The score bands are spelled out so that judges use the scale alike; the
// reference's own prompts were not reachable (formats.md §4.7).
const QString personalizationIntro
    = uR"(You are an expert evaluator of personalised research reports. The user described under <persona> asked for the research task under <task>, and an assistant wrote the article under <article>. Judge how well the article serves THIS user, against each criterion under <criteria_list>. The criteria are grouped by dimension; each has an explanation and a weight (how much it matters within its dimension).

Score every criterion from 0 to 10:
- 0-2: the article ignores what the criterion asks, or works against it for this user.
- 3-4: the article touches on it only in generic terms that could suit anyone.
- 5-6: the article partly meets it for this user, with clear gaps.
- 7-8: the article meets it well for this user, with minor gaps.
- 9-10: the article meets it fully, specifically and concretely for this user.
)"_s;

const QString qualityIntro
    = uR"(You are an expert evaluator of research reports. An assistant wrote the article under <article> for the research task under <task>. Judge the quality of the article as a piece of research writing, against each criterion under <criteria_list>. The criteria are grouped by dimension; each has an explanation and a weight (how much it matters within its dimension).

Score every criterion from 0 to 10:
- 0-2: the article fails the criterion.
- 3-4: the article meets it only superficially.
- 5-6: the article partly meets it, with clear gaps.
- 7-8: the article meets it well, with minor gaps.
- 9-10: the article meets it fully, at an expert level.
)"_s;

// What both families' prompts share: the answer's shape and the task.
const QString answerAndTask
    = uR"(Judge what the article says, not how long it is. Use whole numbers.

Answer with JSON only: one key per dimension of the criteria list and, under each key, one entry per criterion of that dimension, in the same order, with "criterion" copied character for character:
{"<dimension>": [{"criterion": "<criterion>", "target_score": 7}]}

<task>
{task}
</task>
)"_s;

const QString articleAndCriteria = uR"(
<article>
{article}
</article>

<criteria_list>
{criteria_list}
</criteria_list>
)"_s;

const QString personalizationTemplate = personalizationIntro + answerAndTask
    + u"\n<persona>\n{persona}\n</persona>\n"_s + articleAndCriteria;
const QString qualityTemplate = qualityIntro + answerAndTask + articleAndCriteria;

// Items of one family, in dimension order: (dimension, items) pairs.
QList<std::pair<QString, QList<SchemeItem>>> byDimension(const QList<SchemeItem> &items)
{
    QList<std::pair<QString, QList<SchemeItem>>> out;
    for (const SchemeItem &i : items) {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const auto &d) { return d.first == i.dimension; });
        if (it == out.end())
            out.append({i.dimension, {i}});
        else
            it->second.append(i);
    }
    return out;
}

QString matchStage(const QString &returned, const QString &asked)
{
    const QString r = returned.trimmed(), a = asked.trimmed();
    if (r == a)
        return u"exact"_s;
    if (r.compare(a, Qt::CaseInsensitive) == 0)
        return u"case-insensitive"_s;
    return u"substring"_s;
}

QJsonValue scoreField(const QJsonObject &item)
{
    for (const char *key : {"target_score", "article_1_score", "score"}) {
        QJsonValue v = item.value(QLatin1StringView(key));
        if (!v.isUndefined())
            return v;
    }
    return {};
}

// The returned list for `dimension`: its exact key, else a key equal but for case.
std::optional<QJsonArray> returnedFor(const QJsonObject &reply, const QString &dimension)
{
    if (reply.value(dimension).isArray())
        return reply.value(dimension).toArray();
    for (auto it = reply.constBegin(); it != reply.constEnd(); ++it) {
        if (it.key().trimmed().compare(dimension, Qt::CaseInsensitive) == 0 && it->isArray())
            return it->toArray();
    }
    return std::nullopt;
}

class PdrBenchScheme final : public PromptScheme
{
public:
    explicit PdrBenchScheme(QString customTemplate)
        : m_custom(std::move(customTemplate))
    { }

    QString key() const override { return QString::fromLatin1(BenchmarkKey::PdrBench); }
    VerdictScale scale() const override { return VerdictScale::ZeroToTen; }

    QList<QList<SchemeItem>> plan(const QList<Rubric> &rubrics, int batchSize) const override
    {
        QList<Rubric> sorted = rubrics;
        std::stable_sort(sorted.begin(), sorted.end(), [](const Rubric &a, const Rubric &b) {
            const QString fa = pdrItemFamily(schemeItemOf(a)), fb = pdrItemFamily(schemeItemOf(b));
            if (fa != fb)
                return pdrFamilyRank(fa) != pdrFamilyRank(fb)
                    ? pdrFamilyRank(fa) < pdrFamilyRank(fb)
                    : fa < fb;
            if (pdrDimensionRank(a.dimension) != pdrDimensionRank(b.dimension))
                return pdrDimensionRank(a.dimension) < pdrDimensionRank(b.dimension);
            if (a.dimension != b.dimension)
                return a.dimension < b.dimension;
            return a.position < b.position;
        });
        QList<SchemeItem> all;
        for (const Rubric &r : std::as_const(sorted))
            all.append(schemeItemOf(r));
        QList<QList<SchemeItem>> batches;
        QList<SchemeItem> current;
        QString currentFamily;
        const auto flush = [&] {
            if (!current.isEmpty())
                batches.append(current);
            current.clear();
        };
        QList<SchemeItem> dimension;
        const auto addDimension = [&] {
            if (dimension.isEmpty())
                return;
            if (batchSize > 0 && current.size() + dimension.size() > batchSize) {
                flush();
                // Only a dimension larger than the cap is split.
                while (dimension.size() > batchSize) {
                    batches.append(dimension.mid(0, batchSize));
                    dimension.remove(0, batchSize);
                }
            }
            current.append(dimension);
            dimension.clear();
        };
        for (const SchemeItem &item : std::as_const(all)) {
            const QString family = pdrItemFamily(item);
            if (!dimension.isEmpty()
                && (dimension.constFirst().dimension != item.dimension || family != currentFamily))
                addDimension();
            if (family != currentFamily)
                flush();
            currentFamily = family;
            dimension.append(item);
        }
        addDimension();
        flush();
        return batches;
    }

    ProviderRequest buildRequest(const SchemeContext &ctx, const QList<SchemeItem> &items,
                                 const JudgeProvider *, const JudgeConfig &config) const override
    {
        const QString family = items.isEmpty() ? QString() : pdrItemFamily(items.constFirst());
        const bool personalization = family == QLatin1StringView(PdrFamily::Personalization);
        QJsonObject criteria;
        QStringList order;
        for (const auto &[dimension, list] : byDimension(items)) {
            QJsonArray entries;
            for (const SchemeItem &i : list) {
                entries.append(QJsonObject{{u"criterion"_s, i.text},
                                           {u"explanation"_s, i.metadata.value(u"explanation"_s)},
                                           {u"weight"_s, i.weight}});
            }
            criteria.insert(dimension, entries);
            order << dimension;
        }
        order << u"criterion"_s << u"explanation"_s << u"weight"_s;
        const QString persona = personalization && ctx.persona
            ? pythonJsonDumps(ctx.persona->attributes, {})
            : QString();
        const QString task = ctx.query ? ctx.query->text : ctx.task.judgeTask;
        const QString &templ = !m_custom.isEmpty() ? m_custom
            : personalization                      ? personalizationTemplate
                                                   : qualityTemplate;
        ProviderRequest request;
        request.prompt = fillPromptTemplate(
            templ,
            {{u"{task}"_s, task},
             {u"{persona}"_s, persona},
             {u"{family}"_s, family},
             {u"{article}"_s, cutToCodePoints(ctx.report.text, passageLimit(config, *this))},
             {u"{criteria_list}"_s, pythonJsonDumps(criteria, order)}});
        return request;
    }

    SchemeResult interpret(const QList<SchemeItem> &items, const QString &text) const override
    {
        SchemeResult result;
        const std::optional<QJsonValue> json = readReplyJson(text, result);
        if (!json)
            return result;
        const auto dimensions = byDimension(items);
        QJsonObject reply = json->toObject();
        // A bare list answers the only dimension asked.
        if (json->isArray() && dimensions.size() == 1)
            reply.insert(dimensions.constFirst().first, json->toArray());
        QHash<RowId, QJsonObject> answers;
        QHash<RowId, QString> how;
        bool anyDimension = false;
        int unmatched = 0, repeated = 0;
        for (const auto &[dimension, asked] : dimensions) {
            const std::optional<QJsonArray> returned = returnedFor(reply, dimension);
            if (!returned)
                continue;
            anyDimension = true;
            QList<std::pair<QString, double>> criteria;
            for (const SchemeItem &i : asked)
                criteria.append({i.text, i.weight});
            for (const auto &v : *returned) {
                const QJsonObject entry = v.toObject();
                const QString echoed = entry.value(u"criterion"_s).toString();
                // An empty text would be a substring of every criterion.
                const int index
                    = echoed.trimmed().isEmpty() ? -1 : matchPdrCriterion(echoed, criteria).index;
                if (index < 0) {
                    ++unmatched;
                    continue;
                }
                const RowId id = asked.at(index).rubricId;
                if (answers.contains(id)) {
                    ++repeated;
                    continue;
                }
                answers.insert(id, entry);
                how.insert(id, matchStage(echoed, asked.at(index).text));
            }
        }
        if (!anyDimension) {
            result.parseError = u"the reply has none of the asked dimensions"_s;
            return result;
        }
        if (unmatched > 0)
            result.repairs << u"%1 returned criteria match nothing asked; ignored"_s.arg(unmatched);
        if (repeated > 0)
            result.repairs << u"%1 repeated answers ignored (the first one counts)"_s.arg(repeated);
        result.parsed = true;
        for (const SchemeItem &i : items) {
            ItemOutcome o;
            o.rubricId = i.rubricId;
            const auto it = answers.constFind(i.rubricId);
            if (it == answers.cend()) {
                o.missing = true;
                result.items.append(o);
                continue;
            }
            o.raw = *it;
            o.matchedBy = how.value(i.rubricId);
            const QJsonValue score = scoreField(*it);
            o.label = score.isString() ? score.toString() : score.toVariant().toString();
            o.value = scoreOnScale(score, VerdictScale::ZeroToTen, &o.error);
            o.reason = it->value(u"reason"_s).toString(it->value(u"explanation"_s).toString());
            o.evidence = it->value(u"evidence"_s).toString();
            result.items.append(o);
        }
        return result;
    }

private:
    QString m_custom;
};

} // namespace

QString pdrItemFamily(const SchemeItem &item)
{
    QString family = item.metadata.value(u"family"_s).toString();
    if (!family.isEmpty())
        return family;
    const QString known = pdrFamilyOf(item.dimension);
    return known.isEmpty() ? QString::fromLatin1(PdrFamily::Quality) : known;
}

std::unique_ptr<PromptScheme> makePdrBenchScheme(const QString &promptTemplate, QString *error)
{
    if (!promptTemplate.isEmpty()
        && (!promptTemplate.contains(u"{article}"_s)
            || !promptTemplate.contains(u"{criteria_list}"_s))) {
        *error = u"a pdrbench template needs both {article} and {criteria_list}"_s;
        return nullptr;
    }
    return std::make_unique<PdrBenchScheme>(promptTemplate);
}

} // namespace Rubricate
