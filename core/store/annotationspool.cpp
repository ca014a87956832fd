#include "annotationspool.h"

#include "projectstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <functional>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Long enough for another program's landing over a slow connection (libpq gives up
// connecting after 10 s), short enough that a label is not held up for long.
constexpr int kLockWaitMs = 30000;

QJsonValue numberOrNull(std::optional<double> v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

std::optional<double> optionalNumber(const QJsonValue &v)
{
    return v.isDouble() ? std::optional(v.toDouble()) : std::nullopt;
}

QByteArray eventLine(const AnnotationEvent &e)
{
    const LabelProvenance &p = e.provenance;
    QJsonObject provenance{{u"method"_s, labelMethodKey(p.method)},
                           {u"shown_run_id"_s, p.shownRunId},
                           {u"shown_verdict"_s, numberOrNull(p.shownVerdict)},
                           {u"study"_s, p.study},
                           {u"app_version"_s, p.appVersion}};
    if (p.judgeVisible)
        provenance.insert(u"judge_visible"_s, *p.judgeVisible);
    if (p.focusMs)
        provenance.insert(u"focus_ms"_s, *p.focusMs);
    const QJsonObject o{{u"uid"_s, e.uid},
                        {u"kind"_s, annotationKindKey(e.kind)},
                        {u"report_id"_s, e.reportId},
                        {u"rubric_id"_s, e.rubricId},
                        {u"annotator"_s, e.annotator},
                        {u"annotator_name"_s, e.annotatorName},
                        {u"at"_s, e.at.toUTC().toString(Qt::ISODateWithMs)},
                        {u"label"_s, numberOrNull(e.value)},
                        {u"previous"_s, numberOrNull(e.previousValue)},
                        {u"note"_s, e.note},
                        {u"provenance"_s, provenance}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

Result<AnnotationEvent> eventFromLine(const QByteArray &line)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (!doc.isObject())
        return Error{parseError.errorString()};
    const QJsonObject o = doc.object();
    AnnotationEvent e;
    e.uid = o.value(u"uid"_s).toString();
    e.reportId = o.value(u"report_id"_s).toInteger();
    e.rubricId = o.value(u"rubric_id"_s).toInteger();
    e.annotator = o.value(u"annotator"_s).toString();
    e.annotatorName = o.value(u"annotator_name"_s).toString();
    e.at = QDateTime::fromString(o.value(u"at"_s).toString(), Qt::ISODateWithMs);
    const std::optional<AnnotationKind> kind = annotationKindFromKey(o.value(u"kind"_s).toString());
    if (e.uid.isEmpty() || e.reportId <= 0 || e.rubricId <= 0 || e.annotator.isEmpty()
        || !e.at.isValid() || !kind)
        return Error{u"not a label event (uid, kind, report_id, rubric_id, annotator, at)"_s};
    e.kind = *kind;
    e.value = optionalNumber(o.value(u"label"_s));
    e.previousValue = optionalNumber(o.value(u"previous"_s));
    e.note = o.value(u"note"_s).toString();
    const QJsonObject p = o.value(u"provenance"_s).toObject();
    e.provenance.method = labelMethodFromKey(p.value(u"method"_s).toString());
    e.provenance.shownRunId = p.value(u"shown_run_id"_s).toInteger();
    e.provenance.shownVerdict = optionalNumber(p.value(u"shown_verdict"_s));
    e.provenance.study = p.value(u"study"_s).toString();
    e.provenance.appVersion = p.value(u"app_version"_s).toString();
    if (p.value(u"judge_visible"_s).isBool())
        e.provenance.judgeVisible = p.value(u"judge_visible"_s).toBool();
    if (p.value(u"focus_ms"_s).isDouble())
        e.provenance.focusMs = p.value(u"focus_ms"_s).toInteger();
    return e;
}

// A spool file: its header line, then one event a line. The lines stay as read, so that
// rewriting the file keeps a line this version cannot read.
struct SpoolFile {
    QString project;
    QList<QByteArray> lines;
};

Result<SpoolFile> readSpool(const QString &path)
{
    QFile f(path);
    if (!f.exists())
        return SpoolFile{};
    if (!f.open(QIODevice::ReadOnly))
        return Error{u"cannot read %1: %2"_s.arg(path, f.errorString())};
    SpoolFile spool;
    const QJsonObject header = QJsonDocument::fromJson(f.readLine()).object();
    spool.project = header.value(u"project"_s).toString();
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (!line.isEmpty())
            spool.lines.append(line);
    }
    return spool;
}

Result<void> writeSpool(const QString &path, const SpoolFile &spool)
{
    if (spool.lines.isEmpty()) {
        if (QFile::exists(path) && !QFile::remove(path))
            return Error{u"cannot remove %1"_s.arg(path)};
        return {};
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error{u"cannot write %1: %2"_s.arg(path, f.errorString())};
    f.write(QJsonDocument(QJsonObject{{u"project"_s, spool.project}, {u"spool"_s, 1}})
                .toJson(QJsonDocument::Compact));
    f.write("\n");
    for (const QByteArray &line : spool.lines)
        f.write(line + '\n');
    if (!f.commit())
        return Error{u"cannot write %1: %2"_s.arg(path, f.errorString())};
    return {};
}

// Whether a line that does not read as an event is one all the same, with its uid.
bool hasUid(const QByteArray &line)
{
    return !QJsonDocument::fromJson(line).object().value(u"uid"_s).toString().isEmpty();
}

// A spool line as landing sees it: an event, or one this version cannot read.
struct Entry {
    QByteArray line;
    std::optional<AnnotationEvent> event;
    QString unreadable; // why, when `event` is empty
};

// The spool's lines as entries. A line that is not JSON, or no event at all, cannot keep its
// place in the order: it goes to `refused`, named in `setAside`. An event this version cannot
// read (a newer one's) stays an entry, which stops the landing there, so that a newer
// program lands it in its place.
QList<Entry> readEntries(const QString &path, const SpoolFile &spool, QList<QByteArray> *refused,
                         QList<AnnotationSpool::Landing::SetAside> *setAside)
{
    QList<Entry> entries;
    for (qsizetype i = 0; i < spool.lines.size(); ++i) {
        const QByteArray &line = spool.lines.at(i);
        Result<AnnotationEvent> e = eventFromLine(line);
        const QString where = u"%1:%2: "_s.arg(path).arg(i + 2);
        if (e) {
            entries.append({line, std::move(e).value(), {}});
        } else if (hasUid(line)) {
            entries.append({line, std::nullopt, where + e.errorMessage()});
        } else {
            refused->append(line);
            setAside->append({AnnotationKind::Label, where + e.errorMessage()});
        }
    }
    return entries;
}

// "the label of report 3, rubric 7 by ann", as a reason names the event.
QString eventText(const AnnotationEvent &e)
{
    return u"the %1 of report %2, rubric %3 by %4"_s.arg(annotationKindKey(e.kind),
                                                         QString::number(e.reportId),
                                                         QString::number(e.rubricId), e.annotator);
}

// An event the project holds now, written or found there (a commit whose answer was lost,
// another program landing it at once): it counts as landed and leaves its file.
void markLanded(const Entry &entry, AnnotationSpool::Landing &out, QList<QByteArray> &done)
{
    out.landed.append(*entry.event);
    done.append(entry.line);
}

Result<void> appendEvent(ProjectStore &store, const AnnotationEvent &event)
{
    Transaction tx(store);
    if (Result<RowId> appended = store.annotations().appendAnnotation(event); !appended)
        return appended.error();
    return tx.commit();
}

// Writes an event set aside earlier unless the project holds a label given since on its item,
// of the same annotator (gold: anyone's), which the older one would replace as current: then
// it returns why the event stays aside. Checked in the transaction that writes it.
Result<QString> appendUnlessNewer(ProjectStore &store, const AnnotationEvent &event)
{
    Transaction tx(store, WriteChecks::Annotations);
    if (!tx.isOpen())
        return tx.began().error();
    const bool gold = event.kind == AnnotationKind::Gold;
    const std::optional<AnnotationEvent> current = store.annotations().currentAnnotation(
        event.reportId, event.rubricId, gold ? QString() : event.annotator, event.kind);
    if (current && current->uid == event.uid)
        return QString(); // another program landed it meanwhile
    if (current && current->at >= event.at) {
        return u"%1 (given %2): %3 gave a newer one (%4)"_s.arg(
            eventText(event), event.at.toUTC().toString(Qt::ISODate), current->annotator,
            current->at.toUTC().toString(Qt::ISODate));
    }
    if (Result<RowId> appended = store.annotations().appendAnnotation(event); !appended)
        return appended.error();
    if (Result<void> committed = tx.commit(); !committed)
        return committed.error();
    return QString();
}

Error lockedError(const QString &path)
{
    return {u"%1 is locked by another program"_s.arg(path)};
}

// The lock of a project's spool file. Its set-aside file is changed under the same lock.
QString lockOf(const QString &spoolPath)
{
    return spoolPath + u".lock"_s;
}

// The file at `path` (a spool file, or its set-aside file), read under `lockPath`.
Result<SpoolFile> readLocked(const QString &path, const QString &lockPath)
{
    if (!QFileInfo::exists(path))
        return SpoolFile{}; // nothing kept: no lock to take (its folder may not exist yet)
    QLockFile lock(lockPath);
    if (!lock.tryLock(kLockWaitMs))
        return lockedError(path);
    return readSpool(path);
}

// Every change of such a file: read under the lock, changed by `change`, written back.
Result<void> changeLocked(const QString &path, const QString &lockPath,
                          const std::function<Result<void>(SpoolFile &)> &change)
{
    // A machine that never kept a label has no spool folder, and a lock cannot be taken there.
    if (const QString folder = QFileInfo(lockPath).absolutePath(); !QDir().mkpath(folder))
        return Error{u"cannot create %1"_s.arg(folder)};
    QLockFile lock(lockPath);
    if (!lock.tryLock(kLockWaitMs))
        return lockedError(path);
    Result<SpoolFile> spool = readSpool(path);
    if (!spool)
        return spool.error();
    if (Result<void> changed = change(*spool); !changed)
        return changed;
    return writeSpool(path, *spool);
}

Result<void> changeSpool(const QString &path,
                         const std::function<Result<void>(SpoolFile &)> &change)
{
    return changeLocked(path, lockOf(path), change);
}

// Adds `lines` to the set-aside file, which keeps what the project would not take.
Result<void> appendLines(const QString &path, const QString &project,
                         const QList<QByteArray> &lines)
{
    if (lines.isEmpty())
        return {};
    Result<SpoolFile> file = readSpool(path);
    if (!file)
        return file.error();
    file->project = project;
    file->lines += lines;
    return writeSpool(path, *file);
}

} // namespace

QString AnnotationSpool::defaultDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(u"unwritten-labels"_s);
}

QString AnnotationSpool::windowDirectory()
{
    // Where the window's AppLocalDataLocation is, named outright: another program's (the
    // command line's, a test's) follows that program's name.
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(u"Rubricate/rubricate/unwritten-labels"_s);
}

AnnotationSpool::AnnotationSpool(QString directory)
    : m_directory(std::move(directory))
{ }

QString AnnotationSpool::fileOf(const QString &project) const
{
    const QByteArray name = QCryptographicHash::hash(project.toUtf8(), QCryptographicHash::Sha1);
    return QDir(m_directory).filePath(QString::fromLatin1(name.toHex()) + u".jsonl"_s);
}

QString AnnotationSpool::setAsideFileOf(const QString &project) const
{
    return fileOf(project).chopped(int(QStringView(u".jsonl").size())) + u".set-aside.jsonl"_s;
}

Result<AnnotationEvent> AnnotationSpool::add(const QString &project, AnnotationEvent event)
{
    if (!QDir().mkpath(m_directory))
        return Error{u"cannot create %1"_s.arg(m_directory)};
    if (event.uid.isEmpty())
        event.uid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // With a uid the project takes the version as given: this one gave the label.
    if (event.provenance.appVersion.isEmpty())
        event.provenance.appVersion = QCoreApplication::applicationVersion();
    if (!event.at.isValid())
        event.at = QDateTime::currentDateTimeUtc();
    const Result<void> kept = changeSpool(fileOf(project), [&](SpoolFile &spool) {
        spool.project = project;
        spool.lines.append(eventLine(event));
        return Result<void>();
    });
    if (!kept)
        return kept.error();
    return event;
}

AnnotationSpool::Pending AnnotationSpool::pending(const QString &project) const
{
    Pending out;
    const QString path = fileOf(project);
    const Result<SpoolFile> spool = readSpool(path);
    if (!spool) {
        out.problems.append(spool.errorMessage());
        return out;
    }
    for (qsizetype i = 0; i < spool->lines.size(); ++i) {
        Result<AnnotationEvent> e = eventFromLine(spool->lines.at(i));
        if (e)
            out.events.append(std::move(e).value());
        else
            out.problems.append(u"%1:%2: %3"_s.arg(path).arg(i + 2).arg(e.errorMessage()));
    }
    return out;
}

AnnotationSpool::Listing AnnotationSpool::listing() const
{
    Listing out;
    const QDir dir(m_directory);
    for (const QString &name : dir.entryList({u"*.jsonl"_s}, QDir::Files, QDir::Name)) {
        if (name.endsWith(u".set-aside.jsonl"_s))
            continue;
        const Result<SpoolFile> spool = readSpool(dir.filePath(name));
        if (!spool)
            out.unreadable.append(spool.errorMessage());
        else if (spool->lines.isEmpty())
            continue;
        else if (spool->project.isEmpty())
            out.unreadable.append(u"%1: %2 line(s) under a first line that names no project"_s.arg(
                dir.filePath(name), QString::number(spool->lines.size())));
        else
            out.projects.append(spool->project);
    }
    return out;
}

AnnotationSpool::Landing AnnotationSpool::land(const QString &project, const std::atomic_bool *stop)
{
    Landing out;
    const QString path = fileOf(project);
    QList<QByteArray> done; // lines landed or set aside, taken out of the spool below
    QList<QByteArray> refused;
    {
        const Result<SpoolFile> spool = readLocked(path, lockOf(path));
        if (!spool) {
            out.error = spool.errorMessage();
            out.waiting = int(pending(project).events.size());
            return out;
        }
        if (spool->lines.isEmpty())
            return out;
        const QList<Entry> events = readEntries(path, *spool, &refused, &out.setAside);
        // Not under the lock: a connection may take its timeout to fail, and labels given
        // meanwhile must go into the spool. Another program landing the same events at once
        // adds each once (by uid) and in order, since each waits for the one before.
        auto store = ProjectStore::open(project);
        for (const Entry &entry : events) {
            const auto &[line, event, unreadable] = entry;
            if (!event || !store || !out.error.isEmpty() || (stop && *stop)) {
                if (!event && out.error.isEmpty())
                    out.error = unreadable + u" (from a newer Rubricate?)"_s;
                ++out.waiting;
                continue;
            }
            if (store->annotations().annotationId(event->uid)) {
                markLanded(entry, out, done);
                continue;
            }
            const Result<void> written = appendEvent(*store, *event);
            if (written || store->annotations().annotationId(event->uid)) {
                markLanded(entry, out, done);
            } else if (store->projectDatabase().lastErrorRefused()) {
                // Asking again would get the same answer, and it would hold back every label
                // after it: it goes aside, named, and the rest land.
                refused.append(line);
                out.setAside.append(
                    {event->kind, eventText(*event) + u": "_s + written.errorMessage()});
            } else {
                out.error = written.errorMessage();
                ++out.waiting;
            }
        }
        if (!store)
            out.error = store.errorMessage();
    }
    done += refused;
    if (done.isEmpty())
        return out;
    // Lines added meanwhile stay. Should this fail, what landed is found there next time, by
    // uid.
    const Result<void> kept = changeSpool(path, [&](SpoolFile &spool) -> Result<void> {
        if (Result<void> aside = appendLines(setAsideFileOf(project), project, refused); !aside)
            return aside;
        spool.lines.removeIf([&](const QByteArray &line) { return done.contains(line); });
        return {};
    });
    if (!kept) {
        out.error = kept.errorMessage();
        out.waiting = int(this->pending(project).events.size());
    }
    return out;
}

Result<int> AnnotationSpool::setAside(const QString &project, int first)
{
    int moved = 0;
    const Result<void> changed = changeSpool(fileOf(project), [&](SpoolFile &spool) {
        moved = first < 0 ? int(spool.lines.size()) : qMin(first, int(spool.lines.size()));
        Result<void> aside
            = appendLines(setAsideFileOf(project), project, spool.lines.first(moved));
        if (aside)
            spool.lines.remove(0, moved);
        return aside;
    });
    if (!changed)
        return changed.error();
    return moved;
}

AnnotationSpool::Landing AnnotationSpool::landSetAside(const QString &project,
                                                       const std::atomic_bool *stop)
{
    Landing out;
    const QString spoolPath = fileOf(project);
    const QString asidePath = setAsideFileOf(project);
    const Result<SpoolFile> aside = readLocked(asidePath, lockOf(spoolPath));
    if (!aside) {
        out.error = aside.errorMessage();
        return out;
    }
    if (aside->lines.isEmpty())
        return out; // nothing set aside: nothing to ask the project

    if (const qsizetype waiting = pending(project).events.size(); waiting > 0) {
        out.error
            = u"%1 label(s) still wait in %2: they are written first"_s.arg(waiting).arg(spoolPath);
        out.waiting = int(aside->lines.size());
        return out;
    }
    QList<QByteArray> refused; // lines that are no event: they stay, named
    const QList<Entry> events = readEntries(asidePath, *aside, &refused, &out.setAside);
    out.waiting = int(refused.size());
    QList<QByteArray> done;
    // Not under the lock, as in land().
    auto store = ProjectStore::open(project);
    if (!store)
        out.error = store.errorMessage();
    for (const Entry &entry : events) {
        const auto &[line, event, unreadable] = entry;
        if (!event)
            out.setAside.append({AnnotationKind::Label, unreadable});
        if (!event || !store || !out.error.isEmpty() || (stop && *stop)) {
            ++out.waiting;
            continue;
        }
        const bool held = store->annotations().annotationId(event->uid).has_value();
        const Result<QString> written = held ? QString() : appendUnlessNewer(*store, *event);
        if ((written && written->isEmpty())
            || (!written && store->annotations().annotationId(event->uid))) {
            markLanded(entry, out, done);
            continue;
        }
        ++out.waiting;
        if (written) {
            out.setAside.append({event->kind, *written});
        } else if (store->projectDatabase().lastErrorRefused()) {
            out.setAside.append(
                {event->kind, eventText(*event) + u": "_s + written.errorMessage()});
        } else {
            out.error = written.errorMessage();
        }
    }
    if (done.isEmpty())
        return out;
    // Lines set aside meanwhile stay. Should this fail, what landed is found there next time,
    // by uid.
    const Result<void> kept
        = changeLocked(asidePath, lockOf(spoolPath), [&](SpoolFile &file) -> Result<void> {
              file.lines.removeIf([&](const QByteArray &line) { return done.contains(line); });
              return {};
          });
    if (!kept)
        out.error = kept.errorMessage();
    return out;
}

int AnnotationSpool::setAsideCount(const QString &project) const
{
    const Result<SpoolFile> aside = readSpool(setAsideFileOf(project));
    return aside ? int(aside->lines.size()) : 0;
}

} // namespace Rubricate
