// Stratified samples, sample sizes, balanced assignment and the review order (sampling.h).
#include "sampling.h"

#include "agreement/normal.h"

#include <QHash>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

using ItemKey = std::pair<RowId, RowId>;

// Fisher–Yates written out rather than std::shuffle, whose algorithm the standard leaves to
// each library: a seed has to give the same order with libstdc++, libc++ and MSVC.
template<typename T>
void shuffle(QList<T> &list, QRandomGenerator &random)
{
    for (qsizetype i = list.size() - 1; i > 0; --i)
        list.swapItemsAt(i, qsizetype(random.bounded(quint32(i + 1))));
}

QStringList cleanAnnotators(const QStringList &names)
{
    QStringList out;
    for (const QString &name : names) {
        const QString n = name.trimmed();
        if (!n.isEmpty() && !out.contains(n))
            out.append(n);
    }
    return out;
}

bool sameValue(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

RowId runIdOf(const QString &rater)
{
    return rater.startsWith(u"run:"_s) ? QStringView(rater).mid(4).toLongLong() : 0;
}

} // namespace

QString stratumOf(const RatingRow &item, const QList<RatingAttribute> &by)
{
    QStringList parts;
    parts.reserve(by.size());
    for (RatingAttribute a : by)
        parts.append(ratingAttributeValue(item, a));
    return parts.join(u'|');
}

QList<SampleUnit> sampleUnits(const QList<RatingRow> &items, const QList<RatingAttribute> &by)
{
    QList<SampleUnit> out;
    QHash<ItemKey, qsizetype> at;
    for (const RatingRow &row : items) {
        const ItemKey key{row.reportId, row.rubricId};
        auto it = at.constFind(key);
        if (it == at.cend()) {
            it = at.insert(key, out.size());
            out.append({row.reportId, row.rubricId, stratumOf(row, by), std::nullopt});
        }
        SampleUnit &unit = out[*it];
        if (row.judge && row.value && !unit.judgeValue)
            unit.judgeValue = row.value;
    }
    return out;
}

QMap<QString, int> stratumAllocation(const QMap<QString, int> &stratumSizes, int size)
{
    QMap<QString, int> allocation;
    qint64 total = 0;
    for (auto it = stratumSizes.cbegin(); it != stratumSizes.cend(); ++it) {
        allocation.insert(it.key(), 0);
        total += qMax(0, it.value());
    }
    if (size <= 0 || total == 0)
        return allocation;
    if (size >= total) {
        for (auto it = stratumSizes.cbegin(); it != stratumSizes.cend(); ++it)
            allocation[it.key()] = qMax(0, it.value());
        return allocation;
    }

    // Quotas in integers, size·N_h = floor·N + remainder, so that ties are ties.
    struct Share {
        QString stratum;
        qint64 units = 0;
        qint64 remainder = 0;
        int count = 0;
    };
    QList<Share> shares;
    int given = 0;
    for (auto it = stratumSizes.cbegin(); it != stratumSizes.cend(); ++it) {
        const qint64 units = qMax(0, it.value());
        const qint64 scaled = qint64(size) * units;
        shares.append({it.key(), units, scaled % total, int(scaled / total)});
        given += shares.constLast().count;
    }
    QList<qsizetype> order(shares.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&shares](qsizetype a, qsizetype b) {
        const Share &x = shares.at(a), &y = shares.at(b);
        if (x.remainder != y.remainder)
            return x.remainder > y.remainder;
        return x.units > y.units; // then by name: `shares` is in name order
    });
    for (qsizetype i = 0; given < size; ++i, ++given)
        ++shares[order.at(i)].count;

    // One per stratum when there are enough to go round; largest quota first.
    const qsizetype nonEmpty
        = std::count_if(shares.cbegin(), shares.cend(), [](const Share &s) { return s.units > 0; });
    if (size >= nonEmpty) {
        for (qsizetype i : std::as_const(order)) {
            if (shares.at(i).units == 0 || shares.at(i).count > 0)
                continue;
            // The donor is the stratum furthest above its quota, count − size·N_h/N, compared
            // as count·N − size·N_h; one exists, as `size` units sit in fewer strata than there
            // are units.
            qsizetype donor = -1;
            qint64 best = 0;
            for (qsizetype j = 0; j < shares.size(); ++j) {
                const Share &s = shares.at(j);
                if (s.count < 2)
                    continue;
                const qint64 surplus = qint64(s.count) * total - qint64(size) * s.units;
                if (donor < 0 || surplus > best
                    || (surplus == best && s.units > shares.at(donor).units)) {
                    donor = j;
                    best = surplus;
                }
            }
            if (donor < 0)
                break;
            --shares[donor].count;
            shares[i].count = 1;
        }
    }
    for (const Share &s : std::as_const(shares))
        allocation[s.stratum] = s.count;
    return allocation;
}

QList<SampleUnit> stratifiedSample(const QList<SampleUnit> &population, int size, quint32 seed)
{
    if (size >= population.size())
        return population;
    if (size <= 0)
        return {};
    QMap<QString, QList<qsizetype>> members; // by name: the order the generator visits them
    for (qsizetype i = 0; i < population.size(); ++i)
        members[population.at(i).stratum].append(i);
    QMap<QString, int> sizes;
    for (auto it = members.cbegin(); it != members.cend(); ++it)
        sizes.insert(it.key(), int(it.value().size()));
    const QMap<QString, int> allocation = stratumAllocation(sizes, size);

    QRandomGenerator random(seed);
    QList<bool> chosen(population.size(), false);
    for (auto it = members.begin(); it != members.end(); ++it) {
        QList<qsizetype> &units = it.value();
        const int take = allocation.value(it.key());
        // A partial Fisher–Yates: the first `take` places end up a uniform draw.
        for (int i = 0; i < take; ++i) {
            const qsizetype j = i + qsizetype(random.bounded(quint32(units.size() - i)));
            units.swapItemsAt(i, j);
            chosen[units.at(i)] = true;
        }
    }
    QList<SampleUnit> out;
    out.reserve(size);
    for (qsizetype i = 0; i < population.size(); ++i) {
        if (chosen.at(i))
            out.append(population.at(i));
    }
    return out;
}

int sampleSizeForHalfWidth(double expectedAgreement, double halfWidth, double confidence,
                           int population)
{
    if (!(expectedAgreement >= 0 && expectedAgreement <= 1) || !(halfWidth > 0)
        || !(confidence > 0 && confidence < 1))
        return 0;
    const double z = twoSidedNormalZ(confidence);
    double n = z * z * expectedAgreement * (1 - expectedAgreement) / (halfWidth * halfWidth);
    if (population > 0)
        n = n / (1 + (n - 1) / population);
    // The tolerance keeps a result such as 246.0000000001 from becoming 247.
    int size = int(std::ceil(n - 1e-9));
    size = qMax(1, size);
    if (population > 0)
        size = qMin(size, population);
    return size;
}

QList<Assignment> assign(const QList<SampleUnit> &sample, const QStringList &annotators,
                         int overlap, quint32 seed, const QHash<QString, int> &priorLoads)
{
    const QStringList people = cleanAnnotators(annotators);
    if (overlap < 1 || overlap > people.size())
        return {};
    QRandomGenerator random(seed);

    // Reports in a shuffled order, each report's items together and shuffled.
    QList<RowId> reports;
    QHash<RowId, QList<const SampleUnit *>> itemsOf;
    QSet<ItemKey> seen;
    for (const SampleUnit &u : sample) {
        if (seen.contains({u.reportId, u.rubricId}))
            continue;
        seen.insert({u.reportId, u.rubricId});
        auto &items = itemsOf[u.reportId];
        if (items.isEmpty())
            reports.append(u.reportId);
        items.append(&u);
    }
    shuffle(reports, random);

    const qsizetype k = people.size();
    QList<int> load(k, 0);
    for (qsizetype a = 0; a < k; ++a)
        load[a] = priorLoads.value(people.at(a));
    QList<QSet<RowId>> reportsOf(k);
    QList<QList<int>> paired(k, QList<int>(k, 0));
    QList<Assignment> out;
    out.reserve(seen.size());
    for (RowId report : std::as_const(reports)) {
        QList<const SampleUnit *> &items = itemsOf[report];
        shuffle(items, random);
        for (const SampleUnit *u : std::as_const(items)) {
            QList<qsizetype> chosen;
            for (int slot = 0; slot < overlap; ++slot) {
                // Least loaded, then has this report, then least paired with those chosen,
                // then a coin: taking the least loaded every time keeps loads within one.
                QList<qsizetype> best;
                std::tuple<int, int, int> bestKey;
                for (qsizetype a = 0; a < k; ++a) {
                    if (chosen.contains(a))
                        continue;
                    int pairs = 0;
                    for (qsizetype c : std::as_const(chosen))
                        pairs += paired.at(a).at(c);
                    const std::tuple<int, int, int> key{
                        load.at(a), reportsOf.at(a).contains(report) ? 0 : 1, pairs};
                    if (best.isEmpty() || key < bestKey) {
                        best = {a};
                        bestKey = key;
                    } else if (key == bestKey) {
                        best.append(a);
                    }
                }
                const qsizetype pick = best.at(qsizetype(random.bounded(quint32(best.size()))));
                for (qsizetype c : std::as_const(chosen)) {
                    ++paired[pick][c];
                    ++paired[c][pick];
                }
                chosen.append(pick);
                ++load[pick];
                reportsOf[pick].insert(report);
            }
            Assignment a;
            a.reportId = u->reportId;
            a.rubricId = u->rubricId;
            for (qsizetype c : std::as_const(chosen))
                a.annotators.append(people.at(c));
            a.position = int(out.size());
            out.append(a);
        }
    }
    return out;
}

QList<ReviewItem> disagreementsFirst(const QList<Assignment> &items,
                                     const QList<RatingRow> &ratings, const QString &judge)
{
    struct Labels {
        RowId judgeRun = -1;
        std::optional<double> judge;
        QList<double> people;
    };
    QSet<ItemKey> wanted;
    for (const Assignment &a : items)
        wanted.insert({a.reportId, a.rubricId});
    QHash<ItemKey, Labels> labels;
    for (const RatingRow &row : ratings) {
        const ItemKey key{row.reportId, row.rubricId};
        if (!row.value || !wanted.contains(key))
            continue;
        Labels &l = labels[key];
        if (!row.judge) {
            l.people.append(*row.value);
        } else if (judge.isEmpty() ? runIdOf(row.rater) > l.judgeRun : row.rater == judge) {
            l.judgeRun = runIdOf(row.rater);
            l.judge = row.value;
        }
    }

    QList<ReviewItem> out;
    out.reserve(items.size());
    QSet<ItemKey> listed;
    for (const Assignment &a : items) {
        const ItemKey key{a.reportId, a.rubricId};
        if (listed.contains(key))
            continue;
        listed.insert(key);
        const Labels l = labels.value(key);
        QList<double> values = l.people;
        if (l.judge)
            values.append(*l.judge);
        ReviewItem item;
        item.reportId = a.reportId;
        item.rubricId = a.rubricId;
        item.labels = int(values.size());
        const bool differ = std::any_of(values.cbegin(), values.cend(), [&values](double v) {
            return !sameValue(v, values.constFirst());
        });
        item.group = differ    ? ReviewGroup::Disagreement
            : item.labels == 1 ? ReviewGroup::SingleLabel
                               : ReviewGroup::Rest;
        out.append(item);
    }
    std::stable_sort(out.begin(), out.end(), [](const ReviewItem &a, const ReviewItem &b) {
        return int(a.group) < int(b.group);
    });
    return out;
}

SamplePlan planSample(const QList<RatingRow> &items, const SampleRequest &request)
{
    SamplePlan plan;
    const QList<SampleUnit> population = sampleUnits(items, request.by);
    plan.population = int(population.size());
    QMap<QString, int> sizes;
    for (const SampleUnit &u : population)
        ++sizes[u.stratum];
    if (population.isEmpty()) {
        plan.error = u"there are no rubric items to sample"_s;
        return plan;
    }
    plan.size = request.halfWidth
        ? sampleSizeForHalfWidth(request.expectedAgreement, *request.halfWidth, request.confidence,
                                 plan.population)
        : qMin(request.size, plan.population);
    if (plan.size <= 0) {
        plan.error = request.halfWidth
            ? u"the half-width, expected agreement or confidence is out of range"_s
            : u"the sample size must be at least 1"_s;
        return plan;
    }
    plan.sample = stratifiedSample(population, plan.size, request.seed);
    QMap<QString, int> sampled;
    for (const SampleUnit &u : std::as_const(plan.sample))
        ++sampled[u.stratum];
    for (auto it = sizes.cbegin(); it != sizes.cend(); ++it)
        plan.strata.append({it.key(), it.value(), sampled.value(it.key())});

    const QStringList people = cleanAnnotators(request.annotators);
    if (people.isEmpty()) {
        plan.error = u"name at least one annotator"_s;
        return plan;
    }
    if (request.overlap < 1 || request.overlap > people.size()) {
        plan.error = u"the overlap must be between 1 and the number of annotators (%1)"_s.arg(
            people.size());
        return plan;
    }
    plan.assignments = assign(plan.sample, people, request.overlap, request.seed);
    QHash<QString, int> load;
    for (const Assignment &a : std::as_const(plan.assignments)) {
        for (const QString &name : a.annotators)
            ++load[name];
    }
    for (const QString &name : people)
        plan.loads.append({name, load.value(name)});
    return plan;
}

namespace {

QSet<ItemKey> sampledItems(const QList<Assignment> &existing)
{
    QSet<ItemKey> out;
    for (const Assignment &a : existing)
        out.insert({a.reportId, a.rubricId});
    return out;
}

// Per model, the items of `items` not in the sample, each once, stratified by dimension.
QMap<QString, QList<SampleUnit>> unsampledByModel(const QList<RatingRow> &items,
                                                  const QList<Assignment> &existing)
{
    const QSet<ItemKey> sampled = sampledItems(existing);
    QMap<QString, QList<RatingRow>> rows;
    for (const RatingRow &row : items) {
        if (!sampled.contains({row.reportId, row.rubricId}))
            rows[row.model].append(row);
    }
    QMap<QString, QList<SampleUnit>> out;
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        out.insert(it.key(), sampleUnits(it.value(), {RatingAttribute::Dimension}));
    return out;
}

} // namespace

SampleExtension extendSample(const QList<RatingRow> &items, const QList<Assignment> &existing,
                             const QMap<QString, int> &extraPerModel, quint32 seed)
{
    SampleExtension out;
    if (existing.isEmpty()) {
        out.error = u"the sample has no items to extend"_s;
        return out;
    }
    // The sample's annotators in the order they first come, its overlap, their loads.
    QStringList people;
    QHash<QString, int> loads;
    int overlap = 0;
    int nextPosition = 0;
    for (const Assignment &a : existing) {
        for (const QString &name : a.annotators) {
            if (!people.contains(name))
                people.append(name);
            ++loads[name];
        }
        overlap = qMax(overlap, int(a.annotators.size()));
        nextPosition = qMax(nextPosition, a.position + 1);
    }

    // Seeded with the seed and the sample's size: a continuation, not a repetition.
    const quint32 seeds[] = {seed, quint32(sampledItems(existing).size())};
    QRandomGenerator random(seeds);
    const QMap<QString, QList<SampleUnit>> unsampled = unsampledByModel(items, existing);
    QList<SampleUnit> added;
    // Every model takes its seed in name order, asked for or not, so that one model's count
    // never changes another's draw.
    QStringList models = unsampled.keys() + extraPerModel.keys();
    models.sort();
    models.removeDuplicates();
    for (const QString &model : std::as_const(models)) {
        const QList<SampleUnit> left = unsampled.value(model);
        const quint32 modelSeed = random.generate();
        if (!extraPerModel.contains(model))
            continue;
        const QList<SampleUnit> drawn
            = stratifiedSample(left, extraPerModel.value(model), modelSeed);
        out.strata.append({model, int(left.size()), int(drawn.size())});
        added += drawn;
    }
    if (added.isEmpty()) {
        out.error = u"no model has items to add: every count is 0 or every item is sampled"_s;
        return out;
    }
    out.assignments = assign(added, people, overlap, random.generate(), loads);
    for (Assignment &a : out.assignments)
        a.position += nextPosition;
    QHash<QString, int> addedLoad;
    for (const Assignment &a : std::as_const(out.assignments)) {
        for (const QString &name : a.annotators)
            ++addedLoad[name];
    }
    for (const QString &name : std::as_const(people))
        out.loads.append({name, addedLoad.value(name)});
    return out;
}

QMap<QString, int> extensionAllocation(const QList<RatingRow> &items,
                                       const QList<Assignment> &existing, int total)
{
    QMap<QString, int> left;
    const QMap<QString, QList<SampleUnit>> unsampled = unsampledByModel(items, existing);
    for (auto it = unsampled.cbegin(); it != unsampled.cend(); ++it)
        left.insert(it.key(), int(it.value().size()));
    return stratumAllocation(left, total);
}

QStringList annotatorList(const QString &commaSeparated)
{
    return cleanAnnotators(commaSeparated.split(u','));
}

} // namespace Rubricate
