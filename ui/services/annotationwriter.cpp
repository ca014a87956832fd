#include "services/annotationwriter.h"

#include "store/annotationspool.h"
#include "store/projectstore.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The first try after a label the project did not take, doubled after each failed try up to
// the longest: a server back after a blip is written to at once, one down for the day is
// not asked every few seconds.
constexpr int kFirstRetryMs = 2000;
constexpr int kLongestRetryMs = 60000;

} // namespace

struct AnnotationWriter::Landed {
    QString project;
    QList<AnnotationEvent> landed;
    int waiting = 0;
    QString error;
    QString failure; // the label could be neither written nor kept
};

AnnotationWriter::AnnotationWriter(QObject *parent)
    : QObject(parent)
    , m_retryMs(kFirstRetryMs)
{
    m_pool.setMaxThreadCount(1);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &AnnotationWriter::retryNow);
    // Labels an earlier session could not write are written as soon as the program is up.
    QTimer::singleShot(0, this, &AnnotationWriter::retryNow);
}

AnnotationWriter::~AnnotationWriter()
{
    m_pool.waitForDone(); // a label already given is never dropped on quit
}

void AnnotationWriter::append(const QString &projectPath, const AnnotationEvent &event)
{
    auto *watcher = new QFutureWatcher<Landed>(this);
    connect(watcher, &QFutureWatcher<Landed>::finished, this, [this, watcher] {
        finish({watcher->result()}, false);
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [projectPath, event]() -> Landed {
        AnnotationSpool spool;
        Landed out{projectPath, {}, 0, {}, {}};
        if (const Result<AnnotationEvent> kept = spool.add(projectPath, event); !kept) {
            // Without the spool, straight to the project, as the last resort.
            const auto write = [&]() -> Result<void> {
                auto store = ProjectStore::open(projectPath);
                if (!store)
                    return store.error();
                Transaction tx(*store);
                if (const Result<RowId> appended = store->annotations().appendAnnotation(event);
                    !appended)
                    return appended.error();
                return tx.commit();
            };
            if (const Result<void> written = write(); !written)
                out.failure = written.errorMessage()
                    + u" (nor could it be kept on this computer: "_s + kept.errorMessage() + u')';
            else
                out.landed.append(event);
            return out;
        }
        AnnotationSpool::Landing landing = spool.land(projectPath);
        out.landed = std::move(landing.landed);
        out.waiting = landing.waiting;
        out.error = landing.error;
        return out;
    }));
}

void AnnotationWriter::retryNow()
{
    m_retry.stop();
    auto *watcher = new QFutureWatcher<QList<Landed>>(this);
    connect(watcher, &QFutureWatcher<QList<Landed>>::finished, this, [this, watcher] {
        finish(watcher->result(), true);
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, []() -> QList<Landed> {
        AnnotationSpool spool;
        QList<Landed> out;
        for (const QString &project : spool.projects()) {
            AnnotationSpool::Landing landing = spool.land(project);
            out.append({project, std::move(landing.landed), landing.waiting, landing.error, {}});
        }
        return out;
    }));
}

void AnnotationWriter::discardWaiting(const QString &projectPath)
{
    auto *watcher = new QFutureWatcher<Landed>(this);
    connect(watcher, &QFutureWatcher<Landed>::finished, this, [this, watcher] {
        finish({watcher->result()}, false);
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [projectPath]() -> Landed {
        Landed out{projectPath, {}, 0, {}, {}};
        if (const Result<void> dropped = AnnotationSpool().discard(projectPath); !dropped) {
            out.failure = dropped.errorMessage();
            out.waiting = int(AnnotationSpool().pending(projectPath).events.size());
        }
        return out;
    }));
}

void AnnotationWriter::finish(QList<Landed> outcomes, bool everyProject)
{
    // A project no longer in the spool had its labels written elsewhere (another window).
    if (everyProject) {
        for (auto it = m_waiting.cbegin(); it != m_waiting.cend(); ++it) {
            if (std::none_of(outcomes.cbegin(), outcomes.cend(),
                             [&](const Landed &o) { return o.project == it.key(); }))
                outcomes.append({it.key(), {}, 0, {}, {}});
        }
    }
    for (const Landed &o : std::as_const(outcomes)) {
        for (const AnnotationEvent &e : o.landed)
            emit written(e.reportId, e.rubricId);
        if (!o.failure.isEmpty())
            emit failed(o.failure);
        if (m_waiting.value(o.project) != o.waiting || o.waiting > 0)
            emit waiting(o.project, o.waiting, o.error);
        if (o.waiting > 0)
            m_waiting.insert(o.project, o.waiting);
        else
            m_waiting.remove(o.project);
    }
    if (m_waiting.isEmpty()) {
        m_retryMs = kFirstRetryMs;
        return;
    }
    if (!m_retry.isActive()) {
        m_retry.start(m_retryMs);
        m_retryMs = qMin(m_retryMs * 2, kLongestRetryMs);
    }
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
