// The PDF report text extraction over arbitrary bytes.
#include "documentcheck.h"

#include "ingest/document/pdftext.h"

using namespace Rubricate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::checkDocument(extractPdf(Fuzz::bytesOf(data, size)), ReportFormat::Pdf);
    return 0;
}
