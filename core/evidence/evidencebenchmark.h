// Timing the evidence locator on one report, for the CLI's `bench` command.
#pragma once

#include <QString>
#include <QStringList>

namespace Rubricate {

// Builds an EvidenceLocator for `reportText` and locates every quote, `repeat` times, and
// returns a human-readable block: construction, mean time per quote, slowest quote and the
// whole report (construction plus all quotes), each as median and best over the runs, and
// how the quotes were classified.
QString runEvidenceBenchmark(const QString &reportText, const QStringList &quotes, int repeat);

} // namespace Rubricate
