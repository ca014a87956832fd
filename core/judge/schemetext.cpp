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

std::optional<QJsonValue> readReplyJson(const QString &text, SchemeResult &result)
{
    const LenientJson json = parseLenientJson(text);
    result.repairs = json.repairs;
    if (!json.value)
        result.parseError = json.error.isEmpty() ? u"no JSON in the reply"_s : json.error;
    return json.value;
}

} // namespace Rubricate
