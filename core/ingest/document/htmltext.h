// HTML reports turned into the text a reader of the rendered page sees, in Markdown form.
#pragma once

#include "extracteddocument.h"

namespace Rubricate {

// Parses with libxml2's forgiving HTML parser and walks the DOM: scripts, styles, the head
// and other invisible content are dropped, block elements give line breaks, headings, list
// items and tables become Markdown, links keep only their text. Nothing is ever fetched;
// remote resources the page refers to are counted in a warning instead.
ExtractedDocument extractHtml(const QByteArray &bytes);

// What a page says its title is, each simplified, empty when absent: the scholarly metadata
// publishers and arXiv put in the head (Highwire <meta name="citation_title">), the Open
// Graph title, and the <title> element. Parsed as extractHtml does; nothing is fetched.
struct HtmlTitles {
    QString citationTitle;
    QString ogTitle;
    QString title;
};
HtmlTitles htmlTitles(const QByteArray &bytes);

} // namespace Rubricate
