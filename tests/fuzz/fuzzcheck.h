// Shared by the fuzz targets: the invariants they check on top of "does not crash".
#pragma once

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// A broken invariant must stop the fuzzer like a crash does, so that libFuzzer saves the
// input, and must stop the replay test in a normal build too (Q_ASSERT is compiled out).
#define FUZZ_CHECK(condition)                                                                      \
    do {                                                                                           \
        if (!(condition)) {                                                                        \
            std::fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, __LINE__,         \
                         #condition);                                                              \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

namespace Rubricate::Fuzz {

// The fuzzer's bytes as a QByteArray that does not copy them; the input outlives the call.
inline QByteArray bytesOf(const uint8_t *data, size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace Rubricate::Fuzz
