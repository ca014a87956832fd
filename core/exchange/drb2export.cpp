#include "drb2export.h"

#include "exchangelog.h"
#include "text/csvtext.h"
#include "text/pythonjsonstring.h"

#include <QDir>
#include <QHash>
#include <QIODevice>
#include <QJsonObject>
#include <QSaveFile>

#include <charconv>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr Drb2Metric allMetrics[]
    = {Drb2Metric::InfoRecall, Drb2Metric::Analysis, Drb2Metric::Presentation, Drb2Metric::Total,
       Drb2Metric::Blocked};

Result<void> writeAll(QIODevice &device, const QByteArray &bytes)
{
    if (!device.isWritable())
        return Error{u"device is not open for writing"_s};
    if (device.write(bytes) != bytes.size())
        return Error{device.errorString()};
    return {};
}

// ---- JSON in json.dumps(ensure_ascii=False) style --------------------------------------------

void appendJsonNumber(QString &out, double v)
{
    // QJsonValue keeps every number as a double; token counts are integers, which Python
    // writes without a decimal point.
    if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 9007199254740992.0) {
        out += QString::number(static_cast<qint64>(v));
        return;
    }
    out += QString::number(v, 'g', QLocale::FloatingPointShortest);
}

void appendJsonValue(QString &out, const QJsonValue &v);

void appendJsonObject(QString &out, const QJsonObject &o)
{
    // QJsonObject has no insertion order; raw judge metadata comes out with sorted keys.
    out += u'{';
    bool first = true;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!first)
            out += u", "_s;
        first = false;
        appendPythonJsonString(out, it.key());
        out += u": "_s;
        appendJsonValue(out, it.value());
    }
    out += u'}';
}

void appendJsonValue(QString &out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out += u"null"_s;
        break;
    case QJsonValue::Bool:
        out += v.toBool() ? u"true"_s : u"false"_s;
        break;
    case QJsonValue::Double:
        appendJsonNumber(out, v.toDouble());
        break;
    case QJsonValue::String:
        appendPythonJsonString(out, v.toString());
        break;
    case QJsonValue::Array: {
        out += u'[';
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (i > 0)
                out += u", "_s;
            appendJsonValue(out, a.at(i));
        }
        out += u']';
        break;
    }
    case QJsonValue::Object:
        appendJsonObject(out, v.toObject());
        break;
    }
}

void appendKey(QString &out, const QString &key)
{
    appendPythonJsonString(out, key);
    out += u": "_s;
}

// One rubric text's final state within a dimension of one line.
struct Entry {
    std::optional<int> score;
    QString reason;
    QString evidence;
    QString error;
};

struct Dimension {
    QString key;
    QStringList order; // texts in order of first appearance
    QHash<QString, Entry> entries;
};

QList<Dimension> collectDimensions(const QList<Drb2ResultItem> &items)
{
    // The pipeline always writes the three known dimensions, in this order, even when empty.
    QList<Dimension> dims{
        {u"info_recall"_s, {}, {}}, {u"analysis"_s, {}, {}}, {u"presentation"_s, {}, {}}};
    for (const Drb2ResultItem &item : items) {
        if (item.dimension.isEmpty())
            continue;
        auto dim = std::find_if(dims.begin(), dims.end(),
                                [&](const Dimension &d) { return d.key == item.dimension; });
        if (dim == dims.end()) {
            // Not something the pipeline produces; kept rather than dropped, after the others.
            dims.append({item.dimension, {}, {}});
            dim = dims.end() - 1;
        }
        auto it = dim->entries.find(item.rubricText);
        if (it == dim->entries.end()) {
            dim->order << item.rubricText;
            it = dim->entries.insert(item.rubricText, {});
        }
        if (item.score) {
            *it = {item.score, item.reason, item.evidence, {}};
        } else if (!it->score) {
            it->error = item.error.isEmpty() ? u"no usable score"_s : item.error;
        }
    }
    return dims;
}

} // namespace

// ---- agg_scores_*.csv ---------------------------------------------------------------------

QString drb2CsvFileName(Drb2Metric metric, const QString &prefix)
{
    return prefix + u'_' + drb2MetricSuffix(metric) + u".csv"_s;
}

QString formatDrb2Value(std::optional<double> value)
{
    if (!value)
        return {};
    // to_chars is exact and ignores the C locale, which QCoreApplication sets from the
    // environment (printf would write "0,500000" under a German locale).
    char buffer[400];
    const auto r
        = std::to_chars(buffer, buffer + sizeof buffer, *value, std::chars_format::fixed, 6);
    if (r.ec != std::errc())
        return {};
    return QString::fromLatin1(buffer, r.ptr - buffer);
}

QByteArray drb2CsvBytes(const Drb2Scores &scores, Drb2Metric metric)
{
    const Drb2Table &table = scores.table(metric);
    QString out;
    QStringList header{u"idx"_s, u"language"_s, u"theme"_s};
    for (qsizetype m : table.columns)
        header << scores.models.at(m);
    header << u"avg"_s;
    out += csvRecord(header);

    for (qsizetype t : table.rows) {
        const Drb2Task &task = scores.tasks.at(t);
        QStringList row{QString::number(task.idx), task.language, task.theme};
        for (qsizetype m : table.columns)
            row << formatDrb2Value(scores.cell(t, m).value(metric));
        row << formatDrb2Value(table.taskAverages.at(t));
        out += csvRecord(row);
    }

    QStringList footer{u"avg"_s, QString(), QString()};
    for (qsizetype m : table.columns)
        footer << formatDrb2Value(table.modelAverages.at(m));
    footer << formatDrb2Value(table.grandMean);
    out += csvRecord(footer);
    return out.toUtf8();
}

Result<void> writeDrb2Csv(QIODevice &device, const Drb2Scores &scores, Drb2Metric metric)
{
    return writeAll(device, drb2CsvBytes(scores, metric));
}

Result<void> writeDrb2Csvs(const QString &directory, const Drb2Scores &scores,
                           const QString &prefix)
{
    if (!QDir().mkpath(directory))
        return Error{u"cannot create %1"_s.arg(directory)};

    for (Drb2Metric metric : allMetrics) {
        QSaveFile file(QDir(directory).filePath(drb2CsvFileName(metric, prefix)));
        if (!file.open(QIODevice::WriteOnly))
            return Error{u"%1: %2"_s.arg(file.fileName(), file.errorString())};

        const Result<void> written = writeDrb2Csv(file, scores, metric);
        if (!written || !file.commit()) {
            const QString why = written ? file.errorString() : written.errorMessage();
            return Error{u"%1: %2"_s.arg(file.fileName(), why)};
        }
        qCDebug(lcExchange, "wrote %s", qPrintable(file.fileName()));
    }
    return {};
}

Result<Drb2CsvTable> parseDrb2Csv(const QByteArray &bytes)
{
    Drb2CsvTable table;
    QByteArray body = bytes;
    if (body.startsWith("\xEF\xBB\xBF")) {
        table.bom = true;
        body.remove(0, 3);
    }
    const Result<CsvRecords> split = splitCsv(QString::fromUtf8(body));
    if (!split)
        return split.error();
    table.crlf = split->allCrlf;
    const QList<QStringList> &records = split->records;
    if (records.size() < 2)
        return Error{u"needs a header and a footer row"_s};
    const QStringList &header = records.constFirst();
    if (header.size() < 4 || header.at(0) != "idx"_L1 || header.at(1) != "language"_L1
        || header.at(2) != "theme"_L1 || header.constLast() != "avg"_L1) {
        return Error{u"header is not idx,language,theme,<models>,avg"_s};
    }
    table.models = header.mid(3, header.size() - 4);
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QStringList &fields = records.at(i);
        if (fields.size() != header.size()) {
            return Error{u"record %1 has %2 fields, the header %3"_s.arg(i + 1)
                             .arg(fields.size())
                             .arg(header.size())};
        }
        Drb2CsvTable::Row row{fields.at(0), fields.at(1), fields.at(2),
                              fields.mid(3, fields.size() - 4), fields.constLast()};
        if (i + 1 == records.size())
            table.footer = row;
        else
            table.rows << row;
    }
    if (table.footer.idx != "avg"_L1)
        return Error{u"the last row is not the avg footer"_s};
    return table;
}

std::optional<double> drb2CsvNumber(const QString &field)
{
    bool ok = false;
    const double v = field.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

// ---- result.jsonl -------------------------------------------------------------------------

QList<Drb2ResultLine> drb2ResultLines(const QList<Drb2ResultRow> &rows)
{
    QList<int> runs;
    QHash<int, QStringList> modelsOfRun;
    QHash<QString, QList<int>> tasksOfRunModel;
    QHash<QString, Drb2ResultLine> lines;
    const auto runModelKey = [](int run, const QString &model) -> QString {
        return QString::number(run) + u'\x1f' + model;
    };
    const auto lineKey = [](const QString &runModel, int idx) -> QString {
        return runModel + u'\x1f' + QString::number(idx);
    };
    for (const Drb2ResultRow &row : rows) {
        if (!runs.contains(row.runIndex))
            runs << row.runIndex;
        QStringList &models = modelsOfRun[row.runIndex];
        if (!models.contains(row.model))
            models << row.model;
        const QString rm = runModelKey(row.runIndex, row.model);
        QList<int> &tasks = tasksOfRunModel[rm];
        if (!tasks.contains(row.idx))
            tasks << row.idx;
        Drb2ResultLine &line = lines[lineKey(rm, row.idx)];
        line.model = row.model;
        line.idx = row.idx;
        if (line.task.isEmpty())
            line.task = row.task;
        if (row.usage)
            line.usage = *row.usage;
        if (!row.item.dimension.isEmpty())
            line.items << row.item;
    }
    QList<Drb2ResultLine> out;
    for (int run : std::as_const(runs)) {
        for (const QString &model : modelsOfRun.value(run)) {
            const QString rm = runModelKey(run, model);
            for (int idx : tasksOfRunModel.value(rm))
                out << lines.value(lineKey(rm, idx));
        }
    }
    return out;
}

QByteArray drb2ResultLineJson(const Drb2ResultLine &line)
{
    QString out;
    out += u'{';
    appendKey(out, u"model"_s);
    appendPythonJsonString(out, line.model);
    out += u", "_s;
    appendKey(out, u"idx"_s);
    out += QString::number(line.idx);
    out += u", "_s;
    appendKey(out, u"result"_s);
    if (!line.failure.isEmpty()) {
        out += u'{';
        appendKey(out, u"error"_s);
        appendPythonJsonString(out, line.failure);
        out += u"}}\n"_s;
        return out.toUtf8();
    }

    out += u'{';
    appendKey(out, u"task"_s);
    appendPythonJsonString(out, line.task);
    out += u", "_s;
    appendKey(out, u"scores"_s);
    out += u'{';
    const QList<Dimension> dims = collectDimensions(line.items);
    bool anyError = false;
    for (qsizetype d = 0; d < dims.size(); ++d) {
        const Dimension &dim = dims.at(d);
        if (d > 0)
            out += u", "_s;
        appendKey(out, dim.key);
        out += u'{';
        bool first = true;
        for (const QString &text : dim.order) {
            const Entry &e = dim.entries.value(text);
            if (!e.score) {
                anyError = true;
                continue;
            }
            if (!first)
                out += u", "_s;
            first = false;
            appendKey(out, text);
            out += u'{';
            appendKey(out, u"score"_s);
            out += QString::number(*e.score);
            out += u", "_s;
            appendKey(out, u"reason"_s);
            appendPythonJsonString(out, e.reason);
            out += u", "_s;
            appendKey(out, u"evidence"_s);
            appendPythonJsonString(out, e.evidence);
            out += u'}';
        }
        out += u'}';
    }
    out += u"}, "_s;

    appendKey(out, u"usage_summary"_s);
    out += u'{';
    appendKey(out, u"total_tokens"_s);
    out += QString::number(line.usage.totalTokens) + u", "_s;
    appendKey(out, u"input_tokens"_s);
    out += QString::number(line.usage.inputTokens) + u", "_s;
    appendKey(out, u"output_tokens"_s);
    out += QString::number(line.usage.outputTokens) + u", "_s;
    appendKey(out, u"thoughts_tokens"_s);
    out += QString::number(line.usage.thoughtsTokens) + u"}, "_s;
    appendKey(out, u"usage_metadata_per_batch"_s);
    appendJsonValue(out, line.usage.perBatch);

    if (anyError) {
        out += u", "_s;
        appendKey(out, u"errors"_s);
        out += u'{';
        bool firstDim = true;
        for (const Dimension &dim : dims) {
            bool firstItem = true;
            for (const QString &text : dim.order) {
                const Entry &e = dim.entries.value(text);
                if (e.score)
                    continue;
                if (firstItem) {
                    if (!firstDim)
                        out += u", "_s;
                    firstDim = false;
                    appendKey(out, dim.key);
                    out += u'{';
                } else {
                    out += u", "_s;
                }
                firstItem = false;
                appendKey(out, text);
                appendPythonJsonString(out, e.error);
            }
            if (!firstItem)
                out += u'}';
        }
        out += u'}';
    }
    out += u"}}\n"_s;
    return out.toUtf8();
}

QByteArray drb2ResultJsonl(const QList<Drb2ResultLine> &lines)
{
    QByteArray out;
    for (const Drb2ResultLine &line : lines)
        out += drb2ResultLineJson(line);
    return out;
}

Result<void> writeDrb2ResultJsonl(QIODevice &device, const QList<Drb2ResultLine> &lines)
{
    for (const Drb2ResultLine &line : lines) {
        if (Result<void> written = writeAll(device, drb2ResultLineJson(line)); !written)
            return written;
    }
    return {};
}

} // namespace Rubricate
