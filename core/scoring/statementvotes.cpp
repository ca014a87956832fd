// Majority votes, non-cited accuracy and citation match rate for ReportBench; see the header
// for where and why this departs from the reference.
#include "statementvotes.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

MajorityLabel decide(int yes, int no)
{
    if (yes == 0 && no == 0)
        return MajorityLabel::NoVotes;
    if (yes > no)
        return MajorityLabel::True;
    if (no > yes)
        return MajorityLabel::False;
    return MajorityLabel::Tie;
}

std::optional<double> confidenceOf(MajorityLabel label, int yes, int no)
{
    switch (label) {
    case MajorityLabel::True:
        return double(yes) / (yes + no);
    case MajorityLabel::False:
        return double(no) / (yes + no);
    case MajorityLabel::Tie:
        return 0.5;
    case MajorityLabel::NoVotes:
        break;
    }
    return std::nullopt;
}

} // namespace

QString majorityLabelKey(MajorityLabel label)
{
    switch (label) {
    case MajorityLabel::True:
        return u"true"_s;
    case MajorityLabel::False:
        return u"false"_s;
    case MajorityLabel::Tie:
        return u"tie"_s;
    case MajorityLabel::NoVotes:
        break;
    }
    return u"no-votes"_s;
}

StatementMajority majorityVote(const QList<JudgeVotes> &judges, VoteAggregation aggregation)
{
    StatementMajority m;
    for (const JudgeVotes &j : judges) {
        int yes = 0;
        int no = 0;
        for (Vote v : j.votes) {
            if (v == Vote::True)
                ++yes;
            else if (v == Vote::False)
                ++no;
            else
                ++m.errorVotes;
        }
        m.trueVotes += yes;
        m.falseVotes += no;
        switch (decide(yes, no)) {
        case MajorityLabel::True:
            ++m.judgesTrue;
            break;
        case MajorityLabel::False:
            ++m.judgesFalse;
            break;
        case MajorityLabel::Tie:
            ++m.judgesTied;
            break;
        case MajorityLabel::NoVotes:
            ++m.judgesWithoutVotes;
            break;
        }
    }
    const bool pooled = aggregation == VoteAggregation::Pooled;
    const int yes = pooled ? m.trueVotes : m.judgesTrue;
    const int no = pooled ? m.falseVotes : m.judgesFalse;
    m.label = decide(yes, no);
    // Judges that all tied decided nothing between them, but they did vote: that is a tie,
    // not a statement without votes.
    if (!pooled && m.label == MajorityLabel::NoVotes && m.judgesTied > 0)
        m.label = MajorityLabel::Tie;
    m.confidence = confidenceOf(m.label, yes, no);
    return m;
}

NonCitedAccuracy nonCitedAccuracy(const QList<StatementMajority> &statements)
{
    NonCitedAccuracy a;
    for (const StatementMajority &s : statements) {
        ++a.statements;
        a.errorVotes += s.errorVotes;
        switch (s.label) {
        case MajorityLabel::True:
            ++a.correct;
            break;
        case MajorityLabel::False:
            ++a.incorrect;
            break;
        case MajorityLabel::Tie:
            ++a.ties;
            break;
        case MajorityLabel::NoVotes:
            ++a.undecided;
            break;
        }
    }
    if (a.correct + a.incorrect > 0)
        a.accuracy = double(a.correct) / (a.correct + a.incorrect);
    if (a.correct + a.incorrect + a.ties > 0)
        a.accuracyTiesAsWrong = double(a.correct) / (a.correct + a.incorrect + a.ties);
    return a;
}

CitationMatchRate citationMatchRate(const QList<CitedCheck> &checks)
{
    CitationMatchRate r;
    for (const CitedCheck &c : checks) {
        ++r.statements;
        // The source state is looked at first: a verdict given without the source (a caller
        // asked anyway) is not evidence either way.
        if (c.source != FetchState::Fetched) {
            ++r.sourceUnavailable;
            ++r.unavailableByState[c.source];
            continue;
        }
        if (!c.judged) {
            ++r.notJudged;
            continue;
        }
        switch (c.supported) {
        case Vote::True:
            ++r.supported;
            break;
        case Vote::False:
            ++r.notSupported;
            break;
        case Vote::Error:
            ++r.judgeErrors;
            break;
        }
    }
    r.checked = r.supported + r.notSupported;
    if (r.checked > 0)
        r.rate = double(r.supported) / r.checked;
    return r;
}

} // namespace Rubricate
