#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// ReportBench_v1.1.jsonl (one survey prompt per line) with its ground-truth folder
// `<arxiv_id>.jsonl`. When `groundTruthDir` is empty, `ReportBench_v1.1_GT` beside the
// task file is used if it exists.
ImportSummary importReportBench(ProjectStore &store, const QString &path,
                                const QString &groundTruthDir = {});

// Model outputs: a flat folder of `*.json` whose names contain the arXiv id; the text is the
// first of response/content/text/message/output/result longer than 50 characters, else the
// longest string field (as ReportBench's statement evaluator reads them).
ImportSummary importReportBenchReports(ProjectStore &store, const QString &dir,
                                       const QString &model = {});

} // namespace Rubricate
