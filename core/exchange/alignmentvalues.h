// How alignment statistics are written in every file of an export: the same digits in CSV
// and JSON, three decimals in pasted tables, and an undefined value with its reason instead
// of a number.
#pragma once

#include "alignment/alignment.h"

#include <QJsonValue>
#include <QString>

#include <array>
#include <optional>

namespace Rubricate::AlignmentValues {

// Ten significant digits: finer than any agreement statistic over a few thousand items can
// resolve, and the same digits in CSV and JSON.
QString exactNumber(double v);
// exactNumber, or empty for no value or a value that is not finite.
QString csvNumber(std::optional<double> v);
// Rounded to the CSV's digits first, so that QJsonDocument's shortest round-trip form writes
// the same digits as the CSV rather than seventeen; null when there is no finite value.
QJsonValue jsonNumber(std::optional<double> v);
// Three decimals for tables, never "-0.000".
QString fixed3(double v);
// fixed3 for a LaTeX table: a minus sign rather than a text-mode hyphen.
QString latexNumber(double v);

bool isDefined(const StatResult &r);
// Why `r` has no value; empty when it has one.
QString undefinedReasonOf(const StatResult &r);

bool hasIntervals(const AlignmentOptions &o);

// The four statistics of a comparison or breakdown row, in the order of every table.
template<typename Row>
std::array<const Estimate *, 4> estimatesOf(const Row &row)
{
    return {&row.percent, &row.kappa, &row.macroF1, &row.alpha};
}

} // namespace Rubricate::AlignmentValues
