#include "cliproject.h"

#include "cliapp.h"
#include "clitable.h"
#include "store/projectcopy.h"
#include "store/projectlocation.h"
#include "store/projectstore.h"
#include "store/teamroles.h"

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

// `counts` heads the two row counts compared (none: one project's table).
void printChecks(const ProjectCopyResult &r, const QStringList &counts, QTextStream &out)
{
    const bool copied = !counts.isEmpty();
    Table t;
    t.setHeader(copied ? QStringList{u"table"_s} + counts + QStringList{u"sha-256"_s, u"check"_s}
                       : QStringList{u"table"_s, u"rows"_s, u"sha-256"_s});
    for (const TableCheck &c : r.tables) {
        if (copied) {
            t.addRow({c.table, QString::number(c.sourceRows), QString::number(c.copiedRows),
                      c.sourceHash.left(16), c.matches() ? u"same"_s : u"DIFFERS"_s});
        } else {
            t.addRow({c.table, QString::number(c.sourceRows), c.sourceHash.left(16)});
        }
    }
    out << t.render();
}

int copy(const QStringList &args, QTextStream &out, QTextStream &err)
{
    if (args.size() != 3) {
        err << u"rubricate-cli: project copy needs SOURCE and DESTINATION (a file or a "
               "postgresql:// URL)\n"_s;
        return Usage;
    }
    QString current;
    const ProjectCopyResult r
        = copyProject(args.at(1), args.at(2), [&](const QString &table, qint64 rows, qint64 total) {
              if (table != current) {
                  current = table;
                  err << u"\n"_s;
              }
              err << u"\rcopying %1: %2 of %3 rows"_s.arg(table).arg(rows).arg(total);
              err.flush();
          });
    err << u'\n';
    if (r.checked) // a copy that failed before its check has only empty rows to show
        printChecks(r, {u"rows"_s, u"copied"_s}, out);
    if (!r.ok) {
        err << u"rubricate-cli: "_s << r.error << u'\n';
        return Failed;
    }
    out << u"copied %1 rows in %2 tables; every table's count and SHA-256 match\n"_s.arg(r.rows())
               .arg(r.tables.size());
    return Ok;
}

int check(const QStringList &args, QTextStream &out, QTextStream &err)
{
    if (args.size() < 2 || args.size() > 3) {
        err << u"rubricate-cli: project check needs one or two projects\n"_s;
        return Usage;
    }
    const ProjectCopyResult a = checkProject(args.at(1));
    if (!a.ok) {
        err << u"rubricate-cli: "_s << a.error << u'\n';
        return Failed;
    }
    if (args.size() == 2) {
        printChecks(a, {}, out);
        return Ok;
    }
    const ProjectCopyResult b = checkProject(args.at(2));
    if (!b.ok) {
        err << u"rubricate-cli: "_s << b.error << u'\n';
        return Failed;
    }
    ProjectCopyResult both = a;
    QStringList differ;
    for (qsizetype i = 0; i < both.tables.size(); ++i) {
        both.tables[i].copiedRows = b.tables.at(i).sourceRows;
        both.tables[i].copiedHash = b.tables.at(i).sourceHash;
        if (!both.tables.at(i).matches())
            differ << both.tables.at(i).table;
    }
    printChecks(
        both, {ProjectLocation::displayName(args.at(1)), ProjectLocation::displayName(args.at(2))},
        out);
    if (!differ.isEmpty()) {
        err << u"rubricate-cli: the projects differ in %1\n"_s.arg(differ.join(u", "_s));
        return Failed;
    }
    out << u"the two projects hold the same rows\n"_s;
    return Ok;
}

int addMember(const QStringList &args, const QString &annotator, const QString &projectPath,
              QTextStream &out, QTextStream &err)
{
    const QString what = args.value(0);
    if ((what != "add-annotator"_L1 && what != "add-owner"_L1) || args.size() != 2) {
        err << u"rubricate-cli: team needs add-annotator NAME or add-owner NAME\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    const TeamRole role = what == "add-owner"_L1 ? TeamRole::Owner : TeamRole::Annotator;
    if (const Result<void> added = addTeamMember(*store, args.at(1), role, annotator); !added) {
        err << u"rubricate-cli: "_s << added.errorMessage() << u'\n';
        return Failed;
    }
    if (role == TeamRole::Owner) {
        out << u"%1 is an owner of %2: imports, judge runs and studies\n"_s.arg(args.at(1),
                                                                                store->path());
    } else {
        out << u"%1 is an annotator of %2: reads everything and adds labels as %3, nothing "
               "else\n"_s.arg(args.at(1), store->path(),
                              annotator.trimmed().isEmpty() ? args.at(1) : annotator.trimmed());
    }
    out << u"give the role a password with psql's \\password %1 (or use the server's own "
           "authentication); it goes in the %2's ~/.pgpass, never in Rubricate\n"_s.arg(
               args.at(1), role == TeamRole::Owner ? u"owner"_s : u"annotator"_s);
    return Ok;
}

} // namespace

std::optional<int> runProjectCommand(const QString &command, const QCommandLineParser &parser,
                                     const QStringList &args, const QString &projectPath,
                                     QTextStream &out, QTextStream &err)
{
    if (command == "team"_L1)
        return addMember(args, parser.value(u"annotator"_s), projectPath, out, err);
    if (command != "project"_L1)
        return std::nullopt;
    const QString what = args.value(0);
    if (what == "copy"_L1)
        return copy(args, out, err);
    if (what == "check"_L1)
        return check(args, out, err);
    err << u"rubricate-cli: project needs copy or check (see --help)\n"_s;
    return Usage;
}

} // namespace Rubricate::Cli
