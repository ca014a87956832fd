// The offline lexical baseline judge: without an API key or network every rubric still gets a
// verdict, with evidence sentences chosen by a BM25 matcher. It is a baseline, not an LLM, and
// every reason it writes says so. Pure, QtCore only.
#pragma once

#include "domain/types.h"
#include "promptscheme.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace Rubricate {

struct OfflineVerdict {
    double value = 0; // on the rubric's scale
    QString reason; // short English, always starts with "lexical baseline:"
    QString evidence; // the chosen sentences' original text joined with " ... "
    double score = 0; // coverage of the rubric's weighted key terms, 0..1
};

// The terms the matcher compares, in text order: Latin words case-folded and lightly stemmed,
// numbers as tokens ("1,200" -> "1200", "17.0" -> "17"), CJK as character bigrams.
QStringList lexicalTokens(const QString &text);

class LexicalReportIndex;

// DRB-II scale: 1 when the rubric's key terms (stop words removed, numbers weighted double,
// every number required) are covered by the best one or two sentences at >= 0.6 of their
// idf weight, else 0; -1 when those sentences (or the footnotes they cite) mention the blocked
// source by URL, DOI or title. Binary: 1 / 0 with the same rule. Ternary: 1 at >= 0.6 with all
// numbers, 0.5 at >= 0.35, else 0; a pitfall criterion that matches is "present" (1). 0-10:
// round(10 * coverage).
OfflineVerdict judgeOffline(const LexicalReportIndex &index, const QString &rubricText,
                            VerdictScale scale, const QString &blockedTitle = {},
                            const QStringList &blockedUrls = {});
// A batch judged offline, read as a scheme reads a judge's answer: one outcome per rubric, in
// order, with the task's blocked source honoured.
SchemeResult judgeOfflineBatch(const LexicalReportIndex &index, const Task &task,
                               const QList<Rubric> &rubrics);

class LexicalReportIndex
{
public:
    // Splits into sentences (., !, ?, 。！？；, line ends, Markdown table rows and list items)
    // keeping their offsets in reportText, and builds BM25 statistics over them. Lines wrapped
    // inside a paragraph (PDF text) are joined rather than cut.
    explicit LexicalReportIndex(const QString &reportText);

    struct Hit {
        int sentence;
        double score;
        int start; // UTF-16 offset in reportText
        int length;
    };
    // BM25 (k1 1.2, b 0.75) over the query's key terms; best first, only hits with a score.
    QList<Hit> search(const QString &query, int topK = 3) const;

    int sentenceCount() const { return int(m_sentences.size()); }
    QString sentenceText(int sentence) const;
    int sentenceStart(int sentence) const;
    int sentenceLength(int sentence) const;
    const QString &text() const { return m_text; }

private:
    friend OfflineVerdict judgeOffline(const LexicalReportIndex &index, const QString &rubricText,
                                       VerdictScale scale, const QString &blockedTitle,
                                       const QStringList &blockedUrls);

    struct Sentence {
        int start = 0;
        int length = 0;
        int tokenCount = 0;
        bool reference = false; // a footnote or reference-list line: cited, never evidence
        int context = -1; // the heading above it, or the header row of its table
        QSet<QString> terms;
        QStringList citations; // footnote / reference labels the sentence cites
    };
    struct Posting {
        int sentence;
        int tf;
    };

    int addSentence(int start, int end, bool reference, int context);
    bool mayPair(int a, int b) const;
    double idf(const QString &term) const;
    QList<double> scores(const QList<QString> &terms, const QList<double> &weights) const;

    QString m_text;
    QList<Sentence> m_sentences;
    QHash<QString, QList<Posting>> m_postings;
    QHash<QString, QString> m_citationTargets; // label -> text of its definition
    double m_averageLength = 0;
    int m_indexed = 0; // sentences that count for BM25 (not references)
};

} // namespace Rubricate
