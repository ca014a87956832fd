// Rows as several subject stores read them: ids, rubrics and annotation events.
#pragma once

#include "domain/types.h"
#include "rowstatement.h"

#include <QSqlQuery>

#include <optional>

namespace Rubricate::StoreRows {

constexpr auto rubricColumns = "SELECT id, task_id, query_id, dimension, position, text, weight,"
                               " dimension_weight, mandatory, scale, duplicate_of, metadata,"
                               " report_id FROM rubric";

constexpr auto annotationColumns
    = "SELECT e.id, e.report_id, e.rubric_id, e.annotator, e.at, e.value, e.previous_value,"
      " e.note, e.uid, e.kind, e.method, e.judge_visible, e.shown_run_id, e.shown_verdict,"
      " e.study, e.focus_ms, e.app_version, COALESCE(a.name, e.annotator)"
      " FROM annotation_event e LEFT JOIN annotator a ON a.id = e.annotator";

// The first column of the next row as an id; finishes the query.
std::optional<RowId> singleId(QSqlQuery &q);
// A row of rubricColumns.
Rubric rubricFrom(const RowStatement &row);
// A row of annotationColumns.
AnnotationEvent annotationFrom(const QSqlQuery &q);

} // namespace Rubricate::StoreRows
