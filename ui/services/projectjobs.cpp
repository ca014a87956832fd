#include "services/projectjobs.h"

#include "demo/demoproject.h"
#include "readers/claimsproject.h"
#include "readers/drb2projectexport.h"
#include "services/background.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

void removeDatabaseFiles(const QString &path)
{
    for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s, u"-journal"_s})
        QFile::remove(path + suffix);
}

} // namespace

ProjectJobs::ProjectJobs(QObject *parent)
    : QObject(parent)
{ }

QString ProjectJobs::demoProjectPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(u"demo.rubricate"_s);
}

Result<void> ProjectJobs::createDemoProject(const QString &path)
{
    if (QFileInfo::exists(path))
        return {};
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error{tr("Cannot create the folder for %1.").arg(path)};
    // Build under a temporary name and rename at the end, so that an interrupted import
    // never leaves a half-filled demo that would be taken for a finished one next time.
    const QString partial = path + u".part"_s;
    removeDatabaseFiles(partial);
    {
        const auto store = ProjectStore::create(partial);
        if (!store)
            return store.error();
        const ImportSummary summary = importDemo(*store);
        if (summary.errorCount() > 0)
            return Error{tr("The demo could not be imported:\n%1").arg(summary.toText())};
    }
    // Closing the project's connection folds its WAL back into the file, which then moves.
    ProjectStore::close(partial);
    // Normally closing removes the WAL; if one is left it belongs to the file it moves with.
    for (const QString &suffix : {u"-wal"_s, u"-shm"_s}) {
        if (QFileInfo::exists(partial + suffix))
            QFile::rename(partial + suffix, path + suffix);
    }
    if (!QFile::rename(partial, path)) {
        removeDatabaseFiles(partial);
        return Error{tr("Cannot move the demo project to %1.").arg(path)};
    }
    return {};
}

void ProjectJobs::runImport(const QString &projectPath, ImportKind kind, const QString &source,
                            const ImportOptions &options)
{
    started();
    runInBackground(
        this,
        [projectPath, kind, source, options] {
            const auto store = ProjectStore::create(projectPath);
            if (!store) {
                ImportSummary summary;
                summary.error(projectPath, 0, store.errorMessage());
                return summary;
            }
            return Rubricate::runImport(*store, kind, source, options);
        },
        [this, projectPath, source](const ImportSummary &summary) {
            finished();
            emit importFinished(projectPath, source, summary);
        });
}

void ProjectJobs::prepareDemo(const QString &path)
{
    started();
    runInBackground(
        this, [path] { return createDemoProject(path); },
        [this, path](const Result<void> &created) {
            finished();
            if (created)
                emit demoReady(path);
            else
                emit demoFailed(created.errorMessage());
        });
}

void ProjectJobs::started()
{
    if (m_running++ == 0)
        emit busyChanged(true);
}

void ProjectJobs::finished()
{
    if (--m_running == 0)
        emit busyChanged(false);
}

void ProjectJobs::createProject(const QString &path)
{
    started();
    runInBackground(
        this,
        [path] {
            // Creating applies every migration in one go.
            const auto created = ProjectStore::create(path);
            return std::pair{created.ok(), created.errorMessage()};
        },
        [this, path](const std::pair<bool, QString> &out) {
            finished();
            if (out.first)
                emit projectCreated(path);
            else
                emit projectCreationFailed(path, out.second);
        });
}

void ProjectJobs::exportDrb2Results(const QString &projectPath, const QString &directory)
{
    started();
    runInBackground(
        this,
        [projectPath, directory] {
            Drb2ExportSummary summary;
            auto store = ProjectStore::open(projectPath);
            if (!store)
                return std::pair{summary.files, store.errorMessage()};
            const auto exported = exportDrb2(*store, {}, directory, ErrorPolicy::Exclude, &summary);
            return std::pair{summary.files, exported.errorMessage()};
        },
        [this, directory](const std::pair<QStringList, QString> &out) {
            finished();
            emit exportFinished(directory, out.first, out.second);
        });
}

void ProjectJobs::extractClaims(const QString &projectPath)
{
    started();
    runInBackground(
        this,
        [projectPath] {
            auto store = ProjectStore::open(projectPath);
            if (!store)
                return std::pair{ClaimExtraction{}, store.errorMessage()};
            const auto done = Rubricate::extractClaims(*store, {});
            return std::pair{done ? *done : ClaimExtraction{}, done.errorMessage()};
        },
        [this, projectPath](const std::pair<ClaimExtraction, QString> &out) {
            finished();
            emit claimsExtracted(projectPath, out.first.extracted, out.first.cited,
                                 out.first.uncited, out.second);
        });
}

void ProjectJobs::mergeAnnotations(const QString &projectPath, const QString &otherPath)
{
    started();
    runInBackground(
        this,
        [projectPath, otherPath] {
            MergeSummary summary;
            if (auto store = ProjectStore::open(projectPath))
                summary = Rubricate::mergeAnnotations(*store, otherPath);
            else
                summary.error = store.errorMessage();
            return summary;
        },
        [this, projectPath, otherPath](const MergeSummary &summary) {
            finished();
            emit annotationsMerged(projectPath, otherPath, summary);
        });
}

void ProjectJobs::exportAnnotations(const QString &projectPath, const QString &file)
{
    started();
    runInBackground(
        this,
        [projectPath, file] {
            auto store = ProjectStore::open(projectPath);
            if (!store)
                return store.errorMessage();
            QStringList skipped;
            const auto annotations = travellingAnnotations(*store, {}, false, &skipped);
            if (!annotations)
                return annotations.errorMessage();
            const bool csv = file.endsWith(u".csv"_s, Qt::CaseInsensitive);
            if (const Result<void> written = writeAnnotationsFile(*annotations, file, csv);
                !written || skipped.isEmpty())
                return written.errorMessage();
            return QString(tr("The annotations were written to %1, except %n event(s) on a "
                              "rubric that is no item of their report:",
                              nullptr, int(skipped.size()))
                               .arg(file)
                           + u'\n' + skipped.join(u'\n'));
        },
        [this, file](const QString &error) {
            finished();
            emit exportFinished(QFileInfo(file).absolutePath(),
                                error.isEmpty() ? QStringList{file} : QStringList(), error);
        });
}

} // namespace Rubricate
