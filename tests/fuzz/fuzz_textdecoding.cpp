// Text decoding as reports and HTML are read: UTF-8 that drops invalid bytes, and the choice of
// another encoding from a byte order mark, a declared charset or GB18030 detection.
#include "fuzzcheck.h"

#include "ingest/document/textdecoding.h"

#include <iterator>

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes = Fuzz::bytesOf(data, size);
    const DecodedText decoded = decodeUtf8DroppingInvalid(bytes);
    // Every input byte is accounted for: kept as text, dropped, or the byte order mark.
    const qsizetype kept = decoded.text.toUtf8().size();
    FUZZ_CHECK(kept + decoded.droppedBytes + (decoded.hadBom ? 3 : 0) == qsizetype(size));

    // The first byte picks what the page declares, so that every decoder path is reached.
    static const char *const declarations[]
        = {"", "gbk", "gb18030", "big5", "shift_jis", "windows-1252", "utf-16", "x-unknown"};
    const char *declared = size > 0 ? declarations[data[0] % std::size(declarations)] : "";
    const DecodedText chosen
        = decodeDocumentText(bytes.sliced(size > 0 ? 1 : 0), {declared, QStringLiteral("fuzz")});
    // Whatever was chosen, the text is well-formed UTF-16 (no lone surrogates reach storage).
    FUZZ_CHECK(chosen.text.isValidUtf16());
    return 0;
}
