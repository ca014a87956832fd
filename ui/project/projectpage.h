// A page of the main window that shows something computed from the whole project (the
// agreement dashboard, the leaderboards). Nobody looks at a hidden page, so a change of
// project or data only marks it stale; it loads when shown. Its computations run on a
// one-thread pool of its own, never on the global pool that loads reports.
#pragma once

#include <QThreadPool>
#include <QWidget>

namespace Rubricate {

class ProjectPage : public QWidget
{
    Q_OBJECT

public:
    explicit ProjectPage(QWidget *parent = nullptr);

    void setProject(const QString &projectPath);
    // Reads the project again (after labels, runs or imports); deferred while hidden.
    void refresh();
    QString projectPath() const { return m_projectPath; }

protected:
    void showEvent(QShowEvent *event) override;
    // Reads and computes for projectPath(), which is not empty.
    virtual void load() = 0;
    QThreadPool *pool() { return &m_pool; }

private:
    QThreadPool m_pool;
    QString m_projectPath;
    bool m_stale = false;
};

} // namespace Rubricate
