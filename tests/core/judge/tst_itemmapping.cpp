// Mapping the items a judge returned back onto the asked ones: exact, normalised, reworded,
// reordered, dropped, invented, duplicated and ambiguous answers, and by position.
#include "judge/replyparsing.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QJsonObject item(const QString &text, int score = 1)
{
    return QJsonObject{{u"rubric_item"_s, text},
                       {u"score"_s, score},
                       {u"reason"_s, u"r"_s},
                       {u"evidence"_s, u""_s}};
}

// mapReturnedItems on Qt's types: each asked item's answer, and the returned entries left over.
struct Mapped {
    QList<std::optional<QJsonObject>> perAsked;
    QList<QString> how;
    QList<QJsonValue> unmatched;
};

Mapped mapItems(const QStringList &asked, const QJsonArray &returned,
                const QString &textKey = u"rubric_item"_s, const ReturnedValue &valueOf = {})
{
    const ItemMapping m = mapReturnedItems(asked, LightJson(returned).array(), textKey, valueOf);
    Mapped out;
    out.how = m.how;
    for (const qsizetype at : m.perAsked) {
        out.perAsked.append(at < 0 ? std::nullopt
                                   : std::optional<QJsonObject>(returned.at(at).toObject()));
    }
    for (const qsizetype at : m.unmatched)
        out.unmatched.append(returned.at(at));
    return out;
}

// Three asked items, the second of which a judge may return reworded.
QStringList zakatItems()
{
    return {
        u"Mentions the Zakat programme."_s,
        u"Explicitly state that 80% of eligible Zakat beneficiaries were unaware of their benefits."_s,
        u"Mentions MGNREGA."_s};
}

QString zakatParaphrase()
{
    return u"States that 80% of eligible Zakat beneficiaries did not know their benefits."_s;
}

} // namespace

class TestItemMapping : public QObject
{
    Q_OBJECT

private slots:
    void mapExact();
    void mapNormalised_data();
    void mapNormalised();
    void mapFuzzyReworded();
    void mapReordered();
    void mapDroppedAndInvented();
    void mapDuplicateAskedTexts();
    void mapDuplicateAskedAnsweredTwice();
    void mapContradictingCopiesAreLeftOut();
    void mapEchoedInOrderAsEveryStageWould();
    void mapNearIdenticalDoNotSteal();
    void mapAmbiguousStaysUnmatched();
    void mapPosition();
    void mapPositionNeedsSameCount();
    void mapNonObjectsAndOtherKey();
};

void TestItemMapping::mapExact()
{
    const QStringList asked{u"Alpha item."_s, u"Beta item."_s, u"Gamma item."_s};
    const QJsonArray returned{item(asked[0], 1), item(asked[1], 0), item(asked[2], -1)};
    const Mapped m = mapItems(asked, returned);
    QCOMPARE(m.perAsked.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(m.perAsked[i].has_value());
        QCOMPARE(m.perAsked[i]->value(u"rubric_item"_s).toString(), asked[i]);
        QCOMPARE(m.how[i], u"exact"_s);
    }
    QVERIFY(m.unmatched.isEmpty());
}

void TestItemMapping::mapNormalised_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("returned");
    const QString base
        = u"Explicitly state that Pakistan's 'Benazir Income Support Programme' failed to cover 79% of the poorest quintile."_s;
    QTest::newRow("whitespace")
        << base
        << u"  Explicitly state that  Pakistan's 'Benazir Income Support\nProgramme' failed to cover 79% of the poorest quintile. "_s;
    QTest::newRow("case") << base << base.toUpper();
    QTest::newRow("trailing punctuation") << base << base.chopped(1);
    QTest::newRow("curly quotes")
        << base
        << u"Explicitly state that Pakistan\u2019s \u2018Benazir Income Support Programme\u2019 failed to cover 79% of the poorest quintile."_s;
    QTest::newRow("double for single quotes")
        << base
        << u"Explicitly state that Pakistan's \"Benazir Income Support Programme\" failed to cover 79% of the poorest quintile."_s;
    QTest::newRow("dashes") << u"Lists the 2019\u20132020 figures \u2014 both years."_s
                            << u"Lists the 2019-2020 figures - both years"_s;
    QTest::newRow("full width")
        << u"明确指出2021年土地出让收入占全国一般公共预算收入的27.65%。"_s
        << u"明确指出２０２１年土地出让收入占全国一般公共预算收入的２７．６５％"_s;
}

void TestItemMapping::mapNormalised()
{
    QFETCH(QString, asked);
    QFETCH(QString, returned);
    const QStringList askedList{u"Some unrelated first item about pensions."_s, asked};
    const Mapped m = mapItems(askedList, QJsonArray{item(returned), item(askedList[0])});
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, u"normalised"_s}));
    QCOMPARE(m.perAsked[1]->value(u"rubric_item"_s).toString(), returned);
    QVERIFY(m.unmatched.isEmpty());
}

void TestItemMapping::mapFuzzyReworded()
{
    const QStringList asked{
        u"Explicitly state that Pakistan's 'Benazir Income Support Programme' failed to cover 79% of the poorest quintile of the target population."_s,
        u"Correctly list Nepal's program: 'Single Women Allowance'."_s,
    };
    const QString reworded
        = u"Explicitly states that Pakistan's Benazir Income Support Programme failed to cover 79% of the poorest quintile of its target population"_s;
    QVERIFY(itemTextSimilarity(asked[0], reworded) >= 0.9);
    const Mapped m = mapItems(asked, QJsonArray{item(reworded)});
    QCOMPARE(m.how, (QList<QString>{u"fuzzy"_s, QString()}));
    QCOMPARE(m.perAsked[0]->value(u"rubric_item"_s).toString(), reworded);
    QVERIFY(!m.perAsked[1].has_value());
    QVERIFY(m.unmatched.isEmpty());

    // A judge that shortens the item with an ellipsis still means it.
    const Mapped e = mapItems(
        asked,
        QJsonArray{item(
            u"Explicitly state that Pakistan's 'Benazir Income Support Programme' failed..."_s)});
    QCOMPARE(e.how.first(), u"fuzzy"_s);
}

void TestItemMapping::mapReordered()
{
    const QStringList asked{u"First criterion text."_s, u"Second criterion text."_s,
                            u"Third criterion text."_s, u"Fourth criterion text."_s};
    const QJsonArray returned{item(asked[3], 3), item(asked[1], 1), item(asked[0], 0),
                              item(asked[2], 2)};
    const Mapped m = mapItems(asked, returned);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(m.perAsked[i]->value(u"score"_s).toInt(), i);
        QCOMPARE(m.how[i], u"exact"_s);
    }
}

void TestItemMapping::mapDroppedAndInvented()
{
    const QStringList asked{u"Mentions the Zakat programme."_s, u"Mentions the BISP."_s,
                            u"Mentions MGNREGA."_s};
    const QJsonObject invented = item(u"Mentions the weather in Lahore."_s);
    const QJsonArray returned{item(asked[0]), invented, item(asked[2])};
    const Mapped m = mapItems(asked, returned);
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, QString(), u"exact"_s}));
    QVERIFY(!m.perAsked[1].has_value());
    QCOMPARE(m.unmatched, QList<QJsonValue>{invented});
}

void TestItemMapping::mapDuplicateAskedTexts()
{
    // DRB-II idx 116 repeats analysis strings; the judge usually answers each text once.
    const QString dup = u"Analyse how recitation creates a sense of 'here and now'."_s;
    const QStringList asked{dup, u"Define 'rasa'."_s, dup};
    const QJsonArray returned{item(dup, 1), item(asked[1], 0)};
    const Mapped m = mapItems(asked, returned);
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, u"exact"_s, u"exact (shared)"_s}));
    QCOMPARE(m.perAsked[2], m.perAsked[0]);
    QVERIFY(m.unmatched.isEmpty());

    // Shared after a normalised match too.
    const Mapped n = mapItems(asked, QJsonArray{item(dup.toUpper()), item(asked[1])});
    QCOMPARE(n.how, (QList<QString>{u"normalised"_s, u"exact"_s, u"normalised (shared)"_s}));
}

void TestItemMapping::mapDuplicateAskedAnsweredTwice()
{
    const QString dup = u"Analyse the dialogic structure."_s;
    const QStringList asked{dup, dup};
    const Mapped m = mapItems(asked, QJsonArray{item(dup, 1), item(dup, 0)});
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, u"exact"_s}));
    QCOMPARE(m.perAsked[0]->value(u"score"_s).toInt(), 1);
    QCOMPARE(m.perAsked[1]->value(u"score"_s).toInt(), 0);
}

// An item answered twice, once 1 and once 0: which the judge meant cannot be known, so it
// is left out (and asked again). Answered twice alike, it keeps its answer.
void TestItemMapping::mapContradictingCopiesAreLeftOut()
{
    const QStringList asked{u"Mentions the Zakat programme."_s, u"Mentions MGNREGA."_s};
    QJsonObject sameAsText = item(asked[1], 0);
    sameAsText.insert(u"score"_s, u"0"_s); // the same verdict, written as text
    const QJsonArray returned{item(asked[0], 1), item(asked[1], 0), item(asked[0].toUpper(), 0),
                              sameAsText};
    const ReturnedValue score = [](const LightJson &i) -> std::optional<double> {
        bool ok = false;
        const double v = i.value(u"score"_s).toVariant().toDouble(&ok);
        return ok ? std::optional(v) : std::nullopt;
    };
    const Mapped m = mapItems(asked, returned, u"rubric_item"_s, score);
    QVERIFY(!m.perAsked[0]);
    QCOMPARE(m.how[0], u"contradicted"_s);
    QCOMPARE(m.perAsked[1]->value(u"score"_s).toInt(), 0);
    // Without a value to compare, the first answer stands, as before.
    QCOMPARE(mapItems(asked, returned).perAsked[0]->value(u"score"_s).toInt(), 1);
}

// A reply that echoes every item in the order asked is mapped on a shorter path; one more
// returned item (matching nothing) takes the whole one, which must map the rest alike.
void TestItemMapping::mapEchoedInOrderAsEveryStageWould()
{
    const QString dup = u"Analyse the dialogic structure."_s;
    const QStringList asked{dup, u"Mentions MGNREGA."_s, dup, u"中文条目。"_s};
    QJsonArray echoed;
    for (int i = 0; i < asked.size(); ++i)
        echoed.append(item(asked[i], i % 2));
    QJsonArray withExtra = echoed;
    withExtra.append(item(u"Something nobody asked."_s, 1));
    const Mapped shortPath = mapItems(asked, echoed);
    const Mapped wholePath = mapItems(asked, withExtra);
    QCOMPARE(shortPath.how, QList<QString>(asked.size(), u"exact"_s));
    QCOMPARE(shortPath.how, wholePath.how);
    QCOMPARE(shortPath.perAsked, wholePath.perAsked);
    QVERIFY(shortPath.unmatched.isEmpty());
    QCOMPARE(wholePath.unmatched.size(), 1);
}

void TestItemMapping::mapNearIdenticalDoNotSteal()
{
    // Two rubric items that differ in one number: a reworded answer to one of them must not
    // be taken for the other, and a missing answer stays missing.
    const QStringList asked{
        u"Explicitly state that an evaluation of Pakistan's 'Zakat program' showed that 40% of beneficiaries were non-poor."_s,
        u"Explicitly state that an evaluation of Pakistan's 'Zakat program' showed that 47% of beneficiaries were non-poor."_s,
    };
    const QString reworded
        = u"Explicitly states that an evaluation of Pakistan's Zakat program showed 47% of beneficiaries were non-poor"_s;
    const Mapped m = mapItems(asked, QJsonArray{item(reworded, 1)});
    QCOMPARE(m.how, (QList<QString>{QString(), u"fuzzy"_s}));
    QVERIFY(!m.perAsked[0].has_value());

    // Both answered, in the other order, one of them reworded.
    const Mapped both = mapItems(asked, QJsonArray{item(reworded, 1), item(asked[0], 0)});
    QCOMPARE(both.how, (QList<QString>{u"exact"_s, u"fuzzy"_s}));
    QCOMPARE(both.perAsked[0]->value(u"score"_s).toInt(), 0);
    QCOMPARE(both.perAsked[1]->value(u"score"_s).toInt(), 1);

    // Near-identical without numbers: the closer one wins, the other is not given the answer.
    const QStringList places{u"The report discusses the Zakat program in Pakistan."_s,
                             u"The report discusses the Zakat program in Pakistan and India."_s};
    const Mapped p
        = mapItems(places, QJsonArray{item(u"The report discusses Zakat program in Pakistan"_s)});
    QCOMPARE(p.how, (QList<QString>{u"fuzzy"_s, QString()}));
}

void TestItemMapping::mapAmbiguousStaysUnmatched()
{
    const QStringList asked{u"The report compares program A with program B in detail."_s,
                            u"The report compares program B with program A in detail."_s,
                            u"Something else entirely, about pensions."_s};
    const QJsonObject vague = item(u"The report compares program C with program C in detail."_s);
    const Mapped m = mapItems(asked, QJsonArray{vague});
    QCOMPARE(m.how, (QList<QString>{QString(), QString(), QString()}));
    QCOMPARE(m.unmatched, QList<QJsonValue>{vague});
}

void TestItemMapping::mapPosition()
{
    const QStringList asked = zakatItems();
    const QString paraphrase = zakatParaphrase();
    const double s = itemTextSimilarity(asked[1], paraphrase);
    QVERIFY2(s >= 0.6 && s < 0.9, qPrintable(QString::number(s)));
    const Mapped m = mapItems(asked, QJsonArray{item(asked[0]), item(paraphrase), item(asked[2])});
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, u"position"_s, u"exact"_s}));

    // Same position but unrelated text: not taken.
    const QJsonObject other = item(u"Discusses the weather in Lahore at length."_s);
    const Mapped n = mapItems(asked, QJsonArray{item(asked[0]), other, item(asked[2])});
    QCOMPARE(n.how, (QList<QString>{u"exact"_s, QString(), u"exact"_s}));
    QCOMPARE(n.unmatched, QList<QJsonValue>{other});
}

void TestItemMapping::mapPositionNeedsSameCount()
{
    const QStringList asked = zakatItems();
    const QString paraphrase = zakatParaphrase();
    const Mapped m = mapItems(asked, QJsonArray{item(asked[0]), item(paraphrase)});
    QCOMPARE(m.how, (QList<QString>{u"exact"_s, QString(), QString()}));
    QCOMPARE(m.unmatched.size(), 1);
}

void TestItemMapping::mapNonObjectsAndOtherKey()
{
    const QStringList asked{u"Alpha."_s, u"Beta."_s};
    const QJsonArray returned{QJsonValue(u"Alpha."_s), QJsonObject{{u"criterion"_s, u"Beta."_s}}};
    const Mapped m = mapItems(asked, returned, u"criterion"_s);
    QCOMPARE(m.how, (QList<QString>{QString(), u"exact"_s}));
    QCOMPARE(m.unmatched, QList<QJsonValue>{u"Alpha."_s});
}

QTEST_GUILESS_MAIN(TestItemMapping)
#include "tst_itemmapping.moc"
