// What the GUI shows of a project, read in one go on a worker thread. Plain values, so a
// snapshot can cross threads and be handed to models without touching the database.
#pragma once

#include "domain/types.h"
#include "store/projectstore.h"
#include "store/verdictrows.h"

#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

struct ProjectSnapshot {
    QString path;
    QList<Benchmark> benchmarks;
    QList<TaskSummary> tasks;
    QList<ReportSummary> reports;

    int rubricCount() const;
};

struct LoadedReport {
    Report report;
    std::optional<Task> task;
    // HTML reports: the original page. Report::text holds its Markdown rendering, which is
    // what a judge reads, but a person reads the page as its author laid it out.
    QString originalHtml;
    // The newest judge run that judged this report, and one row per rubric.
    RowId runId = 0;
    QString runName;
    QList<VerdictRow> verdicts;
};

} // namespace Rubricate
