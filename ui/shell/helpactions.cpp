#include "shell/helpactions.h"

#include "agreement/adjudicationpage.h"
#include "common/actionfactory.h"
#include "review/verdictpanel.h"
#include "shell/mainwindow.h"
#include "shell/scoringchoices.h"
#include "shell/shortcutsheet.h"
#include "shell/userguide.h"

#include <QApplication>
#include <QMenu>
#include <QMessageBox>

namespace Rubricate {

HelpActions::HelpActions(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    m_shortcuts = makeAction(this, {}, MainWindow::tr("&Keyboard Shortcuts"), "actionShortcuts",
                             QKeySequence::HelpContents, MainWindow::tr("Every key of the window"));
    m_shortcuts->setShortcuts({QKeySequence::HelpContents, QKeySequence(Qt::Key_Question)});
    connect(m_shortcuts, &QAction::triggered, this,
            [this] { showShortcutSheet(m_window, shortcutHelp()); });
    // On the window as well: the sheet's keys work with the menu bar hidden.
    m_window->addAction(m_shortcuts);

    m_scoringChoices = makeAction(
        this, {}, MainWindow::tr("Scoring &Choices"), "actionScoringChoices", {},
        MainWindow::tr(
            "What Rubricate chose where a benchmark's reference scripts are silent, and the "
            "settings that change it"));
    connect(m_scoringChoices, &QAction::triggered, this, [this] { showScoringChoices(m_window); });
    m_userGuide = makeAction(this, {}, MainWindow::tr("&User Guide"), "actionUserGuide", {},
                             MainWindow::tr("How to work with Rubricate, page by page"));
    connect(m_userGuide, &QAction::triggered, this, [this] { showUserGuide(m_window); });
    m_about = makeAction(this, {}, MainWindow::tr("&About Rubricate"), "actionAbout", {}, {});
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(
            QMessageBox::NoIcon, MainWindow::tr("About Rubricate"),
            MainWindow::tr("Rubricate %1\n\nA workbench for judging deep-research "
                           "reports against expert rubrics.")
                .arg(QApplication::applicationVersion()),
            QMessageBox::Ok, m_window);
        box->setIconPixmap(m_window->windowIcon().pixmap(64, 64));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

void HelpActions::addToMenu(QMenu *help)
{
    help->addAction(m_userGuide);
    help->addAction(m_shortcuts);
    help->addAction(m_scoringChoices);
    help->addAction(m_about);
}

QList<std::pair<QString, QString>> HelpActions::shortcutHelp()
{
    QList<std::pair<QString, QString>> keys = VerdictPanel::keyHelp();
    keys += AdjudicationPage::keyHelp();
    keys += {{MainWindow::tr("Ctrl+4"),
              MainWindow::tr("adjudication: the items of the report on screen")}};
    keys += {
        {MainWindow::tr("Ctrl+1 / 2 / 3"),
         MainWindow::tr("review / agreement dashboard / leaderboards")},
        {MainWindow::tr("Ctrl+F"), MainWindow::tr("filter the project tree")},
        {MainWindow::tr("Ctrl+Shift+F"), MainWindow::tr("search the text of every report")},
        {MainWindow::tr("Ctrl+Shift+R"),
         MainWindow::tr("run an evaluation: judge, scope, concurrency, cost")},
        {MainWindow::tr("Ctrl+R"), MainWindow::tr("run the offline judge (no key, no network)")},
        {MainWindow::tr("Ctrl+."), MainWindow::tr("stop the running judge (resumable)")},
        {MainWindow::tr("Ctrl+N / Ctrl+O"), MainWindow::tr("new / open a project")},
        {MainWindow::tr("Ctrl+I / Ctrl+E"), MainWindow::tr("import / export")},
        {MainWindow::tr("F5"), MainWindow::tr("reload the project")},
        {MainWindow::tr("L / Shift+L"),
         MainWindow::tr("next unlabelled / previous item of your study queue")},
        {MainWindow::tr("F1 or ?"), MainWindow::tr("this sheet")},
    };
    return keys;
}

} // namespace Rubricate
