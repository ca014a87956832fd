// Runs rubricate-cli (RUBRICATE_CLI, set by tests/app/CMakeLists.txt) as a user would: in a
// working folder, with arguments, returning its exit code and what it printed.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace RubricateTest {

struct CliResult {
    int code = -1; // -1: it crashed or did not finish in time
    QString out;
    QString err;
};

inline CliResult runCli(const QString &workingDirectory, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(workingDirectory);
    p.start(QStringLiteral(RUBRICATE_CLI), args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The bundled demo as demo.rubricate in a folder of its own, for tests of commands that
// start from it: `run(args)` is `rubricate-cli -p demo.rubricate args` in that folder.
class DemoProjectCli
{
public:
    CliResult create() const { return run({QStringLiteral("demo")}); }
    CliResult run(const QStringList &args) const
    {
        return runCli(m_dir.path(),
                      QStringList{QStringLiteral("-p"), QStringLiteral("demo.rubricate")} + args);
    }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

} // namespace RubricateTest
