// The shell: the main window as it opens projects (and refuses a missing one), creates the
// demo, speaks Chinese and English plurals from its embedded catalogues, and shows the help.

#include "agreement/statresult.h"
#include "demowindow.h"
#include "leaderboard/leaderboardpage.h"
#include "project/importdialog.h"
#include "services/coretext.h"
#include "services/projectjobs.h"
#include "services/recentprojects.h"
#include "shell/scoringchoices.h"
#include "waits.h"

#include <QAction>
#include <QDialog>
#include <QFile>
#include <QMessageBox>
#include <QScopeGuard>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTranslator>
#include <QTreeView>
#include <QUrl>

#include <algorithm>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestMainWindow : public QObject, protected DemoWindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void opensProjectAndFillsTree();
    void fitsALaptopScreen();
    void missingProjectIsNotCreated();
    void demoProjectIsCreatedAndOpened();
    void chineseTranslationIsEmbedded();
    void formerlyEnglishWordsAreTranslated();
    void englishCountsHavePluralForms();
    void scoringChoicesAreInTheHelp();
    void userGuideIsInTheHelp();
};

void TestMainWindow::initTestCase()
{
    isolateSettings();
    createDemoProject(u"project.rubricate"_s);
}

void TestMainWindow::cleanupTestCase()
{
    QSettings().clear();
}

void TestMainWindow::init()
{
    showWindow();
}

void TestMainWindow::cleanup()
{
    m_window.reset();
}

void TestMainWindow::opensProjectAndFillsTree()
{
    openAndWait();
    const QTreeView *tree = m_window->projectTree();
    QCOMPARE(tree->model()->index(0, 0).data().toString(), m_benchmarkName);
    QCOMPARE(tree->model()->rowCount(tree->model()->index(0, 0)), m_drb2Tasks);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->countsText().contains(u"%1 tasks"_s.arg(m_tasks.size())),
                             BackgroundWorkTimeout);
    QVERIFY(m_window->countsText().contains(u"%1 reports"_s.arg(m_reports.size())));
    QCOMPARE(m_window->projectPath(), m_projectPath);
    QCOMPARE(RecentProjects::lastProject(), m_projectPath);
    QCOMPARE(RecentProjects::paths().value(0), m_projectPath);
}

// A 1366×768 laptop, less a panel and the title bar: the window must fit, with a report open.
void TestMainWindow::fitsALaptopScreen()
{
    openAndWait();
    openReport(u"md"_s);
    const QSize least = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
    if (least.width() > 1366 || least.height() > 700) {
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            const QSize hint = w->minimumSizeHint().expandedTo(w->minimumSize());
            if (hint.width() > 600 || hint.height() > 300)
                qWarning() << w->metaObject()->className() << w->objectName() << hint;
        }
    }
    QVERIFY2(least.width() <= 1366 && least.height() <= 700,
             qPrintable(u"%1×%2"_s.arg(least.width()).arg(least.height())));
}

void TestMainWindow::missingProjectIsNotCreated()
{
    const QString missing = m_dir.filePath(u"missing.rubricate"_s);
    m_window->openProject(missing);
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = m_window->findChild<QMessageBox *>()) != nullptr,
                             BackgroundWorkTimeout);
    QVERIFY(box->text().contains(u"missing.rubricate"_s));
    box->close();
    QVERIFY(!QFile::exists(missing));
    QVERIFY(m_window->projectPath().isEmpty());
}

void TestMainWindow::demoProjectIsCreatedAndOpened()
{
    const QString demo = ProjectJobs::demoProjectPath();
    QFile::remove(demo);
    m_window->openDemoProject();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectPath(), demo, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->countsText().contains(u"%1 tasks"_s.arg(m_tasks.size())),
                             BackgroundWorkTimeout);
    QVERIFY(QFile::exists(demo));
    QVERIFY(!QFile::exists(demo + u".part"_s));
    m_window.reset();
    QFile::remove(demo);
}

void TestMainWindow::chineseTranslationIsEmbedded()
{
    QVERIFY(QFile::exists(u":/i18n/rubricate_zh_CN.qm"_s));
    QTranslator direct;
    QVERIFY(direct.load(u":/i18n/rubricate_zh_CN.qm"_s));
    QCOMPARE(direct.translate("Rubricate::MainWindow", "&File"), u"文件(&F)"_s);

    // The lookup main() does for a Chinese system locale.
    QTranslator byLocale;
    QVERIFY(byLocale.load(QLocale(QLocale::Chinese, QLocale::China), u"rubricate"_s, u"_"_s,
                          u":/i18n"_s));
    QCOMPARE(byLocale.translate("Rubricate::MainWindow", "&Import…"), u"导入(&I)…"_s);
}

namespace {

bool hasCjk(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(),
                       [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

// The lines that give a Markdown page its shape: headings and list items, nested or not.
QStringList outline(const QString &markdown)
{
    QStringList kinds;
    for (const QString &line : markdown.split(u'\n')) {
        if (line.startsWith(u"#"_s))
            kinds << line.section(u' ', 0, 0);
        else if (line.trimmed().startsWith(u"- "_s))
            kinds << line.left(line.indexOf(u'-') + 1);
    }
    return kinds;
}

} // namespace

// What a zh_CN window still showed in English: the Agreement page's names, reasons and
// levels (core's words), the leaderboards' titles, notes and chart, Help → Scoring Choices,
// and units after a count.
void TestMainWindow::formerlyEnglishWordsAreTranslated()
{
    const QString english = scoringChoicesMarkdown();
    QTranslator zh;
    QVERIFY(zh.load(u":/i18n/rubricate_zh_CN.qm"_s));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    const auto cleanup = qScopeGuard([&zh] { QCoreApplication::removeTranslator(&zh); });

    QCOMPARE(CoreText::raterName(HumanMajority, u"human majority"_s), u"人工多数"_s);
    QCOMPARE(CoreText::raterName(u"run:3"_s, u"openai mock-judge"_s), u"openai mock-judge"_s);
    QCOMPARE(CoreText::alphaLevel(AlphaLevel::Ordinal), u"顺序"_s);
    QCOMPARE(CoreText::attribute(RatingAttribute::Dimension), u"维度"_s);
    for (const QString &reason :
         {UndefinedReason::emptyTable(), UndefinedReason::fewerThanTwoRaters(),
          UndefinedReason::noPairableUnit(), UndefinedReason::identicalValues(),
          UndefinedReason::negativeRatioValue(), UndefinedReason::noSuchRater(),
          UndefinedReason::unequalRatingsPerUnit(), UndefinedReason::singleRatingPerUnit(),
          UndefinedReason::noDraws(), UndefinedReason::drawMismatch()})
        QVERIFY2(hasCjk(CoreText::reason(reason)), qPrintable(reason));
    QCOMPARE(CoreText::reason(u"3 of 1000 draws undefined"_s), u"1000 次抽样中有 3 次未定义"_s);

    // The leaderboards: titles the program owns, its notes and its chart.
    Leaderboard board;
    board.benchmarkKey = u"drb2"_s;
    board.columns
        = {{u"total"_s, u"Total"_s, 3}, {u"dim:goal_alignment"_s, u"Goal alignment"_s, 2}};
    board.rows
        = {{u"AtlasAgent"_s, {{0.5, {}}, {std::nullopt, u"no task with a usable score"_s}}, 2}};
    LeaderboardModel model;
    model.setLeaderboard(board);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"总分"_s);
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), u"目标契合度"_s);
    QCOMPARE(model.index(0, 2).data(Qt::ToolTipRole).toString(), u"没有得分可用的任务"_s);
    const QString chartTitle = leaderboardChart(board).title;
    QVERIFY2(chartTitle.endsWith(u"各模型的总分"_s), qPrintable(chartTitle));
    QVERIFY(hasCjk(CoreText::leaderboardDescription(board)));
    // PDR-Bench's families and dimensions, in the criteria editor as on its leaderboard.
    QCOMPARE(CoreText::pdrDimension(u"personalization"_s), u"个性化"_s);
    QCOMPARE(CoreText::pdrDimension(u"goal_alignment"_s), u"目标契合度"_s);
    QCOMPARE(CoreText::pdrDimension(u"own_dimension"_s), u"Own dimension"_s);
    for (const char *key : {"P", "Q", "R", "R_n", "overall"}) {
        const LeaderboardColumn column{QString::fromLatin1(key), u"English"_s, 2};
        QVERIFY2(hasCjk(CoreText::leaderboardColumn(column)), key);
    }
    QVERIFY(hasCjk(CoreText::leaderboardNote(u"no report whose support was judged"_s)));

    // Help → Scoring Choices in Chinese, with the English page's shape.
    const QString chinese = scoringChoicesMarkdown();
    QVERIFY(chinese.startsWith(u"# 评分取舍"_s));
    QCOMPARE(outline(chinese), outline(english));

    // Counted units (numerus messages).
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 1),
             u" 个并发请求"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 15),
             u"15 个评分项"_s);
    // A rubric has one name wherever it is counted: the tree, the status bar, the verdicts.
    for (const char *context : {"Rubricate::ProjectTreeModel", "Rubricate::MainWindow"})
        QCOMPARE(QCoreApplication::translate(context, "%L1 rubrics"), u"%L1 个评分项"_s);

    // The explorer's and the report's new words.
    QVERIFY(hasCjk(ImportDialog::kindName(ImportKind::Drb2Reports)));
    QVERIFY(hasCjk(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n task(s)",
                                               nullptr, 4)));
    QVERIFY(hasCjk(
        QCoreApplication::translate("Rubricate::ReportTextBrowser", "[image not loaded: %1]")));
}

// English is the source language, but "15 rubric(s)" is not English: its plural forms come
// from a catalogue of its own, loaded for an English locale as main() loads it.
void TestMainWindow::englishCountsHavePluralForms()
{
    QTranslator en;
    QVERIFY(en.load(QLocale(QLocale::English, QLocale::UnitedStates), u"rubricate"_s, u"_"_s,
                    u":/i18n"_s));
    QVERIFY(QCoreApplication::installTranslator(&en));
    const auto cleanup = qScopeGuard([&en] { QCoreApplication::removeTranslator(&en); });
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 15),
             u"15 rubrics"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 1),
             u"1 rubric"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 1),
             u" request at once"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 4),
             u" requests at once"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n task(s)",
                                         nullptr, 4)
                 .arg(1),
             u"1 of 4 tasks"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n persona(s)",
                                         nullptr, 1)
                 .arg(1),
             u"1 of 1 persona"_s);
    // Only plurals: every other message stays the source text.
    QCOMPARE(QCoreApplication::translate("Rubricate::MainWindow", "&File"), u"&File"_s);
}

// Help → Scoring Choices shows the built-in docs/scoring-choices.md: every benchmark's
// choices where its reference is silent, with the settings that change them.
void TestMainWindow::scoringChoicesAreInTheHelp()
{
    auto *action = m_window->findChild<QAction *>(u"actionScoringChoices"_s);
    QVERIFY(action);
    action->trigger();
    QDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<QDialog *>(u"scoringChoices"_s))
                                 != nullptr,
                             BackgroundWorkTimeout);
    auto *text = dialog->findChild<QTextBrowser *>(u"scoringChoicesText"_s);
    QVERIFY(text);
    QVERIFY(!text->openLinks() && !text->openExternalLinks());
    const QString shown = text->toPlainText();
    for (const QString &section :
         {u"ResearchRubrics"_s, u"ReportBench"_s, u"PDR-Bench"_s, u"Agreement"_s})
        QVERIFY2(shown.contains(section), qPrintable(section));
    QVERIFY(shown.contains(u"--unavailable not-supported"_s));
    dialog->close();
}

// Help → User Guide shows docs/guide, built in: its links move between the pages, a link out
// of the guide is never followed, and no screenshot is loaded.
void TestMainWindow::userGuideIsInTheHelp()
{
    auto *action = m_window->findChild<QAction *>(u"actionUserGuide"_s);
    QVERIFY(action);
    action->trigger();
    QDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<QDialog *>(u"userGuide"_s)) != nullptr,
                             BackgroundWorkTimeout);
    auto *text = dialog->findChild<QTextBrowser *>(u"userGuideText"_s);
    QVERIFY(text);
    QVERIFY(!text->openLinks() && !text->openExternalLinks());
    QVERIFY(text->toPlainText().contains(u"Team projects on PostgreSQL"_s));
    emit text->anchorClicked(QUrl(u"teams.md"_s));
    QVERIFY(text->toPlainText().contains(u"team add-annotator"_s));
    emit text->anchorClicked(QUrl(u"https://example.org/remote.md"_s));
    QVERIFY(text->toPlainText().contains(u"team add-annotator"_s)); // still the guide's page
    emit text->anchorClicked(QUrl(u"getting-started.md"_s));
    const QString started = text->toPlainText();
    QVERIFY(started.contains(u"the first minute"_s));
    QVERIFY(!text->document()->toMarkdown().contains(u"](../screenshots/"_s));
    dialog->close();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
