// ReportBench's classification of a cited page (formats.md §2.3 C.3), in our own wording: the
// judge sees the URL and the first 8,000 characters of the page and says whether it is a
// scholarly paper, and if so its title. The titles of the pages it calls papers are P in the
// citation precision and recall (reportbenchscoring.h, TitleMethod::Judge).
//
// Where we differ from the reference: an answer that cannot be read is asked again and, after
// the last attempt, leaves the page unclassified and named; the reference counts it as "not a
// paper", which would turn a judge error into a negative verdict.
#pragma once

#include "domain/result.h"

#include <QString>
#include <QStringList>

namespace Rubricate {

// How much of a page the judge sees, in code points: the reference's cut.
inline constexpr int paperPageChars = 8000;

struct PaperVerdict {
    bool paper = false;
    QString title; // as the judge wrote it; empty for a page that is not a paper
    QStringList authors;
    QString reason;
};

QString paperClassificationPrompt(const QString &url, const QString &pageText);

// Reads an answer leniently (repaired JSON, booleans or yes/no strings, "is_paper" or
// "is_academic_paper"). A paper without a title is unusable, as is an answer without the
// decision: an error.
Result<PaperVerdict> readPaperClassification(const QString &answer);

} // namespace Rubricate
