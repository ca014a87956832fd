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

// The same prompts in Chinese, for Chinese queries: the reference has a Chinese scoring prompt
// (code/prompt/score_prompt_zh.py) that was not reachable, so this is a faithful translation
// of ours, not of theirs. Tags, placeholders and the JSON shape stay as they are.
const QString personalizationIntroZh
    = uR"(你是一名评估个性化研究报告的专家。<persona> 中描述的用户提出了 <task> 中的研究任务，一位助手撰写了 <article> 中的文章。请对照 <criteria_list> 中的每一条标准，评判这篇文章在多大程度上满足了【这位】用户的需要。标准按维度分组；每条标准都附有说明和权重（表示它在所属维度中的重要程度）。

请为每条标准打 0 到 10 分：
- 0-2：文章忽视了该标准的要求，或对这位用户而言与之背道而驰。
- 3-4：文章只是泛泛地涉及，内容适用于任何人。
- 5-6：文章针对这位用户部分满足了该标准，但有明显欠缺。
- 7-8：文章针对这位用户较好地满足了该标准，仅有少许欠缺。
- 9-10：文章针对这位用户具体、切实地完全满足了该标准。
)"_s;

const QString qualityIntroZh
    = uR"(你是一名评估研究报告的专家。一位助手针对 <task> 中的研究任务撰写了 <article> 中的文章。请对照 <criteria_list> 中的每一条标准，评判这篇文章作为研究写作的质量。标准按维度分组；每条标准都附有说明和权重（表示它在所属维度中的重要程度）。

请为每条标准打 0 到 10 分：
- 0-2：文章未达到该标准。
- 3-4：文章只是表面上满足该标准。
- 5-6：文章部分满足该标准，但有明显欠缺。
- 7-8：文章较好地满足了该标准，仅有少许欠缺。
- 9-10：文章以专家水准完全满足了该标准。
)"_s;

const QString answerAndTaskZh = uR"(请依据文章所写的内容评判，而不是依据它的篇幅。请使用整数打分。

只用 JSON 回答：标准列表中的每个维度对应一个键；每个键下，按相同的顺序为该维度的每条标准给出一项，其中 "criterion" 须逐字照抄：
{"<dimension>": [{"criterion": "<criterion>", "target_score": 7}]}

<task>
{task}
</task>
)"_s;

const QString personaBlock = u"\n<persona>\n{persona}\n</persona>\n"_s;
const QString personalizationTemplate
    = personalizationIntro + answerAndTask + personaBlock + articleAndCriteria;
const QString qualityTemplate = qualityIntro + answerAndTask + articleAndCriteria;
const QString personalizationTemplateZh
    = personalizationIntroZh + answerAndTaskZh + personaBlock + articleAndCriteria;
const QString qualityTemplateZh = qualityIntroZh + answerAndTaskZh + articleAndCriteria;

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

// Puts the reply's unmatched items and left-out criteria on one answered item: the first with
// a usable score (the least likely to be judged again and lose them), else the first answered.
void keepReplyReading(QList<ItemOutcome> &outcomes, const QJsonArray &unmatched,
                      const QJsonArray &leftOut)
{
    if (unmatched.isEmpty() && leftOut.isEmpty())
        return;
    auto carrier = std::find_if(outcomes.begin(), outcomes.end(),
                                [](const ItemOutcome &o) { return !o.missing && o.value; });
    if (carrier == outcomes.end())
        carrier = std::find_if(outcomes.begin(), outcomes.end(),
                               [](const ItemOutcome &o) { return !o.missing; });
    if (carrier == outcomes.end())
        return;
    if (!unmatched.isEmpty())
        carrier->raw.insert(pdrUnmatchedKey, unmatched);
    if (!leftOut.isEmpty())
        carrier->raw.insert(pdrLeftOutKey, leftOut);
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

    // The two families' prompts differ from their first line; a report's requests share its
    // article only within a family split over several batches.
    bool requestsShareReport() const override { return false; }

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
            : pdrPromptIsChinese(ctx)
            ? (personalization ? personalizationTemplateZh : qualityTemplateZh)
            : (personalization ? personalizationTemplate : qualityTemplate);
        // The article comes before the criteria: a family's later requests for one report (when
        // its criteria need more than one batch) read it from the provider's cache.
        return sharedPrefixRequest(
            templ,
            {{u"{task}"_s, task},
             {u"{persona}"_s, persona},
             {u"{family}"_s, family},
             {u"{article}"_s, cutToCodePoints(ctx.report.text, passageLimit(config, *this))},
             {u"{criteria_list}"_s, pythonJsonDumps(criteria, order)}},
            u"{article}"_s, u"{criteria_list}"_s);
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
        QJsonArray unmatchedItems; // with a usable score, for the reference's reading
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
                    const Result<double> score
                        = scoreOnScale(scoreField(entry), VerdictScale::ZeroToTen);
                    if (score && !echoed.trimmed().isEmpty())
                        unmatchedItems.append(QJsonObject{{u"dimension"_s, dimension},
                                                          {u"criterion"_s, echoed},
                                                          {u"score"_s, *score}});
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
        QJsonArray leftOut;
        for (const SchemeItem &i : items) {
            if (!answers.contains(i.rubricId))
                leftOut.append(double(i.rubricId));
        }
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
            takeScore(o, scoreOnScale(score, VerdictScale::ZeroToTen));
            o.reason = it->value(u"reason"_s).toString(it->value(u"explanation"_s).toString());
            o.evidence = it->value(u"evidence"_s).toString();
            result.items.append(o);
        }
        keepReplyReading(result.items, unmatchedItems, leftOut);
        return result;
    }

private:
    QString m_custom;
};

} // namespace

bool pdrPromptIsChinese(const SchemeContext &context)
{
    const QString language = context.query && !context.query->language.isEmpty()
        ? context.query->language
        : context.task.language;
    return language.trimmed().startsWith(u"zh"_s, Qt::CaseInsensitive);
}

QString pdrItemFamily(const SchemeItem &item)
{
    QString family = item.metadata.value(u"family"_s).toString();
    if (!family.isEmpty())
        return family;
    const QString known = pdrFamilyOf(item.dimension);
    return known.isEmpty() ? QString::fromLatin1(PdrFamily::Quality) : known;
}

Result<std::unique_ptr<PromptScheme>> makePdrBenchScheme(const QString &promptTemplate)
{
    if (!promptTemplate.isEmpty()
        && (!promptTemplate.contains(u"{article}"_s)
            || !promptTemplate.contains(u"{criteria_list}"_s))) {
        return Error{u"a pdrbench template needs both {article} and {criteria_list}"_s};
    }
    return std::unique_ptr<PromptScheme>(std::make_unique<PdrBenchScheme>(promptTemplate));
}

} // namespace Rubricate
