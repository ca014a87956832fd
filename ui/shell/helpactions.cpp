#include "shell/helpactions.h"

#include "agreement/adjudicationpage.h"
#include "review/verdictpanel.h"
#include "shell/actionfactory.h"
#include "shell/scoringchoices.h"
#include "shell/shortcutsheet.h"

#include <QApplication>
#include <QMenu>
#include <QMessageBox>

namespace Rubricate {

HelpActions::HelpActions(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    m_shortcuts = makeAction(this, {}, tr("&Keyboard Shortcuts"), "actionShortcuts",
                             QKeySequence::HelpContents, tr("Every key of the window"));
    m_shortcuts->setShortcuts({QKeySequence::HelpContents, QKeySequence(Qt::Key_Question)});
    connect(m_shortcuts, &QAction::triggered, this,
            [this] { showShortcutSheet(m_window, shortcutHelp()); });
    // On the window as well: the sheet's keys work with the menu bar hidden.
    m_window->addAction(m_shortcuts);

    m_scoringChoices = makeAction(
        this, {}, tr("Scoring &Choices"), "actionScoringChoices", {},
        tr("What Rubricate chose where a benchmark's reference scripts are silent, and the "
           "settings that change it"));
    connect(m_scoringChoices, &QAction::triggered, this, [this] { showScoringChoices(m_window); });
    m_about = makeAction(this, {}, tr("&About Rubricate"), "actionAbout", {}, {});
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(QMessageBox::NoIcon, tr("About Rubricate"),
                                    tr("Rubricate %1\n\nA workbench for judging deep-research "
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
    help->addAction(m_shortcuts);
    help->addAction(m_scoringChoices);
    help->addAction(m_about);
}

QList<std::pair<QString, QString>> HelpActions::shortcutHelp()
{
    QList<std::pair<QString, QString>> keys = VerdictPanel::keyHelp();
    keys += AdjudicationPage::keyHelp();
    keys += {{tr("Ctrl+4"), tr("adjudication: the items of the report on screen")}};
    keys += {
        {tr("Ctrl+1 / 2 / 3"), tr("review / agreement dashboard / leaderboards")},
        {tr("Ctrl+F"), tr("filter the project tree")},
        {tr("Ctrl+Shift+F"), tr("search the text of every report")},
        {tr("Ctrl+Shift+R"), tr("run an evaluation: judge, scope, concurrency, cost")},
        {tr("Ctrl+R"), tr("run the offline judge (no key, no network)")},
        {tr("Ctrl+."), tr("stop the running judge (resumable)")},
        {tr("Ctrl+N / Ctrl+O"), tr("new / open a project")},
        {tr("Ctrl+I / Ctrl+E"), tr("import / export")},
        {tr("F5"), tr("reload the project")},
        {tr("L / Shift+L"), tr("next unlabelled / previous item of your study queue")},
        {tr("F1 or ?"), tr("this sheet")},
    };
    return keys;
}

} // namespace Rubricate
