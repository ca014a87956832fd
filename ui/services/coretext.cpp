#include "services/coretext.h"

#include "agreement/ppi.h"
#include "agreement/statresult.h"
#include "domain/pdrdimensions.h"

#include <QRegularExpression>

#include <utility>

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
    // Matched against core's own wording, so a reason core rewords shows in English, never
    // as another reason; translated at each call, so a language installed later applies.
    static const std::pair<QString (*)(), const char *> reasons[] = {
        {&UndefinedReason::emptyTable, QT_TR_NOOP("the table has no units")},
        {&UndefinedReason::fewerThanTwoRaters, QT_TR_NOOP("the table has fewer than two raters")},
        {&UndefinedReason::noPairableUnit, QT_TR_NOOP("no unit has values from two raters")},
        {&UndefinedReason::identicalValues,
         QT_TR_NOOP("every value is the same, so agreement cannot be told from chance")},
        {&UndefinedReason::negativeRatioValue,
         QT_TR_NOOP("the ratio metric needs values of zero or more")},
        {&UndefinedReason::noSuchRater,
         QT_TR_NOOP("the two raters must be two different raters of the table")},
        {&UndefinedReason::unequalRatingsPerUnit,
         QT_TR_NOOP("units have different numbers of ratings; Fleiss' kappa needs the same "
                    "number for every unit (use Krippendorff's alpha)")},
        {&UndefinedReason::singleRatingPerUnit, QT_TR_NOOP("every unit has a single rating")},
        {&UndefinedReason::noDraws, QT_TR_NOOP("no bootstrap draw gave a value")},
        {&UndefinedReason::drawMismatch,
         QT_TR_NOOP("the bootstrap draw does not have one multiplicity per unit")},
        {&UndefinedReason::noLabelledItems, QT_TR_NOOP("no item was labelled by people")},
        {&UndefinedReason::noJudgedItems, QT_TR_NOOP("no item was judged")},
        {&UndefinedReason::noUnlabelledItems,
         QT_TR_NOOP("no judged item without a label: the judge has nothing to add")},
        {&UndefinedReason::singleLabelledItem,
         QT_TR_NOOP("one labelled item cannot show how much the outcomes vary")},
        {&UndefinedReason::noVariation,
         QT_TR_NOOP("nothing in the sample varies (every labelled outcome is the same), so no "
                    "interval can be given")},
    };
    for (const auto &[english, source] : reasons) {
        if (reason == english())
            return tr(source);
    }
    static const QRegularExpression draws(uR"(^(\d+) of (\d+) draws undefined$)"_s);
    if (const QRegularExpressionMatch m = draws.match(reason); m.hasMatch())
        return tr("%1 of %2 draws undefined").arg(m.captured(1), m.captured(2));
    static const QRegularExpression outOfReach(
        uR"(^even with every judged item labelled the interval would be ±([0-9.]+)$)"_s);
    if (const QRegularExpressionMatch m = outOfReach.match(reason); m.hasMatch())
        return tr("even with every judged item labelled the interval would be ±%1")
            .arg(m.captured(1));
    return reason;
}

QString CoreText::benchmarkName(const QString &key)
{
    if (key == QLatin1StringView(BenchmarkKey::Drb2))
        return tr("DeepResearch Bench II");
    if (key == QLatin1StringView(BenchmarkKey::ResearchRubrics))
        return tr("ResearchRubrics");
    if (key == QLatin1StringView(BenchmarkKey::PdrBench))
        return tr("PDR-Bench");
    if (key == QLatin1StringView(BenchmarkKey::ReportBench))
        return tr("ReportBench");
    return key;
}

QString CoreText::leaderboardColumn(const LeaderboardColumn &column)
{
    // By the column's key; a ResearchRubrics axis keeps the name the data gives it.
    static const std::pair<const char *, const char *> titles[] = {
        {"info_recall", QT_TR_NOOP("Info recall")},
        {"analysis", QT_TR_NOOP("Analysis")},
        {"presentation", QT_TR_NOOP("Presentation")},
        {"total", QT_TR_NOOP("Total")},
        {"blocked", QT_TR_NOOP("Blocked rate")},
        {"compliance", QT_TR_NOOP("Compliance")},
        {"precision_micro", QT_TR_NOOP("Precision (micro)")},
        {"precision_macro", QT_TR_NOOP("Precision (macro)")},
        {"recall_micro", QT_TR_NOOP("Recall (micro)")},
        {"recall_macro", QT_TR_NOOP("Recall (macro)")},
        {"refs_per_report", QT_TR_NOOP("Refs per report")},
        {"P", QT_TR_NOOP("P (personalization)")},
        {"Q", QT_TR_NOOP("Q (quality)")},
        {"R", QT_TR_NOOP("R (reliability)")},
        {"R_n", QT_TR_NOOP("R n (reports)")},
        {"overall", QT_TR_NOOP("Overall")},
    };
    for (const auto &[key, source] : titles) {
        if (column.key == QLatin1StringView(key))
            return tr(source);
    }
    if (column.key.startsWith("dim:"_L1)) {
        const QString dimension = column.key.sliced(4);
        if (QString title = pdrTitle(dimension); !title.isEmpty())
            return title;
    }
    return column.title;
}

QString CoreText::pdrDimension(const QString &key)
{
    if (QString title = pdrTitle(key); !title.isEmpty())
        return title;
    // A key PDR-Bench does not define came with the data: readable, not translated.
    QString title = key;
    title.replace(u'_', u' ');
    if (!title.isEmpty())
        title[0] = title.at(0).toUpper();
    return title;
}

QString CoreText::pdrTitle(const QString &key)
{
    static const std::pair<const char *, const char *> titles[] = {
        {PdrFamily::Personalization, QT_TR_NOOP("Personalization")},
        {PdrFamily::Quality, QT_TR_NOOP("Quality")},
        {"goal_alignment", QT_TR_NOOP("Goal alignment")},
        {"content_alignment", QT_TR_NOOP("Content alignment")},
        {"presentation_fit", QT_TR_NOOP("Presentation fit")},
        {"actionability_practicality", QT_TR_NOOP("Actionability practicality")},
        {"depth_insight", QT_TR_NOOP("Depth insight")},
        {"logical_coherence", QT_TR_NOOP("Logical coherence")},
        {"clarity_readability", QT_TR_NOOP("Clarity readability")},
    };
    for (const auto &[k, source] : titles) {
        if (key == QLatin1StringView(k))
            return tr(source);
    }
    return {};
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
    // Core's notes, word for word: the English text is the key.
    static const char *const notes[] = {
        QT_TR_NOOP("no task with a usable score"),
        QT_TR_NOOP("no task with a usable score on this dimension"),
        QT_TR_NOOP("no report with a compliance (every criterion failed, or no positive weight)"),
        QT_TR_NOOP("no criterion of this axis was judged"),
        QT_TR_NOOP(
            "no report with a value on this axis (only pitfalls, or every criterion failed)"),
        QT_TR_NOOP("every report was dropped"),
        QT_TR_NOOP("no report names a paper"),
        QT_TR_NOOP("no criterion of this dimension was judged"),
        QT_TR_NOOP("every criterion of this dimension failed"),
        QT_TR_NOOP("no report with a usable P"),
        QT_TR_NOOP("no report with a usable Q"),
        QT_TR_NOOP("no report whose support was judged"),
        QT_TR_NOOP("none of P, Q, R has a value"),
    };
    for (const char *source : notes) {
        if (note == QLatin1StringView(source))
            return tr(source);
    }
    return note;
}

} // namespace Rubricate
