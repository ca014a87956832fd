// Tells a window that other clients changed the project: other windows, CLI processes and
// judge workers, on this machine or (for a team project) any other.
//
// PostgreSQL announces each write on a channel (LISTEN/NOTIFY, QSqlDriver notifications),
// naming the table, and the session that listens is checked every few seconds, since one the
// server ended hears nothing more and says nothing of it; a project file is asked cheaply twice a
// second whether another connection committed (PRAGMA data_version), which cannot say what changed.
// Changes are gathered for a moment and reported together, so a judge run writing answers is one
// signal a second, not hundreds.
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
    static constexpr int SessionCheckMs = 5000;

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
    bool listen();
    void stopListening();
    void checkSession();
    void poll();
    void gathered(const QString &table);

    std::unique_ptr<ProjectStore> m_store;
    QString m_location;
    QTimer *m_poll;
    QTimer *m_gather;
    QSet<QString> m_tables;
    bool m_anything = false;
    bool m_server = false; // notifications, not polls
    bool m_listening = false; // subscribed on m_store's session
    qint64 m_dataVersion = -1;
};

} // namespace Rubricate
