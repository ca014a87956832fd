// Help → User Guide: the pages of docs/guide, built into the binary, in a browser whose links
// move between the pages. Nothing remote is ever loaded: links out of the guide are shown,
// not followed, and the guide's screenshots stay in docs/screenshots (named, not drawn).
#pragma once

#include <QString>

class QWidget;

namespace Rubricate {

// The Markdown of one guide page ("index.md", "teams.md" ...), images replaced by their
// captions; empty when there is no such page.
QString userGuidePage(const QString &name);

// Opens the guide at `page` in a window of its own, without blocking.
void showUserGuide(QWidget *parent, const QString &page = QStringLiteral("index.md"));

} // namespace Rubricate
