// DeepResearch Bench II files in the shapes the official scripts write them:
// aggregate_scores.py's five agg_scores_*.csv tables and run_evaluation.py's result.jsonl
// lines, plus a reader for those CSV tables (to compare with the authors' published ones).
#pragma once

#include "domain/result.h"
#include "scoring/drb2scoring.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

QT_BEGIN_NAMESPACE
class QIODevice;
QT_END_NAMESPACE

namespace Rubricate {

// ---- agg_scores_*.csv ---------------------------------------------------------------------

// "<prefix>_<suffix>.csv", e.g. "agg_scores_total.csv" (the reference's default prefix).
QString drb2CsvFileName(Drb2Metric metric, const QString &prefix = QStringLiteral("agg_scores"));

// Python's f"{x:.6f}"; an empty string for no value.
QString formatDrb2Value(std::optional<double> value);

// One table: header idx,language,theme,<models by average>,avg; the rows by task average;
// the footer avg,,,<model averages>,<grand mean>. CRLF line ends, no BOM, fields quoted only
// when they need it (Python's csv.writer defaults).
QByteArray drb2CsvBytes(const Drb2Scores &scores, Drb2Metric metric);
Result<void> writeDrb2Csv(QIODevice &device, const Drb2Scores &scores, Drb2Metric metric);
// All five files into `directory`, each replaced atomically.
Result<void> writeDrb2Csvs(const QString &directory, const Drb2Scores &scores,
                           const QString &prefix = QStringLiteral("agg_scores"));

// An agg_scores_*.csv as text fields, kept as written so that comparisons can be exact.
struct Drb2CsvTable {
    struct Row {
        QString idx; // "avg" in the footer
        QString language;
        QString theme;
        QStringList cells; // one per model column; empty where there is no value
        QString average;
    };
    QStringList models; // the header's model columns, in file order
    QList<Row> rows; // without the footer
    Row footer;
    bool crlf = false; // every line ends with CRLF
    bool bom = false;
};

// An error saying why when the bytes are not such a table.
Result<Drb2CsvTable> parseDrb2Csv(const QByteArray &bytes);
// A field of that table as a number; nothing for an empty or non-numeric field.
std::optional<double> drb2CsvNumber(const QString &field);

// ---- result.jsonl -------------------------------------------------------------------------

// Token accounting of one judged report, as the pipeline sums it over its batches.
struct Drb2Usage {
    qint64 totalTokens = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 thoughtsTokens = 0;
    QJsonArray perBatch; // the judge's raw usageMetadata objects, one per batch
};

struct Drb2ResultItem {
    QString dimension; // info_recall | analysis | presentation
    QString rubricText;
    std::optional<int> score; // nothing: no usable verdict
    QString reason;
    QString evidence;
    QString error; // why there is no score (written under "errors")
};

// One line of result.jsonl: one model's report on one task, judged once.
struct Drb2ResultLine {
    QString model;
    int idx = 0;
    QString task; // content.task
    QList<Drb2ResultItem> items;
    Drb2Usage usage;
    // Non-empty when the whole judging failed; the line is then {"error": failure} as the
    // pipeline writes it, and `items` are ignored.
    QString failure;
};

// The same content as flat rows, as a table view or a database query yields it.
struct Drb2ResultRow {
    QString model;
    int idx = 0;
    int runIndex = 0;
    QString task;
    Drb2ResultItem item; // an empty dimension adds no item (a run with no verdicts)
    std::optional<Drb2Usage> usage; // per line; the last row that carries one wins
};

// Groups rows into lines: runs in order of first appearance, within a run the models, within
// a model its tasks — the pipeline appends one run at a time, grouped by model.
QList<Drb2ResultLine> drb2ResultLines(const QList<Drb2ResultRow> &rows);

// One line as the pipeline writes it (json.dumps(..., ensure_ascii=False) plus "\n"):
//   {"model", "idx", "result": {"task", "scores": {dim: {rubric: {"score", "reason",
//    "evidence"}}}, "usage_summary": {...}, "usage_metadata_per_batch": [...]}}
// Key order, ", " / ": " separators and escaping follow Python. A rubric text given twice in
// a dimension is one entry, at its first position, decided by the last copy with a score.
// Extension: items without a usable score are not written as score 0 (the pipeline's
// default) but left out of "scores" and listed as "errors": {dim: {rubric: cause}} after the
// official keys, so that no reader counts a failure as a verdict.
QByteArray drb2ResultLineJson(const Drb2ResultLine &line);
QByteArray drb2ResultJsonl(const QList<Drb2ResultLine> &lines);
Result<void> writeDrb2ResultJsonl(QIODevice &device, const QList<Drb2ResultLine> &lines);

} // namespace Rubricate
