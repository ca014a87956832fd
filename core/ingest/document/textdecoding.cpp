#include "textdecoding.h"

#include "text/scriptclass.h"

#include <QByteArray>
#include <QByteArrayList>
#include <QStringDecoder>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

bool isContinuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

// Length of the well-formed sequence starting at `p` (Unicode table 3-7), or 0 when it is
// ill-formed; *subpart then tells how many bytes form the "maximal subpart" that a
// conforming decoder reports as one error (at least 1).
qsizetype wellFormedLength(const unsigned char *p, qsizetype available, qsizetype *subpart)
{
    const unsigned char lead = p[0];
    *subpart = 1;
    if (lead < 0x80)
        return 1;
    qsizetype length = 0;
    unsigned char secondMin = 0x80;
    unsigned char secondMax = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            secondMin = 0xA0; // overlong
        else if (lead == 0xED)
            secondMax = 0x9F; // UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            secondMin = 0x90; // overlong
        else if (lead == 0xF4)
            secondMax = 0x8F; // beyond U+10FFFF
    } else {
        return 0; // 0x80..0xC1 and 0xF5..0xFF never start a sequence
    }
    for (qsizetype i = 1; i < length; ++i) {
        if (i >= available)
            return 0;
        const unsigned char c = p[i];
        const bool ok = i == 1 ? (c >= secondMin && c <= secondMax) : isContinuation(c);
        if (!ok)
            return 0;
        *subpart = i + 1;
    }
    return length;
}

struct ByteOrderMark {
    QByteArrayView bytes;
    const char *encoding;
};

// UTF-32 first: its little-endian mark starts with UTF-16's.
constexpr ByteOrderMark ByteOrderMarks[] = {
    {QByteArrayView("\xFF\xFE\x00\x00", 4), "UTF-32LE"},
    {QByteArrayView("\x00\x00\xFE\xFF", 4), "UTF-32BE"},
    {QByteArrayView("\xFF\xFE", 2), "UTF-16LE"},
    {QByteArrayView("\xFE\xFF", 2), "UTF-16BE"},
};

const char *encodingFromByteOrderMark(QByteArrayView bytes)
{
    for (const ByteOrderMark &mark : ByteOrderMarks) {
        if (bytes.startsWith(mark.bytes))
            return mark.encoding;
    }
    return nullptr;
}

// The decoder browsers use for a declared name, or an empty name for UTF-8 (a declaration of
// UTF-16 in a page readable as ASCII means UTF-8, as in browsers).
QByteArray decoderName(QByteArray declared)
{
    declared = declared.trimmed().toLower();
    if (declared == "utf-8" || declared == "utf8" || declared.startsWith("utf-16")
        || declared == "unicode-1-1-utf-8")
        return {};
    static const QByteArrayList gbk
        = {"gbk", "gb2312", "x-gbk", "gb_2312-80", "chinese", "csgb2312", "iso-ir-58", "gb18030"};
    if (gbk.contains(declared))
        return "GB18030";
    static const QByteArrayList latin1
        = {"iso-8859-1", "latin1", "l1", "us-ascii", "ascii", "iso8859-1", "cp1252"};
    if (latin1.contains(declared))
        return "windows-1252";
    return declared;
}

struct Decoded {
    QString text;
    bool hadErrors = false;
};

// Qt's UTF-16 decoder copies code units as they come, so an unpaired surrogate in a UTF-16
// file would reach storage as text that is not valid Unicode (found by fuzz_textdecoding).
// Each becomes U+FFFD, and counts as a decoding error.
bool replaceUnpairedSurrogates(QString &text)
{
    bool replaced = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.isSurrogate()) {
            text[i] = QChar::ReplacementCharacter;
            replaced = true;
        }
    }
    return replaced;
}

Decoded decodeAs(QByteArrayView bytes, const char *encoding)
{
    QStringDecoder decoder(encoding);
    Decoded result;
    result.text = decoder.decode(bytes);
    result.hadErrors = decoder.hasError();
    if (replaceUnpairedSurrogates(result.text))
        result.hadErrors = true;
    return result;
}

QString decodedAsWarning(const QString &encoding, const QString &reason, bool hadErrors)
{
    QString warning = u"decoded as %1 (%2)"_s.arg(encoding, reason);
    if (hadErrors)
        warning += u"; invalid bytes replaced by U+FFFD"_s;
    return warning;
}

qsizetype nonAsciiByteCount(QByteArrayView bytes)
{
    return std::count_if(bytes.begin(), bytes.end(), [](char c) { return (c & 0x80) != 0; });
}

// The judge read every report as UTF-8, so only bytes that are mostly not UTF-8 (at least
// half the non-ASCII bytes would be dropped) may be read otherwise, even when the document
// names another character set: a UTF-8 page with one stray byte and a stale
// <meta charset="iso-8859-1"> is still UTF-8, and reading it as Latin-1 makes "RÃ©sumÃ©".
bool invalidBytesPredominate(QByteArrayView bytes, qsizetype droppedBytes)
{
    return 2 * droppedBytes >= nonAsciiByteCount(bytes);
}

// A few stray bytes (a cut-off character, one corrupt sequence) are not evidence of another
// encoding; eight Chinese characters' worth of them is.
constexpr qsizetype MinDroppedBytesForDetection = 16;

bool isGb2312Byte(unsigned char c)
{
    return c >= 0xA1 && c <= 0xFE;
}

bool isAsciiDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

// Non-ASCII bytes of `bytes` read as GB18030: how many form GB2312 pairs (both bytes
// A1..FE, where all common simplified Chinese is), and how many do not, counting a lead byte
// that would swallow the ASCII byte after it as its trail.
struct Gb18030ByteCounts {
    qsizetype inGb2312Pairs = 0;
    qsizetype elsewhere = 0;
};

Gb18030ByteCounts countGb18030Bytes(QByteArrayView bytes)
{
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.data());
    const qsizetype size = bytes.size();
    Gb18030ByteCounts counts;
    qsizetype i = 0;
    while (i < size) {
        const unsigned char lead = data[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        const unsigned char trail = i + 1 < size ? data[i + 1] : 0;
        if (isGb2312Byte(lead) && isGb2312Byte(trail)) {
            counts.inGb2312Pairs += 2;
            i += 2;
        } else if (isAsciiDigit(trail) && i + 3 < size) {
            counts.elsewhere += 2; // a four-byte sequence: lead, digit, byte, digit
            i += 4;
        } else {
            counts.elsewhere += trail >= 0x80 ? 2 : 1;
            i += 2;
        }
    }
    return counts;
}

// What Chinese text in GB2312 decodes to: its ideographs are all in the unified block, its
// punctuation in the CJK punctuation (、。《》) and full-width (，：（）) blocks.
constexpr ScriptBlocks Gb2312ChineseBlocks = ScriptBlock::CjkUnifiedIdeographs
    | ScriptBlock::CjkSymbolsAndPunctuation | ScriptBlock::HalfwidthAndFullwidthForms;

bool mostlyCjk(const QString &text)
{
    qsizetype nonAscii = 0;
    qsizetype cjk = 0;
    for (const QChar c : text) {
        if (c.unicode() < 0x80)
            continue;
        ++nonAscii;
        cjk += isInScriptBlocks(c.unicode(), Gb2312ChineseBlocks) ? 1 : 0;
    }
    return 4 * cjk >= 3 * nonAscii;
}

// Whether bytes that are not UTF-8 and decode as GB18030 without an error (`decoded`) are
// Chinese in GB18030/GBK/GB2312. Without this evidence they stay UTF-8 with the bad bytes
// dropped, as the judge read them: Latin-1 or cp1252 text also leaves UTF-8 with many
// dropped bytes and often is valid GB18030 too, each accent swallowing the ASCII letter
// after it ("Die Größe der Märkte" read as "Die Gr鲞e der M鋜kte"). Chinese text is almost
// all in GB2312's pairs and reads as CJK characters; accented Latin text is neither.
bool isConfidentlyChineseGb18030(QByteArrayView bytes, const QString &decoded)
{
    const Gb18030ByteCounts counts = countGb18030Bytes(bytes);
    return counts.inGb2312Pairs >= 9 * counts.elsewhere && mostlyCjk(decoded);
}

// QString::fromUtf8 skips a leading byte order mark. The real one is gone by now, so a
// U+FEFF that starts these bytes followed it or followed dropped bytes: Python kept it, and
// losing it would shift every evidence offset after it (found by fuzz_textdecoding).
QString fromUtf8KeepingFeff(QByteArrayView bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless
                               | QStringDecoder::Flag::ConvertInitialBom);
    return decoder(bytes);
}

} // namespace

DecodedText decodeDocumentText(QByteArrayView bytes, const DeclaredCharset &declared)
{
    if (const char *encoding = encodingFromByteOrderMark(bytes)) {
        const Decoded decoded = decodeAs(bytes, encoding); // the decoder drops the mark
        DecodedText result;
        result.text = decoded.text;
        result.hadBom = true;
        result.warning = decodedAsWarning(QString::fromLatin1(encoding), u"byte order mark"_s,
                                          decoded.hadErrors);
        return result;
    }

    DecodedText utf8 = decodeUtf8DroppingInvalid(bytes);
    if (utf8.droppedBytes == 0)
        return utf8;

    if (!invalidBytesPredominate(bytes, utf8.droppedBytes)) {
        utf8.warning = droppedBytesWarning(utf8.droppedBytes);
        return utf8;
    }

    const QByteArray declaredDecoder = decoderName(declared.name);
    if (const QStringDecoder probe(declaredDecoder.constData());
        !declaredDecoder.isEmpty() && probe.isValid()) {
        const Decoded decoded = decodeAs(bytes, declaredDecoder.constData());
        const QString name = QString::fromLatin1(probe.name());
        QString reason = u"declared in "_s + declared.where;
        if (name.compare(QString::fromLatin1(declared.name.trimmed()), Qt::CaseInsensitive) != 0)
            reason = QString::fromLatin1(declared.name.trimmed()) + u' ' + reason;
        return {decoded.text, 0, false, decodedAsWarning(name, reason, decoded.hadErrors)};
    }

    if (utf8.droppedBytes >= MinDroppedBytesForDetection) {
        const Decoded gb18030 = decodeAs(bytes, "GB18030");
        if (!gb18030.hadErrors && isConfidentlyChineseGb18030(bytes, gb18030.text)) {
            return {gb18030.text, 0, false,
                    decodedAsWarning(u"GB18030"_s, u"not UTF-8, but valid GB18030"_s, false)};
        }
    }

    utf8.warning = droppedBytesWarning(utf8.droppedBytes);
    return utf8;
}

DecodedText decodeUtf8DroppingInvalid(QByteArrayView bytes)
{
    DecodedText result;
    if (bytes.startsWith("\xEF\xBB\xBF")) {
        result.hadBom = true;
        bytes = bytes.sliced(3);
    }

    const auto *data = reinterpret_cast<const unsigned char *>(bytes.data());
    const qsizetype size = bytes.size();
    QByteArray clean;
    qsizetype copiedUpTo = 0; // copy valid runs in one piece, not byte by byte
    qsizetype i = 0;
    while (i < size) {
        if (data[i] < 0x80) {
            ++i;
            continue;
        }
        qsizetype subpart = 1;
        const qsizetype length = wellFormedLength(data + i, size - i, &subpart);
        if (length > 0) {
            i += length;
            continue;
        }
        if (clean.isNull())
            clean.reserve(size);
        clean.append(bytes.sliced(copiedUpTo, i - copiedUpTo));
        // A truncated sequence is one error, like Python's decoder reports it; the bytes
        // after it are examined again, so a valid character is never swallowed.
        result.droppedBytes += subpart;
        i += subpart;
        copiedUpTo = i;
    }

    if (result.droppedBytes == 0) {
        result.text = fromUtf8KeepingFeff(bytes);
    } else {
        clean.append(bytes.sliced(copiedUpTo));
        result.text = fromUtf8KeepingFeff(clean);
    }
    return result;
}

QString countedNoun(qsizetype count, const QString &singular, const QString &plural)
{
    return QString::number(count) + u' ' + (count == 1 ? singular : plural);
}

QString droppedBytesWarning(qsizetype droppedBytes)
{
    return countedNoun(droppedBytes, u"invalid UTF-8 byte"_s, u"invalid UTF-8 bytes"_s)
        + u" dropped"_s;
}

} // namespace Rubricate
