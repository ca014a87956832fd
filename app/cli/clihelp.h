// The text of rubricate-cli --help: every command, its options and the exit codes.
#pragma once

#include <QString>

namespace Rubricate::Cli {

// The usage text, with the import kinds the importers know listed in it.
QString helpText();

} // namespace Rubricate::Cli
