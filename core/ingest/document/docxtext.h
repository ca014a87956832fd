// Word (.docx) reports turned into the text the DRB-II evaluator's python-docx code produced,
// with headings and list items marked up as Markdown.
#pragma once

#include "extracteddocument.h"

namespace Rubricate {

// Body paragraphs and tables in document order, blocks joined by a blank line:
// - a paragraph is the text of its w:t runs (w:tab -> "\t", w:br / w:cr -> "\n"), stripped;
//   empty paragraphs are dropped; deleted revisions, text boxes and fallback copies of
//   drawings are not read (python-docx does not read them either);
// - headings (style "Title", "Heading<N>", or a style named "heading N" in styles.xml, which
//   catches localised Word whose style ids are numbers) get N Markdown `#`s, list paragraphs
//   (numbering on the paragraph or its style) get "- ", indented two spaces per level;
// - tables become Markdown pipe tables; a cell's paragraphs are joined by a space, merged
//   cells repeat their text in every grid column they cover, as python-docx reports them.
// Broken XML makes the document corrupt, but the blocks read before the error are kept (with
// a warning): the judge may still be able to use them, and the error says what is missing.
ExtractedDocument extractDocx(const QByteArray &bytes);

} // namespace Rubricate
