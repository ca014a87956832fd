// Human labels, written the moment they are given: each is an append-only annotation event
// (who, when, what, previous value). Writes go through one background thread in order, so
// the newest event is always the last label the annotator gave; undo and redo are new events
// too, never edits.
#pragma once

#include "domain/types.h"
#include "services/annotatoridentity.h"

#include <QObject>
#include <QThreadPool>
#include <QUndoCommand>

namespace Rubricate {

class AnnotationWriter : public QObject
{
    Q_OBJECT

public:
    explicit AnnotationWriter(QObject *parent = nullptr);
    ~AnnotationWriter() override;

    void append(const QString &projectPath, const AnnotationEvent &event);
    // Makes the person known to the project under their id, renamed to this machine's name.
    void registerAnnotator(const QString &projectPath, const AnnotatorIdentity &identity);

signals:
    void written(Rubricate::RowId reportId, Rubricate::RowId rubricId);
    void failed(const QString &error);
    void annotatorRegistered(const QString &projectPath);

private:
    QThreadPool m_pool; // one thread: events are written in the order they were given
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
