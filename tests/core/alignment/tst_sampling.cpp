// Sampling for annotation: proportional allocation with one per stratum, seeded draws, the
// sample size for an interval width, balanced assignment with overlap, the review order.
#include "alignment/sampling.h"

#include <QSet>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// `reports` reports by two models, each with `perReport` rubrics over three dimensions.
QList<SampleUnit> population(int reports, int perReport)
{
    const QString dimensions[] = {u"info_recall"_s, u"analysis"_s, u"presentation"_s};
    QList<SampleUnit> out;
    for (int r = 1; r <= reports; ++r) {
        for (int i = 0; i < perReport; ++i) {
            // Skewed like DRB-II: most rubrics are info_recall.
            const QString dimension = dimensions[i % 10 < 7 ? 0 : i % 10 < 9 ? 1 : 2];
            const QString model = r % 2 ? u"ModelA"_s : u"ModelB"_s;
            out.append({RowId(r), RowId(r * 1000 + i), dimension + u'|' + model, std::nullopt});
        }
    }
    return out;
}

QMap<QString, int> countByStratum(const QList<SampleUnit> &units)
{
    QMap<QString, int> out;
    for (const SampleUnit &u : units)
        ++out[u.stratum];
    return out;
}

RatingRow rating(RowId report, RowId rubric, const QString &rater, double value)
{
    RatingRow r;
    r.reportId = report;
    r.rubricId = rubric;
    r.rater = rater;
    r.judge = rater.startsWith(u"run:"_s);
    r.value = value;
    return r;
}

Assignment item(RowId report, RowId rubric, int position)
{
    return {report, rubric, {u"Ada"_s}, position};
}

// Judged items of three models: `perModel` reports each, six rubrics per report over two
// dimensions; report ids 100·m + r, rubric ids report·10 + i.
QList<RatingRow> judgedItems(int perModel)
{
    QList<RatingRow> rows;
    const QString models[] = {u"ModelA"_s, u"ModelB"_s, u"ModelC"_s};
    for (int m = 0; m < 3; ++m) {
        for (int r = 0; r < perModel; ++r) {
            for (int i = 0; i < 6; ++i) {
                RatingRow row;
                row.reportId = 100 * (m + 1) + r;
                row.rubricId = row.reportId * 10 + i;
                row.model = models[m];
                row.dimension = i < 4 ? u"info_recall"_s : u"analysis"_s;
                row.rater = u"run:1"_s;
                row.judge = true;
                row.value = (r + i) % 2;
                rows << row;
            }
        }
    }
    return rows;
}

QMap<QString, int> addedPerModel(const QList<Assignment> &added, const QList<RatingRow> &items)
{
    QHash<std::pair<RowId, RowId>, QString> modelOf;
    for (const RatingRow &r : items)
        modelOf.insert({r.reportId, r.rubricId}, r.model);
    QMap<QString, int> out;
    for (const Assignment &a : added)
        ++out[modelOf.value({a.reportId, a.rubricId})];
    return out;
}

} // namespace

class TestSampling : public QObject
{
    Q_OBJECT

private slots:
    void allocationSumsToSizeWithinOneOfTheQuota()
    {
        const QMap<QString, int> sizes{{u"a"_s, 500}, {u"b"_s, 300}, {u"c"_s, 150}, {u"d"_s, 50}};
        const int total = 1000;
        for (int size = 0; size <= total + 5; ++size) {
            const QMap<QString, int> allocation = stratumAllocation(sizes, size);
            QCOMPARE(allocation.keys(), sizes.keys());
            int sum = 0;
            for (auto it = allocation.cbegin(); it != allocation.cend(); ++it) {
                const double quota = double(qMin(size, total)) * sizes.value(it.key()) / total;
                // From 20 on every quota is at least one and the minimum never has to step in;
                // below, it may take one from a larger stratum.
                const double slack = size >= 20 ? 1 : 2;
                QVERIFY2(std::abs(it.value() - quota) < slack,
                         qPrintable(u"size %1 stratum %2: %3 for a quota of %4"_s.arg(size)
                                        .arg(it.key())
                                        .arg(it.value())
                                        .arg(quota)));
                QVERIFY(it.value() <= sizes.value(it.key()));
                if (size >= int(sizes.size()))
                    QVERIFY2(it.value() >= 1, qPrintable(u"size %1"_s.arg(size)));
                sum += it.value();
            }
            QCOMPARE(sum, qMin(size, total));
        }
    }

    void largestRemaindersGetTheLeftovers()
    {
        // Quotas 3.5, 2.25, 1.25 for 7 of 28: integer parts 3+2+1, one left for the .5.
        const QMap<QString, int> allocation
            = stratumAllocation({{u"x"_s, 14}, {u"y"_s, 9}, {u"z"_s, 5}}, 7);
        QCOMPARE(allocation.value(u"x"_s), 4);
        QCOMPARE(allocation.value(u"y"_s), 2);
        QCOMPARE(allocation.value(u"z"_s), 1);
    }

    void atLeastOnePerStratumWhenSizeAllows()
    {
        const QMap<QString, int> sizes{
            {u"big"_s, 990}, {u"t1"_s, 4}, {u"t2"_s, 3}, {u"t3"_s, 2}, {u"t4"_s, 1}};
        QMap<QString, int> five = stratumAllocation(sizes, 5);
        for (int count : std::as_const(five))
            QCOMPARE(count, 1);
        const QMap<QString, int> twenty = stratumAllocation(sizes, 20);
        QCOMPARE(twenty.value(u"big"_s), 16);
        for (const QString &tiny : {u"t1"_s, u"t2"_s, u"t3"_s, u"t4"_s})
            QCOMPARE(twenty.value(tiny), 1);
        // Fewer than there are strata: no minimum, still the right total.
        const QMap<QString, int> three = stratumAllocation(sizes, 3);
        int sum = 0;
        for (int count : three)
            sum += count;
        QCOMPARE(sum, 3);
        QCOMPARE(three.value(u"big"_s), 3);
    }

    void sampleFollowsTheAllocation()
    {
        const QList<SampleUnit> all = population(20, 30); // 600 units, 6 strata
        const QList<SampleUnit> sample = stratifiedSample(all, 97, 7);
        QCOMPARE(sample.size(), 97);
        QCOMPARE(countByStratum(sample), stratumAllocation(countByStratum(all), 97));
        QSet<RowId> rubrics;
        qsizetype last = -1;
        for (const SampleUnit &u : sample) {
            QVERIFY(!rubrics.contains(u.rubricId));
            rubrics.insert(u.rubricId);
            // Drawn from the population, and returned in its order.
            const qsizetype at = all.indexOf(u);
            QVERIFY(at > last);
            last = at;
        }
    }

    void sameSeedSameSampleOtherSeedOther()
    {
        const QList<SampleUnit> all = population(20, 30);
        const QList<SampleUnit> a = stratifiedSample(all, 50, 12345);
        QCOMPARE(stratifiedSample(all, 50, 12345), a);
        const QList<SampleUnit> b = stratifiedSample(all, 50, 12346);
        QCOMPARE(b.size(), a.size());
        QVERIFY(b != a);
        QCOMPARE(countByStratum(b), countByStratum(a)); // the allocation does not depend on it
    }

    void sizeAtLeastThePopulationTakesEverything()
    {
        const QList<SampleUnit> all = population(3, 4);
        QCOMPARE(stratifiedSample(all, int(all.size()), 1), all);
        QCOMPARE(stratifiedSample(all, 1000, 1), all);
        QVERIFY(stratifiedSample(all, 0, 1).isEmpty());
        QVERIFY(stratifiedSample({}, 5, 1).isEmpty());
    }

    void halfWidthFormula()
    {
        // n = z²p(1−p)/w²: 1.96² · 0.8 · 0.2 / 0.05² = 245.85 → 246.
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0.05), 246);
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0.05, 0.95), 246);
        QCOMPARE(sampleSizeForHalfWidth(0.5, 0.05), 385); // the conservative p
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0.05, 0.99), 425); // z = 2.576
        // Finite population correction: 245.85 / (1 + 244.85 / 1000) = 197.5 → 198.
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0.05, 0.95, 1000), 198);
        QCOMPARE(sampleSizeForHalfWidth(0.5, 0.05, 0.95, 200), 132);
        QCOMPARE(sampleSizeForHalfWidth(0.5, 0.05, 0.95, 10), 10); // never above N
        // Narrower intervals need more items.
        QVERIFY(sampleSizeForHalfWidth(0.8, 0.025) > 4 * 245);
        QCOMPARE(sampleSizeForHalfWidth(1.0, 0.05), 1);
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0), 0);
        QCOMPARE(sampleSizeForHalfWidth(1.2, 0.05), 0);
        QCOMPARE(sampleSizeForHalfWidth(0.8, 0.05, 1.0), 0);
    }

    void assignmentHasOverlapAndBalance_data()
    {
        QTest::addColumn<int>("annotators");
        QTest::addColumn<int>("overlap");
        QTest::addColumn<int>("items");
        QTest::newRow("3 people, 2 each") << 3 << 2 << 101;
        QTest::newRow("4 people, 2 each") << 4 << 2 << 97;
        QTest::newRow("5 people, 3 each") << 5 << 3 << 64;
        QTest::newRow("everyone") << 3 << 3 << 20;
        QTest::newRow("one each") << 4 << 1 << 41;
        QTest::newRow("more people than items") << 6 << 2 << 2;
    }

    void assignmentHasOverlapAndBalance()
    {
        QFETCH(int, annotators);
        QFETCH(int, overlap);
        QFETCH(int, items);
        QStringList people;
        for (int i = 0; i < annotators; ++i)
            people << u"annotator%1"_s.arg(i);
        const QList<SampleUnit> sample = stratifiedSample(population(30, 12), items, 3);
        QCOMPARE(sample.size(), items);
        const QList<Assignment> assigned = assign(sample, people, overlap, 99);
        QCOMPARE(assigned.size(), sample.size());

        QHash<QString, int> load;
        QHash<std::pair<QString, QString>, int> pairs;
        QSet<std::pair<RowId, RowId>> covered;
        QList<RowId> reportOrder;
        for (int i = 0; i < assigned.size(); ++i) {
            const Assignment &a = assigned.at(i);
            QCOMPARE(a.position, i);
            QCOMPARE(a.annotators.size(), overlap);
            QCOMPARE(QSet<QString>(a.annotators.cbegin(), a.annotators.cend()).size(), overlap);
            covered.insert({a.reportId, a.rubricId});
            for (const QString &p : a.annotators) {
                QVERIFY(people.contains(p));
                ++load[p];
                for (const QString &q : a.annotators) {
                    if (p < q)
                        ++pairs[{p, q}];
                }
            }
            if (reportOrder.isEmpty() || reportOrder.constLast() != a.reportId) {
                // A report's items come together: a report once left does not come back.
                QVERIFY(!reportOrder.contains(a.reportId));
                reportOrder.append(a.reportId);
            }
        }
        QCOMPARE(covered.size(), sample.size());
        int least = std::numeric_limits<int>::max(), most = 0;
        for (const QString &p : people) {
            least = qMin(least, load.value(p));
            most = qMax(most, load.value(p));
        }
        QVERIFY2(most - least <= 1, qPrintable(u"loads %1 to %2"_s.arg(least).arg(most)));
        // With enough items every pair of annotators shares some, for pairwise agreement.
        if (overlap >= 2 && items >= 20) {
            for (int i = 0; i < annotators; ++i) {
                for (int j = i + 1; j < annotators; ++j)
                    QVERIFY(pairs.value({people.at(i), people.at(j)}) > 0);
            }
        }
        QCOMPARE(assign(sample, people, overlap, 99), assigned);
    }

    void assignmentRefusesImpossibleOverlap()
    {
        const QList<SampleUnit> sample = population(2, 3);
        QVERIFY(assign(sample, {u"a"_s, u"b"_s}, 0, 1).isEmpty());
        QVERIFY(assign(sample, {u"a"_s, u"b"_s}, 3, 1).isEmpty());
        // Repeats and blanks are not people.
        QVERIFY(assign(sample, {u"a"_s, u" a "_s, u""_s}, 2, 1).isEmpty());
        const QList<Assignment> one = assign(sample, {u"a"_s, u" a "_s, u""_s}, 1, 1);
        QCOMPARE(one.size(), sample.size());
        for (const Assignment &a : one)
            QCOMPARE(a.annotators, QStringList{u"a"_s});
        QCOMPARE(annotatorList(u" Ada, Bo,,Ada , Cy"_s), (QStringList{u"Ada"_s, u"Bo"_s, u"Cy"_s}));
    }

    void disagreementsComeFirst()
    {
        // Input order: E D C B A F G.
        const QList<Assignment> items
            = {item(5, 50, 0), item(4, 40, 1), item(3, 30, 2), item(2, 20, 3),
               item(1, 10, 4), item(6, 60, 5), item(7, 70, 6)};
        const QList<RatingRow> ratings = {
            rating(1, 10, u"run:2"_s, 1), rating(1, 10, u"human:Ada"_s, 0), // A: judge vs person
            rating(2, 20, u"human:Ada"_s, 1), rating(2, 20, u"human:Bo"_s, 0), // B: people differ
            rating(3, 30, u"run:2"_s, 1), // C: the judge alone
            rating(4, 40, u"run:2"_s, 1), rating(4, 40, u"human:Ada"_s, 1), // D: agreement
            // E: nothing
            rating(6, 60, u"run:1"_s, 0), rating(6, 60, u"run:2"_s, 1), // F: the newest run
            rating(6, 60, u"human:Ada"_s, 1), //    agrees with Ada, the older one does not
            rating(7, 70, u"human:Bo"_s, 0.5), // G: one person
            rating(9, 90, u"human:Bo"_s, 1), rating(9, 90, u"run:2"_s, 0), // not in the sample
        };
        RatingRow error = rating(5, 50, u"run:2"_s, 0);
        error.value.reset(); // a judge error is no label
        QList<RatingRow> withError = ratings;
        withError.append(error);

        const QList<ReviewItem> order = disagreementsFirst(items, withError);
        QList<RowId> reports;
        for (const ReviewItem &r : order)
            reports << r.reportId;
        QCOMPARE(reports, (QList<RowId>{2, 1, 3, 7, 5, 4, 6}));
        QCOMPARE(order.at(0).group, ReviewGroup::Disagreement);
        QCOMPARE(order.at(1).group, ReviewGroup::Disagreement);
        QCOMPARE(order.at(2).group, ReviewGroup::SingleLabel);
        QCOMPARE(order.at(3).group, ReviewGroup::SingleLabel);
        QCOMPARE(order.at(4).labels, 0);
        QCOMPARE(order.at(4).group, ReviewGroup::Rest);
        QCOMPARE(order.at(6).labels, 2); // one judge run and Ada

        // Against the older run, F disagrees and moves up.
        const QList<ReviewItem> older = disagreementsFirst(items, ratings, u"run:1"_s);
        reports.clear();
        for (const ReviewItem &r : older)
            reports << r.reportId;
        // run:1 rated only F: A and D keep one label (Ada's), C none.
        QCOMPARE(reports, (QList<RowId>{2, 6, 4, 1, 7, 5, 3}));
    }

    void unitsAndPlan()
    {
        QList<RatingRow> rows;
        for (int report = 1; report <= 4; ++report) {
            for (int rubric = 0; rubric < 6; ++rubric) {
                RatingRow r;
                r.reportId = report;
                r.rubricId = rubric;
                r.model = report % 2 ? u"ModelA"_s : u"ModelB"_s;
                r.dimension = rubric < 4 ? u"info_recall"_s : u"analysis"_s;
                r.language = u"en"_s;
                rows << r;
            }
        }
        RatingRow judged = rows.at(0);
        judged.rater = u"run:3"_s;
        judged.judge = true;
        judged.value = 1;
        rows << judged; // a second row of the same item counts once

        const QList<SampleUnit> units
            = sampleUnits(rows, {RatingAttribute::Dimension, RatingAttribute::Model});
        QCOMPARE(units.size(), 24);
        QCOMPARE(units.at(0).stratum, u"info_recall|ModelA"_s);
        QCOMPARE(units.at(0).judgeValue, std::optional<double>(1));
        QCOMPARE(units.at(1).judgeValue, std::nullopt);
        QCOMPARE(sampleUnits(rows, {}).at(5).stratum, QString());

        SampleRequest request;
        request.size = 9;
        request.annotators = {u"Ada"_s, u"Bo"_s, u"Cy"_s};
        request.overlap = 2;
        request.seed = 5;
        const SamplePlan plan = planSample(rows, request);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(plan.population, 24);
        QCOMPARE(plan.size, 9);
        QCOMPARE(plan.sample.size(), 9);
        QCOMPARE(plan.strata.size(), 4);
        int sampled = 0;
        for (const StratumCount &s : plan.strata)
            sampled += s.sampled;
        QCOMPARE(sampled, 9);
        QCOMPARE(plan.assignments.size(), 9);
        QCOMPARE(plan.loads,
                 (QList<std::pair<QString, int>>{{u"Ada"_s, 6}, {u"Bo"_s, 6}, {u"Cy"_s, 6}}));

        request.halfWidth = 0.2; // 1.96² · 0.16 / 0.04 = 15.4, corrected for N = 24: 10
        QCOMPARE(planSample(rows, request).size, sampleSizeForHalfWidth(0.8, 0.2, 0.95, 24));
        QCOMPARE(planSample(rows, request).size, 10);

        request.halfWidth.reset();
        request.annotators.clear();
        const SamplePlan nobody = planSample(rows, request);
        QVERIFY(!nobody.error.isEmpty());
        QCOMPARE(nobody.sample.size(), 9); // the preview still shows the sample
        QVERIFY(nobody.assignments.isEmpty());
        QVERIFY(!planSample({}, request).error.isEmpty());
    }

    void extensionAddsPerModelWithoutRedrawing()
    {
        const QList<RatingRow> items = judgedItems(10); // 60 items per model
        SampleRequest request;
        request.size = 18;
        request.annotators = {u"Ada"_s, u"Bo"_s, u"Cy"_s};
        request.overlap = 2;
        request.seed = 11;
        const SamplePlan first = planSample(items, request);
        QVERIFY2(first.error.isEmpty(), qPrintable(first.error));
        const QList<Assignment> existing = first.assignments;

        // ModelC's target is not reachable: 0 more, and it gets nothing.
        const QMap<QString, int> extra{{u"ModelA"_s, 7}, {u"ModelB"_s, 3}, {u"ModelC"_s, 0}};
        const SampleExtension ext = extendSample(items, existing, extra, request.seed);
        QVERIFY2(ext.error.isEmpty(), qPrintable(ext.error));
        QCOMPARE(addedPerModel(ext.assignments, items),
                 (QMap<QString, int>{{u"ModelA"_s, 7}, {u"ModelB"_s, 3}}));
        QCOMPARE(ext.strata.size(), 3);
        QCOMPARE(ext.strata.at(0).stratum, u"ModelA"_s);
        QCOMPARE(ext.strata.at(0).population, 60 - 6); // the first draw took 6 of each model
        QCOMPARE(ext.strata.at(0).sampled, 7);
        QCOMPARE(ext.strata.at(2).sampled, 0);

        // Never an item the sample has, never twice, positions after the sample's.
        QSet<std::pair<RowId, RowId>> seen;
        int lastPosition = -1;
        for (const Assignment &a : existing) {
            seen.insert({a.reportId, a.rubricId});
            lastPosition = qMax(lastPosition, a.position);
        }
        QSet<int> positions;
        for (const Assignment &a : ext.assignments) {
            QVERIFY(!seen.contains({a.reportId, a.rubricId}));
            seen.insert({a.reportId, a.rubricId});
            QVERIFY(a.position > lastPosition);
            QVERIFY(!positions.contains(a.position));
            positions.insert(a.position);
            // The study's overlap, its annotators.
            QCOMPARE(a.annotators.size(), 2);
            for (const QString &name : a.annotators)
                QVERIFY(request.annotators.contains(name));
        }
        // The loads over the whole sample stay within one: 18·2 + 10·2 = 56 over three.
        QMap<QString, int> total;
        for (const auto &[name, load] : first.loads)
            total[name] += load;
        for (const auto &[name, load] : ext.loads)
            total[name] += load;
        QCOMPARE(total.size(), 3);
        const auto [least, most] = std::minmax_element(total.cbegin(), total.cend());
        QVERIFY(*most - *least <= 1);

        // The same seed and sample: the same items; another seed: others.
        QCOMPARE(extendSample(items, existing, extra, request.seed).assignments, ext.assignments);
        QVERIFY(extendSample(items, existing, extra, request.seed + 1).assignments
                != ext.assignments);
        // One model's count never moves another's draw.
        const QMap<QString, int> onlyA{{u"ModelA"_s, 7}};
        const auto keys = [](const QList<Assignment> &list) {
            QSet<std::pair<RowId, RowId>> out;
            for (const Assignment &a : list)
                out.insert({a.reportId, a.rubricId});
            return out;
        };
        const QSet<std::pair<RowId, RowId>> fromA
            = keys(extendSample(items, existing, onlyA, request.seed).assignments);
        QVERIFY(keys(ext.assignments).contains(fromA));
    }

    void extensionTakesWhatIsLeftAndRefusesNothing()
    {
        const QList<RatingRow> items = judgedItems(1); // 6 items per model
        const QList<Assignment> existing{{100, 1000, {u"Ada"_s}, 0}, {200, 2000, {u"Ada"_s}, 1}};
        // Asked for more than is left: all of it, once.
        const SampleExtension all = extendSample(items, existing, {{u"ModelA"_s, 50}}, 3);
        QVERIFY(all.error.isEmpty());
        QCOMPARE(all.assignments.size(), 5);
        QCOMPARE(all.assignments.constFirst().position, 2);
        QCOMPARE(all.loads, (QList<std::pair<QString, int>>{{u"Ada"_s, 5}}));

        QVERIFY(!extendSample(items, existing, {{u"ModelA"_s, 0}}, 3).error.isEmpty());
        QVERIFY(!extendSample(items, {}, {{u"ModelA"_s, 2}}, 3).error.isEmpty());
        QVERIFY(!extendSample(items, existing, {{u"Unknown"_s, 2}}, 3).error.isEmpty());
    }

    void extensionAllocationIsProportionalToWhatIsLeft()
    {
        const QList<RatingRow> items = judgedItems(2); // 12 items per model
        QList<Assignment> existing;
        for (int i = 0; i < 6; ++i) // half of ModelA sampled
            existing.append({100 + i / 6, RowId((100 + i / 6) * 10 + i), {u"Ada"_s}, i});
        const QMap<QString, int> allocation = extensionAllocation(items, existing, 10);
        QCOMPARE(allocation,
                 (QMap<QString, int>{{u"ModelA"_s, 2}, {u"ModelB"_s, 4}, {u"ModelC"_s, 4}}));
    }
};

QTEST_GUILESS_MAIN(TestSampling)
#include "tst_sampling.moc"
