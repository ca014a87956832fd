// Where the evidence of each rubric sits in the text on screen. Judge runs store evidence as
// offsets into Report::text; the screen shows that text itself (plain text, PDF text) or a
// rendering of it (Markdown and HTML lose their markup), so spans are carried over as they
// are when the texts are equal and located again in the rendered text when they are not.
#pragma once

#include "store/verdictrows.h"

#include <QColor>
#include <QList>

namespace Rubricate {

struct EvidenceMark {
    RowId rubricId = 0;
    int start = 0; // offset into the shown text
    int length = 0;
    std::optional<double> value; // the judge's verdict, which picks the colour
    VerdictScale scale = VerdictScale::Drb2Tristate;
    bool pitfall = false; // a negative-weight criterion: met is bad news

    friend bool operator==(const EvidenceMark &, const EvidenceMark &) = default;
};

// Marks in `shownText` order. Rows whose judge gave no located evidence have none.
QList<EvidenceMark> evidenceMarks(const QList<VerdictRow> &rows, const QString &reportText,
                                  const QString &shownText);

// What a highlight says about the report, which its colour shows.
enum class EvidenceMeaning {
    Met,
    Partly,
    NotMet,
    Against, // counts against the report: DRB-II −1, or a pitfall met (even partly)
    NoValue, // the judge gave no value
};
// A negative weight turns a met criterion into a penalty (ResearchRubrics pitfalls).
bool pitfallMet(double weight, std::optional<double> value);
EvidenceMeaning evidenceMeaning(std::optional<double> value, VerdictScale scale,
                                bool pitfall = false);
// Met: green; partly met: amber; not met: slate; against the report (a blocked source, a
// pitfall met): red. Translucent, so the text stays readable under it.
QColor evidenceColour(EvidenceMeaning meaning);
QColor evidenceColour(std::optional<double> value, VerdictScale scale, bool pitfall = false);

} // namespace Rubricate
