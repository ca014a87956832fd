// The bundled demo imports completely, and the evidence of its finished judge run is checked
// against the reports: the one quote the judge invented is flagged, the rest are found.
#include "demo/demoproject.h"
#include "ingest/importer.h"
#include "scratchproject.h"

#include <QFile>
#include <QSqlQuery>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestDemoImport : public QObject
{
    Q_OBJECT

private slots:
    void importsAndLocatesEvidence()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(project.isOpen());
        const ImportSummary s = importDemo(project.store());
        QVERIFY2(s.errorCount() == 0, qPrintable(s.toText()));
        // DRB-II: 4 tasks, 8 reports, 142 verdicts; ResearchRubrics: 2 prompts of 8 criteria,
        // 4 reports and the reference judge's 32 verdicts in one run; ReportBench: 2 surveys
        // with 11 ground-truth references and 4 reports.
        QCOMPARE(s.added.value(u"tasks"_s), 4 + 2 + 2);
        QCOMPARE(s.added.value(u"reports"_s), 8 + 4 + 4);
        QCOMPARE(s.added.value(u"verdicts"_s), 142 + 32);
        QCOMPARE(s.added.value(u"references"_s), 11);
        QCOMPARE(s.added.value(u"runs"_s), 2);
        // ReportBench's statements as claims, and saved copies of 11 of the 13 cited pages.
        QCOMPARE(s.added.value(u"reports with claims"_s), 4);
        QVERIFY(project.scalar(u"SELECT count(*) FROM rubric WHERE report_id IS NOT NULL"_s) > 20);
        QCOMPARE(project.scalar(u"SELECT count(*) FROM source WHERE state = 'fetched'"_s), 11);
        // Two invented annotators: Ana labels all 142 items, Ben most of them.
        QCOMPARE(s.added.value(u"annotations"_s), 224);
        QCOMPARE(project.scalar(u"SELECT count(DISTINCT annotator) FROM annotation_event"_s), 2);
        QCOMPARE(project.scalar(u"SELECT count(*) FROM annotation_event WHERE annotator = 'Ana'"_s),
                 142);
        // The odd-numbered items were labelled in the study "calibration", compared with the
        // DRB-II run: 119 labels on 76 items, every one of them Ana's.
        LabelFilter calibration;
        calibration.study = u"calibration"_s;
        qsizetype studyLabels = 0;
        for (const RatingRow &row :
             project.store().annotations().ratingRows(u"drb2"_s, calibration))
            studyLabels += row.judge ? 0 : 1;
        QCOMPARE(studyLabels, 119);
        const std::optional<Study> study = project.store().annotations().study(u"calibration"_s);
        QVERIFY(study);
        QVERIFY(study->runId > 0);
        QCOMPARE(
            project.store().annotations().assignments(u"calibration"_s, u"Ana"_s).value().size(),
            76);

        QList<RunSummary> runs = project.store().runs().list().value();
        QCOMPARE(runs.size(), 2);
        runs.removeIf([](const RunSummary &r) { return r.benchmarkKey != u"drb2"_s; });
        QCOMPARE(runs.size(), 1);
        const RunTotals t = project.store().runs().runTotals(runs.constFirst().id).value();
        QCOMPARE(t.evidenceNotFound, 1);
        QCOMPARE(t.evidenceLocated + t.evidencePartial,
                 project.scalar(u"SELECT count(*) FROM verdict WHERE trim(COALESCE(evidence, ''))"
                                " <> '' AND run_id = %1"_s.arg(runs.constFirst().id))
                     - 1);
        QCOMPARE(project.scalar(u"SELECT count(*) FROM verdict v JOIN rubric r ON r.id = "
                                "v.rubric_id WHERE v.evidence_status = 'not_found' AND r.text "
                                "LIKE '%Harrow Valley%'"_s),
                 1);
        // Located evidence has spans inside its report's text.
        QCOMPARE(project.scalar(u"SELECT count(*) FROM verdict_evidence e JOIN verdict v ON "
                                "v.id = e.verdict_id JOIN report p ON p.id = v.report_id "
                                "WHERE e.start < 0 OR e.start + e.length > length(p.text)"_s),
                 0);
        QVERIFY(project.scalar(u"SELECT count(*) FROM verdict_evidence"_s) > 50);

        const ImportSummary again = importDemo(project.store());
        QVERIFY(again.added.isEmpty());
        QVERIFY(again.updated.isEmpty());
        QCOMPARE(project.store().runs().runTotals(runs.constFirst().id).value().evidenceNotFound,
                 1);
        QCOMPARE(again.unchanged.value(u"annotations"_s), 224); // no event written twice
        QCOMPARE(project.scalar(u"SELECT count(*) FROM annotation_event"_s), 224);
    }

    void annotationImportReportsBadLines()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(project.isOpen());
        QVERIFY(importDemo(project.store()).errorCount() == 0);
        const QString file = project.filePath(u"labels.jsonl"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("{\"task\": \"1\", \"model\": \"AtlasAgent\", \"dimension\": \"analysis\", "
                  "\"number\": 2, \"annotator\": \"Cy\", \"label\": -1, \"note\": \"blocked\"}\n"
                  "not json\n"
                  "{\"task\": \"1\", \"model\": \"AtlasAgent\", \"dimension\": \"analysis\", "
                  "\"number\": 99, \"annotator\": \"Cy\", \"label\": 1}\n"
                  "{\"task\": \"1\", \"model\": \"NoSuchAgent\", \"dimension\": \"analysis\", "
                  "\"number\": 1, \"annotator\": \"Cy\", \"label\": 1}\n"
                  "{\"task\": \"1\", \"model\": \"AtlasAgent\", \"dimension\": \"analysis\", "
                  "\"number\": 1, \"annotator\": \"Cy\", \"label\": 0.5}\n");
        out.close();
        const ImportSummary s = runImport(project.store(), ImportKind::Annotations, file);
        QCOMPARE(s.added.value(u"annotations"_s), 1);
        QCOMPARE(s.errorCount(), 4); // not JSON, no rubric 99, no such report, off the scale
        QVERIFY(s.toText().contains(u"labels.jsonl:2"_s));
        QCOMPARE(project.scalar(u"SELECT count(*) FROM annotation_event WHERE annotator = 'Cy'"
                                " AND value = -1 AND note = 'blocked'"_s),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestDemoImport)
#include "tst_demoimport.moc"
