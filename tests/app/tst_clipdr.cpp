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
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
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

    // A model's reports imported, their claims extracted and the reports judged offline (P, Q).
    bool importExtractAndJudge(const QString &model, const QByteArray &jsonl)
    {
        const QString file = model + u".jsonl"_s;
        if (!RubricateTest::writeFile(m_project.filePath(file), jsonl))
            return false;
        for (const QStringList &args :
             {QStringList{u"import"_s, u"pdr-reports"_s, file},
              QStringList{u"claims"_s, u"extract"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s,
                          model},
              QStringList{u"judge"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s, model}}) {
            const auto r = cli(args);
            if (r.code != 0) {
                qWarning().noquote() << args.join(u' ') << r.out << r.err;
                return false;
            }
        }
        return true;
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
        const auto scores = scorePdrProject(m_project.store(), 0, {}, std::nullopt);
        QVERIFY2(scores, qPrintable(scores.errorMessage()));
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
        QVERIFY(importExtractAndJudge(u"ModelY"_s, article));
        RubricateTest::CliResult r;
        r = cli({u"judge"_s, u"--benchmark"_s, u"pdrbench"_s, u"--models"_s, u"ModelY"_s,
                 u"--scheme"_s, u"reportbench-cited"_s, u"--provider"_s, u"openai"_s, u"--model"_s,
                 u"checker"_s, u"--base-url"_s, u"http://127.0.0.1:9/v1"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));

        auto claims = readPdrClaimItems(m_project.store(), {});
        QVERIFY2(claims, qPrintable(claims.errorMessage()));
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

    // ModelZ: query 1 cites nothing (two uncited statements), query 2 cites one page twice.
    // Right after `claims extract` no support run has judged ModelZ: no R (the uncited report's
    // R of 0 must not stand alone for the model), and the overall is the mean of P and Q. Then
    // two support runs: the first against an unrelated page (both claims not supported), the
    // second against the right one (both supported). R takes the newest finished run per
    // report: query 2 FA 10, CC 10, R 10; query 1 R 0 (it cites nothing) → R 5 over 2 reports.
    // Both runs pooled as votes (--claim-runs) tie, and a tie has no FA.
    void reliabilityOnlyWhereSupportWasJudged()
    {
        const QByteArray articles
            = R"({"id": 1, "article": "# Saving\n\nA monthly budget should keep three months of expenses aside. Savings goals work best when they are automatic."})"
              "\n"
              R"({"id": 2, "article": "# Shift pay\n\nNight shifts pay a premium of twelve percent [1]. The premium is paid monthly with the base salary [1].\n\n[1] Contract, http://example.org/contract-z"})"
              "\n";
        QVERIFY(importExtractAndJudge(u"ModelZ"_s, articles));
        RubricateTest::CliResult r;

        const auto groupOf = [&](const QString &model) {
            const auto scores
                = scorePdrProject(m_project.store(), 0, {}, storedPdrClaimItems(m_project.store()));
            for (const PdrGroup &g : pdrGroups(scores->reports, PdrBreakdown::None)) {
                if (g.model == model)
                    return g;
            }
            return PdrGroup{};
        };
        // The table row of ModelZ's "all" group, cells split on runs of spaces.
        const auto rowOf = [](const QString &out, const QString &model) {
            static const QRegularExpression spaces(u"\\s+"_s);
            for (const QString &line : out.split(u'\n')) {
                QStringList cells = line.trimmed().split(spaces);
                if (cells.value(0) == model && cells.value(1) == "all"_L1)
                    return cells;
            }
            return QStringList{};
        };

        r = cli({u"score"_s, u"pdr"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"R n"_s), qPrintable(r.out));
        // ModelY's cited claims were judged (their source unavailable); ModelZ's two were not.
        QVERIFY2(r.out.contains(u"2 with claims whose support no finished run has judged"_s),
                 qPrintable(r.out));
        PdrGroup z = groupOf(u"ModelZ"_s);
        QCOMPARE(z.r.n, 0);
        QCOMPARE(z.supportNotJudged, 2);
        QVERIFY(!z.r.mean);
        QVERIFY(z.p.mean && z.q.mean);
        QCOMPARE(*z.overall, (*z.p.mean + *z.q.mean) / 2);
        // model, group, value, reports, P, Q, R, R n, overall, errors
        QStringList row = rowOf(r.out, u"ModelZ"_s);
        QCOMPARE(row.value(6), u"-"_s);
        QCOMPARE(row.value(7), u"0"_s);
        QCOMPARE(row.value(8), QString::number(*z.overall, 'f', 4));

        // The first support run reads an unrelated page.
        const QString sources = m_project.filePath(u"sources"_s);
        const auto importSource = [&](const QByteArray &text) {
            return RubricateTest::writeFile(sources + u"/z.txt"_s, text)
                && RubricateTest::writeFile(
                       sources + u"/sources.jsonl"_s,
                       R"({"url": "http://example.org/contract-z", "file": "z.txt"})"
                       "\n")
                && cli({u"sources"_s, u"import"_s, sources}).code == 0;
        };
        QVERIFY(importSource("A page about gardening and roses.\n"));
        QProcess judge;
        judge.start(QStringLiteral(RUBRICATE_CLI), {u"simulate-judge"_s});
        QVERIFY(judge.waitForStarted());
        QVERIFY(judge.waitForReadyRead(30000));
        const QString url = u"http://127.0.0.1:%1/v1"_s.arg(
            QString::fromUtf8(judge.readLine()).trimmed().toInt());
        const QStringList support{
            u"judge"_s,  u"--benchmark"_s, u"pdrbench"_s,          u"--models"_s,
            u"ModelZ"_s, u"--scheme"_s,    u"reportbench-cited"_s, u"--provider"_s,
            u"openai"_s, u"--model"_s,     u"checker"_s,           u"--base-url"_s,
            url};
        r = cli(support);
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const RowId first = m_project.scalar(u"SELECT max(id) FROM judge_run"_s);
        QVERIFY(importSource("Night shifts pay a premium of twelve percent. The premium is paid "
                             "monthly with the base salary.\n"));
        r = cli(support);
        judge.kill();
        judge.waitForFinished();
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const RowId second = m_project.scalar(u"SELECT max(id) FROM judge_run"_s);
        QVERIFY(second > first);

        z = groupOf(u"ModelZ"_s);
        QCOMPARE(z.r.n, 2);
        QCOMPARE(z.supportNotJudged, 0);
        QCOMPARE(*z.r.mean, 5.0);
        QCOMPARE(*z.overall, (*z.p.mean + *z.q.mean + 5.0) / 3);
        r = cli({u"score"_s, u"pdr"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        row = rowOf(r.out, u"ModelZ"_s);
        QCOMPARE(row.value(6), u"5.0000"_s);
        QCOMPARE(row.value(7), u"2"_s);
        QCOMPARE(row.value(8), QString::number(*z.overall, 'f', 4));

        // Per report R, FA and CC in --out.
        const QString out = m_project.filePath(u"withZ"_s);
        r = cli({u"score"_s, u"pdr"_s, u"--out"_s, out});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QStringList lines = readText(out + u"/reliability/ModelZ/reliability_results.jsonl"_s)
                                      .split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        // Query 1 cites nothing (R 0 now that ModelZ's support was judged); query 2's two
        // citations are supported.
        const auto report = [](int id, int cited, double value) {
            return QJsonObject{{u"id"_s, id},
                               {u"claims"_s, 2},
                               {u"cited"_s, cited},
                               {u"supported"_s, cited},
                               {u"factual_accuracy"_s, value},
                               {u"citation_coverage"_s, value},
                               {u"score"_s, value},
                               {u"support_judged"_s, true}};
        };
        const QList<QJsonObject> expected{report(1, 0, 0.0), report(2, 2, 10.0)};
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const QJsonObject line = QJsonDocument::fromJson(lines.at(i).toUtf8()).object();
            for (auto it = expected.at(i).constBegin(); it != expected.at(i).constEnd(); ++it)
                QVERIFY2(line.value(it.key()) == it.value(), qPrintable(lines.at(i)));
        }
        const QString text = readText(out + u"/reliability/ModelZ/reliability_result.txt"_s);
        QVERIFY2(text.contains(u"Reports with R: 2\n"_s), qPrintable(text));
        QVERIFY2(text.contains(u"R Overall Score: 5.0000\n"_s), qPrintable(text));

        // Both runs pooled: one vote each way is a tie, so query 2 has no FA and no R.
        r = cli({u"score"_s, u"pdr"_s, u"--claim-runs"_s, u"%1,%2"_s.arg(first).arg(second)});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        row = rowOf(r.out, u"ModelZ"_s);
        QCOMPARE(row.value(6), u"0.0000"_s);
        QCOMPARE(row.value(7), u"1"_s);
    }

    // --weights and --unmatched as the CLI's spellings of PdrScoringOptions. The generated
    // quality weights sum to 1; taking 0.01 from clarity makes them sum to 0.99, as in a
    // criteria file whose rounding did not add up, so normalising changes Q.
    void scoringChoiceFlags()
    {
        QSqlQuery update(m_project.store().database());
        QVERIFY(update.exec(u"UPDATE rubric SET dimension_weight = dimension_weight - 0.01 "
                            "WHERE dimension = 'clarity_readability'"_s));
        const auto groupWith = [&](const PdrScoringOptions &o) {
            const auto scores = scorePdrProject(m_project.store(), 0, o, std::nullopt);
            return pdrGroups(scores->reports, PdrBreakdown::None).at(0);
        };
        PdrScoringOptions normalized;
        normalized.weights = PdrWeightsPolicy::Normalized;
        const PdrGroup reference = groupWith({}), divided = groupWith(normalized);
        QCOMPARE(reference.model, u"ModelZ"_s);
        QVERIFY(qAbs(*divided.q.mean - *reference.q.mean / 0.99) < 1e-9);
        for (const auto &[flag, g] :
             {std::pair{u"reference"_s, reference}, std::pair{u"normalized"_s, divided}}) {
            const auto r = cli({u"score"_s, u"pdr"_s, u"--weights"_s, flag});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QVERIFY2(r.out.contains(QString::number(*g.q.mean, 'f', 4)), qPrintable(r.out));
        }
        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--unmatched"_s, u"reask"_s}).code, 0);
        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--unmatched"_s, u"reference"_s}).code, 0);
        auto r = cli({u"score"_s, u"pdr"_s, u"--weights"_s, u"bogus"_s});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"--weights is reference or normalized"_s), qPrintable(r.err));
        QCOMPARE(cli({u"score"_s, u"pdr"_s, u"--unmatched"_s, u"drop"_s}).code, 2);
        r = cli({u"--help"_s});
        QVERIFY(r.out.contains(u"--weights reference|normalized"_s));
        QVERIFY(r.out.contains(u"newest finished support run"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliPdr)
#include "tst_clipdr.moc"
