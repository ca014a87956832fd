// The DOCX report text extraction over arbitrary bytes.
#include "documentcheck.h"

#include "ingest/document/docxtext.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::checkDocument(extractDocx(Fuzz::bytesOf(data, size)), ReportFormat::Docx);
    return 0;
}
