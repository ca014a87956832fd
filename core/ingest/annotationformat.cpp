#include "annotationformat.h"

#include "text/csvtext.h"

#include <QJsonDocument>
#include <QUuid>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The namespace of derived uids. Never change it: copies exported apart must keep agreeing.
const QUuid derivedUidNamespace{u"6f1c9a52-3b0e-4f7a-9a51-7e2d5c1b8a40"_s};

QString numberText(std::optional<double> v)
{
    return v ? QString::number(*v, 'g', 17) : QString();
}

QString timeText(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

// Whose current label an event may become: the annotator's own on the item, or the item's gold
// label, whoever adjudicated it.
QString newestKey(const AnnotationEvent &e)
{
    return u"%1/%2/%3/%4"_s.arg(e.reportId)
        .arg(e.rubricId)
        .arg(annotationKindKey(e.kind), e.kind == AnnotationKind::Gold ? QString() : e.annotator);
}

// --- JSON members -----------------------------------------------------------------------

void putNumber(QJsonObject &o, const QString &key, std::optional<double> v)
{
    if (v)
        o.insert(key, *v);
}

QJsonObject provenanceJson(const LabelProvenance &p, const QString &shownRun)
{
    QJsonObject o;
    if (p.method != LabelMethod::Unknown)
        o.insert(u"method"_s, labelMethodKey(p.method));
    if (p.judgeVisible)
        o.insert(u"judge_visible"_s, *p.judgeVisible);
    if (!shownRun.isEmpty())
        o.insert(u"shown_run"_s, shownRun);
    putNumber(o, u"shown_verdict"_s, p.shownVerdict);
    if (!p.study.isEmpty())
        o.insert(u"study"_s, p.study);
    if (p.focusMs)
        o.insert(u"focus_ms"_s, *p.focusMs);
    if (!p.appVersion.isEmpty())
        o.insert(u"app_version"_s, p.appVersion);
    return o;
}

// A member that must be a number or null (or absent, when `optional`).
Result<void> readNumber(const QJsonObject &o, const QString &key, std::optional<double> *out)
{
    const QJsonValue v = o.value(key);
    if (v.isDouble()) {
        *out = v.toDouble();
        return {};
    }
    if (v.isNull() || v.isUndefined())
        return {};
    return Error{u"\"%1\" must be a number or null"_s.arg(key)};
}

Result<void> readProvenance(const QJsonObject &o, LabelProvenance *p, QString *shownRun)
{
    const QString method = o.value(u"method"_s).toString();
    p->method = labelMethodFromKey(method);
    if (!method.isEmpty() && p->method == LabelMethod::Unknown)
        return Error{u"unknown provenance method \"%1\""_s.arg(method)};
    const QJsonValue visible = o.value(u"judge_visible"_s);
    if (visible.isBool())
        p->judgeVisible = visible.toBool();
    *shownRun = o.value(u"shown_run"_s).toString();
    p->study = o.value(u"study"_s).toString();
    p->appVersion = o.value(u"app_version"_s).toString();
    std::optional<double> focus;
    if (auto shown = readNumber(o, u"shown_verdict"_s, &p->shownVerdict); !shown)
        return shown;
    if (auto read = readNumber(o, u"focus_ms"_s, &focus); !read)
        return read;
    if (focus)
        p->focusMs = qint64(*focus);
    return {};
}

// --- CSV columns ------------------------------------------------------------------------

const QStringList &csvHeader()
{
    static const QStringList header = {
        u"uid"_s,       u"kind"_s,           u"benchmark"_s,     u"task"_s,      u"query"_s,
        u"model"_s,     u"dimension"_s,      u"number"_s,        u"claim"_s,     u"rubric"_s,
        u"annotator"_s, u"annotator_name"_s, u"label"_s,         u"previous"_s,  u"note"_s,
        u"at"_s,        u"method"_s,         u"judge_visible"_s, u"shown_run"_s, u"shown_verdict"_s,
        u"study"_s,     u"focus_ms"_s,       u"app_version"_s,
    };
    return header;
}

const QStringList provenanceColumns
    = {u"method"_s, u"judge_visible"_s, u"shown_run"_s,  u"shown_verdict"_s,
       u"study"_s,  u"focus_ms"_s,      u"app_version"_s};
const QStringList numberColumns
    = {u"number"_s, u"label"_s, u"previous"_s, u"shown_verdict"_s, u"focus_ms"_s};
const QStringList flagColumns = {u"claim"_s, u"judge_visible"_s};

QString cellText(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? u"true"_s : u"false"_s;
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 17);
    return v.toString();
}

} // namespace

QHash<ItemIds, KeyedItem> itemsByIds(const QList<KeyedItem> &items)
{
    QHash<ItemIds, KeyedItem> out;
    out.reserve(items.size());
    for (const KeyedItem &item : items)
        out.insert({item.reportId, item.rubricId}, item);
    return out;
}

QString describeItem(const ItemKey &key)
{
    QString task = u"%1 task %2"_s.arg(key.benchmark, key.task);
    if (!key.query.isEmpty())
        task += u" query %1"_s.arg(key.query);
    return u"%1 / %2 / %3%4 %5"_s
        .arg(task, key.model, key.claim ? u"claim "_s : QString(), key.dimension)
        .arg(key.position + 1);
}

QString travellingUid(const AnnotationEvent &e, const ItemKey &item)
{
    if (!e.uid.isEmpty())
        return e.uid;
    const QStringList parts = {
        item.benchmark,
        item.task,
        item.query,
        item.model,
        item.dimension,
        QString::number(item.position),
        item.claim ? u"claim"_s : QString(),
        e.annotator,
        timeText(e.at),
        numberText(e.value),
        numberText(e.previousValue),
        e.note,
    };
    return QUuid::createUuidV5(derivedUidNamespace, parts.join(QChar(0x1f)))
        .toString(QUuid::WithoutBraces);
}

QJsonObject annotationJson(const TravellingAnnotation &a)
{
    const AnnotationEvent &e = a.event;
    QJsonObject o{
        {u"uid"_s, e.uid},
        {u"kind"_s, annotationKindKey(e.kind)},
        {u"benchmark"_s, a.item.benchmark},
        {u"task"_s, a.item.task},
        {u"model"_s, a.item.model},
        {u"dimension"_s, a.item.dimension},
        {u"number"_s, a.item.position + 1},
        {u"rubric"_s, a.rubricText},
        {u"annotator"_s, e.annotator},
        {u"annotator_name"_s, e.annotatorName},
        {u"label"_s, e.value ? QJsonValue(*e.value) : QJsonValue(QJsonValue::Null)},
        {u"at"_s, timeText(e.at)},
        {u"provenance"_s, provenanceJson(e.provenance, a.shownRun)},
    };
    if (!a.item.query.isEmpty())
        o.insert(u"query"_s, a.item.query);
    if (a.item.claim)
        o.insert(u"claim"_s, true);
    putNumber(o, u"previous"_s, e.previousValue);
    if (!e.note.isEmpty())
        o.insert(u"note"_s, e.note);
    return o;
}

QByteArray annotationsJsonl(const QList<TravellingAnnotation> &annotations)
{
    QByteArray out;
    for (const TravellingAnnotation &a : annotations)
        out += QJsonDocument(annotationJson(a)).toJson(QJsonDocument::Compact) + '\n';
    return out;
}

QByteArray annotationsCsv(const QList<TravellingAnnotation> &annotations)
{
    QString out = csvRecord(csvHeader());
    for (const TravellingAnnotation &a : annotations) {
        QJsonObject o = annotationJson(a);
        const QJsonObject provenance = o.take(u"provenance"_s).toObject();
        for (auto it = provenance.begin(); it != provenance.end(); ++it)
            o.insert(it.key(), it.value());
        QStringList fields;
        for (const QString &column : csvHeader())
            fields.append(cellText(o.value(column)));
        out += csvRecord(fields);
    }
    return out.toUtf8();
}

bool isAnnotationCsvHeader(const QStringList &header)
{
    return header.contains(u"uid"_s) && header.contains(u"annotator"_s)
        && header.contains(u"label"_s);
}

Result<QJsonObject> annotationCsvRecordJson(const QStringList &header, const QStringList &fields)
{
    if (fields.size() != header.size())
        return Error{u"%1 fields where the header has %2"_s.arg(fields.size()).arg(header.size())};
    QJsonObject o;
    QJsonObject provenance;
    bool anyProvenance = false;
    for (qsizetype i = 0; i < header.size(); ++i) {
        const QString &column = header.at(i);
        const QString &cell = fields.at(i);
        QJsonObject &into = provenanceColumns.contains(column) ? provenance : o;
        anyProvenance = anyProvenance || provenanceColumns.contains(column);
        if (cell.isEmpty()) {
            if (column == "label"_L1)
                o.insert(column, QJsonValue::Null); // an empty label is a cleared one
            continue;
        }
        if (numberColumns.contains(column)) {
            bool ok = false;
            const double v = cell.toDouble(&ok);
            if (!ok)
                return Error{u"\"%1\" must be a number, not \"%2\""_s.arg(column, cell)};
            into.insert(column, v);
        } else if (flagColumns.contains(column)) {
            if (cell != "true"_L1 && cell != "false"_L1)
                return Error{u"\"%1\" must be true or false, not \"%2\""_s.arg(column, cell)};
            into.insert(column, cell == "true"_L1);
        } else {
            into.insert(column, cell);
        }
    }
    if (anyProvenance)
        o.insert(u"provenance"_s, provenance);
    return o;
}

Result<TravellingAnnotation> annotationFromJson(const QJsonObject &o)
{
    TravellingAnnotation a;
    AnnotationEvent &e = a.event;
    const QJsonValue task = o.value(u"task"_s);
    a.item.task = task.isDouble() ? QString::number(task.toInteger()) : task.toString();
    a.item.benchmark = o.value(u"benchmark"_s).toString();
    a.item.query = o.value(u"query"_s).toString();
    a.item.model = o.value(u"model"_s).toString();
    a.item.dimension = o.value(u"dimension"_s).toString();
    const QJsonValue number = o.value(u"number"_s);
    a.item.position = number.toInt(0) - 1;
    a.item.claim = o.value(u"claim"_s).toBool();
    a.rubricText = o.value(u"rubric"_s).toString();
    e.uid = o.value(u"uid"_s).toString().trimmed();
    e.annotator = o.value(u"annotator"_s).toString().trimmed();
    e.annotatorName = o.value(u"annotator_name"_s).toString().trimmed();
    e.note = o.value(u"note"_s).toString();
    e.at = QDateTime::fromString(o.value(u"at"_s).toString(), Qt::ISODateWithMs);
    if (e.uid.isEmpty() || a.item.benchmark.isEmpty() || a.item.task.isEmpty()
        || a.item.model.isEmpty() || a.item.dimension.isEmpty() || e.annotator.isEmpty()
        || a.item.position < 0 || number.toDouble() != number.toInt()) {
        return Error{
            u"needs \"uid\", \"benchmark\", \"task\", \"model\", \"dimension\", \"number\" "
            "(a whole number from 1) and \"annotator\""_s};
    }
    if (!e.at.isValid())
        return Error{u"\"at\" must be an ISO 8601 time"_s};
    const auto kind = annotationKindFromKey(o.value(u"kind"_s).toString(u"label"_s));
    if (!kind)
        return Error{u"\"kind\" must be \"label\" or \"gold\""_s};
    e.kind = *kind;
    if (!o.contains(u"label"_s))
        return Error{u"needs \"label\" (a number, or null for a cleared label)"_s};
    if (auto label = readNumber(o, u"label"_s, &e.value); !label)
        return label.error();
    if (auto previous = readNumber(o, u"previous"_s, &e.previousValue); !previous)
        return previous.error();
    const QJsonValue provenance = o.value(u"provenance"_s);
    if (provenance.isUndefined() || provenance.isNull()) {
        e.provenance.method = LabelMethod::Imported; // nothing known of how it was made
    } else if (!provenance.isObject()) {
        return Error{u"\"provenance\" must be an object"_s};
    } else if (auto read = readProvenance(provenance.toObject(), &e.provenance, &a.shownRun);
               !read) {
        return read.error();
    }
    return a;
}

// --- AnnotationLanding --------------------------------------------------------------------

Result<void> AnnotationLanding::load()
{
    const QList<KeyedItem> items = m_store.annotations().keyedItems();
    m_items.clear();
    m_items.reserve(items.size());
    for (const KeyedItem &item : items)
        m_items.insert(item.key, item);
    for (const RunSummary &r : m_store.runs().list().value_or({}))
        m_runsByName[r.name].append(r.id);
    const QHash<ItemIds, KeyedItem> byIds = itemsByIds(items);
    for (const AnnotationEvent &e : m_store.annotations().annotationEvents()) {
        const auto item = byIds.constFind({e.reportId, e.rubricId});
        // On no item of its report (written by a version that did not check): no event that
        // arrives can be it, or be newer than it.
        if (e.uid.isEmpty() && item == byIds.cend())
            continue;
        m_uids.insert(travellingUid(e, item == byIds.cend() ? ItemKey() : item->key));
        noteNewest(e);
    }
    return {};
}

void AnnotationLanding::noteNewest(const AnnotationEvent &e)
{
    QDateTime &newest = m_newest[newestKey(e)];
    if (!newest.isValid() || newest < e.at)
        newest = e.at;
}

const KeyedItem *AnnotationLanding::item(const ItemKey &key) const
{
    const auto it = m_items.constFind(key);
    return it == m_items.cend() ? nullptr : &*it;
}

Result<AnnotationLanding::Landed> AnnotationLanding::land(TravellingAnnotation a)
{
    AnnotationEvent &e = a.event;
    if (m_uids.contains(e.uid))
        return Landed{Outcome::Present, {}};
    const KeyedItem *target = item(a.item);
    if (!target)
        return Landed{Outcome::MissingItem, {}};
    if (e.value && !isValidValue(target->scale, *e.value)) {
        return Landed{
            Outcome::Invalid,
            u"%1: label %2 is not on the rubric's scale; skipped"_s.arg(describeItem(a.item))
                .arg(*e.value)};
    }
    Landed landed{Outcome::Added, {}};
    e.id = 0;
    e.reportId = target->reportId;
    e.rubricId = target->rubricId;
    if (const QDateTime newest = m_newest.value(newestKey(e)); newest.isValid() && newest > e.at) {
        return Landed{
            Outcome::Older,
            u"%1: the %2 of %3 (%4) is older than the one here (%5), which stays "
            "current; skipped"_s.arg(describeItem(a.item),
                                     e.kind == AnnotationKind::Gold ? u"gold label"_s : u"label"_s,
                                     e.annotator, timeText(e.at), timeText(newest))};
    }
    e.provenance.shownRunId = 0;
    if (!a.shownRun.isEmpty()) {
        const QList<RowId> runs = m_runsByName.value(a.shownRun);
        if (runs.size() == 1)
            e.provenance.shownRunId = runs.constFirst();
        else
            landed.note = u"labels were given beside judge run \"%1\", which is %2 here; they "
                          "keep the verdict shown but name no run"_s.arg(
                              a.shownRun, runs.isEmpty() ? u"not"_s : u"not unique"_s);
    }
    if (const Result<RowId> appended = m_store.annotations().appendAnnotation(e); !appended)
        return appended.error();
    m_uids.insert(e.uid);
    noteNewest(e);
    return landed;
}

} // namespace Rubricate
