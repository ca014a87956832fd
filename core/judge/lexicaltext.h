// The words, numbers and sentences the offline judge works with: tokenising (CJK-aware, with
// light stemming), citation labels and sentence-boundary tests. Private to core/judge.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Rubricate::Lexical {

// BM25 parameters, and how the offline judge weighs what it finds.
inline constexpr double K1 = 1.2;
inline constexpr double B = 0.75;
inline constexpr double NumberWeight = 2.0; // a number is the most checkable part of a rubric
inline constexpr double MetThreshold = 0.6;
inline constexpr double PartialThreshold = 0.35;
// A second evidence sentence must earn its place: evidence should be minimal.
inline constexpr double PairPenalty = 0.05;
inline constexpr int CandidateSentences = 12;
inline constexpr int MaxSentenceLength = 1000;

struct Term {
    QString text;
    bool number = false;
};

// Appends the tokens of `s`: Latin words lower-cased and lightly stemmed, numbers kept whole,
// CJK text as character bigrams.
void appendTokens(QStringView s, QList<Term> &out, bool dropStopWords);
// The terms of a rubric worth finding in a report (stop words and boilerplate dropped).
QList<Term> contentTerms(const QString &rubric);
bool isSpaceAt(const QString &s, qsizetype i);
// Footnote and numbered-reference labels cited in `s` ("^8", "3").
QStringList citationLabels(QStringView s);
bool hasWordCharacter(QStringView s);
bool isAbbreviationBefore(const QString &s, qsizetype dot);
bool isClosingMark(QChar c);

} // namespace Rubricate::Lexical
