// What a judge run reads about the reports it judges: each report with its task, query,
// persona and rubric items, its evidence locator and its offline index. Loaded on first use
// and kept for the recent reports only, because a run walks report by report and whole
// reports are large.
#pragma once

#include "domain/types.h"

#include <QCache>
#include <QHash>
#include <QList>
#include <QSet>

#include <memory>

namespace Rubricate {

class EvidenceLocator;
class LexicalReportIndex;
class ProjectStore;
struct JudgedItem;
struct SchemeContext;
struct SchemeItem;

class ReportContexts
{
public:
    // Keeps the reports of a run asking `concurrency` requests at once.
    ReportContexts(ProjectStore &store, int concurrency);
    ~ReportContexts();

    // Null when the report is no longer in the project.
    const SchemeContext *context(RowId reportId);
    const EvidenceLocator *locator(RowId reportId);
    const LexicalReportIndex *lexicalIndex(RowId reportId);

    // The rubric items of a report whose context() was loaded, in the order asked.
    Rubric rubric(RowId rubricId) const { return m_rubrics.value(rubricId); }
    QList<SchemeItem> items(const QList<RowId> &rubricIds) const;
    // Gives each item the text of the source its rubric cites. Items whose source cannot be
    // read leave `items` and come back as their "source unavailable" verdicts of run `runId`.
    QList<JudgedItem> attachSources(RowId runId, RowId reportId, QList<SchemeItem> *items) const;

private:
    // What a report's text makes (its locator, its index), kept with the recent reports'.
    template<typename T>
    const T *cached(QCache<RowId, T> &cache, RowId reportId);

    ProjectStore &m_store;
    // A pointer handed out stays valid until the next call that may load a report.
    QCache<RowId, SchemeContext> m_contexts;
    QCache<RowId, EvidenceLocator> m_locators;
    QCache<RowId, LexicalReportIndex> m_lexical;
    QCache<RowId, Task> m_tasks; // the reports of one task (one per model) share it
    QHash<RowId, Rubric> m_rubrics;
    QSet<std::pair<RowId, RowId>> m_rubricsLoaded; // (task, query) whose rubrics are in m_rubrics
};

} // namespace Rubricate
