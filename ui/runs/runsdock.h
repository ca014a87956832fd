// The judge runs of the open project in a dock: every run with its judge, status, progress,
// speed, errors, tokens and cost, and the actions that act on one (pause, resume, cancel,
// re-run the failed items). Rows are read off the GUI thread and the run being judged is
// updated in place from the launcher's progress.
#pragma once

#include "domain/types.h"

#include <QDockWidget>
#include <QStyledItemDelegate>

class QAction;
class QLabel;
class QTableView;

namespace Rubricate {

class RunLauncher;
class RunsModel;
struct RunProgress;

// Paints RunsModel::FractionRole as a progress bar.
class RunProgressDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};

class RunsDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit RunsDock(RunLauncher *launcher, QWidget *parent = nullptr);

    // The project whose runs are shown; empty for none.
    void setProject(const QString &projectPath);
    QString projectPath() const { return m_projectPath; }
    // Why the project refuses this login new runs, or empty: starting, resuming and re-running
    // write runs and verdicts, an owner's to write.
    void setOwnersOnly(const QString &reason);

    RunsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    RowId selectedRunId() const;
    void selectRun(RowId runId);

    QAction *newRunAction() const { return m_newRunAction; }
    QAction *pauseAction() const { return m_pauseAction; }
    QAction *resumeAction() const { return m_resumeAction; }
    QAction *cancelAction() const { return m_cancelAction; }
    QAction *rerunFailedAction() const { return m_rerunAction; }

    // Reads the runs again, off the GUI thread; `rowsLoaded` follows.
    void reload();
    // Opens the run dialog (window-modal, not blocking) and starts what it asks for.
    void openRunDialog();

signals:
    void rowsLoaded();

private:
    void onStarted(RowId runId);
    void onProgress(const RunProgress &progress);
    void onFinished(const QString &status, const QString &error);
    void resumeSelected();
    void rerunSelected();
    void updateActions();
    void fitColumns();
    void showMessage(const QString &text);

    RunLauncher *m_launcher = nullptr;
    RunsModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_message = nullptr;
    QAction *m_newRunAction = nullptr;
    QAction *m_pauseAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_rerunAction = nullptr;
    QString m_projectPath;
    QString m_ownersOnly;
    quint64 m_loadRequest = 0;
    RowId m_followRun = 0; // started here, to be selected once its row is read
};

} // namespace Rubricate
