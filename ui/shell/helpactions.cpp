#include "shell/helpactions.h"

#include "agreement/adjudicationpage.h"
#include "common/actionfactory.h"
#include "review/verdictpanel.h"
#include "shell/scoringchoices.h"
#include "shell/shortcutsheet.h"
#include "shell/userguide.h"
#include "shell/windowshell.h"

#include <QApplication>
#include <QMenu>
#include <QMessageBox>

namespace Rubricate {

HelpActions::HelpActions(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    m_shortcuts
        = makeAction(this, {}, WindowTexts::tr("&Keyboard Shortcuts"), "actionShortcuts",
                     QKeySequence::HelpContents, WindowTexts::tr("Every key of the window"));
    m_shortcuts->setShortcuts({QKeySequence::HelpContents, QKeySequence(Qt::Key_Question)});
    connect(m_shortcuts, &QAction::triggered, this,
            [this] { showShortcutSheet(m_window, shortcutHelp()); });
    // On the window as well: the sheet's keys work with the menu bar hidden.
    m_window->addAction(m_shortcuts);

    m_scoringChoices = makeAction(
        this, {}, WindowTexts::tr("Scoring &Choices"), "actionScoringChoices", {},
        WindowTexts::tr(
            "What Rubricate chose where a benchmark's reference scripts are silent, and the "
            "settings that change it"));
    connect(m_scoringChoices, &QAction::triggered, this, [this] { showScoringChoices(m_window); });
    m_userGuide = makeAction(this, {}, WindowTexts::tr("&User Guide"), "actionUserGuide", {},
                             WindowTexts::tr("How to work with Rubricate, page by page"));
    connect(m_userGuide, &QAction::triggered, this, [this] { showUserGuide(m_window); });
    m_about = makeAction(this, {}, WindowTexts::tr("&About Rubricate"), "actionAbout", {}, {});
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(
            QMessageBox::NoIcon, WindowTexts::tr("About Rubricate"),
            WindowTexts::tr("Rubricate %1\n\nA workbench for judging deep-research "
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
    keys += {{WindowTexts::tr("Ctrl+4"),
              WindowTexts::tr("adjudication: the items of the report on screen")}};
    keys += {
        {WindowTexts::tr("Ctrl+1 / 2 / 3"),
         WindowTexts::tr("review / agreement dashboard / leaderboards")},
        {WindowTexts::tr("Ctrl+F"), WindowTexts::tr("filter the project tree")},
        {WindowTexts::tr("Ctrl+Shift+F"), WindowTexts::tr("search the text of every report")},
        {WindowTexts::tr("Ctrl+Shift+R"),
         WindowTexts::tr("run an evaluation: judge, scope, concurrency, cost")},
        {WindowTexts::tr("Ctrl+R"), WindowTexts::tr("run the offline judge (no key, no network)")},
        {WindowTexts::tr("Ctrl+."), WindowTexts::tr("stop the running judge (resumable)")},
        {WindowTexts::tr("Ctrl+N / Ctrl+O"), WindowTexts::tr("new / open a project")},
        {WindowTexts::tr("Ctrl+I / Ctrl+E"), WindowTexts::tr("import / export")},
        {WindowTexts::tr("F5"), WindowTexts::tr("reload the project")},
        {WindowTexts::tr("L / Shift+L"),
         WindowTexts::tr("next unlabelled / previous item of your study queue")},
        {WindowTexts::tr("F1 or ?"), WindowTexts::tr("this sheet")},
    };
    return keys;
}

} // namespace Rubricate
