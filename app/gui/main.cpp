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

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// --help and --version print and quit: they need no display, as on a server over SSH or
// under help2man, where a QApplication would stop at "could not connect to display".
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "--")
            return false;
        // Not --help-all: the options it lists are those of the application made.
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "-v" || arg == "--version")
            return true;
    }
    return false;
}

// The application's names, and its texts in the user's language (the Qt catalogue for Qt's
// own). A language without a catalogue (or the C locale) reads the English source text, whose
// "%n item(s)" only the English catalogue spells out as "1 item", "12 items".
std::pair<std::unique_ptr<QTranslator>, std::unique_ptr<QTranslator>> setUpApplication()
{
    QCoreApplication::setOrganizationName(u"Rubricate"_s);
    QCoreApplication::setOrganizationDomain(u"rubricate.invalid"_s);
    QCoreApplication::setApplicationName(u"rubricate"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(RUBRICATE_VERSION));
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QLocale(), u"qtbase"_s, u"_"_s,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt.get());
    auto own = std::make_unique<QTranslator>();
    if (own->load(QLocale(), u"rubricate"_s, u"_"_s, u":/i18n"_s)
        || own->load(u"rubricate_en"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(own.get());
    return {std::move(qt), std::move(own)};
}

struct CommandLine {
    QCommandLineParser parser;
    QCommandLineOption demo{u"demo"_s,
                            QCoreApplication::translate("main", "Open the bundled demo project.")};
    QCommandLineOption screenshot{
        u"screenshot"_s,
        QCoreApplication::translate("main",
                                    "Save the window to <file> once a report is shown, "
                                    "then quit."),
        u"file"_s};
    QCommandLineOption scene{
        u"scene"_s,
        QCoreApplication::translate(
            "main",
            "With --screenshot: main, pdf, blind, run-dialog, classify-pages, judge-claims, "
            "shortcuts, agreement, leaderboard[-<benchmark>], corrected, review-<benchmark>, "
            "persona, criteria-editor, adjudication, team-project, scoring-choices, "
            "preferences, extend-sample, queue or study-overview."),
        u"scene"_s, u"main"_s};

    // Reads the arguments; --help, --version and a mistake print and quit here.
    explicit CommandLine(const QCoreApplication &app)
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "Judge deep-research reports against expert rubrics."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOption(demo);
        parser.addOption(screenshot);
        parser.addOption(scene);
        parser.addPositionalArgument(
            u"project"_s,
            QCoreApplication::translate("main",
                                        "Project file, or team project location "
                                        "(postgresql://…), to open."),
            u"[project]"_s);
        parser.process(app);
    }
};

} // namespace

int main(int argc, char *argv[])
{
    if (onlyPrints(argc, argv)) {
        const QCoreApplication app(argc, argv);
        const auto translators = setUpApplication();
        const CommandLine commandLine(app); // prints and quits
        return 0;
    }

    QApplication app(argc, argv);
    const auto translators = setUpApplication();
    QApplication::setApplicationDisplayName(u"Rubricate"_s);
    QApplication::setDesktopFileName(u"rubricate"_s);
    QApplication::setWindowIcon(QIcon(u":/rubricate/icons/rubricate.png"_s));
    const CommandLine commandLine(app);
    const QCommandLineParser &parser = commandLine.parser;

    Rubricate::MainWindow window;
    if (parser.isSet(commandLine.screenshot)) {
        window.resize(1360, 860);
        scheduleScreenshot(window, parser.value(commandLine.screenshot),
                           parser.value(commandLine.scene));
    } else if (!Rubricate::chosenAnnotator()) {
        window.askWhoIsAnnotatingOnceOpen(); // the first start: labels need a person
    }
    window.show();

    const QStringList positional = parser.positionalArguments();
    const QString last = Rubricate::RecentProjects::lastProject();
    // --demo wins; then the project named on the command line; then the last one, if it is
    // still there; else the demo.
    const bool demo = parser.isSet(commandLine.demo);
    if (!demo && !positional.isEmpty())
        window.openProject(positional.constFirst());
    else if (!demo && !last.isEmpty() && QFileInfo::exists(last))
        window.openProject(last);
    else
        window.openDemoProject();

    return QApplication::exec();
}
