#include "reportfiles.h"

#include "document/extracteddocument.h"
#include "evidencepass.h"
#include "importcontext.h"
#include "store/projectstore.h"

#include "inputfiles.h"
#include "text/textlanguage.h"

#include <QHash>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentMap>
#include <exception>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct Prepared {
    ReportSource source;
    ExtractedDocument document;
    QString readError;
    QString language; // guessed from the text (guessLanguage), on the pool thread
};

Prepared prepareUnguarded(const ReportSource &source)
{
    Prepared p{source, {}, {}, {}};
    if (p.source.bytes.isEmpty() && !p.source.path.isEmpty()) {
        InputRead read
            = readInputFile(p.source.path, InputLimits{}.maxDocumentBytes, p.source.root);
        if (!read.ok()) {
            p.readError = read.error;
            return p;
        }
        p.source.bytes = std::move(read.bytes);
    }
    if (p.source.knownText) {
        p.document.format = p.source.knownFormat;
        p.document.text = *p.source.knownText;
        p.document.hasText = !p.document.text.trimmed().isEmpty();
        if (!p.document.hasText)
            p.document.warnings << u"empty document"_s;
        return p;
    }
    if (p.source.bytes.isEmpty()) {
        // Nothing to keep and nothing to judge; storing it would only hide a failed copy.
        p.readError = u"empty file (0 bytes); not imported"_s;
        return p;
    }
    p.document = extractDocument(p.source.bytes, p.source.fileName);
    return p;
}

// Runs on pool threads: an exception escaping here would abort the whole import (QtConcurrent
// rethrows it as QUnhandledException), so whatever is thrown becomes this file's error.
Prepared prepare(const ReportSource &source)
{
    try {
        Prepared p = prepareUnguarded(source);
        if (p.document.hasText)
            p.language = guessLanguage(p.document.text);
        return p;
    } catch (const std::exception &e) {
        return {source, {}, u"cannot read: %1"_s.arg(QString::fromLocal8Bit(e.what())), {}};
    } catch (...) {
        return {source, {}, u"cannot read"_s, {}};
    }
}

Report reportFor(const Prepared &p)
{
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
    if (p.document.corrupt)
        r.warnings.prepend(u"corrupt: "_s + p.document.error);
    return r;
}

// One report under its own savepoint: a row the database refuses is named and undone, and
// the reports beside it are still imported. Fails only when the savepoint itself fails.
Result<void> storeReport(ProjectStore &store, const Prepared &p, ImportSummary &summary)
{
    Savepoint savepoint(store, u"report"_s);
    if (!savepoint.isOpen())
        return savepoint.began();
    const Upserted u = store.reports().upsertReport(reportFor(p), p.source.bytes);
    // Verdicts imported before their report, or kept across a changed report, are checked
    // against the text that is there now.
    const Result<void> stored = !u.ok()       ? Result<void>(u.error)
        : u.result == UpsertResult::Unchanged ? Result<void>()
                                              : locateStoredEvidence(store, u.id);
    if (!stored) {
        summary.error(p.source.displayName, 0,
                      u"database: %1; this report was not imported"_s.arg(stored.errorMessage()));
        // The transaction is gone when the rollback fails: the refusal is why.
        return savepoint.rollback() ? Result<void>() : stored;
    }
    if (Result<void> released = savepoint.release(); !released)
        return released;
    if (p.document.corrupt) {
        summary.error(p.source.displayName, 0,
                      u"%1; stored without text and flagged"_s.arg(p.document.error));
    }
    for (const QString &w : p.document.warnings)
        summary.warn(p.source.displayName, 0, w);
    countUpsert(summary, u"reports"_s, u);
    return {};
}

// The language a report for this task (and query) is expected in: the query's or the task's
// language field, else what its rubrics, else its prompt, are written in. Empty: unknown.
QString expectedLanguage(ProjectStore &store, RowId taskId, std::optional<RowId> queryId)
{
    if (queryId) {
        if (const auto query = store.catalog().query(*queryId)) {
            if (QString l = normalizedLanguage(query->language); !l.isEmpty())
                return l;
        }
    }
    const auto task = store.catalog().task(taskId);
    if (!task)
        return {};
    if (QString l = normalizedLanguage(task->language); !l.isEmpty())
        return l;
    QString rubrics;
    for (const Rubric &r : store.catalog().rubrics(taskId, queryId))
        rubrics += r.text + u'\n';
    if (QString l = guessLanguage(rubrics); !l.isEmpty())
        return l;
    return guessLanguage(task->prompt);
}

} // namespace

QString languageMismatchWarning(const QString &reportLanguage, const QString &expected)
{
    return u"%1the report reads as %2 but its task and rubrics are %3; it is scored against "
           "criteria in another language"_s.arg(
               LanguageMismatchPrefix, languageName(reportLanguage), languageName(expected));
}

Result<void> storeReports(ProjectStore &store, const QList<ReportSource> &sources,
                          ImportSummary &summary)
{
    // Extraction (PDF text, DOCX XML) dominates; spread it over the cores, a slice at a time
    // with the next slice read while this one is written: the whole folder at once would hold
    // every original and its text in memory together (2,640 DRB-II reports: 390 MB).
    QFuture<Prepared> next = QtConcurrent::mapped(sources.mid(0, ReportSlice), prepare);
    const auto drain = qScopeGuard([&next] { next.waitForFinished(); });
    QHash<std::pair<RowId, RowId>, QString> expected; // (task, query) → language
    for (qsizetype from = 0; from < sources.size(); from += ReportSlice) {
        QList<Prepared> prepared = next.results();
        if (from + ReportSlice < sources.size())
            next = QtConcurrent::mapped(sources.mid(from + ReportSlice, ReportSlice), prepare);
        for (Prepared &p : prepared) {
            if (!p.readError.isEmpty()) {
                summary.error(p.source.displayName, 0, p.readError);
                continue;
            }
            // Scored silently otherwise: the report keeps the warning, and the board shows it.
            if (!p.language.isEmpty()) {
                const std::pair key{p.source.taskId, p.source.queryId.value_or(0)};
                if (!expected.contains(key))
                    expected.insert(key,
                                    expectedLanguage(store, p.source.taskId, p.source.queryId));
                const QString wanted = expected.value(key);
                if (!wanted.isEmpty() && wanted != p.language)
                    p.document.warnings << languageMismatchWarning(p.language, wanted);
            }
            if (Result<void> stored = storeReport(store, p, summary); !stored)
                return stored;
        }
    }
    return {};
}

} // namespace Rubricate
