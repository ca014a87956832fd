// ReportBench's vote counting: majorities with ties reported and errors left out, pooled
// against per-judge-first aggregation, accuracy of non-cited statements, and the citation
// match rate that never counts an unreachable source as "not supported".
#include "scoring/statementvotes.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

constexpr Vote T = Vote::True;
constexpr Vote F = Vote::False;
constexpr Vote E = Vote::Error;

} // namespace

class TestStatementVotes : public QObject
{
    Q_OBJECT

private slots:
    void pooledIsTheDefault()
    {
        // Three judges where the two aggregations disagree (see perJudgeFirstDiffers).
        const QList<JudgeVotes> votes{
            {u"a"_s, {T, T, T}}, {u"b"_s, {F, F, T}}, {u"c"_s, {F, F, T}}};
        QCOMPARE(majorityVote(votes).label, majorityVote(votes, VoteAggregation::Pooled).label);
    }

    void tieIsReportedAndCounted()
    {
        const QList<JudgeVotes> votes{{u"pro"_s, {T, F}}, {u"flash"_s, {T, F}}};
        const StatementMajority m = majorityVote(votes);
        QCOMPARE(m.label, MajorityLabel::Tie);
        QCOMPARE(m.trueVotes, 2);
        QCOMPARE(m.falseVotes, 2);
        QCOMPARE(m.confidence, 0.5);
        QCOMPARE(m.judgesTied, 2);
        const StatementMajority perJudge = majorityVote(votes, VoteAggregation::PerJudgeFirst);
        QCOMPARE(perJudge.label, MajorityLabel::Tie);
        QCOMPARE(majorityLabelKey(m.label), u"tie"_s);

        const NonCitedAccuracy a = nonCitedAccuracy({m, majorityVote({{u"x"_s, {T}}})});
        QCOMPARE(a.statements, 2);
        QCOMPARE(a.ties, 1);
        QCOMPARE(a.correct, 1);
        QCOMPARE(a.accuracy, 1.0); // ties out of the denominator
        QCOMPARE(a.accuracyTiesAsWrong, 0.5); // the reference's per-file way
    }

    void errorsAreExcluded()
    {
        // Two errors would make this a 2–2 tie (or a false majority) if they were counted.
        const StatementMajority m = majorityVote({{u"a"_s, {T, E, T}}, {u"b"_s, {E, F, E}}});
        QCOMPARE(m.label, MajorityLabel::True);
        QCOMPARE(m.trueVotes, 2);
        QCOMPARE(m.falseVotes, 1);
        QCOMPARE(m.errorVotes, 3);
        QCOMPARE(*m.confidence, 2.0 / 3.0);

        const StatementMajority none = majorityVote({{u"a"_s, {E, E}}, {u"b"_s, {E}}});
        QCOMPARE(none.label, MajorityLabel::NoVotes);
        QCOMPARE(none.errorVotes, 3);
        QVERIFY(!none.confidence);
        QCOMPARE(none.judgesWithoutVotes, 2);
        QCOMPARE(majorityVote({}).label, MajorityLabel::NoVotes);

        const NonCitedAccuracy a = nonCitedAccuracy(
            {m, none, majorityVote({{u"a"_s, {F, F}}}), majorityVote({{u"a"_s, {F, E}}})});
        QCOMPARE(a.statements, 4);
        QCOMPARE(a.correct, 1);
        QCOMPARE(a.incorrect, 2);
        QCOMPARE(a.undecided, 1);
        QCOMPARE(a.errorVotes, 7);
        QCOMPARE(*a.accuracy, 1.0 / 3.0);
        QVERIFY(!nonCitedAccuracy({none}).accuracy);
    }

    void perJudgeFirstDiffers()
    {
        // Pooled: 5 true against 4 false. Per judge: a says true, b and c say false.
        const QList<JudgeVotes> votes{
            {u"a"_s, {T, T, T}}, {u"b"_s, {F, F, T}}, {u"c"_s, {F, F, T}}};
        const StatementMajority pooled = majorityVote(votes, VoteAggregation::Pooled);
        QCOMPARE(pooled.label, MajorityLabel::True);
        QCOMPARE(*pooled.confidence, 5.0 / 9.0);
        const StatementMajority perJudge = majorityVote(votes, VoteAggregation::PerJudgeFirst);
        QCOMPARE(perJudge.label, MajorityLabel::False);
        QCOMPARE(perJudge.judgesTrue, 1);
        QCOMPARE(perJudge.judgesFalse, 2);
        QCOMPARE(*perJudge.confidence, 2.0 / 3.0);
        // Vote counts are the same either way.
        QCOMPARE(perJudge.trueVotes, 5);
        QCOMPARE(perJudge.falseVotes, 4);

        // A tied judge takes no part: the other one decides.
        const StatementMajority oneTied
            = majorityVote({{u"a"_s, {T, F}}, {u"b"_s, {F, F, E}}}, VoteAggregation::PerJudgeFirst);
        QCOMPARE(oneTied.label, MajorityLabel::False);
        QCOMPARE(oneTied.judgesTied, 1);
    }

    void matchRateExcludesUnreachableSources()
    {
        using S = FetchState;
        const QList<CitedCheck> checks{
            {S::Fetched, T},     {S::Fetched, T},   {S::Fetched, F},
            {S::Unreachable, F}, // a verdict without the source is no evidence
            {S::Timeout, E},     {S::HttpError, E}, {S::Fetched, E},
        };
        const CitationMatchRate r = citationMatchRate(checks);
        QCOMPARE(r.statements, 7);
        QCOMPARE(r.checked, 3);
        QCOMPARE(r.supported, 2);
        QCOMPARE(r.notSupported, 1);
        QCOMPARE(r.sourceUnavailable, 3);
        QCOMPARE(r.unavailableByState.value(S::Unreachable), 1);
        QCOMPARE(r.unavailableByState.value(S::Timeout), 1);
        QCOMPARE(r.unavailableByState.value(S::HttpError), 1);
        QCOMPARE(r.judgeErrors, 1);
        QCOMPARE(*r.rate, 2.0 / 3.0);

        // Not asked is neither checked nor an error.
        const CitationMatchRate waiting
            = citationMatchRate({{S::Fetched, E, false}, {S::Fetched, T}, {S::Timeout, E, false}});
        QCOMPARE(waiting.statements, 3);
        QCOMPARE(waiting.notJudged, 1);
        QCOMPARE(waiting.judgeErrors, 0);
        QCOMPARE(waiting.sourceUnavailable, 1);
        QCOMPARE(*waiting.rate, 1.0);

        const CitationMatchRate dead = citationMatchRate({{S::Refused, E}, {S::TooLarge, E}});
        QCOMPARE(dead.sourceUnavailable, 2);
        QCOMPARE(dead.checked, 0);
        QVERIFY(!dead.rate); // not 0: nothing was checked
    }
};

QTEST_APPLESS_MAIN(TestStatementVotes)
#include "tst_statementvotes.moc"
