// The bundled demo imports completely, and the evidence of its finished judge run is checked
// against the reports: the one quote the judge invented is flagged, the rest are found.
#include "demo/demoproject.h"
#include "scratchproject.h"

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
        QCOMPARE(s.added.value(u"tasks"_s), 4);
        QCOMPARE(s.added.value(u"reports"_s), 8);
        QCOMPARE(s.added.value(u"verdicts"_s), 142);

        const QList<RunSummary> runs = project.store().runs();
        QCOMPARE(runs.size(), 1);
        const RunTotals t = project.store().runTotals(runs.constFirst().id);
        QCOMPARE(t.evidenceNotFound, 1);
        QCOMPARE(t.evidenceLocated + t.evidencePartial,
                 project.scalar(u"SELECT count(*) FROM verdict WHERE trim(COALESCE(evidence, ''))"
                                " <> ''"_s)
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
        QCOMPARE(project.store().runTotals(runs.constFirst().id).evidenceNotFound, 1);
    }
};

QTEST_GUILESS_MAIN(TestDemoImport)
#include "tst_demoimport.moc"
