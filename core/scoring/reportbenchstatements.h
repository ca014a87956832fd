// The statements of a report, split into those that carry a citation marker and those that do
// not, as input for ReportBench's two judge checks (cited: does the source support it?
// non-cited: is it true?). The reference has an LLM extract statements (formats.md §2.3);
// this is an offline stand-in with plain, documented heuristics so a run can be planned,
// previewed or judged without that extra call.
//
// Heuristics (and their limits):
//  - Text is read per Markdown block: fenced code, headings, table rows, horizontal rules and
//    image lines are skipped, and so is everything under a heading such as "References",
//    "Bibliography", "Sources", "Works cited" or "参考文献" up to the next heading. Lines of a
//    paragraph are joined; every list item is a block of its own.
//  - Reference definitions ("[3] Author, Title, https://…" or "[^3]: …") anywhere are not
//    statements; the first URL of each is what the marker [3] / [^3] points to.
//  - Sentences end at . ! ? followed by white space or the end of the block, and at 。！？;
//    closing quotes or brackets and citation markers right after the mark stay with the
//    sentence ("… grew.[3] Next"). A period does not end a sentence after a single letter
//    (initials), after common abbreviations (e.g., i.e., et al., Fig., vs., cf., Dr., Mr.,
//    No., approx.) or when the next word starts in lower case. Decimal numbers and URLs
//    are safe because no white space follows their periods.
//  - Citation markers: numeric brackets [3], [1, 4], [2–5] (ranges expanded), footnote
//    references [^3], 【3】, Markdown links [text](http…) and bare http(s) URLs (the
//    reference's URL pattern, with trailing sentence punctuation dropped).
//  - A sentence is kept when its claim (the text with markers and URLs removed; link text
//    stays) has at least four words, or at least eight characters for text written without
//    spaces (Chinese, Japanese). Questions are kept: the judges decide what is verifiable.
// Author-year citations ("(Smith et al., 2020)") are not recognised as markers, and
// statements are sentences, not the atomic claims an LLM would list.
#pragma once

#include "citationextraction.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Rubricate {

struct ReportStatement {
    QString text; // the sentence as written, white space collapsed
    QString claim; // what a judge is asked about: markers and URLs removed
    TextSpan span; // in the report text, UTF-16 offsets
    QStringList markers; // as written: "[3]", "[^2]", a URL, a Markdown link
    // URLs written in the sentence and those its markers point to in the report's
    // reference definitions, in order, without repeats. Empty for a cited sentence whose
    // markers point nowhere.
    QStringList urls;

    bool cited() const { return !markers.isEmpty(); }
};

// Every statement of `report`, in text order.
QList<ReportStatement> extractStatements(const QString &report);

} // namespace Rubricate
