// The keys that label an item, shared by the review page and the adjudication page: the same
// key means the same value on both, and a key the scale does not know says so.
#pragma once

#include "domain/types.h"

#include <QKeySequence>
#include <QString>

#include <functional>

class QWidget;

namespace Rubricate {

// A shortcut anywhere in the owner's window: the person reads the report and labels without
// clicking back into a table. Line edits keep their printable keys (they override shortcuts).
void addWindowKey(QWidget *owner, const QKeySequence &key, const QString &text,
                  const std::function<void()> &slot);

// "“-” is not a label on this scale; use 1, P, 0": silence would read as a label taken.
QString unknownLabelKeyMessage(VerdictScale scale, QChar key);

} // namespace Rubricate
