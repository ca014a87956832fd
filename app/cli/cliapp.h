// rubricate-cli: the command line face of the project database and the importers.
#pragma once

#include <QStringList>
#include <QTextStream>

#include <memory>
#include <optional>

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
    Interrupted = 130, // Ctrl-C or TERM stopped a run; it resumes where it stopped
};

int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

// An existing project (only `init`, `import` and `demo` create one), or a message on `err`
// saying why not.
std::unique_ptr<ProjectStore> openExistingProject(const QString &path, QTextStream &err);

// The judge runs a --runs option names ("3,5-7"), each once, in the order given; on `err`
// why not (exit code in `code`): an id that is no number (Usage), or no run of the project
// (Failed). A run named twice would otherwise count twice in an average.
std::optional<QList<qint64>> runIdsOption(const QString &spec, ProjectStore &store,
                                          QTextStream &err, int *code);

} // namespace Rubricate::Cli
