// PDR-Bench dimension weights from sampled weightings; the choices are documented in the header.
#include "pdrweights.h"

#include <QSet>

#include <charconv>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString checkSample(const PdrWeightSample &sample)
{
    if (sample.isEmpty())
        return u"the sample has no weights"_s;
    QSet<QString> seen;
    for (const PdrWeightEntry &e : sample) {
        if (seen.contains(e.dimension))
            return u"dimension \"%1\" is named twice"_s.arg(e.dimension);
        seen.insert(e.dimension);
        if (!e.value.isDouble())
            return u"the weight of \"%1\" is not a number"_s.arg(e.dimension);
        const double w = e.value.toDouble();
        if (!std::isfinite(w))
            return u"the weight of \"%1\" is not finite"_s.arg(e.dimension);
        if (w < 0)
            return u"the weight of \"%1\" is negative (%2)"_s.arg(e.dimension).arg(w);
    }
    return {};
}

const PdrWeightEntry *find(const PdrWeightSample &sample, const QString &dimension)
{
    for (const PdrWeightEntry &e : sample) {
        if (e.dimension == dimension)
            return &e;
    }
    return nullptr;
}

} // namespace

std::optional<double> PdrWeights::weight(const QString &dimension) const
{
    for (const auto &[d, w] : weights) {
        if (d == dimension)
            return w;
    }
    return std::nullopt;
}

double pdrPythonRound(double value, int decimals)
{
    // to_chars with a precision is correctly rounded from the exact binary value with ties to
    // even, as CPython's round() (which goes through dtoa the same way); from_chars then gives
    // the nearest double to that decimal, as CPython does.
    char buffer[400];
    const auto written
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (written.ec != std::errc())
        return value;
    double out = value;
    std::from_chars(buffer, written.ptr, out);
    return out == 0 ? 0.0 : out; // -0.0 prints as "-0.00"; a weight is never negative zero
}

PdrWeights combinePdrWeightSamples(const QList<PdrWeightSample> &samples,
                                   const PdrWeightOptions &options)
{
    PdrWeights out;
    if (samples.isEmpty()) {
        out.error = u"no weight samples"_s;
        return out;
    }
    for (int i = 0; i < samples.size(); ++i) {
        const QString reason = checkSample(samples.at(i));
        if (!reason.isEmpty()) {
            out.error = u"sample %1: %2"_s.arg(i + 1).arg(reason);
            return out;
        }
    }

    QList<int> accepted;
    for (int i = 0; i < samples.size(); ++i) {
        QList<double> values;
        for (const PdrWeightEntry &e : samples.at(i))
            values << e.value.toDouble();
        const double sum = pdrPythonSum(values);
        if (options.discardSamplesNotSummingToOne && std::abs(sum - 1.0) > options.sumTolerance)
            out.discarded.append({i, u"weights sum to %1, not 1"_s.arg(sum, 0, 'g', 17)});
        else
            accepted << i;
    }
    out.acceptedSamples = int(accepted.size());
    if (accepted.isEmpty()) {
        out.error = u"none of the %1 samples sums to 1"_s.arg(samples.size());
        return out;
    }

    // Output order: the requested order first, then the first accepted sample's.
    const PdrWeightSample &first = samples.at(accepted.first());
    QStringList order;
    for (const QString &d : options.order) {
        if (find(first, d) && !order.contains(d))
            order << d;
    }
    for (const PdrWeightEntry &e : first) {
        if (!order.contains(e.dimension))
            order << e.dimension;
    }
    QStringList kept;
    for (const QString &d : std::as_const(order)) {
        bool everywhere = true;
        for (int i : std::as_const(accepted))
            everywhere = everywhere && find(samples.at(i), d);
        (everywhere ? kept : out.droppedDimensions) << d;
    }
    for (int i : std::as_const(accepted)) {
        for (const PdrWeightEntry &e : samples.at(i)) {
            if (!order.contains(e.dimension) && !out.droppedDimensions.contains(e.dimension))
                out.droppedDimensions << e.dimension;
        }
    }
    if (kept.isEmpty()) {
        out.error = u"no dimension is present in every accepted sample"_s;
        return out;
    }

    QList<double> averages;
    for (const QString &d : std::as_const(kept)) {
        QList<double> values;
        for (int i : std::as_const(accepted))
            values << find(samples.at(i), d)->value.toDouble();
        averages << pdrPythonSum(values) / double(values.size());
    }
    const double total = pdrPythonSum(averages);
    if (!(total > 0)) {
        out.error = u"all averaged weights are zero"_s;
        return out;
    }
    for (double &a : averages)
        a /= total;
    out.averages = averages;

    QList<double> rounded = averages;
    if (options.decimals >= 0) {
        for (double &r : rounded)
            r = pdrPythonRound(r, options.decimals);
        out.residue = 1.0 - pdrPythonSum(rounded);
        rounded.last() += out.residue;
        if (options.roundResidue)
            rounded.last() = pdrPythonRound(rounded.last(), options.decimals);
    }
    for (int i = 0; i < kept.size(); ++i)
        out.weights.append({kept.at(i), rounded.at(i)});
    return out;
}

} // namespace Rubricate
