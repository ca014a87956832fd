// UTF-8 decoding that drops invalid bytes, the way reports and HTML are read.
#include "fuzzcheck.h"

#include "ingest/document/textdecoding.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const DecodedText decoded = decodeUtf8DroppingInvalid(Fuzz::bytesOf(data, size));
    // Every input byte is accounted for: kept as text, dropped, or the byte order mark.
    const qsizetype kept = decoded.text.toUtf8().size();
    FUZZ_CHECK(kept + decoded.droppedBytes + (decoded.hadBom ? 3 : 0) == qsizetype(size));
    return 0;
}
