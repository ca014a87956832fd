// Private to core/evidence: the folding that makes a judge's retyped quote comparable with
// the report it quotes.
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <vector>

namespace Rubricate::EvidenceText {

// A normalised copy of a text. For every UTF-16 unit of the copy, origStart/origEnd give the
// range of original units it came from, so that a match found in the copy can be highlighted
// in the original (a collapsed whitespace run maps to the whole run).
struct NormalisedText {
    QString text;
    std::vector<int> origStart;
    std::vector<int> origEnd;
    int letters = 0; // letters and digits, counting ideographs
    int cjkLetters = 0;

    // Share of CJK among the letters, to choose q-gram size and run lengths.
    double cjkShare() const { return letters == 0 ? 0.0 : double(cjkLetters) / letters; }
};

// Width folding (NFKC compatibility forms), case folding, one quote mark, one dash (runs of
// dashes and the spaces around them fold into it), "…" as "...", whitespace runs collapsed to
// one space (dropped next to CJK, where spaces carry no meaning and PDF line breaks insert
// them), invisible characters removed, and the Markdown
// judges drop: emphasis markers, heading and blockquote markers, link targets.
// Without keepMap only `text` is filled, for quotes.
NormalisedText normalise(QStringView text, bool keepMap = true);

// Ideographs, kana and CJK punctuation: scripts written without spaces between words.
bool isCjk(char32_t c);

// The pieces of a quote that a judge stitched with "...", "…", "。。。", "[...]" and alike,
// trimmed, in order; empty pieces are dropped. A quote without a delimiter is one piece.
QList<QStringView> splitOnEllipses(QStringView quote);

// `normalised` without leading/trailing quote marks and, with sentencePunctuation, trailing
// sentence punctuation: judges add or drop both when they lift a clause out of a sentence.
QString stripEdges(const QString &normalised, bool sentencePunctuation);

} // namespace Rubricate::EvidenceText
