// PDFs drawn at test time with QPdfWriter, for what PDFium makes of text laid out like a real
// report's.
#pragma once

#include <QBuffer>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QStringList>

namespace RubricateTest {

using namespace Qt::StringLiterals;

// One A4 page drawn in points the way the Chinese report that showed the problem was: body
// lines first, then each citation number small and raised where its sentence left room for it,
// so PDFium reads the numbers last, on lines of their own.
struct Superscript {
    int line; // the body line it belongs to
    qsizetype after; // characters of that line before it
    QString numbers;
};

inline QByteArray pdfWithSuperscripts(const QString &family, const QStringList &lines,
                                      const QList<Superscript> &superscripts)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(72);
    QPainter painter(&writer);
    QFont body(family);
    body.setPointSizeF(12);
    QFont small(family);
    small.setPointSizeF(6);
    const QFontMetricsF metrics(body, &writer);
    constexpr double Left = 60;
    const auto baseline = [](int line) {
        return 100.0 + 18 * line;
    };
    painter.setFont(body);
    for (qsizetype i = 0; i < lines.size(); ++i)
        painter.drawText(QPointF(Left, baseline(int(i))), lines.at(i));
    painter.setFont(small);
    for (const Superscript &s : superscripts) {
        const double x = Left + metrics.horizontalAdvance(lines.at(s.line).left(s.after)) + 0.5;
        painter.drawText(QPointF(x, baseline(s.line) - 6), s.numbers);
    }
    painter.end();
    return buffer.data();
}

// A font that draws Chinese: fonts-wqy-microhei, which cmake/dev.sh installs for CI.
inline QString chineseFontFamily()
{
    const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    for (const QString &family : families) {
        if (family.contains(u"WenQuanYi"_s) || family.contains(u"Noto Sans CJK"_s))
            return family;
    }
    return families.value(0);
}

} // namespace RubricateTest
