// Annotators, label provenance, gold labels and studies in the project (migration 9).
#include "judgefixture.h"
#include "scratchproject.h"
#include "store/projectstore.h"

#include <QTest>
#include <QUuid>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestStudies : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    QList<RatingRow> m_items;

    ProjectStore &store() { return m_project->store(); }

    AnnotationEvent label(int item, const QString &annotator, double value)
    {
        AnnotationEvent e;
        e.reportId = m_items.at(item).reportId;
        e.rubricId = m_items.at(item).rubricId;
        e.annotator = annotator;
        e.value = value;
        e.provenance.method = LabelMethod::Typed;
        return e;
    }

private slots:
    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        RubricateTest::writeJudgeFixture(store(), m_project->filePath(u"in"_s), 1, 6);
        m_items = store().itemRows(u"drb2"_s);
        QCOMPARE(m_items.size(), 12);
    }

    void cleanup() { m_project.reset(); }

    void provenanceIsStoredAndReadBack()
    {
        AnnotationEvent e = label(0, u"p-1"_s, 1);
        e.annotatorName = u"Ada"_s;
        e.provenance = {LabelMethod::AcceptedJudge, false, 0, 1.0, u"pilot"_s, 4200, u"9.9"_s};
        QVERIFY2(store().appendAnnotation(e), qPrintable(store().lastError()));
        const auto back = store().currentAnnotation(e.reportId, e.rubricId, u"p-1"_s);
        QVERIFY(back);
        QCOMPARE(back->provenance, e.provenance);
        QCOMPARE(back->annotatorName, u"Ada"_s); // the first event named the new annotator
        QCOMPARE(QUuid::fromString(back->uid).isNull(), false);
        // A uid given (an event travelling from another copy) is kept, and never taken twice.
        AnnotationEvent travelled = label(1, u"p-1"_s, 0);
        travelled.uid = u"4b2a0c8e-0000-4000-8000-000000000001"_s;
        QVERIFY(store().appendAnnotation(travelled));
        QCOMPARE(store().currentAnnotation(travelled.reportId, travelled.rubricId)->uid,
                 travelled.uid);
        QVERIFY(!store().appendAnnotation(travelled));
    }

    void goldNeverMixesWithLabels()
    {
        QVERIFY(store().appendAnnotation(label(0, u"ada"_s, 1)));
        AnnotationEvent gold = label(0, u"judy"_s, 0);
        gold.kind = AnnotationKind::Gold;
        gold.provenance.method = LabelMethod::Adjudicated;
        QVERIFY(store().appendAnnotation(gold));
        const RowId report = gold.reportId;
        QCOMPARE(store().currentAnnotations(report).size(), 1);
        QCOMPARE(store().currentAnnotations(report).constBegin()->annotator, u"ada"_s);
        QCOMPARE(store().currentAnnotations(report, {}, AnnotationKind::Gold).size(), 1);
        QCOMPARE(*store().currentAnnotation(report, gold.rubricId, {}, AnnotationKind::Gold)->value,
                 0.0);
        int humanRows = 0;
        for (const RatingRow &row : store().ratingRows(u"drb2"_s))
            humanRows += row.rater.startsWith(u"human:"_s) ? 1 : 0;
        QCOMPARE(humanRows, 1);
        QCOMPARE(store().annotationHistory(report, gold.rubricId).size(), 2);
    }

    void renameKeepsLabelsAndNamesAreIds()
    {
        QCOMPARE(*store().annotatorIdNamed(u"Bo"_s), u"Bo"_s);
        QVERIFY(store().appendAnnotation(label(2, u"Bo"_s, 1)));
        QVERIFY(store().renameAnnotator(u"Bo"_s, u"Bo Lindqvist"_s));
        QCOMPARE(*store().annotatorIdNamed(u"Bo Lindqvist"_s), u"Bo"_s);
        QCOMPARE(store().currentAnnotations(m_items.at(2).reportId, u"Bo"_s).size(), 1);
        bool named = false;
        for (const RatingRow &row : store().ratingRows(u"drb2"_s))
            named |= row.rater == u"human:Bo"_s && row.raterName == u"Bo Lindqvist"_s;
        QVERIFY(named);
        QVERIFY(!store().renameAnnotator(u"Bo"_s, u"  "_s));
    }

    void studyQueueAndProgress()
    {
        QList<Assignment> items;
        for (int i = 0; i < 4; ++i)
            items.append({m_items.at(i).reportId, m_items.at(i).rubricId, {u"ada"_s, u"bo"_s}, i});
        QVERIFY(store().saveAssignments(u"pilot"_s, 7, items));
        QCOMPARE(store().studies().size(), 1);
        QCOMPARE(store().study(u"pilot"_s)->blind, false);

        Study settings{u"pilot"_s, {}, 0, true, {}, u"ada"_s};
        QVERIFY2(store().saveStudy(settings), qPrintable(store().lastError()));
        QVERIFY(store().study(u"pilot"_s)->blind);
        QVERIFY(!store().saveStudy(settings)); // blind cannot be switched off afterwards
        QVERIFY(!store().saveStudy({u"missing"_s, {}, 0, false, {}, {}}));

        // Ada labels the third item: it moves to the end of her queue, not of Bo's.
        QVERIFY(store().appendAnnotation(label(2, u"ada"_s, 1)));
        const QList<QueueItem> queue = store().studyQueue(u"pilot"_s, u"ada"_s);
        QCOMPARE(queue.size(), 4);
        QCOMPARE(queue.at(0).position, 0);
        QCOMPARE(queue.at(2).position, 3);
        QCOMPARE(queue.at(3).position, 2);
        QVERIFY(queue.at(3).labelled && !queue.at(0).labelled);
        QCOMPARE(store().studyQueue(u"pilot"_s, u"bo"_s).at(2).position, 2);
        // A cleared label is not labelled.
        AnnotationEvent cleared = label(2, u"ada"_s, 0);
        cleared.value.reset();
        QVERIFY(store().appendAnnotation(cleared));
        QVERIFY(!store().studyQueue(u"pilot"_s, u"ada"_s).constLast().labelled);
        QVERIFY(store().appendAnnotation(label(1, u"bo"_s, 0)));
        const QList<StudyProgress> progress = store().studyProgress(u"pilot"_s);
        QCOMPARE(progress.size(), 2);
        QCOMPARE(progress.at(0).annotatorId, u"ada"_s);
        QCOMPARE(progress.at(0).labelled, 0);
        QCOMPARE(progress.at(1).assigned, 4);
        QCOMPARE(progress.at(1).labelled, 1);
    }
};

QTEST_GUILESS_MAIN(TestStudies)
#include "tst_studies.moc"
