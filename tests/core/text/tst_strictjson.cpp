// The strict JSON reader against Qt's parser: what it takes, it reads exactly as
// QJsonDocument::fromJson does (from UTF-8 and from UTF-16); what it refuses, Qt reads or
// rejects on its own through jsonDocument().
#include "text/strictjson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// Compact output tells integers from doubles and keeps every character of every string.
QByteArray written(const QJsonValue &v)
{
    return v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                        : QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
}

QByteArray writtenByQt(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    return error.error == QJsonParseError::NoError ? doc.toJson(QJsonDocument::Compact)
                                                   : QByteArray("error");
}

QString randomString(QRandomGenerator &random)
{
    static const QList<QString> pieces = {u"plain words "_s,
                                          u"\""_s,
                                          u"\\"_s,
                                          u"/"_s,
                                          u"\n"_s,
                                          u"\t"_s,
                                          u"\r"_s,
                                          u"\u00e9t\u00e9"_s,
                                          u"\u4e2d\u6587"_s,
                                          u"\u2014"_s,
                                          u"\U0001F600"_s,
                                          u"\u201cq\u201d"_s,
                                          u"```json"_s,
                                          u"{\"k\": [1, 2]}"_s,
                                          QString(QChar(0x01)),
                                          u"\u0000"_s};
    QString s;
    const int n = int(random.bounded(8));
    for (int i = 0; i < n; ++i)
        s += pieces.at(int(random.bounded(pieces.size())));
    return s;
}

QJsonValue randomValue(QRandomGenerator &random, int depth)
{
    switch (random.bounded(depth > 3 ? 5 : 7)) {
    case 0:
        return randomString(random);
    case 1:
        return qint64(random.generate64()) >> random.bounded(64);
    case 2:
        return (random.generateDouble() - 0.5) * std::pow(10.0, random.bounded(-30, 30));
    case 3:
        return random.bounded(2) == 0;
    case 4:
        return QJsonValue::Null;
    case 5: {
        QJsonArray a;
        for (int i = int(random.bounded(6)); i > 0; --i)
            a.append(randomValue(random, depth + 1));
        return a;
    }
    default: {
        QJsonObject o;
        for (int i = int(random.bounded(6)); i > 0; --i)
            o.insert(randomString(random), randomValue(random, depth + 1));
        return o;
    }
    }
}

} // namespace

class StrictJsonTest : public QObject
{
    Q_OBJECT

private slots:
    void readsAsQtDoes_data();
    void readsAsQtDoes();
    void randomDocumentsReadAsQtReadsThem();
    void leavesToQt_data();
    void leavesToQt();
    void documentFallsBackToQt();
    void lightKeepsOrderAndSharesKeys();
    void stopsAtEveryPlaceOfABlock();
};

void StrictJsonTest::readsAsQtDoes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("empty object") << QByteArray("{}");
    QTest::newRow("empty array") << QByteArray(" [ ] ");
    QTest::newRow("whitespace") << QByteArray("\r\n\t{ \"a\" :\n[ 1 ,2 ] }\n");
    QTest::newRow("escapes") << QByteArray(R"(["\"\\\/\b\f\n\r\t", "\u00e9\u4E2D"])");
    QTest::newRow("surrogate pair escaped") << QByteArray(R"(["\ud83d\ude00"])");
    QTest::newRow("lone surrogate escaped") << QByteArray(R"(["a\ud800b"])");
    QTest::newRow("escaped nul") << QByteArray(R"(["a\u0000b"])");
    QTest::newRow("utf-8") << QByteArray("[\"\xc3\xa9t\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\"]");
    QTest::newRow("integers") << QByteArray("[0, -0, 1, -1, 9223372036854775807, "
                                            "-9223372036854775808, 9223372036854775808]");
    QTest::newRow("doubles") << QByteArray(
        "[0.5, -0.0, 1e3, 1E-3, 1.25e+2, 123456789012345678901234567890, "
        "0.1, 2.2250738585072014e-308, 1.7976931348623157e308]");
    QTest::newRow("whole doubles") << QByteArray("[-0.0, 3.0, 1e18, 1.5e18, 1e19, "
                                                 "-9.2233720368547758e18, 999899999899984984.117]");
    QTest::newRow("byte order marks")
        << QByteArray("[\"\xEF\xBB\xBF"
                      "cd\xEF\xBB\xBF\", \"a\\n\xEF\xBB\xBF\", \"\\ufeffx\"]");
    // Qt drops it from a string without escapes only.
    QTest::newRow("mark before an escape") << QByteArray("[\"\xEF\xBB\xBF"
                                                         "ab\\nc\", \"\xEF\xBB\xBF"
                                                         "a\\u0041\"]");
    QTest::newRow("mark in a value with an escape") << QByteArray("{\"a\": \"\xEF\xBB\xBF"
                                                                  "x\\ty\"}");
    QTest::newRow("literals") << QByteArray("[true, false, null]");
    QTest::newRow("nested") << QByteArray(R"({"choices":[{"message":{"content":"x"}}]})");
    // A judge's answer inside its envelope: an escape every few characters, text around each.
    QTest::newRow("escapes amid utf-8") << QByteArray(
        "[\"\xc3\xa9\\n\xe4\xb8\xad\\\"x\\u00e9y\xf0\x9f\x98\x80\\t\\u4e2d\xc3\xa9\\/\"]");
    QTest::newRow("keys sorted by Qt") << QByteArray(R"({"b":1,"a":2,"\u00e9":3,"A":4})");
    QTest::newRow("escaped mark starting a key") << QByteArray(R"({"\ufeffa":1,"b":2})");
}

void StrictJsonTest::readsAsQtDoes()
{
    QFETCH(QByteArray, json);
    const std::optional<QJsonValue> fromUtf8 = readStrictJson(QByteArrayView(json));
    QVERIFY(fromUtf8);
    QCOMPARE(written(*fromUtf8), writtenByQt(json));
    const QString utf16 = QString::fromUtf8(json);
    const std::optional<QJsonValue> fromUtf16 = readStrictJson(QStringView(utf16));
    QVERIFY(fromUtf16);
    QCOMPARE(written(*fromUtf16), writtenByQt(json));
    const std::optional<LightJson> light = readStrictLightJson(utf16);
    QVERIFY(light);
    QCOMPARE(written(light->toJson()), writtenByQt(json));
    const std::optional<LightJson> lightUtf8 = readStrictLightJson(QByteArrayView(json));
    QVERIFY(lightUtf8);
    QCOMPARE(written(lightUtf8->toJson()), writtenByQt(json));
}

void StrictJsonTest::randomDocumentsReadAsQtReadsThem()
{
    QRandomGenerator random(20261128);
    int read = 0;
    for (int i = 0; i < 2000; ++i) {
        QJsonObject o;
        o.insert(u"v"_s, randomValue(random, 0));
        const QByteArray json
            = QJsonDocument(o).toJson(i % 2 ? QJsonDocument::Compact : QJsonDocument::Indented);
        const QByteArray expected = writtenByQt(json);
        const std::optional<QJsonValue> fromUtf8 = readStrictJson(QByteArrayView(json));
        if (fromUtf8) {
            QCOMPARE(written(*fromUtf8), expected);
            ++read;
        }
        const std::optional<LightJson> lightUtf8 = readStrictLightJson(QByteArrayView(json));
        QCOMPARE(lightUtf8.has_value(), fromUtf8.has_value());
        if (lightUtf8)
            QCOMPARE(written(lightUtf8->toJson()), expected);
        const QString utf16 = QString::fromUtf8(json);
        const std::optional<QJsonValue> v = readStrictJson(QStringView(utf16));
        if (v)
            QCOMPARE(written(*v), expected);
        const std::optional<LightJson> light = readStrictLightJson(utf16);
        QCOMPARE(light.has_value(), v.has_value());
        if (light)
            QCOMPARE(written(light->toJson()), expected);
        QCOMPARE(jsonDocument(json).toJson(QJsonDocument::Compact), expected);
    }
    // Qt writes raw control characters as \u escapes, so nearly all of them are the reader's.
    QVERIFY2(read > 1900, qPrintable(QString::number(read)));
}

void StrictJsonTest::leavesToQt_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("scalar") << QByteArray("1");
    QTest::newRow("string") << QByteArray("\"s\"");
    QTest::newRow("unclosed") << QByteArray("{\"a\": [1, 2}");
    QTest::newRow("trailing comma") << QByteArray("[1, 2,]");
    QTest::newRow("trailing garbage") << QByteArray("{} x");
    QTest::newRow("leading zero") << QByteArray("[01]");
    QTest::newRow("bare dot") << QByteArray("[1.]");
    QTest::newRow("unknown escape") << QByteArray(R"(["\x"])");
    QTest::newRow("short unicode escape") << QByteArray(R"(["\u12"])");
    QTest::newRow("raw control character") << QByteArray("[\"a\x01\"]");
    QTest::newRow("raw newline") << QByteArray("[\"a\nb\"]");
    QTest::newRow("invalid utf-8") << QByteArray("[\"a\xff\"]");
    QTest::newRow("utf-8 cut by an escape") << QByteArray("[\"\xe4\\n\xb8\xad\"]");
    QTest::newRow("utf-8 cut by a unicode escape") << QByteArray("[\"\xe4\\u0041\xb8\xad\"]");
    QTest::newRow("invalid utf-8 after an escape") << QByteArray("[\"\\u00e9a\xff\"]");
    QTest::newRow("overlong utf-8") << QByteArray("[\"\xc0\xaf\"]");
    QTest::newRow("encoded surrogate") << QByteArray("[\"\xed\xa0\x80\"]");
    QTest::newRow("duplicate key") << QByteArray(R"({"a": 1, "a": 2})");
    // Qt drops the mark but orders the key as if it were there: {"b":2,"a":1}.
    QTest::newRow("mark starting a key") << QByteArray("{\"\xEF\xBB\xBF"
                                                       "a\":1,\"b\":2}");
    QTest::newRow("out of range") << QByteArray("[1e400]");
    QTest::newRow("deep") << QByteArray(300, '[') + QByteArray(300, ']');
    QByteArray wide = "{";
    for (int i = 0; i < 1100; ++i)
        wide += (i ? ",\"k" : "\"k") + QByteArray::number(i) + "\":0";
    QTest::newRow("wide object") << wide + "}";
}

void StrictJsonTest::leavesToQt()
{
    QFETCH(QByteArray, json);
    QVERIFY(!readStrictJson(QByteArrayView(json)));
    QVERIFY(!readStrictLightJson(QByteArrayView(json)));
    QCOMPARE(jsonDocument(json).toJson(QJsonDocument::Compact),
             QJsonDocument::fromJson(json).toJson(QJsonDocument::Compact));
    // Decoding to UTF-16 mends invalid UTF-8; what is still refused there, both readers refuse.
    const QString utf16 = QString::fromUtf8(json);
    QCOMPARE(readStrictLightJson(utf16).has_value(),
             readStrictJson(QStringView(utf16)).has_value());
}

void StrictJsonTest::lightKeepsOrderAndSharesKeys()
{
    const QString json
        = uR"({"results": [{"rubric_item": "a", "score": 1, "reason": "r\"1"},)"
          uR"( {"score": 0, "rubric_item": "b", "evidence": ["x", "y"]}], "z": null})"_s;
    std::optional<LightJson> v = readStrictLightJson(json);
    QVERIFY(v);
    QCOMPARE(v->members().size(), 2u);
    QCOMPARE(v->members().at(0).key, u"results"_s); // written order, not sorted
    LightJson *results = v->member(u"results");
    QVERIFY(results && results->isArray());
    const LightJson::Array items = results->takeArray();
    QVERIFY(results->array().empty());
    QCOMPARE(items.size(), 2u);
    QCOMPARE(items.at(0)[u"reason"].toString(), u"r\"1"_s);
    QCOMPARE(items.at(0).value(u"score").toInteger(), 1);
    QVERIFY(items.at(0).value(u"evidence").isUndefined());
    QCOMPARE(items.at(1).members().at(0).key, u"score"_s);
    QCOMPARE(items.at(1)[u"evidence"].toString(), QString()); // not a string
    QCOMPARE(items.at(1).member(u"evidence")->array().size(), 2u);
    // The second item's keys are the first one's, not copies of them.
    QCOMPARE(items.at(1).members().at(1).key.constData(),
             items.at(0).members().at(0).key.constData());
    QVERIFY(v->member(u"z") && !v->member(u"z")->isString());
    QVERIFY(!v->member(u"missing"));
}

// Strings are read a block at a time (16 bytes of UTF-8, 8 units of UTF-16): what ends a run
// of plain characters is found at each place of a block, and of the one after it.
void StrictJsonTest::stopsAtEveryPlaceOfABlock()
{
    struct Piece {
        QByteArray json;
        bool read; // whether the readers take it (else Qt decides)
    };
    const QList<Piece> pieces = {{R"(\")", true},
                                 {R"(\\)", true},
                                 {R"(\n)", true},
                                 {R"(\u00e9)", true},
                                 {"\xc3\xa9", true},
                                 {"\xe4\xb8\xad", true},
                                 {"\xf0\x9f\x98\x80", true},
                                 {R"(\ud83d\ude00)", true},
                                 {"\x7f", true},
                                 {"\x01", false},
                                 {"\x1f", false},
                                 {"\xff", false}};
    for (const Piece &piece : pieces) {
        for (int at = 0; at < 40; ++at) {
            const QByteArray json = "[\"" + QByteArray(at, 'a') + piece.json
                + QByteArray(at % 23, 'b') + "\", \"" + QByteArray(at, 'c') + "\"]";
            const QByteArray expected = writtenByQt(json);
            const QByteArray where = piece.json.toHex() + " after " + QByteArray::number(at);
            const std::optional<LightJson> utf8 = readStrictLightJson(QByteArrayView(json));
            QVERIFY2(utf8.has_value() == piece.read, where.constData());
            if (utf8)
                QCOMPARE(written(utf8->toJson()), expected);
            const QString utf16 = QString::fromUtf8(json);
            const std::optional<LightJson> light = readStrictLightJson(utf16);
            if (piece.json != "\xff") // decoding mended it
                QVERIFY2(light.has_value() == piece.read, where.constData());
            if (light)
                QCOMPARE(written(light->toJson()), writtenByQt(utf16.toUtf8()));
        }
    }
    // Strings longer than the reader's buffer, which grows for them, escapes at its edges.
    for (const QByteArray &piece : {QByteArray("x"), QByteArray("\\n"), QByteArray("\xc3\xa9")}) {
        QByteArray text;
        for (int i = 0; i < 3000; ++i)
            text += i % 97 ? piece : QByteArray("\\\"");
        const QByteArray json = "[\"" + text + "\", \"" + text.left(700) + "\"]";
        const std::optional<LightJson> read = readStrictLightJson(QByteArrayView(json));
        QVERIFY(read);
        QCOMPARE(written(read->toJson()), writtenByQt(json));
    }
    // A surrogate standing alone in UTF-16 input is refused wherever it stands.
    for (int at = 0; at < 20; ++at) {
        for (const char16_t lone : {char16_t(0xd83d), char16_t(0xde00)}) {
            const QString json
                = u"[\""_s + QString(at, u'a') + QChar(lone) + QString(at, u'b') + u"\"]"_s;
            QVERIFY(!readStrictLightJson(json));
            QVERIFY(!readStrictJson(QStringView(json)));
        }
    }
}

void StrictJsonTest::documentFallsBackToQt()
{
    // A lone surrogate cannot come from UTF-8: in UTF-16 it is left to the caller.
    const QString lone = u"[\"a"_s + QChar(0xd800) + u"\"]"_s;
    QVERIFY(!readStrictJson(QStringView(lone)));
    // Qt accepts what the reader refuses (a raw control character), and jsonDocument with it.
    const QByteArray raw("{\"a\": \"x\x01y\"}");
    QVERIFY(!readStrictJson(QByteArrayView(raw)));
    QCOMPARE(jsonDocument(raw).object().value(u"a"_s).toString(), u"x\u0001y"_s);
}

QTEST_GUILESS_MAIN(StrictJsonTest)
#include "tst_strictjson.moc"
