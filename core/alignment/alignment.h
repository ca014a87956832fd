// Who is compared with whom, over the ratings of a project: every judge run against every
// annotator, the judge against the human majority (ties reported), annotators pairwise, all
// annotators together, judge runs against each other; broken down by dimension, task, model,
// persona, language or theme; with bootstrap intervals and the disagreements listed. Pure
// functions over RatingRow values (read from the store by the caller), no I/O.
//
// Before any judge has run (or when asked to), the people are compared among themselves
// alone: an inter-annotator study needs no judge, and judge ratings must not leak into it.
#pragma once

#include "agreement/bootstrap.h"
#include "agreement/confusion.h"
#include "agreement/f1.h"
#include "agreement/krippendorff.h"
#include "agreement/labeltable.h"
#include "domain/labelfilter.h"
#include "domain/types.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

namespace Rubricate {

enum class RatingAttribute { Dimension, Task, Model, Persona, Language, Theme };
QString ratingAttributeKey(RatingAttribute attribute); // "dimension", "task" ...
std::optional<RatingAttribute> ratingAttributeFromKey(const QString &key);
QString ratingAttributeValue(const RatingRow &row, RatingAttribute attribute);

inline const QString HumanMajority = QStringLiteral("majority");

struct AlignmentOptions {
    QString benchmarkKey; // required: one benchmark, one scale
    LabelCollapse collapse = LabelCollapse::None;
    // Filters: an empty value lets everything through.
    QHash<RatingAttribute, QString> filters;
    // A saved subset of items ((report, rubric)); empty: every item.
    QSet<std::pair<RowId, RowId>> subset;
    // Which of the annotators' current labels count, by their provenance. The store applies
    // it when it reads the rows (ProjectStore::ratingRows(key, labels)), where it is cheap;
    // here it travels with the report, so that outputs say which labels were compared.
    LabelFilter labels;
    // The comparison the breakdown, the confusion matrix and the disagreement list are about:
    // a judge run ("run:12"; empty: the newest run with ratings) against an annotator
    // ("human:Ada"), the human majority (HumanMajority, the default) or, when the rows
    // include ProjectStore::goldRatingRows(), the gold labels (GoldRater).
    QString judge;
    QString human = HumanMajority;
    RatingAttribute breakdown = RatingAttribute::Dimension;
    AlphaLevel level = AlphaLevel::Nominal;
    MacroF1Options f1;
    bool intervals = true;
    BootstrapOptions bootstrap; // draws, confidence, seed, units or clusters (tasks)
    // Only the annotators, even when judge runs rated the items: their rows are left out
    // entirely, so the items are those people labelled.
    bool annotatorsOnly = false;
};

// A statistic with its bootstrap interval (no interval when intervals are off).
struct Estimate {
    StatResult point;
    std::optional<double> lower;
    std::optional<double> upper;
    QString intervalNote; // why there is no interval, or how many draws were undefined
};

struct Comparison {
    QString kind; // "judge-human", "judge-majority", "judge-gold", "human-human", "judge-judge"
    QString raterA; // keys: "run:12", "human:Ada", "majority"
    QString raterB;
    QString nameA; // for people: the run's name, the annotator
    QString nameB;
    qsizetype n = 0; // units both rated
    Estimate percent;
    Estimate kappa; // Cohen, unweighted
    Estimate macroF1; // raterB is the reference (people), raterA the prediction (judge)
    Estimate alpha; // at AlignmentOptions::level
    ConfusionMatrix confusion; // rows raterB (reference), columns raterA
};

struct GroupRow {
    QString group;
    qsizetype n = 0;
    Estimate percent;
    Estimate kappa;
    Estimate macroF1;
    Estimate alpha;
};

struct Disagreement {
    RowId reportId = 0;
    RowId rubricId = 0;
    QString task;
    QString model;
    QString dimension;
    double judge = 0;
    double human = 0; // the majority's value, or the annotator's
    int annotators = 0; // people who labelled the item
};

// What one annotator gave, after the collapse: the items labelled and how often each
// category was chosen (in the order of AlignmentReport::categories).
struct AnnotatorLabels {
    QString rater; // key ("human:…"); its name is in AlignmentReport::raterNames
    qsizetype items = 0;
    QList<qsizetype> perCategory;
};

struct AlignmentReport {
    AlignmentOptions options;
    QString error; // set when nothing could be computed (no such benchmark, no judge ...)
    QList<double> categories; // after the collapse
    QStringList judges; // rater keys, newest run first
    QStringList annotators; // rater keys (never GoldRater: gold is not an annotator)
    bool hasGold = false; // the rows had gold labels: each judge run is compared with them
    QHash<QString, QString> raterNames; // key → name
    // No judge is compared: options.annotatorsOnly, or no judge run rated the benchmark. Then
    // there is no main comparison, majority, breakdown or disagreement list; the comparisons
    // are the annotators' pairs.
    bool annotatorsOnly = false;
    QString mainJudge; // empty when annotatorsOnly
    QString mainHuman;
    int majorityTies = 0; // items whose annotators tied: no majority, left out
    int judgeErrors = 0; // judge items without a value (errors): never paired
    QList<Comparison> comparisons;
    Estimate annotatorsAlpha; // all annotators together, at options.level
    // Only where every item people labelled has the same number of labels; otherwise
    // undefined with UndefinedReason::unequalRatingsPerUnit().
    Estimate annotatorsFleiss;
    QList<AnnotatorLabels> annotatorLabels; // in the order of `annotators`
    QMap<int, qsizetype> itemsByAnnotatorCount; // number of annotators → items they labelled
    // Main judge (if any) and people, each level.
    QList<std::pair<AlphaLevel, StatResult>> alphaByLevel;
    QList<GroupRow> breakdown; // the main comparison per group of options.breakdown
    QList<Disagreement> disagreements; // main comparison, in report order
    LabelTable table; // every rater (and "majority") on the filtered, collapsed units

    const Comparison *mainComparison() const;
};

AlignmentReport computeAlignment(const QList<RatingRow> &rows, const AlignmentOptions &options);

// The benchmarks' raters in a project's rows: keys of judge runs and annotators (the gold
// labels are neither).
QStringList ratersOf(const QList<RatingRow> &rows, const QString &benchmarkKey, bool judges);

} // namespace Rubricate
