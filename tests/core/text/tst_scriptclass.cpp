// The table of East Asian script blocks: its ranges against Unicode's Blocks.txt, the block of
// characters of each script, and the sets the callers build from it.
#include "text/scriptclass.h"

#include <QTest>

using namespace Rubricate;

Q_DECLARE_METATYPE(Rubricate::ScriptBlock)

// The table is usable where the hot loops need it: at compile time.
static_assert(isCjkIdeograph(U'中'));
static_assert(isInScriptBlock(U'中', ScriptBlock::CjkUnifiedIdeographs));
static_assert(scriptBlock(U'A') == ScriptBlock::None);

class ScriptClassTest : public QObject
{
    Q_OBJECT

private slots:
    void rangesAreSortedAndApart();
    void blockEnds_data();
    void blockEnds();
    void scriptBlock_data();
    void scriptBlock();
    void ideographs_data();
    void ideographs();
    void sentenceEnds();
};

void ScriptClassTest::rangesAreSortedAndApart()
{
    for (std::size_t i = 0; i < ScriptBlockRanges.size(); ++i) {
        QVERIFY(ScriptBlockRanges[i].first <= ScriptBlockRanges[i].last);
        if (i > 0)
            QVERIFY(ScriptBlockRanges[i - 1].last < ScriptBlockRanges[i].first);
    }
}

// Each block's first and last code point as Blocks.txt gives them.
void ScriptClassTest::blockEnds_data()
{
    QTest::addColumn<ScriptBlock>("block");
    QTest::addColumn<uint>("first");
    QTest::addColumn<uint>("last");
    QTest::newRow("Hangul Jamo") << ScriptBlock::HangulJamo << 0x1100u << 0x11FFu;
    QTest::newRow("radicals") << ScriptBlock::CjkRadicals << 0x2E80u << 0x2FDFu;
    QTest::newRow("punctuation") << ScriptBlock::CjkSymbolsAndPunctuation << 0x3000u << 0x303Fu;
    QTest::newRow("kana") << ScriptBlock::Kana << 0x3040u << 0x30FFu;
    QTest::newRow("Bopomofo") << ScriptBlock::Bopomofo << 0x3100u << 0x312Fu;
    QTest::newRow("compatibility jamo")
        << ScriptBlock::HangulCompatibilityJamo << 0x3130u << 0x318Fu;
    QTest::newRow("Kanbun") << ScriptBlock::Kanbun << 0x3190u << 0x319Fu;
    QTest::newRow("Bopomofo Extended") << ScriptBlock::BopomofoExtended << 0x31A0u << 0x31BFu;
    QTest::newRow("strokes") << ScriptBlock::CjkStrokes << 0x31C0u << 0x31EFu;
    QTest::newRow("katakana extensions")
        << ScriptBlock::KatakanaPhoneticExtensions << 0x31F0u << 0x31FFu;
    QTest::newRow("enclosed") << ScriptBlock::EnclosedCjkLettersAndMonths << 0x3200u << 0x32FFu;
    QTest::newRow("compatibility") << ScriptBlock::CjkCompatibility << 0x3300u << 0x33FFu;
    QTest::newRow("extension A") << ScriptBlock::CjkUnifiedIdeographsExtensionA << 0x3400u
                                 << 0x4DBFu;
    QTest::newRow("unified") << ScriptBlock::CjkUnifiedIdeographs << 0x4E00u << 0x9FFFu;
    QTest::newRow("Hangul Jamo Extended-A")
        << ScriptBlock::HangulJamoExtendedA << 0xA960u << 0xA97Fu;
    QTest::newRow("Hangul syllables") << ScriptBlock::HangulSyllables << 0xAC00u << 0xD7AFu;
    QTest::newRow("compatibility ideographs")
        << ScriptBlock::CjkCompatibilityIdeographs << 0xF900u << 0xFAFFu;
    QTest::newRow("compatibility forms")
        << ScriptBlock::CjkCompatibilityForms << 0xFE30u << 0xFE4Fu;
    QTest::newRow("full-width") << ScriptBlock::HalfwidthAndFullwidthForms << 0xFF00u << 0xFFEFu;
    QTest::newRow("planes 2 and 3") << ScriptBlock::SupplementaryIdeographs << 0x20000u << 0x3FFFFu;
}

void ScriptClassTest::blockEnds()
{
    QFETCH(ScriptBlock, block);
    QFETCH(uint, first);
    QFETCH(uint, last);
    QCOMPARE(uint(scriptBlockRange(block).first), first);
    QCOMPARE(uint(scriptBlockRange(block).last), last);
    QCOMPARE(Rubricate::scriptBlock(first), block);
    QCOMPARE(Rubricate::scriptBlock(last), block);
    QVERIFY(isInScriptBlock(first, block));
    QVERIFY(isInScriptBlock(last, block));
    QVERIFY(Rubricate::scriptBlock(first - 1) != block);
    QVERIFY(Rubricate::scriptBlock(last + 1) != block);
    QVERIFY(!isInScriptBlock(first - 1, block));
    QVERIFY(!isInScriptBlock(last + 1, block));
}

void ScriptClassTest::scriptBlock_data()
{
    QTest::addColumn<uint>("c");
    QTest::addColumn<ScriptBlock>("block");
    QTest::newRow("Latin") << uint(U'A') << ScriptBlock::None;
    QTest::newRow("accented") << uint(U'é') << ScriptBlock::None;
    QTest::newRow("ideograph") << uint(U'中') << ScriptBlock::CjkUnifiedIdeographs;
    QTest::newRow("hiragana") << uint(U'あ') << ScriptBlock::Kana;
    QTest::newRow("katakana") << uint(U'カ') << ScriptBlock::Kana;
    QTest::newRow("Hangul") << uint(U'한') << ScriptBlock::HangulSyllables;
    QTest::newRow("full stop") << uint(U'。') << ScriptBlock::CjkSymbolsAndPunctuation;
    QTest::newRow("ideographic space") << 0x3000u << ScriptBlock::CjkSymbolsAndPunctuation;
    QTest::newRow("full-width comma") << uint(U'，') << ScriptBlock::HalfwidthAndFullwidthForms;
    QTest::newRow("extension B") << uint(U'𠮷') << ScriptBlock::SupplementaryIdeographs;
    QTest::newRow("Yijing hexagram") << 0x4DC0u << ScriptBlock::None;
    QTest::newRow("ideographic description") << 0x2FF0u << ScriptBlock::None;
    QTest::newRow("Yi") << 0xA000u << ScriptBlock::None;
    QTest::newRow("low surrogate") << 0xDC00u << ScriptBlock::None;
    QTest::newRow("plane 14") << 0xE0001u << ScriptBlock::None;
}

void ScriptClassTest::scriptBlock()
{
    QFETCH(uint, c);
    QFETCH(ScriptBlock, block);
    QCOMPARE(Rubricate::scriptBlock(c), block);
}

void ScriptClassTest::ideographs_data()
{
    QTest::addColumn<uint>("c");
    QTest::addColumn<bool>("ideograph");
    QTest::newRow("unified") << uint(U'中') << true;
    QTest::newRow("extension A") << 0x3400u << true;
    QTest::newRow("compatibility") << 0xF900u << true;
    QTest::newRow("extension B") << uint(U'𠮷') << true;
    QTest::newRow("extension G") << 0x30000u << true;
    QTest::newRow("kana") << uint(U'あ') << false;
    QTest::newRow("Hangul") << uint(U'한') << false;
    QTest::newRow("radical") << 0x2F00u << false;
    QTest::newRow("punctuation") << uint(U'。') << false;
    QTest::newRow("Latin") << uint(U'a') << false;
}

void ScriptClassTest::ideographs()
{
    QFETCH(uint, c);
    QFETCH(bool, ideograph);
    QCOMPARE(isCjkIdeograph(c), ideograph);
}

void ScriptClassTest::sentenceEnds()
{
    for (const char32_t c : {U'。', U'！', U'？'})
        QVERIFY2(isCjkSentenceEnd(c), qPrintable(QString::number(uint(c), 16)));
    for (const char32_t c : {U'；', U'，', U'、', U'.', U'!', U'?', U'…'})
        QVERIFY2(!isCjkSentenceEnd(c), qPrintable(QString::number(uint(c), 16)));
}

QTEST_GUILESS_MAIN(ScriptClassTest)
#include "tst_scriptclass.moc"
