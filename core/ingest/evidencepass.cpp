#include "evidencepass.h"

#include "evidence/evidencelocator.h"
#include "store/projectstore.h"

namespace Rubricate {

Result<void> locateStoredEvidence(ProjectStore &store, RowId reportId)
{
    const QList<Verdict> verdicts = store.runs().verdictsOfReport(reportId);
    if (verdicts.isEmpty())
        return {};
    const auto report = store.reports().report(reportId);
    if (!report || !report->hasText)
        return {}; // nothing to look in yet; the report's own import will come back here
    const EvidenceLocator locator(report->text);
    for (const Verdict &v : verdicts) {
        if (v.evidence.trimmed().isEmpty())
            continue;
        const EvidenceLocation at = locator.locate(v.evidence);
        QList<EvidenceSpanRow> spans;
        for (const EvidenceSpan &s : at.spans)
            spans.append({s.start, s.length, matchMethodKey(s.method)});
        if (auto set
            = store.runs().setEvidence(v.id, evidenceStatusKey(at.status), at.coverage, spans);
            !set)
            return set;
    }
    return {};
}

} // namespace Rubricate
