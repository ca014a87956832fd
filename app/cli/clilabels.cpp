#include "clilabels.h"

#include "cliapp.h"
#include "store/annotationspool.h"
#include "store/projectlocation.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

// The projects the command is about: the one given with --project, else every project with
// labels waiting, with the spool files that name none on `err`.
AnnotationSpool::Listing listingOf(const QCommandLineParser &parser, const QString &projectPath,
                                   const AnnotationSpool &spool, QTextStream &err)
{
    if (parser.isSet(u"project"_s))
        return {{ProjectLocation::normalized(projectPath)}, {}};
    AnnotationSpool::Listing listing = spool.listing();
    for (const QString &file : std::as_const(listing.unreadable))
        err << u"rubricate-cli: a spool file that cannot be read: "_s << file << u'\n';
    return listing;
}

int listWaiting(const QStringList &projects, const AnnotationSpool &spool, QTextStream &out)
{
    if (projects.isEmpty())
        out << u"No labels wait on this machine for a project.\n"_s;
    for (const QString &project : projects) {
        const AnnotationSpool::Pending pending = spool.pending(project);
        out << u"%1: %2 label(s) waiting in %3\n"_s.arg(project)
                   .arg(pending.events.size())
                   .arg(spool.fileOf(project));
        for (const QString &problem : pending.problems)
            out << u"  "_s << problem << u'\n';
        if (const int aside = spool.setAsideCount(project); aside > 0)
            out << u"  %1 set aside earlier, in %2\n"_s.arg(aside).arg(
                spool.setAsideFileOf(project));
    }
    return Ok;
}

int write(const QStringList &projects, AnnotationSpool &spool, QTextStream &out, QTextStream &err)
{
    int stillWaiting = 0;
    int refused = 0;
    bool failed = false;
    for (const QString &project : projects) {
        const AnnotationSpool::Landing landing = spool.land(project);
        out << u"%1: %2 label(s) written, %3 waiting\n"_s.arg(project)
                   .arg(landing.landed.size())
                   .arg(landing.waiting);
        if (!landing.error.isEmpty()) {
            err << u"rubricate-cli: %1: %2\n"_s.arg(project, landing.error);
            failed = true;
        }
        for (const AnnotationSpool::Landing::SetAside &aside : landing.setAside)
            err << u"rubricate-cli: %1: refused and set aside: %2\n"_s.arg(project, aside.why);
        if (!landing.setAside.isEmpty())
            err << u"  (kept in %1)\n"_s.arg(spool.setAsideFileOf(project));
        stillWaiting += landing.waiting;
        refused += int(landing.setAside.size());
    }
    if (stillWaiting > 0) {
        err << u"rubricate-cli: %1 label(s) still wait on this machine; they are kept and "
               "written by the next try\n"_s.arg(stillWaiting);
    }
    // A script asks whether every label reached its project: one set aside did not.
    return stillWaiting > 0 || refused > 0 || failed ? Failed : Ok;
}

int setAside(const QString &project, AnnotationSpool &spool, QTextStream &out, QTextStream &err)
{
    const Result<int> moved = spool.setAside(project);
    if (!moved) {
        err << u"rubricate-cli: "_s << moved.errorMessage() << u'\n';
        return Failed;
    }
    if (*moved == 0) {
        err << u"rubricate-cli: no labels wait for %1 on this machine\n"_s.arg(project);
        return Failed;
    }
    out << u"%1: %2 label(s) set aside in %3\n"_s.arg(project).arg(*moved).arg(
        spool.setAsideFileOf(project));
    return Ok;
}

// Labels set aside earlier, written now that the project takes them, except those whose
// item was labelled again since.
int writeSetAside(const QString &project, AnnotationSpool &spool, QTextStream &out,
                  QTextStream &err)
{
    if (spool.setAsideCount(project) == 0) {
        err << u"rubricate-cli: no labels are set aside for %1 on this machine\n"_s.arg(project);
        return Failed;
    }
    const AnnotationSpool::Landing landing = spool.landSetAside(project);
    out << u"%1: %2 set-aside label(s) written, %3 still set aside\n"_s.arg(project)
               .arg(landing.landed.size())
               .arg(landing.waiting);
    if (!landing.error.isEmpty())
        err << u"rubricate-cli: %1: %2\n"_s.arg(project, landing.error);
    for (const AnnotationSpool::Landing::SetAside &aside : landing.setAside)
        err << u"rubricate-cli: %1: kept aside: %2\n"_s.arg(project, aside.why);
    if (landing.waiting > 0)
        err << u"  (kept in %1)\n"_s.arg(spool.setAsideFileOf(project));
    return landing.waiting > 0 || !landing.error.isEmpty() ? Failed : Ok;
}

} // namespace

std::optional<int> runLabelsCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err)
{
    if (command != "labels"_L1)
        return std::nullopt;
    const QString what = args.value(0, u"waiting"_s);
    const bool oneProject = what == "set-aside"_L1 || what == "write-set-aside"_L1;
    if (args.size() > 1 || (what != "waiting"_L1 && what != "write"_L1 && !oneProject)) {
        err << u"rubricate-cli: labels [waiting|write|set-aside|write-set-aside] [--project P];"
               " see --help\n"_s;
        return Usage;
    }
    if (oneProject && !parser.isSet(u"project"_s)) {
        // Giving labels up, or taking them back, is for one project at a time, named.
        err << u"rubricate-cli: labels %1 needs --project\n"_s.arg(what);
        return Usage;
    }
    AnnotationSpool spool(AnnotationSpool::windowDirectory());
    if (what == "set-aside"_L1)
        return setAside(ProjectLocation::normalized(projectPath), spool, out, err);
    if (what == "write-set-aside"_L1)
        return writeSetAside(ProjectLocation::normalized(projectPath), spool, out, err);
    const AnnotationSpool::Listing listing = listingOf(parser, projectPath, spool, err);
    if (what == "write"_L1) {
        const int written = write(listing.projects, spool, out, err);
        return listing.unreadable.isEmpty() ? written : Failed;
    }
    return listWaiting(listing.projects, spool, out);
}

} // namespace Rubricate::Cli
