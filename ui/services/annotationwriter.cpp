#include "services/annotationwriter.h"

#include "store/projectstore.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace Rubricate {

using namespace Qt::StringLiterals;

AnnotationWriter::AnnotationWriter(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

AnnotationWriter::~AnnotationWriter()
{
    m_pool.waitForDone(); // a label already given is never dropped on quit
}

void AnnotationWriter::append(const QString &projectPath, const AnnotationEvent &event)
{
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, event] {
        const QString error = watcher->result();
        watcher->deleteLater();
        if (error.isEmpty())
            emit written(event.reportId, event.rubricId);
        else
            emit failed(error);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [projectPath, event]() -> QString {
        auto store = ProjectStore::open(projectPath);
        if (!store)
            return store.errorMessage();
        Transaction tx(*store);
        if (const Result<RowId> appended = store->annotations().appendAnnotation(event); !appended)
            return appended.errorMessage();
        return tx.commit().errorMessage();
    }));
}

void AnnotationWriter::registerAnnotator(const QString &projectPath,
                                         const AnnotatorIdentity &identity)
{
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, projectPath] {
        const QString error = watcher->result();
        watcher->deleteLater();
        if (error.isEmpty())
            emit annotatorRegistered(projectPath);
        else
            emit failed(error);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [projectPath, identity]() -> QString {
        auto store = ProjectStore::open(projectPath);
        if (!store)
            return store.errorMessage();
        // This machine's choice of name is the person's own: it renames them here too.
        const auto known = store->annotations().annotator(identity.id);
        const Result<void> registered = !known
            ? store->annotations().addAnnotator({identity.id, identity.name, {}, {}})
            : known->name != identity.name
            ? store->annotations().renameAnnotator(identity.id, identity.name)
            : Result<void>();
        return registered.errorMessage();
    }));
}

SetLabelCommand::SetLabelCommand(AnnotationWriter *writer, QString projectPath,
                                 AnnotationEvent event, QString previousNote)
    : m_writer(writer)
    , m_projectPath(std::move(projectPath))
    , m_event(std::move(event))
    , m_previousNote(std::move(previousNote))
{
    setText(m_event.note != m_previousNote && m_event.value == m_event.previousValue
                ? QObject::tr("Set note")
                : QObject::tr("Set label"));
}

void SetLabelCommand::redo()
{
    AnnotationEvent e = m_event;
    e.at = QDateTime::currentDateTimeUtc();
    // The first redo is the label itself; later ones repeat it from the undo stack, which says
    // nothing about how long the item was looked at.
    if (m_done) {
        e.provenance.method = LabelMethod::Redo;
        e.provenance.focusMs.reset();
    }
    m_done = true;
    m_writer->append(m_projectPath, e);
}

void SetLabelCommand::undo()
{
    AnnotationEvent e = m_event;
    std::swap(e.value, e.previousValue);
    e.note = m_previousNote;
    e.at = QDateTime::currentDateTimeUtc();
    e.provenance.method = LabelMethod::Undo;
    e.provenance.focusMs.reset();
    m_writer->append(m_projectPath, e);
}

} // namespace Rubricate
