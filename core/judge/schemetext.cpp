#include "promptscheme.h"
#include "replyparsing.h"

#include <algorithm>
#include <iterator>

namespace Rubricate {

using namespace Qt::StringLiterals;

SchemeItem schemeItemOf(const Rubric &rubric)
{
    SchemeItem item{rubric.id, rubric.text, rubric.dimension, rubric.weight};
    item.metadata = rubric.metadata;
    return item;
}

namespace {

// Appends `templ` with its placeholders filled to `prompt`.
void appendFilled(QString &prompt, QStringView templ, const QHash<QString, QString> &values)
{
    qsizetype last = 0;
    for (qsizetype open = templ.indexOf(u'{'); open >= 0; open = templ.indexOf(u'{', open + 1)) {
        const qsizetype close = templ.indexOf(u'}', open);
        if (close < 0)
            break;
        const auto it = values.constFind(templ.sliced(open, close - open + 1).toString());
        if (it == values.cend())
            continue;
        prompt += templ.sliced(last, open - last);
        prompt += *it;
        last = close + 1;
        open = close;
    }
    prompt += templ.sliced(last);
}

// Room for the template with every value filled in once.
qsizetype filledSize(const QString &templ, const QHash<QString, QString> &values)
{
    qsizetype size = templ.size();
    for (const QString &v : values)
        size += v.size();
    return size;
}

} // namespace

QString fillPromptTemplate(const QString &templ, const QHash<QString, QString> &values)
{
    QString prompt;
    prompt.reserve(filledSize(templ, values));
    appendFilled(prompt, templ, values);
    return prompt;
}

ProviderRequest sharedPrefixRequest(const QString &templ, const QHash<QString, QString> &values,
                                    const QString &shared, const QString &varying)
{
    ProviderRequest request;
    const qsizetype split = templ.indexOf(varying);
    const qsizetype sharedAt = templ.indexOf(shared);
    if (split < 0 || sharedAt < 0 || sharedAt > split) {
        // A custom template that asks the rubric items first: no prefix is worth caching.
        request.prompt = fillPromptTemplate(templ, values);
        return request;
    }
    // Placeholders never straddle the split, which is the start of one, so filling the two
    // halves apart gives the same text as filling the whole.
    request.prompt.reserve(filledSize(templ, values));
    appendFilled(request.prompt, QStringView(templ).first(split), values);
    request.cachedPrefixChars = request.prompt.size();
    appendFilled(request.prompt, QStringView(templ).sliced(split), values);
    return request;
}

namespace {

// A reply's parsed value, with its repairs (and why there is no value) noted in `result`.
template<typename Value>
std::optional<Value> noted(LenientJsonOf<Value> &&json, SchemeResult &result)
{
    result.repairs = json.repairs;
    if (!json.value)
        result.parseError = json.error.isEmpty() ? u"no JSON in the reply"_s : json.error;
    return std::move(json.value);
}

} // namespace

std::optional<QJsonValue> readReplyJson(const QString &text, SchemeResult &result)
{
    return noted(parseLenientJson(text), result);
}

std::optional<LightJson::Array> readReplyResults(const QString &text, SchemeResult &result,
                                                 const QString &bareKey)
{
    std::optional<LightJson> json = noted(parseLenientLightJson(text), result);
    if (!json)
        return std::nullopt;
    LightJson::Array returned;
    if (json->isArray()) {
        returned = json->takeArray();
    } else if (LightJson *list = json->member(u"results"); list && list->isArray()) {
        returned = list->takeArray();
    } else if (!bareKey.isEmpty() && json->member(bareKey)) {
        returned.push_back(std::move(*json));
    }
    if (returned.empty()) {
        result.parseError = u"the reply has no \"results\" list"_s;
        return std::nullopt;
    }
    result.parsed = true;
    return returned;
}

bool verdictColumnKey(QStringView key)
{
    // Asked for every member of every answer: views, compared by size first.
    static constexpr QStringView keys[]
        = {u"rubric_item", u"score",   u"reason",         u"evidence",
           u"criterion",   u"verdict", u"evidence_quotes"};
    return std::any_of(std::begin(keys), std::end(keys),
                       [key](QStringView k) { return k.size() == key.size() && k == key; });
}

QJsonObject otherMembers(const LightJson &answer)
{
    QJsonObject out;
    for (const LightJson::Member &m : answer.members()) {
        if (!verdictColumnKey(m.key))
            out.insert(m.key, m.value.toJson());
    }
    return out;
}

QList<QList<SchemeItem>> batchItems(const QList<SchemeItem> &items, int batchSize)
{
    if (items.isEmpty())
        return {};
    if (batchSize <= 0 || batchSize >= items.size())
        return {items};
    QList<QList<SchemeItem>> batches;
    for (qsizetype i = 0; i < items.size(); i += batchSize)
        batches.append(items.mid(i, batchSize));
    return batches;
}

} // namespace Rubricate
