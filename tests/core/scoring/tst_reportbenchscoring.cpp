// ReportBench citation scoring on the real ground truth (shared/data/reportbench).
#include "ingest/importcontext.h"
#include "scoring/citationextraction.h"
#include "scoring/reportbenchscoring.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// A GT file read the way the importer stores it: one Reference per line.
QList<Reference> readGroundTruth(const QString &path)
{
    QList<Reference> refs;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return refs;
    int position = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Reference r;
        r.position = position++;
        r.bibId = o.value(u"bib_id"_s).toString();
        r.title = o.value(u"title"_s).toString();
        r.normalizedTitle = normalizeTitle(r.title);
        r.meta = o.value(u"meta_info"_s).toObject();
        refs << r;
    }
    return refs;
}

// Distinct titles of `refs` as written, in file order, one per normalised title.
QStringList distinctTitles(const QList<Reference> &refs)
{
    QStringList out;
    QSet<QString> seen;
    for (const Reference &r : refs) {
        if (!seen.contains(r.normalizedTitle)) {
            seen.insert(r.normalizedTitle);
            out << r.title;
        }
    }
    return out;
}

} // namespace

class TestReportBenchScoring : public QObject
{
    Q_OBJECT

    QList<Reference> m_gt; // 2003.00653

private slots:
    void initTestCase()
    {
        RUBRICATE_REQUIRE_SHARED(path, "reportbench/ReportBench_v1.1_GT/2003.00653.jsonl");
        m_gt = readGroundTruth(path);
        QCOMPARE(m_gt.size(), 98); // raw lines
    }

    // formats.md §6: unique normalised titles per survey, summed over the 100 files, is
    // 15,060 (13,988 would be the union across surveys); 2003.00653 alone has 96.
    void groundTruthTitleCounts()
    {
        RUBRICATE_REQUIRE_SHARED(dir, "reportbench/ReportBench_v1.1_GT");
        const auto files = QDir(dir).entryInfoList({u"*.jsonl"_s}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 100);
        qsizetype sum = 0;
        QSet<QString> all;
        QHash<QString, qsizetype> perSurvey;
        for (const QFileInfo &f : files) {
            const QSet<QString> g = groundTruthTitles(readGroundTruth(f.filePath()));
            sum += g.size();
            all.unite(g);
            perSurvey.insert(f.completeBaseName(), g.size());
        }
        QCOMPARE(sum, 15060);
        QCOMPARE(all.size(), 13988);
        QCOMPARE(perSurvey.value(u"2003.00653"_s), 96);
        QCOMPARE(perSurvey.value(u"2004.05937"_s), 302);
        QCOMPARE(perSurvey.value(u"2006.00648"_s), 60);
    }

    // 10 GT titles + 5 titles not in the GT, written as a reference list: P = 15, G = 96.
    void constructedReportPrecisionRecall()
    {
        const QStringList titles = distinctTitles(m_gt);
        QCOMPARE(titles.size(), 96);
        QString report = u"# A survey\n\nSome prose citing [1] and [2].\n\n## References\n\n"_s;
        for (int i = 0; i < 10; ++i)
            report += u"%1. Author, A., Other, B. \"%2\". Some Venue, 2019.\n"_s.arg(i + 1).arg(
                titles.at(i * 9));
        const QStringList invented{u"A Made-Up Study of Imaginary Radar Networks"_s,
                                   u"Completely Fictional Benchmarks for Nothing"_s,
                                   u"On the Absence of Ground Truth in Invented Papers"_s,
                                   u"Synthetic Titles as a Service for Unit Tests"_s,
                                   u"Yet Another Paper That Was Never Written"_s};
        for (const QString &t : invented)
            report += u"- Nobody, N. \"%1\". arXiv:2101.00001, 2021.\n"_s.arg(t);

        const auto citations = extractCitations(report);
        const auto s = scoreReportBenchReport(u"m"_s, u"2003.00653"_s, citations, m_gt);
        QCOMPARE(s.predictedCount, 15);
        QCOMPARE(s.groundTruthCount, 96);
        QCOMPARE(s.intersectionCount, 10);
        QVERIFY(s.precision && s.recall && s.f1);
        QCOMPARE(*s.precision, 10.0 / 15.0);
        QCOMPARE(*s.recall, 10.0 / 96.0);
        QCOMPARE(*s.f1, 2 * (10.0 / 15) * (10.0 / 96) / (10.0 / 15 + 10.0 / 96));
        QVERIFY(!s.dropped);
        QCOMPARE(s.matchedTitles.size(), 10);
    }

    void identifiersMatchOnlyWhenAsked()
    {
        // The GT journal field "arXiv preprint arXiv:NNNN.NNNNN" names the paper by id.
        QString id, title;
        for (const Reference &r : m_gt) {
            const auto ids = extractIdentifiers(r.meta.value(u"journal"_s).toString());
            if (!ids.isEmpty() && ids.first().kind == CitationKind::ArxivId) {
                id = ids.first().key;
                title = r.normalizedTitle;
                break;
            }
        }
        QVERIFY(!id.isEmpty());
        const auto citations
            = extractCitations(u"As shown in https://arxiv.org/abs/%1 ."_s.arg(id));
        const auto titlesOnly = scoreReportBenchReport(u"m"_s, u"x"_s, citations, m_gt);
        QCOMPARE(titlesOnly.predictedCount, 0);
        QVERIFY(!titlesOnly.precision);
        QCOMPARE(titlesOnly.urls, 1);

        ReportBenchOptions withIds;
        withIds.identifiers = IdentifierMatching::TitlesAndIds;
        const auto s = scoreReportBenchReport(u"m"_s, u"x"_s, citations, m_gt, withIds);
        QCOMPARE(s.predictedCount, 1);
        QCOMPARE(s.intersectionCount, 1);
        QCOMPARE(s.matchedTitles, QStringList{title});
        QCOMPARE(*s.precision, 1.0);
    }

    void noCitationPolicies()
    {
        const auto none = extractCitations(u"A report without a single reference."_s);
        QVERIFY(none.isEmpty());

        const auto undefined = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt);
        QVERIFY(!undefined.precision);
        QVERIFY(!undefined.f1);
        QCOMPARE(undefined.recall, 0.0);
        QVERIFY(!undefined.dropped);
        QVERIFY(undefined.note.contains(u"precision undefined"_s));

        ReportBenchOptions o;
        o.noCitations = NoCitationPolicy::Drop;
        const auto dropped = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt, o);
        QVERIFY(dropped.dropped);
        QVERIFY(!dropped.precision && !dropped.recall);

        o.noCitations = NoCitationPolicy::Zero;
        const auto zero = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt, o);
        QCOMPARE(zero.precision, 0.0);
        QCOMPARE(zero.f1, 0.0);

        const auto noGt = scoreReportBenchReport(u"m"_s, u"x"_s, none, {});
        QVERIFY(noGt.dropped);
    }

    void microAndMacroOnTwoReports()
    {
        // A: 2 of 4 predicted in G (|G| 96); B: 1 of 1 (|G| 96); C: no citations (default
        // policy: out of precision means, in recall ones); another model separately.
        const QStringList t = distinctTitles(m_gt);
        const auto listOf = [](const QStringList &titles) -> QString {
            QString s = u"## References\n"_s;
            for (const QString &x : titles)
                s += u"- \"%1\"\n"_s.arg(x);
            return s;
        };
        const QString a = listOf({t[0], t[1], u"Not In Ground Truth At All"_s,
                                  u"Also Not a Reference of This Survey"_s});
        const QString b = listOf({t[2]});
        QList<ReportBenchReportScore> scores{
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, extractCitations(a), m_gt),
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, extractCitations(b), m_gt),
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, {}, m_gt),
            scoreReportBenchReport(u"alpha"_s, u"2003.00653"_s, extractCitations(b), m_gt),
        };
        const auto models = aggregateReportBench(scores);
        QCOMPARE(models.size(), 2);
        QCOMPARE(models[0].model, u"alpha"_s);
        const ReportBenchModelScore &m = models[1];
        QCOMPARE(m.reports, 3);
        QCOMPARE(m.scored, 3);
        QCOMPARE(m.withoutCitations, 1);
        QCOMPARE(m.totalPredicted, 5);
        QCOMPARE(m.totalIntersection, 3);
        QCOMPARE(m.totalGroundTruth, 3 * 96);
        QCOMPARE(*m.microPrecision, 3.0 / 5.0); // pooled
        QCOMPARE(*m.macroPrecision, (2.0 / 4.0 + 1.0) / 2.0); // C has no precision
        QCOMPARE(*m.microRecall, 3.0 / 288.0);
        QCOMPARE(*m.macroRecall, (2.0 / 96 + 1.0 / 96 + 0.0) / 3.0);
        QCOMPARE(*m.refsPerReport, 5.0 / 3.0);

        // The reference's behaviour: C leaves every average.
        ReportBenchOptions drop;
        drop.noCitations = NoCitationPolicy::Drop;
        scores[2] = scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, {}, m_gt, drop);
        const auto asReference = aggregateReportBench(scores)[1];
        QCOMPARE(asReference.scored, 2);
        QCOMPARE(*asReference.macroRecall, (2.0 / 96 + 1.0 / 96) / 2.0);
        QCOMPARE(*asReference.microRecall, 3.0 / 192.0);
        QCOMPARE(*asReference.refsPerReport, 2.5);
    }
};

QTEST_GUILESS_MAIN(TestReportBenchScoring)
#include "tst_reportbenchscoring.moc"
