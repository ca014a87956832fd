#include "types.h"

#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

BlockedSource BlockedSource::fromJson(const QJsonObject &o)
{
    BlockedSource b;
    b.title = o.value(u"title"_s).toString();
    for (const auto &a : o.value(u"authors"_s).toArray())
        b.authors << a.toString();
    for (const auto &url : o.value(u"urls"_s).toArray())
        b.urls << url.toString();
    return b;
}

QJsonObject BlockedSource::toJson() const
{
    return {{u"title"_s, title},
            {u"authors"_s, QJsonArray::fromStringList(authors)},
            {u"urls"_s, QJsonArray::fromStringList(urls)}};
}

QString scaleKey(VerdictScale scale)
{
    switch (scale) {
    case VerdictScale::Drb2Tristate:
        return u"drb2"_s;
    case VerdictScale::Ternary:
        return u"ternary"_s;
    case VerdictScale::ZeroToTen:
        return u"0-10"_s;
    case VerdictScale::Binary:
        return u"binary"_s;
    }
    return {};
}

std::optional<VerdictScale> scaleFromKey(const QString &key)
{
    for (auto s : {VerdictScale::Drb2Tristate, VerdictScale::Ternary, VerdictScale::ZeroToTen,
                   VerdictScale::Binary}) {
        if (scaleKey(s) == key)
            return s;
    }
    return std::nullopt;
}

QList<double> scaleValues(VerdictScale scale)
{
    switch (scale) {
    case VerdictScale::Drb2Tristate:
        return {1, 0, -1};
    case VerdictScale::Ternary:
        return {1, 0.5, 0};
    case VerdictScale::ZeroToTen:
        return {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    case VerdictScale::Binary:
        return {1, 0};
    }
    return {};
}

std::optional<double> valueForKey(VerdictScale scale, QChar key)
{
    key = key.toUpper();
    if (scale == VerdictScale::ZeroToTen) {
        if (key.isDigit())
            return double(key.digitValue());
        if (key == u'T')
            return 10.0;
        return std::nullopt;
    }
    if (key == u'1')
        return 1.0;
    if (key == u'0')
        return 0.0;
    if (key == u'-' && scale == VerdictScale::Drb2Tristate)
        return -1.0;
    if (key == u'P' && scale == VerdictScale::Ternary)
        return 0.5;
    return std::nullopt;
}

QString keyForValue(VerdictScale scale, double value)
{
    if (scale == VerdictScale::ZeroToTen && value == 10)
        return u"T"_s;
    if (scale == VerdictScale::ZeroToTen && value >= 0 && value <= 9 && value == int(value))
        return QString::number(int(value));
    if (value == 1)
        return u"1"_s;
    if (value == 0)
        return u"0"_s;
    if (value == -1 && scale == VerdictScale::Drb2Tristate)
        return u"-"_s;
    if (value == 0.5 && scale == VerdictScale::Ternary)
        return u"P"_s;
    return {};
}

bool isValidValue(VerdictScale scale, double value)
{
    if (scale == VerdictScale::ZeroToTen)
        return value >= 0 && value <= 10;
    return scaleValues(scale).contains(value);
}

static const QList<std::pair<ReportFormat, QString>> &formatKeys()
{
    static const QList<std::pair<ReportFormat, QString>> keys = {
        {ReportFormat::Missing, u"missing"_s}, {ReportFormat::Markdown, u"md"_s},
        {ReportFormat::Text, u"txt"_s},        {ReportFormat::Html, u"html"_s},
        {ReportFormat::Pdf, u"pdf"_s},         {ReportFormat::Docx, u"docx"_s},
        {ReportFormat::Image, u"image"_s},     {ReportFormat::Json, u"json"_s},
    };
    return keys;
}

QString formatKey(ReportFormat format)
{
    for (const auto &[f, k] : formatKeys()) {
        if (f == format)
            return k;
    }
    return u"missing"_s;
}

ReportFormat formatFromKey(const QString &key)
{
    for (const auto &[f, k] : formatKeys()) {
        if (k == key)
            return f;
    }
    return ReportFormat::Missing;
}

QString judgeKindKey(JudgeKind kind)
{
    switch (kind) {
    case JudgeKind::Imported:
        return u"imported"_s;
    case JudgeKind::Llm:
        return u"llm"_s;
    case JudgeKind::Offline:
        return u"offline"_s;
    }
    return {};
}

JudgeKind judgeKindFromKey(const QString &key)
{
    if (key == "llm"_L1)
        return JudgeKind::Llm;
    if (key == "offline"_L1)
        return JudgeKind::Offline;
    return JudgeKind::Imported;
}

namespace {

constexpr std::pair<LabelMethod, QLatin1StringView> labelMethodKeys[] = {
    {LabelMethod::Typed, "typed"_L1},       {LabelMethod::AcceptedJudge, "accepted"_L1},
    {LabelMethod::Imported, "imported"_L1}, {LabelMethod::Undo, "undo"_L1},
    {LabelMethod::Redo, "redo"_L1},         {LabelMethod::Adjudicated, "adjudicated"_L1},
};

} // namespace

QString labelMethodKey(LabelMethod method)
{
    for (const auto &[m, key] : labelMethodKeys) {
        if (m == method)
            return key;
    }
    return {};
}

LabelMethod labelMethodFromKey(const QString &key)
{
    for (const auto &[m, k] : labelMethodKeys) {
        if (k == key)
            return m;
    }
    return LabelMethod::Unknown;
}

QString annotationKindKey(AnnotationKind kind)
{
    return kind == AnnotationKind::Gold ? u"gold"_s : u"label"_s;
}

std::optional<AnnotationKind> annotationKindFromKey(const QString &key)
{
    if (key == "label"_L1)
        return AnnotationKind::Label;
    if (key == "gold"_L1)
        return AnnotationKind::Gold;
    return std::nullopt;
}

} // namespace Rubricate
