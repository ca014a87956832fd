#include "importer.h"

#include "annotationimporter.h"
#include "archive/archivereader.h"
#include "drb2reportimporter.h"
#include "drb2resultimporter.h"
#include "drb2taskimporter.h"
#include "ingestlog.h"
#include "pdrbenchimporter.h"
#include "reportbenchimporter.h"
#include "researchrubricsimporter.h"
#include "researchrubricsresultimporter.h"
#include "store/projectstore.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <exception>

namespace Rubricate {

using namespace Qt::StringLiterals;

const QList<ImportKindInfo> &importKinds()
{
    static const QList<ImportKindInfo> kinds = {
        {ImportKind::Drb2Tasks, u"drb2"_s, u"file"_s,
         u"DeepResearch Bench II tasks_and_rubrics.jsonl"_s},
        {ImportKind::Drb2Reports, u"drb2-reports"_s, u"folder"_s,
         u"DRB-II report folder: <dir>/<model>/idx-<n>.<pdf|docx|md|txt|html|png...>"_s},
        {ImportKind::Drb2Results, u"drb2-results"_s, u"file"_s,
         u"DRB-II result.jsonl from the official pipeline, as a finished judge run"_s},
        {ImportKind::ResearchRubrics, u"researchrubrics"_s, u"file"_s,
         u"ResearchRubrics processed_data.jsonl"_s},
        {ImportKind::ResearchRubricsReports, u"researchrubrics-reports"_s, u"folder"_s,
         u"ResearchRubrics responses: <dir>/<sample_id>.md"_s},
        {ImportKind::ResearchRubricsResults, u"researchrubrics-results"_s, u"file"_s,
         u"ResearchRubrics batch_evaluation_*.jsonl from the reference judge, as a finished run "
         "(--model: whose reports it judged)"_s},
        {ImportKind::ReportBench, u"reportbench"_s, u"file"_s,
         u"ReportBench_v1.1.jsonl (+ ReportBench_v1.1_GT/ beside it, or --gt DIR)"_s},
        {ImportKind::ReportBenchReports, u"reportbench-reports"_s, u"folder"_s,
         u"ReportBench model outputs: <dir>/<arxiv_id>.json"_s},
        {ImportKind::PdrFolder, u"pdrbench"_s, u"folder"_s,
         u"PDR-Bench data folder (personas, queries, criteria, test_data/raw_data)"_s},
        {ImportKind::PdrPersonas, u"pdr-personas"_s, u"file"_s,
         u"PDR-Bench personas .jsonl (keyed by userid)"_s},
        {ImportKind::PdrQueries, u"pdr-queries"_s, u"file"_s,
         u"PDR-Bench queries .jsonl {id, task, language, userid}"_s},
        {ImportKind::PdrCriteria, u"pdr-criteria"_s, u"file"_s,
         u"PDR-Bench criteria .jsonl (weights and sub-criteria per query)"_s},
        {ImportKind::PdrReports, u"pdr-reports"_s, u"file"_s,
         u"PDR-Bench outputs <MODEL>.jsonl {id, article}"_s},
        {ImportKind::Annotations, u"annotations"_s, u"file"_s,
         u"Human labels .jsonl {task, model, dimension, number, annotator, label, note}"_s},
    };
    return kinds;
}

bool importTakesModel(ImportKind kind)
{
    switch (kind) {
    case ImportKind::ResearchRubricsReports:
    case ImportKind::ResearchRubricsResults:
    case ImportKind::ReportBenchReports:
    case ImportKind::PdrReports:
        return true;
    default:
        return false;
    }
}

bool importTakesRunName(ImportKind kind)
{
    return kind == ImportKind::Drb2Results || kind == ImportKind::ResearchRubricsResults;
}

std::optional<ImportKind> importKindFromKey(const QString &key)
{
    for (const ImportKindInfo &k : importKinds()) {
        if (k.key == key)
            return k.kind;
    }
    return std::nullopt;
}

namespace {

const ImportKindInfo &infoFor(ImportKind kind)
{
    for (const ImportKindInfo &k : importKinds()) {
        if (k.kind == kind)
            return k;
    }
    return importKinds().constFirst();
}

// The DRB-II report folder inside an expanded archive: the shallowest folder whose subfolders
// hold idx-<n> files (the official report/<model>/ layout, next to a tasks file or below
// wrapping folders), else the shallowest folder holding idx-<n> files itself (one model).
QString locateDrb2ReportFolder(const QString &root)
{
    const auto holdsIdxFiles = [](const QString &path) {
        const auto files = QDir(path).entryList(QDir::Files);
        return std::any_of(files.cbegin(), files.cend(), isDrb2ReportFileName);
    };
    QString singleModel;
    QStringList level{root};
    // Breadth first, so the shallowest match wins; an expanded archive holds no links.
    while (!level.isEmpty()) {
        QStringList next;
        for (const QString &dir : std::as_const(level)) {
            const QDir d(dir);
            const auto children = d.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
            for (const QString &child : children) {
                if (holdsIdxFiles(d.filePath(child)))
                    return dir;
                next << d.filePath(child);
            }
            if (singleModel.isEmpty() && holdsIdxFiles(dir))
                singleModel = dir;
        }
        if (!singleModel.isEmpty())
            return singleModel;
        level = next;
    }
    return {};
}

// Inside an expanded archive: the folder to import, or the file that matches `preferredName`,
// or the only .jsonl file.
Result<QString> locateInside(const QString &root, const ImportKindInfo &info,
                             const QString &preferredName)
{
    if (info.kind == ImportKind::Drb2Reports) {
        QString folder = locateDrb2ReportFolder(root);
        if (folder.isEmpty())
            return Error{u"the archive holds no report files named idx-<n>.<ext>"_s};
        return folder;
    }
    if (info.expects == "folder"_L1) {
        // Descend through wrapping folders ("bundle/responses/...").
        QString dir = root;
        for (;;) {
            const QDir d(dir);
            const auto dirs = d.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
            if (!d.entryList(QDir::Files).isEmpty() || dirs.size() != 1)
                break;
            dir = d.filePath(dirs.constFirst());
        }
        return dir;
    }
    QStringList jsonl;
    QDirIterator it(root, {u"*.jsonl"_s, u"*.json"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QString path = it.next();
        if (!preferredName.isEmpty() && QFileInfo(path).fileName() == preferredName)
            return path;
        // ReportBench ground truth lives in a _GT folder; never mistake it for the task file.
        if (!path.contains(u"_GT/"_s))
            jsonl << path;
    }
    if (jsonl.size() == 1)
        return jsonl.constFirst();
    return Error{jsonl.isEmpty()
                     ? u"the archive holds no .jsonl file"_s
                     : u"the archive holds %1 .jsonl files; expected %2"_s.arg(jsonl.size())
                           .arg(preferredName.isEmpty() ? u"one"_s : preferredName)};
}

// Messages from an import inside an expanded archive name the temporary folder; a user knows
// the archive and the paths inside it.
void nameArchiveInIssues(ImportSummary &summary, const QString &scratch, const QString &inner,
                         const QString &archiveName)
{
    const QString innerName = QFileInfo(inner).fileName();
    const QString innerRelative = QDir(scratch).relativeFilePath(inner);
    const QString innerInArchive
        = innerRelative == u"."_s ? archiveName : archiveName + u'/' + innerRelative;
    for (ImportIssue &issue : summary.issues) {
        if (issue.file.startsWith(scratch + u'/'))
            issue.file = archiveName + u'/' + issue.file.mid(scratch.size() + 1);
        else if (issue.file == scratch || issue.file == innerName || issue.file == inner)
            issue.file = innerInArchive;
        // A report folder's importer names its files relative to the folder it was given.
        else if (!issue.file.isEmpty() && QDir::isRelativePath(issue.file)
                 && !issue.file.startsWith(archiveName))
            issue.file = innerInArchive + u'/' + issue.file;
        issue.message.replace(scratch + u'/', archiveName + u'/');
    }
}

QString preferredFileName(ImportKind kind)
{
    switch (kind) {
    case ImportKind::Drb2Tasks:
        return u"tasks_and_rubrics.jsonl"_s;
    case ImportKind::Drb2Results:
        return u"result.jsonl"_s;
    case ImportKind::ResearchRubrics:
        return u"processed_data.jsonl"_s;
    case ImportKind::ReportBench:
        return u"ReportBench_v1.1.jsonl"_s;
    default:
        return {};
    }
}

ImportSummary dispatch(ProjectStore &store, ImportKind kind, const QString &path,
                       const ImportOptions &o)
{
    switch (kind) {
    case ImportKind::Drb2Tasks:
        return importDrb2Tasks(store, path);
    case ImportKind::Drb2Reports:
        return importDrb2Reports(store, path, o.model);
    case ImportKind::Drb2Results:
        return importDrb2Results(store, path, o.runName);
    case ImportKind::ResearchRubrics:
        return importResearchRubrics(store, path);
    case ImportKind::ResearchRubricsReports:
        return importResearchRubricsReports(store, path, o.model);
    case ImportKind::ResearchRubricsResults:
        return importResearchRubricsResults(store, path, o.model, o.runName);
    case ImportKind::ReportBench:
        return importReportBench(store, path, o.groundTruthDir);
    case ImportKind::ReportBenchReports:
        return importReportBenchReports(store, path, o.model);
    case ImportKind::PdrFolder:
        return importPdrFolder(store, path);
    case ImportKind::PdrPersonas:
        return importPdrPersonas(store, path);
    case ImportKind::PdrQueries:
        return importPdrQueries(store, path);
    case ImportKind::PdrCriteria:
        return importPdrCriteria(store, path);
    case ImportKind::PdrReports:
        return importPdrReports(store, path, o.model);
    case ImportKind::Annotations:
        return importAnnotations(store, path);
    }
    return {};
}

} // namespace

namespace {

ImportSummary importUnguarded(ProjectStore &store, const ImportKindInfo &info, const QString &path,
                              const ImportOptions &options);

} // namespace

ImportSummary runImport(ProjectStore &store, ImportKind kind, const QString &path,
                        const ImportOptions &options)
{
    const ImportKindInfo &info = infoFor(kind);
    qCDebug(lcIngest, "importing %s as %s", qPrintable(path), qPrintable(info.key));
    // Inputs are bounded, but a machine short of memory can still fail an allocation: the
    // import's transaction unwinds and the caller gets a message rather than an abort.
    try {
        return importUnguarded(store, info, path, options);
    } catch (const std::exception &e) {
        ImportSummary summary;
        summary.kind = info.key;
        summary.error(
            QFileInfo(path).fileName(), 0,
            u"import stopped (%1); nothing was imported"_s.arg(QString::fromLocal8Bit(e.what())));
        return summary;
    }
}

namespace {

ImportSummary importUnguarded(ProjectStore &store, const ImportKindInfo &info, const QString &path,
                              const ImportOptions &options)
{
    const ImportKind kind = info.kind;
    const QFileInfo target(path);
    ImportSummary summary;
    summary.kind = info.key;
    if (!target.exists()) {
        summary.error(path, 0, u"no such file or folder"_s);
        return summary;
    }

    if (target.isFile() && isArchiveFileName(path)) {
        QTemporaryDir scratch;
        if (!scratch.isValid()) {
            summary.error(path, 0, u"cannot create a temporary folder"_s);
            return summary;
        }
        // Canonical: messages are mapped back to the archive by this prefix.
        const QString scratchPath = QFileInfo(scratch.path()).canonicalFilePath();
        const ArchiveExtraction expanded = extractArchive(path, scratchPath);
        // A refused entry is input that was not imported: an error, named inside the archive.
        for (const QString &r : expanded.refused)
            summary.error(target.fileName(), 0, u"entry refused: "_s + r);
        if (!expanded.ok) {
            // Entries read whole before the damage are still imported; a bomb or a file that
            // is not an archive stops here.
            const bool salvage = expanded.damaged && !expanded.extracted.isEmpty();
            summary.error(target.fileName(), 0,
                          salvage ? expanded.error
                                  + u"; the %1 complete entries before it are imported"_s.arg(
                                      expanded.extracted.size())
                                  : expanded.error);
            if (!salvage)
                return summary;
        }
        const Result<QString> located = locateInside(scratchPath, info, preferredFileName(kind));
        if (!located) {
            summary.error(target.fileName(), 0, located.errorMessage());
            return summary;
        }
        const QString &inner = *located;
        ImportOptions o = options;
        // Report folders and file names inside the archive name the model, as on disk; a
        // folder import of the bare scratch root would otherwise be named after a temp dir.
        if (o.model.isEmpty() && QFileInfo(inner) == QFileInfo(scratchPath))
            o.model = target.completeBaseName().section(u'.', 0, 0);
        ImportSummary inside = dispatch(store, kind, inner, o);
        nameArchiveInIssues(inside, scratchPath, inner, target.fileName());
        summary.merge(inside);
    } else {
        if (info.expects == "folder"_L1 && !target.isDir()) {
            summary.error(path, 0, u"%1 expects a folder or an archive"_s.arg(info.key));
            return summary;
        }
        if (info.expects == "file"_L1 && !target.isFile()) {
            summary.error(path, 0,
                          u"%1; %2 expects a file or an archive"_s.arg(
                              target.isDir() ? u"a folder"_s
                                             : u"not a regular file (a FIFO, device or socket)"_s,
                              info.key));
            return summary;
        }
        summary.merge(dispatch(store, kind, path, options));
    }
    summary.kind = info.key;

    int added = 0, updated = 0, unchanged = 0;
    for (int v : std::as_const(summary.added))
        added += v;
    for (int v : std::as_const(summary.updated))
        updated += v;
    for (int v : std::as_const(summary.unchanged))
        unchanged += v;
    // The log records the import; failing to write it leaves what was imported as it is.
    Transaction tx(store);
    (void)store.reports().logImport(info.key, target.absoluteFilePath(), added, updated, unchanged,
                                    summary.errorCount(), summary.warningCount(), summary.toText());
    (void)tx.commit();
    return summary;
}

} // namespace

} // namespace Rubricate
