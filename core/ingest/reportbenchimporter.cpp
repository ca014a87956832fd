#include "reportbenchimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "jsonlreader.h"
#include "jsontext.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The references of a GT file that repeat an earlier title, as runs of consecutive lines
// ("lines 300-751 repeat lines 1-452"): some files list their bibliography twice.
class TitleRepeats
{
public:
    void add(int line, int firstLine)
    {
        ++m_count;
        if (!m_runs.isEmpty()) {
            Run &last = m_runs.last();
            if (last.line + last.length == line && last.first + last.length == firstLine) {
                ++last.length;
                return;
            }
        }
        m_runs.append({line, firstLine, 1});
    }

    void report(ImportSummary &summary, const QString &file) const
    {
        if (m_count == 0)
            return;
        QStringList runs;
        for (const Run &r : m_runs) {
            runs << (r.length == 1 ? u"line %1 repeats line %2"_s.arg(r.line).arg(r.first)
                                   : u"lines %1-%2 repeat lines %3-%4"_s.arg(r.line)
                                         .arg(r.line + r.length - 1)
                                         .arg(r.first)
                                         .arg(r.first + r.length - 1));
        }
        // Upstream puts the titles in a set, so each counts once.
        summary.warn(
            file, 0,
            u"%1 references repeat an earlier title and are kept, counted once: %2"_s.arg(m_count)
                .arg(runs.join(u", "_s)));
    }

private:
    struct Run {
        int line;
        int first;
        int length;
    };
    QList<Run> m_runs;
    int m_count = 0;
};

Result<void> importGroundTruth(ProjectStore &store, RowId taskId, const QString &path,
                               ImportSummary &summary)
{
    const QString name = QFileInfo(path).fileName();
    Result<void> written;
    int position = 0;
    QHash<QString, int> lineOfTitle; // normalised title -> its first line
    TitleRepeats repeats;
    readJsonLines(path, name, summary, [&](const QJsonObject &o, int line) {
        if (!written)
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
        if (const auto first = lineOfTitle.constFind(r.normalizedTitle);
            first != lineOfTitle.cend())
            repeats.add(line, first.value());
        else
            lineOfTitle.insert(r.normalizedTitle, line);
        r.authors = o.value(u"author"_s).toString();
        r.meta = o.value(u"meta_info"_s).toObject();
        const Upserted u = store.catalog().upsertReference(r);
        if (!u.ok()) {
            written = u.error;
            return;
        }
        countUpsert(summary, u"references"_s, u);
    });
    repeats.report(summary, name);
    return written;
}

struct ReportText {
    QString field;
    QString text;
};

// The statement evaluator's choice: the first of its fields holding more than 50 characters,
// else the longest string field if it does. Nothing when no field qualifies.
std::optional<ReportText> reportText(const QJsonObject &o)
{
    static const char *const preferred[]
        = {"response", "content", "text", "message", "output", "result"};
    for (const char *key : preferred) {
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isString() && v.toString().trimmed().size() > 50)
            return ReportText{QLatin1StringView(key), v.toString()};
    }
    ReportText longest;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (it.value().isString() && it.value().toString().size() > longest.text.size())
            longest = {it.key(), it.value().toString()};
    }
    if (longest.text.trimmed().size() > 50)
        return longest;
    return std::nullopt;
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
    Result<void> written;
    QHash<QString, RowId> tasks;
    QHash<QString, int> lineOfId;
    readJsonLines(path, name, summary, [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        const QString id = o.value(u"arxiv_id"_s).toString();
        if (!arxivId.match(id).hasMatch()) {
            summary.error(name, line, u"missing or malformed \"arxiv_id\"; skipped"_s);
            return;
        }
        if (const auto first = lineOfId.constFind(id); first != lineOfId.cend()) {
            summary.error(
                name, line,
                u"arxiv_id %1 repeats line %2; the repeat is skipped"_s.arg(id).arg(first.value()));
            return;
        }
        lineOfId.insert(id, line);
        Task task;
        task.benchmarkId = bench->id;
        task.externalId = id;
        task.title = o.value(u"title"_s).toString().simplified();
        task.theme = o.value(u"application_domain"_s).toString();
        task.language = u"en"_s;
        task.prompt = o.value(u"prompt"_s).toString();
        task.judgeTask = task.prompt;
        task.metadata = unmappedFields(o, {u"arxiv_id"_s, u"prompt"_s, u"application_domain"_s});
        const Upserted t = store.catalog().upsertTask(task);
        if (!t.ok()) {
            written = t.error;
            return;
        }
        countUpsert(summary, u"tasks"_s, t);
        tasks.insert(id, t.id);
    });

    if (written && !gtDir.isEmpty()) {
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
            written = importGroundTruth(store, task.value(), f.path, summary);
            if (!written)
                break;
        }
        for (auto it = tasks.cbegin(); it != tasks.cend(); ++it) {
            if (!withGroundTruth.contains(it.key()))
                summary.warn(name, 0, u"task %1 has no ground-truth file"_s.arg(it.key()));
        }
    }
    commitImport(tx, summary, name, written);
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
    const auto modelId = store.reports().ensureModel(modelName);
    Result<void> written = importStarted(tx, modelId);
    QList<ReportSource> sources;
    QHash<RowId, QString> fileOfTask;
    const FolderListing listing = listInputFolder(dir, dir);
    reportRefused(listing, {}, summary);
    for (const FolderEntry &f : listing.entries) {
        if (!written)
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
        const auto taskId = store.catalog().taskId(bench->id, m.captured(1));
        if (!taskId) {
            summary.warn(f.name, 0, u"no ReportBench task %1; skipped"_s.arg(m.captured(1)));
            continue;
        }
        if (const auto first = fileOfTask.constFind(*taskId); first != fileOfTask.cend()) {
            summary.error(f.name, 0,
                          u"a second report for %1 from %2 (the first is %3); skipped"_s.arg(
                              m.captured(1), modelName, first.value()));
            continue;
        }
        const InputRead read = readInputFile(f.path, InputLimits{}.maxDocumentBytes, dir);
        if (!read.ok()) {
            summary.error(f.name, 0, read.error);
            continue;
        }
        const QByteArray &bytes = read.bytes;
        const CheckedJson json = parseCheckedJson(bytes, f.name, 1, summary);
        if (!json.ok() || !json.document.isObject()) {
            summary.error(f.name, 0,
                          u"%1; skipped"_s.arg(json.ok() ? u"not a JSON object"_s : json.error));
            continue;
        }
        const std::optional<ReportText> text = reportText(json.document.object());
        if (!text) {
            summary.error(f.name, 0, u"no text field longer than 50 characters; skipped"_s);
            continue;
        }
        // The reference evaluator reads only "response": its numbers for this report differ.
        if (text->field != "response"_L1) {
            summary.warn(
                f.name, 0,
                u"the report text is read from \"%1\", not \"response\""_s.arg(text->field));
        }
        fileOfTask.insert(*taskId, f.name);
        ReportSource s;
        s.displayName = modelName + u'/' + f.name;
        s.bytes = bytes;
        s.fileName = f.name;
        s.modelId = *modelId;
        s.taskId = *taskId;
        s.knownText = text->text;
        s.knownFormat = ReportFormat::Markdown;
        sources << s;
        // Stored a slice at a time inside the one transaction: thousands of reports held
        // until the end would take their size in memory several times over.
        if (sources.size() == ReportSlice) {
            written = storeReports(store, sources, summary);
            sources.clear();
        }
    }
    if (written)
        written = storeReports(store, sources, summary);
    commitImport(tx, summary, root.fileName(), written);
    return summary;
}

} // namespace Rubricate
