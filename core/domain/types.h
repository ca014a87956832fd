// Plain value types shared by every part of core. No SQL, no network, no widgets.
#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

using RowId = qint64;

// Benchmarks speak different verdict languages; a rubric carries its own scale so that a
// project can mix benchmarks without guessing how to read a stored value.
enum class VerdictScale {
    Drb2Tristate, // 1 met, 0 not met, -1 met only through the blocked source
    Ternary, // 1 satisfied, 0.5 partially, 0 not satisfied
    ZeroToTen, // 0..10 score (PDR-Bench sub-criteria)
    Binary, // 1 / 0 (ReportBench claim checks)
};

QString scaleKey(VerdictScale scale);
std::optional<VerdictScale> scaleFromKey(const QString &key);
// The values a human may choose on this scale, in display order.
QList<double> scaleValues(VerdictScale scale);
// The labelling key for a value on its scale, and back: DRB-II 1 / 0 / - (−1); ternary
// 1 / P (partially, 0.5) / 0; binary 1 / 0; 0–10 by its digits and T for 10. Keys are upper
// case; unknown keys give no value.
std::optional<double> valueForKey(VerdictScale scale, QChar key);
QString keyForValue(VerdictScale scale, double value);
bool isValidValue(VerdictScale scale, double value);

namespace BenchmarkKey {
inline constexpr auto Drb2 = "drb2";
inline constexpr auto ResearchRubrics = "researchrubrics";
inline constexpr auto PdrBench = "pdrbench";
inline constexpr auto ReportBench = "reportbench";
inline constexpr auto Demo = "demo";
} // namespace BenchmarkKey

struct Benchmark {
    RowId id = 0;
    QString key; // stable machine key, see BenchmarkKey
    QString name; // human name
    VerdictScale scale = VerdictScale::Drb2Tristate;
};

struct Complexity {
    QString breadth;
    QString nesting;
    QString exploration;
    bool isEmpty() const { return breadth.isEmpty() && nesting.isEmpty() && exploration.isEmpty(); }
};

struct BlockedSource {
    QString title;
    QStringList authors;
    QStringList urls;
    bool isEmpty() const { return title.isEmpty() && authors.isEmpty() && urls.isEmpty(); }

    // The DRB-II `content.blocked` shape: {title, authors[], urls[]}.
    static BlockedSource fromJson(const QJsonObject &o);
    QJsonObject toJson() const;
};

struct Task {
    RowId id = 0;
    RowId benchmarkId = 0;
    QString externalId; // the benchmark's own key: DRB-II idx, sample_id, arxiv_id ...
    QString language; // "en", "zh" or empty
    QString theme; // theme or domain
    QString title; // short description / title
    QString prompt; // what the agent under test received
    QString judgeTask; // what the judge sees as the task (DRB-II content.task)
    std::optional<BlockedSource> blocked;
    Complexity complexity;
    QJsonObject metadata; // everything else the source file said
};

struct Persona {
    RowId id = 0;
    RowId benchmarkId = 0;
    QString externalId; // PDR-Bench userid
    QString name;
    QJsonObject attributes; // every field the file had, unknown ones included
};

// PDR-Bench: one task asked by one persona under one information setting.
struct Query {
    RowId id = 0;
    RowId benchmarkId = 0;
    RowId taskId = 0;
    std::optional<RowId> personaId;
    QString externalId;
    QString setting; // "task_only", "task_context" or "task_persona"
    QString language;
    QString text;
    QJsonObject metadata;
};

struct Rubric {
    RowId id = 0;
    RowId taskId = 0;
    std::optional<RowId> queryId;
    QString dimension; // DRB-II dimension, ResearchRubrics axis, PDR-Bench dimension
    QString text;
    double weight = 1.0; // negative weights are pitfalls (ResearchRubrics)
    std::optional<double> dimensionWeight; // PDR-Bench: weight of the dimension in its family
    std::optional<bool> mandatory;
    VerdictScale scale = VerdictScale::Drb2Tristate;
    int position = 0; // order within (task, query, dimension) as the source lists it
    std::optional<RowId> duplicateOf; // the first rubric with the same text in this task
    QJsonObject metadata;
    // Set for an item that belongs to one report only: a statement extracted from it (a
    // "claim", dimension "cited" or "uncited"), judged and labelled like any rubric item.
    std::optional<RowId> reportId;
};

// ReportBench ground truth: one reference cited by the survey.
struct Reference {
    RowId id = 0;
    RowId taskId = 0;
    int position = 0;
    QString bibId;
    QString title;
    QString normalizedTitle;
    QString authors;
    QJsonObject meta;
};

struct AgentModel {
    RowId id = 0;
    QString name;
};

struct PageSpan {
    int page = 0;
    int offset = 0; // UTF-16 offset of the page's first character in Report::text
    int length = 0;
};

enum class ReportFormat { Missing, Markdown, Text, Html, Pdf, Docx, Image, Json };
QString formatKey(ReportFormat format);
ReportFormat formatFromKey(const QString &key);

struct Report {
    RowId id = 0;
    RowId modelId = 0;
    RowId taskId = 0;
    std::optional<RowId> queryId;
    ReportFormat format = ReportFormat::Missing;
    QString sourceName; // original file name, for display and export
    QString contentHash; // sha256 of the original bytes; empty when no file was imported
    QString text; // extracted text, what the judge reads and evidence is located in
    QList<PageSpan> pages;
    QStringList warnings;
    bool hasText = false;
};

enum class JudgeKind { Imported, Llm, Offline };
QString judgeKindKey(JudgeKind kind);
JudgeKind judgeKindFromKey(const QString &key);

struct JudgeRun {
    RowId id = 0;
    RowId benchmarkId = 0;
    QString name;
    JudgeKind kind = JudgeKind::Imported;
    QString scheme; // prompt scheme key
    QJsonObject config; // provider, model, parameters; never an API key
    QString status; // "pending", "running", "paused", "finished", "failed", "cancelled"
    QDateTime createdAt;
    QDateTime finishedAt;
    QString source; // file it was imported from, if any
};

struct Verdict {
    RowId id = 0;
    RowId runId = 0;
    RowId reportId = 0;
    RowId rubricId = 0;
    std::optional<double> value; // empty when the judge failed: an error is never a verdict
    QString label; // the judge's own wording ("Satisfied", "1" ...)
    QString reason;
    QString evidence;
    QString error; // why there is no value
    QJsonObject raw; // the item as the judge returned it
    QString evidenceStatus; // "located", "partial", "not_found", "empty"; empty: not checked
    std::optional<double> evidenceCoverage;
    QDateTime createdAt; // when it was written (read back; writers leave it empty)
};

// Human judgements are append-only events; the current label is the newest one.
// How a label came to be, so that a study can tell a typed label from an accepted judge
// verdict. Unknown: written before Rubricate recorded it.
enum class LabelMethod { Unknown, Typed, AcceptedJudge, Imported, Undo, Redo, Adjudicated };
QString labelMethodKey(LabelMethod method); // "typed", "accepted", ... ("" for Unknown)
LabelMethod labelMethodFromKey(const QString &key);

// An annotator's own label, or the gold label an adjudicator settled on. The two never mix:
// agreement among annotators never sees gold, and gold is its own rater.
enum class AnnotationKind { Label, Gold };
QString annotationKindKey(AnnotationKind kind); // "label", "gold"
std::optional<AnnotationKind> annotationKindFromKey(const QString &key);

// What the annotator saw and did when the label was given.
struct LabelProvenance {
    LabelMethod method = LabelMethod::Unknown;
    std::optional<bool> judgeVisible; // empty: not recorded
    RowId shownRunId = 0; // the judge run whose verdict was on screen (0: none)
    std::optional<double> shownVerdict; // that verdict's value (empty: none or an error)
    QString study; // the study the label was given in ("" outside one)
    std::optional<qint64> focusMs; // time the item was in focus before the label
    QString appVersion;

    friend bool operator==(const LabelProvenance &, const LabelProvenance &) = default;
};

struct AnnotationEvent {
    RowId id = 0;
    RowId reportId = 0;
    RowId rubricId = 0;
    QString annotator; // the annotator's stable id (see Annotator)
    QDateTime at;
    std::optional<double> value; // empty: the annotator cleared the label
    std::optional<double> previousValue;
    QString note;
    QString uid; // globally unique, kept when events travel between copies ("" before v9)
    AnnotationKind kind = AnnotationKind::Label;
    LabelProvenance provenance;
    QString annotatorName; // shown name when read from a project (not stored with the event)
};

// A person who labels. The id never changes (labels are keyed by it); the name is what is
// shown and can be renamed. People who labelled before ids existed have their name as id.
struct Annotator {
    QString id;
    QString name;
    QDateTime createdAt;
    QDateTime renamedAt;
};

// A saved sample with the settings it is worked under. Its items are the sample's
// assignments (ProjectStore::assignments with the same name).
struct Study {
    QString name;
    QString uid;
    RowId runId = 0; // the judge run the study compares with (0: none)
    bool blind = false; // the judge stays hidden until the annotator has labelled the item
    QDateTime createdAt;
    QString createdBy; // annotator id
};

// One item in an annotator's queue, and whether that annotator has labelled it yet.
struct QueueItem {
    RowId reportId = 0;
    RowId rubricId = 0;
    int position = 0;
    bool labelled = false;
    QString dimension;
    QString rubricText;
};

// How far one annotator is through a study.
struct StudyProgress {
    QString annotatorId;
    QString annotatorName;
    int assigned = 0;
    int labelled = 0;
    // Of those, the items whose current label was given in this study: what the study's
    // corrected scores and plans count (a label given before it, or outside it, is not).
    int labelledInStudy = 0;
};

// One rating of one rubric item by one rater, with what the alignment breakdowns group by.
// Raters are judge runs ("run:<id>") and annotators ("human:<name>"), and, when asked for,
// the gold labels (GoldRater); a judge error has no value and is never paired, a cleared
// label is not a rating.
inline const QString GoldRater = QStringLiteral("gold");
struct RatingRow {
    RowId reportId = 0;
    RowId rubricId = 0;
    QString benchmarkKey;
    QString taskExternalId;
    QString model;
    QString persona;
    QString language;
    QString theme;
    QString dimension;
    VerdictScale scale = VerdictScale::Drb2Tristate;
    QString rater; // "run:12" or "human:Ada"
    QString raterName; // the run's name or the annotator
    bool judge = false;
    std::optional<double> value;
};

// One rubric item of an annotation sample and the people who are to label it. `position` is
// the order the item comes in for every one of them (0-based, unique within a sample).
struct Assignment {
    RowId reportId = 0;
    RowId rubricId = 0;
    QStringList annotators;
    int position = 0;

    friend bool operator==(const Assignment &, const Assignment &) = default;
};

} // namespace Rubricate
