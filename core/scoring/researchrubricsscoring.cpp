// ResearchRubrics compliance and its breakdowns; the choices are documented in the header.
#include "researchrubricsscoring.h"

#include "groupaccumulator.h"

#include <QHash>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

void add(RrPart &part, const RrScoreItem &item, const RrScoringOptions &options)
{
    ++part.criteria;
    if (item.mandatory.value_or(false) && item.score) {
        ++part.mandatory;
        if (item.weight < 0 ? *item.score == 0.0 : *item.score == 1.0)
            ++part.mandatoryPassed;
    }
    std::optional<double> s = item.score;
    if (!s) {
        ++part.errors;
        if (options.errors == RrErrorPolicy::Exclude)
            return;
        s = 0.0;
    }
    double value = *s;
    if (options.grading == RrGrading::Binary && value < 1.0)
        value = 0.0;
    part.numerator += item.weight * value;
    if (item.weight > 0)
        part.positiveWeight += item.weight;
}

void finish(RrPart &part, const RrScoringOptions &options)
{
    if (part.positiveWeight > 0)
        part.compliance = part.numerator / part.positiveWeight;
    else if (options.errors == RrErrorPolicy::AsReference)
        part.compliance = 0.0; // the reference's "0 if the denominator is 0"
}

int levelRank(const QString &dimension, const QString &level)
{
    static const QHash<QString, QStringList> orders{
        {u"breadth"_s, {u"Simple"_s, u"Moderate"_s, u"High"_s, u"Complex"_s}},
        {u"nesting"_s, {u"Shallow"_s, u"Simple"_s, u"Intermediate"_s, u"Deep"_s, u"Complex"_s}},
        {u"exploration"_s, {u"Low"_s, u"Medium"_s, u"High"_s}}};
    const qsizetype i = orders.value(dimension).indexOf(level);
    return i < 0 ? 1000 : int(i);
}

} // namespace

QList<RrReportScore> scoreResearchRubrics(const QList<RrScoreItem> &items,
                                          const RrScoringOptions &options)
{
    QList<RrReportScore> reports;
    QHash<std::pair<QString, QString>, qsizetype> index;
    for (const RrScoreItem &item : items) {
        const std::pair<QString, QString> key{item.model, item.sampleId};
        auto it = index.constFind(key);
        if (it == index.cend()) {
            RrReportScore r;
            r.model = item.model;
            r.sampleId = item.sampleId;
            r.domain = item.domain;
            r.complexity = item.complexity;
            reports.append(r);
            it = index.insert(key, reports.size() - 1);
        }
        RrReportScore &r = reports[*it];
        add(r.total, item, options);
        auto axis = std::find_if(r.axes.begin(), r.axes.end(),
                                 [&](const RrAxisPart &a) { return a.axis == item.axis; });
        if (axis == r.axes.end()) {
            r.axes.append({item.axis, {}});
            axis = r.axes.end() - 1;
        }
        add(axis->part, item, options);
    }
    for (RrReportScore &r : reports) {
        finish(r.total, options);
        for (RrAxisPart &a : r.axes)
            finish(a.part, options);
    }
    return reports;
}

QList<RrGroup> researchRubricsGroups(const QList<RrReportScore> &reports, RrBreakdown by)
{
    struct Acc {
        RrGroup group;
        double sum = 0;
        int firstSeen = 0;
    };
    GroupAccumulator<Acc> table;
    QList<Acc> &groups = table.groups();
    QStringList models;
    const auto contribute = [&](const RrReportScore &r, const QString &dimension,
                                const QString &value, const RrPart &part) {
        Acc &a = table.at(r.model, dimension, value);
        a.group.criteria += part.criteria;
        a.group.errors += part.errors;
        if (part.compliance) {
            ++a.group.n;
            a.sum += *part.compliance;
        } else {
            ++a.group.empty;
        }
        a.group.mandatory += part.mandatory;
        a.group.mandatoryPassed += part.mandatoryPassed;
    };
    for (const RrReportScore &r : reports) {
        if (!models.contains(r.model))
            models << r.model;
        switch (by) {
        case RrBreakdown::None:
            contribute(r, u"all"_s, u"all"_s, r.total);
            break;
        case RrBreakdown::Axis:
            for (const RrAxisPart &a : r.axes)
                contribute(r, u"axis"_s, a.axis, a.part);
            break;
        case RrBreakdown::Domain:
            contribute(r, u"domain"_s, r.domain, r.total);
            break;
        case RrBreakdown::Complexity:
            contribute(r, u"breadth"_s, r.complexity.breadth, r.total);
            contribute(r, u"nesting"_s, r.complexity.nesting, r.total);
            contribute(r, u"exploration"_s, r.complexity.exploration, r.total);
            break;
        }
    }
    static const QStringList dimensionOrder{u"all"_s,     u"axis"_s,    u"domain"_s,
                                            u"breadth"_s, u"nesting"_s, u"exploration"_s};
    std::stable_sort(groups.begin(), groups.end(), [&](const Acc &x, const Acc &y) {
        const RrGroup &a = x.group, &b = y.group;
        if (a.model != b.model)
            return models.indexOf(a.model) < models.indexOf(b.model);
        if (a.dimension != b.dimension)
            return dimensionOrder.indexOf(a.dimension) < dimensionOrder.indexOf(b.dimension);
        if (by == RrBreakdown::Complexity) {
            const int ra = levelRank(a.dimension, a.value), rb = levelRank(b.dimension, b.value);
            if (ra != rb)
                return ra < rb;
            return a.value < b.value;
        }
        return x.firstSeen < y.firstSeen;
    });
    QList<RrGroup> out;
    out.reserve(groups.size());
    for (Acc &a : groups) {
        if (a.group.n > 0)
            a.group.mean = a.sum / a.group.n;
        out.append(a.group);
    }
    return out;
}

std::optional<RrBreakdown> rrBreakdownFromKey(const QString &key)
{
    if (key.isEmpty() || key == "none"_L1)
        return RrBreakdown::None;
    if (key == "axis"_L1)
        return RrBreakdown::Axis;
    if (key == "domain"_L1)
        return RrBreakdown::Domain;
    if (key == "complexity"_L1)
        return RrBreakdown::Complexity;
    return std::nullopt;
}

} // namespace Rubricate
