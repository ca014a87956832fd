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
// The identity labels are written under: the bound one while a project binds it (below),
// else the chosen identity, else the login name (as id and name) so that nothing is lost
// before the first-start question is answered.
AnnotatorIdentity currentIdentity();
// A team project binds each annotator's login to one annotator (rubricate_login) and refuses
// labels under any other, whatever was chosen on this machine: while the open project does,
// its annotator is the identity. The window sets it as a project opens (nullopt: none) and
// leaves the chosen identity in the settings alone. GUI thread only.
void setBoundAnnotator(const std::optional<AnnotatorIdentity> &identity);
std::optional<AnnotatorIdentity> boundAnnotator();
void chooseAnnotator(const AnnotatorIdentity &identity);
// Keeps the id: the person's labels stay theirs. Renames the chosen identity, never the bound
// one.
void renameCurrentAnnotator(const QString &name);
// A fresh id for a person this project has never seen.
QString newAnnotatorId();

// The id labels are written under, and the name shown for it.
QString currentAnnotator();
QString currentAnnotatorName();

} // namespace Rubricate
