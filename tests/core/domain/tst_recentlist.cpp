// RecentList keeps the values used last: a value found moves to the back, a new one pushes
// out the one used longest ago.
#include "domain/recentlist.h"

#include <QTest>

using namespace Rubricate;

class TestRecentList : public QObject
{
    Q_OBJECT

private slots:
    void keepsTheMostRecentlyUsed()
    {
        RecentList<int> recent;
        recent.reset(3);
        for (int v : {1, 2, 3})
            QCOMPARE(recent.add(v), v);
        // 1 is used again, so 2 is the one used longest ago when 4 comes.
        QCOMPARE(*recent.find([](int v) { return v == 1; }), 1);
        recent.add(4);
        QVERIFY(!recent.find([](int v) { return v == 2; }));
        for (int v : {1, 3, 4})
            QVERIFY(recent.find([v](int x) { return x == v; }));
        // A smaller capacity from a reset, which forgets everything.
        recent.reset(1);
        QVERIFY(!recent.find([](int) { return true; }));
        recent.add(5);
        recent.add(6);
        QVERIFY(!recent.find([](int v) { return v == 5; }));
        QCOMPARE(*recent.find([](int v) { return v == 6; }), 6);
        // Room for one at the least.
        recent.reset(0);
        recent.add(7);
        QCOMPARE(*recent.find([](int v) { return v == 7; }), 7);
    }
};

QTEST_GUILESS_MAIN(TestRecentList)
#include "tst_recentlist.moc"
