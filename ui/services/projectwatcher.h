// What the window hears of other clients' changes to its project (store/changewatcher.h):
// the watcher runs on a thread of its own, and what it reports is passed on at most once a
// second, so that a judge run writing answers elsewhere never makes the window busy.
#pragma once

#include <QObject>
#include <QSet>
#include <QThread>

class QTimer;

namespace Rubricate {

class ChangeWatcher;

class ProjectWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int IntervalMs = 1000;

    explicit ProjectWatcher(QObject *parent = nullptr);
    ~ProjectWatcher() override;

    // Watches the project at `location` from now on (empty: none).
    void watch(const QString &location);
    QString location() const { return m_location; }

signals:
    // Tables that changed since the last signal; empty when the engine cannot tell which.
    void changedElsewhere(const QSet<QString> &tables);

private:
    void gather(const QSet<QString> &tables);

    QThread m_thread;
    ChangeWatcher *m_watcher;
    QTimer *m_pace;
    QString m_location;
    QSet<QString> m_tables;
    bool m_anything = false;
};

} // namespace Rubricate
