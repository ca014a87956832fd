#include "alignment.h"

#include "agreement/kappa.h"

#include <QMap>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString unitKey(RowId report, RowId rubric)
{
    return u"%1:%2"_s.arg(report).arg(rubric);
}

bool passes(const RatingRow &row, const AlignmentOptions &options)
{
    if (row.benchmarkKey != options.benchmarkKey)
        return false;
    for (auto it = options.filters.cbegin(); it != options.filters.cend(); ++it) {
        if (!it.value().isEmpty() && ratingAttributeValue(row, it.key()) != it.value())
            return false;
    }
    return options.subset.isEmpty() || options.subset.contains({row.reportId, row.rubricId});
}

// The same raters on a subset of the units, clusters kept.
LabelTable unitSubset(const LabelTable &table, const QList<qsizetype> &units)
{
    LabelTable out(table.categories(), table.raters());
    for (qsizetype u : units) {
        const qsizetype at = out.addUnit(table.unitName(u), table.clusterName(table.clusterOf(u)));
        for (qsizetype r = 0; r < table.raterCount(); ++r)
            out.setValue(at, r, table.value(u, r));
    }
    return out;
}

// A prepared statistic's value on `table` and, when asked for, its bootstrap interval over
// the table's units (or clusters).
template<typename Statistic>
Estimate estimateOn(const LabelTable &table, const AlignmentOptions &options,
                    const Statistic &statistic)
{
    Estimate e;
    e.point = statistic.compute();
    if (!options.intervals || !e.point.isDefined())
        return e;
    const BootstrapInterval interval = bootstrap(
        table, [&statistic](std::span<const int> m) { return statistic(m); }, options.bootstrap);
    e.lower = interval.lower;
    e.upper = interval.upper;
    if (!interval.hasInterval())
        e.intervalNote = interval.undefinedReason;
    else if (interval.undefinedDraws > 0)
        e.intervalNote = u"%1 of %2 draws undefined"_s.arg(interval.undefinedDraws)
                             .arg(interval.definedDraws + interval.undefinedDraws);
    return e;
}

template<typename Statistic>
Estimate estimate(const LabelTable &pair, const AlignmentOptions &options,
                  const std::function<Statistic(const LabelTable &)> &make)
{
    const LabelTable pairable = pairableUnits(pair);
    return estimateOn(pairable, options, make(pairable));
}

// The four statistics of two raters (columns 0 and 1 of `pair`; 1 is the reference).
void fillStatistics(const LabelTable &pair, const AlignmentOptions &options, Estimate *percent,
                    Estimate *kappa, Estimate *f1, Estimate *alpha)
{
    *percent = estimate<PercentAgreement>(pair, options,
                                          [](const LabelTable &t) { return PercentAgreement(t); });
    *kappa = estimate<CohenKappa>(pair, options,
                                  [](const LabelTable &t) { return CohenKappa(t, 0, 1); });
    *f1 = estimate<MacroF1>(
        pair, options, [&options](const LabelTable &t) { return MacroF1(t, 1, 0, options.f1); });
    *alpha = estimate<KrippendorffAlpha>(pair, options, [&options](const LabelTable &t) {
        return KrippendorffAlpha(t, options.level);
    });
}

// Adds the human majority column: the most frequent annotator value on the collapsed labels;
// a tie for the top is counted and gives no majority.
void addMajority(LabelTable *table, const QList<qsizetype> &humanColumns, AlignmentReport *report)
{
    const qsizetype majority = table->addRater(HumanMajority);
    report->raterNames.insert(HumanMajority, u"human majority"_s);
    for (qsizetype u = 0; u < table->unitCount(); ++u) {
        QMap<double, int> counts;
        for (qsizetype h : humanColumns) {
            if (const auto v = table->value(u, h))
                ++counts[*v];
        }
        if (counts.isEmpty())
            continue;
        int best = 0, atBest = 0;
        double value = 0;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            if (it.value() > best) {
                best = it.value();
                atBest = 1;
                value = it.key();
            } else if (it.value() == best) {
                ++atBest;
            }
        }
        if (atBest > 1)
            ++report->majorityTies;
        else
            table->setValue(u, majority, value);
    }
}

void countAnnotatorLabels(const LabelTable &table, const QList<qsizetype> &humanColumns,
                          AlignmentReport *report)
{
    for (qsizetype h : humanColumns) {
        AnnotatorLabels labels;
        labels.rater = table.raters().at(h);
        labels.perCategory.fill(0, table.categoryCount());
        for (qsizetype u = 0; u < table.unitCount(); ++u) {
            if (const int code = table.code(u, h); code != LabelTable::Missing) {
                ++labels.items;
                ++labels.perCategory[code];
            }
        }
        report->annotatorLabels.append(labels);
    }
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        int people = 0;
        for (qsizetype h : humanColumns)
            people += table.code(u, h) != LabelTable::Missing ? 1 : 0;
        if (people > 0)
            ++report->itemsByAnnotatorCount[people];
    }
}

// Krippendorff's alpha and Fleiss' kappa of all annotators at once, with intervals.
void compareAnnotatorsTogether(const LabelTable &table, const QList<qsizetype> &humanColumns,
                               const AlignmentOptions &options, AlignmentReport *report)
{
    if (humanColumns.isEmpty()) {
        report->annotatorsAlpha.point = report->annotatorsFleiss.point
            = StatResult::undefined(UndefinedReason::fewerThanTwoRaters());
        return;
    }
    const LabelTable people = selectRaters(table, humanColumns);
    const LabelTable pairable = pairableUnits(people);
    report->annotatorsAlpha
        = estimateOn(pairable, options, KrippendorffAlpha(pairable, options.level));
    // Fleiss' kappa sees every item somebody labelled, so that an item only one person
    // labelled makes the numbers of labels unequal instead of silently dropping out.
    QList<qsizetype> labelled;
    for (qsizetype u = 0; u < people.unitCount(); ++u) {
        if (people.valuesInUnit(u) > 0)
            labelled << u;
    }
    const LabelTable rated = unitSubset(people, labelled);
    report->annotatorsFleiss = estimateOn(rated, options, FleissKappa(rated));
}

} // namespace

QString ratingAttributeKey(RatingAttribute attribute)
{
    switch (attribute) {
    case RatingAttribute::Dimension:
        return u"dimension"_s;
    case RatingAttribute::Task:
        return u"task"_s;
    case RatingAttribute::Model:
        return u"model"_s;
    case RatingAttribute::Persona:
        return u"persona"_s;
    case RatingAttribute::Language:
        return u"language"_s;
    case RatingAttribute::Theme:
        return u"theme"_s;
    }
    return {};
}

std::optional<RatingAttribute> ratingAttributeFromKey(const QString &key)
{
    for (auto a : {RatingAttribute::Dimension, RatingAttribute::Task, RatingAttribute::Model,
                   RatingAttribute::Persona, RatingAttribute::Language, RatingAttribute::Theme}) {
        if (ratingAttributeKey(a) == key)
            return a;
    }
    return std::nullopt;
}

QString ratingAttributeValue(const RatingRow &row, RatingAttribute attribute)
{
    switch (attribute) {
    case RatingAttribute::Dimension:
        return row.dimension;
    case RatingAttribute::Task:
        return row.taskExternalId;
    case RatingAttribute::Model:
        return row.model;
    case RatingAttribute::Persona:
        return row.persona;
    case RatingAttribute::Language:
        return row.language;
    case RatingAttribute::Theme:
        return row.theme;
    }
    return {};
}

QStringList ratersOf(const QList<RatingRow> &rows, const QString &benchmarkKey, bool judges)
{
    QMap<qint64, QString> runs; // by id, for newest-first
    QStringList people;
    for (const RatingRow &r : rows) {
        if (r.benchmarkKey != benchmarkKey || r.judge != judges)
            continue;
        if (judges)
            runs.insert(r.rater.mid(4).toLongLong(), r.rater);
        else if (r.rater != GoldRater && !people.contains(r.rater))
            people.append(r.rater);
    }
    if (!judges) {
        people.sort();
        return people;
    }
    QStringList out = runs.values();
    std::reverse(out.begin(), out.end()); // newest run first
    return out;
}

const Comparison *AlignmentReport::mainComparison() const
{
    for (const Comparison &c : comparisons) {
        if (c.raterA == mainJudge && c.raterB == mainHuman)
            return &c;
    }
    return nullptr;
}

AlignmentReport computeAlignment(const QList<RatingRow> &rows, const AlignmentOptions &options)
{
    AlignmentReport report;
    report.options = options;
    QList<const RatingRow *> kept;
    for (const RatingRow &r : rows) {
        if (passes(r, options) && !(options.annotatorsOnly && r.judge))
            kept.append(&r);
    }
    if (kept.isEmpty()) {
        report.error = u"No ratings of %1 pass the filters."_s.arg(options.benchmarkKey);
        return report;
    }
    if (!options.annotatorsOnly)
        report.judges = ratersOf(rows, options.benchmarkKey, true);
    report.annotators = ratersOf(rows, options.benchmarkKey, false);
    report.annotatorsOnly = report.judges.isEmpty();
    if (report.annotatorsOnly && report.annotators.size() < 2) {
        const QString found = u"%1 annotator(s) labelled %2 items"_s.arg(report.annotators.size())
                                  .arg(options.benchmarkKey);
        report.error = options.annotatorsOnly
            ? u"Agreement among annotators needs at least two; "_s + found + u'.'
            : u"No judge run has rated these items, and agreement among annotators alone needs "
              "at least two; "_s
                + found + u'.';
        return report;
    }

    report.hasGold = std::any_of(kept.cbegin(), kept.cend(),
                                 [](const RatingRow *r) { return r->rater == GoldRater; });

    // Every rater on every kept item; judge errors stay empty cells.
    LabelTable raw
        = LabelTable::forScale(kept.constFirst()->scale,
                               report.judges + report.annotators
                                   + (report.hasGold ? QStringList{GoldRater} : QStringList{}));
    QHash<qsizetype, const RatingRow *> firstRowOfUnit;
    for (const RatingRow *r : std::as_const(kept)) {
        report.raterNames.insert(r->rater, r->raterName);
        const QString unit = unitKey(r->reportId, r->rubricId);
        const qsizetype u = raw.addUnit(unit, r->taskExternalId);
        firstRowOfUnit.insert(u, r);
        if (!r->value) {
            report.judgeErrors += r->judge ? 1 : 0;
            continue;
        }
        raw.set(unit, r->rater, r->value, r->taskExternalId);
    }
    LabelTable table = collapsed(raw, options.collapse);
    report.categories = table.categories();
    QList<qsizetype> humanColumns;
    for (const QString &h : std::as_const(report.annotators))
        humanColumns.append(table.raterIndex(h));
    countAnnotatorLabels(table, humanColumns, &report);
    if (!report.annotatorsOnly)
        addMajority(&table, humanColumns, &report);

    report.mainJudge = report.annotatorsOnly ? QString()
        : options.judge.isEmpty()            ? report.judges.value(0)
                                             : options.judge;
    report.mainHuman = report.annotatorsOnly ? QString()
        : options.human.isEmpty()            ? HumanMajority
                                             : options.human;
    if (!report.annotatorsOnly && table.raterIndex(report.mainJudge) < 0) {
        report.error = u"No judge run has rated these items."_s;
        report.table = table;
        return report;
    }

    const auto pairTable = [&table](const QString &a, const QString &b) {
        return selectRaters(table, {table.raterIndex(a), table.raterIndex(b)});
    };
    const auto compare = [&](const QString &kind, const QString &a, const QString &b) {
        Comparison c;
        c.kind = kind;
        c.raterA = a;
        c.raterB = b;
        c.nameA = report.raterNames.value(a, a);
        c.nameB = report.raterNames.value(b, b);
        const LabelTable pair = pairTable(a, b);
        c.n = pairableUnits(pair).unitCount();
        fillStatistics(pair, options, &c.percent, &c.kappa, &c.macroF1, &c.alpha);
        c.confusion = confusionMatrix(pair, 1, 0);
        report.comparisons.append(c);
    };
    for (const QString &j : std::as_const(report.judges)) {
        if (report.hasGold)
            compare(u"judge-gold"_s, j, GoldRater);
        if (!report.annotators.isEmpty())
            compare(u"judge-majority"_s, j, HumanMajority);
        for (const QString &h : std::as_const(report.annotators))
            compare(u"judge-human"_s, j, h);
    }
    for (qsizetype i = 0; i < report.annotators.size(); ++i) {
        for (qsizetype k = i + 1; k < report.annotators.size(); ++k)
            compare(u"human-human"_s, report.annotators.at(i), report.annotators.at(k));
    }
    for (qsizetype i = 0; i < report.judges.size(); ++i) {
        for (qsizetype k = i + 1; k < report.judges.size(); ++k)
            compare(u"judge-judge"_s, report.judges.at(i), report.judges.at(k));
    }

    compareAnnotatorsTogether(table, humanColumns, options, &report);
    QList<qsizetype> everyone;
    if (!report.annotatorsOnly)
        everyone << table.raterIndex(report.mainJudge);
    everyone += humanColumns;
    const LabelTable judgeAndPeople = selectRaters(table, everyone);
    for (AlphaLevel level :
         {AlphaLevel::Nominal, AlphaLevel::Ordinal, AlphaLevel::Interval, AlphaLevel::Ratio})
        report.alphaByLevel.append({level, krippendorffAlpha(judgeAndPeople, level)});

    // The main comparison, group by group, and where it disagrees.
    if (table.raterIndex(report.mainHuman) >= 0) {
        const LabelTable main = pairTable(report.mainJudge, report.mainHuman);
        QMap<QString, QList<qsizetype>> groups;
        for (qsizetype u = 0; u < main.unitCount(); ++u) {
            const RatingRow *row = firstRowOfUnit.value(u);
            groups[ratingAttributeValue(*row, options.breakdown)].append(u);
            const auto j = main.value(u, 0);
            const auto h = main.value(u, 1);
            if (j && h && *j != *h) {
                int people = 0;
                for (qsizetype c : std::as_const(humanColumns))
                    people += table.value(u, c) ? 1 : 0;
                report.disagreements.append({row->reportId, row->rubricId, row->taskExternalId,
                                             row->model, row->dimension, *j, *h, people});
            }
        }
        for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
            GroupRow g;
            g.group = it.key();
            const LabelTable sub = unitSubset(main, it.value());
            g.n = pairableUnits(sub).unitCount();
            fillStatistics(sub, options, &g.percent, &g.kappa, &g.macroF1, &g.alpha);
            report.breakdown.append(g);
        }
    }
    report.table = table;
    return report;
}

} // namespace Rubricate
