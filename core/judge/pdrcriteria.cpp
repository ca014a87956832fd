// Prompts and answer readers for PDR-Bench criteria generation.
#include "pdrcriteria.h"

#include "domain/pdrdimensions.h"
#include "promptscheme.h"
#include "replyparsing.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString weightTemplate
    = uR"(You design the evaluation of a personalised deep-research task. {intro}

Decide how much each dimension listed under <dimension_list> should count when judging a report written for this task{for_user}. Give each dimension a weight between 0 and 1; the weights must sum to exactly 1. A dimension that matters more for this task{for_user} gets a larger weight.

Dimensions:
{definitions}

Think briefly, then give the weights as one JSON object mapping each dimension to its weight, inside <json_output> and </json_output>, for example:
<json_output>{example}</json_output>

<task>
{task}
</task>
{persona_block}
<dimension_list>
{dimension_list}
</dimension_list>
)"_s;

const QString subCriteriaTemplate
    = uR"(You design the evaluation of a personalised deep-research task. {intro}

Write the sub-criteria a judge will use to score a report written for this task on ONE dimension, the one under <dimension> (weight {weight} among its family's dimensions): {definition}

Write 3 to 6 sub-criteria. Each must be specific to this task{for_user}, checkable by reading the report, and distinct from the others. Give each a short explanation of what a good report does, and a weight between 0 and 1 for how much it matters within the dimension; the weights must sum to exactly 1.

Answer with a JSON list only, inside <json_output> and </json_output>:
<json_output>[{"criterion": "<criterion>", "explanation": "<explanation>", "weight": 0.4}]</json_output>

<task>
{task}
</task>
{persona_block}
<dimension>
{dimension}
</dimension>
)"_s;

bool personalization(const QString &family)
{
    return family == QLatin1StringView(PdrFamily::Personalization);
}

QHash<QString, QString> commonValues(const QString &family, const QString &task,
                                     const QString &persona)
{
    const bool p = personalization(family);
    return {
        {u"{intro}"_s,
         p ? u"A user (described under <persona>) asked for the research task under <task>."_s
           : u"The research task is under <task>."_s},
        {u"{for_user}"_s, p ? u" and this user"_s : QString()},
        {u"{task}"_s, task},
        {u"{persona_block}"_s, p ? u"\n<persona>\n"_s + persona + u"\n</persona>\n"_s : QString()}};
}

Result<QJsonValue> readJson(const QString &reply)
{
    const LenientJson json = parseLenientJson(pdrJsonPart(reply));
    if (!json.value)
        return Error{json.error.isEmpty() ? u"no JSON in the answer"_s : json.error};
    return *json.value;
}

} // namespace

QString pdrDimensionDefinition(const QString &dimension)
{
    static const QHash<QString, QString> definitions = {
        {u"goal_alignment"_s,
         u"how well the report serves the goals and motivations of the user behind the task"_s},
        {u"content_alignment"_s,
         u"how well the content fits the user's background, knowledge, interests and "
         "circumstances"_s},
        {u"presentation_fit"_s,
         u"how well the form, style, length, language and level of detail suit the user"_s},
        {u"actionability_practicality"_s,
         u"how concrete, feasible and usable the recommendations are for this user's situation "
         "and resources"_s},
        {u"depth_insight"_s,
         u"how deep the analysis goes and how much non-obvious, well-founded insight it gives"_s},
        {u"logical_coherence"_s, u"how sound, consistent and well structured the reasoning is"_s},
        {u"clarity_readability"_s, u"how clear, well organised and easy to read the writing is"_s},
    };
    return definitions.value(dimension);
}

const QStringList &pdrFamilyDimensions(const QString &family)
{
    return personalization(family) ? pdrPersonalizationDimensions() : pdrQualityDimensions();
}

QString pdrPersonaText(const Persona &persona)
{
    return pythonJsonDumps(persona.attributes, {});
}

QString pdrWeightPrompt(const QString &family, const QString &task, const QString &persona)
{
    const QStringList &dims = pdrFamilyDimensions(family);
    QStringList definitions, example;
    QJsonArray list;
    for (const QString &d : dims) {
        definitions << u"- %1: %2"_s.arg(d, pdrDimensionDefinition(d));
        list.append(d);
    }
    // An even split as the example, with the residue on the last so that it sums to 1.
    const int share = 100 / int(dims.size());
    for (qsizetype i = 0; i < dims.size(); ++i) {
        const int cents = i + 1 == dims.size() ? 100 - share * int(dims.size() - 1) : share;
        example << u"\"%1\": %2"_s.arg(dims.at(i), QString::number(cents / 100.0));
    }
    QHash<QString, QString> values = commonValues(family, task, persona);
    values.insert(u"{definitions}"_s, definitions.join(u'\n'));
    values.insert(u"{example}"_s, u"{"_s + example.join(u", "_s) + u"}"_s);
    values.insert(u"{dimension_list}"_s, pythonJsonDumps(list, {}, 0));
    return fillPromptTemplate(weightTemplate, values);
}

QString pdrSubCriteriaPrompt(const QString &family, const QString &dimension,
                             double dimensionWeight, const QString &task, const QString &persona)
{
    QHash<QString, QString> values = commonValues(family, task, persona);
    const QString definition = pdrDimensionDefinition(dimension);
    values.insert(u"{definition}"_s, definition.isEmpty() ? dimension : definition + u'.');
    values.insert(u"{weight}"_s, QString::number(dimensionWeight));
    values.insert(u"{dimension}"_s, dimension);
    return fillPromptTemplate(subCriteriaTemplate, values);
}

QString pdrJsonPart(const QString &reply)
{
    const qsizetype open = reply.indexOf(u"<json_output>"_s);
    if (open >= 0) {
        const qsizetype start = open + qsizetype(u"<json_output>"_s.size());
        const qsizetype close = reply.indexOf(u"</json_output>"_s, start);
        return reply.mid(start, close < 0 ? -1 : close - start).trimmed();
    }
    static const QRegularExpression fence(u"```json\\s*(.*?)```"_s,
                                          QRegularExpression::DotMatchesEverythingOption
                                              | QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = fence.match(reply);
    if (m.hasMatch())
        return m.captured(1).trimmed();
    return reply.trimmed();
}

Result<PdrWeightSample> parsePdrWeightSample(const QString &reply)
{
    const Result<QJsonValue> json = readJson(reply);
    if (!json)
        return json.error();
    if (!json->isObject())
        return Error{u"the weights are not a JSON object"_s};
    const QJsonObject o = json->toObject();
    // QJsonObject sorts its keys; the order of the answer is where each key first appears.
    const QString text = pdrJsonPart(reply);
    QList<std::pair<qsizetype, QString>> keys;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QRegularExpression at(u"[\"'\u201c\u2018]"_s + QRegularExpression::escape(it.key())
                                    + u"[\"'\u201d\u2019]\\s*:"_s);
        const qsizetype pos = text.indexOf(at);
        keys.append({pos < 0 ? text.size() : pos, it.key()});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    PdrWeightSample sample;
    for (const auto &[pos, key] : std::as_const(keys))
        sample.append({key, o.value(key)});
    return sample;
}

Result<QList<PdrSubCriterion>> parsePdrSubCriteria(const QString &reply)
{
    const Result<QJsonValue> json = readJson(reply);
    if (!json)
        return json.error();
    QJsonArray list = json->toArray();
    // A list wrapped in an object ({"criteria": [...]}) is the same answer.
    if (json->isObject() && json->toObject().size() == 1
        && json->toObject().constBegin()->isArray())
        list = json->toObject().constBegin()->toArray();
    if (list.isEmpty())
        return Error{u"the answer has no list of sub-criteria"_s};
    QList<PdrSubCriterion> out;
    QList<QJsonValue> weights;
    for (const auto &v : std::as_const(list)) {
        const QJsonObject o = v.toObject();
        const QString criterion = o.value(u"criterion"_s).toString().trimmed();
        if (criterion.isEmpty())
            return Error{u"a sub-criterion without \"criterion\" text"_s};
        weights << o.value(u"weight"_s);
        out.append(
            {criterion, o.value(u"explanation"_s).toString(), o.value(u"weight"_s).toDouble()});
    }
    if (const QString why = checkPdrSubCriterionWeights(weights); !why.isEmpty())
        return Error{why};
    return out;
}

} // namespace Rubricate
