// Who is annotating on this machine: a stable id that every label is written under, and the
// name shown for it. The id never changes when the name does, so a rename keeps the person's
// labels; becoming someone else is an explicit switch (IdentityDialog).
#pragma once

#include <QString>

#include <optional>

namespace Rubricate {

struct AnnotatorIdentity {
    QString id;
    QString name;
};

// The identity chosen on this machine; empty until someone has chosen one. A name set in
// Preferences before ids existed is taken over as both id and name: that is what the labels
// it wrote are keyed by.
std::optional<AnnotatorIdentity> chosenAnnotator();
// The chosen identity, else the login name (as id and name) so that nothing is lost before
// the first-start question is answered.
AnnotatorIdentity currentIdentity();
void chooseAnnotator(const AnnotatorIdentity &identity);
// Keeps the id: the person's labels stay theirs.
void renameCurrentAnnotator(const QString &name);
// A fresh id for a person this project has never seen.
QString newAnnotatorId();

// The id labels are written under, and the name shown for it.
QString currentAnnotator();
QString currentAnnotatorName();

} // namespace Rubricate
