// The read-only result tables of the computed pages (agreement, corrected leaderboard): rows
// selected whole, one at a time, columns sized to their contents, the last one stretched.
#pragma once

#include <QString>

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace Rubricate {

QTableView *makeReadOnlyTable(QAbstractItemModel *model, QWidget *parent, const QString &name);

} // namespace Rubricate
