// The JSON Lines reader over arbitrary files.
#include "fuzzcheck.h"

#include "ingest/jsonlreader.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = Fuzz::bytesOf(data, size);
    const int lines = int(bytes.count('\n')) + 1;
    ImportSummary summary;
    int lastLine = 0;
    parseJsonLines(bytes, QStringLiteral("fuzz.jsonl"), summary,
                   [&](const QJsonObject &, int line) {
                       // Objects arrive in file order, one per line at most.
                       FUZZ_CHECK(line > lastLine && line <= lines);
                       lastLine = line;
                   });
    for (const ImportIssue &issue : std::as_const(summary.issues))
        FUZZ_CHECK(issue.line >= 0 && issue.line <= lines);
    return 0;
}
