#include "drb2reportimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QRegularExpression &idxName()
{
    static const QRegularExpression pattern(u"^idx-(\\d+)(?:\\..+)?$"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    return pattern;
}

} // namespace

bool isDrb2ReportFileName(const QString &fileName)
{
    return idxName().match(fileName).hasMatch();
}

ImportSummary importDrb2Reports(ProjectStore &store, const QString &dir, const QString &singleModel)
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

    const auto isIdxFile = [](const FolderEntry &e) {
        return !e.isDir && isDrb2ReportFileName(e.name);
    };
    const FolderListing top = listInputFolder(dir, dir);
    reportRefused(top, {}, summary);

    // Either the folder holds model folders (the official layout), or it is one model's folder
    // holding idx files itself. When it holds both, the model folders win and every stray idx
    // file is named: taking the folder as a model called "report" would drop every real model.
    struct ModelFolder {
        QString name;
        QList<FolderEntry> files;
    };
    QList<ModelFolder> models;
    QList<FolderEntry> strayFiles;
    for (const FolderEntry &e : top.entries) {
        if (!e.isDir) {
            strayFiles << e;
            continue;
        }
        const FolderListing inside = listInputFolder(e.path, dir);
        reportRefused(inside, e.name, summary);
        ModelFolder m{e.name, {}};
        for (const FolderEntry &f : inside.entries) {
            if (f.isDir)
                summary.warn(e.name + u'/' + f.name, 0,
                             u"a folder inside a model folder; ignored"_s);
            else
                m.files << f;
        }
        if (std::any_of(m.files.cbegin(), m.files.cend(), isIdxFile))
            models << m;
        else
            summary.warn(e.name, 0, u"holds no idx-<n> files; not a model folder, ignored"_s);
    }
    if (models.isEmpty() && std::any_of(strayFiles.cbegin(), strayFiles.cend(), isIdxFile)) {
        models << ModelFolder{singleModel.isEmpty() ? rootName : singleModel, strayFiles};
    } else {
        for (const FolderEntry &f : std::as_const(strayFiles)) {
            if (isIdxFile(f)) {
                summary.error(f.name, 0,
                              u"directly in %1 beside model folders; not imported (move it into "
                              u"its model's folder)"_s.arg(rootName));
            } else {
                summary.warn(f.name, 0, u"not in a model folder; ignored"_s);
            }
        }
    }
    if (models.isEmpty()) {
        summary.error(rootName, 0, u"no model folders with idx-<n> files found"_s);
        return summary;
    }

    Transaction tx(store);
    QList<ReportSource> sources;
    Result<void> written = tx.began();
    for (const ModelFolder &modelFolder : std::as_const(models)) {
        if (!written)
            break;
        const QString &model = modelFolder.name;
        QMap<int, QList<FolderEntry>> byIdx;
        for (const FolderEntry &f : modelFolder.files) {
            const auto m = idxName().match(f.name);
            if (!m.hasMatch()) {
                summary.warn(model + u'/' + f.name, 0, u"not named idx-<n>.<ext>; ignored"_s);
                continue;
            }
            bool inRange = false;
            const int idx = m.captured(1).toInt(&inRange);
            if (!inRange) {
                summary.error(model + u'/' + f.name, 0,
                              u"idx %1 is beyond any DRB-II task; skipped"_s.arg(m.captured(1)));
                continue;
            }
            byIdx[idx] << f;
        }
        if (byIdx.isEmpty())
            continue;
        const auto modelId = store.reports().ensureModel(model);
        if (!modelId) {
            written = modelId.error();
            break;
        }
        for (auto it = byIdx.cbegin(); it != byIdx.cend(); ++it) {
            const QString first = model + u'/' + it.value().constFirst().name;
            if (it.value().size() > 1) {
                QStringList names;
                for (const FolderEntry &f : it.value())
                    names << f.name;
                summary.error(
                    model, 0,
                    u"idx %1 has %2 files (%3); none imported — keep exactly one"_s.arg(it.key())
                        .arg(it.value().size())
                        .arg(names.join(u", "_s)));
                continue;
            }
            const auto taskId = store.catalog().taskId(bench->id, QString::number(it.key()));
            if (!taskId) {
                summary.error(
                    first, 0,
                    u"idx %1 is not a DRB-II task in this project; skipped"_s.arg(it.key()));
                continue;
            }
            ReportSource s;
            s.displayName = first;
            s.path = it.value().constFirst().path;
            s.root = dir;
            s.fileName = it.value().constFirst().name;
            s.modelId = *modelId;
            s.taskId = *taskId;
            sources << s;
        }
    }
    // A write refused on the way (an annotator's login) is the one error to report.
    if (written && sources.isEmpty() && summary.errorCount() == 0)
        summary.error(rootName, 0, u"no report files named idx-<n>.<ext> found"_s);
    if (written)
        written = storeReports(store, sources, summary);
    commitImport(tx, summary, rootName, written);
    return summary;
}

} // namespace Rubricate
