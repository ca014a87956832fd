// `rubricate-cli bench ppi`: do the judge-corrected intervals cover the truth?
//
// A simulation with known answers. Each model has a true rate of rubric items met and a judge
// with its own known errors (it credits some unmet items and misses some met ones), so the
// judge's mean is off by a known bias. Every repetition draws N judged items per model, of
// which the first n also carry the people's (true) outcome; items are independent, so the
// first n are a simple random sample. Over the repetitions each method's 95 % interval should
// cover the true rate about 95 % of the time; the judge-only interval cannot, since it is
// centred on the judge's biased mean.
#include "clibench.h"

#include "agreement/ppi.h"
#include "cliapp.h"
#include "clitable.h"

#include <QRandomGenerator>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

struct SimulatedModel {
    QString name;
    double truth; // share of rubric items truly met
    double falseMet; // the judge says "met" for an unmet item with this probability
    double falseUnmet; // the judge says "not met" for a met item with this probability

    double judgeBias() const { return falseMet * (1 - truth) - falseUnmet * truth; }
};

const QList<SimulatedModel> models{
    {u"lenient judge"_s, 0.55, 0.25, 0.05},
    {u"fair judge"_s, 0.70, 0.10, 0.10},
    {u"strict judge"_s, 0.40, 0.05, 0.30},
};

constexpr int Repetitions = 1000;
constexpr int Judged = 2000; // N: items the judge scored, per model
constexpr int Labelled = 200; // n: of which people labelled
constexpr quint32 Seed = 20260116;

PpiSample simulate(const SimulatedModel &m, QRandomGenerator &random)
{
    PpiSample s;
    for (int i = 0; i < Judged; ++i) {
        const bool met = random.generateDouble() < m.truth;
        const double flip = random.generateDouble();
        const bool judged = met ? flip >= m.falseUnmet : flip < m.falseMet;
        if (i < Labelled) {
            s.gold.append(met ? 1 : 0);
            s.judgeLabelled.append(judged ? 1 : 0);
        } else {
            s.judgeUnlabelled.append(judged ? 1 : 0);
        }
    }
    return s;
}

// Coverage and width of one method's intervals over the repetitions.
struct Tally {
    int covered = 0;
    int intervals = 0;
    double width = 0;
    double error = 0; // sum of estimate − truth

    void add(const PpiEstimate &e, double truth)
    {
        if (!e.hasInterval())
            return;
        ++intervals;
        covered += *e.lower <= truth && truth <= *e.upper;
        width += e.width();
        error += *e.value - truth;
    }
    QStringList cells() const
    {
        if (intervals == 0)
            return {u"—"_s, u"—"_s, u"—"_s};
        return {u"%1 %"_s.arg(100.0 * covered / intervals, 0, 'f', 1),
                QString::number(width / intervals, 'f', 4),
                QString::number(error / intervals, 'f', 4)};
    }
};

} // namespace

int runPpiBenchmark(QTextStream &out)
{
    out << u"PPI benchmark: %1 seeded repetitions (seed %2), per model N = %3 judged items of "
           "which n = %4 labelled; 95 % normal-approximation intervals\n\n"_s.arg(Repetitions)
               .arg(Seed)
               .arg(Judged)
               .arg(Labelled);
    Table table;
    table.setHeader({u"model"_s, u"truth"_s, u"judge bias"_s, u"method"_s, u"coverage"_s,
                     u"mean width"_s, u"mean error"_s});
    for (int c : {1, 2, 4, 5, 6})
        table.setRightAligned(c);
    for (qsizetype m = 0; m < models.size(); ++m) {
        const SimulatedModel &model = models.at(m);
        Tally judge, people, classic, tuned;
        double lambdaSum = 0, nEffSum = 0;
        int nEffCount = 0;
        for (int r = 0; r < Repetitions; ++r) {
            const quint32 words[3] = {Seed, quint32(m), quint32(r)};
            QRandomGenerator random(words, 3);
            const PpiSample s = simulate(model, random);
            const PpiEstimate peopleOnly = ppiMean(s, PpiOptions::peopleOnly());
            const PpiEstimate corrected = ppiMean(s, PpiOptions::tuned());
            judge.add(judgeOnlyMean(s), model.truth);
            people.add(peopleOnly, model.truth);
            classic.add(ppiMean(s, PpiOptions::classic()), model.truth);
            tuned.add(corrected, model.truth);
            lambdaSum += corrected.lambda;
            if (const auto nEff = effectiveSampleSize(peopleOnly, corrected)) {
                nEffSum += *nEff;
                ++nEffCount;
            }
        }
        const QStringList lead{model.name, QString::number(model.truth, 'f', 2),
                               QString::asprintf("%+.3f", model.judgeBias())};
        const QStringList blank{QString(), QString(), QString()};
        table.addRow(lead + QStringList{u"judge only"_s} + judge.cells());
        table.addRow(blank + QStringList{u"people only"_s} + people.cells());
        table.addRow(blank + QStringList{u"PPI (λ = 1)"_s} + classic.cells());
        table.addRow(
            blank
            + QStringList{u"PPI++ (mean λ %1, n_eff %2)"_s.arg(lambdaSum / Repetitions, 0, 'f', 2)
                              .arg(nEffCount ? nEffSum / nEffCount : 0.0, 0, 'f', 0)}
            + tuned.cells());
    }
    out << table.render() << '\n';
    out << u"Coverage: share of repetitions whose interval contains the true rate (target 95 %; "
           "with 1,000 repetitions ±1.4 points is chance). Mean error: estimate − truth.\n"_s;
    return Ok;
}

} // namespace Rubricate::Cli
