// Human labels, written the moment they are given: each is an append-only annotation event
// (who, when, what, previous value). Writes go through one background thread in order, so
// the newest event is always the last label the annotator gave; undo and redo are new events
// too, never edits. Each label passes through this machine's AnnotationSpool on its way: when
// the project cannot take it (a team server out of reach), it waits there, across restarts,
// and is written by a later try, in the order given.
#pragma once

#include "domain/types.h"
#include "services/annotatoridentity.h"

#include <QHash>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <QUndoCommand>

#include <atomic>

namespace Rubricate {

class AnnotationWriter : public QObject
{
    Q_OBJECT

public:
    // One a window: the pages that label share it, so that one queue keeps their order and
    // one landing reports what reached the project.
    explicit AnnotationWriter(QObject *parent = nullptr);
    ~AnnotationWriter() override;

    void append(const QString &projectPath, const AnnotationEvent &event);
    // Makes the person known to the project under their id, renamed to this machine's name.
    void registerAnnotator(const QString &projectPath, const AnnotatorIdentity &identity);
    // Tries at once to write the labels waiting on this machine, for every project. The writer
    // also tries by itself: after each label, and while labels wait, sooner after a failed try
    // and less often the longer a project stays out of reach.
    void retryNow();
    // Moves the first `count` labels waiting for `projectPath` (those a person was shown) to the
    // spool's set-aside file: for labels the person gives up on.
    void setAsideWaiting(const QString &projectPath, int count);
    // Writes the labels set aside for `projectPath` after all, on the landing thread
    // (AnnotationSpool::landSetAside); setAsideWritten() says how it went.
    void writeSetAside(const QString &projectPath);

    // Where the labels wait (AnnotationSpool::defaultDirectory() unless set, as tests do).
    void setSpoolDirectory(const QString &directory) { m_spoolDir = directory; }

    // The labels waiting on this machine, by project, with why the first was not written.
    struct Waiting {
        int count = 0;
        QString error;
    };
    const QHash<QString, Waiting> &waitingLabels() const { return m_waiting; }

    // The next try, 0 when none is planned.
    int retryInMs() const { return m_retry.isActive() ? m_retry.remainingTime() : 0; }

signals:
    void written(Rubricate::RowId reportId, Rubricate::RowId rubricId,
                 Rubricate::AnnotationKind kind);
    // A label that was not written, and why: one that could not be kept on this machine, or
    // one the project refused (set aside, named in `error`).
    void failed(const QString &error, Rubricate::AnnotationKind kind);
    // `count` labels given for `projectPath` wait on this machine, the first because of
    // `error`; a count of 0 once they are all written.
    void waiting(const QString &projectPath, int count, const QString &error);
    void annotatorRegistered(const QString &projectPath);
    // What writeSetAside() wrote, how many stay set aside and why (a line each), and the error
    // that stopped it (the project out of reach, labels still waiting).
    void setAsideWritten(const QString &projectPath, int written, int keptAside,
                         const QStringList &why, const QString &error);

private:
    struct Landed;
    void land();
    void finish(QList<Landed> outcomes, bool everyProject);

    QThreadPool m_spoolPool; // one thread: labels go into the spool in the order given
    QThreadPool m_landPool; // one thread: from the spool to the projects (quitting waits for
                            // the event being written only)
    QString m_spoolDir;
    QTimer m_retry;
    int m_retryMs;
    std::atomic_bool m_stopping = false; // quitting: a landing stops before its next event
    bool m_landing = false;
    bool m_landAgain = false; // a label came while landing: land once more after it
    QHash<QString, Waiting> m_waiting; // by project, as the last landing found them
};

// "Set the human label" or "set the note": redo appends the new value and note, undo appends
// the old ones back. An event carries both, because the newest event is the whole current
// annotation of its rubric.
class SetLabelCommand : public QUndoCommand
{
public:
    SetLabelCommand(AnnotationWriter *writer, QString projectPath, AnnotationEvent event,
                    QString previousNote);
    void redo() override;
    void undo() override;

private:
    AnnotationWriter *m_writer;
    QString m_projectPath;
    AnnotationEvent m_event;
    QString m_previousNote;
    bool m_done = false;
};

} // namespace Rubricate
