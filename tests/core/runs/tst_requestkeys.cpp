// The response cache's keys stay what they were (BLAKE2b-256 over identity, URL and body)
// when the hash resumes from a report's shared start.
#include "judge/judgeconfig.h"
#include "judge/judgeprovider.h"
#include "runs/requestkeys.h"

#include <QCryptographicHash>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QString referenceKey(const JudgeConfig &config, const HttpCall &call)
{
    QCryptographicHash h(QCryptographicHash::Blake2b_256);
    h.addData(config.cacheIdentity().toUtf8());
    h.addData(QByteArrayView("\n", 1));
    h.addData(call.url.toString().toUtf8());
    h.addData(QByteArrayView("\n", 1));
    h.addData(call.body);
    return QString::fromLatin1(h.result().toHex());
}

HttpCall call(const QByteArray &start, const QByteArray &rest, const QString &url = {})
{
    HttpCall c;
    c.url = QUrl(url.isEmpty() ? u"http://127.0.0.1:1/v1/chat/completions"_s : url);
    c.body = start + rest;
    c.sharedBodyBytes = start.size();
    return c;
}

} // namespace

class TestRequestKeys : public QObject
{
    Q_OBJECT

private slots:
    void keysAreTheWholeBodysHash()
    {
        JudgeConfig config;
        config.model = u"judge-1"_s;
        // Starts longer than a BLAKE2b block and not a multiple of it, as report passages are.
        const QByteArray a = "{\"prompt\":\"" + QByteArray(1000, 'a') + "report A";
        const QByteArray b = "{\"prompt\":\"" + QByteArray(1000, 'a') + "report B";
        QList<HttpCall> calls = {
            call(a, "items 1\"}"),
            call(a, "items 2\"}"),
            call(b, "items 1\"}"), // as long as a, other bytes
            call(a, "items 3\"}"), // a again, after b
            call(a, "items 1\"}", u"http://127.0.0.1:2/v1/chat/completions"_s), // another URL
            call(a.first(500), a.sliced(500) + "items 1\"}"), // a shorter shared start
            call({}, a + "items 4\"}"), // nothing shared
            call(a, {}), // all of it shared
        };
        RequestKeys keys;
        for (const HttpCall &c : std::as_const(calls))
            QCOMPARE(keys.keyOf(config, c), referenceKey(config, c));
        // Another model: another identity, another key, even for a start hashed before.
        JudgeConfig other = config;
        other.model = u"judge-2"_s;
        QCOMPARE(keys.keyOf(other, calls.at(1)), referenceKey(other, calls.at(1)));
        QVERIFY(keys.keyOf(other, calls.at(1)) != keys.keyOf(config, calls.at(1)));
        // Many reports between two requests of one: still the same key.
        for (int i = 0; i < 100; ++i) {
            const HttpCall c = call(QByteArray::number(i) + a, "x");
            QCOMPARE(keys.keyOf(config, c), referenceKey(config, c));
        }
        QCOMPARE(keys.keyOf(config, calls.at(0)), referenceKey(config, calls.at(0)));
    }
};

QTEST_GUILESS_MAIN(TestRequestKeys)
#include "tst_requestkeys.moc"
