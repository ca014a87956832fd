// One shared connection per thread and project: opened once, removed with its thread or when
// the project closes; `open` never creates a project.
#include "store/migrations.h"
#include "store/projectdatabase.h"
#include "store/projectstore.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestProjectConnection : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString created(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        return ProjectStore::create(path).ok() ? path : QString();
    }

private slots:
    void openNeverCreates()
    {
        const QString path = m_dir.filePath(u"absent.rubricate"_s);
        QString error;
        const auto refused = ProjectStore::open(path);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(path), qPrintable(refused.errorMessage()));
        QVERIFY2(refused.error().message.contains(u"does not exist"_s),
                 qPrintable(refused.errorMessage()));
        QVERIFY(!QFile::exists(path));

        auto store = ProjectStore::create(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QVERIFY(QFile::exists(path));
        QCOMPARE(store->schemaVersion(), latestSchemaVersion());
    }

    // Another program's SQLite database is no project: neither open nor create writes a byte
    // of it. An empty file is opened as no project either; create makes one in it.
    void aFileThatIsNoProjectIsLeftAsItIs()
    {
        const QString foreign = m_dir.filePath(u"foreign.db"_s);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"foreign"_s);
            db.setDatabaseName(foreign);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(u"CREATE TABLE foo (x)"_s));
            QVERIFY(q.exec(u"INSERT INTO foo VALUES (1)"_s));
        }
        QSqlDatabase::removeDatabase(u"foreign"_s);
        const auto bytes = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("unreadable");
        };
        const QByteArray before = bytes(foreign);
        for (const bool create : {false, true}) {
            const auto refused
                = create ? ProjectStore::create(foreign) : ProjectStore::open(foreign);
            QVERIFY(!refused);
            QVERIFY2(refused.errorMessage().contains(u"another program's SQLite database"_s)
                         && refused.errorMessage().contains(foreign),
                     qPrintable(refused.errorMessage()));
            QCOMPARE(bytes(foreign), before);
            QVERIFY(!QFile::exists(foreign + u"-wal"_s));
        }

        const QString empty = m_dir.filePath(u"empty.rubricate"_s);
        {
            QFile f(empty);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        const auto none = ProjectStore::open(empty);
        QVERIFY(!none);
        QVERIFY2(none.errorMessage().contains(u"the file is empty"_s),
                 qPrintable(none.errorMessage()));
        QCOMPARE(QFileInfo(empty).size(), 0);
        auto made = ProjectStore::create(empty);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        QCOMPARE(made->schemaVersion(), latestSchemaVersion());
    }

    void requestsOfOneThreadShareTheConnection()
    {
        const QString one = created(u"one.rubricate"_s);
        const QString two = created(u"two.rubricate"_s);
        QVERIFY(!one.isEmpty() && !two.isEmpty());
        QString first;
        {
            auto store = ProjectStore::open(one);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            first = store->connectionName();
        }
        auto again = ProjectStore::open(one);
        auto alongside = ProjectStore::open(one);
        auto other = ProjectStore::open(two);
        QVERIFY(again && alongside && other);
        QCOMPARE(again->connectionName(), first);
        QCOMPARE(alongside->connectionName(), first);
        QVERIFY(other->connectionName() != first); // another project, another connection
        QVERIFY(other->catalog().ensureBenchmark(u"drb2"_s, u"DRB"_s, VerdictScale::Drb2Tristate));
        QVERIFY(again->catalog().benchmarks().value().isEmpty()); // and never the other's rows
    }

    void connectionsEndWithTheirThread()
    {
        const QString path = created(u"threads.rubricate"_s);
        QString name;
        QThread *thread = QThread::create([&] {
            if (auto store = ProjectStore::open(path))
                name = store->connectionName();
        });
        thread->start();
        QVERIFY(thread->wait(30000));
        delete thread;
        QVERIFY(!name.isEmpty());
        QVERIFY(!QSqlDatabase::connectionNames().contains(name));
    }

    void closingDropsTheConnection()
    {
        const QString path = created(u"closed.rubricate"_s);
        QString name;
        {
            auto store = ProjectStore::open(path);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            name = store->connectionName();
        }
        QVERIFY(QSqlDatabase::connectionNames().contains(name));
        ProjectStore::close(path);
        QVERIFY(!QSqlDatabase::connectionNames().contains(name));
        auto reopened = ProjectStore::open(path);
        QVERIFY2(reopened, qPrintable(reopened.errorMessage()));
        QVERIFY(reopened->connectionName() != name);
    }

    void aFileReplacedIsOpenedAfresh()
    {
        const QString path = created(u"replaced.rubricate"_s);
        const QString copy = created(u"copy.rubricate"_s);
        {
            auto store = ProjectStore::open(copy);
            QVERIFY(store->catalog().ensureBenchmark(u"pdr"_s, u"PDR"_s, VerdictScale::Binary));
        }
        {
            auto store = ProjectStore::open(path);
            QVERIFY(store->catalog().benchmarks().value().isEmpty());
        }
        // The idle connection folded its log into the file: a copy of the file alone is whole.
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::copy(copy, path));
        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(store->catalog().benchmarks().value().size(), 1);
    }

    // A statement refused once (on a server, a table locked while it was prepared) is
    // prepared again the next time: kept, it would fail every later call of the session.
    void aStatementThatFailedToPrepareIsPreparedAgain()
    {
        auto store = ProjectStore::open(created(u"prepare.rubricate"_s));
        QVERIFY(store);
        ProjectDatabase &db = store->projectDatabase();
        const QString sql = u"SELECT count(*) FROM later"_s;
        QVERIFY(!db.exec(db.prepared(sql)));
        QVERIFY2(db.lastError().contains(u"later"_s), qPrintable(db.lastError()));
        QSqlQuery create(store->database());
        QVERIFY(create.exec(u"CREATE TABLE later (x INTEGER)"_s));
        QSqlQuery &q = db.prepared(sql);
        QVERIFY2(db.exec(q), qPrintable(db.lastError()));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 0);
        q.finish();
    }

    void refusesAServerLocationForNow()
    {
        QString error;
        const auto refused = ProjectStore::open(u"postgresql://me@localhost/lab"_s);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(u"postgresql://me@localhost/lab"_s),
                 qPrintable(refused.errorMessage()));
    }
};

QTEST_GUILESS_MAIN(TestProjectConnection)
#include "tst_projectconnection.moc"
