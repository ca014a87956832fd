// What a benchmark asks: benchmarks, tasks, rubrics (a task's, a PDR-Bench query's and a
// report's extracted claims), references, personas and queries, and criteria edited by a person.
#pragma once

#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class CatalogStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    Result<Benchmark> ensureBenchmark(const QString &key, const QString &name, VerdictScale scale);
    Upserted upsertTask(const Task &task);
    Upserted upsertPersona(const Persona &persona);
    Upserted upsertQuery(const Query &qr);
    Upserted upsertRubric(const Rubric &rubric);
    // Removes a PDR-Bench query's criteria and, with them, their verdicts (regenerating
    // criteria). Annotation events are append-only, so a criterion a person labelled cannot
    // go: call within a transaction and check annotatedRubricsOfQuery first. Returns the
    // number removed.
    Result<int> deleteQueryRubrics(RowId queryId);
    Upserted upsertReference(const Reference &reference);
    // Makes `criteria` the query's criteria, in one transaction of its own (a savepoint inside a
    // caller's transaction). A criterion with the id of one of the query's rubrics updates that
    // rubric in place (its id, verdicts and annotations stay); id 0 inserts a new one; the query's
    // rubrics not in the list are deleted. Positions follow the list's order within each dimension;
    // family and explanation come from the metadata. A changed rubric's metadata keeps its "origin"
    // ("imported" when it had none) and gains "edited_by" and "edited_at"; a changed text
    // or explanation also sets "criterion_edited_at" (verdicts older than that are stale)
    // and keeps the first text as "original_text". New criteria get "origin": "manual".
    // Refuses (nothing written, the error says why) ids of other queries, empty texts,
    // removing a criterion with human annotations or sample assignments, and removing one
    // with verdicts unless `options.allowDeletingJudged`.

    Result<CriteriaEditResult> replaceQueryCriteria(RowId queryId, const QList<Rubric> &criteria,
                                                    const CriteriaEditOptions &options);
    // Verdicts, annotation events and sample assignments per criterion of the query.
    Result<QHash<RowId, CriterionUsage>> criterionUsage(RowId queryId);

    Result<QList<Benchmark>> benchmarks();
    std::optional<Benchmark> benchmark(const QString &key);
    std::optional<RowId> taskId(RowId benchmarkId, const QString &externalId);
    std::optional<Task> task(RowId id);
    Result<QList<TaskSummary>> taskSummaries(const QString &benchmarkKey = {});
    // The task's (or query's) own rubrics; never a report's claims.
    QList<Rubric> rubrics(RowId taskId, std::optional<RowId> queryId = std::nullopt);
    QList<Rubric> allRubricsOfTask(RowId taskId); // including PDR-Bench query criteria
    // The text of every rubric item (claims too), by id: what a list of rated items shows
    // beside ratingRows(), which leave the text out.
    QHash<RowId, QString> rubricTexts();
    // The claims extracted from one report (Rubric::reportId set), in id order.
    QList<Rubric> claims(RowId reportId);
    // Every item a report is judged and labelled on: its task's (or query's) rubrics, then its
    // own claims.
    QList<Rubric> reportItems(const Report &report);
    // Claims per report: group = report id, key = dimension ("cited", "uncited").
    QList<CountRow> claimCounts();
    // Annotation events on the report's claims (-1 when the read fails).
    int claimAnnotationCount(RowId reportId);
    // Deletes the report's claims with their verdicts, inside the caller's transaction. Refuses
    // (false) when a person annotated any of them: human labels are never thrown away.
    Result<void> deleteClaims(RowId reportId);
    // Replaces the report's claims (and their verdicts) with `claims` in a transaction of its
    // own; refused like deleteClaims, writing nothing.
    Result<void> replaceClaims(RowId reportId, const QList<Rubric> &claims);
    QList<Reference> references(RowId taskId);
    std::optional<Persona> persona(RowId id);
    Result<QList<Persona>> personas(const QString &benchmarkKey = {}); // by external id
    std::optional<RowId> personaId(RowId benchmarkId, const QString &externalId);
    std::optional<Query> query(RowId id);
    QList<Query> queries(RowId benchmarkId); // in import order
    // Rubrics of the query that carry a human annotation event (-1 on a database error).
    Result<int> annotatedRubricsOfQuery(RowId queryId);
    std::optional<RowId> queryId(RowId benchmarkId, const QString &externalId);

private:
    // The value columns of a rubric row as upsertRubric writes them (and fingerprints them).
    static QVariantList rubricValues(const Rubric &r);
    QList<Rubric> rubricRows(const QString &where, const QList<RowId> &ids);
    std::optional<RowId> idByExternal(const QString &table, RowId benchmarkId,
                                      const QString &externalId);
};

} // namespace Rubricate
