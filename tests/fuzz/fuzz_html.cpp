// The HTML report text extraction over arbitrary bytes.
#include "documentcheck.h"

#include "ingest/document/htmltext.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::checkDocument(extractHtml(Fuzz::bytesOf(data, size)), ReportFormat::Html);
    return 0;
}
