// The statements and claims of a report as a judge extracts them: the reference's method, where
// the heuristics of reportbenchstatements.h are the no-key path.
//
// ReportBench (formats.md §2.3 A.1 and B): the report is split into blocks of at most 16,384
// characters at its headers (splitTextByHeaders, the reference's utils.split_text_by_headers);
// per block the judge lists the cited statements with their URL, then — given every cited
// statement of the report — the non-cited statements that are factual, checkable and not
// common knowledge. PDR-Bench's R (formats.md §4.3): per block the judge lists every checkable
// claim with its source URL, "" when the report gives none.
//
// Where we differ from the reference, on purpose:
//  - the prompts are in our own wording, and tag the block (<report_block>) so that the judge
//    simulator can answer them offline;
//  - an answer that cannot be read — no JSON list, an item without its statement, a list the
//    repair had to cut short — is an error (asked again, then the report fails), never "no
//    claims"; the reference skips such a block silently;
//  - a block of white space only is kept in the split (so that the blocks still join back into
//    the text, where the reference's own check would stop) and never sent;
//  - lengths are counted in code points, as Python's len() does.
#pragma once

#include "domain/result.h"
#include "domain/types.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

inline constexpr int claimBlockChars = 16384; // the reference's BLOCK_SIZE

// The report cut at lines starting "# ", "## " or "### ", sections packed greedily into blocks
// of at most `maxChars` code points (an oversized section is a block of its own; without
// headers, lines are packed). The blocks joined by "\n" are `text` again.
QStringList splitTextByHeaders(const QString &text, int maxChars = claimBlockChars);

enum class ClaimPromptKind {
    Cited, // ReportBench: statements with the URL that cites them
    Uncited, // ReportBench: factual statements no URL cites
    PdrClaims, // PDR-Bench: every checkable claim with its URL, "" for none
};

QString citedStatementsPrompt(const QString &block);
QString uncitedStatementsPrompt(const QString &block, const QStringList &citedStatements);
QString pdrClaimsPrompt(const QString &block);

struct ExtractedStatement {
    QString statement;
    QString url; // empty: the report cites nothing for it
};

// Reads an answer leniently (repaired JSON; a list, or an object holding one; "statement" or
// "claim"; a URL list for a statement with several sources gives one item per URL). An error
// for an answer that cannot be read; an empty list is a real "none".
Result<QList<ExtractedStatement>> readExtractedStatements(const QString &answer,
                                                          ClaimPromptKind kind);

// Who extracted a stored claim: the metadata's "origin".
inline constexpr QLatin1StringView claimOriginHeuristic{"heuristic"}; // claimsOfReport
inline constexpr QLatin1StringView claimOriginJudgePrefix{"judge:"}; // + "<provider>:<model>"

// The origin of a stored claim; "heuristic" for one stored before origins were written.
QString claimOrigin(const Rubric &claim);

// The claims of one report from what a judge extracted, not yet stored (id 0), shaped like the
// heuristic ones (claimsproject.h): cited statement–URL pairs (url "" when the judge named
// none: its source is unavailable) and uncited statements, in the judge's order, labelled
// with `origin`. "span" is where the statement occurs verbatim in the text, absent when the
// judge reworded it; "markers" is empty.
QList<Rubric> judgeClaimsOfReport(const Report &report, const QList<ExtractedStatement> &cited,
                                  const QList<ExtractedStatement> &uncited, const QString &origin);

// What a prompt of this file asks, read back from its text (the judge simulator answers with
// it); nothing for any other prompt.
struct ClaimPromptParts {
    ClaimPromptKind kind = ClaimPromptKind::Cited;
    QString block;
    QStringList cited; // Uncited: the statements already cited
};
std::optional<ClaimPromptParts> readClaimPrompt(const QString &prompt);

} // namespace Rubricate
