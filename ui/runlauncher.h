// Judge runs from the window: the run controller lives on its own thread (with its own
// database connection), so the network, answer parsing and verdict writes never touch the
// GUI thread; progress and "verdicts written" come back as queued signals.
#pragma once

#include "runs/runcontroller.h"

#include <QObject>
#include <QThread>

namespace Rubricate {

class RunLauncher : public QObject
{
    Q_OBJECT

public:
    explicit RunLauncher(QObject *parent = nullptr);
    ~RunLauncher() override;

    bool isRunning() const { return m_running; }
    // Plans a run of the offline lexical judge over every unjudged DRB-II item of the
    // project and starts it.
    void startOffline(const QString &projectPath);
    void cancel();

signals:
    void started(Rubricate::RowId runId, int jobs);
    void progressChanged(const Rubricate::RunProgress &progress);
    void verdictsWritten(Rubricate::RowId reportId);
    void finished(const QString &status, const QString &error);

private:
    QThread m_thread;
    QObject *m_worker = nullptr; // lives on m_thread
    bool m_running = false;
};

} // namespace Rubricate
