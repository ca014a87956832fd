// `rubricate-cli agreement` as a user runs it: the demo project with two annotators' labels,
// the table on stdout, the export folder, and the exit codes of wrong command lines; and a
// project no judge has rated, whose annotators are compared among themselves.
#include "alignment/correctedscores.h"
#include "annotatorfixture.h"
#include "clirunner.h"
#include "plannedwidth.h"
#include "readers/correctedproject.h"
#include "readers/studyextension.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

using RubricateTest::CliResult;

namespace {

// A study's label of the item `row` rates, with the value `row` gives it.
AnnotationEvent labelOf(const RatingRow &row, const QString &study, const QString &annotator)
{
    AnnotationEvent e;
    e.reportId = row.reportId;
    e.rubricId = row.rubricId;
    e.provenance.study = study;
    e.annotator = annotator;
    e.value = row.value;
    return e;
}

// The "ppi" study's DRB-II scores against pia, as the core computes them.
CorrectedScores piaCorrectedScores(ProjectStore &store)
{
    LabelFilter study;
    study.study = u"ppi"_s;
    CorrectedScoreOptions options;
    options.gold = u"human:pia"_s;
    return Rubricate::correctedScores(store.annotations().ratingRows(u"drb2"_s, study), options);
}

} // namespace

class TestCliAgreement : public QObject
{
    Q_OBJECT

    RubricateTest::DemoProjectCli m_demo;

    CliResult cli(const QStringList &args) { return m_demo.run(args); }

    // A project in a folder of its own, no judge run, labelled by the first `annotators` of
    // the fixture's three; `rubricate-cli -p people.rubricate args` runs there.
    struct People {
        QTemporaryDir dir;
        CliResult run(const QStringList &args) const
        {
            return RubricateTest::runCli(dir.path(),
                                         QStringList{u"-p"_s, u"people.rubricate"_s} + args);
        }
    };
    static bool makePeople(People &people, int annotators)
    {
        auto store = ProjectStore::create(people.dir.filePath(u"people.rubricate"_s));
        const Result<void> made = store
            ? RubricateTest::writeAnnotatorFixture(*store, people.dir.path(), annotators)
            : Result<void>(store.error());
        if (made)
            return true;
        qWarning("%s", qPrintable(made.errorMessage()));
        return false;
    }
    People m_people; // ada, bob and cy

    // What follows `label` in `text`, up to a space, comma or line break.
    static QString numberAfter(const QString &text, const QString &label)
    {
        const qsizetype at = text.indexOf(label);
        static const QRegularExpression separator(u"[\\s,]"_s);
        return at < 0 ? QString()
                      : text.mid(at + label.size()).split(separator, Qt::SkipEmptyParts).value(0);
    }

private slots:
    void initTestCase()
    {
        const CliResult demo = m_demo.create();
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));

        // ada agrees with the judge throughout, bob differs on every third item.
        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s));
        QVERIFY2(store, qPrintable(store.errorMessage()));
        Transaction tx(*store);
        int items = 0;
        for (const RatingRow &row : store->annotations().ratingRows(u"drb2"_s)) {
            if (!row.judge || !row.value)
                continue;
            AnnotationEvent e;
            e.reportId = row.reportId;
            e.rubricId = row.rubricId;
            e.annotator = u"ada"_s;
            e.value = row.value;
            const auto appended = store->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
            e.annotator = u"bob"_s;
            if (items++ % 3 == 0)
                e.value = *row.value == 1 ? 0.0 : 1.0;
            const auto second = store->annotations().appendAnnotation(e);
            QVERIFY2(second, qPrintable(second.errorMessage()));
        }
        QVERIFY(tx.commit());
        QVERIFY(items > 10);

        QVERIFY(makePeople(m_people, 3));
    }

    void printsTheTable()
    {
        const CliResult r = cli({u"agreement"_s, u"--draws"_s, u"100"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"Agreement on drb2"_s));
        QVERIFY(r.out.contains(u"vs human majority"_s));
        QVERIFY(r.out.contains(u"ada vs bob"_s));
        QVERIFY(r.out.contains(u"Cohen's kappa"_s));
        QVERIFY(r.out.contains(u"By dimension"_s));
        QVERIFY(r.out.contains(u" ["_s)); // intervals
        QVERIFY(!r.out.contains(u"nan"_s));
    }

    void writesTheExport()
    {
        const CliResult r
            = cli({u"agreement"_s, u"--out"_s, u"out"_s, u"--draws"_s, u"50"_s, u"--seed"_s, u"7"_s,
                   u"--collapse"_s, u"binary"_s, u"--breakdown"_s, u"model"_s, u"--against"_s,
                   u"human:bob"_s, u"--clusters"_s, u"--f1"_s, u"researchrubrics"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QDir out(m_demo.filePath(u"out"_s));
        for (const QString &name :
             {u"comparisons.csv"_s, u"comparisons.json"_s, u"breakdown.csv"_s, u"breakdown.json"_s,
              u"confusion.csv"_s, u"annotator-pairs.csv"_s, u"disagreements.csv"_s, u"labels.csv"_s,
              u"alignment.md"_s, u"alignment.tex"_s, u"manifest.json"_s}) {
            QVERIFY2(QFile::exists(out.filePath(name)), qPrintable(name));
            QVERIFY2(r.out.contains(name), qPrintable(name));
        }
        QFile f(out.filePath(u"manifest.json"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject m = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(m.value(u"version"_s).toString(), QStringLiteral(RUBRICATE_VERSION));
        QCOMPARE(m.value(u"collapse"_s).toString(), u"drb2-binary"_s);
        QCOMPARE(m.value(u"reference"_s).toString(), u"human:bob"_s);
        QCOMPARE(m.value(u"breakdown"_s).toString(), u"model"_s);
        const QJsonObject bootstrap = m.value(u"bootstrap"_s).toObject();
        QCOMPARE(bootstrap.value(u"seed"_s).toInt(), 7);
        QCOMPARE(bootstrap.value(u"draws"_s).toInt(), 50);
        QVERIFY(bootstrap.value(u"resampling"_s).toString().startsWith(u"clusters"_s));
        QCOMPARE(m.value(u"macro_f1"_s).toObject().value(u"averaging"_s).toString(),
                 u"per-task mean"_s);
    }

    void filtersAndNoIntervals()
    {
        const CliResult r = cli({u"agreement"_s, u"--filter"_s, u"dimension=info_recall"_s,
                                 u"--draws"_s, u"0"_s, u"--level"_s, u"ordinal"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"No intervals."_s));
        QVERIFY(r.out.contains(u"alpha (ordinal)"_s));
        QVERIFY(!r.out.contains(u"analysis"_s));
    }

    void annotatorsAloneWithoutAJudge()
    {
        const CliResult r = m_people.run({u"agreement"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"Agreement among the 3 annotators of drb2 on 10 items; no judge "
                                "run compared (no judge run has rated these items)."_s),
                 qPrintable(r.out));
        // The words of the first line holding `needle`.
        const auto row = [&r](const QString &needle) {
            for (const QString &line : r.out.split(u'\n')) {
                if (line.contains(needle))
                    return line.split(u' ', Qt::SkipEmptyParts);
            }
            return QStringList();
        };
        // Pairwise Cohen's kappa, worked out in annotatorfixture.h: 0.6, 0.2, 0.6. The columns
        // are n, agreement, kappa, Macro-F1, alpha. ada–bob: each class is right 4 of 5 times
        // both ways, Macro-F1 0.8; alpha: 20 values, 10 of each, D_o = 4/20, D_e = 200/380,
        // 1 − 0.2 / (10/19) = 0.62.
        QCOMPARE(row(u"ada vs bob"_s),
                 (QStringList{u"ada"_s, u"vs"_s, u"bob"_s, u"10"_s, u"0.800"_s, u"0.600"_s,
                              u"0.800"_s, u"0.620"_s}));
        QCOMPARE(row(u"ada vs cy"_s).value(5), u"0.200"_s);
        QCOMPARE(row(u"bob vs cy"_s).value(5), u"0.600"_s);
        QVERIFY(!r.out.contains(u"majority"_s));
        // Fleiss' kappa 7/15 and alpha 109/225, to three decimals.
        QCOMPARE(numberAfter(r.out, u"Annotators together: Krippendorff's alpha "_s), u"0.484"_s);
        QCOMPARE(numberAfter(r.out, u"Fleiss' kappa "_s), u"0.467"_s);
        QVERIFY(r.out.contains(u"Items labelled: 10 by 3."_s));
        // Each annotator's labels: key and name apart, then items, −1, 0 and 1.
        QCOMPARE(row(u"human:ada"_s),
                 (QStringList{u"ada"_s, u"human:ada"_s, u"10"_s, u"0"_s, u"5"_s, u"5"_s}));
        QCOMPARE(row(u"human:cy"_s),
                 (QStringList{u"cy"_s, u"human:cy"_s, u"10"_s, u"0"_s, u"5"_s, u"5"_s}));
    }

    void annotatorsAloneAreExported()
    {
        const CliResult r = m_people.run({u"agreement"_s, u"--out"_s, u"people"_s, u"--draws"_s,
                                          u"50"_s, u"--level"_s, u"ordinal"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"3 comparison(s) among 3 annotators over 10 items of drb2, no "
                               "judge run compared"_s));
        const QDir out(m_people.dir.filePath(u"people"_s));
        QVERIFY(!QFile::exists(out.filePath(u"confusion.csv"_s))); // no judge, no matrix
        QFile f(out.filePath(u"comparisons.json"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(json.value(u"annotators_only"_s).toBool());
        QVERIFY(json.value(u"judge"_s).isNull());
        const QJsonObject people = json.value(u"annotators"_s).toObject();
        // With two categories, ordinal alpha is nominal alpha: 109/225.
        QVERIFY(qAbs(people.value(u"krippendorff_alpha"_s).toObject().value(u"value"_s).toDouble()
                     - 109.0 / 225.0)
                < 1e-9);
        const QJsonObject fleiss = people.value(u"fleiss_kappa"_s).toObject();
        QVERIFY(qAbs(fleiss.value(u"value"_s).toDouble() - 7.0 / 15.0) < 1e-9);
        QVERIFY(fleiss.value(u"lower"_s).isDouble()); // with a bootstrap interval
        QCOMPARE(json.value(u"comparisons"_s).toArray().size(), 3);
        for (const QJsonValue c : json.value(u"comparisons"_s).toArray())
            QCOMPARE(c.toObject().value(u"kind"_s).toString(), u"human-human"_s);
        QFile pairs(out.filePath(u"annotator-pairs.csv"_s));
        QVERIFY(pairs.open(QIODevice::ReadOnly));
        QVERIFY(pairs.readAll().contains("ada,,0.6,0.2"));
    }

    void annotatorsOnlyIgnoresTheJudge()
    {
        // The demo has a judge run; the flag leaves it out.
        const CliResult r = cli({u"agreement"_s, u"--benchmark"_s, u"drb2"_s,
                                 u"--annotators-only"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"no judge run compared (--annotators-only)"_s));
        QVERIFY(r.out.contains(u"ada vs bob"_s));
        QVERIFY(!r.out.contains(u"demo judge"_s));
        QVERIFY(!r.out.contains(u"majority"_s));
        QCOMPARE(cli({u"agreement"_s, u"--annotators-only"_s, u"--judge"_s, u"run:1"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--annotators-only"_s, u"--against"_s, u"human:ada"_s}).code,
                 2);
    }

    void annotatorsAloneNeedTwo()
    {
        People one;
        QVERIFY(makePeople(one, 1));
        const CliResult r = one.run({u"agreement"_s});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"No judge run has rated these items, and agreement among "
                                "annotators alone needs at least two; 1 annotator(s) labelled "
                                "drb2 items."_s),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void fleissNeedsAsManyLabelsPerItem()
    {
        // dee labels one item: it has four labels, the others three.
        {
            auto store = ProjectStore::open(m_people.dir.filePath(u"people.rubricate"_s));
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const RatingRow first = store->annotations().itemRows(u"drb2"_s).value().constFirst();
            AnnotationEvent e;
            e.reportId = first.reportId;
            e.rubricId = first.rubricId;
            e.annotator = u"dee"_s;
            e.value = 1;
            const auto appended = store->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
        }
        const CliResult r = m_people.run({u"agreement"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"Fleiss' kappa undefined (units have different numbers of "
                               "ratings"_s));
        QVERIFY(r.out.contains(u"Items labelled: 1 by 4, 9 by 3."_s));
        QVERIFY(r.out.contains(u"ada vs dee"_s));
    }

    // Typed labels only (annotatorfixture.h, retypeAnnotatorFixture): ada and bob on eight
    // items, agreement 0.875, κ 0.75; cy has no typed label.
    void typedLabelsOnly()
    {
        People typed;
        QVERIFY(makePeople(typed, 3));
        {
            auto store = ProjectStore::open(typed.dir.filePath(u"people.rubricate"_s));
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const Result<void> retyped = RubricateTest::retypeAnnotatorFixture(*store);
            QVERIFY2(retyped, qPrintable(retyped.errorMessage()));
        }
        const CliResult r
            = typed.run({u"agreement"_s, u"--draws"_s, u"0"_s, u"--label-method"_s, u"typed"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.startsWith(u"Agreement among the 2 annotators of drb2 on 10 items; no "
                                  "judge run compared (no judge run has rated these items); "
                                  "labels: method typed.\n"_s),
                 qPrintable(r.out));
        QVERIFY(!r.out.contains(u"cy"_s));
        const qsizetype pair = r.out.indexOf(u"ada vs bob"_s);
        QVERIFY(pair >= 0);
        QCOMPARE(r.out.mid(pair).section(u'\n', 0, 0).split(u' ', Qt::SkipEmptyParts).mid(3, 3),
                 (QStringList{u"8"_s, u"0.875"_s, u"0.750"_s}));

        // Every method there is: the three of them, as without the filter.
        const CliResult all = typed.run(
            {u"agreement"_s, u"--draws"_s, u"0"_s, u"--label-method"_s, u"typed,unknown"_s});
        QVERIFY2(all.code == 0, qPrintable(all.out + all.err));
        QVERIFY(all.out.contains(u"Agreement among the 3 annotators"_s));
        QVERIFY(all.out.contains(u"labels: method unknown or typed"_s));

        const CliResult exported
            = typed.run({u"agreement"_s, u"--draws"_s, u"0"_s, u"--out"_s, u"typed"_s,
                         u"--label-method"_s, u"typed"_s, u"--judge-visible"_s, u"no"_s});
        QVERIFY2(exported.code == 1, qPrintable(exported.out + exported.err));
        QVERIFY2(exported.err.contains(u"among the labels kept: method typed, judge hidden"_s),
                 qPrintable(exported.err)); // the fixture records no visibility
        const CliResult out = typed.run({u"agreement"_s, u"--draws"_s, u"0"_s, u"--out"_s,
                                         u"typed"_s, u"--label-method"_s, u"typed"_s});
        QVERIFY2(out.code == 0, qPrintable(out.out + out.err));
        QVERIFY(out.out.contains(u"; labels: method typed:"_s));
        QFile f(QDir(typed.dir.filePath(u"typed"_s)).filePath(u"manifest.json"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject labels
            = QJsonDocument::fromJson(f.readAll()).object().value(u"labels"_s).toObject();
        QCOMPARE(labels.value(u"methods"_s).toArray(), QJsonArray{u"typed"_s});
        QVERIFY(labels.value(u"judge_visible"_s).isNull());
        QCOMPARE(labels.value(u"description"_s).toString(), u"method typed"_s);

        const CliResult bad = typed.run({u"agreement"_s, u"--label-method"_s, u"typed,blind"_s});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(u"typed, accepted, imported, undo, redo, adjudicated"_s)
                     && bad.err.contains(u"(not blind)"_s),
                 qPrintable(bad.err));
        QCOMPARE(typed.run({u"agreement"_s, u"--judge-visible"_s, u"maybe"_s}).code, 2);
    }

    void wrongCommandLines()
    {
        QCOMPARE(cli({u"agreement"_s, u"--level"_s, u"loud"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--filter"_s, u"colour=red"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--draws"_s, u"-3"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--against"_s, u"everyone"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"extra"_s}).code, 2);
        const CliResult noRun = cli({u"agreement"_s, u"--judge"_s, u"run:999"_s});
        QCOMPARE(noRun.code, 1);
        QVERIFY(noRun.err.contains(u"run:999"_s));
        QCOMPARE(cli({u"agreement"_s, u"--against"_s, u"human:nobody"_s}).code, 1);
        QCOMPARE(cli({u"agreement"_s, u"--benchmark"_s, u"pdrbench"_s}).code, 1);
        const CliResult noProject = cli({u"-p"_s, u"absent.rubricate"_s, u"agreement"_s});
        QCOMPARE(noProject.code, 1);
    }

    // --against gold compares the judge with the adjudicated labels, by hand: four items the
    // newest run rated 1, 1, 0, 0 get gold 1, 1, 0, 1 (the last re-adjudicated from 0: the
    // newest gold counts). Agreement 3/4 = 0.750; κ: p_e = 0.5·0.75 + 0.5·0.25 = 0.5, so
    // (0.75 − 0.5) / (1 − 0.5) = 0.500.
    void againstGold()
    {
        const CliResult none
            = cli({u"agreement"_s, u"--against"_s, u"gold"_s, u"--draws"_s, u"0"_s});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains(u"no gold labels"_s), qPrintable(none.err));

        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s));
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QList<RatingRow> rows = store->annotations().ratingRows(u"drb2"_s);
        QString newest;
        for (const RatingRow &r : rows) {
            if (r.judge
                && (newest.isEmpty() || r.rater.mid(4).toLongLong() > newest.mid(4).toLongLong()))
                newest = r.rater;
        }
        QList<const RatingRow *> met, notMet;
        for (const RatingRow &r : rows) {
            if (r.rater != newest || !r.value)
                continue;
            if (*r.value == 1 && met.size() < 2)
                met << &r;
            else if (*r.value == 0 && notMet.size() < 2)
                notMet << &r;
        }
        QCOMPARE(met.size(), 2);
        QCOMPARE(notMet.size(), 2);
        Transaction tx(*store);
        const auto gold = [&store](const RatingRow *item, double value) {
            AnnotationEvent e;
            e.reportId = item->reportId;
            e.rubricId = item->rubricId;
            e.annotator = u"judith"_s;
            e.kind = AnnotationKind::Gold;
            e.provenance.method = LabelMethod::Adjudicated;
            e.value = value;
            return store->annotations().appendAnnotation(e).ok();
        };
        QVERIFY(gold(met.at(0), 1) && gold(met.at(1), 1) && gold(notMet.at(0), 0));
        QVERIFY(gold(notMet.at(1), 0) && gold(notMet.at(1), 1));
        QVERIFY(tx.commit());
        store.value().reset();

        const CliResult r = cli({u"agreement"_s, u"--against"_s, u"gold"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"against Gold"_s), qPrintable(r.out));
        const QStringList lines = r.out.split(u'\n');
        const auto line = std::find_if(lines.cbegin(), lines.cend(),
                                       [](const QString &l) { return l.contains(u" vs Gold"_s); });
        QVERIFY2(line != lines.cend(), qPrintable(r.out));
        const QStringList cells = line->split(QRegularExpression(u"\\s{2,}"_s), Qt::SkipEmptyParts);
        QVERIFY2(cells.size() >= 4, qPrintable(*line));
        QCOMPARE(cells.at(1).trimmed(), u"4"_s);
        QCOMPARE(cells.at(2).trimmed(), u"0.750"_s);
        QCOMPARE(cells.at(3).trimmed(), u"0.500"_s);
        // Gold is no annotator: the people are compared as before, and gold only when asked.
        QVERIFY(r.out.contains(u"ada vs bob"_s));
        QVERIFY(!r.out.contains(u"Gold vs"_s));
        const CliResult usual = cli({u"agreement"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(usual.code == 0, qPrintable(usual.err));
        QVERIFY(!usual.out.contains(u"Gold"_s));
    }

    // `score drb2 --corrected --study NAME`: a study compared with the newest run, pia and
    // quinn labelling every other judged item in it (pia as the judge says, quinn flipping
    // every third), the table on stdout agreeing with correctedScores() on the same rows, and
    // the command line's errors. Last, because it adds two annotators to the project.
    void correctedScores()
    {
        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s));
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QString run
            = ratersOf(store->annotations().ratingRows(u"drb2"_s), u"drb2"_s, true).value(0);
        QVERIFY(!run.isEmpty());
        const CliResult drawn = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s, u"10"_s,
                                     u"--annotators"_s, u"pia,quinn"_s, u"--overlap"_s, u"2"_s,
                                     u"--name"_s, u"ppi"_s, u"--compare-run"_s, run.mid(4)});
        QVERIFY2(drawn.code == 0, qPrintable(drawn.out + drawn.err));

        Transaction tx(*store);
        int items = 0;
        for (const RatingRow &row : store->annotations().ratingRows(u"drb2"_s)) {
            if (row.rater != run || !row.value || items++ % 2 == 1)
                continue;
            AnnotationEvent e = labelOf(row, u"ppi"_s, u"pia"_s);
            const auto appended = store->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
            e.annotator = u"quinn"_s;
            if (items % 3 == 0)
                e.value = *row.value == 1 ? 0.0 : 1.0;
            const auto second = store->annotations().appendAnnotation(e);
            QVERIFY2(second, qPrintable(second.errorMessage()));
        }
        QVERIFY(tx.commit());

        const CliResult r = cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"ppi"_s,
                                 u"--against"_s, u"human:pia"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"study \"ppi\", judge %1"_s.arg(run)), qPrintable(r.out));
        const CorrectedScores expected = piaCorrectedScores(*store);
        QVERIFY(!expected.models.isEmpty());
        for (const CorrectedModelScore &m : expected.models) {
            QVERIFY(m.labelled > 0 && m.labelled < m.judged);
            QVERIFY(m.corrected.isDefined());
            QString line; // the leaderboard's row, which comes before the pairwise table
            for (const QString &l : r.out.split(u'\n')) {
                if (l.startsWith(m.model + u' ')) {
                    line = l;
                    break;
                }
            }
            QVERIFY2(line.contains(QString::number(*m.judgeOnly.value, 'f', 4)), qPrintable(line));
            QVERIFY2(line.contains(QString::number(*m.corrected.value, 'f', 4)), qPrintable(line));
            QVERIFY2(line.contains(u" %1 "_s.arg(m.judged)), qPrintable(line));
        }

        QVERIFY2(r.out.contains(u"Pairwise differences"_s) == (expected.models.size() > 1),
                 qPrintable(r.out));

        // Against the majority of two, quinn's flips are ties: fewer items are labelled.
        const CliResult majority
            = cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"ppi"_s});
        QVERIFY2(majority.code == 0, qPrintable(majority.out + majority.err));
        QVERIFY2(majority.out.contains(u"have no majority"_s), qPrintable(majority.out));

        const CliResult byDimension = cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s,
                                           u"ppi"_s, u"--by"_s, u"dimension"_s});
        QVERIFY2(byDimension.code == 0, qPrintable(byDimension.out + byDimension.err));
        QVERIFY2(byDimension.out.contains(u"dimension"_s), qPrintable(byDimension.out));
        QCOMPARE(cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"ppi"_s, u"--by"_s,
                      u"axis"_s})
                     .code,
                 2);
        QCOMPARE(cli({u"score"_s, u"drb2"_s, u"--study"_s, u"ppi"_s}).code, 2);
        QCOMPARE(cli({u"score"_s, u"drb2"_s, u"--corrected"_s}).code, 2);
        QCOMPARE(cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"ppi"_s,
                      u"--against"_s, u"everyone"_s})
                     .code,
                 2);
        const CliResult noStudy
            = cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"nope"_s});
        QCOMPARE(noStudy.code, 1);
        QVERIFY(noStudy.err.contains(u"nope"_s));
        const CliResult noRun = cli({u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s,
                                     u"ppi"_s, u"--judge"_s, u"run:999"_s});
        QCOMPARE(noRun.code, 1);
        QVERIFY(noRun.err.contains(u"run:999"_s));
    }

    // The study of correctedScores() written as CSV (the pairwise table beside it), JSON and
    // LaTeX, the JSON agreeing with correctedScores(); a bootstrap interval with its seed; and
    // the plan for a target half-width agreeing with ppiPlan().
    void correctedExportsAndPlan()
    {
        const QString csv = m_demo.filePath(u"corrected.csv"_s);
        const QString tex = m_demo.filePath(u"corrected.tex"_s);
        const QStringList pia{u"--against"_s, u"human:pia"_s};
        const QStringList score{u"score"_s, u"drb2"_s, u"--corrected"_s, u"--study"_s, u"ppi"_s};
        const CliResult r = cli(score + pia
                                + QStringList{u"--out"_s, csv, u"--latex"_s, tex, u"--bootstrap"_s,
                                              u"--draws"_s, u"200"_s, u"--seed"_s, u"7"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"200 draws, seed 7"_s), qPrintable(r.out));
        QVERIFY(QFile::exists(csv));
        QVERIFY(QFile::exists(m_demo.filePath(u"corrected-pairwise.csv"_s)));
        QFile latex(tex);
        QVERIFY(latex.open(QIODevice::ReadOnly));
        QVERIFY(latex.readAll().contains("\\begin{tabular}"));

        const QString json = m_demo.filePath(u"corrected.json"_s);
        QCOMPARE(cli(score + pia + QStringList{u"--out"_s, json}).code, 0);
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QJsonArray models
            = QJsonDocument::fromJson(jsonFile.readAll()).object().value(u"models"_s).toArray();

        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s));
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const CorrectedScores expected = piaCorrectedScores(*store);
        QCOMPARE(models.size(), expected.models.size());
        for (qsizetype i = 0; i < models.size(); ++i) {
            const QJsonObject m = models.at(i).toObject();
            QCOMPARE(m.value(u"model"_s).toString(), expected.models.at(i).model);
            const double value = m.value(u"corrected"_s).toObject().value(u"value"_s).toDouble();
            QVERIFY(std::abs(value - *expected.models.at(i).corrected.value) < 1e-8);
        }
        QCOMPARE(cli(score + QStringList{u"--out"_s, m_demo.filePath(u"x.txt"_s)}).code, 2);

        const CliResult plan = cli({u"study"_s, u"plan"_s, u"--study"_s, u"ppi"_s, u"--width"_s,
                                    u"0.2"_s, u"--against"_s, u"human:pia"_s});
        QVERIFY2(plan.code == 0, qPrintable(plan.out + plan.err));
        for (const CorrectedModelScore &m : expected.models) {
            const PpiPlan p = ppiPlan(m.sample, 0.2);
            const QString extra
                = p.extraItems ? QString::number(*p.extraItems) : u"not reachable"_s;
            const QRegularExpression row(
                u"^%1 .* %2 "_s.arg(QRegularExpression::escape(m.model), extra),
                QRegularExpression::MultilineOption);
            QVERIFY2(row.match(plan.out).hasMatch(), qPrintable(plan.out));
        }
        const CliResult tiny = cli({u"study"_s, u"plan"_s, u"--study"_s, u"ppi"_s, u"--width"_s,
                                    u"0.0001"_s, u"--against"_s, u"human:pia"_s});
        QVERIFY2(tiny.out.contains(u"not reachable: even with every judged item labelled"_s),
                 qPrintable(tiny.out));
        QCOMPARE(cli({u"study"_s, u"plan"_s, u"--study"_s, u"ppi"_s}).code, 2);
        QCOMPARE(cli({u"study"_s, u"plan"_s, u"--study"_s, u"ppi"_s, u"--width"_s, u"0.1"_s,
                      u"--benchmark"_s, u"demo"_s})
                     .code,
                 2);
    }

    // `study extend` adds to the "ppi" study of correctedScores() what `study plan` asks for
    // against quinn (whose labels, unlike pia's, differ from the judge's: more labels narrow
    // the interval), the same items core's extendStudy() draws on a copy of the project
    // (deterministic from the study's seed), keeping every assignment and label; --items N
    // adds N.
    void studyExtend()
    {
        const QString path = m_demo.filePath(u"demo.rubricate"_s);
        const QString copy = m_demo.filePath(u"extend-copy.rubricate"_s);
        QFile::remove(copy);
        QVERIFY(QFile::copy(path, copy));
        CorrectedScoreOptions options;
        options.benchmarkKey.clear();
        options.gold = u"human:quinn"_s;
        QList<Assignment> before;
        StudyExtensionPlan plan;
        std::optional<double> width;
        qsizetype events = 0;
        {
            auto store = ProjectStore::open(path);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            before = store->annotations().assignments(u"ppi"_s).value();
            width = RubricateTest::reachableWidth(readCorrectedScores(*store, u"ppi"_s, options));
            QVERIFY(width);
            plan = readExtensionPlan(*store, u"ppi"_s, *width, options);
            events = store->annotations().annotationEvents().size();
        }
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        int planned = 0;
        for (const int extra : plan.extraPerModel())
            planned += extra;
        QVERIFY(planned > 0);

        const CliResult r = cli({u"study"_s, u"extend"_s, u"--study"_s, u"ppi"_s, u"--width"_s,
                                 QString::number(*width), u"--against"_s, u"human:quinn"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QList<Assignment> after = store->annotations().assignments(u"ppi"_s).value();
        QCOMPARE(after.mid(0, before.size()), before); // every assignment kept as it was
        const QList<Assignment> added = after.mid(before.size());
        QVERIFY(!added.isEmpty() && added.size() <= planned);
        QVERIFY2(r.out.contains(u"%1 items added"_s.arg(added.size())), qPrintable(r.out));
        QCOMPARE(store->annotations().annotationEvents().size(), events); // labels untouched

        auto other = ProjectStore::open(copy);
        QVERIFY2(other, qPrintable(other.errorMessage()));
        const SampleExtension expected
            = extendStudy(*other, u"ppi"_s, plan.extraPerModel(), 0, options);
        QVERIFY2(expected.error.isEmpty(), qPrintable(expected.error));
        QCOMPARE(added, expected.assignments);
        // A model whose count is 0 got nothing.
        const QMap<QString, int> extra = plan.extraPerModel();
        for (const StratumCount &model : expected.strata)
            QVERIFY(model.sampled <= extra.value(model.stratum));

        const CliResult more
            = cli({u"study"_s, u"extend"_s, u"--study"_s, u"ppi"_s, u"--items"_s, u"3"_s});
        QVERIFY2(more.code == 0, qPrintable(more.out + more.err));
        QVERIFY2(more.out.contains(u"3 items added"_s), qPrintable(more.out));
        // A new connection, so that no read this thread left open hides the CLI's write.
        store.value().reset();
        ProjectStore::close(path);
        store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->annotations().assignments(u"ppi"_s).value().size(), after.size() + 3);
        QSet<std::pair<RowId, RowId>> items;
        for (const Assignment &a : store->annotations().assignments(u"ppi"_s).value())
            items.insert({a.reportId, a.rubricId});
        QCOMPARE(items.size(), after.size() + 3); // never an item twice

        const QStringList extend{u"study"_s, u"extend"_s, u"--study"_s, u"ppi"_s};
        QCOMPARE(cli(extend).code, 2);
        QCOMPARE(cli(extend + QStringList{u"--width"_s, u"0.1"_s, u"--items"_s, u"2"_s}).code, 2);
        QCOMPARE(cli(extend + QStringList{u"--items"_s, u"0"_s}).code, 2);
        const CliResult unknown
            = cli({u"study"_s, u"extend"_s, u"--study"_s, u"nope"_s, u"--items"_s, u"2"_s});
        QCOMPARE(unknown.code, 1);
        QVERIFY(unknown.err.contains(u"nope"_s));
    }

    // A ResearchRubrics study whose labels agree with the judge on a few criteria: the
    // judge-only column is the benchmark's own mean compliance (`score researchrubrics`),
    // since the per-item outcome is rescaled to it.
    void correctedResearchRubrics()
    {
        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s));
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QList<RatingRow> rows = store->annotations().ratingRows(u"researchrubrics"_s);
        const QString run = ratersOf(rows, u"researchrubrics"_s, true).value(0);
        QVERIFY(!run.isEmpty());
        const CliResult drawn = cli({u"sample"_s, u"--benchmark"_s, u"researchrubrics"_s,
                                     u"--size"_s, u"6"_s, u"--annotators"_s, u"pia"_s, u"--name"_s,
                                     u"rr"_s, u"--compare-run"_s, run.mid(4)});
        QVERIFY2(drawn.code == 0, qPrintable(drawn.out + drawn.err));
        Transaction tx(*store);
        int items = 0;
        for (const RatingRow &row : rows) {
            if (row.rater != run || !row.value || items++ % 4 != 0)
                continue;
            const AnnotationEvent e = labelOf(row, u"rr"_s, u"pia"_s);
            const auto appended = store->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
        }
        QVERIFY(tx.commit());

        const CliResult corrected
            = cli({u"score"_s, u"researchrubrics"_s, u"--corrected"_s, u"--study"_s, u"rr"_s});
        QVERIFY2(corrected.code == 0, qPrintable(corrected.out + corrected.err));
        QVERIFY2(corrected.out.contains(u"mean weighted compliance"_s), qPrintable(corrected.out));
        const CliResult own = cli({u"score"_s, u"researchrubrics"_s, u"--run"_s, run});
        QVERIFY2(own.code == 0, qPrintable(own.out + own.err));
        int compared = 0;
        for (const QString &line : own.out.split(u'\n')) {
            const QStringList fields = line.split(u' ', Qt::SkipEmptyParts);
            if (fields.size() < 5 || fields.at(1) != "all"_L1 || fields.at(4) == "-"_L1)
                continue;
            const QRegularExpression row(
                u"^%1 +%2 "_s.arg(QRegularExpression::escape(fields.at(0)),
                                  QRegularExpression::escape(fields.at(4))),
                QRegularExpression::MultilineOption);
            QVERIFY2(row.match(corrected.out).hasMatch(),
                     qPrintable(fields.at(0) + u": "_s + fields.at(4) + u'\n' + corrected.out));
            ++compared;
        }
        QVERIFY(compared > 0);
        // The plan takes the benchmark from the study's judge run.
        const CliResult plan
            = cli({u"study"_s, u"plan"_s, u"--study"_s, u"rr"_s, u"--width"_s, u"0.05"_s});
        QVERIFY2(plan.code == 0, qPrintable(plan.out + plan.err));
        QVERIFY2(plan.out.startsWith(u"ResearchRubrics mean weighted compliance"_s),
                 qPrintable(plan.out));

        // PDR-Bench and ReportBench reach the corrected scores too; the rr study's run rated
        // none of their items. A benchmark without a per-item outcome is a usage
        // store.errorMessage().
        QVERIFY2(cli({u"score"_s, u"pdr"_s, u"--corrected"_s, u"--study"_s, u"rr"_s})
                     .err.contains(u"rated no item of pdrbench"_s),
                 "the rr study's run rated no PDR-Bench item");
        QVERIFY2(cli({u"score"_s, u"reportbench"_s, u"--corrected"_s, u"--study"_s, u"rr"_s})
                     .err.contains(u"rated no item of reportbench"_s),
                 "the rr study's run rated no ReportBench item");
        QCOMPARE(cli({u"score"_s, u"demo"_s, u"--corrected"_s, u"--study"_s, u"rr"_s}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliAgreement)
#include "tst_cliagreement.moc"
