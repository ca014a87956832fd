#include "drb2reportimporter.h"

#include "importcontext.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace Rubricate {

using namespace Qt::StringLiterals;

ImportSummary importDrb2Reports(ProjectStore &store, const QString &dir)
{
    ImportSummary summary;
    summary.kind = u"drb2-reports"_s;
    const QFileInfo root(dir);
    const QString rootName = root.fileName();
    if (!root.isDir()) {
        summary.error(dir, 0, u"not a folder"_s);
        return summary;
    }
    const auto bench = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::Drb2), summary,
                                        dir, u"the DRB-II tasks (tasks_and_rubrics.jsonl)"_s);
    if (!bench)
        return summary;

    static const QRegularExpression idxName(u"^idx-(\\d+)(?:\\..+)?$"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    const auto hasIdxFiles = [](const QDir &d) {
        const auto files = d.entryInfoList(QDir::Files);
        return std::any_of(files.cbegin(), files.cend(), [](const QFileInfo &f) {
            return idxName.match(f.fileName()).hasMatch();
        });
    };
    QList<QFileInfo> modelDirs;
    if (hasIdxFiles(QDir(dir)))
        modelDirs << root;
    else
        modelDirs = QDir(dir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    if (modelDirs.isEmpty()) {
        summary.error(dir, 0, u"no model folders with idx-<n> files found"_s);
        return summary;
    }

    Transaction tx(store);
    QList<ReportSource> sources;
    bool failed = !tx.isOpen();
    for (const QFileInfo &modelDir : std::as_const(modelDirs)) {
        if (failed)
            break;
        const QString model = modelDir.fileName();
        QMap<int, QList<QFileInfo>> byIdx;
        const auto files = QDir(modelDir.filePath()).entryInfoList(QDir::Files, QDir::Name);
        for (const QFileInfo &f : files) {
            const auto m = idxName.match(f.fileName());
            if (!m.hasMatch()) {
                summary.warn(model + u'/' + f.fileName(), 0, u"not named idx-<n>.<ext>; ignored"_s);
                continue;
            }
            byIdx[m.captured(1).toInt()] << f;
        }
        if (byIdx.isEmpty())
            continue;
        const auto modelId = store.ensureModel(model);
        if (!modelId) {
            failed = true;
            break;
        }
        for (auto it = byIdx.cbegin(); it != byIdx.cend(); ++it) {
            const QString first = model + u'/' + it.value().constFirst().fileName();
            if (it.value().size() > 1) {
                QStringList names;
                for (const QFileInfo &f : it.value())
                    names << f.fileName();
                summary.error(
                    model, 0,
                    u"idx %1 has %2 files (%3); none imported — keep exactly one"_s.arg(it.key())
                        .arg(it.value().size())
                        .arg(names.join(u", "_s)));
                continue;
            }
            const auto taskId = store.taskId(bench->id, QString::number(it.key()));
            if (!taskId) {
                summary.error(
                    first, 0,
                    u"idx %1 is not a DRB-II task in this project; skipped"_s.arg(it.key()));
                continue;
            }
            ReportSource s;
            s.displayName = first;
            s.path = it.value().constFirst().filePath();
            s.fileName = it.value().constFirst().fileName();
            s.modelId = *modelId;
            s.taskId = *taskId;
            sources << s;
        }
    }
    if (sources.isEmpty() && summary.errorCount() == 0)
        summary.error(rootName, 0, u"no report files named idx-<n>.<ext> found"_s);
    if (!failed)
        failed = !storeReports(store, sources, summary);
    commitImport(tx, store, summary, rootName, failed);
    return summary;
}

} // namespace Rubricate
