// A judge's URL is stored in the project with its run: one that carries a secret is refused
// before anything is written, and the URLs real providers and proxies use are not.
#include "judge/judgeconfig.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestJudgeConfig : public QObject
{
    Q_OBJECT

private slots:
    void baseUrlProblem_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("problem"); // a word of the reason; empty: accepted
        QTest::newRow("none") << QString() << QString();
        QTest::newRow("openai") << u"https://api.openai.com/v1"_s << QString();
        QTest::newRow("local") << u"http://127.0.0.1:8080/v1"_s << QString();
        QTest::newRow("azure version")
            << u"https://x.openai.azure.com/openai/deployments/d?api-version=2024-02-01"_s
            << QString();
        QTest::newRow("password") << u"https://user:hunter2@proxy.example/v1"_s << u"password"_s;
        QTest::newRow("user") << u"https://user@proxy.example/v1"_s << u"user"_s;
        QTest::newRow("key") << u"https://proxy.example/v1?key=abc"_s << u"\"key\""_s;
        QTest::newRow("api_key") << u"https://proxy.example/v1?x=1&API_KEY=abc"_s
                                 << u"\"API_KEY\""_s;
        QTest::newRow("access-token")
            << u"https://proxy.example/v1?access-token=t"_s << u"access-token"_s;
        QTest::newRow("sig") << u"https://blob.example/v1?sig=s"_s << u"\"sig\""_s;
        QTest::newRow("no scheme") << u"proxy.example/v1"_s << u"http"_s;
        QTest::newRow("ftp") << u"ftp://proxy.example/v1"_s << u"http"_s;
    }

    void baseUrlProblem()
    {
        QFETCH(QString, url);
        QFETCH(QString, problem);
        const QString said = JudgeConfig::baseUrlProblem(url);
        if (problem.isEmpty())
            QVERIFY2(said.isEmpty(), qPrintable(said));
        else
            QVERIFY2(said.contains(problem), qPrintable(said));
        // Whatever it says, it never repeats the secret.
        QVERIFY(!said.contains(u"hunter2"_s) && !said.contains(u"abc"_s));
    }
};

QTEST_GUILESS_MAIN(TestJudgeConfig)
#include "tst_judgeconfig.moc"
