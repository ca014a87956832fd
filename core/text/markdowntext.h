// Markdown as a person reads it, for the places that show it outside a Markdown renderer
// (search snippets) and for the renderer itself where reports rely on habits that
// CommonMark does not share (one reference per line without a blank line between).
#pragma once

#include <QString>

namespace Rubricate {

// `markdown` with its markup taken out: headings' and bullets' markers, emphasis, code
// ticks, and links and images reduced to their text. Works on a fragment cut anywhere
// (a search snippet) and leaves text that only looks like markup (snake_case, 2*3) alone.
QString markdownPlainText(const QString &markdown);

// `markdown` where every line that starts a reference ("[3] …", "3. …", "3) …") after a
// line of text begins a line of its own when rendered: CommonMark joins such lines into
// one paragraph (an ordered list only interrupts a paragraph when it starts at 1). Fenced
// code is left as it is.
QString markdownWithReferenceLines(const QString &markdown);

} // namespace Rubricate
