// The keyboard shortcut sheet (F1 or ?): every key of the window in one table.
#pragma once

#include <QList>
#include <QString>

class QWidget;

namespace Rubricate {

// Opens the sheet without blocking (the window keeps receiving background results).
void showShortcutSheet(QWidget *parent, const QList<std::pair<QString, QString>> &keys);

} // namespace Rubricate
