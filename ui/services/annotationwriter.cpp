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

// Straight to the project, for a label the spool could not keep.
Result<void> writeDirectly(const QString &projectPath, const AnnotationEvent &event)
{
    auto store = ProjectStore::open(projectPath);
    if (!store)
        return store.error();
    Transaction tx(*store);
    if (const Result<RowId> appended = store->annotations().appendAnnotation(event); !appended)
        return appended.error();
    return tx.commit();
}

} // namespace

struct AnnotationWriter::Landed {
    QString project;
    QList<AnnotationEvent> landed;
    int waiting = 0;
    QString error;
    QList<std::pair<AnnotationKind, QString>> failures; // labels not written, and why
};

AnnotationWriter::AnnotationWriter(QObject *parent)
    : QObject(parent)
    , m_spoolDir(AnnotationSpool::defaultDirectory())
    , m_retryMs(kFirstRetryMs)
{
    m_spoolPool.setMaxThreadCount(1);
    m_landPool.setMaxThreadCount(1);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &AnnotationWriter::land);
    // Labels an earlier session could not write are written as soon as the program is up.
    QTimer::singleShot(0, this, &AnnotationWriter::land);
}

AnnotationWriter::~AnnotationWriter()
{
    m_spoolPool.waitForDone(); // a label already given is never dropped on quit
    // A landing stops after the event it is writing: what it has not written stays in the
    // spool for the next start.
    m_stopping = true;
    m_landPool.clear();
    m_landPool.waitForDone();
}

void AnnotationWriter::append(const QString &projectPath, const AnnotationEvent &event)
{
    auto *watcher = new QFutureWatcher<Landed>(this);
    connect(watcher, &QFutureWatcher<Landed>::finished, this, [this, watcher] {
        finish({watcher->result()}, false);
        watcher->deleteLater();
        land();
    });
    watcher->setFuture(
        QtConcurrent::run(&m_spoolPool, [dir = m_spoolDir, projectPath, event]() -> Landed {
            AnnotationSpool spool(dir);
            Landed out{projectPath, {}, 0, {}, {}};
            const Result<AnnotationEvent> kept = spool.add(projectPath, event);
            if (kept)
                return out;
            // Without the spool, straight to the project; but never past earlier labels that wait
            // there, which would then land after it and take its place as the current one.
            const int earlier = int(spool.pending(projectPath).events.size());
            if (earlier > 0) {
                out.waiting = earlier;
                out.error = kept.errorMessage();
                out.failures.append(
                    {event.kind,
                     tr("The label could not be kept on this computer (%1) while %n "
                        "earlier label(s) wait for the project; it was not written.",
                        nullptr, earlier)
                         .arg(kept.errorMessage())});
            } else if (const Result<void> written = writeDirectly(projectPath, event); written) {
                out.landed.append(event);
            } else {
                out.failures.append({event.kind,
                                     tr("%1 (nor could it be kept on this computer: %2)")
                                         .arg(written.errorMessage(), kept.errorMessage())});
            }
            return out;
        }));
}

void AnnotationWriter::land()
{
    if (std::exchange(m_landing, true)) {
        m_landAgain = true;
        return;
    }
    m_retry.stop();
    auto *watcher = new QFutureWatcher<QList<Landed>>(this);
    connect(watcher, &QFutureWatcher<QList<Landed>>::finished, this, [this, watcher] {
        m_landing = false;
        finish(watcher->result(), true);
        watcher->deleteLater();
        if (std::exchange(m_landAgain, false))
            land();
    });
    watcher->setFuture(QtConcurrent::run(&m_landPool, [this, dir = m_spoolDir]() -> QList<Landed> {
        AnnotationSpool spool(dir);
        QList<Landed> out;
        for (const QString &project : spool.projects()) {
            AnnotationSpool::Landing landing = spool.land(project, &m_stopping);
            Landed landed{project, std::move(landing.landed), landing.waiting, landing.error, {}};
            for (const AnnotationSpool::Landing::SetAside &aside : std::as_const(landing.setAside))
                landed.failures.append(
                    {aside.kind,
                     tr("The project refused a label, which is set aside in %1: %2")
                         .arg(spool.setAsideFileOf(project), aside.why)});
            out.append(std::move(landed));
        }
        return out;
    }));
}

void AnnotationWriter::retryNow()
{
    land();
}

void AnnotationWriter::setAsideWaiting(const QString &projectPath, int count)
{
    auto *watcher = new QFutureWatcher<Landed>(this);
    connect(watcher, &QFutureWatcher<Landed>::finished, this, [this, watcher] {
        finish({watcher->result()}, false);
        watcher->deleteLater();
        land(); // which reports what waits now
    });
    watcher->setFuture(
        QtConcurrent::run(&m_landPool, [dir = m_spoolDir, projectPath, count]() -> Landed {
            AnnotationSpool spool(dir);
            Landed out{projectPath, {}, 0, {}, {}};
            if (const Result<int> moved = spool.setAside(projectPath, count); !moved) {
                out.waiting = int(spool.pending(projectPath).events.size());
                out.error = moved.errorMessage();
                out.failures.append({AnnotationKind::Label, moved.errorMessage()});
            }
            return out;
        }));
}

void AnnotationWriter::writeSetAside(const QString &projectPath)
{
    auto *watcher = new QFutureWatcher<AnnotationSpool::Landing>(this);
    connect(watcher, &QFutureWatcher<AnnotationSpool::Landing>::finished, this,
            [this, watcher, projectPath] {
                const AnnotationSpool::Landing landing = watcher->result();
                watcher->deleteLater();
                for (const AnnotationEvent &e : landing.landed)
                    emit written(e.reportId, e.rubricId, e.kind);
                QStringList why;
                for (const AnnotationSpool::Landing::SetAside &aside : landing.setAside)
                    why.append(aside.why);
                emit setAsideWritten(projectPath, int(landing.landed.size()), landing.waiting, why,
                                     landing.error);
            });
    watcher->setFuture(QtConcurrent::run(&m_landPool, [this, dir = m_spoolDir, projectPath] {
        return AnnotationSpool(dir).landSetAside(projectPath, &m_stopping);
    }));
}

void AnnotationWriter::finish(QList<Landed> outcomes, bool everyProject)
{
    // A project no longer in the spool had its labels written by another program.
    if (everyProject) {
        for (auto it = m_waiting.cbegin(); it != m_waiting.cend(); ++it) {
            if (std::none_of(outcomes.cbegin(), outcomes.cend(),
                             [&](const Landed &o) { return o.project == it.key(); }))
                outcomes.append({it.key(), {}, 0, {}, {}});
        }
    }
    for (const Landed &o : std::as_const(outcomes)) {
        // An append reports only what it could not keep; the landing after it, the count.
        if (!everyProject && o.waiting == 0)
            continue;
        if (o.waiting > 0)
            m_waiting.insert(o.project, {o.waiting, o.error});
        else
            m_waiting.remove(o.project);
    }
    // Before the signals, so that what they show includes the next try.
    if (m_waiting.isEmpty()) {
        m_retry.stop();
        m_retryMs = kFirstRetryMs;
    } else if (everyProject && !m_landing) {
        m_retry.start(m_retryMs);
        m_retryMs = qMin(m_retryMs * 2, kLongestRetryMs);
    }
    for (const Landed &o : std::as_const(outcomes)) {
        for (const AnnotationEvent &e : o.landed)
            emit written(e.reportId, e.rubricId, e.kind);
        for (const auto &[kind, error] : o.failures)
            emit failed(error, kind);
        if (everyProject || o.waiting > 0)
            emit waiting(o.project, o.waiting, o.error);
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
            emit failed(error, AnnotationKind::Label);
    });
    watcher->setFuture(QtConcurrent::run(&m_landPool, [projectPath, identity]() -> QString {
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
