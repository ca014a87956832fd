#include "alignmentexport.h"

#include "alignmenttables.h"
#include "alignmentvalues.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <array>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

using namespace AlignmentValues;

namespace {

// ---- the four statistics of a row ------------------------------------------------------------

const QStringList &statKeys()
{
    static const QStringList keys{u"percent_agreement"_s, u"cohen_kappa"_s, u"macro_f1"_s,
                                  u"krippendorff_alpha"_s};
    return keys;
}

QStringList statHeader()
{
    QStringList header;
    for (const QString &key : statKeys())
        header << key << key + u"_lower"_s << key + u"_upper"_s << key + u"_undefined"_s;
    header << u"macro_f1_variant"_s << u"alpha_level"_s << u"interval_notes"_s;
    return header;
}

template<typename Row>
QStringList statFields(const Row &row, const AlignmentOptions &options)
{
    QStringList fields;
    QStringList notes;
    const auto estimates = estimatesOf(row);
    for (size_t i = 0; i < estimates.size(); ++i) {
        const Estimate &e = *estimates.at(i);
        const bool defined = isDefined(e.point);
        fields << csvNumber(defined ? e.point.value : std::nullopt)
               << csvNumber(defined ? e.lower : std::nullopt)
               << csvNumber(defined ? e.upper : std::nullopt) << undefinedReasonOf(e.point);
        if (defined && !e.intervalNote.isEmpty())
            notes << statKeys().at(qsizetype(i)) + u": "_s + e.intervalNote;
    }
    fields << macroF1Name(options.f1) << alphaLevelName(options.level) << notes.join(u"; "_s);
    return fields;
}

QJsonObject statJson(const StatResult &r)
{
    QJsonObject o{{u"value"_s, jsonNumber(isDefined(r) ? r.value : std::nullopt)}};
    if (!isDefined(r))
        o.insert(u"undefined"_s, undefinedReasonOf(r));
    return o;
}

QJsonObject estimateJson(const Estimate &e)
{
    QJsonObject o = statJson(e.point);
    const bool defined = isDefined(e.point);
    o.insert(u"lower"_s, jsonNumber(defined ? e.lower : std::nullopt));
    o.insert(u"upper"_s, jsonNumber(defined ? e.upper : std::nullopt));
    if (defined && !e.intervalNote.isEmpty())
        o.insert(u"interval_note"_s, e.intervalNote);
    return o;
}

template<typename Row>
void insertStats(QJsonObject &o, const Row &row, const AlignmentOptions &options)
{
    const auto estimates = estimatesOf(row);
    for (size_t i = 0; i < estimates.size(); ++i) {
        const QString &key = statKeys().at(qsizetype(i));
        QJsonObject stat = estimateJson(*estimates.at(i));
        if (key == "macro_f1"_L1)
            stat.insert(u"variant"_s, macroF1Name(options.f1));
        else if (key == "krippendorff_alpha"_L1)
            stat.insert(u"level"_s, alphaLevelName(options.level));
        o.insert(key, stat);
    }
}

QByteArray jsonBytes(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

// ---- settings as words and keys ----------------------------------------------------------------

QString collapseKey(LabelCollapse collapse)
{
    switch (collapse) {
    case LabelCollapse::None:
        return u"none"_s;
    case LabelCollapse::ResearchRubricsBinary:
        return u"researchrubrics-binary"_s;
    case LabelCollapse::Drb2Binary:
        return u"drb2-binary"_s;
    }
    return {};
}

// ---- the files -------------------------------------------------------------------------------

QByteArray comparisonsCsv(const AlignmentReport &report)
{
    QString out = csvRecord(
        QStringList{u"kind"_s, u"rater_a"_s, u"name_a"_s, u"rater_b"_s, u"name_b"_s, u"n"_s}
        + statHeader());
    for (const Comparison &c : report.comparisons) {
        out += csvRecord(
            QStringList{c.kind, c.raterA, c.nameA, c.raterB, c.nameB, QString::number(c.n)}
            + statFields(c, report.options));
    }
    return out.toUtf8();
}

// A rater key, or null when there is none (no judge compared).
QJsonValue raterJson(const QString &key)
{
    return key.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(key);
}

// Which annotators' labels were compared (AlignmentOptions::labels); null: no restriction.
QJsonObject labelFilterJson(const LabelFilter &filter)
{
    QJsonValue methods(QJsonValue::Null);
    if (!filter.methods.isEmpty()) {
        QJsonArray keys;
        for (LabelMethod m : filter.sortedMethods())
            keys.append(labelFilterMethodKey(m));
        methods = keys;
    }
    return {
        {u"description"_s, labelFilterDescription(filter)},
        {u"methods"_s, methods},
        {u"judge_visible"_s, filter.judgeVisible ? QJsonValue(*filter.judgeVisible) : QJsonValue()},
        {u"study"_s, filter.study.isEmpty() ? QJsonValue() : QJsonValue(filter.study)}};
}

QJsonObject settingsJson(const AlignmentReport &report)
{
    QJsonArray categories;
    for (double v : report.categories)
        categories.append(jsonNumber(v));
    return {{u"benchmark"_s, report.options.benchmarkKey},
            {u"collapse"_s, collapseKey(report.options.collapse)},
            {u"categories"_s, categories},
            {u"alpha_level"_s, alphaLevelName(report.options.level)},
            {u"macro_f1_variant"_s, macroF1Name(report.options.f1)},
            {u"annotators_only"_s, report.annotatorsOnly},
            {u"labels"_s, labelFilterJson(report.options.labels)},
            {u"judge"_s, raterJson(report.mainJudge)},
            {u"reference"_s, raterJson(report.mainHuman)}};
}

// All annotators together, how many items how many of them labelled, and each one's labels.
QJsonObject annotatorsJson(const AlignmentReport &report)
{
    QJsonObject alpha = estimateJson(report.annotatorsAlpha);
    alpha.insert(u"level"_s, alphaLevelName(report.options.level));
    QJsonObject byCount;
    for (auto it = report.itemsByAnnotatorCount.cbegin(); it != report.itemsByAnnotatorCount.cend();
         ++it)
        byCount.insert(QString::number(it.key()), qint64(it.value()));
    QJsonArray labels;
    for (const AnnotatorLabels &a : report.annotatorLabels) {
        QJsonObject perCategory;
        for (qsizetype c = 0; c < a.perCategory.size(); ++c)
            perCategory.insert(exactNumber(report.categories.at(c)), qint64(a.perCategory.at(c)));
        labels.append(QJsonObject{{u"rater"_s, a.rater},
                                  {u"name"_s, report.raterNames.value(a.rater, a.rater)},
                                  {u"items"_s, qint64(a.items)},
                                  {u"labels"_s, perCategory}});
    }
    return {{u"krippendorff_alpha"_s, alpha},
            {u"fleiss_kappa"_s, estimateJson(report.annotatorsFleiss)},
            {u"items_by_annotator_count"_s, byCount},
            {u"labels"_s, labels}};
}

QByteArray comparisonsJson(const AlignmentReport &report)
{
    QJsonObject root = settingsJson(report);
    QJsonArray rows;
    for (const Comparison &c : report.comparisons) {
        QJsonObject o{{u"kind"_s, c.kind},      {u"rater_a"_s, c.raterA}, {u"name_a"_s, c.nameA},
                      {u"rater_b"_s, c.raterB}, {u"name_b"_s, c.nameB},   {u"n"_s, qint64(c.n)}};
        insertStats(o, c, report.options);
        rows.append(o);
    }
    root.insert(u"comparisons"_s, rows);
    root.insert(u"annotators"_s, annotatorsJson(report));
    QJsonArray byLevel;
    for (const auto &[level, result] : report.alphaByLevel) {
        QJsonObject o = statJson(result);
        o.insert(u"level"_s, alphaLevelName(level));
        byLevel.append(o);
    }
    // Krippendorff's alpha of the main judge (if any) and every annotator together, at each
    // level.
    root.insert(u"alpha_by_level"_s, byLevel);
    return jsonBytes(root);
}

QByteArray breakdownCsv(const AlignmentReport &report)
{
    const QString attribute = ratingAttributeKey(report.options.breakdown);
    QString out = csvRecord(QStringList{u"attribute"_s, u"group"_s, u"n"_s} + statHeader());
    for (const GroupRow &g : report.breakdown) {
        out += csvRecord(QStringList{attribute, g.group, QString::number(g.n)}
                         + statFields(g, report.options));
    }
    return out.toUtf8();
}

QByteArray breakdownJson(const AlignmentReport &report)
{
    QJsonObject root = settingsJson(report);
    root.insert(u"attribute"_s, ratingAttributeKey(report.options.breakdown));
    QJsonArray rows;
    for (const GroupRow &g : report.breakdown) {
        QJsonObject o{{u"group"_s, g.group}, {u"n"_s, qint64(g.n)}};
        insertStats(o, g, report.options);
        rows.append(o);
    }
    root.insert(u"groups"_s, rows);
    return jsonBytes(root);
}

QByteArray confusionCsv(const Comparison &main)
{
    // The corner says which way round: reference rows, judge columns.
    QStringList header{main.raterB + u" \\ "_s + main.raterA};
    for (double v : main.confusion.categories)
        header << exactNumber(v);
    QString out = csvRecord(header);
    const qsizetype k = main.confusion.categories.size();
    for (qsizetype r = 0; r < k; ++r) {
        QStringList row{exactNumber(main.confusion.categories.at(r))};
        for (qsizetype c = 0; c < k; ++c)
            row << QString::number(main.confusion.at(r, c));
        out += csvRecord(row);
    }
    return out.toUtf8();
}

const Comparison *findPair(const AlignmentReport &report, const QString &a, const QString &b)
{
    for (const Comparison &c : report.comparisons) {
        if ((c.raterA == a && c.raterB == b) || (c.raterA == b && c.raterB == a))
            return &c;
    }
    return nullptr;
}

QByteArray annotatorPairsCsv(const AlignmentReport &report)
{
    QStringList header{u"annotator"_s};
    for (const QString &h : report.annotators)
        header << raterDisplayName(report, h);
    QString out = csvRecord(header);
    for (const QString &a : report.annotators) {
        QStringList row{raterDisplayName(report, a)};
        for (const QString &b : report.annotators) {
            const Comparison *c = a == b ? nullptr : findPair(report, a, b);
            row << (c && isDefined(c->kappa.point) ? csvNumber(c->kappa.point.value) : QString());
        }
        out += csvRecord(row);
    }
    return out.toUtf8();
}

QByteArray disagreementsCsv(const AlignmentReport &report)
{
    QString out = csvRecord({u"report"_s, u"rubric"_s, u"unit"_s, u"task"_s, u"model"_s,
                             u"dimension"_s, u"judge"_s, u"reference"_s, u"annotators"_s});
    for (const Disagreement &d : report.disagreements) {
        out += csvRecord({QString::number(d.reportId), QString::number(d.rubricId),
                          u"%1:%2"_s.arg(d.reportId).arg(d.rubricId), d.task, d.model, d.dimension,
                          exactNumber(d.judge), exactNumber(d.human),
                          QString::number(d.annotators)});
    }
    return out.toUtf8();
}

QByteArray labelsCsv(const AlignmentReport &report)
{
    const LabelTable &t = report.table;
    QString out = csvRecord(QStringList{u"unit"_s, u"task"_s} + t.raters());
    for (qsizetype u = 0; u < t.unitCount(); ++u) {
        QStringList row{t.unitName(u), t.clusterName(t.clusterOf(u))};
        for (qsizetype r = 0; r < t.raterCount(); ++r)
            row << csvNumber(t.value(u, r));
        out += csvRecord(row);
    }
    return out.toUtf8();
}

QJsonObject manifestJson(const AlignmentReport &report, const AlignmentExportOptions &options,
                         const QStringList &files)
{
    const AlignmentOptions &o = report.options;
    QJsonObject filters;
    for (auto it = o.filters.cbegin(); it != o.filters.cend(); ++it) {
        if (!it.value().isEmpty())
            filters.insert(ratingAttributeKey(it.key()), it.value());
    }
    QJsonArray raters;
    const auto addRaters = [&](const QStringList &keys, const QString &role) {
        for (const QString &k : keys) {
            raters.append(QJsonObject{
                {u"key"_s, k}, {u"name"_s, report.raterNames.value(k, k)}, {u"role"_s, role}});
        }
    };
    addRaters(report.judges, u"judge"_s);
    addRaters(report.annotators, u"annotator"_s);
    if (!report.annotatorsOnly)
        addRaters({HumanMajority}, u"majority"_s);
    const QJsonObject bootstrap{
        {u"draws"_s, o.bootstrap.draws},
        {u"confidence"_s, o.bootstrap.confidence},
        {u"seed"_s, qint64(o.bootstrap.seed)},
        {u"resampling"_s,
         o.bootstrap.resampling == Resampling::Clusters ? u"clusters (tasks)"_s : u"units"_s}};
    const QJsonObject counts{{u"units"_s, qint64(report.table.unitCount())},
                             {u"majority_ties"_s, report.majorityTies},
                             {u"judge_errors"_s, report.judgeErrors},
                             {u"comparisons"_s, qint64(report.comparisons.size())},
                             {u"breakdown_groups"_s, qint64(report.breakdown.size())},
                             {u"disagreements"_s, qint64(report.disagreements.size())}};
    QJsonObject m = settingsJson(report);
    m.insert(u"program"_s, u"Rubricate"_s);
    m.insert(u"version"_s, options.programVersion);
    m.insert(u"created"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    m.insert(u"collapse_name"_s, collapseName(o.collapse));
    m.insert(u"filters"_s, filters);
    m.insert(u"subset_size"_s, qint64(o.subset.size()));
    m.insert(u"breakdown"_s, ratingAttributeKey(o.breakdown));
    m.insert(
        u"macro_f1"_s,
        QJsonObject{{u"averaging"_s,
                     o.f1.averaging == MacroF1Averaging::Pooled ? u"pooled"_s : u"per-task mean"_s},
                    {u"absent_classes"_s,
                     o.f1.absentClass == AbsentClass::Skip ? u"skip"_s : u"count as 0"_s},
                    {u"name"_s, macroF1Name(o.f1)}});
    const auto nameOf = [&report](const QString &key) {
        return raterJson(key.isEmpty() ? key : report.raterNames.value(key, key));
    };
    m.insert(u"judge_name"_s, nameOf(report.mainJudge));
    m.insert(u"reference_name"_s, nameOf(report.mainHuman));
    m.insert(u"intervals"_s, hasIntervals(o));
    m.insert(u"bootstrap"_s, bootstrap);
    m.insert(u"counts"_s, counts);
    m.insert(u"raters"_s, raters);
    // How the label table was made, for whoever recomputes from labels.csv.
    m.insert(u"method"_s,
             u"Units are rubric items (report:rubric) after the filters, clustered by task. "
             "Judge errors are empty cells. The majority is the most frequent annotator label "
             "after the collapse; a tie for the top gives no majority. Each comparison uses "
             "the units both sides rated; Macro-F1 takes the second rater as the reference. With "
             "annotators_only, judge ratings are left out and there is no majority; Fleiss' "
             "kappa needs every item somebody labelled to have the same number of labels."_s);
    m.insert(u"files"_s, QJsonArray::fromStringList(files));
    return m;
}

// Writes files into one folder, each atomically, remembering what it wrote.
class FolderWriter
{
public:
    explicit FolderWriter(const QString &directory)
        : m_dir(directory)
    { }

    bool write(const QString &name, const QByteArray &bytes)
    {
        QSaveFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()
            || !file.commit()) {
            error = u"%1: %2"_s.arg(file.fileName(), file.errorString());
            return false;
        }
        names << name;
        return true;
    }
    void adopt(const QString &path)
    {
        names << (QFileInfo(path).isAbsolute() ? m_dir.relativeFilePath(path) : path);
    }
    QStringList absolutePaths() const
    {
        QStringList out;
        for (const QString &n : names)
            out << QDir::cleanPath(m_dir.absoluteFilePath(n));
        return out;
    }

    QStringList names; // relative to the folder
    QString error;

private:
    QDir m_dir;
};

} // namespace

QList<const Comparison *> headlineComparisons(const AlignmentReport &report)
{
    QList<const Comparison *> out;
    for (const Comparison &c : report.comparisons) {
        if (c.raterA == report.mainJudge
            && (c.kind == "judge-majority"_L1 || c.kind == "judge-human"_L1
                || c.kind == "judge-gold"_L1))
            out << &c;
    }
    for (const Comparison &c : report.comparisons) {
        if (c.kind == "human-human"_L1)
            out << &c;
    }
    return out;
}

QString raterDisplayName(const AlignmentReport &report, const QString &key)
{
    QString name = report.raterNames.value(key, key);
    for (auto it = report.raterNames.cbegin(); it != report.raterNames.cend(); ++it) {
        if (it.key() != key && it.value() == name)
            return name + u" ("_s + key + u')';
    }
    return name;
}

Result<QStringList> exportAlignment(const AlignmentReport &report, const QString &directory,
                                    const AlignmentExportOptions &options)
{
    if (!report.error.isEmpty())
        return Error{u"nothing to export: "_s + report.error};
    if (!QDir().mkpath(directory))
        return Error{u"cannot create %1"_s.arg(directory)};

    FolderWriter w(directory);
    const Comparison *main = report.mainComparison();
    bool ok = w.write(u"comparisons.csv"_s, comparisonsCsv(report))
        && w.write(u"comparisons.json"_s, comparisonsJson(report))
        && w.write(u"breakdown.csv"_s, breakdownCsv(report))
        && w.write(u"breakdown.json"_s, breakdownJson(report))
        // Without annotators there is no main comparison and so no matrix to write.
        && (!main || w.write(u"confusion.csv"_s, confusionCsv(*main)))
        && w.write(u"annotator-pairs.csv"_s, annotatorPairsCsv(report))
        && w.write(u"disagreements.csv"_s, disagreementsCsv(report))
        && w.write(u"labels.csv"_s, labelsCsv(report))
        && w.write(u"alignment.md"_s, AlignmentTables::alignmentMarkdown(report))
        && w.write(u"alignment.tex"_s,
                   AlignmentTables::alignmentLatex(report, options.programVersion));
    if (!ok)
        return Error{w.error};
    if (options.writeCharts) {
        const auto charts = options.writeCharts(report, QDir(directory).absolutePath());
        if (!charts)
            return charts.error().prefixed(u"charts"_s);
        for (const QString &c : *charts)
            w.adopt(c);
    }
    if (!w.write(u"manifest.json"_s, jsonBytes(manifestJson(report, options, w.names))))
        return Error{w.error};
    return w.absolutePaths();
}

} // namespace Rubricate
