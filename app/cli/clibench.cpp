#include "clibench.h"

#include "cliapp.h"
#include "ingest/importer.h"
#include "store/projectstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <functional>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

struct Step {
    QString label;
    ImportKind kind;
    QString path;
    bool needsFreshProject; // measured into an empty project, after `prepare`
    std::function<void(ProjectStore &)> prepare;
};

} // namespace

int runImportBenchmark(const QString &dataDir, int repeat, QTextStream &out, QTextStream &err)
{
    const QString data = dataDir.isEmpty() ? u"../shared/data"_s : dataDir;
    const QDir d(data);
    if (!d.exists(u"drb2/tasks_and_rubrics.jsonl"_s)) {
        err << u"rubricate-cli: no benchmark data in %1 (use --data DIR)\n"_s.arg(data);
        return Failed;
    }
    repeat = qMax(1, repeat);
    const QString drbTasks = d.filePath(u"drb2/tasks_and_rubrics.jsonl"_s);
    const QList<Step> steps = {
        {u"DRB-II tasks_and_rubrics.jsonl (132 tasks, 9,415 rubrics)"_s,
         ImportKind::Drb2Tasks,
         drbTasks,
         true,
         {}},
        {u"DRB-II same file again (idempotent re-import)"_s, ImportKind::Drb2Tasks, drbTasks, true,
         [drbTasks](ProjectStore &s) {
             runImport(s, ImportKind::Drb2Tasks, drbTasks);
         }},
        {u"DRB-II sample reports (pdf, md x3, html, docx)"_s, ImportKind::Drb2Reports,
         d.filePath(u"drb2/samples/report"_s), true,
         [drbTasks](ProjectStore &s) {
             runImport(s, ImportKind::Drb2Tasks, drbTasks);
         }},
        {u"ResearchRubrics processed_data.jsonl (101 prompts, 2,593 criteria)"_s,
         ImportKind::ResearchRubrics,
         d.filePath(u"researchrubrics/processed_data.jsonl"_s),
         true,
         {}},
        {u"ReportBench v1.1 + ground truth (100 tasks, 16,204 references)"_s,
         ImportKind::ReportBench,
         d.filePath(u"reportbench/ReportBench_v1.1.jsonl"_s),
         true,
         {}},
    };

    out << u"Import benchmark: %1 run(s) each, fresh project per run, median and best\n"_s.arg(
        repeat);
    out << u"data: %1\n\n"_s.arg(QFileInfo(data).absoluteFilePath());
    for (const Step &step : steps) {
        if (!QFileInfo::exists(step.path)) {
            out << u"  %1: skipped (missing %2)\n"_s.arg(step.label, step.path);
            continue;
        }
        QList<double> ms;
        QString note;
        for (int i = 0; i < repeat; ++i) {
            QTemporaryDir dir;
            auto store = ProjectStore::create(dir.filePath(u"bench.rubricate"_s));
            if (!store) {
                err << store.errorMessage() << u'\n';
                return Failed;
            }
            if (step.prepare)
                step.prepare(*store);
            QElapsedTimer timer;
            timer.start();
            const ImportSummary s = runImport(*store, step.kind, step.path);
            ms << timer.nsecsElapsed() / 1e6;
            int added = 0, unchanged = 0;
            for (int v : s.added)
                added += v;
            for (int v : s.unchanged)
                unchanged += v;
            note = u"%1 rows added, %2 unchanged, %3 errors"_s.arg(added).arg(unchanged).arg(
                s.errorCount());
        }
        std::sort(ms.begin(), ms.end());
        out << u"  %1\n      median %2 ms, best %3 ms  (%4)\n"_s.arg(step.label)
                   .arg(ms.at(ms.size() / 2), 0, 'f', 1)
                   .arg(ms.constFirst(), 0, 'f', 1)
                   .arg(note);
        out.flush();
    }
    return runGeneratedReportsBenchmark(drbTasks, repeat, out, err);
}

} // namespace Rubricate::Cli
