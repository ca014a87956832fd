// rubricate-cli annotations export / merge: wiring only; the work is in
// core/readers/annotationexchange.
#include "cliannotations.h"

#include "cliapp.h"
#include "readers/annotationexchange.h"
#include "store/projectstore.h"

#include <QCommandLineParser>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

int exportAnnotations(const QCommandLineParser &p, ProjectStore &store, QTextStream &out,
                      QTextStream &err)
{
    const QString format = p.value(u"format"_s).isEmpty() ? u"jsonl"_s : p.value(u"format"_s);
    if (format != "jsonl"_L1 && format != "csv"_L1) {
        err << u"rubricate-cli: --format is jsonl or csv, not \"%1\"\n"_s.arg(format);
        return Usage;
    }
    QStringList skipped;
    const auto annotations
        = travellingAnnotations(store, p.value(u"benchmark"_s), p.isSet(u"current"_s), &skipped);
    if (!annotations) {
        err << u"rubricate-cli: annotations export: "_s << annotations.errorMessage() << u'\n';
        return Failed;
    }
    for (const QString &why : std::as_const(skipped))
        err << u"rubricate-cli: annotations export: left out: "_s << why << u'\n';
    const bool csv = format == "csv"_L1;
    const QString path = p.isSet(u"o"_s) ? p.value(u"o"_s) : p.value(u"out"_s);
    if (path.isEmpty() || path == "-"_L1) {
        out << QString::fromUtf8(csv ? annotationsCsv(*annotations)
                                     : annotationsJsonl(*annotations));
        return Ok;
    }
    if (const auto written = writeAnnotationsFile(*annotations, path, csv); !written) {
        err << u"rubricate-cli: "_s << written.errorMessage() << u'\n';
        return Failed;
    }
    err << u"%1 annotation event(s) written to %2\n"_s.arg(annotations->size()).arg(path);
    return Ok;
}

int merge(const QStringList &args, ProjectStore &store, QTextStream &out, QTextStream &err)
{
    const MergeSummary summary = mergeAnnotations(store, args.constFirst());
    if (!summary.ok()) {
        err << u"rubricate-cli: merge: "_s << summary.error << u'\n';
        return Failed;
    }
    out << summary.toText();
    return Ok;
}

} // namespace

QList<QCommandLineOption> annotationOptions()
{
    return {
        {u"format"_s, u"annotations export: jsonl (default) or csv."_s, u"FORMAT"_s},
        {u"current"_s,
         u"annotations export: only each annotator's current label and the current gold."_s},
        {u"o"_s, u"annotations export: the file to write (default: standard output)."_s, u"FILE"_s},
    };
}

std::optional<int> runAnnotationCommand(const QString &command, const QCommandLineParser &parser,
                                        const QStringList &args, const QString &projectPath,
                                        QTextStream &out, QTextStream &err)
{
    if (command != "annotations"_L1 && command != "merge"_L1)
        return std::nullopt;
    const bool exporting = command == "annotations"_L1;
    if (exporting && args.value(0) != "export"_L1) {
        err << u"rubricate-cli: annotations export|import; see --help\n"_s;
        return Usage;
    }
    if (args.size() != 1) {
        err << (exporting
                    ? u"rubricate-cli: annotations export takes no file; use -o FILE\n"_s
                    : u"rubricate-cli: merge needs the other project: merge OTHER.rubricate\n"_s);
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    return exporting ? exportAnnotations(parser, *store, out, err) : merge(args, *store, out, err);
}

} // namespace Rubricate::Cli
