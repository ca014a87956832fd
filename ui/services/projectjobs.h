// Jobs that write to a project (imports, creating the demo project). Like ProjectLoader,
// each runs on the thread pool with its own ProjectStore and reports back by signal.
#pragma once

#include "domain/result.h"
#include "ingest/importer.h"
#include "ingest/importissue.h"
#include "readers/annotationexchange.h"

#include <QObject>
#include <QString>

namespace Rubricate {

class ProjectJobs : public QObject
{
    Q_OBJECT

public:
    explicit ProjectJobs(QObject *parent = nullptr);

    // <AppDataLocation>/demo.rubricate
    static QString demoProjectPath();

    void runImport(const QString &projectPath, ImportKind kind, const QString &source,
                   const ImportOptions &options = {});
    // Creates the demo project at `path` unless it is already there, then reports it ready.
    void prepareDemo(const QString &path);
    // Creates an empty project (schema only) at `path`.
    void createProject(const QString &path);
    // Writes every DRB-II run of the project in the benchmark's own formats into `directory`.
    void exportDrb2Results(const QString &projectPath, const QString &directory);
    // Stores the statements of the ReportBench and PDR-Bench reports that have no claims yet
    // (claimsproject.h), then reports what was done or why nothing was.
    void extractClaims(const QString &projectPath);
    // Takes the annotators, studies and labels that the project at `otherPath` has and this
    // one lacks (annotationexchange.h); the other file is never written.
    void mergeAnnotations(const QString &projectPath, const QString &otherPath);
    // Writes every annotation event with its provenance to `file` (CSV when it ends in .csv,
    // else JSONL), then reports it as an export.
    void exportAnnotations(const QString &projectPath, const QString &file);

    bool isBusy() const { return m_running > 0; }

    // The blocking work behind prepareDemo, for any thread but the GUI thread.
    static Result<void> createDemoProject(const QString &path);

signals:
    void importFinished(const QString &projectPath, const QString &source,
                        const Rubricate::ImportSummary &summary);
    void demoReady(const QString &path);
    void demoFailed(const QString &error);
    void busyChanged(bool busy);
    void projectCreated(const QString &path);
    void projectCreationFailed(const QString &path, const QString &error);
    void exportFinished(const QString &directory, const QStringList &files, const QString &error);
    // `extracted` reports got claims (cited statement–URL pairs and uncited statements);
    // `error` is empty on success.
    void claimsExtracted(const QString &projectPath, int extracted, int cited, int uncited,
                         const QString &error);
    void annotationsMerged(const QString &projectPath, const QString &otherPath,
                           const Rubricate::MergeSummary &summary);

private:
    void started();
    void finished();

    int m_running = 0;
};

} // namespace Rubricate
