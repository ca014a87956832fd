#include "review/evidencemarks.h"

#include "evidence/evidencelocator.h"

#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace Rubricate {

using namespace Qt::StringLiterals;

QList<EvidenceMark> evidenceMarks(const QList<VerdictRow> &rows, const QString &reportText,
                                  const QString &shownText)
{
    QList<EvidenceMark> marks;
    const bool sameText = reportText == shownText;
    std::optional<EvidenceLocator> locator; // built on the first span that needs it
    for (const VerdictRow &row : rows) {
        for (const EvidenceSpanRow &span : row.spans) {
            if (span.length <= 0 || span.start < 0 || span.start + span.length > reportText.size())
                continue;
            EvidenceMark mark{row.rubricId, span.start, span.length, row.judgeValue, row.scale};
            if (sameText) {
                marks.append(mark);
                continue;
            }
            if (!locator)
                locator.emplace(shownText);
            // A rendering shows a link's text, not its target: drop "](url)" before looking.
            static const QRegularExpression linkTarget(uR"(\]\([^)\s]*\)?)"_s);
            QString quote = reportText.mid(span.start, span.length);
            quote.replace(linkTarget, u" "_s);
            quote.remove(u'[');
            const EvidenceLocation found = locator->locate(quote);
            for (const EvidenceSpan &s : found.spans) {
                mark.start = s.start;
                mark.length = s.length;
                marks.append(mark);
            }
        }
    }
    std::stable_sort(marks.begin(), marks.end(), [](const EvidenceMark &a, const EvidenceMark &b) {
        return a.start < b.start;
    });
    return marks;
}

QColor evidenceColour(std::optional<double> value, VerdictScale scale)
{
    constexpr int alpha = 90;
    if (!value)
        return QColor(128, 128, 128, alpha);
    const QList<double> values = scaleValues(scale);
    const double top = values.isEmpty() ? 1 : *std::max_element(values.begin(), values.end());
    if (*value < 0)
        return QColor(214, 48, 49, alpha); // DRB-II −1: met only through a blocked source
    if (*value >= top)
        return QColor(46, 160, 67, alpha);
    if (*value > 0)
        return QColor(230, 160, 0, alpha);
    return QColor(90, 110, 140, alpha);
}

} // namespace Rubricate
