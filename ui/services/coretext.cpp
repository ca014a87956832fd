#include "services/coretext.h"

#include "agreement/statresult.h"

#include <QHash>
#include <QRegularExpression>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString CoreText::alphaLevel(AlphaLevel level)
{
    switch (level) {
    case AlphaLevel::Nominal:
        return tr("nominal");
    case AlphaLevel::Ordinal:
        return tr("ordinal");
    case AlphaLevel::Interval:
        return tr("interval");
    case AlphaLevel::Ratio:
        return tr("ratio");
    }
    return alphaLevelName(level);
}

QString CoreText::attribute(RatingAttribute attribute)
{
    switch (attribute) {
    case RatingAttribute::Dimension:
        return tr("dimension");
    case RatingAttribute::Task:
        return tr("task");
    case RatingAttribute::Model:
        return tr("agent");
    case RatingAttribute::Persona:
        return tr("persona");
    case RatingAttribute::Language:
        return tr("language");
    case RatingAttribute::Theme:
        return tr("theme");
    }
    return ratingAttributeKey(attribute);
}

QString CoreText::raterName(const QString &key, const QString &name)
{
    if (key == HumanMajority)
        return tr("human majority");
    if (key == GoldRater)
        return tr("gold labels");
    return name;
}

QString CoreText::reason(const QString &reason)
{
    // Keyed by core's own wording, so a reason core rewords shows in English, not wrongly.
    static const QHash<QString, QString> reasons{
        {UndefinedReason::emptyTable(), tr("the table has no units")},
        {UndefinedReason::fewerThanTwoRaters(), tr("the table has fewer than two raters")},
        {UndefinedReason::noPairableUnit(), tr("no unit has values from two raters")},
        {UndefinedReason::identicalValues(),
         tr("every value is the same, so agreement cannot be told from chance")},
        {UndefinedReason::negativeRatioValue(),
         tr("the ratio metric needs values of zero or more")},
        {UndefinedReason::noSuchRater(),
         tr("the two raters must be two different raters of the "
            "table")},
        {UndefinedReason::unequalRatingsPerUnit(),
         tr("units have different numbers of ratings; Fleiss' kappa needs the same number for "
            "every unit (use Krippendorff's alpha)")},
        {UndefinedReason::singleRatingPerUnit(), tr("every unit has a single rating")},
        {UndefinedReason::noDraws(), tr("no bootstrap draw gave a value")},
        {UndefinedReason::drawMismatch(),
         tr("the bootstrap draw does not have one multiplicity per unit")},
    };
    if (const auto it = reasons.constFind(reason); it != reasons.cend())
        return *it;
    static const QRegularExpression draws(uR"(^(\d+) of (\d+) draws undefined$)"_s);
    if (const QRegularExpressionMatch m = draws.match(reason); m.hasMatch())
        return tr("%1 of %2 draws undefined").arg(m.captured(1), m.captured(2));
    return reason;
}

QString CoreText::leaderboardColumn(const LeaderboardColumn &column)
{
    static const QHash<QString, QString> titles{
        // DRB-II
        {u"info_recall"_s, tr("Info recall")},
        {u"analysis"_s, tr("Analysis")},
        {u"presentation"_s, tr("Presentation")},
        {u"total"_s, tr("Total")},
        {u"blocked"_s, tr("Blocked rate")},
        // ResearchRubrics (its axes are the data's own names)
        {u"compliance"_s, tr("Compliance")},
        // ReportBench
        {u"precision_micro"_s, tr("Precision (micro)")},
        {u"precision_macro"_s, tr("Precision (macro)")},
        {u"recall_micro"_s, tr("Recall (micro)")},
        {u"recall_macro"_s, tr("Recall (macro)")},
        {u"refs_per_report"_s, tr("Refs per report")},
        // PDR-Bench
        {u"dim:goal_alignment"_s, tr("Goal alignment")},
        {u"dim:content_alignment"_s, tr("Content alignment")},
        {u"dim:presentation_fit"_s, tr("Presentation fit")},
        {u"dim:actionability_practicality"_s, tr("Actionability practicality")},
        {u"dim:depth_insight"_s, tr("Depth insight")},
        {u"dim:logical_coherence"_s, tr("Logical coherence")},
        {u"dim:clarity_readability"_s, tr("Clarity readability")},
        {u"P"_s, tr("P (personalization)")},
        {u"Q"_s, tr("Q (quality)")},
        {u"R"_s, tr("R (reliability)")},
        {u"overall"_s, tr("Overall")},
    };
    return titles.value(column.key, column.title);
}

QString CoreText::leaderboardDescription(const Leaderboard &board)
{
    if (board.benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2))
        return tr("Means over tasks of each model's per-task scores (task-macro), as the footer "
                  "row of the reference's agg_scores CSVs.");
    if (board.benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics))
        return tr("Mean weighted compliance over a model's reports (sample-macro); per axis "
                  "from that axis's criteria inside each report.");
    if (board.benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench))
        return tr("Citation precision and recall against the surveys' ground-truth references; "
                  "micro pools the counts, macro averages the reports.");
    if (board.benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench))
        return tr("Means over a model's reports (item-macro) of the criterion-weighted dimension "
                  "averages and of the dimension-weighted P and Q, on 0-10; overall is the mean "
                  "of the available P, Q and R.");
    return board.description;
}

QString CoreText::leaderboardNote(const QString &note)
{
    static const QHash<QString, QString> notes{
        {u"no task with a usable score"_s, tr("no task with a usable score")},
        {u"no task with a usable score on this dimension"_s,
         tr("no task with a usable score on this dimension")},
        {u"no report with a compliance (every criterion failed, or no positive weight)"_s,
         tr("no report with a compliance (every criterion failed, or no positive weight)")},
        {u"no criterion of this axis was judged"_s, tr("no criterion of this axis was judged")},
        {u"no report with a value on this axis (only pitfalls, or every criterion failed)"_s,
         tr("no report with a value on this axis (only pitfalls, or every criterion failed)")},
        {u"every report was dropped"_s, tr("every report was dropped")},
        {u"no report names a paper"_s, tr("no report names a paper")},
        {u"no criterion of this dimension was judged"_s,
         tr("no criterion of this dimension was judged")},
        {u"every criterion of this dimension failed"_s,
         tr("every criterion of this dimension failed")},
        {u"no report with a usable P"_s, tr("no report with a usable P")},
        {u"no report with a usable Q"_s, tr("no report with a usable Q")},
        {u"no report with a usable R"_s, tr("no report with a usable R")},
        {u"none of P, Q, R has a value"_s, tr("none of P, Q, R has a value")},
    };
    return notes.value(note, note);
}

} // namespace Rubricate
