// What every extracted report must satisfy, whatever bytes it came from.
#pragma once

#include "fuzzcheck.h"

#include "ingest/document/extracteddocument.h"

namespace Rubricate::Fuzz {

inline void checkDocument(const ExtractedDocument &doc, ReportFormat format)
{
    FUZZ_CHECK(doc.format == format);
    FUZZ_CHECK(!doc.corrupt || !doc.error.isEmpty());
    // The text is stored and shown: it must be well-formed UTF-16, whatever the input was.
    FUZZ_CHECK(QStringView(doc.text).isValidUtf16());
    // Page spans lie inside the text, in order, without overlapping.
    qsizetype end = 0;
    for (qsizetype i = 0; i < doc.pages.size(); ++i) {
        const PageSpan &span = doc.pages.at(i);
        FUZZ_CHECK(span.page == i);
        FUZZ_CHECK(span.offset >= end && span.length >= 0);
        end = qsizetype(span.offset) + span.length;
        FUZZ_CHECK(end <= doc.text.size());
    }
}

} // namespace Rubricate::Fuzz
