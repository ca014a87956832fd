// The Help menu: the keyboard shortcut sheet, the scoring choices and About. Texts in the
// window's translation context, as its menus.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <utility>

class QAction;
class QMenu;
class QWidget;

namespace Rubricate {

class HelpActions : public QObject
{
    Q_OBJECT

public:
    explicit HelpActions(QWidget *window);

    void addToMenu(QMenu *help);
    // Every key of the window, for the shortcut sheet: the pages' own keys first.
    static QList<std::pair<QString, QString>> shortcutHelp();

private:
    QWidget *m_window;
    QAction *m_shortcuts = nullptr;
    QAction *m_userGuide = nullptr;
    QAction *m_scoringChoices = nullptr;
    QAction *m_about = nullptr;
};

} // namespace Rubricate
