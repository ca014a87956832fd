// What the .deb installs besides the programs: the AppStream metainfo, the man pages and
// rubricate-cli's bash completion, checked against the programs they describe.
#include "clirunner.h"
#include "ingest/importer.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

// Finds a program cmake/dev.sh installs into `var`, or skips (fails under CI).
#define RUBRICATE_REQUIRE_TOOL(var, program)                                                       \
    const QString var = QStandardPaths::findExecutable(QStringLiteral(program));                   \
    do {                                                                                           \
        if ((var).isEmpty()) {                                                                     \
            if (RubricateTest::underCi())                                                          \
                QFAIL(program " is needed (cmake/dev.sh installs it)");                            \
            QSKIP(program " not found on this machine");                                           \
        }                                                                                          \
    } while (false)

namespace {

const QString packagingDir = QStringLiteral(RUBRICATE_SOURCE_DIR "/packaging");
const QString generatedDir = QStringLiteral(RUBRICATE_PACKAGING_BUILD_DIR);
const QString metainfoPath = packagingDir + u"/io.github.rubricate.Rubricate.metainfo.xml"_s;

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The element texts of the metainfo, by element name ("launchable", "binary", ...), and the
// version of each <release> in document order (newest first, as AppStream wants).
struct Metainfo {
    QMultiHash<QString, QString> texts;
    QStringList releases;
};

Metainfo readMetainfo()
{
    Metainfo m;
    QXmlStreamReader xml(readText(metainfoPath));
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        if (name == "release"_L1)
            m.releases << xml.attributes().value("version"_L1).toString();
        else if (name != "component"_L1 && name != "releases"_L1 && name != "provides"_L1)
            m.texts.insert(name, xml.readElementText(QXmlStreamReader::IncludeChildElements));
    }
    return m;
}

// Each distinct text `pattern` captures in `text` (its group `group`), in order.
QStringList distinctMatches(const QString &text, const QRegularExpression &pattern, int group = 0)
{
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured(group);
    found.removeDuplicates();
    return found;
}

// The help's own words, parsed independently of packaging/make-bash-completion.sh: the
// commands (lines of "Commands:" that start with two spaces) and every --option.
QStringList helpCommands(const QString &help)
{
    static const QRegularExpression entry(u"^  ([a-z][a-z-]*)"_s,
                                          QRegularExpression::MultilineOption);
    return distinctMatches(help.section(u"\nCommands:\n"_s, 1).section(u"\n\n"_s, 0, 0), entry, 1);
}

QStringList helpOptions(const QString &help)
{
    static const QRegularExpression option(u"--[a-z][a-z0-9-]*"_s);
    return distinctMatches(help, option);
}

// What bash offers after `words` (the last one being completed) with the generated script.
QStringList complete(const QStringList &words)
{
    QProcess bash;
    bash.start(u"bash"_s,
               QStringList{u"-c"_s,
                           u"source \"$1\"; shift; COMP_WORDS=(\"$@\"); "
                           "COMP_CWORD=$(($# - 1)); _rubricate_cli; "
                           "printf '%s\\n' \"${COMPREPLY[@]}\""_s,
                           u"bash"_s, generatedDir + u"/rubricate-cli.bash"_s}
                   + words);
    if (!bash.waitForFinished(30000) || bash.exitCode() != 0)
        return {u"bash failed: "_s + QString::fromUtf8(bash.readAllStandardError())};
    QStringList offered
        = QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    offered.sort();
    return offered;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

// man(7) escapes every '-' as "\-".
QString unescapedMan(const QString &path)
{
    return readText(path).replace(u"\\-"_s, u"-"_s);
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT

private slots:
    void metainfoValidates()
    {
        RUBRICATE_REQUIRE_TOOL(appstreamcli, "appstreamcli");
        QProcess validate;
        validate.start(appstreamcli, {u"validate"_s, u"--no-net"_s, metainfoPath});
        QVERIFY(validate.waitForFinished(60000));
        const QByteArray report
            = validate.readAllStandardOutput() + validate.readAllStandardError();
        QVERIFY2(validate.exitCode() == 0, report.constData());
    }

    void metainfoAgreesWithTheDesktopFileAndTheVersion()
    {
        const Metainfo m = readMetainfo();
        QCOMPARE(m.texts.value(u"id"_s), u"io.github.rubricate.Rubricate"_s);
        // The software centre starts the application through this desktop file.
        const QString desktopFile = packagingDir + u'/' + m.texts.value(u"launchable"_s);
        QVERIFY2(QFile::exists(desktopFile), qPrintable(desktopFile));
        const QString desktop = readText(desktopFile);
        for (const QString &type : m.texts.values(u"mediatype"_s))
            QVERIFY2(desktop.contains(u"MimeType="_s + type + u';'), qPrintable(type));
        QCOMPARE(sorted(m.texts.values(u"binary"_s)),
                 QStringList({u"rubricate"_s, u"rubricate-cli"_s}));
        // A version bump in CMakeLists.txt needs a release entry here.
        QVERIFY(!m.releases.isEmpty());
        QCOMPARE(m.releases.constFirst(), QStringLiteral(RUBRICATE_VERSION));
    }

    void manPagesComeFromTheHelp()
    {
#ifndef RUBRICATE_MAN_PAGES
        if (RubricateTest::underCi())
            QFAIL("help2man is needed for the man pages (cmake/dev.sh installs it)");
        QSKIP("help2man was not found when this build was configured: no man pages");
#endif
        const QString cliPage = unescapedMan(generatedDir + u"/rubricate-cli.1"_s);
        QVERIFY(cliPage.startsWith(u".\\\" DO NOT MODIFY"_s));
        QVERIFY(cliPage.contains(u".TH RUBRICATE-CLI \"1\""_s));
        QVERIFY(cliPage.contains(QStringLiteral("\"rubricate-cli " RUBRICATE_VERSION "\"")));
        const RubricateTest::CliResult help
            = RubricateTest::runCli(QDir::tempPath(), {u"--help"_s});
        QCOMPARE(help.code, 0);
        for (const QString &command : helpCommands(help.out))
            QVERIFY2(cliPage.contains(u"\n"_s + command), qPrintable(command));
        QVERIFY(cliPage.contains(u".SH ENVIRONMENT"_s));
        QVERIFY(cliPage.contains(u".BR rubricate (1)"_s));

        const QString guiPage = unescapedMan(generatedDir + u"/rubricate.1"_s);
        QVERIFY(guiPage.contains(u".TH RUBRICATE \"1\""_s));
        QVERIFY(guiPage.contains(QStringLiteral("\"rubricate " RUBRICATE_VERSION "\"")));
        for (const char *option : {"--demo", "--screenshot", "--scene"})
            QVERIFY2(guiPage.contains(QLatin1StringView(option)), option);
        QVERIFY(guiPage.contains(u".BR rubricate-cli (1)"_s));

        // What is installed is the compressed page.
        for (const char *page : {"/rubricate-cli.1.gz", "/rubricate.1.gz"})
            QVERIFY2(QFile::exists(generatedDir + QLatin1StringView(page)), page);
    }

    // Help and version need no display: over SSH, or under help2man, `rubricate --help`
    // used to stop at "could not connect to display".
    void theWorkbenchPrintsItsHelpWithoutADisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1StringView(name));
        for (const auto &[arg, expected] :
             {std::pair{u"--help"_s, u"--screenshot <file>"_s},
              std::pair{u"--version"_s, QStringLiteral("rubricate " RUBRICATE_VERSION)}}) {
            QProcess gui;
            gui.setProcessEnvironment(env);
            gui.start(QStringLiteral(RUBRICATE_GUI), {arg});
            QVERIFY(gui.waitForFinished(60000));
            const QString out = QString::fromUtf8(gui.readAllStandardOutput());
            QVERIFY2(gui.exitCode() == 0 && out.contains(expected),
                     qPrintable(out + QString::fromUtf8(gui.readAllStandardError())));
        }
    }

    void bashCompletionOffersWhatTheHelpNames()
    {
        const RubricateTest::CliResult help
            = RubricateTest::runCli(QDir::tempPath(), {u"--help"_s});
        QCOMPARE(help.code, 0);
        const QStringList commands = helpCommands(help.out);
        QVERIFY(commands.contains(u"import"_s) && commands.contains(u"worker"_s));
        QCOMPARE(complete({u"rubricate-cli"_s, u""_s}), sorted(commands));

        QStringList kinds;
        for (const Rubricate::ImportKindInfo &kind : Rubricate::importKinds())
            kinds << kind.key;
        QCOMPARE(complete({u"rubricate-cli"_s, u"import"_s, u""_s}), sorted(kinds));

        const QStringList options = complete({u"rubricate-cli"_s, u"--"_s});
        for (const QString &option : helpOptions(help.out))
            QVERIFY2(options.contains(option), qPrintable(option));
    }

    void bashCompletionFollowsTheCommandLine()
    {
        QCOMPARE(complete({u"rubricate-cli"_s, u"--project"_s, u"x.rubricate"_s, u"sc"_s}),
                 QStringList{u"score"_s});
        QCOMPARE(complete({u"rubricate-cli"_s, u"score"_s, u""_s}),
                 QStringList({u"pdr"_s, u"reportbench"_s, u"researchrubrics"_s}));
        QCOMPARE(complete({u"rubricate-cli"_s, u"list"_s, u"t"_s}), QStringList{u"tasks"_s});
        QCOMPARE(complete({u"rubricate-cli"_s, u"team"_s, u"add-"_s}),
                 QStringList({u"add-annotator"_s, u"add-owner"_s}));
        QCOMPARE(complete({u"rubricate-cli"_s, u"judge"_s, u"--prov"_s}),
                 QStringList{u"--provider"_s});
        // An option's value and a command's own arguments are left to file name completion.
        QCOMPARE(complete({u"rubricate-cli"_s, u"--project"_s, u""_s}), QStringList());
        QCOMPARE(complete({u"rubricate-cli"_s, u"import"_s, u"drb2"_s, u""_s}), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
