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
            EvidenceMark mark{row.rubricId,   span.start, span.length,
                              row.judgeValue, row.scale,  row.weight < 0};
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

bool pitfallMet(double weight, std::optional<double> value)
{
    return weight < 0 && value && *value > 0;
}

EvidenceMeaning evidenceMeaning(std::optional<double> value, VerdictScale scale, bool pitfall)
{
    if (!value)
        return EvidenceMeaning::NoValue;
    if (*value < 0 || (pitfall && *value > 0))
        return EvidenceMeaning::Against;
    const QList<double> values = scaleValues(scale);
    const double top = values.isEmpty() ? 1 : *std::max_element(values.begin(), values.end());
    if (*value >= top)
        return EvidenceMeaning::Met;
    return *value > 0 ? EvidenceMeaning::Partly : EvidenceMeaning::NotMet;
}

QColor evidenceColour(EvidenceMeaning meaning)
{
    constexpr int alpha = 90;
    switch (meaning) {
    case EvidenceMeaning::Met:
        return QColor(46, 160, 67, alpha);
    case EvidenceMeaning::Partly:
        return QColor(230, 160, 0, alpha);
    case EvidenceMeaning::NotMet:
        return QColor(90, 110, 140, alpha);
    case EvidenceMeaning::Against:
        return QColor(214, 48, 49, alpha);
    case EvidenceMeaning::NoValue:
        break;
    }
    return QColor(128, 128, 128, alpha);
}

QColor evidenceColour(std::optional<double> value, VerdictScale scale, bool pitfall)
{
    return evidenceColour(evidenceMeaning(value, scale, pitfall));
}

} // namespace Rubricate
