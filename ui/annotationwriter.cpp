#include "annotationwriter.h"

#include <QSettings>

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
        QString error;
        auto store = ProjectStore::open(projectPath, &error);
        if (!store)
            return error;
        Transaction tx(*store);
        if (!store->appendAnnotation(event) || !tx.commit())
            return store->lastError();
        return {};
    }));
}

QString currentAnnotator()
{
    const QString fromSettings = QSettings().value(u"annotator"_s).toString();
    if (!fromSettings.isEmpty())
        return fromSettings;
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? u"annotator"_s : user;
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
    m_writer->append(m_projectPath, e);
}

void SetLabelCommand::undo()
{
    AnnotationEvent e = m_event;
    std::swap(e.value, e.previousValue);
    e.note = m_previousNote;
    e.at = QDateTime::currentDateTimeUtc();
    m_writer->append(m_projectPath, e);
}

} // namespace Rubricate
