#include "reportcontexts.h"

#include "evidence/evidencelocator.h"
#include "judge/offlinejudge.h"
#include "judge/promptscheme.h"
#include "sources/sourcefetcher.h"
#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The reports used longest ago make room: enough for the reports a run has in flight and those
// whose later batches wait for their first answer (`bench judge`, at concurrency 10, reads
// each report once with room for 24; with 16, 2 % twice), and few enough not to keep whole
// reports in memory for nothing (the run's peak memory stays what it was with 64 cleared at
// once).
int recentReports(int concurrency)
{
    return qMax(24, 2 * concurrency + 4);
}

constexpr int kRecentIndexes = 16;

Verdict sourceUnavailable(const SchemeItem &item, const QString &url,
                          const std::optional<SourceRow> &row)
{
    Verdict v;
    v.rubricId = item.rubricId;
    v.label = QString(sourceUnavailableLabel);
    v.evidence = item.metadata.value(u"sentence"_s).toString(); // highlighted in the report
    QString state;
    if (url.isEmpty()) {
        state = u"no-url"_s;
        v.error = u"source unavailable: the citation points to no URL"_s;
    } else if (!row) {
        state = u"not-fetched"_s;
        v.error
            = u"source unavailable: %1 was never fetched (rubricate-cli sources fetch)"_s.arg(url);
    } else {
        state = row->state;
        v.error = u"source unavailable: %1 %2%3"_s.arg(
            url, row->state == "fetched"_L1 ? u"has no text"_s : row->state,
            row->error.isEmpty() ? QString() : u" ("_s + row->error + u')');
    }
    v.raw.insert(u"source_state"_s, state);
    return v;
}

} // namespace

ReportContexts::ReportContexts(ProjectStore &store, int concurrency)
    : m_store(store)
    , m_contexts(recentReports(concurrency))
    , m_locators(recentReports(concurrency))
    , m_lexical(kRecentIndexes)
    , m_tasks(recentReports(concurrency))
{ }

template<typename T>
const T *ReportContexts::cached(QCache<RowId, T> &cache, RowId reportId)
{
    if (const T *known = cache.object(reportId))
        return known;
    const SchemeContext *ctx = context(reportId);
    if (!ctx)
        return nullptr;
    auto made = std::make_unique<T>(ctx->report.text);
    const T *out = made.get();
    return cache.insert(reportId, made.release()) ? out : nullptr;
}

ReportContexts::~ReportContexts() = default;

const SchemeContext *ReportContexts::context(RowId reportId)
{
    if (const SchemeContext *known = m_contexts.object(reportId))
        return known;
    const auto report = m_store.reports().report(reportId);
    if (!report)
        return nullptr;
    auto ctx = std::make_unique<SchemeContext>();
    ctx->report = *report;
    if (const Task *task = m_tasks.object(report->taskId)) {
        ctx->task = *task;
    } else {
        ctx->task = m_store.catalog().task(report->taskId).value_or(Task{});
        m_tasks.insert(report->taskId, std::make_unique<Task>(ctx->task).release());
    }
    if (report->queryId) {
        ctx->query = m_store.catalog().query(*report->queryId);
        if (ctx->query && ctx->query->personaId)
            ctx->persona = m_store.catalog().persona(*ctx->query->personaId);
    }
    if (report->format == ReportFormat::Pdf || report->format == ReportFormat::Image)
        ctx->original = m_store.reports().originalFile(report->contentHash);
    // Reports of one task share its rubrics; load them once. Claims are the report's own.
    const std::pair<RowId, RowId> owner{report->taskId, report->queryId.value_or(0)};
    if (!m_rubricsLoaded.contains(owner)) {
        m_rubricsLoaded.insert(owner);
        for (const Rubric &r : m_store.catalog().rubrics(report->taskId, report->queryId))
            m_rubrics.insert(r.id, r);
    }
    for (const Rubric &r : m_store.catalog().claims(reportId))
        m_rubrics.insert(r.id, r);
    const SchemeContext *loaded = ctx.get();
    return m_contexts.insert(reportId, ctx.release()) ? loaded : nullptr;
}

const EvidenceLocator *ReportContexts::locator(RowId reportId)
{
    return cached(m_locators, reportId);
}

const LexicalReportIndex *ReportContexts::lexicalIndex(RowId reportId)
{
    return cached(m_lexical, reportId);
}

QList<SchemeItem> ReportContexts::items(const QList<RowId> &rubricIds) const
{
    QList<SchemeItem> items;
    items.reserve(rubricIds.size());
    static const Rubric absent;
    for (RowId id : rubricIds) {
        const auto rubric = m_rubrics.constFind(id);
        SchemeItem item = schemeItemOf(rubric == m_rubrics.cend() ? absent : *rubric);
        item.rubricId = id;
        items.append(item);
    }
    return items;
}

QList<JudgedItem> ReportContexts::attachSources(RowId runId, RowId reportId,
                                                QList<SchemeItem> *items) const
{
    QList<JudgedItem> unavailable;
    QList<SchemeItem> kept;
    for (SchemeItem item : std::as_const(*items)) {
        const QString url = m_rubrics.value(item.rubricId).metadata.value(u"url"_s).toString();
        std::optional<SourceRow> row;
        if (!url.isEmpty())
            row = m_store.sources().source(sourceKey(url));
        if (row && row->state == "fetched"_L1 && !row->text.trimmed().isEmpty()) {
            item.sourceUrl = url;
            item.sourceText = row->text;
            kept.append(item);
            continue;
        }
        Verdict v = sourceUnavailable(item, url, row);
        v.runId = runId;
        v.reportId = reportId;
        unavailable.append({v, {}, std::nullopt, {}});
    }
    *items = kept;
    return unavailable;
}

} // namespace Rubricate
