// The lenient JSON reader over arbitrary judge replies.
#include "fuzzcheck.h"

#include "judge/replyparsing.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const LenientJson parsed = parseLenientJson(QString::fromUtf8(Fuzz::bytesOf(data, size)));
    // Exactly one of a value and an error, and what is parsed is a container.
    FUZZ_CHECK(parsed.value.has_value() == parsed.error.isEmpty());
    if (parsed.value)
        FUZZ_CHECK(parsed.value->isObject() || parsed.value->isArray());
    return 0;
}
