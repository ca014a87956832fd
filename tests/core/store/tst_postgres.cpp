// The PostgreSQL test server the team-project tests run against: reachable through Qt's QPSQL
// driver, version 15 with the text-search extension the search needs, one fresh database per
// test that nothing else sees.
#include "postgresfixture.h"

#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;

class TestPostgres : public QObject
{
    Q_OBJECT

private slots:
    void serverIsVersion15WithTrigramSearch()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase database;
        QVERIFY2(database.isValid(), qPrintable(database.error()));
        {
            QSqlDatabase db = database.connect(u"check"_s);
            QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
            QSqlQuery q(db);
            QVERIFY(q.exec(u"SHOW server_version_num"_s) && q.next());
            QVERIFY2(q.value(0).toInt() >= 150000, qPrintable(q.value(0).toString()));
            QVERIFY2(q.exec(u"CREATE EXTENSION pg_trgm"_s), qPrintable(q.lastError().text()));
            QVERIFY(q.exec(u"SELECT similarity('更为精细的分类', '精细的分类')"_s) && q.next());
            QVERIFY(q.value(0).toDouble() > 0);
        }
        QSqlDatabase::removeDatabase(u"check"_s);
    }

    void eachTestGetsItsOwnDatabase()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase first, second;
        QVERIFY(first.isValid() && second.isValid());
        QVERIFY(first.name() != second.name());
        QVERIFY(first.url().startsWith(u"postgresql://rubricate@/rubricate_test_"_s));
        {
            QSqlDatabase a = first.connect(u"a"_s);
            QSqlDatabase b = second.connect(u"b"_s);
            QVERIFY(QSqlQuery(a).exec(u"CREATE TABLE only_here (x INTEGER)"_s));
            QSqlQuery q(b);
            QVERIFY(!q.exec(u"SELECT * FROM only_here"_s));
        }
        QSqlDatabase::removeDatabase(u"a"_s);
        QSqlDatabase::removeDatabase(u"b"_s);
    }
};

QTEST_GUILESS_MAIN(TestPostgres)
#include "tst_postgres.moc"
