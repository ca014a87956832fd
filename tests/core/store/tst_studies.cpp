// Annotators, label provenance, gold labels and studies in the project (migration 9), and
// agreement over the labels whose provenance passes a filter.
#include "alignment/alignment.h"
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

    AnnotationEvent given(int item, const QString &annotator, double value, LabelMethod method,
                          std::optional<bool> judgeVisible, const QString &study = {})
    {
        AnnotationEvent e = label(item, annotator, value);
        e.provenance.method = method;
        e.provenance.judgeVisible = judgeVisible;
        e.provenance.study = study;
        return e;
    }

    // Ada and Bo on the first eight items, Cy (labels without provenance) on the next two:
    //   item      0  1  2  3  4  5  6  7
    //   ada       1  1  1  1  0  0  0  0   typed, judge hidden; 0–5 in study "pilot"
    //   bo        1  1  1a 0  0  0  0  1a  a: accepted judge verdict, the rest typed;
    //                                      judge hidden on 0–3, visible on 4–7; all "pilot"
    // Bo typed 0 on item 2 before accepting the judge's 1 there, and Ada accepted a 1 on
    // item 5 before she typed 0: only the newest label counts, whatever the filter.
    void writeProvenanceLabels()
    {
        const QList<double> ada{1, 1, 1, 1, 0, 0, 0, 0};
        const QList<double> bo{1, 1, 1, 0, 0, 0, 0, 1};
        QVERIFY(
            store().annotations().appendAnnotation(given(2, u"bo"_s, 0, LabelMethod::Typed, true)));
        QVERIFY(store().annotations().appendAnnotation(
            given(5, u"ada"_s, 1, LabelMethod::AcceptedJudge, false, u"pilot"_s)));
        for (int i = 0; i < 8; ++i) {
            QVERIFY(store().annotations().appendAnnotation(given(i, u"ada"_s, ada.at(i),
                                                                 LabelMethod::Typed, false,
                                                                 i < 6 ? u"pilot"_s : QString())));
            const LabelMethod method
                = i == 2 || i == 7 ? LabelMethod::AcceptedJudge : LabelMethod::Typed;
            QVERIFY(store().annotations().appendAnnotation(
                given(i, u"bo"_s, bo.at(i), method, i >= 4, u"pilot"_s)));
        }
        for (int i = 8; i < 10; ++i)
            QVERIFY(store().annotations().appendAnnotation(
                given(i, u"cy"_s, 1, LabelMethod::Unknown, {})));
    }

    // Ada against Bo over the project's labels that pass `filter`.
    Comparison adaAgainstBo(const LabelFilter &filter)
    {
        AlignmentOptions o;
        o.benchmarkKey = u"drb2"_s;
        o.intervals = false;
        o.labels = filter;
        const AlignmentReport report
            = computeAlignment(store().annotations().ratingRows(u"drb2"_s, filter), o);
        for (const Comparison &c : report.comparisons) {
            if (c.raterA == u"human:ada"_s && c.raterB == u"human:bo"_s)
                return c;
        }
        return {};
    }

private slots:
    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        RubricateTest::writeJudgeFixture(store(), m_project->filePath(u"in"_s), 1, 6);
        m_items = store().annotations().itemRows(u"drb2"_s).value();
        QCOMPARE(m_items.size(), 12);
    }

    void cleanup() { m_project.reset(); }

    void provenanceIsStoredAndReadBack()
    {
        AnnotationEvent e = label(0, u"p-1"_s, 1);
        e.annotatorName = u"Ada"_s;
        e.provenance = {LabelMethod::AcceptedJudge, false, 0, 1.0, u"pilot"_s, 4200, u"9.9"_s};
        const auto appended = store().annotations().appendAnnotation(e);
        QVERIFY2(appended, qPrintable(appended.errorMessage()));
        const auto back = store().annotations().currentAnnotation(e.reportId, e.rubricId, u"p-1"_s);
        QVERIFY(back);
        QCOMPARE(back->provenance, e.provenance);
        QCOMPARE(back->annotatorName, u"Ada"_s); // the first event named the new annotator
        QCOMPARE(QUuid::fromString(back->uid).isNull(), false);
        // A uid given (an event travelling from another copy) is kept, and never taken twice.
        AnnotationEvent travelled = label(1, u"p-1"_s, 0);
        travelled.uid = u"4b2a0c8e-0000-4000-8000-000000000001"_s;
        QVERIFY(store().annotations().appendAnnotation(travelled));
        QCOMPARE(
            store().annotations().currentAnnotation(travelled.reportId, travelled.rubricId)->uid,
            travelled.uid);
        QVERIFY(!store().annotations().appendAnnotation(travelled));
    }

    void goldNeverMixesWithLabels()
    {
        QVERIFY(store().annotations().appendAnnotation(label(0, u"ada"_s, 1)));
        AnnotationEvent gold = label(0, u"judy"_s, 0);
        gold.kind = AnnotationKind::Gold;
        gold.provenance.method = LabelMethod::Adjudicated;
        QVERIFY(store().annotations().appendAnnotation(gold));
        const RowId report = gold.reportId;
        QCOMPARE(store().annotations().currentAnnotations(report).size(), 1);
        QCOMPARE(store().annotations().currentAnnotations(report).constBegin()->annotator,
                 u"ada"_s);
        QCOMPARE(store().annotations().currentAnnotations(report, {}, AnnotationKind::Gold).size(),
                 1);
        QCOMPARE(*store()
                      .annotations()
                      .currentAnnotation(report, gold.rubricId, {}, AnnotationKind::Gold)
                      ->value,
                 0.0);
        int humanRows = 0;
        for (const RatingRow &row : store().annotations().ratingRows(u"drb2"_s))
            humanRows += row.rater.startsWith(u"human:"_s) ? 1 : 0;
        QCOMPARE(humanRows, 1);
        QCOMPARE(store().annotations().annotationHistory(report, gold.rubricId).size(), 2);
    }

    void renameKeepsLabelsAndNamesAreIds()
    {
        QCOMPARE(*store().annotations().annotatorIdNamed(u"Bo"_s), u"Bo"_s);
        QVERIFY(store().annotations().appendAnnotation(label(2, u"Bo"_s, 1)));
        QVERIFY(store().annotations().renameAnnotator(u"Bo"_s, u"Bo Lindqvist"_s));
        QCOMPARE(*store().annotations().annotatorIdNamed(u"Bo Lindqvist"_s), u"Bo"_s);
        QCOMPARE(store().annotations().currentAnnotations(m_items.at(2).reportId, u"Bo"_s).size(),
                 1);
        bool named = false;
        for (const RatingRow &row : store().annotations().ratingRows(u"drb2"_s))
            named |= row.rater == u"human:Bo"_s && row.raterName == u"Bo Lindqvist"_s;
        QVERIFY(named);
        QVERIFY(!store().annotations().renameAnnotator(u"Bo"_s, u"  "_s));
    }

    void studyQueueAndProgress()
    {
        QList<Assignment> items;
        for (int i = 0; i < 4; ++i)
            items.append({m_items.at(i).reportId, m_items.at(i).rubricId, {u"ada"_s, u"bo"_s}, i});
        QVERIFY(store().annotations().saveAssignments(u"pilot"_s, 7, items));
        QCOMPARE(store().annotations().studies().value().size(), 1);
        QCOMPARE(store().annotations().study(u"pilot"_s)->blind, false);

        Study settings{u"pilot"_s, {}, 0, true, {}, u"ada"_s};
        const auto settled = store().annotations().saveStudy(settings);
        QVERIFY2(settled, qPrintable(settled.errorMessage()));
        QVERIFY(store().annotations().study(u"pilot"_s)->blind);
        QVERIFY(
            !store().annotations().saveStudy(settings)); // blind cannot be switched off afterwards
        QVERIFY(!store().annotations().saveStudy({u"missing"_s, {}, 0, false, {}, {}}));

        // Ada labels the third item: it moves to the end of her queue, not of Bo's.
        QVERIFY(store().annotations().appendAnnotation(label(2, u"ada"_s, 1)));
        const QList<QueueItem> queue
            = store().annotations().studyQueue(u"pilot"_s, u"ada"_s).value();
        QCOMPARE(queue.size(), 4);
        QCOMPARE(queue.at(0).position, 0);
        QCOMPARE(queue.at(2).position, 3);
        QCOMPARE(queue.at(3).position, 2);
        QVERIFY(queue.at(3).labelled && !queue.at(0).labelled);
        QCOMPARE(store().annotations().studyQueue(u"pilot"_s, u"bo"_s).value().at(2).position, 2);
        // A cleared label is not labelled.
        AnnotationEvent cleared = label(2, u"ada"_s, 0);
        cleared.value.reset();
        QVERIFY(store().annotations().appendAnnotation(cleared));
        QVERIFY(
            !store().annotations().studyQueue(u"pilot"_s, u"ada"_s).value().constLast().labelled);
        QVERIFY(store().annotations().appendAnnotation(label(1, u"bo"_s, 0)));
        const QList<StudyProgress> progress
            = store().annotations().studyProgress(u"pilot"_s).value();
        QCOMPARE(progress.size(), 2);
        QCOMPARE(progress.at(0).annotatorId, u"ada"_s);
        QCOMPARE(progress.at(0).labelled, 0);
        QCOMPARE(progress.at(1).assigned, 4);
        QCOMPARE(progress.at(1).labelled, 1);
    }

    void labelFilterKeysAndDescription()
    {
        QCOMPARE(labelFilterMethodKeys(),
                 (QStringList{u"unknown"_s, u"typed"_s, u"accepted"_s, u"imported"_s, u"undo"_s,
                              u"redo"_s, u"adjudicated"_s}));
        for (const QString &key : labelFilterMethodKeys())
            QCOMPARE(labelFilterMethodKey(*labelFilterMethodFromKey(key)), key);
        QVERIFY(!labelFilterMethodFromKey(u"Typed"_s));
        QVERIFY(!labelFilterMethodFromKey(QString()));
        QCOMPARE(labelFilterDescription({}), u"all labels"_s);
        const LabelFilter filter{
            {LabelMethod::AcceptedJudge, LabelMethod::Typed}, false, u"pilot"_s};
        QCOMPARE(labelFilterDescription(filter),
                 u"method typed or accepted, judge hidden, study pilot"_s);
    }

    void agreementOverTypedLabelsOnly()
    {
        writeProvenanceLabels();
        if (QTest::currentTestFailed())
            return;
        // Every label: they agree on items 0, 1, 2, 4, 5 and 6; each says 1 four times in
        // eight, so p_e = 0.5 and κ = (0.75 − 0.5) / 0.5 = 0.5.
        const Comparison all = adaAgainstBo({});
        QCOMPARE(all.n, 8);
        QCOMPARE(*all.kappa.point.value, 0.5);

        // Typed only: Bo's accepted labels on items 2 and 7 go, and his older typed 0 on item
        // 2 does not stand in (n would be 7). On the six items left they agree on five;
        // Ada says 1 on three, Bo on two: p_e = 0.5 · 2/6 + 0.5 · 4/6 = 0.5, κ = 2/3.
        const Comparison typed = adaAgainstBo({{LabelMethod::Typed}, {}, {}});
        QCOMPARE(typed.n, 6);
        QVERIFY(qFuzzyCompare(*typed.kappa.point.value, 2.0 / 3.0));
        QVERIFY(qFuzzyCompare(*typed.percent.point.value, 5.0 / 6.0));

        // Typed or accepted is every label with provenance: the same as no filter for them.
        QCOMPARE(adaAgainstBo({{LabelMethod::Typed, LabelMethod::AcceptedJudge}, {}, {}}).n, 8);
    }

    void labelsFilteredByVisibilityStudyAndUnknown()
    {
        writeProvenanceLabels();
        if (QTest::currentTestFailed())
            return;
        const auto raters = [this](const LabelFilter &filter) {
            QMap<QString, int> count;
            for (const RatingRow &row : store().annotations().ratingRows(u"drb2"_s, filter))
                ++count[row.rater];
            return count;
        };
        using Count = QMap<QString, int>;
        QCOMPARE(raters({}), (Count{{u"human:ada"_s, 8}, {u"human:bo"_s, 8}, {u"human:cy"_s, 2}}));
        // Given blind: Bo saw the judge on items 4–7; Cy recorded nothing, so never passes.
        QCOMPARE(raters({{}, false, {}}), (Count{{u"human:ada"_s, 8}, {u"human:bo"_s, 4}}));
        QCOMPARE(adaAgainstBo({{}, false, {}}).n, 4);
        QCOMPARE(raters({{}, true, {}}), (Count{{u"human:bo"_s, 4}}));
        QCOMPARE(raters({{}, {}, u"pilot"_s}), (Count{{u"human:ada"_s, 6}, {u"human:bo"_s, 8}}));
        QCOMPARE(raters({{}, {}, u"other"_s}), Count{});
        QCOMPARE(raters({{LabelMethod::Unknown}, {}, {}}), (Count{{u"human:cy"_s, 2}}));
        // The filters together: typed, blind, in the pilot: Ada's 0–5, Bo's 0, 1 and 3.
        QCOMPARE(adaAgainstBo({{LabelMethod::Typed}, false, u"pilot"_s}).n, 3);
    }
};

QTEST_GUILESS_MAIN(TestStudies)
#include "tst_studies.moc"
