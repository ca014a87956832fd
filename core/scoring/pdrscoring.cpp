// PDR-Bench P, Q, R and overall scores and their breakdowns; the choices are documented in the
// header.
#include "pdrscoring.h"

#include "groupaccumulator.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

bool usableScore(const std::optional<double> &s)
{
    return s && std::isfinite(*s) && *s >= 0 && *s <= 10;
}

void finishFamily(PdrFamilyPart &part, const QString &family, QList<PdrDimensionPart> &dims,
                  const PdrScoringOptions &options)
{
    double numerator = 0, present = 0, all = 0;
    bool anyWeighted = false;
    for (PdrDimensionPart &d : dims) {
        if (d.family != family)
            continue;
        part.criteria += d.criteria;
        part.errors += d.errors;
        if (d.weightSum > 0)
            d.average = d.weightedSum / d.weightSum;
        else if (options.missing == PdrMissingPolicy::AsReference)
            d.average = 0.0; // the reference's "0 if nothing matched"
        if (!d.weight) {
            ++part.unweightedDimensions;
            continue;
        }
        anyWeighted = true;
        all += *d.weight;
        if (d.average) {
            numerator += *d.weight * *d.average;
            present += *d.weight;
        }
    }
    if (!anyWeighted || (options.missing == PdrMissingPolicy::Exclude && !(present > 0)))
        return;
    // Under AsReference every weighted dimension has an average, so present == all.
    const double scale = options.weights == PdrWeightsPolicy::Reference ? all : 1.0;
    if (!(present > 0))
        part.score = 0.0; // every weighted dimension weighs 0
    else
        part.score = numerator / present * scale;
}

void finishReliability(PdrReliabilityPart &r, const PdrScoringOptions &options)
{
    if (r.claims > 0 && !r.supportJudged)
        return; // nothing is known yet about whether its sources back it
    if (r.claims == 0) {
        if (options.noClaims == PdrNoClaimsPolicy::Zero)
            r.factualAccuracy = r.citationCoverage = r.score = 0.0;
        return;
    }
    r.citationCoverage = 10.0 * r.cited / r.claims;
    int checkable = r.supported + r.notSupported;
    if (options.unavailable == PdrUnavailablePolicy::CountAsNotSupported)
        checkable += r.unavailable;
    if (r.cited == 0)
        r.factualAccuracy = 0.0; // nothing cited, so nothing supported
    else if (checkable > 0)
        r.factualAccuracy = 10.0 * r.supported / checkable;
    switch (options.reliability) {
    case PdrReliabilityCombination::Mean:
        if (r.factualAccuracy)
            r.score = (*r.factualAccuracy + *r.citationCoverage) / 2;
        break;
    case PdrReliabilityCombination::FactualAccuracy:
        r.score = r.factualAccuracy;
        break;
    }
}

int settingRank(const QString &setting)
{
    static const QStringList order{u"task_only"_s, u"task_context"_s, u"task_persona"_s};
    const qsizetype i = order.indexOf(setting);
    return i < 0 ? 1000 : int(i);
}

void addTo(PdrMean &m, double &sum, const std::optional<double> &value)
{
    if (value) {
        ++m.n;
        sum += *value;
    } else {
        ++m.missing;
    }
}

} // namespace

QList<PdrReportScore> scorePdr(const QList<PdrCriterionItem> &criteria,
                               const QList<PdrClaimItem> &claims, const PdrScoringOptions &options)
{
    QList<PdrReportScore> reports;
    QHash<std::pair<QString, QString>, qsizetype> index;
    const auto reportFor = [&](const auto &item) -> PdrReportScore & {
        const std::pair<QString, QString> key{item.model, item.queryId};
        auto it = index.constFind(key);
        if (it == index.cend()) {
            PdrReportScore r;
            r.model = item.model;
            r.queryId = item.queryId;
            r.persona = item.persona;
            r.setting = item.setting;
            reports.append(r);
            it = index.insert(key, reports.size() - 1);
        }
        return reports[*it];
    };

    for (const PdrCriterionItem &item : criteria) {
        PdrReportScore &r = reportFor(item);
        const QString family = item.family.isEmpty() ? pdrFamilyOf(item.dimension) : item.family;
        auto d = std::find_if(r.dimensions.begin(), r.dimensions.end(),
                              [&](const PdrDimensionPart &p) {
                                  return p.family == family && p.dimension == item.dimension;
                              });
        if (d == r.dimensions.end()) {
            PdrDimensionPart part;
            part.family = family;
            part.dimension = item.dimension;
            r.dimensions.append(part);
            d = r.dimensions.end() - 1;
        }
        if (!d->weight && item.dimensionWeight)
            d->weight = item.dimensionWeight;
        const bool reference = options.unmatched == PdrUnmatchedPolicy::Reference;
        PdrFamilyPart &part = family == QLatin1StringView(PdrFamily::Personalization)
            ? r.personalization
            : r.quality;
        if (item.origin == PdrItemOrigin::Unmatched) {
            ++part.unmatched;
            if (!reference)
                continue;
        } else if (item.origin == PdrItemOrigin::AskedAgain && reference) {
            ++part.leftOut; // the reference reads one reply, which did not answer it
            continue;
        }
        ++d->criteria;
        if (!usableScore(item.score)) {
            ++d->errors;
            continue;
        }
        if (item.weight > 0) {
            d->weightedSum += *item.score * item.weight;
            d->weightSum += item.weight;
        }
    }

    for (const PdrClaimItem &claim : claims) {
        PdrReliabilityPart &r = reportFor(claim).reliability;
        ++r.claims;
        r.supportJudged = r.supportJudged || claim.supportJudged;
        switch (claim.status) {
        case PdrClaimStatus::Uncited:
            break;
        case PdrClaimStatus::Supported:
            ++r.cited;
            ++r.supported;
            break;
        case PdrClaimStatus::NotSupported:
            ++r.cited;
            ++r.notSupported;
            break;
        case PdrClaimStatus::SourceUnavailable:
            ++r.cited;
            ++r.unavailable;
            break;
        case PdrClaimStatus::JudgeError:
            ++r.cited;
            ++r.errors;
            break;
        }
    }

    for (PdrReportScore &r : reports) {
        std::stable_sort(r.dimensions.begin(), r.dimensions.end(),
                         [](const PdrDimensionPart &a, const PdrDimensionPart &b) {
                             const int fa = pdrFamilyRank(a.family), fb = pdrFamilyRank(b.family);
                             if (fa != fb)
                                 return fa < fb;
                             return pdrDimensionRank(a.dimension) < pdrDimensionRank(b.dimension);
                         });
        finishFamily(r.personalization, QString::fromLatin1(PdrFamily::Personalization),
                     r.dimensions, options);
        finishFamily(r.quality, QString::fromLatin1(PdrFamily::Quality), r.dimensions, options);
        finishReliability(r.reliability, options);
    }
    return reports;
}

QList<PdrGroup> pdrGroups(const QList<PdrReportScore> &reports, PdrBreakdown by)
{
    struct DimAcc {
        PdrDimensionMean dim;
        double sum = 0;
    };
    struct Acc {
        PdrGroup group;
        double p = 0, q = 0, r = 0, fa = 0, cc = 0;
        QList<DimAcc> dims;
        int firstSeen = 0;
    };
    GroupAccumulator<Acc> table;
    QList<Acc> &groups = table.groups();
    QStringList models;
    const auto contribute = [&](const PdrReportScore &rep, const QString &dimension,
                                const QString &value) {
        Acc &a = table.at(rep.model, dimension, value);
        PdrGroup &g = a.group;
        ++g.reports;
        addTo(g.p, a.p, rep.personalization.score);
        addTo(g.q, a.q, rep.quality.score);
        addTo(g.r, a.r, rep.reliability.score);
        addTo(g.factualAccuracy, a.fa, rep.reliability.factualAccuracy);
        addTo(g.citationCoverage, a.cc, rep.reliability.citationCoverage);
        g.criterionErrors += rep.personalization.errors + rep.quality.errors;
        g.claimErrors += rep.reliability.errors;
        g.unavailableSources += rep.reliability.unavailable;
        g.supportNotJudged += rep.reliability.claims > 0 && !rep.reliability.supportJudged ? 1 : 0;
        for (const PdrDimensionPart &d : rep.dimensions) {
            auto da = std::find_if(a.dims.begin(), a.dims.end(), [&](const DimAcc &x) {
                return x.dim.family == d.family && x.dim.dimension == d.dimension;
            });
            if (da == a.dims.end()) {
                DimAcc x;
                x.dim.family = d.family;
                x.dim.dimension = d.dimension;
                a.dims.append(x);
                da = a.dims.end() - 1;
            }
            addTo(da->dim.mean, da->sum, d.average);
        }
    };
    for (const PdrReportScore &r : reports) {
        if (!models.contains(r.model))
            models << r.model;
        switch (by) {
        case PdrBreakdown::None:
            contribute(r, u"all"_s, u"all"_s);
            break;
        case PdrBreakdown::Persona:
            contribute(r, u"persona"_s, r.persona);
            break;
        case PdrBreakdown::Setting:
            contribute(r, u"setting"_s, r.setting);
            break;
        }
    }
    std::stable_sort(groups.begin(), groups.end(), [&](const Acc &x, const Acc &y) {
        const PdrGroup &a = x.group, &b = y.group;
        if (a.model != b.model)
            return models.indexOf(a.model) < models.indexOf(b.model);
        if (by == PdrBreakdown::Setting) {
            const int ra = settingRank(a.value), rb = settingRank(b.value);
            if (ra != rb)
                return ra < rb;
            if (ra == 1000)
                return a.value < b.value;
        }
        return x.firstSeen < y.firstSeen;
    });
    const auto finish = [](PdrMean &m, double sum) {
        if (m.n > 0)
            m.mean = sum / m.n;
    };
    QList<PdrGroup> out;
    out.reserve(groups.size());
    for (Acc &a : groups) {
        PdrGroup &g = a.group;
        finish(g.p, a.p);
        finish(g.q, a.q);
        finish(g.r, a.r);
        finish(g.factualAccuracy, a.fa);
        finish(g.citationCoverage, a.cc);
        double sum = 0;
        int parts = 0;
        for (const PdrMean *m : {&g.p, &g.q, &g.r}) {
            if (m->mean) {
                sum += *m->mean;
                ++parts;
            }
        }
        if (parts > 0)
            g.overall = sum / parts;
        for (DimAcc &d : a.dims) {
            finish(d.dim.mean, d.sum);
            g.dimensions.append(d.dim);
        }
        out.append(g);
    }
    return out;
}

std::optional<PdrBreakdown> pdrBreakdownFromKey(const QString &key)
{
    if (key.isEmpty() || key == "none"_L1)
        return PdrBreakdown::None;
    if (key == "persona"_L1)
        return PdrBreakdown::Persona;
    if (key == "setting"_L1)
        return PdrBreakdown::Setting;
    return std::nullopt;
}

} // namespace Rubricate
