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
    QList<Persona> personas; // PDR-Bench, for the explorer's persona groups
    QList<Annotator> annotators;
    // A team project that holds this login to one annotator: the only one it may label as.
    std::optional<Annotator> boundAnnotator;
    QList<Study> studies;
    // The current annotator's queue in every study that assigns them items, and every
    // annotator's progress in every study.
    QHash<QString, QList<QueueItem>> queues;
    QHash<QString, QList<StudyProgress>> progress;
    // Every item of every study (all annotators'), in the sample's order: what adjudicating a
    // study goes through.
    QHash<QString, QList<std::pair<RowId, RowId>>> studyItems;
    // Cited sources with a fetched copy: what a judge can classify for ReportBench.
    int fetchedSources = 0;

    int rubricCount() const;
    // Why the project refuses an owner's action (importing, judging, studies, gold) to this
    // login: the database grants a bound login its own labels and nothing else to write.
    // Empty while the project binds nobody.
    QString ownersOnlyReason() const;
};

struct LoadedReport {
    Report report;
    std::optional<Task> task;
    // PDR-Bench: the query the report answers and the persona who asked it.
    std::optional<Query> query;
    std::optional<Persona> persona;
    // HTML reports: the original page. Report::text holds its Markdown rendering, which is
    // what a judge reads, but a person reads the page as its author laid it out.
    QString originalHtml;
    // PDF reports: the file itself, shown as pages with the evidence drawn on them.
    QByteArray pdf;
    // Every run that judged this report, newest first; the one shown (the newest unless
    // another was asked for), a second one beside it, and one row per rubric.
    QList<std::pair<RowId, QString>> runs;
    RowId runId = 0;
    QString runName;
    RowId otherRunId = 0;
    QList<VerdictRow> verdicts;
};

} // namespace Rubricate
