// What a feature's action handler may ask of the window it is in: the project on screen, a
// page, the status bar, a reload. The handlers see this and not MainWindow, so that the window
// composes them and none of them depends on it.
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace Rubricate {

// The window's pages, in tab order.
enum class Page { Review, Agreement, Leaderboards, Adjudication };

// The menus, the toolbar and the status bar speak for the window, whichever handler builds
// them: one translation context (the one they had when the window built them all).
class WindowTexts
{
    Q_DECLARE_TR_FUNCTIONS(Rubricate::MainWindow)
};

class WindowShell
{
public:
    // The window itself: the parent of dialogs and of the handlers, its style and icon.
    virtual QWidget *widget() = 0;
    virtual QString projectPath() const = 0;
    virtual void openProject(const QString &path) = 0;
    virtual void openDemoProject() = 0;
    virtual void reloadProject() = 0;
    virtual void refreshLeaderboards() = 0;
    virtual void showPage(Page page) = 0;
    // Enables what the project, the jobs, the run and the report on screen allow.
    virtual void updateActions() = 0;
    // In the status bar; 0 ms: until the next message.
    virtual void showStatus(const QString &message, int timeoutMs = 0) = 0;
    virtual void clearStatus() = 0;
    // A warning over the window; open(), so background results keep arriving.
    virtual void showError(const QString &title, const QString &message) = 0;

protected:
    ~WindowShell() = default;
};

} // namespace Rubricate
