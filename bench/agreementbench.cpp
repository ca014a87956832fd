// How long the agreement statistics take: Krippendorff's alpha over 100,000 pairable values
// (25,000 units × 5 raters, one rater missing per unit, 0–10 scores) at every level, and
// 1,000 bootstrap draws of alpha over 2,000 rubric items × 3 raters in 80 tasks. Prints the
// median of several runs; build in Release for meaningful figures.
//
//   rubricate-bench-agreement [--repeat N]
#include "agreement/bootstrap.h"
#include "agreement/kappa.h"
#include "agreement/krippendorff.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTextStream>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;
using namespace Rubricate;

namespace {

// Raters who agree most of the time, as judges and annotators do.
LabelTable scoreTable(int units, int raters, VerdictScale scale, int itemsPerTask, bool missing)
{
    QRandomGenerator random(20250101);
    QStringList names;
    for (int r = 0; r < raters; ++r)
        names << u"rater %1"_s.arg(r + 1);
    LabelTable table = LabelTable::forScale(scale, names);
    const QList<double> values = table.categories();
    const int v = int(values.size());
    for (int u = 0; u < units; ++u) {
        const qsizetype unit
            = table.addUnit(u"item %1"_s.arg(u), u"task %1"_s.arg(u / itemsPerTask));
        const int truth = random.bounded(v);
        for (int r = 0; r < raters; ++r) {
            if (missing && r == u % raters)
                continue;
            const int shift = random.bounded(100) < 70 ? 0 : random.bounded(-1, 2);
            table.setValue(unit, r, values.at(std::clamp(truth + shift, 0, v - 1)));
        }
    }
    return table;
}

double medianMs(int repeat, const std::function<void()> &work)
{
    QList<double> times;
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.append(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times.at(times.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Timings of Rubricate's agreement statistics"_s);
    parser.addHelpOption();
    const QCommandLineOption repeatOption(u"repeat"_s, u"Runs per figure (median)."_s, u"N"_s,
                                          u"5"_s);
    parser.addOption(repeatOption);
    parser.process(app);
    const int repeat = std::max(1, parser.value(repeatOption).toInt());

    QTextStream out(stdout);
    double sink = 0; // keeps the optimiser from dropping the work

    QElapsedTimer build;
    build.start();
    const LabelTable large = scoreTable(25000, 5, VerdictScale::ZeroToTen, 25, true);
    const double buildMs = double(build.nsecsElapsed()) / 1e6;
    const qint64 values = large.valueCount();
    out << u"alpha over %1 pairable values (%2 units x %3 raters, 0-10), median of %4:"_s
               .arg(values)
               .arg(large.unitCount())
               .arg(large.raterCount())
               .arg(repeat)
        << Qt::endl;
    out << u"  building the table: %1 ms"_s.arg(buildMs, 0, 'f', 1) << Qt::endl;
    for (AlphaLevel level :
         {AlphaLevel::Nominal, AlphaLevel::Ordinal, AlphaLevel::Interval, AlphaLevel::Ratio}) {
        const double ms
            = medianMs(repeat, [&] { sink += krippendorffAlpha(large, level).value.value_or(0); });
        out << u"  %1: %2 ms"_s.arg(alphaLevelName(level), -9).arg(ms, 0, 'f', 2) << Qt::endl;
    }

    const LabelTable realistic = scoreTable(2000, 3, VerdictScale::Ternary, 25, false);
    out << u"1,000 bootstrap draws over %1 units x %2 raters (%3 tasks), median of %4:"_s
               .arg(realistic.unitCount())
               .arg(realistic.raterCount())
               .arg(realistic.clusterCount())
               .arg(repeat)
        << Qt::endl;
    struct Case {
        QString label;
        AlphaLevel level;
        Resampling resampling;
        bool parallel;
    };
    const Case cases[] = {
        {u"alpha nominal, units"_s, AlphaLevel::Nominal, Resampling::Units, true},
        {u"alpha ordinal, units"_s, AlphaLevel::Ordinal, Resampling::Units, true},
        {u"alpha interval, tasks"_s, AlphaLevel::Interval, Resampling::Clusters, true},
        {u"alpha nominal, units, one thread"_s, AlphaLevel::Nominal, Resampling::Units, false},
    };
    for (const Case &c : cases) {
        BootstrapOptions options;
        options.resampling = c.resampling;
        options.parallel = c.parallel;
        BootstrapInterval last;
        const double ms = medianMs(repeat, [&] {
            last = bootstrap(realistic, KrippendorffAlpha(realistic, c.level), options);
            sink += last.lower.value_or(0);
        });
        out << u"  %1: %2 ms  (alpha %3, 95% interval [%4, %5])"_s.arg(c.label, -34)
                   .arg(ms, 0, 'f', 1)
                   .arg(last.estimate.value.value_or(qQNaN()), 0, 'f', 3)
                   .arg(last.lower.value_or(qQNaN()), 0, 'f', 3)
                   .arg(last.upper.value_or(qQNaN()), 0, 'f', 3)
            << Qt::endl;
    }
    {
        BootstrapOptions options;
        const double ms = medianMs(repeat, [&] {
            sink += bootstrap(realistic, CohenKappa(realistic, 0, 1, KappaWeighting::Quadratic),
                              options)
                        .lower.value_or(0);
        });
        out << u"  %1: %2 ms"_s.arg(u"Cohen's kappa quadratic, units"_s, -34).arg(ms, 0, 'f', 1)
            << Qt::endl;
    }
    return sink == 12345.678 ? 1 : 0;
}
