// What the status bar says about the project and the work in the background: one place for
// its words, so the window and the action handlers say the same thing the same way. The
// words are the window's, translated in its context (Rubricate::MainWindow).
#pragma once

#include <QString>

namespace Rubricate {

struct ClaimExtractProgress;
struct PageClassifyProgress;
struct PdrCriteriaProgress;
struct RunProgress;

class StatusMessages
{
public:
    // "12 tasks · 340 rubrics · 48 reports", for the permanent counts.
    static QString projectCounts(int tasks, int rubrics, int reports);
    static QString runProgress(const RunProgress &progress);
    static QString criteriaProgress(const PdrCriteriaProgress &progress);
    static QString classifyProgress(const PageClassifyProgress &progress);
    static QString claimExtractProgress(const ClaimExtractProgress &progress);
    static QString runFinished(const QString &status, const QString &error);
    static QString exported(const QString &directory, int files);
    static QString claimsExtracted(int reports, int cited, int uncited);
};

} // namespace Rubricate
