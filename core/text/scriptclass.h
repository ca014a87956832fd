// The one table of the Unicode blocks East Asian writing uses. Every part that asks "is this
// character Chinese, Japanese or Korean?" means something slightly different (the ideographs
// that tell a Chinese text, the scripts written without spaces between words, the characters
// GB2312 holds), so each caller picks the blocks it means from this table and says why; two
// classifiers can then differ only by a choice that is written down, never by a mistyped range.
//
// The ranges are those of the Unicode Character Database, Blocks.txt; a few neighbouring blocks
// that no caller tells apart are one entry here (CjkRadicals, HalfwidthAndFullwidthForms).
#pragma once

#include <QFlags>

#include <array>
#include <bit>

namespace Rubricate {

// One bit per block; the order is the order of ScriptBlockRanges below.
enum class ScriptBlock : quint32 {
    None = 0,
    HangulJamo = 1u << 0, // U+1100..U+11FF
    CjkRadicals = 1u << 1, // U+2E80..U+2FDF: CJK Radicals Supplement, Kangxi Radicals
    CjkSymbolsAndPunctuation = 1u << 2, // U+3000..U+303F: 、。「」《》 and the ideographic space
    Kana = 1u << 3, // U+3040..U+30FF: Hiragana, Katakana
    Bopomofo = 1u << 4, // U+3100..U+312F
    HangulCompatibilityJamo = 1u << 5, // U+3130..U+318F
    Kanbun = 1u << 6, // U+3190..U+319F
    BopomofoExtended = 1u << 7, // U+31A0..U+31BF
    CjkStrokes = 1u << 8, // U+31C0..U+31EF
    KatakanaPhoneticExtensions = 1u << 9, // U+31F0..U+31FF
    EnclosedCjkLettersAndMonths = 1u << 10, // U+3200..U+32FF
    CjkCompatibility = 1u << 11, // U+3300..U+33FF
    CjkUnifiedIdeographsExtensionA = 1u << 12, // U+3400..U+4DBF
    CjkUnifiedIdeographs = 1u << 13, // U+4E00..U+9FFF
    HangulJamoExtendedA = 1u << 14, // U+A960..U+A97F
    HangulSyllables = 1u << 15, // U+AC00..U+D7AF
    CjkCompatibilityIdeographs = 1u << 16, // U+F900..U+FAFF
    CjkCompatibilityForms = 1u << 17, // U+FE30..U+FE4F
    HalfwidthAndFullwidthForms = 1u << 18, // U+FF00..U+FFEF: ，：（）and half-width kana
    // Planes 2 and 3, which the Unicode roadmap gives to ideographs alone: extensions B to I,
    // the compatibility supplement, and the code points still unassigned between them.
    SupplementaryIdeographs = 1u << 19, // U+20000..U+3FFFF
};
Q_DECLARE_FLAGS(ScriptBlocks, ScriptBlock)
Q_DECLARE_OPERATORS_FOR_FLAGS(ScriptBlocks)

struct ScriptBlockRange {
    char32_t first;
    char32_t last;
};

// Sorted by code point; entry i is the block 1 << i.
inline constexpr std::array<ScriptBlockRange, 20> ScriptBlockRanges{{
    {0x1100, 0x11FF}, {0x2E80, 0x2FDF}, {0x3000, 0x303F}, {0x3040, 0x30FF}, {0x3100, 0x312F},
    {0x3130, 0x318F}, {0x3190, 0x319F}, {0x31A0, 0x31BF}, {0x31C0, 0x31EF}, {0x31F0, 0x31FF},
    {0x3200, 0x32FF}, {0x3300, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA960, 0xA97F},
    {0xAC00, 0xD7AF}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFFEF}, {0x20000, 0x3FFFF},
}};

constexpr ScriptBlockRange scriptBlockRange(ScriptBlock block)
{
    return ScriptBlockRanges[std::countr_zero(quint32(block))];
}

// Whether `c` lies in `block`: a compare against two constants, for hot loops.
constexpr bool isInScriptBlock(char32_t c, ScriptBlock block)
{
    const ScriptBlockRange range = scriptBlockRange(block);
    return c >= range.first && c <= range.last;
}

// The block of the table that holds `c`; None for a character outside all of them.
constexpr ScriptBlock scriptBlock(char32_t c)
{
    if (c < ScriptBlockRanges.front().first || c > ScriptBlockRanges.back().last)
        return ScriptBlock::None;
    for (std::size_t i = 0; i < ScriptBlockRanges.size(); ++i) {
        if (c < ScriptBlockRanges[i].first)
            return ScriptBlock::None;
        if (c <= ScriptBlockRanges[i].last)
            return ScriptBlock(1u << i);
    }
    return ScriptBlock::None;
}

constexpr bool isInScriptBlocks(char32_t c, ScriptBlocks blocks)
{
    return blocks.testAnyFlag(scriptBlock(c));
}

// The Han ideographs: what tells a Chinese text, and what Japanese kanji share with it.
inline constexpr ScriptBlocks CjkIdeographBlocks = ScriptBlock::CjkUnifiedIdeographsExtensionA
    | ScriptBlock::CjkUnifiedIdeographs | ScriptBlock::CjkCompatibilityIdeographs
    | ScriptBlock::SupplementaryIdeographs;

constexpr bool isCjkIdeograph(char32_t c)
{
    return isInScriptBlocks(c, CjkIdeographBlocks);
}

// The full stops of Chinese and Japanese: 。！？ (ideographic full stop, full-width ! and ?).
constexpr bool isCjkSentenceEnd(char32_t c)
{
    return c == 0x3002 || c == 0xFF01 || c == 0xFF1F;
}

} // namespace Rubricate
