// `rubricate-cli bench`: how long the importers take on the real benchmark files. A
// benchmark prints figures; it never fails a build on timing.
#pragma once

#include <QList>
#include <QTextStream>

namespace Rubricate::Cli {

int runImportBenchmark(const QString &dataDir, int repeat, QTextStream &out, QTextStream &err);
int runJudgeBenchmark(const QString &dataDir, const QList<int> &latenciesMs, QTextStream &out,
                      QTextStream &err);
int runEvidenceBenchmarkCommand(const QString &dataDir, QTextStream &out, QTextStream &err);
// The judge simulator on 127.0.0.1 (prints its port, serves until killed).
int runSimulatedJudge(int latencyMs, QTextStream &out);

} // namespace Rubricate::Cli
