// `rubricate-cli bench`: how long the importers take on the real benchmark files. A
// benchmark prints figures; it never fails a build on timing.
#pragma once

#include <QList>
#include <QTextStream>

namespace Rubricate::Cli {

int runImportBenchmark(const QString &dataDir, int repeat, QTextStream &out, QTextStream &err);
// 2,640 generated DRB-II reports imported into a project holding the tasks: time, peak RSS,
// the project's growth and bytes per report (clibenchreports.cpp).
int runGeneratedReportsBenchmark(const QString &tasksFile, int repeat, QTextStream &out,
                                 QTextStream &err);
// That import, in the child process it is measured in: prints "ms peak-MB added errors".
int runReportImportChild(const QString &project, const QString &folder, QTextStream &out,
                         QTextStream &err);
// Searches of that project, each timed, in a new process: prints "'terms' ms (hits); ...".
int runReportSearchChild(const QString &project, QTextStream &out, QTextStream &err);
int runJudgeBenchmark(const QString &dataDir, const QList<int> &latenciesMs, QTextStream &out,
                      QTextStream &err);
int runEvidenceBenchmarkCommand(const QString &dataDir, QTextStream &out, QTextStream &err);
// Judge throughput with 1, 2 and 4 worker processes, and annotation events per second from
// three concurrent writers (clibenchteam.cpp).
int runWorkersBenchmark(const QString &project, int latencyMs, QTextStream &out, QTextStream &err);
// One of those writers: `count` events, one transaction each.
int runLabelWriter(const QString &projectPath, const QString &annotator, int count,
                   QTextStream &err);
// Coverage and width of judge-only, people-only, PPI and PPI++ intervals on simulated judges
// with known biases (clibenchppi.cpp).
int runPpiBenchmark(QTextStream &out);
// The judge simulator on 127.0.0.1 (prints its port, serves until killed).
int runSimulatedJudge(int latencyMs, QTextStream &out);

} // namespace Rubricate::Cli
