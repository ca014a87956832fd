#include "promptscheme.h"
#include "replyparsing.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

SchemeItem schemeItemOf(const Rubric &rubric)
{
    SchemeItem item{rubric.id, rubric.text, rubric.dimension, rubric.weight};
    item.metadata = rubric.metadata;
    return item;
}

QString fillPromptTemplate(const QString &templ, const QHash<QString, QString> &values)
{
    QString prompt;
    prompt.reserve(templ.size());
    qsizetype last = 0;
    for (qsizetype open = templ.indexOf(u'{'); open >= 0; open = templ.indexOf(u'{', open + 1)) {
        const qsizetype close = templ.indexOf(u'}', open);
        if (close < 0)
            break;
        const auto it = values.constFind(templ.sliced(open, close - open + 1));
        if (it == values.cend())
            continue;
        prompt += QStringView(templ).sliced(last, open - last);
        prompt += *it;
        last = close + 1;
        open = close;
    }
    prompt += QStringView(templ).sliced(last);
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
    request.prompt = fillPromptTemplate(templ.left(split), values);
    request.cachedPrefixChars = request.prompt.size();
    request.prompt += fillPromptTemplate(templ.mid(split), values);
    return request;
}

std::optional<QJsonValue> readReplyJson(const QString &text, SchemeResult &result)
{
    const LenientJson json = parseLenientJson(text);
    result.repairs = json.repairs;
    if (!json.value)
        result.parseError = json.error.isEmpty() ? u"no JSON in the reply"_s : json.error;
    return json.value;
}

std::optional<QJsonArray> readReplyResults(const QString &text, SchemeResult &result,
                                           const QString &bareKey)
{
    const std::optional<QJsonValue> json = readReplyJson(text, result);
    if (!json)
        return std::nullopt;
    QJsonArray returned;
    if (json->isArray()) {
        returned = json->toArray();
    } else {
        const QJsonObject o = json->toObject();
        if (o.value(u"results"_s).isArray())
            returned = o.value(u"results"_s).toArray();
        else if (!bareKey.isEmpty() && o.contains(bareKey))
            returned = QJsonArray{o};
    }
    if (returned.isEmpty()) {
        result.parseError = u"the reply has no \"results\" list"_s;
        return std::nullopt;
    }
    result.parsed = true;
    return returned;
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
