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
        QString path = dir.filePath(u"old.rubricate"_s);
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

    // A project made at `version`, then changed by `statements`; false (with a warning) when
    // one fails.
    bool projectAtVersion(const QString &path, int version, const QStringList &statements)
    {
        auto store = ProjectStore::openAtVersion(path, version);
        if (!store) {
            qWarning() << store.errorMessage();
            return false;
        }
        QSqlQuery q(store->database());
        for (const QString &statement : statements) {
            if (!q.exec(statement)) {
                qWarning() << q.lastError().text() << statement;
                return false;
            }
        }
        return true;
    }

    // Version 16's index, as that version made it (every trigram of every text), and two
    // reports in it.
    static QStringList version16Reports()
    {
        return {
            u"DROP TRIGGER report_fts_ai"_s,
            u"DROP TRIGGER report_fts_ad"_s,
            u"DROP TRIGGER report_fts_au"_s,
            u"DROP TABLE report_fts_vocab"_s,
            u"DROP TABLE report_fts_pending"_s,
            u"DROP TABLE report_fts"_s,
            u"CREATE VIRTUAL TABLE report_fts USING fts5(text, content='report',"
            " content_rowid='id', tokenize='trigram', detail='none')"_s,
            u"CREATE TRIGGER report_fts_ai AFTER INSERT ON report BEGIN "
            "INSERT INTO report_fts(rowid, text) VALUES (new.id, new.text); END"_s,
            u"INSERT INTO benchmark (id, key, name, scale)"
            " VALUES (1, 'drb2', 'DRB-II', 'drb2')"_s,
            u"INSERT INTO task (id, benchmark_id, external_id, fingerprint)"
            " VALUES (1, 1, '1', 'f')"_s,
            u"INSERT INTO agent_model (id, name) VALUES (1, 'en'), (2, 'zh')"_s,
            u"INSERT INTO report (model_id, task_id, format, text, has_text, fingerprint) VALUES"
            " (1, 1, 'md', 'Melatonin shortens the time to fall asleep.', 1, 'f'),"
            " (2, 1, 'md', '中国地方土地财政模式的转型研究。', 1, 'f')"_s,
        };
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
        QCOMPARE(store->annotations().assignments(u"old"_s).value().size(), 1);
        QCOMPARE(store->annotations().assignments(u"old"_s).value().constFirst().annotators,
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
        QCOMPARE(store->sources().list().value().size(), 2);

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
        const Upserted added = store->catalog().upsertRubric(claim);
        QVERIFY2(added.result == UpsertResult::Added, qPrintable(added.error.message));
        QCOMPARE(store->catalog().rubrics(report->taskId).size(), 2);
        QCOMPARE(store->catalog().claims(report->id).size(), 1);
        QCOMPARE(store->catalog().reportItems(*report).size(), 3);
        QCOMPARE(store->catalog().reportItems(*report).constLast().text, claim.text);

        // ... and migration 9's: the people who labelled before ids existed are annotators
        // whose id is their old name, so their labels stay theirs through a rename.
        const QList<Annotator> people = store->annotations().annotators().value();
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

    void compactsTheReportsOfAVersion14Project()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v14.rubricate"_s);
        const QString english = u"# Melatonin\n\nMelatonin shortens the time to fall asleep.\n"_s;
        const QString chinese = u"# 土地财政\n\n中国地方土地财政模式的转型研究。\n"_s;
        const QByteArray html
            = "<html><body>" + QByteArray("<p>a page of the report</p>").repeated(100);
        // hash, original, report text (empty: a fetched source's bytes, no report)
        const QList<std::tuple<QString, QByteArray, QString>> originals = {
            {u"en"_s, english.repeated(40).toUtf8(), english.repeated(40)},
            {u"zh"_s, chinese.repeated(40).toUtf8(), chinese.repeated(40)},
            {u"html"_s, html, u"a page of the report"_s},
            {u"source"_s, english.repeated(30).toUtf8(), english.repeated(30)},
        };
        qint64 before = 0;
        {
            auto v14 = ProjectStore::openAtVersion(path, 14);
            QVERIFY2(v14, qPrintable(v14.errorMessage()));
            QSqlQuery q(v14->database());
            QVERIFY(q.exec(u"INSERT INTO benchmark (id, key, name, scale)"
                           " VALUES (1, 'drb2', 'DRB-II', 'drb2')"_s));
            QVERIFY(q.exec(u"INSERT INTO task (id, benchmark_id, external_id, fingerprint)"
                           " VALUES (1, 1, '1', 'f')"_s));
            QVERIFY(q.prepare(u"INSERT INTO document_blob (hash, size, data) VALUES (?, ?, ?)"_s));
            QSqlQuery model(v14->database());
            QVERIFY(model.prepare(u"INSERT INTO agent_model (name) VALUES (?)"_s));
            QSqlQuery report(v14->database());
            QVERIFY(report.prepare(
                u"INSERT INTO report (model_id, task_id, format, content_hash,"
                " text, has_text, fingerprint) VALUES (?, 1, 'md', ?, ?, 1, 'f')"_s));
            for (const auto &[hash, bytes, text] : originals) {
                q.addBindValue(hash);
                q.addBindValue(bytes.size());
                q.addBindValue(bytes);
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
                before += bytes.size();
                model.addBindValue(hash);
                QVERIFY(model.exec());
                report.addBindValue(model.lastInsertId());
                report.addBindValue(hash);
                report.addBindValue(text);
                QVERIFY2(report.exec(), qPrintable(report.lastError().text()));
            }
            QVERIFY(
                q.exec(u"INSERT INTO source (url, state, content_hash, fetched_at)"
                       " VALUES ('https://example.org/s', 'fetched', 'source', '2026-01-01')"_s));
        }

        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->schemaVersion(), latestSchemaVersion());
        // Every original reads as it was; a text is kept once, as the report's text, unless a
        // source shares its bytes; the rest is compressed.
        for (const auto &[hash, bytes, text] : originals)
            QCOMPARE(store->reports().originalFile(hash), bytes);
        QSqlQuery q(store->database());
        QVERIFY(q.exec(u"SELECT hash, encoding FROM document_blob ORDER BY hash"_s));
        QStringList encodings;
        while (q.next())
            encodings << q.value(0).toString() + u'=' + q.value(1).toString();
        QCOMPARE(encodings,
                 (QStringList{u"en=report-text"_s, u"html=zlib"_s, u"source=zlib"_s,
                              u"zh=report-text"_s}));
        QVERIFY(count(*store, u"SELECT sum(length(data)) FROM document_blob"_s) < before / 10);
        QCOMPARE(store->reports().report(1)->text, english.repeated(40));

        // The rebuilt index finds what the old one did, in both scripts.
        QCOMPARE(store->search().reports(u"melatonin"_s).size(), 2);
        QCOMPARE(store->search().reports(u"ELATONI asleep"_s).size(), 2);
        QCOMPARE(store->search().reports(u"土地财政模式"_s).size(), 1);
        QCOMPARE(store->search().reports(u"转型"_s).size(), 1);
        QCOMPARE(store->search().reports(u"土地模式"_s).size(), 0);
        QCOMPARE(store->search().reports(u"page of the"_s).constFirst().model, u"html"_s);
        QVERIFY(q.exec(u"SELECT sql FROM sqlite_master WHERE name = 'report_fts'"_s) && q.next());
        QVERIFY2(q.value(0).toString().contains(u"detail='none'"_s),
                 qPrintable(q.value(0).toString()));
    }

    void reindexesTheReportsOfAVersion16Project()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v16.rubricate"_s);
        QVERIFY(projectAtVersion(path, 16, version16Reports()));

        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->schemaVersion(), latestSchemaVersion());
        QSqlQuery q(store->database());
        QVERIFY(q.exec(u"SELECT sql FROM sqlite_master WHERE name = 'report_fts'"_s) && q.next());
        QVERIFY2(q.value(0).toString().contains(u"tokenize='rubricate distinct'"_s),
                 qPrintable(q.value(0).toString()));
        // The index holds the reports that were there: words, and pairs of Chinese characters.
        QCOMPARE(
            count(*store, u"SELECT count(*) FROM report_fts WHERE report_fts MATCH 'melatonin'"_s),
            1);
        QCOMPARE(
            count(*store, u"SELECT count(*) FROM report_fts WHERE report_fts MATCH '\"转型\"'"_s),
            1);
        QCOMPARE(store->search().reports(u"melatonin"_s).size(), 1);
        QCOMPARE(store->search().reports(u"ELATONI asleep"_s).size(), 1);
        QCOMPARE(store->search().reports(u"转型"_s).size(), 1);
        QCOMPARE(store->search().reports(u"土地模式"_s).size(), 0);
        // ... and keeps up with reports written after the migration, even by another program
        // that leaves them waiting to be indexed.
        QVERIFY(q.exec(u"INSERT INTO agent_model (id, name) VALUES (3, 'late')"_s));
        QVERIFY(
            q.exec(u"INSERT INTO report (model_id, task_id, format, text, has_text, fingerprint)"
                   " VALUES (3, 1, 'md', '城市更新', 1, 'g')"_s));
        QCOMPARE(store->search().reports(u"更新"_s).size(), 1);
    }

    // Version 18 adds the table that keeps the index's words between processes; the words
    // are read from the index at the first search.
    void keepsTheWordsOfAVersion17Index()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v17.rubricate"_s);
        QStringList v17 = version16Reports();
        v17 = v17.mid(v17.indexOf(u"INSERT INTO benchmark (id, key, name, scale)"
                                  " VALUES (1, 'drb2', 'DRB-II', 'drb2')"_s));
        v17.prepend(u"DROP TABLE report_fts_words"_s);
        v17 << u"INSERT INTO report_fts(rowid, text) SELECT r.id, r.text"
               " FROM report_fts_pending p JOIN report r ON r.id = p.id"_s
            << u"DELETE FROM report_fts_pending"_s;
        QVERIFY(projectAtVersion(path, 17, v17));

        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->schemaVersion(), latestSchemaVersion());
        QCOMPARE(store->search().reports(u"ELATONI asleep"_s).size(), 1);
        QCOMPARE(store->search().reports(u"转型"_s).size(), 1);
        QCOMPARE(count(*store,
                       u"SELECT count(*) FROM report_fts_words"
                       " WHERE words_generation = generation"
                       " AND instr(CAST(words AS TEXT), 'melatonin') > 0"_s),
                 1);
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
