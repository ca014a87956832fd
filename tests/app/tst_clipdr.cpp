// `rubricate-cli pdr criteria` with the offline provider (criteria for queries without any,
// skipped ones, unknown ids) and `score pdr` from a stored pdrbench run, printed and written
// in the reference's results layout.
#include "clirunner.h"
#include "pdrfixtures.h"
#include "readers/claimsproject.h"
#include "readers/pdrproject.h"
#include "scratchproject.h"
#include "testfiles.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestCliPdr : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;
    QString m_path;

    RubricateTest::CliResult cli(QStringList args)
    {
        args.prepend(m_path);
        args.prepend(u"-p"_s);
        return RubricateTest::runCli(m_project.filePath({}), args);
    }

    static QString readText(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_project.isOpen());
        m_path = m_project.store().path();
        using RubricateTest::writeFile;
        QVERIFY(writeFile(m_project.filePath(u"personas.jsonl"_s), QByteArray(fixture0)));
        QVERIFY(writeFile(m_project.filePath(u"queries.jsonl"_s), QByteArray(fixture1)));
        QVERIFY(writeFile(m_project.filePath(u"ModelX.jsonl"_s), QByteArray(fixture3)));
        QCOMPARE(cli({u"import"_s, u"pdr-personas"_s, u"personas.jsonl"_s}).code, 0);
        QCOMPARE(cli({u"import"_s, u"pdr-queries"_s, u"queries.jsonl"_s}).code, 0);
        // Two reports; the fixture's unknown id and truncated line are reported (exit 3 with
        // --strict).
        QCOMPARE(cli({u"import"_s, u"pdr-reports"_s, u"ModelX.jsonl"_s, u"--strict"_s}).code, 3);
    }

    void criteriaOffline()
    {
        auto r = cli({u"pdr"_s, u"criteria"_s, u"--samples"_s, u"2"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"3 queries written, 0 failed, 0 skipped"_s), qPrintable(r.out));
        QVERIFY(r.out.contains(u"query 1: 21 criteria written"_s));
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM rubric WHERE json_extract(metadata, "
                                  "'$.origin') = 'judge:offline-simulator'"_s),
                 63);
        // Dimension weights of a family sum to 1 in every query.
        QCOMPARE(m_project.scalar(
                     u"SELECT count(*) FROM (SELECT query_id, f, sum(w) s FROM (SELECT DISTINCT "
                     "query_id, json_extract(metadata, '$.family') f, dimension, dimension_weight w"
                     " FROM rubric) GROUP BY query_id, f HAVING abs(s - 1) < 1e-9)"_s),
                 6);

        r = cli({u"pdr"_s, u"criteria"_s});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(u"0 queries written, 0 failed, 3 skipped"_s), qPrintable(r.out));

        r = cli({u"pdr"_s, u"criteria"_s, u"--queries"_s, u"9"_s});
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains(u"no PDR-Bench query with id 9"_s));
        QCOMPARE(cli({u"pdr"_s, u"criteria"_s, u"--samples"_s, u"0"_s}).code, 2);
        QCOMPARE(cli({u"pdr"_s, u"weights"_s}).code, 2);

        r = cli({u"pdr"_s, u"criteria"_s, u"--queries"_s, u"2"_s, u"--force"_s});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(u"1 queries written"_s), qPrintable(r.out));
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM rubric"_s), 63);
    }

    void scoreFromTheStoredRun()
    {
        QCOMPARE(cli({u"score"_s, u"pdr"_s}).code, 1); // no run yet
        auto r = cli({u"judge"_s, u"--benchmark"_s, u"pdrbench"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli({u"score"_s, u"pdr"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(u"2 reports, 42 criteria, 0 judge errors"_s));
        QVERIFY(r.out.contains(u"persona"_s));
        QVERIFY(r.out.contains(u"task_persona"_s));
        QVERIFY(r.out.contains(u"depth_insight"_s));

        const QString dir = m_project.filePath(u"results"_s);
        r = cli({u"score"_s, u"pdr"_s, u"--out"_s, dir});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(u"5 files written"_s));
        // The files say what core scores the same run to.
        QString error;
        const auto scores = scorePdrProject(m_project.store(), 0, {}, std::nullopt, &error);
        QVERIFY2(scores, qPrintable(error));
        const PdrGroup g = pdrGroups(scores->reports, PdrBreakdown::None).at(0);
        const QString overall = readText(dir + u"/overall/ModelX/overall_result.txt"_s);
        QVERIFY2(overall.contains(u"Final Overall Score: %1\n"_s.arg(*g.overall, 0, 'f', 4)),
                 qPrintable(overall));
        QVERIFY(overall.contains(u"R Overall Score: N/A\n"_s));
        const QString p = readText(dir + u"/personalization/ModelX/personalization_result.txt"_s);
        QVERIFY2(p.contains(u"P Overall Score: %1\n"_s.arg(*g.p.mean, 0, 'f', 4)), qPrintable(p));
        // aggregate_overall.py reads the first "Overall Score:" number of each file.
        static const QRegularExpression first(u"Overall Score:\\s*([0-9.]+)"_s);
        QCOMPARE(first.match(p).captured(1).toDouble(),
                 QString::number(*g.p.mean, 'f', 4).toDouble());
        QVERIFY(QFile::exists(dir + u"/quality/ModelX/quality_results.jsonl"_s));

        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--missing"_s, u"bogus"_s}).code, 2);
        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--run"_s, u"999"_s}).code, 1);
        r = cli({u"score"_s, u"pdr"_s, u"--missing"_s, u"reference"_s});
        QCOMPARE(r.code, 0);
    }

    // R from claims: ModelY's report has two statements citing a page never fetched and two
    // without a citation. The support run sends nothing (no source text), so the cited claims
    // are "source unavailable": CC = 10 · 2/4 = 5; FA has nothing checkable and, with it, R
    // has no value, unless unavailable sources count as not supported (FA 0, R 2.5).
    void reliabilityFromClaims()
    {
        const QByteArray article
            = R"({"id": 1, "article": "# Budget for shifts\n\nNight shifts pay a premium of twelve percent in the regional contract [1]. The premium is paid monthly with the base salary [1]. A monthly budget should keep three months of expenses aside. Savings goals work best when they are automatic.\n\n[1] Regional contract, http://127.0.0.1:9/contract"})"
              "\n";
        QVERIFY(RubricateTest::writeFile(m_project.filePath(u"ModelY.jsonl"_s), article));
        QCOMPARE(cli({u"import"_s, u"pdr-reports"_s, u"ModelY.jsonl"_s}).code, 0);
        auto r = cli({u"claims"_s, u"extract"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s,
                      u"ModelY"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        r = cli({u"judge"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s, u"ModelY"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        r = cli({u"judge"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s, u"ModelY"_s,
                 u"--scheme"_s, u"reportbench-cited"_s, u"--provider"_s, u"openai"_s, u"--model"_s,
                 u"checker"_s, u"--base-url"_s, u"http://127.0.0.1:9/v1"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));

        QString error;
        auto claims = readPdrClaimItems(m_project.store(), {}, &error);
        QVERIFY2(claims, qPrintable(error));
        QCOMPARE(claims->size(), 4);
        const auto count = [&](PdrClaimStatus s) {
            return std::count_if(claims->cbegin(), claims->cend(),
                                 [s](const PdrClaimItem &c) { return c.status == s; });
        };
        QCOMPARE(count(PdrClaimStatus::SourceUnavailable), 2);
        QCOMPARE(count(PdrClaimStatus::Uncited), 2);

        r = cli({u"score"_s, u"pdr"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u" R "_s), qPrintable(r.out));
        r = cli({u"score"_s, u"pdr"_s, u"--unavailable"_s, u"not-supported"_s, u"--out"_s,
                 m_project.filePath(u"withR"_s)});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QString reliability
            = readText(m_project.filePath(u"withR/reliability/ModelY/reliability_result.txt"_s));
        QVERIFY2(reliability.contains(u"Citation Coverage: 5.0000"_s), qPrintable(reliability));
        QVERIFY2(reliability.contains(u"R Overall Score: 2.5000"_s), qPrintable(reliability));
        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--claim-runs"_s, u"999"_s}).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestCliPdr)
#include "tst_clipdr.moc"
