// Questions about the elements of a libxml2 HTML tree, as a browser would answer them: what an
// element is called, whether it shows, where it breaks the text, what it loads.
#pragma once

#include <QByteArrayView>
#include <QString>

#include <libxml/tree.h>

#include <initializer_list>

namespace Rubricate::HtmlNodes {

QByteArrayView nameOf(const xmlNode *node);
bool isElement(const xmlNode *node);
bool isNamed(const xmlNode *node, std::initializer_list<const char *> names);
// The attribute's value; empty when the element has none.
QString attribute(const xmlNode *node, const char *name);

// Contents a browser never shows as page text.
bool isInvisible(const xmlNode *element);
// 1 … 6 for <h1> … <h6>, else 0.
int headingLevel(const xmlNode *element);
// The first element inside an <svg> at which a browser's parser leaves SVG content (the
// "breakout" rule of the HTML standard's foreign-content parsing), in document order;
// <foreignObject> holds HTML that stays inside the drawing. Null when there is none.
const xmlNode *firstElementLeavingSvg(const xmlNode *svg);
bool startsParagraph(const xmlNode *element);
bool startsLine(const xmlNode *element);
bool isCitationPill(const xmlNode *element);
bool isHtmlSpace(QChar c);

// The elements under `root` and its siblings that make a browser load something remote
// (images, scripts, frames, stylesheets …).
int countRemoteResources(const xmlNode *root);

} // namespace Rubricate::HtmlNodes
