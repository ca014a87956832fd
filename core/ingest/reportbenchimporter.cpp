#include "reportbenchimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "jsonlreader.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

bool importGroundTruth(ProjectStore &store, RowId taskId, const QString &path,
                       ImportSummary &summary)
{
    const QString name = QFileInfo(path).fileName();
    bool failed = false;
    int position = 0;
    readJsonLines(path, name, summary, [&](const QJsonObject &o, int line) {
        if (failed)
            return;
        const QString title = o.value(u"title"_s).toString();
        if (title.trimmed().isEmpty()) {
            summary.error(name, line, u"reference without a title; skipped"_s);
            return;
        }
        Reference r;
        r.taskId = taskId;
        r.position = position++;
        r.bibId = o.value(u"bib_id"_s).toString();
        r.title = title;
        r.normalizedTitle = normalizeTitle(title);
        r.authors = o.value(u"author"_s).toString();
        r.meta = o.value(u"meta_info"_s).toObject();
        const Upserted u = store.upsertReference(r);
        if (!u.ok()) {
            failed = true;
            return;
        }
        countUpsert(summary, u"references"_s, u);
    });
    return !failed;
}

QString reportText(const QJsonObject &o)
{
    static const char *const preferred[]
        = {"response", "content", "text", "message", "output", "result"};
    for (const char *key : preferred) {
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isString() && v.toString().trimmed().size() > 50)
            return v.toString();
    }
    QString longest;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (it.value().isString() && it.value().toString().size() > longest.size())
            longest = it.value().toString();
    }
    return longest.trimmed().size() > 50 ? longest : QString();
}

} // namespace

ImportSummary importReportBench(ProjectStore &store, const QString &path,
                                const QString &groundTruthDir)
{
    ImportSummary summary;
    summary.kind = u"reportbench"_s;
    const QFileInfo info(path);
    const QString name = info.fileName();
    QString gtDir = groundTruthDir;
    if (gtDir.isEmpty()) {
        const QString sibling = info.dir().filePath(info.completeBaseName() + u"_GT"_s);
        if (QFileInfo(sibling).isDir())
            gtDir = sibling;
        else
            summary.warn(name, 0,
                         u"no ground-truth folder %1; references not imported"_s.arg(
                             QFileInfo(sibling).fileName()));
    }

    Transaction tx(store);
    const auto bench = beginDefiningImport(
        tx, store, QString::fromLatin1(BenchmarkKey::ReportBench), summary, name);
    if (!bench)
        return summary;
    static const QRegularExpression arxivId(u"^\\d{4}\\.\\d{4,5}(v\\d+)?$"_s);
    bool failed = false;
    QHash<QString, RowId> tasks;
    readJsonLines(path, name, summary, [&](const QJsonObject &o, int line) {
        if (failed)
            return;
        const QString id = o.value(u"arxiv_id"_s).toString();
        if (!arxivId.match(id).hasMatch()) {
            summary.error(name, line, u"missing or malformed \"arxiv_id\"; skipped"_s);
            return;
        }
        if (tasks.contains(id)) {
            summary.error(name, line, u"arxiv_id %1 appears twice; skipped"_s.arg(id));
            return;
        }
        Task task;
        task.benchmarkId = bench->id;
        task.externalId = id;
        task.title = o.value(u"title"_s).toString().simplified();
        task.theme = o.value(u"application_domain"_s).toString();
        task.language = u"en"_s;
        task.prompt = o.value(u"prompt"_s).toString();
        task.judgeTask = task.prompt;
        task.metadata = unmappedFields(o, {u"arxiv_id"_s, u"prompt"_s, u"application_domain"_s});
        const Upserted t = store.upsertTask(task);
        if (!t.ok()) {
            failed = true;
            return;
        }
        countUpsert(summary, u"tasks"_s, t);
        tasks.insert(id, t.id);
    });

    if (!failed && !gtDir.isEmpty()) {
        QSet<QString> withGroundTruth;
        const FolderListing listing = listInputFolder(gtDir, gtDir);
        reportRefused(listing, QFileInfo(gtDir).fileName(), summary);
        for (const FolderEntry &f : listing.entries) {
            if (f.isDir || !f.name.endsWith(u".jsonl"_s, Qt::CaseInsensitive))
                continue; // only .jsonl files hold ground truth, as upstream reads them
            const QString id = QFileInfo(f.name).completeBaseName();
            const auto task = tasks.constFind(id);
            if (task == tasks.cend()) {
                summary.warn(f.name, 0, u"no task with arxiv_id %1; skipped"_s.arg(id));
                continue;
            }
            withGroundTruth.insert(id);
            if (!importGroundTruth(store, task.value(), f.path, summary)) {
                failed = true;
                break;
            }
        }
        for (auto it = tasks.cbegin(); it != tasks.cend(); ++it) {
            if (!withGroundTruth.contains(it.key()))
                summary.warn(name, 0, u"task %1 has no ground-truth file"_s.arg(it.key()));
        }
    }
    commitImport(tx, store, summary, name, failed);
    return summary;
}

ImportSummary importReportBenchReports(ProjectStore &store, const QString &dir,
                                       const QString &model)
{
    ImportSummary summary;
    summary.kind = u"reportbench-reports"_s;
    const QFileInfo root(dir);
    if (!root.isDir()) {
        summary.error(dir, 0, u"not a folder"_s);
        return summary;
    }
    const auto bench = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::ReportBench),
                                        summary, dir, u"ReportBench_v1.1.jsonl"_s);
    if (!bench)
        return summary;
    const QString modelName = model.isEmpty() ? root.fileName() : model;
    static const QRegularExpression idInName(u"(\\d{4}\\.\\d{5})"_s);
    static const QRegularExpression looseIdInName(u"(\\d{4}\\.\\d+)"_s);

    Transaction tx(store);
    const auto modelId = store.ensureModel(modelName);
    bool failed = !tx.isOpen() || !modelId;
    QList<ReportSource> sources;
    QSet<RowId> seenTasks;
    const FolderListing listing = listInputFolder(dir, dir);
    reportRefused(listing, {}, summary);
    for (const FolderEntry &f : listing.entries) {
        if (failed)
            break;
        if (f.isDir || !f.name.endsWith(u".json"_s, Qt::CaseInsensitive)) {
            summary.warn(f.name, 0, u"not a .json file; ignored"_s);
            continue;
        }
        auto m = idInName.match(f.name);
        if (!m.hasMatch())
            m = looseIdInName.match(f.name);
        if (!m.hasMatch()) {
            summary.warn(f.name, 0, u"no arXiv id in the file name; skipped"_s);
            continue;
        }
        const auto taskId = store.taskId(bench->id, m.captured(1));
        if (!taskId) {
            summary.warn(f.name, 0, u"no ReportBench task %1; skipped"_s.arg(m.captured(1)));
            continue;
        }
        if (seenTasks.contains(*taskId)) {
            summary.error(
                f.name, 0,
                u"a second report for %1 from %2; skipped"_s.arg(m.captured(1), modelName));
            continue;
        }
        const InputRead read = readInputFile(f.path, InputLimits{}.maxDocumentBytes);
        if (!read.ok()) {
            summary.error(f.name, 0, read.error);
            continue;
        }
        const QByteArray &bytes = read.bytes;
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            summary.error(f.name, 0, u"not a JSON object (%1); skipped"_s.arg(err.errorString()));
            continue;
        }
        const QString text = reportText(doc.object());
        if (text.isEmpty()) {
            summary.error(f.name, 0, u"no text field longer than 50 characters; skipped"_s);
            continue;
        }
        seenTasks.insert(*taskId);
        ReportSource s;
        s.displayName = modelName + u'/' + f.name;
        s.bytes = bytes;
        s.fileName = f.name;
        s.modelId = *modelId;
        s.taskId = *taskId;
        s.knownText = text;
        s.knownFormat = ReportFormat::Markdown;
        sources << s;
    }
    if (!failed)
        failed = !storeReports(store, sources, summary);
    commitImport(tx, store, summary, root.fileName(), failed);
    return summary;
}

} // namespace Rubricate
