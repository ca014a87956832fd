// One row per rubric of a report: what the judge said and what people said. The verdict
// panel shows these; building them is a read of the project, done off the GUI thread.
#pragma once

#include "domain/types.h"
#include "store/projectstore.h"

#include <QList>

namespace Rubricate {

class ProjectStore;

struct VerdictRow {
    RowId rubricId = 0;
    QString dimension;
    int position = 0;
    QString rubricText;
    double weight = 1;
    VerdictScale scale = VerdictScale::Drb2Tristate;
    bool judged = false; // the run has a verdict (a value or an error)
    std::optional<double> judgeValue; // empty with judgeError set: the judge failed
    QString judgeError;
    QString reason;
    QString evidence;
    QString evidenceStatus; // "located", "partial", "not_found", "empty", ""
    QList<EvidenceSpanRow> spans; // where the evidence is in Report::text
    // The criterion's text was edited after the judge gave this verdict (PDR-Bench criteria
    // edited by a person): the verdict answers a question that is no longer asked.
    bool judgeStale = false;
    // A second run shown beside the first (0: none).
    bool otherJudged = false;
    std::optional<double> otherJudgeValue;
    QString otherJudgeError;
    std::optional<double> humanValue; // the newest annotation event's label
    QString humanNote;
    QString annotator;
    QDateTime humanAt; // when the current label was given
    LabelProvenance humanProvenance; // how it was given

    friend bool operator==(const VerdictRow &, const VerdictRow &) = default;
};

// Rows for `reportId` in rubric order (a PDR-Bench query's criteria by dimension, then by
// position, so that an edited order shows; then the report's own claims); judge columns from
// `runId` (0: none), the second judge column from `otherRunId` (0: none), human columns from
// `annotator`'s newest events (empty: anyone's newest).
QList<VerdictRow> verdictRows(ProjectStore &store, RowId reportId, RowId runId,
                              const QString &annotator = {}, RowId otherRunId = 0);

} // namespace Rubricate
