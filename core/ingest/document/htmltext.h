// HTML reports turned into the text a reader of the rendered page sees, in Markdown form.
#pragma once

#include "extracteddocument.h"

namespace Rubricate {

// Parses with libxml2's forgiving HTML parser and walks the DOM: scripts, styles, the head
// and other invisible content are dropped, block elements give line breaks, headings, list
// items and tables become Markdown, links keep only their text. Nothing is ever fetched;
// remote resources the page refers to are counted in a warning instead.
ExtractedDocument extractHtml(const QByteArray &bytes);

} // namespace Rubricate
