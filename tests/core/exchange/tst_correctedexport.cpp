// The judge-corrected leaderboard as CSV, JSON and LaTeX: every estimate with its interval,
// an undefined one as an empty field (or null) with its reason, never the judge's score in
// its place; the pairwise table with its verdicts.
#include "exchange/correctedexport.h"
#include "text/csvtext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rubricate;
using namespace Rubricate::CorrectedExport;
using namespace Qt::StringLiterals;

namespace {

PpiEstimate estimate(double value, double lower, double upper, double se)
{
    PpiEstimate e;
    e.value = value;
    e.lower = lower;
    e.upper = upper;
    e.standardError = se;
    return e;
}

// m1 with every estimate; m_2 labelled by nobody, so PPI++ and people-only are undefined.
CorrectedScores scores()
{
    CorrectedScores s;
    s.benchmarkKey = u"drb2"_s;
    s.judge = u"run:3"_s;
    s.judgeName = u"judge A"_s;
    s.gold = u"majority"_s;
    CorrectedModelScore a;
    a.model = u"m1"_s;
    a.judgeOnly = estimate(0.8, 0.7, 0.9, 0.05);
    a.corrected = estimate(0.6, 0.4, 0.8, 0.1);
    a.corrected.lambda = 0.25;
    a.peopleOnly = estimate(0.5, 0.2, 0.8, 0.15);
    a.labelled = 10;
    a.judged = 40;
    a.effectiveSampleSize = 22.5;
    a.goldTies = 1;
    CorrectedModelScore b;
    b.model = u"m_2"_s;
    b.judgeOnly = estimate(-0.25, -0.5, 0, 0.125);
    b.corrected.undefinedReason = UndefinedReason::noLabelledItems();
    b.peopleOnly.undefinedReason = UndefinedReason::noLabelledItems();
    b.judged = 12;
    s.models = {a, b};
    return s;
}

QList<CorrectedDifference> differences()
{
    CorrectedDifference tie{u"m1"_s, u"m_2"_s, {}, estimate(0.1, -0.1, 0.3, 0.1)};
    CorrectedDifference better{u"m1"_s, u"m3"_s, {}, estimate(0.4, 0.2, 0.6, 0.1)};
    CorrectedDifference none{u"m_2"_s, u"m3"_s, {}, {}};
    none.difference.undefinedReason = UndefinedReason::noLabelledItems();
    return {tie, better, none};
}

QList<QStringList> records(const QByteArray &csv)
{
    const Result<CsvRecords> split = splitCsv(QString::fromUtf8(csv));
    [&] {
        QVERIFY2(split && split->allCrlf, qPrintable(split.errorMessage()));
    }();
    return split ? split->records : QList<QStringList>();
}

} // namespace

class TestCorrectedExport : public QObject
{
    Q_OBJECT

private slots:
    void csv()
    {
        const QList<QStringList> rows = records(correctedCsv(scores()));
        QCOMPARE(rows.size(), 3);
        const QStringList &header = rows.at(0);
        const auto field = [&](int row, const QString &column) {
            return rows.at(row).value(header.indexOf(column));
        };
        QCOMPARE(header.size(), rows.at(1).size());
        QCOMPARE(field(1, u"model"_s), u"m1"_s);
        QCOMPARE(field(1, u"corrected"_s), u"0.6"_s);
        QCOMPARE(field(1, u"corrected_lower"_s), u"0.4"_s);
        QCOMPARE(field(1, u"lambda"_s), u"0.25"_s);
        QCOMPARE(field(1, u"effective_sample_size"_s), u"22.5"_s);
        QCOMPARE(field(1, u"labelled"_s), u"10"_s);
        QCOMPARE(field(1, u"judged"_s), u"40"_s);
        QCOMPARE(field(1, u"gold_ties"_s), u"1"_s);
        // Undefined: empty, with the reason; the judge's value stays in its own column.
        QCOMPARE(field(2, u"corrected"_s), QString());
        QCOMPARE(field(2, u"lambda"_s), QString());
        QCOMPARE(field(2, u"corrected_undefined_reason"_s), UndefinedReason::noLabelledItems());
        QCOMPARE(field(2, u"judge_only"_s), u"-0.25"_s);
    }

    void pairwise()
    {
        const QList<QStringList> rows = records(pairwiseCsv(differences()));
        QCOMPARE(rows.size(), 4);
        const int verdict = int(rows.at(0).indexOf(u"verdict"_s));
        QCOMPARE(rows.at(1).at(verdict), u"tie"_s);
        QCOMPARE(rows.at(2).at(verdict), u"a_better"_s);
        QCOMPARE(rows.at(3).at(verdict), QString());
        QVERIFY(rows.at(3).contains(UndefinedReason::noLabelledItems()));
    }

    void json()
    {
        const QJsonObject root
            = QJsonDocument::fromJson(correctedJson(scores(), differences())).object();
        QCOMPARE(root.value(u"benchmark"_s).toString(), u"drb2"_s);
        QCOMPARE(root.value(u"outcome"_s).toString(), correctedOutcomeName(u"drb2"_s));
        QCOMPARE(root.value(u"confidence"_s).toDouble(), 0.95);
        const QJsonArray models = root.value(u"models"_s).toArray();
        QCOMPARE(models.size(), 2);
        const QJsonObject m1 = models.at(0).toObject();
        QCOMPARE(m1.value(u"corrected"_s).toObject().value(u"upper"_s).toDouble(), 0.8);
        QCOMPARE(m1.value(u"lambda"_s).toDouble(), 0.25);
        const QJsonObject m2 = models.at(1).toObject();
        QVERIFY(m2.value(u"corrected"_s).toObject().value(u"value"_s).isNull());
        QCOMPARE(m2.value(u"corrected"_s).toObject().value(u"undefined_reason"_s).toString(),
                 UndefinedReason::noLabelledItems());
        QVERIFY(m2.value(u"lambda"_s).isNull());
        const QJsonArray pairs = root.value(u"pairwise"_s).toArray();
        QCOMPARE(pairs.size(), 3);
        QCOMPARE(pairs.at(1).toObject().value(u"verdict"_s).toString(), u"a_better"_s);
        QVERIFY(pairs.at(2).toObject().value(u"verdict"_s).isNull());
    }

    void latex()
    {
        const QString tex = QString::fromUtf8(correctedLatex(scores(), u"1.2.3"_s));
        QVERIFY(tex.startsWith(u"% Written by Rubricate 1.2.3"_s));
        QVERIFY2(tex.contains(u"m1 & 0.800 [0.700, 0.900] & 0.600 [0.400, 0.800] & 0.500 "
                              "[0.200, 0.800] & 10 & 40 & 22.5 \\\\"_s),
                 qPrintable(tex));
        // The model name escaped, the negative judge score with a minus sign, the undefined
        // estimates footnoted with one letter for their one reason.
        QVERIFY2(tex.contains(u"m\\_2 & $-$0.250 [$-$0.500, 0.000] & ---\\textsuperscript{a} & "
                              "---\\textsuperscript{a} & 0 & 12 & --- \\\\"_s),
                 qPrintable(tex));
        QVERIFY(tex.contains(u"\\textsuperscript{a}"_s + UndefinedReason::noLabelledItems()));
        QVERIFY(!tex.contains(u"\\textsuperscript{b}"_s));
        QVERIFY(tex.contains(u"\\end{tabular}"_s));
    }
};

QTEST_GUILESS_MAIN(TestCorrectedExport)
#include "tst_correctedexport.moc"
