// What a judge run reads about the reports it judges: each report with its task, query,
// persona and rubric items, its evidence locator and its offline index. Loaded on first use
// and kept for the recent reports only, because a run walks report by report and whole
// reports are large.
#pragma once

#include "domain/types.h"

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
    explicit ReportContexts(ProjectStore &store);
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
    ProjectStore &m_store;
    QHash<RowId, std::shared_ptr<SchemeContext>> m_contexts;
    QHash<RowId, std::shared_ptr<EvidenceLocator>> m_locators;
    QHash<RowId, std::shared_ptr<LexicalReportIndex>> m_lexical;
    QHash<RowId, Task> m_tasks; // the reports of one task (one per model) share it
    QHash<RowId, Rubric> m_rubrics;
    QSet<std::pair<RowId, RowId>> m_rubricsLoaded; // (task, query) whose rubrics are in m_rubrics
};

} // namespace Rubricate
