// ReportBench's judge-dependent measures (formats.md §2.3 B, §2.4), as pure counting:
//  - the majority vote over several judges × several votes that decides whether a non-cited
//    statement is true, and the accuracy of non-cited statements built from it;
//  - the citation match rate: the share of checked cited statements whose fetched source
//    supports them (the reference's `alignment_rate`, which is the paper's "citation match
//    rate"; not the reference's `match_rate`, which only counts fetched pages).
//
// Where this deliberately differs from the reference, and why:
//  - A vote that failed (call error, unreadable answer) is an error here and left out of the
//    majority, counted on its own. The reference turns it into a `false` vote, so a flaky
//    provider would make true statements look wrong.
//  - A tie is reported as a tie, never resolved to either side. The reference calls it
//    `平局` too; what differs is only how accuracies count it, which is spelled out below.
//  - A cited statement whose source could not be fetched (any FetchState but
//    Fetched) or whose judge call failed is excluded from the match rate and counted, never
//    taken as "not supported": a dead link says nothing about the claim. The reference drops
//    such rows silently (missing page) or cannot tell them apart (judge failure).
#pragma once

#include "domain/fetchstate.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace Rubricate {

enum class Vote { True, False, Error };

// The votes one judge (model) cast on one statement, one per attempt.
struct JudgeVotes {
    QString judge;
    QList<Vote> votes;
};

enum class VoteAggregation {
    // All votes of all judges counted together, true against false. This is what the
    // reference does (two web-search models × 3 attempts = 6 votes, one count), so it is
    // the default.
    Pooled,
    // Each judge's own majority first (true, false, tie or no usable vote), then the judges
    // that decided are counted against each other; judges tied or without votes take no
    // part. This keeps a judge asked more often from outweighing the others.
    PerJudgeFirst,
};

enum class MajorityLabel {
    True,
    False,
    Tie, // as many for as against: reported, never broken
    NoVotes, // every vote was an error (or there were none)
};

// "true", "false", "tie", "no-votes".
QString majorityLabelKey(MajorityLabel label);

struct StatementMajority {
    MajorityLabel label = MajorityLabel::NoVotes;
    // Individual votes, whatever the aggregation.
    int trueVotes = 0;
    int falseVotes = 0;
    int errorVotes = 0;
    // Per-judge outcomes; filled in both modes so a view can show them.
    int judgesTrue = 0;
    int judgesFalse = 0;
    int judgesTied = 0;
    int judgesWithoutVotes = 0;
    // Share of the counted units (votes when pooled, deciding judges per judge) on the
    // winning side; 0.5 for a tie; empty without any counted unit. The reference divides by
    // all 6 votes, errors included, which we cannot since errors are not votes here.
    std::optional<double> confidence;
};

StatementMajority majorityVote(const QList<JudgeVotes> &judges,
                               VoteAggregation aggregation = VoteAggregation::Pooled);

// Accuracy of the non-cited statements of one report (or of any pool of statements).
struct NonCitedAccuracy {
    int statements = 0;
    int correct = 0; // majority true
    int incorrect = 0; // majority false
    int ties = 0;
    int undecided = 0; // no usable vote at all
    int errorVotes = 0; // over all statements
    // correct / (correct + incorrect): ties and undecided statements are counted above, not
    // here. The reference's pooled batch figure `overall_no_citations_accuracy` does the same
    // for ties. Empty when nothing was decided.
    std::optional<double> accuracy;
    // correct / (correct + incorrect + ties): ties count as not correct, as the reference's
    // per-file `no_citations_accuracy` does. Given for comparison with it.
    std::optional<double> accuracyTiesAsWrong;
};

NonCitedAccuracy nonCitedAccuracy(const QList<StatementMajority> &statements);

// One cited statement (statement-URL pair, as the reference counts them) and what came of
// checking it against its source.
struct CitedCheck {
    FetchState source = FetchState::Fetched;
    Vote supported = Vote::Error; // True: supported, False: not supported, Error: judge failed
    bool judged = true; // false: no run chosen has a verdict on it (none asked, not failed)
};

struct CitationMatchRate {
    int statements = 0; // every cited statement given
    int checked = 0; // supported + notSupported
    int supported = 0;
    int notSupported = 0;
    int sourceUnavailable = 0; // source not fetched: excluded, never "not supported"
    QMap<FetchState, int> unavailableByState;
    int judgeErrors = 0; // source fetched but no usable verdict: excluded as well
    int notJudged = 0; // source fetched, no run chosen judged it: excluded, and no error
    std::optional<double> rate; // supported / checked; empty when nothing was checked
};

CitationMatchRate citationMatchRate(const QList<CitedCheck> &checks);

} // namespace Rubricate
