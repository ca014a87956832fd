#include "services/alignmentcharts.h"

#include "agreement/kappa.h"
#include "services/coretext.h"

#include <QCoreApplication>
#include <QDir>
#include <QThread>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString valueName(double v)
{
    return v < 0 ? u"−"_s + QString::number(-v) : QString::number(v);
}

ChartPoint point(const Estimate &e)
{
    ChartPoint p;
    p.value = e.point.value;
    p.lower = e.lower;
    p.upper = e.upper;
    p.note = CoreText::reason(e.point.undefinedReason);
    return p;
}

} // namespace

QString estimateText(const Estimate &e)
{
    if (!e.point.value)
        return QObject::tr("undefined (%1)").arg(CoreText::reason(e.point.undefinedReason));
    QString text = QString::number(*e.point.value, 'f', 3);
    if (e.lower && e.upper)
        text += u" [%1, %2]"_s.arg(*e.lower, 0, 'f', 3).arg(*e.upper, 0, 'f', 3);
    return text;
}

ChartSpec confusionChart(const AlignmentReport &report)
{
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Heatmap;
    spec.integers = true;
    const Comparison *main = report.mainComparison();
    spec.title = main ? QObject::tr("Confusion: %1 vs %2")
                            .arg(CoreText::raterName(main->raterA, main->nameA),
                                 CoreText::raterName(main->raterB, main->nameB))
                      : QObject::tr("Confusion");
    spec.rowTitle = QObject::tr("people");
    spec.columnTitle = QObject::tr("judge");
    if (!main)
        return spec;
    for (double c : main->confusion.categories) {
        spec.labels << valueName(c);
        spec.rowLabels << valueName(c);
    }
    qint64 largest = 1;
    for (qint64 n : main->confusion.cells)
        largest = std::max(largest, n);
    for (qint64 n : main->confusion.cells)
        spec.points.append({double(n), {}, {}, {}});
    spec.maximum = double(largest);
    return spec;
}

ChartSpec breakdownChart(const AlignmentReport &report, BreakdownStatistic statistic)
{
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::DotWhisker;
    const QString attribute = CoreText::attribute(report.options.breakdown);
    const QString name = statistic == BreakdownStatistic::Kappa ? QObject::tr("Cohen's κ")
        : statistic == BreakdownStatistic::MacroF1              ? QObject::tr("Macro-F1")
        : statistic == BreakdownStatistic::Alpha                ? QObject::tr("Krippendorff's α")
                                                                : QObject::tr("agreement");
    spec.title = QObject::tr("%1 by %2").arg(name, attribute);
    spec.valueTitle = name;
    spec.minimum = statistic == BreakdownStatistic::Kappa || statistic == BreakdownStatistic::Alpha
        ? -0.2
        : 0;
    for (const GroupRow &g : report.breakdown) {
        spec.labels << u"%1 (n=%2)"_s.arg(g.group.isEmpty() ? u"—"_s : g.group).arg(g.n);
        const Estimate &e = statistic == BreakdownStatistic::Kappa ? g.kappa
            : statistic == BreakdownStatistic::MacroF1             ? g.macroF1
            : statistic == BreakdownStatistic::Alpha               ? g.alpha
                                                                   : g.percent;
        spec.points.append(point(e));
        if (e.lower)
            spec.minimum = std::min(spec.minimum, std::floor(*e.lower * 10) / 10);
    }
    return spec;
}

ChartSpec alphaLevelsChart(const AlignmentReport &report)
{
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Bars;
    spec.title = report.annotatorsOnly
        ? QObject::tr("Krippendorff's α among annotators, by level")
        : QObject::tr("Krippendorff's α, judge and people, by level");
    spec.valueTitle = QObject::tr("α");
    spec.minimum = 0;
    for (const auto &[level, result] : report.alphaByLevel) {
        spec.labels << CoreText::alphaLevel(level);
        spec.points.append({result.value, {}, {}, CoreText::reason(result.undefinedReason)});
        if (result.value)
            spec.minimum = std::min(spec.minimum, std::floor(*result.value * 10) / 10);
    }
    return spec;
}

ChartSpec annotatorPairsChart(const AlignmentReport &report)
{
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Heatmap;
    spec.title = QObject::tr("Cohen's κ between annotators");
    spec.minimum = -1;
    spec.maximum = 1;
    QStringList names;
    for (const QString &a : report.annotators)
        names << report.raterNames.value(a, a);
    spec.labels = names;
    spec.rowLabels = names;
    for (qsizetype i = 0; i < report.annotators.size(); ++i) {
        for (qsizetype k = 0; k < report.annotators.size(); ++k) {
            ChartPoint p;
            if (i == k) {
                p.value = 1;
            } else {
                for (const Comparison &c : report.comparisons) {
                    const bool match = c.kind == "human-human"_L1
                        && ((c.raterA == report.annotators.at(i)
                             && c.raterB == report.annotators.at(k))
                            || (c.raterA == report.annotators.at(k)
                                && c.raterB == report.annotators.at(i)));
                    if (match) {
                        p.value = c.kappa.point.value;
                        p.note = c.kappa.point.value ? QString() : u"—"_s;
                    }
                }
            }
            spec.points.append(p);
        }
    }
    return spec;
}

Result<QStringList> writeAlignmentCharts(const AlignmentReport &report, const QString &directory)
{
    QStringList files;
    if (!QDir().mkpath(directory))
        return Error{QObject::tr("Cannot create %1.").arg(directory)};
    const std::pair<QString, ChartSpec> charts[] = {
        {u"confusion"_s, confusionChart(report)},
        {u"breakdown-kappa"_s, breakdownChart(report, BreakdownStatistic::Kappa)},
        {u"breakdown-macro-f1"_s, breakdownChart(report, BreakdownStatistic::MacroF1)},
        {u"alpha-levels"_s, alphaLevelsChart(report)},
        {u"annotator-pairs"_s, annotatorPairsChart(report)},
    };
    for (const auto &[name, spec] : charts) {
        const QString png = QDir(directory).filePath(name + u".png"_s);
        const QString svg = QDir(directory).filePath(name + u".svg"_s);
        if (auto written = writeChartPng(spec, png, 720, 440); !written)
            return written.error();
        if (auto written = writeChartSvg(spec, svg, 720, 440); !written)
            return written.error();
        files << png << svg;
    }
    return files;
}

AlignmentExportOptions alignmentExportOptions()
{
    AlignmentExportOptions options;
    options.programVersion = QCoreApplication::applicationVersion();
    options.writeCharts = [](const AlignmentReport &report, const QString &dir) {
        QObject *gui = QCoreApplication::instance();
        if (QThread::currentThread() == gui->thread())
            return writeAlignmentCharts(report, dir);
        Result<QStringList> files = QStringList();
        QMetaObject::invokeMethod(
            gui, [&] { files = writeAlignmentCharts(report, dir); }, Qt::BlockingQueuedConnection);
        return files;
    };
    return options;
}

} // namespace Rubricate
