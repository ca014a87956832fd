// Annotations travelling between copies of a project: export and import with uids and
// provenance, and merging one copy's annotators, studies and labels into another.
#include "alignment/alignment.h"
#include "ingest/annotationimporter.h"
#include "judgefixture.h"
#include "readers/annotationexchange.h"
#include "store/migrations.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

const QString runName = u"judge-1"_s;

std::unique_ptr<ProjectStore> openProject(const QString &path)
{
    auto store = ProjectStore::create(path);
    if (!store) {
        qWarning("%s", qPrintable(store.errorMessage()));
        return nullptr;
    }
    return std::move(store).value();
}

// The fixture's 24 items (2 tasks × 6 rubrics × 2 models) and a judge run over all of them.
QList<RatingRow> buildProject(ProjectStore &store, const QString &dir)
{
    RubricateTest::writeJudgeFixture(store, dir, 2, 6);
    QList<RatingRow> items = store.annotations().itemRows(u"drb2"_s).value();
    JudgeRun run;
    run.benchmarkId = store.catalog().benchmark(u"drb2"_s)->id;
    run.name = runName;
    run.status = u"finished"_s;
    run.createdAt = QDateTime::currentDateTimeUtc();
    const RowId runId = *store.runs().createRun(run);
    for (qsizetype i = 0; i < items.size(); ++i) {
        Verdict v;
        v.runId = runId;
        v.reportId = items.at(i).reportId;
        v.rubricId = items.at(i).rubricId;
        v.value = i % 3 == 0 ? 0.0 : 1.0;
        store.runs().upsertVerdict(v);
    }
    return items;
}

AnnotationEvent label(const RatingRow &item, const QString &annotator, double value,
                      const QDateTime &at)
{
    AnnotationEvent e;
    e.reportId = item.reportId;
    e.rubricId = item.rubricId;
    e.annotator = annotator;
    e.value = value;
    e.at = at;
    e.provenance.method = LabelMethod::Typed;
    e.provenance.judgeVisible = true;
    e.provenance.appVersion = u"1.2.3"_s;
    return e;
}

// An event as Rubricate wrote it before migration 9: no uid, no provenance.
bool appendOldEvent(ProjectStore &store, const RatingRow &item, const QString &annotator,
                    double value, const QString &at)
{
    QSqlQuery q(store.database());
    q.prepare(u"INSERT INTO annotation_event (report_id, rubric_id, annotator, at, value, note)"
              " VALUES (?, ?, ?, ?, ?, 'from before')"_s);
    q.addBindValue(item.reportId);
    q.addBindValue(item.rubricId);
    q.addBindValue(annotator);
    q.addBindValue(at);
    q.addBindValue(value);
    return q.exec() && store.annotations().addAnnotator({annotator, annotator, {}, {}});
}

int eventCount(ProjectStore &store)
{
    return int(store.annotations().annotationEvents().size());
}

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// The people's current labels as the agreement reads them, by item.
QStringList humanRatings(ProjectStore &store)
{
    QStringList out;
    for (const RatingRow &r : store.annotations().ratingRows(u"drb2"_s)) {
        if (!r.judge)
            out << u"%1/%2 %3=%4"_s.arg(r.reportId).arg(r.rubricId).arg(r.rater).arg(*r.value);
    }
    out.sort();
    return out;
}

QString travellingText(const TravellingAnnotation &a)
{
    const AnnotationEvent &e = a.event;
    const LabelProvenance &p = e.provenance;
    return QStringList{e.uid,
                       annotationKindKey(e.kind),
                       describeItem(a.item),
                       a.rubricText,
                       e.annotator,
                       e.annotatorName,
                       e.value ? QString::number(*e.value) : u"-"_s,
                       e.previousValue ? QString::number(*e.previousValue) : u"-"_s,
                       e.note,
                       e.at.toUTC().toString(Qt::ISODateWithMs),
                       labelMethodKey(p.method),
                       p.judgeVisible ? QString::number(*p.judgeVisible) : u"-"_s,
                       a.shownRun,
                       p.shownVerdict ? QString::number(*p.shownVerdict) : u"-"_s,
                       p.study,
                       p.focusMs ? QString::number(*p.focusMs) : u"-"_s,
                       p.appVersion}
        .join(u" | "_s);
}

// A line of the simple format (no uid): Ana's label on task 1 / ModelA / analysis 1.
QByteArray simpleLine(const QString &annotator, int label, const QString &at)
{
    return u"{\"task\": \"1\", \"model\": \"ModelA\", \"dimension\": \"analysis\", "
           "\"number\": 1, \"annotator\": \"%1\", \"label\": %2, \"at\": \"%3\"}\n"_s.arg(annotator)
               .arg(label)
               .arg(at)
               .toUtf8();
}

QStringList travellingTexts(ProjectStore &store)
{
    const auto all = travellingAnnotations(store, {}, false);
    if (!all) {
        qWarning("%s", qPrintable(all.errorMessage()));
        return {};
    }
    QStringList out;
    for (const TravellingAnnotation &a : *all)
        out << travellingText(a);
    return out;
}

} // namespace

class TestAnnotationExchange : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QList<RatingRow> m_items;
    QString m_base; // a closed project: the fixture, a run, two labels both copies share
    RowId m_runId = 0;

    QString copyOfBase(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        return QFile::copy(m_base, path) ? path : QString();
    }

    const QDateTime t0 = QDateTime(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);

private slots:
    void initTestCase()
    {
        // Labels made here are stamped with this version; travelled ones keep theirs.
        QCoreApplication::setApplicationVersion(u"9.9.9"_s);
        QVERIFY(m_dir.isValid());
        m_base = m_dir.filePath(u"base.rubricate"_s);
        auto store = openProject(m_base);
        QVERIFY(store);
        m_items = buildProject(*store, m_dir.filePath(u"in"_s));
        QCOMPARE(m_items.size(), 24);
        m_runId = store->runs().list().value().constFirst().id;
        QVERIFY(appendOldEvent(*store, m_items.at(0), u"Old"_s, 1, u"2025-01-02T03:04:05.000Z"_s));
        QVERIFY(store->annotations().appendAnnotation(label(m_items.at(1), u"ana"_s, 0, t0)));
        QCOMPARE(eventCount(*store), 2);
    }

    // A label on a rubric of another task is refused by the store, for what it says; one
    // written before the store checked is left out of an export, named, and the rest travel.
    void anEventOnNoItemOfItsReportIsRefusedAndLeftOutOfExports()
    {
        auto store = openProject(copyOfBase(u"no-item.rubricate"_s));
        QVERIFY(store);
        const RatingRow &first = m_items.at(0);
        const auto isItem = [&](RowId rubric) {
            return std::any_of(m_items.cbegin(), m_items.cend(), [&](const RatingRow &r) {
                return r.reportId == first.reportId && r.rubricId == rubric;
            });
        };
        RatingRow bad = first;
        for (const RatingRow &r : std::as_const(m_items)) {
            if (!isItem(r.rubricId))
                bad.rubricId = r.rubricId;
        }
        QVERIFY(bad.rubricId != first.rubricId);
        const auto refused = store->annotations().appendAnnotation(label(bad, u"ana"_s, 1, t0));
        QVERIFY(!refused);
        QVERIFY2(refused.errorMessage().contains(u"is not an item of report"_s),
                 qPrintable(refused.errorMessage()));
        QVERIFY(store->projectDatabase().lastErrorRefused());

        const qsizetype before = travellingAnnotations(*store, {}, false).value().size();
        QVERIFY(appendOldEvent(*store, bad, u"Old"_s, 1, u"2025-01-02T03:04:05.000Z"_s));
        QStringList skipped;
        const auto all = travellingAnnotations(*store, {}, false, &skipped);
        QVERIFY2(all, qPrintable(all.errorMessage()));
        QCOMPARE(all->size(), before);
        QCOMPARE(skipped.size(), 1);
        QVERIFY2(
            skipped.constFirst().contains(
                u"rubric %1 is not an item of report %2"_s.arg(bad.rubricId).arg(bad.reportId)),
            qPrintable(skipped.constFirst()));
    }

    void oldEventsGetTheSameUidInEveryCopy()
    {
        auto a = openProject(copyOfBase(u"uid-a.rubricate"_s));
        auto b = openProject(copyOfBase(u"uid-b.rubricate"_s));
        const auto fromA = travellingAnnotations(*a, {}, false);
        const auto fromB = travellingAnnotations(*b, {}, false);
        QVERIFY2(fromA, qPrintable(fromA.errorMessage()));
        QVERIFY2(fromB, qPrintable(fromB.errorMessage()));
        QCOMPARE(fromA->constFirst().event.note, u"from before"_s);
        QVERIFY(!QUuid::fromString(fromA->constFirst().event.uid).isNull());
        QCOMPARE(fromA->constFirst().event.uid, fromB->constFirst().event.uid);
        // Content makes the uid: another value gives another.
        AnnotationEvent changed = fromA->constFirst().event;
        changed.uid.clear();
        changed.value = 0;
        QVERIFY(travellingUid(changed, fromA->constFirst().item) != fromA->constFirst().event.uid);
    }

    void mergeTakesTheUnionOnce()
    {
        const QString pathA = copyOfBase(u"a.rubricate"_s);
        const QString pathB = copyOfBase(u"b.rubricate"_s);
        const QString pathRef = copyOfBase(u"ref.rubricate"_s);
        auto a = openProject(pathA);
        auto ref = openProject(pathRef);
        QVERIFY(a && ref);
        // Ana labels five items in copy A, Ben eight in copy B (one of them Ana's too) and
        // settles a gold label there; the reference project gets both, as if one copy.
        for (int i = 2; i < 7; ++i) {
            AnnotationEvent e = label(m_items.at(i), u"ana"_s, 1, t0.addSecs(60 * i));
            e.provenance.shownRunId = m_runId;
            e.provenance.shownVerdict = 1;
            QVERIFY(a->annotations().appendAnnotation(e));
            QVERIFY(ref->annotations().appendAnnotation(e));
        }
        {
            auto b = openProject(pathB);
            QVERIFY(b);
            (void)b->annotations().addAnnotator({u"p-ben"_s, u"Ben"_s, t0, {}});
            for (int i = 0; i < 8; ++i) {
                const AnnotationEvent e = label(m_items.at(i), u"p-ben"_s, i % 2, t0.addSecs(i));
                QVERIFY(b->annotations().appendAnnotation(e));
                QVERIFY(ref->annotations().appendAnnotation(e));
            }
            AnnotationEvent gold = label(m_items.at(3), u"judy"_s, 0, t0.addSecs(3600));
            gold.kind = AnnotationKind::Gold;
            gold.provenance.method = LabelMethod::Adjudicated;
            QVERIFY(b->annotations().appendAnnotation(gold));
            QVERIFY(ref->annotations().appendAnnotation(gold));
            QList<Assignment> items;
            for (int i = 0; i < 4; ++i)
                items.append({m_items.at(i).reportId, m_items.at(i).rubricId, {u"p-ben"_s}, i});
            QVERIFY(b->annotations().saveAssignments(u"pilot"_s, 42, items));
            QVERIFY(b->annotations().saveStudy({u"pilot"_s, {}, m_runId, true, t0, u"p-ben"_s}));
            QCOMPARE(eventCount(*b), 2 + 8 + 1);
        }
        const QByteArray before = fileHash(pathB);

        const MergeSummary first = mergeAnnotations(*a, pathB);
        QVERIFY2(first.ok(), qPrintable(first.error));
        QCOMPARE(first.eventsAdded, 9); // Ben's eight labels and the gold one
        QCOMPARE(first.eventsPresent, 2); // the old event and Ana's label from the base
        QCOMPARE(first.eventsMissingItem, 0);
        QCOMPARE(first.annotatorsAdded, 2); // Ben and Judy
        QCOMPARE(first.studiesAdded, 1);
        QVERIFY2(first.warnings.isEmpty(), qPrintable(first.toText()));
        QCOMPARE(eventCount(*a), 2 + 5 + 9);
        QCOMPARE(fileHash(pathB), before); // the other copy is never written

        const MergeSummary again = mergeAnnotations(*a, pathB);
        QVERIFY2(again.ok(), qPrintable(again.error));
        QVERIFY(!again.changed());
        QCOMPARE(again.eventsPresent, 11);
        QCOMPARE(eventCount(*a), 16);

        // The people's current labels, gold and the agreement among them are those of the
        // project that had all of them from the start.
        QCOMPARE(humanRatings(*a), humanRatings(*ref));
        QCOMPARE(a->annotations().annotator(u"p-ben"_s)->name, u"Ben"_s);
        const auto gold = a->annotations().currentAnnotation(
            m_items.at(3).reportId, m_items.at(3).rubricId, {}, AnnotationKind::Gold);
        QVERIFY(gold);
        QCOMPARE(*gold->value, 0.0);
        AlignmentOptions options;
        options.benchmarkKey = u"drb2"_s;
        options.intervals = false;
        const AlignmentReport merged
            = computeAlignment(a->annotations().ratingRows(u"drb2"_s), options);
        const AlignmentReport whole
            = computeAlignment(ref->annotations().ratingRows(u"drb2"_s), options);
        QVERIFY2(merged.error.isEmpty(), qPrintable(merged.error));
        QCOMPARE(merged.comparisons.size(), whole.comparisons.size());
        for (qsizetype i = 0; i < merged.comparisons.size(); ++i) {
            QCOMPARE(merged.comparisons.at(i).n, whole.comparisons.at(i).n);
            QCOMPARE(merged.comparisons.at(i).kappa.point.value,
                     whole.comparisons.at(i).kappa.point.value);
        }
        QVERIFY(merged.comparisons.size() >= 3); // judge–majority, judge–each person, people

        // The study came with its items, seed and settings.
        const auto study = a->annotations().study(u"pilot"_s);
        QVERIFY(study);
        QVERIFY(study->blind);
        QCOMPARE(study->runId, m_runId);
        QCOMPARE(a->annotations().assignments(u"pilot"_s).value().size(), 4);
        QCOMPARE(*a->annotations().sampleInfo(u"pilot"_s)->seed, 42u);
        QCOMPARE(a->annotations().studyProgress(u"pilot"_s).value().constFirst().labelled, 4);
    }

    void mergeFromAnOlderSchemaLeavesItAlone()
    {
        // A copy at schema 8 (before uids) with the same tasks and a label of Cy's.
        const QString oldPath = m_dir.filePath(u"old.rubricate"_s);
        {
            auto old = ProjectStore::openAtVersion(oldPath, 8);
            QVERIFY2(old, qPrintable(old.errorMessage()));
            // The fixture is written by this build's store, which keeps how each original is
            // stored (schema 16); the old project has that column only while it is written.
            QSqlQuery q(old->database());
            QVERIFY(q.exec(u"ALTER TABLE document_blob ADD COLUMN encoding TEXT NOT NULL"
                           " DEFAULT 'raw'"_s));
            RubricateTest::writeJudgeFixture(*old, m_dir.filePath(u"old-in"_s), 2, 6);
            QVERIFY(q.exec(u"ALTER TABLE document_blob DROP COLUMN encoding"_s));
            QVERIFY(q.exec(u"INSERT INTO annotation_event (report_id, rubric_id, annotator, at,"
                           " value) VALUES (%1, %2, 'Cy', '2025-05-05T05:05:05.000Z', 1)"_s
                               .arg(m_items.at(5).reportId)
                               .arg(m_items.at(5).rubricId)));
        }
        const QString migratedPath = m_dir.filePath(u"old-migrated.rubricate"_s);
        QVERIFY(QFile::copy(oldPath, migratedPath));
        const QByteArray before = fileHash(oldPath);

        auto here = openProject(copyOfBase(u"here.rubricate"_s));
        QVERIFY(here);
        const MergeSummary s = mergeAnnotations(*here, oldPath);
        QVERIFY2(s.ok(), qPrintable(s.error));
        QCOMPARE(s.eventsAdded, 1);
        QCOMPARE(eventCount(*here), 3);
        QCOMPARE(fileHash(oldPath), before); // migrated in a temporary copy, not in place
        QVERIFY(!QFile::exists(oldPath + u"-wal"_s)); // not even opened
        QCOMPARE(ProjectStore::schemaVersionOf(oldPath).value(), 8);

        // A copy migrated apart holds the same old event: it is recognised, not doubled.
        auto migrated = openProject(migratedPath);
        QVERIFY(migrated);
        const MergeSummary same = mergeAnnotations(*migrated, oldPath);
        QVERIFY2(same.ok(), qPrintable(same.error));
        QCOMPARE(same.eventsAdded, 0);
        QCOMPARE(same.eventsPresent, 1);

        const QString notAProject = m_dir.filePath(u"notes.txt"_s);
        QVERIFY(RubricateTest::writeFile(notAProject, QByteArray(200, 'x')));
        const MergeSummary refused = mergeAnnotations(*here, notAProject);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error.contains(u"is not a Rubricate project"_s),
                 qPrintable(refused.error));
    }

    void mergeNamesItemsThatAreNotHere()
    {
        // A project with only the first task: the other copy's labels on task 2 cannot land.
        const QString smallPath = m_dir.filePath(u"small.rubricate"_s);
        auto small = openProject(smallPath);
        QVERIFY(small);
        RubricateTest::writeJudgeFixture(*small, m_dir.filePath(u"small-in"_s), 1, 6);
        const QString otherPath = copyOfBase(u"other.rubricate"_s);
        {
            auto other = openProject(otherPath);
            for (int i = 0; i < m_items.size(); ++i)
                QVERIFY(
                    other->annotations().appendAnnotation(label(m_items.at(i), u"dee"_s, 1, t0)));
        }
        const MergeSummary s = mergeAnnotations(*small, otherPath);
        QVERIFY2(s.ok(), qPrintable(s.error));
        // Task 1 has 12 items: 12 of Dee's labels, the old event and Ana's land; the rest not.
        QCOMPARE(s.eventsAdded, 12 + 2);
        QCOMPARE(s.eventsMissingItem, 12);
        QCOMPARE(s.missingItems.size(), 5);
        QVERIFY2(s.missingItems.constFirst().startsWith(u"drb2 task 2 / Model"_s),
                 qPrintable(s.missingItems.constFirst()));
        QVERIFY(s.toText().contains(u"12 event(s)"_s));
        QCOMPARE(mergeAnnotations(*small, otherPath).eventsAdded, 0);
    }

    void exportImportRoundTrip_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("jsonl") << u"jsonl"_s;
        QTest::newRow("csv") << u"csv"_s;
    }

    void exportImportRoundTrip()
    {
        QFETCH(QString, format);
        const QString sourcePath = copyOfBase(u"source-%1.rubricate"_s.arg(format));
        auto source = openProject(sourcePath);
        QVERIFY(source);
        AnnotationEvent typed = label(m_items.at(4), u"p-eve"_s, 1, t0);
        typed.annotatorName = u"Eve"_s;
        typed.note = u"quotes \", commas, and\na second line"_s;
        typed.provenance
            = {LabelMethod::AcceptedJudge, false, m_runId, 1.0, u"pilot"_s, 4200, u"1.2.3"_s};
        QVERIFY(source->annotations().appendAnnotation(typed));
        AnnotationEvent cleared = label(m_items.at(4), u"p-eve"_s, 0, t0.addSecs(5));
        cleared.value.reset();
        cleared.previousValue = 1;
        cleared.provenance.method = LabelMethod::Undo;
        QVERIFY(source->annotations().appendAnnotation(cleared));
        AnnotationEvent gold = label(m_items.at(9), u"judy"_s, -1, t0.addSecs(9));
        gold.kind = AnnotationKind::Gold;
        QVERIFY(source->annotations().appendAnnotation(gold));
        const auto all = travellingAnnotations(*source, {}, false);
        QVERIFY2(all, qPrintable(all.errorMessage()));
        QCOMPARE(all->size(), 5);
        const QString file = m_dir.filePath(u"labels.%1"_s.arg(format));
        RubricateTest::writeFile(
            file, format == "csv"_L1 ? annotationsCsv(*all) : annotationsJsonl(*all));

        // A fresh project with the same tasks, reports and run, imported apart.
        const QString freshPath = m_dir.filePath(u"fresh-%1.rubricate"_s.arg(format));
        auto fresh = openProject(freshPath);
        QVERIFY(fresh);
        buildProject(*fresh, m_dir.filePath(u"fresh-in-%1"_s.arg(format)));
        const ImportSummary s = importAnnotations(*fresh, file);
        QVERIFY2(s.errorCount() == 0 && s.warningCount() == 0, qPrintable(s.toText()));
        QCOMPARE(s.added.value(u"annotations"_s), 5);
        QCOMPARE(travellingTexts(*fresh), travellingTexts(*source));
        const ImportSummary again = importAnnotations(*fresh, file);
        QVERIFY(again.added.isEmpty());
        QCOMPARE(again.unchanged.value(u"annotations"_s), 5);
        QCOMPARE(eventCount(*fresh), 5);
    }

    void currentExportHoldsCurrentLabelsOnly()
    {
        auto store = openProject(copyOfBase(u"current.rubricate"_s));
        QVERIFY(store->annotations().appendAnnotation(
            label(m_items.at(1), u"ana"_s, 1, t0.addSecs(1))));
        AnnotationEvent cleared = label(m_items.at(0), u"Old"_s, 0, t0);
        cleared.value.reset();
        QVERIFY(store->annotations().appendAnnotation(cleared));
        const auto current = travellingAnnotations(*store, {}, true);
        QVERIFY2(current, qPrintable(current.errorMessage()));
        QCOMPARE(current->size(), 1); // Ana's newer label; Old's label was cleared
        QCOMPARE(*current->constFirst().event.value, 1.0);
        QCOMPARE(current->constFirst().event.annotator, u"ana"_s);
    }

    void importNamesLinesWhoseItemIsMissing()
    {
        auto store = openProject(copyOfBase(u"missing.rubricate"_s));
        const QString file = m_dir.filePath(u"missing.jsonl"_s);
        const auto line = [](const QString &model, int number, const QString &uid) {
            return u"{\"uid\": \"%1\", \"benchmark\": \"drb2\", \"task\": \"1\", \"model\": "
                   "\"%2\", \"dimension\": \"analysis\", \"number\": %3, \"annotator\": \"fay\","
                   " \"label\": 1, \"at\": \"2026-03-01T10:00:00.000Z\"}\n"_s.arg(uid, model)
                       .arg(number)
                       .toUtf8();
        };
        RubricateTest::writeFile(
            file,
            line(u"ModelA"_s, 1, u"u-1"_s) + line(u"NoSuchAgent"_s, 1, u"u-2"_s)
                + line(u"ModelA"_s, 99, u"u-3"_s) + line(u"ModelB"_s, 2, u"u-4"_s));
        const ImportSummary s = importAnnotations(*store, file);
        QCOMPARE(s.added.value(u"annotations"_s), 2);
        QCOMPARE(s.errorCount(), 2);
        const QString text = s.toText();
        QVERIFY2(text.contains(u"missing.jsonl:2: error: drb2 task 1 / NoSuchAgent / analysis 1"
                               " is not in this project; skipped"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"missing.jsonl:3: error: drb2 task 1 / ModelA / analysis 99"_s),
                 qPrintable(text));
        // Without provenance, a label is marked as imported.
        const auto fay = store->annotations().annotationEvents();
        QCOMPARE(fay.constLast().uid, u"u-4"_s);
        QCOMPARE(fay.constLast().provenance.method, LabelMethod::Imported);
    }

    // "Re-importing the same files changes nothing": a file of older labels imported again
    // after a newer one must not make the older label current (it is the newest by id).
    void aSimpleLineOlderThanTheCurrentLabelIsSkipped()
    {
        auto store = openProject(copyOfBase(u"simple-again.rubricate"_s));
        const QString older = m_dir.filePath(u"older.jsonl"_s);
        const QString newer = m_dir.filePath(u"newer.jsonl"_s);
        RubricateTest::writeFile(older, simpleLine(u"gus"_s, 0, u"2026-01-01T10:00:00Z"_s));
        RubricateTest::writeFile(newer, simpleLine(u"gus"_s, 1, u"2026-02-01T10:00:00Z"_s));
        QCOMPARE(importAnnotations(*store, older).added.value(u"annotations"_s), 1);
        QCOMPARE(importAnnotations(*store, newer).added.value(u"annotations"_s), 1);
        const ImportSummary again = importAnnotations(*store, older);
        QVERIFY(again.added.isEmpty());
        QCOMPARE(again.unchanged.value(u"annotations"_s), 1);
        QCOMPARE(again.errorCount(), 0);
        QVERIFY2(again.toText().contains(u"older.jsonl:1: warning: this label of gus "
                                         "(2026-01-01T10:00:00Z) is older than their current one "
                                         "(2026-02-01T10:00:00Z), which stays current; skipped"_s),
                 qPrintable(again.toText()));
        const AnnotationEvent gus = store->annotations().annotationEvents().constLast();
        const auto current
            = store->annotations().currentAnnotation(gus.reportId, gus.rubricId, u"gus"_s);
        QVERIFY(current);
        QCOMPARE(*current->value, 1.0);
    }

    // A name in the simple format is the person a sample would name: one annotator, not a
    // second one whose id is the name. And an id names its own annotator before a name does.
    void aSimpleLineNamesItsAnnotatorAsSamplesDo()
    {
        auto store = openProject(copyOfBase(u"simple-names.rubricate"_s));
        QVERIFY(store->annotations().addAnnotator({u"7d1c"_s, u"Cy"_s, t0, {}}));
        const QString file = m_dir.filePath(u"cy.jsonl"_s);
        RubricateTest::writeFile(file, simpleLine(u"Cy"_s, 1, u"2026-02-01T10:00:00Z"_s));
        QCOMPARE(importAnnotations(*store, file).added.value(u"annotations"_s), 1);
        QCOMPARE(store->annotations().annotationEvents().constLast().annotator, u"7d1c"_s);
        QVERIFY(!store->annotations().annotator(u"Cy"_s));

        // A time that cannot be read is refused, not taken for now (which would make the
        // label current).
        RubricateTest::writeFile(file, simpleLine(u"Cy"_s, 0, u"yesterday"_s));
        const ImportSummary unreadable = importAnnotations(*store, file);
        QVERIFY(unreadable.added.isEmpty());
        QVERIFY2(unreadable.toText().contains(u"cy.jsonl:1: error: \"at\" must be an ISO 8601 "
                                              "time"_s),
                 qPrintable(unreadable.toText()));

        QVERIFY(store->annotations().addAnnotator({u"Cy"_s, u"Cy"_s, t0.addDays(1), {}}));
        QCOMPARE(store->annotations().annotatorIdNamed(u"Cy"_s).value(), u"Cy"_s);
        QCOMPARE(store->annotations().annotatorIdNamed(u"7d1c"_s).value(), u"7d1c"_s);
    }

    // A label older than the current one of its item here is not merged or imported, for
    // labels (the same annotator's) and gold labels (anyone's): it would become current.
    void olderLabelsLeaveTheCurrentOnesCurrent()
    {
        const QString pathA = copyOfBase(u"older-a.rubricate"_s);
        const QString pathB = copyOfBase(u"older-b.rubricate"_s);
        const RatingRow &item = m_items.at(5);
        AnnotationEvent newGold = label(item, u"cy"_s, 1, t0.addDays(30));
        newGold.kind = AnnotationKind::Gold;
        AnnotationEvent oldGold = label(item, u"dee"_s, 0, t0);
        oldGold.kind = AnnotationKind::Gold;
        {
            auto b = openProject(pathB);
            QVERIFY(b->annotations().appendAnnotation(oldGold));
            QVERIFY(b->annotations().appendAnnotation(label(item, u"hal"_s, 0, t0)));
        }
        auto a = openProject(pathA);
        QVERIFY(a->annotations().appendAnnotation(newGold));
        QVERIFY(a->annotations().appendAnnotation(label(item, u"hal"_s, 1, t0.addDays(30))));

        const MergeSummary merged = mergeAnnotations(*a, pathB);
        QVERIFY2(merged.ok(), qPrintable(merged.error));
        QCOMPARE(merged.eventsAdded, 0);
        QVERIFY2(merged.toText().contains(u"2 label(s) of the other copy are older than the "
                                          "current label of their item here"_s),
                 qPrintable(merged.toText()));
        const auto gold = a->annotations().currentAnnotation(item.reportId, item.rubricId, {},
                                                             AnnotationKind::Gold);
        QCOMPARE(gold->annotator, u"cy"_s);
        QCOMPARE(*a->annotations().currentAnnotation(item.reportId, item.rubricId, u"hal"_s)->value,
                 1.0);

        // The same labels as an exported file: named with their lines.
        auto b = openProject(pathB);
        const QString file = m_dir.filePath(u"older.csv"_s);
        RubricateTest::writeFile(file, annotationsCsv(*travellingAnnotations(*b, {}, false)));
        const ImportSummary imported = importAnnotations(*a, file);
        QVERIFY(imported.added.isEmpty());
        QCOMPARE(imported.warningCount(), 2);
        QVERIFY2(imported.toText().contains(u"the gold label of dee (2026-03-01T09:00:00.000Z) is "
                                            "older than the one here (2026-03-31T09:00:00.000Z), "
                                            "which stays current; skipped"_s),
                 qPrintable(imported.toText()));
        QCOMPARE(a->annotations()
                     .currentAnnotation(item.reportId, item.rubricId, {}, AnnotationKind::Gold)
                     ->annotator,
                 u"cy"_s);
    }

    // `study extend` in one copy: merging it brings the added items into the study here.
    void mergeBringsItemsAddedToAStudyBothHave()
    {
        const QString pathA = copyOfBase(u"extend-a.rubricate"_s);
        const QString pathB = m_dir.filePath(u"extend-b.rubricate"_s);
        {
            auto a = openProject(pathA);
            QList<Assignment> items;
            for (int i = 0; i < 4; ++i)
                items.append({m_items.at(i).reportId, m_items.at(i).rubricId, {u"ana"_s}, i});
            QVERIFY(a->annotations().saveAssignments(u"pilot"_s, 7, items));
        }
        QFile::remove(pathB);
        QVERIFY(QFile::copy(pathA, pathB));
        {
            auto b = openProject(pathB);
            QList<Assignment> more;
            for (int i = 4; i < 6; ++i)
                more.append({m_items.at(i).reportId, m_items.at(i).rubricId, {u"ana"_s}, i});
            QVERIFY(b->annotations().extendSample(u"pilot"_s, more));
        }
        auto a = openProject(pathA);
        // Copy A extended the study apart: its item takes the next free position.
        QVERIFY(a->annotations().extendSample(
            u"pilot"_s, {{m_items.at(9).reportId, m_items.at(9).rubricId, {u"ana"_s}, 4}}));

        const MergeSummary merged = mergeAnnotations(*a, pathB);
        QVERIFY2(merged.ok(), qPrintable(merged.error));
        QCOMPARE(merged.studyItemsAdded, 2);
        QVERIFY(merged.changed());
        const QList<Assignment> pilot = a->annotations().assignments(u"pilot"_s).value();
        QCOMPARE(pilot.size(), 7);
        QList<int> positions;
        for (const Assignment &x : pilot)
            positions << x.position;
        QCOMPARE(positions, (QList<int>{0, 1, 2, 3, 4, 5, 6}));
        QCOMPARE(pilot.at(4).rubricId, m_items.at(9).rubricId); // this copy's own stays put
        QVERIFY(!mergeAnnotations(*a, pathB).changed());
    }

    // One stray quote in an exported CSV: the records before it are imported, and the error
    // names the line of the record it opened in.
    void aStrayQuoteCostsOnlyTheRestOfTheCsv()
    {
        auto source = openProject(copyOfBase(u"quote-source.rubricate"_s));
        for (int i = 2; i < 5; ++i)
            QVERIFY(source->annotations().appendAnnotation(
                label(m_items.at(i), u"ivy"_s, 1, t0.addSecs(i))));
        const auto all = travellingAnnotations(*source, {}, false);
        const QString file = m_dir.filePath(u"quote.csv"_s);
        RubricateTest::writeFile(file, annotationsCsv(*all) + "x-uid,\"never closed,drb2,1\r\n");
        auto fresh = openProject(copyOfBase(u"quote-fresh.rubricate"_s));
        const ImportSummary s = importAnnotations(*fresh, file);
        QCOMPARE(s.added.value(u"annotations"_s), 3);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY2(s.toText().contains(u"quote.csv:%1: error: a quoted field opened in this record "
                                     "is never closed"_s.arg(all->size() + 2)),
                 qPrintable(s.toText()));
    }

    // A byte that is not UTF-8 (a note saved as Latin-1) is named with its line and byte, and
    // its record skipped, rather than entering someone's note as U+FFFD; the others import.
    void invalidUtf8CostsOnlyItsRecord()
    {
        auto source = openProject(copyOfBase(u"utf8-source.rubricate"_s));
        for (int i = 2; i < 5; ++i) {
            AnnotationEvent e = label(m_items.at(i), u"ivy"_s, 1, t0.addSecs(i));
            e.note = i == 3 ? u"MARK"_s : u"café"_s;
            QVERIFY(source->annotations().appendAnnotation(e));
        }
        const auto all = travellingAnnotations(*source, {}, false);
        QByteArray csv = annotationsCsv(*all);
        const qsizetype mark = csv.indexOf("MARK");
        QVERIFY(mark > 0);
        csv.replace(mark, 4, "caf\xE9");
        const qsizetype lineStart = csv.lastIndexOf('\n', mark) + 1;
        const QString file = m_dir.filePath(u"latin1.csv"_s);
        RubricateTest::writeFile(file, csv);

        auto fresh = openProject(copyOfBase(u"utf8-fresh.rubricate"_s));
        const ImportSummary s = importAnnotations(*fresh, file);
        QCOMPARE(s.added.value(u"annotations"_s), 2); // the base's two are here already
        QCOMPARE(s.errorCount(), 1);
        QVERIFY2(
            s.toText().contains(u"latin1.csv:%1: error: invalid UTF-8 at byte %2 of the "
                                "line; its record is skipped"_s.arg(csv.left(mark).count('\n') + 1)
                                    .arg(mark - lineStart + 4)),
            qPrintable(s.toText()));
        QStringList notes;
        for (const AnnotationEvent &e : fresh->annotations().annotationEvents())
            notes << e.note;
        QCOMPARE(notes.count(u"café"_s), 2);
        QVERIFY2(!notes.join(u'|').contains(QChar::ReplacementCharacter),
                 qPrintable(notes.join(u'|')));
    }
};

QTEST_GUILESS_MAIN(TestAnnotationExchange)
#include "tst_annotationexchange.moc"
