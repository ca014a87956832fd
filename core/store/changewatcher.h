// Tells a window that other clients changed the project: other windows, CLI processes and
// judge workers, on this machine or (for a team project) any other.
//
// PostgreSQL announces each write on a channel (LISTEN/NOTIFY, QSqlDriver notifications),
// naming the table; a project file is asked cheaply twice a second whether another connection
// committed (PRAGMA data_version), which cannot say what changed. Changes are gathered for a
// moment and reported together, so a judge run writing answers is one signal a second, not
// hundreds.
//
// Lives on a thread of its own with an event loop (the connection's notifications arrive on
// it), never on the GUI thread: start() opens the project.
#pragma once

#include <QObject>
#include <QSet>
#include <QString>

class QTimer;

namespace Rubricate {

class ProjectStore;

class ChangeWatcher : public QObject
{
    Q_OBJECT

public:
    explicit ChangeWatcher(QObject *parent = nullptr);
    ~ChangeWatcher() override;

    static constexpr int PollMs = 500;
    static constexpr int GatherMs = 300;

public slots:
    // Watches the project at `location` (stops watching the last one); an empty location
    // stops.
    void watch(const QString &location);

signals:
    // Tables that changed; empty when the engine cannot tell which (a project file).
    void changed(const QSet<QString> &tables);
    void failed(const QString &error);

private:
    void stop();
    void poll();
    void gathered(const QString &table);

    std::unique_ptr<ProjectStore> m_store;
    QString m_location;
    QTimer *m_poll;
    QTimer *m_gather;
    QSet<QString> m_tables;
    bool m_anything = false;
    qint64 m_dataVersion = -1;
};

} // namespace Rubricate
