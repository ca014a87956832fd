// Team projects on PostgreSQL: the location a user types, opening and migrating a server
// database (two clients at once), and `project copy` between engines checked table by table.
#include "demo/demoproject.h"
#include "postgresfixture.h"
#include "store/migrations.h"
#include "store/projectcopy.h"
#include "store/projectlocation.h"
#include "store/projectstore.h"
#include "store/serverlocation.h"
#include "store/teamroles.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestTeamProject : public QObject
{
    Q_OBJECT

    static QString tableSummary(const ProjectCopyResult &r)
    {
        QStringList lines;
        for (const TableCheck &t : r.tables)
            lines << u"%1 %2/%3 %4"_s.arg(t.table)
                         .arg(t.sourceRows)
                         .arg(t.copiedRows)
                         .arg(t.matches() ? u"ok"_s : u"DIFFERS"_s);
        return r.error + u"\n"_s + lines.join(u'\n');
    }

private slots:
    void readsLocationsAndRefusesPasswords()
    {
        QString error;
        const auto plain = ServerLocation::parse(
            u"postgresql://ann@db.lab.example:5433/study?sslmode=require"_s);
        QVERIFY2(plain, qPrintable(plain.errorMessage()));
        QCOMPARE(plain->host(), u"db.lab.example"_s);
        QCOMPARE(plain->port(), 5433);
        QCOMPARE(plain->user(), u"ann"_s);
        QCOMPARE(plain->database(), u"study"_s);
        QCOMPARE(plain->displayName(), u"ann@db.lab.example:5433/study"_s);
        QCOMPARE(plain->canonical(),
                 u"postgresql://ann@db.lab.example:5433/study?sslmode=require"_s);

        const auto socket
            = ServerLocation::parse(u"postgres:///study?host=/run/postgresql&user=ann"_s);
        QVERIFY2(socket, qPrintable(socket.errorMessage()));
        QCOMPARE(socket->host(), u"/run/postgresql"_s);
        QCOMPARE(socket->user(), u"ann"_s);
        QCOMPARE(socket->canonical(), u"postgresql://ann@/study?host=/run/postgresql"_s);
        // No user and a socket: the empty authority stays, so it still reads as a server.
        const auto bare = ServerLocation::parse(u"postgresql:///study?host=/run/postgresql"_s);
        QVERIFY2(bare, qPrintable(bare.errorMessage()));
        QCOMPARE(bare->canonical(), u"postgresql:///study?host=/run/postgresql"_s);
        QVERIFY(ServerLocation::isServer(bare->canonical()));
        QCOMPARE(ServerLocation::parse(bare->canonical())->host(), u"/run/postgresql"_s);

        // A password would be shown in titles and kept in the recent list: refused, and the
        // message does not repeat it.
        const auto password = ServerLocation::parse(u"postgresql://ann:hunter2@db/study"_s);
        QVERIFY(!password);
        QVERIFY2(password.error().message.contains(u".pgpass"_s),
                 qPrintable(password.errorMessage()));
        QVERIFY2(!password.error().message.contains(u"hunter2"_s),
                 qPrintable(password.errorMessage()));
        const auto inQuery = ServerLocation::parse(u"postgresql://ann@db/study?password=hunter2"_s);
        QVERIFY(!inQuery);
        QVERIFY2(!inQuery.error().message.contains(u"hunter2"_s),
                 qPrintable(inQuery.errorMessage()));
        const auto typo = ServerLocation::parse(u"postgresql://ann@db/study?sslmod=require"_s);
        QVERIFY(!typo);
        QVERIFY2(typo.error().message.contains(u"unknown parameter sslmod"_s),
                 qPrintable(typo.errorMessage()));
        const auto noDatabase = ServerLocation::parse(u"postgresql://ann@db/"_s);
        QVERIFY(!noDatabase);
        QVERIFY2(noDatabase.error().message.contains(u"names no database"_s),
                 qPrintable(noDatabase.errorMessage()));
        QVERIFY(ServerLocation::parse(u"postgresql://ann@db?service=lab"_s));
        QVERIFY(!ServerLocation::isServer(u"/home/ann/study.rubricate"_s));
    }

    // A server gone quiet in the middle of a session is an error within about a minute: the
    // TCP limits are set unless the location sets its own.
    void setsLivenessLimitsUnlessTheLocationDoes()
    {
        const auto own = ServerLocation::parse(u"postgresql://ann@db/study?keepalives_idle=5"_s);
        QVERIFY2(own, qPrintable(own.errorMessage()));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"liveness"_s);
            own->applyTo(db);
            const QStringList options = db.connectOptions().split(u';');
            QVERIFY2(options.contains(u"keepalives_idle='5'"_s), qPrintable(db.connectOptions()));
            QVERIFY(!options.contains(u"keepalives_idle=30"_s));
            QVERIFY(options.contains(u"keepalives_interval=10"_s));
            QVERIFY(options.contains(u"keepalives_count=3"_s));
            QVERIFY(options.contains(u"tcp_user_timeout=60000"_s));
            QVERIFY(options.contains(u"connect_timeout=10"_s));
        }
        QSqlDatabase::removeDatabase(u"liveness"_s);
    }

    void openNeverMakesAProjectInAnEmptyDatabase()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase database;
        QVERIFY2(database.isValid(), qPrintable(database.error()));
        QString error;
        const auto refused = ProjectStore::open(database.url());
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(u"holds no Rubricate project"_s),
                 qPrintable(refused.errorMessage()));
        auto created = ProjectStore::create(database.url());
        QVERIFY2(created, qPrintable(created.errorMessage()));
        QCOMPARE(created->schemaVersion(), latestSchemaVersion());
        created.value().reset();
        const auto reopened = ProjectStore::open(database.url());
        QVERIFY2(reopened, qPrintable(reopened.errorMessage()));
        ProjectStore::close(database.url());
    }

    void unreachableServerIsAnErrorNotAHang()
    {
        QString error;
        // A port nobody listens on: refused at once (the 10 s connect timeout covers hosts
        // that do not answer at all).
        const auto refused = ProjectStore::open(u"postgresql://ann@127.0.0.1:1/study"_s);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(u"cannot open"_s),
                 qPrintable(refused.errorMessage()));
    }

    void migratesOnceWhenTwoClientsOpenAnOldDatabase()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase database;
        QVERIFY2(database.isValid(), qPrintable(database.error()));
        const QString url = database.url();
        {
            auto old = ProjectStore::openAtVersion(url, 3);
            QVERIFY2(old, qPrintable(old.errorMessage()));
            QCOMPARE(old->schemaVersion(), 3);
        }
        // Two threads are two connections, as two processes would be: the advisory lock lets
        // one migrate while the other waits, then finds the schema current.
        const auto openLatest = [url] {
            QString error;
            auto store = ProjectStore::open(url);
            QString result = store ? QString::number(store->schemaVersion()) : store.errorMessage();
            if (store)
                store.value().reset();
            ProjectStore::close(url);
            return result;
        };
        auto first = QtConcurrent::run(openLatest);
        auto second = QtConcurrent::run(openLatest);
        QCOMPARE(first.result(), QString::number(latestSchemaVersion()));
        QCOMPARE(second.result(), QString::number(latestSchemaVersion()));
        ProjectStore::close(url);
    }

    void copiesFileToServerAndBackUnchanged()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        QTemporaryDir dir;
        const QString original = dir.filePath(u"original.rubricate"_s);
        {
            auto store = ProjectStore::create(original);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const ImportSummary demo = importDemo(*store);
            QCOMPARE(demo.errorCount(), 0);
            // Bytes, a negative weight, a double that is not a short decimal and an event.
            AnnotationEvent e;
            const auto reports = store->reports().reportSummaries().value();
            QVERIFY(!reports.isEmpty());
            const Report report = *store->reports().report(reports.constFirst().id);
            const QList<Rubric> rubrics = store->catalog().reportItems(report);
            QVERIFY(!rubrics.isEmpty());
            e.reportId = report.id;
            e.rubricId = rubrics.constFirst().id;
            e.annotator = u"ann"_s;
            e.value = 1.0 / 3.0;
            e.note = u"土地财政 — “quoted”, 'single' and a\nnewline"_s;
            QVERIFY(store->annotations().appendAnnotation(e));
        }
        RubricateTest::PostgresDatabase server;
        QVERIFY2(server.isValid(), qPrintable(server.error()));
        QList<QString> progressTables;
        const ProjectCopyResult up
            = copyProject(original, server.url(), [&](const QString &table, qint64, qint64) {
                  if (!progressTables.contains(table))
                      progressTables << table;
              });
        QVERIFY2(up.ok, qPrintable(tableSummary(up)));
        QVERIFY(up.rows() > 100);
        QVERIFY(progressTables.contains(u"verdict"_s));
        for (const TableCheck &t : up.tables)
            QVERIFY2(t.matches(), qPrintable(t.table));

        const QString back = dir.filePath(u"back.rubricate"_s);
        const ProjectCopyResult down = copyProject(server.url(), back);
        QVERIFY2(down.ok, qPrintable(tableSummary(down)));

        const ProjectCopyResult a = checkProject(original);
        const ProjectCopyResult b = checkProject(back);
        QVERIFY(a.ok && b.ok);
        QCOMPARE(a.tables.size(), b.tables.size());
        for (qsizetype i = 0; i < a.tables.size(); ++i) {
            QCOMPARE(b.tables.at(i).sourceRows, a.tables.at(i).sourceRows);
            QCOMPARE(b.tables.at(i).sourceHash, a.tables.at(i).sourceHash);
        }
        // The copies work as projects: the file's search index was rebuilt from the rows, and
        // the server hands out ids after the copied ones.
        auto reopened = ProjectStore::open(back);
        QVERIFY2(reopened, qPrintable(reopened.errorMessage()));
        QVERIFY(!reopened->search().reports(u"土地财政"_s).isEmpty()
                || !reopened->search().reports(u"the"_s).isEmpty());
        QSqlQuery pending(reopened->database());
        QVERIFY(pending.exec(u"SELECT count(*) FROM report_fts_pending"_s) && pending.next());
        QCOMPARE(pending.value(0).toInt(), 0); // indexed as the copy committed
        auto team = ProjectStore::open(server.url());
        QVERIFY2(team, qPrintable(team.errorMessage()));
        const qint64 largest = reopened->reports().reportSummaries().value().constLast().id;
        Report more = *team->reports().report(largest);
        more.modelId = *team->reports().ensureModel(u"Added on the server"_s);
        const Upserted added = team->reports().upsertReport(more, {});
        QVERIFY2(added.ok(), qPrintable(added.error.message));
        QVERIFY(added.id > largest);
        ProjectStore::close(server.url());
    }

    // The database itself keeps an annotator to labels: reading works, adding events works,
    // changing runs, verdicts or events does not.
    void annotatorsMayOnlyAddLabels()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        QVERIFY2(server.isValid(), qPrintable(server.error()));
        QString error;
        auto owner = ProjectStore::create(server.url());
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        QCOMPARE(importDemo(*owner).errorCount(), 0);
        const Result<void> added = addTeamMember(*owner, u"ann_labels"_s, TeamRole::Annotator);
        QVERIFY2(added, qPrintable(added.errorMessage()));
        const Result<void> again = addTeamMember(*owner, u"ann_labels"_s, TeamRole::Annotator);
        QVERIFY2(again, qPrintable(again.errorMessage())); // twice is fine
        const Result<void> odd = addTeamMember(*owner, u"Robert'); DROP"_s, TeamRole::Annotator);
        QVERIFY(!odd);
        QVERIFY2(odd.error().message.contains(u"not a plain role name"_s),
                 qPrintable(odd.errorMessage()));

        const QString asAnnotator
            = ProjectLocation::normalized(server.url())
                  .replace(u"postgresql://rubricate@"_s, u"postgresql://ann_labels@"_s);
        {
            auto annotator = ProjectStore::open(asAnnotator);
            QVERIFY2(annotator, qPrintable(annotator.errorMessage()));
            const QList<ReportSummary> reports = annotator->reports().reportSummaries().value();
            QVERIFY(!reports.isEmpty());
            const Report report = *annotator->reports().report(reports.constFirst().id);
            AnnotationEvent e;
            e.reportId = report.id;
            e.rubricId = annotator->catalog().reportItems(report).constFirst().id;
            e.annotator = u"ann"_s;
            e.value = 1;
            const auto appended = annotator->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
            QSqlQuery q(annotator->database());
            for (const QString &refused :
                 {u"UPDATE judge_run SET status = 'cancelled'"_s, u"DELETE FROM verdict"_s,
                  u"UPDATE verdict SET value = 0"_s, u"DELETE FROM annotation_event"_s,
                  u"INSERT INTO agent_model (name) VALUES ('sneaky')"_s, u"DROP TABLE verdict"_s}) {
                QVERIFY2(!q.exec(refused), qPrintable(refused));
                QVERIFY2(q.lastError().text().contains(u"permission denied"_s)
                             || q.lastError().text().contains(u"must be owner"_s),
                         qPrintable(q.lastError().text()));
            }
        }
        ProjectStore::close(asAnnotator);

        const Result<void> owns = addTeamMember(*owner, u"olga_owner"_s, TeamRole::Owner);
        QVERIFY2(owns, qPrintable(owns.errorMessage()));
        const QString asOwner
            = ProjectLocation::normalized(server.url())
                  .replace(u"postgresql://rubricate@"_s, u"postgresql://olga_owner@"_s);
        {
            auto olga = ProjectStore::open(asOwner);
            QVERIFY2(olga, qPrintable(olga.errorMessage()));
            const Result<RowId> model = olga->reports().ensureModel(u"Added by the owner"_s);
            QVERIFY2(model, qPrintable(model.errorMessage()));
        }
        ProjectStore::close(asOwner);
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    void refusesToCopyOverAProject()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        QTemporaryDir dir;
        const QString file = dir.filePath(u"p.rubricate"_s);
        {
            auto store = ProjectStore::create(file);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            QVERIFY(store->reports().ensureModel(u"A"_s));
        }
        ProjectCopyResult r = copyProject(file, file);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(u"exists"_s), qPrintable(r.error));

        RubricateTest::PostgresDatabase server;
        QVERIFY(copyProject(file, server.url()).ok);
        r = copyProject(file, server.url());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(u"already holds a project"_s), qPrintable(r.error));
        ProjectStore::close(server.url());
    }
};

QTEST_GUILESS_MAIN(TestTeamProject)
#include "tst_teamproject.moc"
