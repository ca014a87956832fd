// Team projects on PostgreSQL: the location a user types, opening and migrating a server
// database (two clients at once), and `project copy` between engines checked table by table.
#include "demo/demoproject.h"
#include "ingest/annotationimporter.h"
#include "judgefixture.h"
#include "postgresfixture.h"
#include "store/migrations.h"
#include "store/projectcopy.h"
#include "store/projectlocation.h"
#include "store/projectstore.h"
#include "store/serverlocation.h"
#include "store/teamroles.h"
#include "store/transaction.h"
#include "waits.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestTeamProject : public QObject
{
    Q_OBJECT

    // The project's location as the team member `user` would type it.
    static QString locationAs(const RubricateTest::PostgresDatabase &server, const QString &user)
    {
        return ProjectLocation::normalized(server.urlAs(user));
    }

    // A label of `annotator` on the project's first report and rubric item.
    static AnnotationEvent firstItemLabel(ProjectStore &store, const QString &annotator)
    {
        const Report report
            = *store.reports().report(store.reports().reportSummaries().value().constFirst().id);
        AnnotationEvent e;
        e.reportId = report.id;
        e.rubricId = store.catalog().reportItems(report).constFirst().id;
        e.annotator = annotator;
        e.value = 1;
        return e;
    }

    // Opens the project as the login of `location` and labels its first item as `annotator`.
    static Result<RowId> labelAs(const QString &location, const QString &annotator,
                                 AnnotationKind kind = AnnotationKind::Label)
    {
        Result<RowId> appended = Error{QString()};
        {
            auto store = ProjectStore::open(location);
            if (!store)
                return store.error();
            AnnotationEvent e = firstItemLabel(*store, annotator);
            e.kind = kind;
            appended = store->annotations().appendAnnotation(e);
        }
        ProjectStore::close(location);
        return appended;
    }

    // Opens the project as the login of `location` and adds an agent model, as an import does.
    static Result<RowId> modelAs(const QString &location, const QString &model)
    {
        Result<RowId> added = Error{QString()};
        {
            auto store = ProjectStore::open(location);
            if (!store)
                return store.error();
            added = store->reports().ensureModel(model);
        }
        ProjectStore::close(location);
        return added;
    }

    // A project of schema `version` (18: before the team guards) holding the demo; `login` was
    // given the project's database and `grants` (%1 the login) as an older Rubricate did.
    // Opened, and so migrated, by the test server's superuser.
    static Result<std::unique_ptr<ProjectStore>>
    olderProject(const RubricateTest::PostgresDatabase &server, const QString &login,
                 const QStringList &grants, int version = 18)
    {
        if (!server.isValid())
            return Error{server.error()};
        {
            auto old = ProjectStore::openAtVersion(server.url(), version);
            if (!old)
                return old.error();
            if (importDemo(*old).errorCount() > 0)
                return Error{u"the demo did not import"_s};
            QStringList statements{
                u"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1')"
                " THEN CREATE ROLE %1 LOGIN; END IF; END $$"_s.arg(login),
                u"GRANT CONNECT ON DATABASE %1 TO %2"_s.arg(server.name(), login)};
            for (const QString &grant : grants)
                statements << grant.arg(login);
            QSqlQuery q(old->database());
            for (const QString &statement : std::as_const(statements)) {
                if (!q.exec(statement))
                    return Error{q.lastError().text()};
            }
        }
        ProjectStore::close(server.url());
        return ProjectStore::open(server.url());
    }

    // A new team project holding the demo, made by the test server's superuser.
    static Result<std::unique_ptr<ProjectStore>>
    demoProject(const RubricateTest::PostgresDatabase &server)
    {
        if (!server.isValid())
            return Error{server.error()};
        auto store = ProjectStore::create(server.url());
        if (store && importDemo(*store).errorCount() > 0)
            return Error{u"the demo did not import"_s};
        return store;
    }

    // Why `statements` fail as `user`, connected to `database` on the test server (empty:
    // they did not).
    static QString refusalAs(const QString &user, const QString &database,
                             const QStringList &statements)
    {
        const QString connection = u"as-"_s + user + database;
        QString refusal;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, connection);
            db.setHostName(RubricateTest::postgresSocket());
            db.setUserName(user);
            db.setDatabaseName(database);
            if (!db.open()) {
                refusal = db.lastError().text();
            } else {
                QSqlQuery q(db);
                for (const QString &statement : statements) {
                    if (!q.exec(statement)) {
                        refusal = q.lastError().text();
                        break;
                    }
                }
            }
        }
        QSqlDatabase::removeDatabase(connection);
        return refusal;
    }

    // Adds a table as a later migration run by the owner `owner` does (migrations.cpp: each
    // begins by acting as the project's owners), then reads it as `annotator`: why that was
    // refused, or what either step failed with.
    static QString laterTableRefusal(const RubricateTest::PostgresDatabase &server,
                                     const QString &owner, const QString &annotator)
    {
        const QString migrated = refusalAs(
            owner, server.name(),
            {u"BEGIN"_s, actAsProjectOwners(), u"CREATE TABLE later_migration (x BIGINT)"_s,
             u"INSERT INTO later_migration VALUES (7)"_s, u"COMMIT"_s});
        if (!migrated.isEmpty())
            return u"the later migration failed: "_s + migrated;
        return refusalAs(annotator, server.name(),
                         {u"SELECT x FROM later_migration"_s, u"SELECT count(*) FROM verdict"_s});
    }

    // A line of the simple annotation format: `annotator`'s label on `item`, given at `at`;
    // with a uid, a line as `annotations export` writes it.
    static QByteArray annotationLine(const KeyedItem &item, const QString &annotator, int label,
                                     const QDateTime &at, const QString &uid = {})
    {
        return u"{%1\"benchmark\": \"%2\", \"task\": \"%3\", \"model\": \"%4\","
               " \"dimension\": \"%5\", \"number\": %6, \"annotator\": \"%7\", \"label\": %8,"
               " \"at\": \"%9\"}\n"_s
                   .arg(uid.isEmpty() ? QString() : u"\"uid\": \"%1\", "_s.arg(uid),
                        item.key.benchmark, item.key.task, item.key.model, item.key.dimension)
                   .arg(item.key.position + 1)
                   .arg(annotator)
                   .arg(label)
                   .arg(at.toString(Qt::ISODateWithMs))
                   .toUtf8();
    }

    // Whether a session of the server waits for an advisory lock another one holds.
    static bool waitsForAdvisoryLock(ProjectStore &store)
    {
        QSqlQuery q(store.database());
        return q.exec(u"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                      " AND NOT granted"_s)
            && q.next() && q.value(0).toInt() > 0;
    }

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
        // A secret under another name is refused as a password; an unknown parameter is
        // named, its value never repeated.
        for (const QString &secret :
             {u"sslpassword=Sup3rS3cret"_s, u"Password=Sup3rS3cret"_s,
              u"options=-c%20password=Sup3rS3cret"_s, u"sslmode=require&x=Sup3rS3cret"_s}) {
            const auto refused = ServerLocation::parse(u"postgresql://ann@db/study?"_s + secret);
            QVERIFY2(!refused, qPrintable(secret));
            QVERIFY2(!refused.error().message.contains(u"Sup3rS3cret"_s),
                     qPrintable(refused.errorMessage()));
        }
        QVERIFY2(ServerLocation::parse(u"postgresql://ann@db/study?sslpassword=x"_s)
                     .error()
                     .message.contains(u"a password (sslpassword) does not belong"_s),
                 "sslpassword is not refused as a password");
        QVERIFY2(ServerLocation::parse(u"postgresql://ann@db/study?options=-c%20password=x"_s)
                     .error()
                     .message.contains(u"unknown parameter options"_s),
                 "options is not named");
        // A password typed as it is, unescaped, whatever its characters.
        for (const QString &typed : {u"Sup3r S3cret"_s, u"Sup3r/S3cret"_s, u"Sup3r?S3cret"_s,
                                     u"Sup3r@S3cret"_s, u"Sup3r:S3cret"_s}) {
            const QString location = u"postgresql://ann:%1@db/study"_s.arg(typed);
            const auto unparsed = ServerLocation::parse(location);
            QVERIFY(!unparsed);
            QVERIFY2(!unparsed.error().message.contains(u"Sup3r"_s)
                         && !unparsed.error().message.contains(u"S3cret"_s),
                     qPrintable(unparsed.errorMessage()));
            // Nor does the window's "Connecting to …" repeat it.
            QVERIFY(!ProjectLocation::displayName(location).contains(u"S3cret"_s));
            QVERIFY(!ProjectLocation::normalized(location).contains(u"S3cret"_s));
        }
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
        // The login labels as the annotator "ann", who may have labelled before it existed.
        const Result<void> added
            = addTeamMember(*owner, u"ann_labels"_s, TeamRole::Annotator, u"ann"_s);
        QVERIFY2(added, qPrintable(added.errorMessage()));
        const Result<void> again
            = addTeamMember(*owner, u"ann_labels"_s, TeamRole::Annotator, u"ann"_s);
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
            // Through the store, the refusal says whose the write is.
            const Result<RowId> model = annotator->reports().ensureModel(u"sneaky"_s);
            QVERIFY(!model);
            QVERIFY2(model.errorMessage().contains(u"permission denied for table agent_model"_s)
                         && model.errorMessage().contains(u"for the project's owners"_s),
                     qPrintable(model.errorMessage()));
        }
        ProjectStore::close(asAnnotator);

        const Result<void> owns = addTeamMember(*owner, u"olga_owner"_s, TeamRole::Owner);
        QVERIFY2(owns, qPrintable(owns.errorMessage()));
        const Result<RowId> model
            = modelAs(locationAs(server, u"olga_owner"_s), u"Added by the owner"_s);
        QVERIFY2(model, qPrintable(model.errorMessage()));
        // An owner the server does not let create roles is told what adding a member takes.
        {
            auto olga = ProjectStore::open(locationAs(server, u"olga_owner"_s));
            QVERIFY2(olga, qPrintable(olga.errorMessage()));
            const Result<void> member
                = addTeamMember(*olga, u"newbie_of_olga"_s, TeamRole::Annotator);
            QVERIFY(!member);
            QVERIFY2(member.errorMessage().contains(u"CREATEROLE"_s)
                         && !member.errorMessage().contains(u"QPSQL"_s),
                     qPrintable(member.errorMessage()));
        }
        ProjectStore::close(locationAs(server, u"olga_owner"_s));
        // A login the project never added is told so: the schema version's reason was empty.
        QSqlQuery admin(owner->database());
        QVERIFY2(admin.exec(u"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname ="
                            " 'stranger') THEN CREATE ROLE stranger LOGIN; END IF; END $$"_s),
                 qPrintable(admin.lastError().text()));
        const auto stranger = ProjectStore::open(locationAs(server, u"stranger"_s));
        QVERIFY(!stranger);
        QVERIFY2(stranger.errorMessage().contains(u"not a member of this project"_s),
                 qPrintable(stranger.errorMessage()));
        ProjectStore::close(locationAs(server, u"stranger"_s));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // An annotator's login writes labels under its own annotator only: the database refuses
    // events of anyone else, gold labels, imports and annotator entries other than its own,
    // whatever the client sends. Owners still write for anyone (imports, merges, adjudication).
    void annotatorsLabelOnlyAsThemselves()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        auto owner = demoProject(server);
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        const Result<void> added = addTeamMember(*owner, u"ann_self"_s, TeamRole::Annotator);
        QVERIFY2(added, qPrintable(added.errorMessage()));

        const QString asAnnotator = locationAs(server, u"ann_self"_s);
        const Result<RowId> own = labelAs(asAnnotator, u"ann_self"_s);
        QVERIFY2(own, qPrintable(own.errorMessage()));
        const Result<RowId> other = labelAs(asAnnotator, u"bob"_s);
        QVERIFY2(!other, "an annotator wrote a label under another annotator's id");
        QVERIFY2(other.error().message.contains(u"only as annotator ann_self"_s),
                 qPrintable(other.errorMessage()));
        const Result<RowId> gold = labelAs(asAnnotator, u"ann_self"_s, AnnotationKind::Gold);
        QVERIFY2(!gold, "an annotator wrote a gold label");
        QVERIFY2(gold.error().message.contains(u"gold"_s), qPrintable(gold.errorMessage()));
        // An import it is refused ends each transaction once: a second ROLLBACK, or one after
        // a COMMIT that failed, drew "there is no transaction in progress" from the server (on
        // the terminal, and in its log).
        QFile log(RubricateTest::postgresSocket() + u"/server.log"_s);
        QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(log.fileName()));
        QVERIFY(log.seek(log.size()));
        {
            auto ann = ProjectStore::open(asAnnotator);
            QVERIFY2(ann, qPrintable(ann.errorMessage()));
            const ImportSummary refused = importDemo(*ann);
            QVERIFY(refused.errorCount() > 0);
            QVERIFY2(refused.toText().contains(u"for the project's owners"_s),
                     qPrintable(refused.toText()));
            const QByteArray logged = log.readAll();
            QVERIFY2(!logged.contains("no transaction in progress"), logged.constData());
            // Reports it may not add: that is the one error, not first "no report files".
            QTemporaryDir reports;
            QVERIFY(QDir().mkpath(reports.filePath(u"AgentX"_s)));
            QVERIFY(RubricateTest::writeFile(reports.filePath(u"AgentX/idx-1.md"_s), "# A"));
            const ImportSummary notOwners
                = runImport(*ann, ImportKind::Drb2Reports, reports.path(), {});
            QCOMPARE(notOwners.errorCount(), 1);
            QVERIFY2(notOwners.toText().contains(u"for the project's owners"_s)
                         && !notOwners.toText().contains(u"no report files"_s),
                     qPrintable(notOwners.toText()));
            // A label it may not write is said once, for the file, with its line.
            const QList<KeyedItem> items = ann->annotations().keyedItems();
            const auto plain = std::find_if(items.cbegin(), items.cend(), [](const KeyedItem &i) {
                return !i.key.claim && i.key.query.isEmpty();
            });
            QVERIFY(plain != items.cend());
            const QString labels = reports.filePath(u"bob.jsonl"_s);
            QVERIFY(RubricateTest::writeFile(labels,
                                             annotationLine(*plain, u"bob"_s, 1,
                                                            QDateTime::currentDateTimeUtc(),
                                                            u"9b1c2e7a-refused"_s)));
            const QString refusedLine = importAnnotations(*ann, labels).toText();
            QVERIFY2(refusedLine.count(u"only as annotator ann_self"_s) == 1
                         && refusedLine.contains(u"line 1: "_s),
                     qPrintable(refusedLine));
            QSqlQuery q(ann->database());
            QVERIFY2(!q.exec(u"INSERT INTO annotator (id, name, created_at)"
                             " VALUES ('mallory', 'Mallory', '2024-01-01T00:00:00Z')"_s),
                     "an annotator added someone else's annotator entry");
            QVERIFY2(q.lastError().text().contains(u"permission denied"_s),
                     qPrintable(q.lastError().text()));
        }
        ProjectStore::close(asAnnotator);

        AnnotationEvent forBob = firstItemLabel(*owner, u"bob"_s);
        forBob.kind = AnnotationKind::Gold;
        const Result<RowId> byOwner = owner->annotations().appendAnnotation(forBob);
        QVERIFY2(byOwner, qPrintable(byOwner.errorMessage()));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // The server ends the session (a restart, an administrator, a network that dropped it):
    // the thread's next request opens a new one instead of failing until the thread ends.
    void aSessionTheServerEndedIsOpenedAgain()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        auto owner = demoProject(server);
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        const AnnotationEvent label = firstItemLabel(*owner, u"ann"_s);
        const qsizetype before = owner.value()->annotations().annotationEvents().size();
        QVERIFY(owner.value()->annotations().appendAnnotation(label));
        QVERIFY2(server.endSessions(), qPrintable(server.error()));
        // A new request on this thread...
        for (int request = 0; request < 2; ++request) {
            auto store = ProjectStore::open(server.url());
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const Result<RowId> written = store->annotations().appendAnnotation(label);
            QVERIFY2(written, qPrintable(written.errorMessage()));
        }
        // ...and one that lasts, as a judge run's does: the statement that meets the ended
        // session fails, the next ones run on a new session, in and out of transactions.
        ProjectStore &held = *owner.value();
        held.projectDatabase().prepared(u"SELECT 1"_s); // prepared on the ended session
        QVERIFY2(server.endSessions(), qPrintable(server.error()));
        QVERIFY(!held.annotations().appendAnnotation(label));
        QVERIFY(held.annotations().appendAnnotation(label));
        {
            Transaction tx(held);
            QVERIFY(held.annotations().appendAnnotation(label));
            QVERIFY(tx.commit());
        }
        QCOMPARE(held.annotations().annotationEvents().size(), before + 5);
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // A team project made by an older Rubricate, whose annotator roles were granted their
    // tables without any binding: once migrated, such a role labels as nobody until an owner
    // binds it, and then only as that annotator.
    void migrationBindsOlderAnnotators()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        // What `team add-annotator` used to grant.
        auto owner = olderProject(server, u"ann_legacy"_s,
                                  {u"GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1"_s,
                                   u"GRANT INSERT ON annotation_event, annotator TO %1"_s,
                                   u"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO %1"_s});
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        QCOMPARE(owner->schemaVersion(), latestSchemaVersion());

        const QString asAnnotator = locationAs(server, u"ann_legacy"_s);
        const Result<RowId> unbound = labelAs(asAnnotator, u"bob"_s);
        QVERIFY2(!unbound, "an older annotator role wrote under another annotator's id");
        QVERIFY2(unbound.error().message.contains(u"labels as no annotator"_s),
                 qPrintable(unbound.errorMessage()));
        const Result<void> bound = addTeamMember(*owner, u"ann_legacy"_s, TeamRole::Annotator);
        QVERIFY2(bound, qPrintable(bound.errorMessage()));
        const Result<RowId> own = labelAs(asAnnotator, u"ann_legacy"_s);
        QVERIFY2(own, qPrintable(own.errorMessage()));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // An annotator reads what a newer Rubricate adds to the project later (a table of a later
    // migration, run by any owner), without being added again: before, it was granted the
    // tables there were when it was added, and refused the others.
    void annotatorsReadTablesOfLaterMigrations()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        auto owner = demoProject(server);
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        const Result<void> added = addTeamMember(*owner, u"ann_later"_s, TeamRole::Annotator);
        QVERIFY2(added, qPrintable(added.errorMessage()));
        const Result<void> owns = addTeamMember(*owner, u"olga_later"_s, TeamRole::Owner);
        QVERIFY2(owns, qPrintable(owns.errorMessage()));
        const QString refused = laterTableRefusal(server, u"olga_later"_s, u"ann_later"_s);
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        // Still only reading: the guard and the grants hold for the new table too.
        QVERIFY(!refusalAs(u"ann_later"_s, server.name(), {u"DELETE FROM later_migration"_s})
                     .isEmpty());
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // A project whose annotator was added before migration 21 (granted the tables of the
    // time, as `team add-annotator` used to): the migration lets it read the tables later
    // ones add, whichever owner runs those.
    void migrationLetsOlderAnnotatorsReadLaterTables()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        auto owner = olderProject(
            server, u"ann_before21"_s,
            {u"GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1"_s,
             u"GRANT INSERT ON annotation_event, annotator TO %1"_s,
             u"INSERT INTO annotator (id, name, created_at)"
             " VALUES ('%1', '%1', '2024-01-01T00:00:00Z')"_s,
             u"INSERT INTO rubricate_login (login, annotator) VALUES ('%1', '%1')"_s},
            20);
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        QCOMPARE(owner->schemaVersion(), latestSchemaVersion());
        const Result<void> owns = addTeamMember(*owner, u"olga_before21"_s, TeamRole::Owner);
        QVERIFY2(owns, qPrintable(owns.errorMessage()));
        const QString refused = laterTableRefusal(server, u"olga_before21"_s, u"ann_before21"_s);
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // The creating user here is a superuser (as it is on many servers) and owns another
    // database: an owner added to the project gets the project, none of that.
    void ownersGetTheProjectNotTheCreatorsRights()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        RubricateTest::PostgresDatabase elsewhere;
        QVERIFY2(elsewhere.isValid(), qPrintable(elsewhere.error()));
        {
            QSqlDatabase other = elsewhere.connect(u"elsewhere"_s);
            QVERIFY(QSqlQuery(other).exec(u"CREATE TABLE secret (x BIGINT)"_s));
        }
        QSqlDatabase::removeDatabase(u"elsewhere"_s);
        auto owner = demoProject(server);
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        const Result<void> added = addTeamMember(*owner, u"olga_group"_s, TeamRole::Owner);
        QVERIFY2(added, qPrintable(added.errorMessage()));

        const QString asOwner = locationAs(server, u"olga_group"_s);
        {
            auto olga = ProjectStore::open(asOwner);
            QVERIFY2(olga, qPrintable(olga.errorMessage()));
            QSqlQuery q(olga->database());
            QVERIFY(q.exec(u"SELECT pg_has_role('rubricate', 'MEMBER'),"
                           " (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"_s)
                    && q.next());
            QVERIFY2(!q.value(0).toBool(), "the owner is a member of the creating superuser");
            QVERIFY(!q.value(1).toBool());
            QVERIFY2(!q.exec(u"SET ROLE rubricate"_s), "the owner became the superuser");
            // The project's work goes on: writing, a judge run, and gold labels.
            const Result<RowId> model = olga->reports().ensureModel(u"Added by the owner"_s);
            QVERIFY2(model, qPrintable(model.errorMessage()));
            AnnotationEvent gold = firstItemLabel(*olga, u"olga"_s);
            gold.kind = AnnotationKind::Gold;
            const Result<RowId> adjudicated = olga->annotations().appendAnnotation(gold);
            QVERIFY2(adjudicated, qPrintable(adjudicated.errorMessage()));
            QVERIFY2(q.exec(u"UPDATE judge_run SET name = name || ''"_s),
                     qPrintable(q.lastError().text()));
            // A migration the owner runs makes tables of the group, which every later owner
            // may change.
            QVERIFY(q.exec(u"BEGIN"_s));
            QVERIFY2(q.exec(actAsProjectOwners()), qPrintable(q.lastError().text()));
            QVERIFY2(q.exec(u"CREATE TABLE later_migration (x BIGINT)"_s),
                     qPrintable(q.lastError().text()));
            QVERIFY(q.exec(u"SELECT tableowner = (SELECT tableowner FROM pg_tables"
                           "  WHERE tablename = 'annotation_event') FROM pg_tables"
                           " WHERE tablename = 'later_migration'"_s)
                    && q.next());
            QVERIFY(q.value(0).toBool());
            QVERIFY(q.exec(u"ROLLBACK"_s));
            // An owner the server lets create roles adds members.
            QVERIFY(QSqlQuery(owner->database()).exec(u"ALTER ROLE olga_group CREATEROLE"_s));
            const Result<void> member = addTeamMember(*olga, u"ann_by_olga"_s, TeamRole::Annotator);
            QVERIFY2(member, qPrintable(member.errorMessage()));
        }
        ProjectStore::close(asOwner);
        const Result<RowId> labelled
            = labelAs(locationAs(server, u"ann_by_olga"_s), u"ann_by_olga"_s);
        QVERIFY2(labelled, qPrintable(labelled.errorMessage()));
        const QString refused
            = refusalAs(u"olga_group"_s, elsewhere.name(), {u"DROP TABLE secret"_s});
        QVERIFY2(refused.contains(u"must be owner"_s) || refused.contains(u"permission denied"_s),
                 qPrintable(u"the owner dropped another database's table: "_s + refused));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // A team project made by an older Rubricate, whose owner was made a member of the
    // creating user's role (here a superuser): once migrated, that owner is a member of the
    // project's group instead, still an owner of the project and of nothing else.
    void migrationMovesOlderOwnersIntoTheGroup()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        // What `team add-owner` used to grant.
        auto owner = olderProject(server, u"olga_legacy"_s, {u"GRANT rubricate TO %1"_s});
        QVERIFY2(owner, qPrintable(owner.errorMessage()));
        QCOMPARE(owner->schemaVersion(), latestSchemaVersion());
        QSqlQuery q(owner->database());
        QVERIFY(q.exec(u"SELECT pg_has_role('olga_legacy', 'rubricate', 'MEMBER'),"
                       " (SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
                       "  AND tableowner = 'rubricate')"_s)
                && q.next());
        QVERIFY2(!q.value(0).toBool(), "the older owner still holds the creator's rights");
        QCOMPARE(q.value(1).toInt(), 0); // the project's group owns every table
        q.finish();

        const Result<RowId> model
            = modelAs(locationAs(server, u"olga_legacy"_s), u"Still the owner's"_s);
        QVERIFY2(model, qPrintable(model.errorMessage()));
        owner.value().reset();
        ProjectStore::close(server.url());
    }

    // File to file, the copy takes its name only once it is complete and checked: what a
    // killed copy left beside it (its partial file) neither stops the next copy nor survives it.
    void aFileCopyAppearsOnlyWhole()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"source.rubricate"_s);
        {
            auto store = ProjectStore::create(file);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            QCOMPARE(importDemo(*store).errorCount(), 0);
        }
        const QString copy = dir.filePath(u"copy.rubricate"_s);
        {
            QFile partial(copy + u".partial"_s);
            QVERIFY(partial.open(QIODevice::WriteOnly));
            partial.write("left by a copy that was killed");
        }
        const ProjectCopyResult r = copyProject(file, copy);
        QVERIFY2(r.ok, qPrintable(tableSummary(r)));
        for (const QString &suffix : {u".partial"_s, u".partial-wal"_s, u".lock"_s})
            QVERIFY2(!QFile::exists(copy + suffix), qPrintable(suffix));
        const ProjectCopyResult a = checkProject(file);
        const ProjectCopyResult b = checkProject(copy);
        QVERIFY(a.ok && b.ok);
        for (qsizetype i = 0; i < a.tables.size(); ++i)
            QCOMPARE(b.tables.at(i).sourceHash, a.tables.at(i).sourceHash);
        ProjectStore::close(file);
        ProjectStore::close(copy);
    }

    // Two writers of labels at once on a server follow one another, as BEGIN IMMEDIATE makes
    // them on a file: an import that starts while labels are written but not yet committed
    // waits for them and then finds them. Under read committed it read past them, and wrote
    // the same label again and an older label that became current.
    void annotationWritesFollowOneAnother()
    {
        QTemporaryDir dir;
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        auto owner = ProjectStore::create(server.url());
        QVERIFY2(owner, qPrintable(owner.errorMessage() + server.error()));
        RubricateTest::writeJudgeFixture(*owner, dir.path(), 1, 2);
        const QList<KeyedItem> items = owner->annotations().keyedItems();
        QVERIFY(items.size() >= 2);
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addDays(-1);
        QVERIFY(owner->annotations().addAnnotator({u"gus"_s, u"gus"_s, t0, {}}));

        // The window lands two labels of gus; its transaction stays open until told.
        QSemaphore landed, mayCommit;
        Result<void> held = Error{u"the labels were not written"_s};
        std::unique_ptr<QThread> writer(QThread::create([&] {
            const auto releaseOnReturn = qScopeGuard([&] { landed.release(); });
            auto store = ProjectStore::open(server.url());
            if (!store)
                return;
            Transaction tx(*store);
            for (int i = 0; i < 2; ++i) {
                AnnotationEvent e;
                e.reportId = items.at(i).reportId;
                e.rubricId = items.at(i).rubricId;
                e.annotator = u"gus"_s;
                e.value = 1;
                e.at = t0.addSecs(3600);
                if (!store->annotations().appendAnnotation(e))
                    return;
            }
            landed.release();
            mayCommit.acquire();
            held = tx.commit();
        }));
        writer->start();
        landed.acquire();

        // Meanwhile a file is imported: the same label on the first item, an older one on the
        // second.
        const QString file = dir.filePath(u"gus.jsonl"_s);
        RubricateTest::writeFile(file,
                                 annotationLine(items.at(0), u"gus"_s, 1, t0.addSecs(3600))
                                     + annotationLine(items.at(1), u"gus"_s, 0, t0));
        QFuture<ImportSummary> imported = QtConcurrent::run([&] {
            auto store = ProjectStore::open(server.url());
            return store ? importAnnotations(*store, file) : ImportSummary();
        });
        QTRY_VERIFY_WITH_TIMEOUT(imported.isFinished() || waitsForAdvisoryLock(*owner),
                                 BackgroundWorkTimeout);
        mayCommit.release();
        QTRY_VERIFY_WITH_TIMEOUT(writer->isFinished(), BackgroundWorkTimeout);
        QVERIFY2(held, qPrintable(held.errorMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(imported.isFinished(), BackgroundWorkTimeout);
        const ImportSummary summary = imported.result();
        QVERIFY2(summary.added.isEmpty(), qPrintable(summary.toText()));
        QCOMPARE(summary.errorCount(), 0);

        QCOMPARE(owner->annotations().annotationEvents().size(), 2);
        const auto current = owner->annotations().currentAnnotation(items.at(1).reportId,
                                                                    items.at(1).rubricId, u"gus"_s);
        QVERIFY(current && current->value);
        QCOMPARE(*current->value, 1.0);
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
