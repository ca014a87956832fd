// Which annotators' labels an agreement counts, by how each label was given: its method
// (typed, an accepted judge verdict ...), whether the judge was visible, the study. The filter
// is on each annotator's CURRENT label (the newest event of the item): a label whose newest
// event does not pass is no label under the filter. An older event that would pass never
// stands in for it, because it is not what the annotator says now.
#pragma once

#include "types.h"

#include <QSet>
#include <QStringList>

namespace Rubricate {

struct LabelFilter {
    // Empty: every method. LabelMethod::Unknown is a label recorded without provenance.
    QSet<LabelMethod> methods;
    // Empty: either. Set: only labels given with the judge visible (true) or hidden (false);
    // a label that did not record it never passes.
    std::optional<bool> judgeVisible;
    // Empty: in any study or none. Set: only labels given in this study.
    QString study;

    bool isEmpty() const { return methods.isEmpty() && !judgeVisible && study.isEmpty(); }
    // The methods in LabelMethod order, for output that does not change from run to run.
    QList<LabelMethod> sortedMethods() const;

    friend bool operator==(const LabelFilter &, const LabelFilter &) = default;
};

// The keys a filter's methods are named by: labelMethodKey(), and "unknown" for a label
// without provenance. Every key, in LabelMethod order.
QString labelFilterMethodKey(LabelMethod method);
std::optional<LabelMethod> labelFilterMethodFromKey(const QString &key);
QStringList labelFilterMethodKeys();

// In English, for an output's header and an export's notes: "all labels", or e.g. "method
// typed or accepted, judge hidden, study pilot".
QString labelFilterDescription(const LabelFilter &filter);

} // namespace Rubricate
