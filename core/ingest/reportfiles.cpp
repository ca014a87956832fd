#include "reportfiles.h"

#include "document/extracteddocument.h"
#include "evidencepass.h"
#include "importcontext.h"
#include "store/projectstore.h"

#include <QFile>
#include <QtConcurrent/QtConcurrentMap>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct Prepared {
    ReportSource source;
    ExtractedDocument document;
    QString readError;
};

Prepared prepare(const ReportSource &source)
{
    Prepared p{source, {}, {}};
    if (p.source.bytes.isEmpty() && !p.source.path.isEmpty()) {
        QFile file(p.source.path);
        if (!file.open(QIODevice::ReadOnly)) {
            p.readError = file.errorString();
            return p;
        }
        p.source.bytes = file.readAll();
    }
    if (p.source.knownText) {
        p.document.format = p.source.knownFormat;
        p.document.text = *p.source.knownText;
        p.document.hasText = !p.document.text.trimmed().isEmpty();
        if (!p.document.hasText)
            p.document.warnings << u"empty document"_s;
        return p;
    }
    p.document = extractDocument(p.source.bytes, p.source.fileName);
    return p;
}

} // namespace

bool storeReports(ProjectStore &store, const QList<ReportSource> &sources, ImportSummary &summary)
{
    // Extraction (PDF text, DOCX XML) dominates; spread it over the cores.
    const QList<Prepared> prepared = QtConcurrent::blockingMapped(sources, prepare);
    for (const Prepared &p : prepared) {
        if (!p.readError.isEmpty()) {
            summary.error(p.source.displayName, 0, u"cannot read: %1"_s.arg(p.readError));
            continue;
        }
        Report r;
        r.modelId = p.source.modelId;
        r.taskId = p.source.taskId;
        r.queryId = p.source.queryId;
        r.format = p.document.format;
        r.sourceName = p.source.displayName;
        r.contentHash = sha256Hex(p.source.bytes);
        r.text = p.document.text;
        r.pages = p.document.pages;
        r.warnings = p.document.warnings;
        r.hasText = p.document.hasText;
        if (p.document.corrupt) {
            r.warnings.prepend(u"corrupt: "_s + p.document.error);
            summary.error(p.source.displayName, 0,
                          u"%1; stored without text and flagged"_s.arg(p.document.error));
        }
        for (const QString &w : p.document.warnings)
            summary.warn(p.source.displayName, 0, w);
        const Upserted u = store.upsertReport(r, p.source.bytes);
        if (!u.ok())
            return false;
        countUpsert(summary, u"reports"_s, u);
        // Verdicts imported before their report, or kept across a changed report, are
        // checked against the text that is there now.
        if (u.result != UpsertResult::Unchanged && !locateStoredEvidence(store, u.id))
            return false;
    }
    return true;
}

} // namespace Rubricate
