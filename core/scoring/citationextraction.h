// Cited references found in a report's own text (Markdown or plain), without a judge.
//
// ReportBench's reference pipeline finds URLs with a regular expression and then lets an LLM
// read each fetched page to learn whether it is a paper and what its title is. Offline we can
// only read what the report itself says, so besides URLs this also picks up arXiv ids, DOIs
// and the titles written in reference-list entries. Every citation keeps where it occurs,
// so a view can highlight it; offsets are UTF-16 positions in the text, like PageSpan.
//
// Title heuristics (and their limits), applied only to reference-list entries — lines under
// a heading such as "References", "Bibliography", "Sources" or "Works cited", and anywhere
// lines that start with a "[n]" marker or a Markdown footnote definition "[^n]:":
//  1. a quoted title, "…" or “…”;
//  2. an italic title, *…* or _…_ (bold ** is not italic);
//  3. the text of a Markdown link [Title](url) whose text is not itself a URL;
//  4. the clean entry "[n] Title. https://…", "n. Title, https://…": all text before the
//     first URL, when it has no period inside, is the title — commas, colons and question
//     marks included; a trailing "Available at:" or year is dropped;
//  5. otherwise the "Title." pattern: after "(2020)." (APA) the next sentence; else the
//     entry is cut at every period and the first piece that does not read like part of an
//     author list (short capitalised parts between commas, "&" or "and"; "et al"; two
//     words or fewer) is the title.
// A candidate needs at least three words (two for quoted/italic/link text) and ten
// characters after normalisation. Titles in running prose ("as shown in Attention Is All
// You Need") are not found, an entry without sentence punctuation may yield its venue or
// authors instead of its title, outside the clean form a Title Case title made of short
// parts between commas ("Graph Networks, Explained") is taken for authors, and a period
// inside a title ("U.S. policy. ...") cuts it short. A repeated title is one citation.
#pragma once

#include <QList>
#include <QString>

namespace Rubricate {

enum class CitationKind { Url, ArxivId, Doi, Title };

// "url", "arxiv", "doi", "title".
QString citationKindKey(CitationKind kind);

struct TextSpan {
    qsizetype offset = 0; // UTF-16 offset in the report text
    qsizetype length = 0;

    friend bool operator==(const TextSpan &, const TextSpan &) = default;
};

// One distinct citation with every place it occurs, in text order.
struct Citation {
    CitationKind kind = CitationKind::Url;
    // What duplicates are recognised by: for URLs the reference's normalised form
    // scheme://netloc/path; arXiv ids without version, lower case ("2003.00653",
    // "cs/0112017"); DOIs lower case; titles through ReportBench's title normalisation.
    QString key;
    QString text; // as written at the first occurrence
    QList<TextSpan> spans;
};

// Every citation of `text`, deduplicated per kind, ordered by first occurrence. One place
// can yield several kinds: https://arxiv.org/abs/2003.00653 is a URL and an arXiv id, and
// https://doi.org/10.1/x a URL and a DOI.
QList<Citation> extractCitations(const QString &text);

// Only the arXiv ids and DOIs of `text` (used for ground-truth BibTeX fields, where a title
// heuristic would misfire on venue strings).
QList<Citation> extractIdentifiers(const QString &text);

// The reference's URL key: scheme://netloc/path, query, parameters and fragment dropped.
QString normalizedUrlKey(const QString &url);

} // namespace Rubricate
