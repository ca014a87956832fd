// rubricate-cli: the command line face of the project database and the importers.
#pragma once

#include <QStringList>
#include <QTextStream>

#include <memory>

namespace Rubricate {
class ProjectStore;
}

namespace Rubricate::Cli {

// Exit codes, documented in --help.
enum ExitCode {
    Ok = 0,
    Failed = 1, // the command could not do its work (missing file, database error)
    Usage = 2, // the command line was wrong
    PartialImport = 3, // the import finished but skipped input; see the listed errors
};

int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

// An existing project (only `init`, `import` and `demo` create one), or a message on `err`
// saying why not.
std::unique_ptr<ProjectStore> openExistingProject(const QString &path, QTextStream &err);

} // namespace Rubricate::Cli
