// rubricate: the desktop workbench. Parses the command line and shows the main window.
#include "screenshots.h"
#include "services/annotatoridentity.h"
#include "services/recentprojects.h"
#include "shell/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"Rubricate"_s);
    QApplication::setOrganizationDomain(u"rubricate.invalid"_s);
    QApplication::setApplicationName(u"rubricate"_s);
    QApplication::setApplicationDisplayName(u"Rubricate"_s);
    QApplication::setApplicationVersion(QStringLiteral(RUBRICATE_VERSION));
    QApplication::setDesktopFileName(u"rubricate"_s);
    QApplication::setWindowIcon(QIcon(u":/rubricate/icons/rubricate.png"_s));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), u"qtbase"_s, u"_"_s,
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    // A language without a catalogue (or the C locale) reads the English source text, whose
    // "%n item(s)" only the English catalogue spells out as "1 item", "12 items".
    if (translator.load(QLocale(), u"rubricate"_s, u"_"_s, u":/i18n"_s)
        || translator.load(u"rubricate_en"_s, u":/i18n"_s))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Judge deep-research reports against expert rubrics."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(
        u"demo"_s, QApplication::translate("main", "Open the bundled demo project."));
    const QCommandLineOption screenshotOption(
        u"screenshot"_s,
        QApplication::translate("main",
                                "Save the window to <file> once a report is shown, "
                                "then quit."),
        u"file"_s);
    const QCommandLineOption sceneOption(
        u"scene"_s,
        QApplication::translate(
            "main",
            "With --screenshot: main, pdf, blind, run-dialog, classify-pages, judge-claims, "
            "shortcuts, agreement, leaderboard[-<benchmark>], corrected, review-<benchmark>, "
            "persona, criteria-editor, adjudication, team-project, scoring-choices, "
            "preferences, extend-sample, queue or study-overview."),
        u"scene"_s, u"main"_s);
    parser.addOption(demoOption);
    parser.addOption(screenshotOption);
    parser.addOption(sceneOption);
    parser.addPositionalArgument(
        u"project"_s,
        QApplication::translate("main",
                                "Project file, or team project location (postgresql://…), "
                                "to open."),
        u"[project]"_s);
    parser.process(app);

    Rubricate::MainWindow window;
    if (parser.isSet(screenshotOption)) {
        window.resize(1360, 860);
        scheduleScreenshot(window, parser.value(screenshotOption), parser.value(sceneOption));
    } else if (!Rubricate::chosenAnnotator()) {
        window.askWhoIsAnnotatingOnceOpen(); // the first start: labels need a person
    }
    window.show();

    const QStringList positional = parser.positionalArguments();
    const QString last = Rubricate::RecentProjects::lastProject();
    // --demo wins; then the project named on the command line; then the last one, if it is
    // still there; else the demo.
    const bool demo = parser.isSet(demoOption);
    if (!demo && !positional.isEmpty())
        window.openProject(positional.constFirst());
    else if (!demo && !last.isEmpty() && QFileInfo::exists(last))
        window.openProject(last);
    else
        window.openDemoProject();

    return QApplication::exec();
}
