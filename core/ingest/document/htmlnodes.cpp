#include "htmlnodes.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace Rubricate::HtmlNodes {

using namespace Qt::StringLiterals;

QByteArrayView nameOf(const xmlNode *node)
{
    return node->name ? QByteArrayView(reinterpret_cast<const char *>(node->name))
                      : QByteArrayView();
}

bool isElement(const xmlNode *node)
{
    return node->type == XML_ELEMENT_NODE;
}

bool isNamed(const xmlNode *node, std::initializer_list<const char *> names)
{
    const QByteArrayView name = nameOf(node);
    return std::any_of(names.begin(), names.end(),
                       [name](const char *candidate) { return name == candidate; });
}

QString attribute(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp(node, reinterpret_cast<const xmlChar *>(name));
    if (!value)
        return {};
    QString result = QString::fromUtf8(reinterpret_cast<const char *>(value));
    xmlFree(value);
    return result;
}

// Contents a browser never shows as page text.
bool isInvisible(const xmlNode *element)
{
    return isNamed(element,
                   {"script", "style", "head", "noscript", "template", "svg", "title", "iframe",
                    "frame", "frameset", "object", "embed", "canvas", "audio", "video",
                    "datalist"});
}

int headingLevel(const xmlNode *element)
{
    const QByteArrayView name = nameOf(element);
    if (name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6')
        return name[1] - '0';
    return 0;
}

namespace {

// The HTML start tags at which a browser's parser leaves SVG content (and the "breakout" rule
// of the HTML standard's foreign-content parsing).
bool leavesForeignContent(const xmlNode *element)
{
    return headingLevel(element) > 0
        || isNamed(element,
                   {"b",   "big",   "blockquote", "body",  "br",    "center", "code",   "dd",
                    "div", "dl",    "dt",         "em",    "embed", "head",   "hr",     "i",
                    "img", "li",    "listing",    "menu",  "meta",  "nobr",   "ol",     "p",
                    "pre", "ruby",  "s",          "small", "span",  "strong", "strike", "sub",
                    "sup", "table", "tt",         "u",     "ul",    "var"});
}

} // namespace

// Iterative: libxml2 may have nested the rest of the page in here.
const xmlNode *firstElementLeavingSvg(const xmlNode *svg)
{
    std::vector<const xmlNode *> pending;
    const auto pushChildren = [&pending](const xmlNode *parent) {
        for (const xmlNode *child = parent->last; child; child = child->prev)
            pending.push_back(child);
    };
    pushChildren(svg);
    while (!pending.empty()) {
        const xmlNode *node = pending.back();
        pending.pop_back();
        if (!isElement(node))
            continue;
        if (leavesForeignContent(node))
            return node;
        if (!isNamed(node, {"foreignobject"}))
            pushChildren(node);
    }
    return nullptr;
}

bool startsParagraph(const xmlNode *element)
{
    return isNamed(element, {"p",       "pre",      "blockquote", "ul",      "ol",      "dl",
                             "menu",    "dir",      "hr",         "section", "article", "aside",
                             "header",  "footer",   "nav",        "main",    "figure",  "address",
                             "details", "fieldset", "form",       "center",  "hgroup"});
}

bool startsLine(const xmlNode *element)
{
    return isNamed(element,
                   {"div", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "caption",
                    "summary", "figcaption", "legend", "option", "body", "html"});
}

bool isCitationPill(const xmlNode *element)
{
    return attribute(element, "class").contains(u"citation"_s, Qt::CaseInsensitive);
}

bool isHtmlSpace(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\n' || c == u'\r' || c == u'\f';
}

namespace {

bool isRemoteReference(const QString &value)
{
    const QString v = value.trimmed();
    return v.startsWith(u"http://"_s, Qt::CaseInsensitive)
        || v.startsWith(u"https://"_s, Qt::CaseInsensitive) || v.startsWith(u"//"_s);
}

// Links that make a browser load something; `rel=canonical` and friends only name a page.
bool linkLoadsResource(const xmlNode *link)
{
    const QStringList rels = attribute(link, "rel").toLower().split(u' ', Qt::SkipEmptyParts);
    for (const QString &rel : rels) {
        if (rel == u"stylesheet"_s || rel.contains(u"icon"_s) || rel == u"preload"_s
            || rel == u"modulepreload"_s || rel == u"prefetch"_s || rel == u"manifest"_s)
            return true;
    }
    return false;
}

bool refersToRemoteResource(const xmlNode *element)
{
    if (isNamed(element,
                {"img", "script", "iframe", "frame", "video", "audio", "source", "embed", "track",
                 "input"})) {
        if (isRemoteReference(attribute(element, "src")))
            return true;
        const QString srcset = attribute(element, "srcset");
        if (!srcset.isEmpty() && isRemoteReference(srcset))
            return true;
        return isRemoteReference(attribute(element, "poster"));
    }
    if (isNamed(element, {"link"}))
        return linkLoadsResource(element) && isRemoteReference(attribute(element, "href"));
    if (isNamed(element, {"object"}))
        return isRemoteReference(attribute(element, "data"));
    return false;
}

} // namespace

// Iterative, so that it cannot overflow however deep the tree is.
int countRemoteResources(const xmlNode *root)
{
    int count = 0;
    std::vector<const xmlNode *> stack;
    for (const xmlNode *n = root; n; n = n->next)
        stack.push_back(n);
    while (!stack.empty()) {
        const xmlNode *node = stack.back();
        stack.pop_back();
        if (!isElement(node))
            continue;
        if (refersToRemoteResource(node))
            ++count;
        for (const xmlNode *child = node->children; child; child = child->next)
            stack.push_back(child);
    }
    return count;
}

} // namespace Rubricate::HtmlNodes
