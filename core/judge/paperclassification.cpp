#include "paperclassification.h"

#include "replyparsing.h"

#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

std::optional<bool> decisionOf(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool();
    if (v.isDouble() && (v.toDouble() == 0 || v.toDouble() == 1))
        return v.toDouble() == 1;
    const QString s = v.toString().trimmed().toLower();
    if (s == "true"_L1 || s == "yes"_L1 || s == "1"_L1)
        return true;
    if (s == "false"_L1 || s == "no"_L1 || s == "0"_L1)
        return false;
    return std::nullopt;
}

} // namespace

QString paperClassificationPrompt(const QString &url, const QString &pageText)
{
    return uR"(You are checking the sources a research report cites. Below is the address of one cited page and the beginning of its text.

Decide whether the page is a scholarly paper: a journal or conference article, a preprint, a thesis or a technical report, or the abstract page of one. News, blogs, product pages, documentation, encyclopedia entries and search results are not papers.

<page_url>%1</page_url>
<page_text>
%2
</page_text>

Answer with one JSON object and nothing else:
{"is_academic_paper": true or false, "title": "the paper's full title, empty if not a paper", "authors": ["..."], "reason": "one sentence"})"_s
        .arg(url, pageText.left(paperPageChars));
}

Result<PaperVerdict> readPaperClassification(const QString &answer)
{
    const LenientJson json = parseLenientJson(answer);
    if (!json.value || !json.value->isObject()) {
        return Error{json.error.isEmpty() ? u"the answer holds no JSON object"_s : json.error};
    }
    const QJsonObject o = json.value->toObject();
    std::optional<bool> paper;
    for (const QString &key : {u"is_academic_paper"_s, u"is_paper"_s, u"paper"_s}) {
        if (o.contains(key)) {
            paper = decisionOf(o.value(key));
            break;
        }
    }
    if (!paper) {
        return Error{u"the answer does not say whether the page is a paper"_s};
    }
    PaperVerdict v;
    v.paper = *paper;
    v.title = o.value(u"title"_s).toString().simplified();
    v.reason = o.value(u"reason"_s).toString();
    const QJsonArray authors = o.value(u"authors"_s).toArray();
    for (const QJsonValue a : authors) {
        if (a.isString())
            v.authors << a.toString();
    }
    if (v.paper && v.title.isEmpty()) {
        return Error{u"a paper without a title"_s};
    }
    return v;
}

} // namespace Rubricate
