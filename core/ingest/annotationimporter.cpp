#include "annotationimporter.h"

#include "annotationformat.h"
#include "importcontext.h"
#include "jsonlreader.h"
#include "store/projectstore.h"
#include "text/csvtext.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonValue>
#include <QMap>
#include <QStringDecoder>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A line of the simple format: the item by task, model, dimension and number, no uid. A line
// whose label and note are the annotator's current ones adds nothing, nor does one older than
// the current label.
class SimpleLines
{
public:
    SimpleLines(ProjectStore &store, ImportSummary &summary, const QString &name)
        : m_store(store)
        , m_summary(summary)
        , m_name(name)
    { }

    // Fails on a database error: the import must stop.
    Result<void> import(const QJsonObject &o, int line);

private:
    ProjectStore &m_store;
    ImportSummary &m_summary;
    QString m_name;
    QHash<QString, std::optional<Benchmark>> m_benchmarks;
};

Result<void> SimpleLines::import(const QJsonObject &o, int line)
{
    const QJsonValue benchmark = o.value(u"benchmark"_s);
    if (!benchmark.isString() && !benchmark.isUndefined()) {
        m_summary.error(m_name, line, u"\"benchmark\" must be a benchmark's key; skipped"_s);
        return {};
    }
    const QString key = benchmark.toString(u"drb2"_s);
    if (!m_benchmarks.contains(key))
        m_benchmarks.insert(key, m_store.catalog().benchmark(key));
    const std::optional<Benchmark> bench = m_benchmarks.value(key);
    if (!bench) {
        m_summary.error(m_name, line,
                        u"benchmark \"%1\" is not in this project; skipped"_s.arg(key));
        return {};
    }
    const QJsonValue taskValue = o.value(u"task"_s);
    const QString task
        = taskValue.isDouble() ? QString::number(taskValue.toInt()) : taskValue.toString();
    const QString model = o.value(u"model"_s).toString();
    const QString annotator = o.value(u"annotator"_s).toString().trimmed();
    const QString dimension = o.value(u"dimension"_s).toString();
    const int number = o.value(u"number"_s).toInt(0);
    if (task.isEmpty() || model.isEmpty() || annotator.isEmpty() || dimension.isEmpty()
        || number < 1) {
        m_summary.error(m_name, line,
                        u"needs \"task\", \"model\", \"dimension\", \"number\" (from 1) and "
                        "\"annotator\"; skipped"_s);
        return {};
    }
    const auto taskId = m_store.catalog().taskId(bench->id, task);
    const auto modelId = m_store.reports().modelId(model);
    std::optional<RowId> queryId;
    if (const QString query = o.value(u"query"_s).toString(); !query.isEmpty())
        queryId = m_store.catalog().queryId(bench->id, query);
    const auto reportId
        = taskId && modelId ? m_store.reports().reportId(*modelId, *taskId, queryId) : std::nullopt;
    if (!reportId) {
        m_summary.error(m_name, line,
                        u"no report of %1 for task %2 in this project; skipped"_s.arg(model, task));
        return {};
    }
    std::optional<RowId> rubricId;
    VerdictScale scale = VerdictScale::Drb2Tristate;
    for (const Rubric &r : m_store.catalog().rubrics(*taskId, queryId)) {
        if (r.dimension == dimension && r.position == number - 1) {
            rubricId = r.id;
            scale = r.scale;
        }
    }
    if (!rubricId) {
        m_summary.error(m_name, line,
                        u"task %1 has no rubric %2 %3; skipped"_s.arg(task, dimension).arg(number));
        return {};
    }
    // The person, as samples name them: a known annotator's id or name, else a new one.
    const Result<QString> annotatorId = m_store.annotations().annotatorIdNamed(annotator);
    if (!annotatorId)
        return annotatorId.error();
    AnnotationEvent e;
    e.reportId = *reportId;
    e.rubricId = *rubricId;
    e.annotator = *annotatorId;
    e.note = o.value(u"note"_s).toString();
    e.provenance.method = LabelMethod::Imported;
    e.provenance.study = o.value(u"study"_s).toString();
    const QJsonValue label = o.value(u"label"_s);
    if (label.isDouble()) {
        if (!isValidValue(scale, label.toDouble())) {
            m_summary.error(
                m_name, line,
                u"label %1 is not on the rubric's scale; skipped"_s.arg(label.toDouble()));
            return {};
        }
        e.value = label.toDouble();
    } else if (!label.isNull()) {
        m_summary.error(m_name, line, u"\"label\" must be a number or null; skipped"_s);
        return {};
    }
    // Without a time the label is given now; a time that cannot be read is not taken for now,
    // since the newest label is the current one.
    const QJsonValue atValue = o.value(u"at"_s);
    const QDateTime at = QDateTime::fromString(atValue.toString(), Qt::ISODate);
    if (!atValue.isUndefined() && !atValue.isNull() && !at.isValid()) {
        m_summary.error(m_name, line,
                        u"\"at\" must be an ISO 8601 time (2026-03-01T10:00:00Z); skipped"_s);
        return {};
    }
    e.at = at.isValid() ? at : QDateTime::currentDateTimeUtc();
    const auto current = m_store.annotations().currentAnnotation(*reportId, *rubricId, e.annotator);
    if (current && current->value == e.value && current->note == e.note) {
        ++m_summary.unchanged[u"annotations"_s];
        return {};
    }
    // The current label is the newest by id: an older line appended now would replace a later
    // correction (a file imported again after another one).
    if (current && at.isValid() && current->at > e.at) {
        ++m_summary.unchanged[u"annotations"_s];
        m_summary.warn(m_name, line,
                       u"this label of %1 (%2) is older than their current one (%3), which "
                       "stays current; skipped"_s.arg(annotator, e.at.toUTC().toString(Qt::ISODate),
                                                      current->at.toUTC().toString(Qt::ISODate)));
        return {};
    }
    e.previousValue = current ? current->value : std::nullopt;
    if (const Result<RowId> appended = m_store.annotations().appendAnnotation(e); !appended)
        return appended.error();
    ++m_summary.added[u"annotations"_s];
    return {};
}

// A line as `annotations export` writes it: kept with its uid and provenance; a uid already
// here adds nothing.
Result<void> importTravelling(AnnotationLanding &landing, const QJsonObject &o, int line,
                              ImportSummary &summary, const QString &name)
{
    const auto annotation = annotationFromJson(o);
    if (!annotation) {
        summary.error(name, line, annotation.errorMessage() + u"; skipped"_s);
        return {};
    }
    const Result<AnnotationLanding::Landed> landed = landing.land(*annotation);
    if (!landed)
        return landed.error(); // said once, for the file (commitImport)
    switch (landed->outcome) {
    case AnnotationLanding::Outcome::Added:
        ++summary.added[u"annotations"_s];
        if (!landed->note.isEmpty())
            summary.warn(name, line, landed->note);
        return {};
    case AnnotationLanding::Outcome::Present:
        ++summary.unchanged[u"annotations"_s];
        return {};
    case AnnotationLanding::Outcome::MissingItem:
        summary.error(name, line,
                      u"%1 is not in this project; skipped"_s.arg(describeItem(annotation->item)));
        return {};
    case AnnotationLanding::Outcome::Invalid:
        summary.error(name, line, landed->note);
        return {};
    case AnnotationLanding::Outcome::Older:
        ++summary.unchanged[u"annotations"_s];
        summary.warn(name, line, landed->note);
        return {};
    }
    return Error{u"unknown landing outcome"_s};
}

// The 0-based offset of the sequence that makes `line` invalid UTF-8. Fed a byte at a time,
// the decoder flags a sequence once it cannot be completed; the sequence began at the first
// byte not yet turned into a character.
qsizetype firstInvalidUtf8Byte(QByteArrayView line)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    qsizetype pending = 0;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QString decoded = decoder(line.sliced(i, 1));
        if (decoder.hasError())
            break;
        if (!decoded.isEmpty())
            pending = i + 1;
    }
    return pending;
}

struct DecodedCsv {
    QString text;
    QMap<int, qsizetype> invalidLines; // line → 1-based byte in it where invalid UTF-8 starts
};

// Decoded a line at a time, numbered as splitCsv numbers them (LF, CRLF or a lone CR ends a
// line), so that invalid UTF-8 is named where it is instead of entering a label or a note as
// U+FFFD.
DecodedCsv decodeCsvLines(QByteArrayView bytes)
{
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes = bytes.sliced(3);
    DecodedCsv out;
    out.text.reserve(bytes.size());
    int line = 1;
    qsizetype start = 0;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const bool lineEnds = bytes.at(i) == '\n'
            || (bytes.at(i) == '\r' && (i + 1 == bytes.size() || bytes.at(i + 1) != '\n'));
        if (!lineEnds && i + 1 < bytes.size())
            continue;
        const QByteArrayView lineBytes = bytes.sliced(start, i + 1 - start);
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        out.text += decoder(lineBytes);
        if (decoder.hasError())
            out.invalidLines.insert(line, firstInvalidUtf8Byte(lineBytes) + 1);
        start = i + 1;
        ++line;
    }
    return out;
}

// The exported CSV: each record as the JSON object of its line, numbered by the line it
// starts on. A record with a line that is not UTF-8 is skipped.
void parseCsvRecords(const QByteArray &bytes, const QString &name, ImportSummary &summary,
                     const std::function<void(const QJsonObject &, int)> &onObject)
{
    const DecodedCsv decoded = decodeCsvLines(bytes);
    for (auto it = decoded.invalidLines.cbegin(); it != decoded.invalidLines.cend(); ++it) {
        summary.error(
            name, it.key(),
            u"invalid UTF-8 at byte %1 of the line; its record is skipped"_s.arg(it.value()));
    }
    const CsvRecords split = splitCsvUpToUnclosedQuote(decoded.text);
    if (split.unterminatedLine > 0) {
        summary.error(name, split.unterminatedLine,
                      u"a quoted field opened in this record is never closed; this record and "
                      "the rest of the file were skipped"_s);
    }
    const QList<QStringList> &records = split.records;
    const QList<int> &lines = split.startLines;
    // A record runs from its first line up to the next record's (or the unclosed one's).
    const auto holdsInvalidLine = [&](qsizetype i) {
        const auto invalid = decoded.invalidLines.lowerBound(lines.at(i));
        if (invalid == decoded.invalidLines.cend())
            return false;
        if (i + 1 < lines.size())
            return invalid.key() < lines.at(i + 1);
        return split.unterminatedLine == 0 || invalid.key() < split.unterminatedLine;
    };
    if (records.isEmpty() && split.unterminatedLine > 0)
        return;
    if (records.isEmpty() || holdsInvalidLine(0) || !isAnnotationCsvHeader(records.constFirst())) {
        summary.error(name, 1,
                      u"not an exported annotations CSV (the header needs uid, annotator and "
                      "label)"_s);
        return;
    }
    for (qsizetype i = 1; i < records.size(); ++i) {
        if (records.at(i) == QStringList{QString()} || holdsInvalidLine(i))
            continue; // a blank line, or one already named
        const auto o = annotationCsvRecordJson(records.constFirst(), records.at(i));
        if (!o)
            summary.error(name, lines.at(i), o.errorMessage() + u"; skipped"_s);
        else
            onObject(*o, lines.at(i));
    }
}

} // namespace

ImportSummary importAnnotations(ProjectStore &store, const QString &path)
{
    ImportSummary summary;
    summary.kind = u"annotations"_s;
    const QString name = QFileInfo(path).fileName();
    const auto read = readImportFile(path, summary);
    if (!read)
        return summary;
    Transaction tx(store, WriteChecks::Annotations);
    Result<void> written = tx.began();
    SimpleLines simple(store, summary, name);
    std::optional<AnnotationLanding> landing; // read once, on the first exported line
    const auto exportedLine = [&](const QJsonObject &o, int line) -> Result<void> {
        if (!landing) {
            landing.emplace(store);
            if (Result<void> loaded = landing->load(); !loaded)
                return loaded;
        }
        return importTravelling(*landing, o, line, summary, name);
    };
    const auto importLine = [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        written = o.contains(u"uid"_s) ? exportedLine(o, line) : simple.import(o, line);
        // The database refused the line: the import stops, and says so once, for the file.
        if (!written)
            written = written.error().prefixed(u"line %1"_s.arg(line));
    };
    if (path.endsWith(u".csv"_s, Qt::CaseInsensitive))
        parseCsvRecords(*read, name, summary, importLine);
    else
        parseJsonLines(*read, name, summary, importLine);
    commitImport(tx, summary, name, written);
    return summary;
}

} // namespace Rubricate
