#include "textdecoding.h"

#include <QByteArray>
#include <QStringDecoder>

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
