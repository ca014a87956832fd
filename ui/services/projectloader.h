// Reads from a project without ever blocking the GUI thread: each request runs on the
// thread pool with its own ProjectStore (one named connection per thread) and the result
// comes back as a signal on the loader's thread. A newer request of the same kind makes
// the older one's result obsolete, so a fast click sequence shows only the last click.
#pragma once

#include "domain/result.h"
#include "services/projectsnapshot.h"

#include <QObject>
#include <QString>

namespace Rubricate {

class ProjectLoader : public QObject
{
    Q_OBJECT

public:
    explicit ProjectLoader(QObject *parent = nullptr);

    void loadSnapshot(const QString &path);
    // `runId` 0 shows the newest run that judged the report; `otherRunId` adds a second
    // run's verdicts beside it (0: none).
    void loadReport(const QString &path, RowId reportId, RowId runId = 0, RowId otherRunId = 0);
    // Makes a pending report request obsolete: its result will not be delivered.
    void cancelReport() { ++m_reportRequest; }

    // The blocking reads behind the two requests, for any thread but the GUI thread.
    // `annotator`: whose labels count as "Human" and as annotation status (empty: anyone's).
    static Result<ProjectSnapshot> readSnapshot(const QString &path, const QString &annotator = {});
    static Result<LoadedReport> readReport(const QString &path, RowId reportId, RowId runId,
                                           RowId otherRunId, const QString &annotator = {});

signals:
    void snapshotLoaded(const Rubricate::ProjectSnapshot &snapshot);
    void snapshotFailed(const QString &path, const QString &error);
    void reportLoaded(const Rubricate::LoadedReport &loaded);
    void reportFailed(Rubricate::RowId reportId, const QString &error);

private:
    quint64 m_snapshotRequest = 0;
    quint64 m_reportRequest = 0;
};

} // namespace Rubricate
