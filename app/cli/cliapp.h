// rubricate-cli: the command line face of the project database and the importers.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Rubricate::Cli {

// Exit codes, documented in --help.
enum ExitCode {
    Ok = 0,
    Failed = 1, // the command could not do its work (missing file, database error)
    Usage = 2, // the command line was wrong
    PartialImport = 3, // the import finished but skipped input; see the listed errors
};

int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
