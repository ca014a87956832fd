// One entry point for every kind of import, used by the CLI and the GUI alike. Archives
// (.zip, .tar.gz ...) are expanded safely into a temporary folder first.
#pragma once

#include "importissue.h"

#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

class ProjectStore;

enum class ImportKind {
    Drb2Tasks,
    Drb2Reports,
    Drb2Results,
    ResearchRubrics,
    ResearchRubricsReports,
    ResearchRubricsResults,
    ReportBench,
    ReportBenchReports,
    PdrFolder,
    PdrPersonas,
    PdrQueries,
    PdrCriteria,
    PdrReports,
    Annotations,
};

struct ImportKindInfo {
    ImportKind kind;
    QString key; // as typed on the command line
    QString expects; // "file" or "folder"
    QString description; // one line for --help
};

const QList<ImportKindInfo> &importKinds();
std::optional<ImportKind> importKindFromKey(const QString &key);
// Which ImportOptions a kind reads: the agent model its reports (or verdicts) belong to, the
// name of the judge run it creates.
bool importTakesModel(ImportKind kind);
bool importTakesRunName(ImportKind kind);

struct ImportOptions {
    QString model; // report imports: model name (default: folder or file name)
    QString runName; // result imports: run name (default: file name)
    QString groundTruthDir; // ReportBench: the _GT folder (default: beside the task file)
};

// Runs one import and records it in the project's import log. Never throws; every problem
// is in the returned summary.
ImportSummary runImport(ProjectStore &store, ImportKind kind, const QString &path,
                        const ImportOptions &options = {});

} // namespace Rubricate
