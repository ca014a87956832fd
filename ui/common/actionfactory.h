// How the window's action handlers make their actions: a name for tests and saved state, an
// icon from the theme with a style fallback, a shortcut and a status tip.
#pragma once

#include <QAction>
#include <QIcon>
#include <QStyle>

namespace Rubricate {

inline QIcon themeIcon(const QString &name, const QStyle *style, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, style->standardIcon(fallback));
}

inline QAction *makeAction(QObject *parent, const QIcon &icon, const QString &text,
                           const char *name, const QKeySequence &key, const QString &tip)
{
    auto *action = new QAction(icon, text, parent);
    action->setObjectName(QString::fromLatin1(name));
    if (!key.isEmpty())
        action->setShortcut(key);
    action->setStatusTip(tip);
    return action;
}

// The handler's own rule, unless the open project refuses the action to this login: then the
// tooltip says why, since a disabled menu item shows no status tip. An empty `refused` gives the
// tooltip back to the action's text.
inline void enableUnlessRefused(QAction *action, bool enabled, const QString &refused)
{
    action->setEnabled(enabled && refused.isEmpty());
    action->setToolTip(refused);
}

} // namespace Rubricate
