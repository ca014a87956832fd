// Opening an older project upgrades it in place and keeps every row.
#include "store/migrations.h"
#include "store/projectstore.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestMigrations : public QObject
{
    Q_OBJECT

private:
    // Builds a project file from the committed SQL dump of a schema-1 project.
    QString projectFromFixture(const QTemporaryDir &dir)
    {
        QFile fixture(QStringLiteral(RUBRICATE_TEST_DATA_DIR "/project-schema-v1.sql"));
        if (!fixture.open(QIODevice::ReadOnly))
            return {};
        const QString path = dir.filePath(u"old.rubricate"_s);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fixture"_s);
            db.setDatabaseName(path);
            if (!db.open())
                return {};
            QSqlQuery q(db);
            const QString sql = QString::fromUtf8(fixture.readAll());
            for (const QString &statement : sql.split(u";\n"_s)) {
                QString s = statement.trimmed();
                while (s.startsWith(u"--"_s))
                    s = s.section(u'\n', 1).trimmed();
                if (!s.isEmpty() && !q.exec(s)) {
                    qWarning() << q.lastError().text() << s;
                    return {};
                }
            }
        }
        QSqlDatabase::removeDatabase(u"fixture"_s);
        return path;
    }

    int count(ProjectStore &store, const QString &sql)
    {
        QSqlQuery q(store.database());
        if (!q.exec(sql) || !q.next())
            return -1;
        return q.value(0).toInt();
    }

private slots:
    void upgradesSchemaOneFixture()
    {
        QTemporaryDir dir;
        const QString path = projectFromFixture(dir);
        QVERIFY(!path.isEmpty());

        QString error;
        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->schemaVersion(), latestSchemaVersion());

        // Every row of the old project is still there.
        QCOMPARE(count(*store, u"SELECT count(*) FROM task"_s), 1);
        QCOMPARE(count(*store, u"SELECT count(*) FROM rubric"_s), 2);
        QCOMPARE(count(*store, u"SELECT count(*) FROM verdict"_s), 2);
        QCOMPARE(count(*store, u"SELECT count(*) FROM annotation_event"_s), 2);

        // Migration 2 indexed the report that existed before full-text search did.
        const QList<SearchHit> hits = store->search().reports(u"melatonin"_s);
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits.constFirst().model, u"OldAgent"_s);

        // ... and made old annotation events append-only as well.
        QSqlQuery q(store->database());
        QVERIFY(!q.exec(u"UPDATE annotation_event SET value = 1 WHERE id = 2"_s));
        QVERIFY(!q.exec(u"DELETE FROM annotation_event"_s));
        QCOMPARE(store->annotations().currentAnnotation(1, 1)->value, std::optional<double>(0));

        // Migration 3's table works.
        QVERIFY(store->reports().logImport(u"drb2"_s, u"/x"_s, 1, 0, 0, 0, 0, u"ok"_s));

        // ... and migration 5's: the old report and rubric can be assigned for annotation.
        const auto saved
            = store->annotations().saveAssignments(u"old"_s, 7, {{1, 1, {u"Ada"_s, u"Bo"_s}, 0}});
        QVERIFY2(saved, qPrintable(saved.errorMessage()));
        QCOMPARE(store->annotations().assignments(u"old"_s).size(), 1);
        QCOMPARE(store->annotations().assignments(u"old"_s).constFirst().annotators,
                 (QStringList{u"Ada"_s, u"Bo"_s}));

        // ... and migration 6's: sources keep their bytes beside the old report's original.
        QCOMPARE(count(*store, u"SELECT count(*) FROM source"_s), 0);
        QCOMPARE(count(*store, u"SELECT count(*) FROM source_text"_s), 0);
        const int blobs = count(*store, u"SELECT count(*) FROM document_blob"_s);
        SourceRow row;
        row.url = u"https://example.org/a"_s;
        row.state = u"fetched"_s;
        row.contentType = u"text/plain"_s;
        row.bytes = "melatonin and sleep";
        row.contentHash = u"h1"_s;
        row.text = u"melatonin and sleep"_s;
        SourceRow failed;
        failed.url = u"https://example.org/b"_s;
        failed.state = u"timeout"_s;
        failed.error = u"no data for 30 s"_s;
        const Result<void> put = store->sources().putSources({row, failed});
        QVERIFY2(put, qPrintable(put.errorMessage()));
        QCOMPARE(count(*store, u"SELECT count(*) FROM document_blob"_s), blobs + 1);
        QCOMPARE(store->sources().source(row.url)->text, row.text);
        QCOMPARE(store->sources().source(failed.url)->state, u"timeout"_s);
        QVERIFY(store->sources().source(failed.url)->contentHash.isEmpty());
        QCOMPARE(store->sources().list().size(), 2);

        // ... and migration 7's: the old rubrics stay the task's, and the old report can get
        // claims of its own beside them (same dimension and position, another key).
        const auto report = store->reports().report(1);
        QVERIFY(report);
        const QList<Rubric> before = store->catalog().rubrics(report->taskId);
        QCOMPARE(before.size(), 2);
        QVERIFY(!before.constFirst().reportId);
        Rubric claim = before.constFirst();
        claim.id = 0;
        claim.reportId = report->id;
        claim.text = u"A claim of the old report."_s;
        QVERIFY2(store->catalog().upsertRubric(claim).result == UpsertResult::Added,
                 qPrintable(store->lastError()));
        QCOMPARE(store->catalog().rubrics(report->taskId).size(), 2);
        QCOMPARE(store->catalog().claims(report->id).size(), 1);
        QCOMPARE(store->catalog().reportItems(*report).size(), 3);
        QCOMPARE(store->catalog().reportItems(*report).constLast().text, claim.text);

        // ... and migration 9's: the people who labelled before ids existed are annotators
        // whose id is their old name, so their labels stay theirs through a rename.
        const QList<Annotator> people = store->annotations().annotators();
        QVERIFY(!people.isEmpty());
        const QString legacy = store->annotations().annotationHistory(1, 1).constFirst().annotator;
        QVERIFY(store->annotations().annotator(legacy));
        QCOMPARE(store->annotations().annotator(legacy)->name, legacy);
        const int labelled = store->annotations().currentAnnotations(1, legacy).size();
        QVERIFY(labelled > 0);
        QVERIFY(store->annotations().renameAnnotator(legacy, u"Renamed Person"_s));
        QCOMPARE(store->annotations().currentAnnotations(1, legacy).size(), labelled);
        QCOMPARE(store->annotations().annotationHistory(1, 1).constFirst().annotatorName,
                 u"Renamed Person"_s);
        // Old events are labels with no provenance and no uid yet; new ones get both.
        const AnnotationEvent old = store->annotations().annotationHistory(1, 1).constFirst();
        QCOMPARE(old.kind, AnnotationKind::Label);
        QCOMPARE(old.provenance.method, LabelMethod::Unknown);
        QVERIFY(old.uid.isEmpty());
        QVERIFY(!q.exec(u"UPDATE annotation_event SET uid = 'x'"_s));
    }

    void upgradesStepByStep()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"steps.rubricate"_s);
        {
            auto v1 = ProjectStore::openAtVersion(path, 1);
            QVERIFY2(v1, qPrintable(v1.errorMessage()));
            QCOMPARE(v1->schemaVersion(), 1);
            QVERIFY(v1->search().reports(u"anything"_s).isEmpty()); // no index yet, and no crash
        }
        auto latest = ProjectStore::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        QCOMPARE(latest->schemaVersion(), latestSchemaVersion());
    }

    void refusesNewerSchema()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"future.rubricate"_s);
        {
            auto store = ProjectStore::create(path);
            QVERIFY(store);
            QSqlQuery q(store->database());
            QVERIFY(q.exec(u"PRAGMA user_version = 999"_s));
        }
        QString error;
        const auto refused = ProjectStore::open(path);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(u"newer Rubricate"_s),
                 qPrintable(refused.errorMessage()));
    }

    void refusesNonProjectFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"notes.rubricate"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        QString error;
        const auto refused = ProjectStore::open(path);
        QVERIFY(!refused);
        QVERIFY(!refused.error().message.isEmpty());
    }

    void migrationsAreNumberedInOrder()
    {
        int previous = 0;
        for (const Migration &m : schemaMigrations()) {
            QCOMPARE(m.version, previous + 1);
            previous = m.version;
        }
    }
};

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
