// Labels given while their project could not take them (its server unreachable, its file
// moved, locked or on a full disk), kept on this machine until it can. A label goes into the
// spool before it goes to the project, so that neither a lost connection nor a crash in
// between loses it; it leaves the spool once the project holds it.
//
// One JSON-lines file per project in the spool's directory: a header naming the project, then
// one event per line, in the order given. Events carry their uid, so that landing one twice
// (the connection dropped after the commit) adds it once. A lock file next to each spool
// file keeps two threads or two processes of this machine from rewriting it at once; it is
// not held while events are written to the project, so that labels go on into the spool.
#pragma once

#include "domain/result.h"
#include "domain/types.h"

#include <QString>
#include <QStringList>

#include <atomic>

namespace Rubricate {

class AnnotationSpool
{
public:
    // The spool of this user on this machine for the running program: "unwritten-labels" in
    // its local data directory. A test binary's is its own, never the window's.
    static QString defaultDirectory();
    // The window's spool (~/.local/share/Rubricate/rubricate/unwritten-labels on Linux), which
    // rubricate-cli's `labels` reads from another program.
    static QString windowDirectory();

    explicit AnnotationSpool(QString directory = defaultDirectory());

    // Keeps `event` for `project`, with a uid and this program's version filled in when it has
    // none; returns the event as kept.
    Result<AnnotationEvent> add(const QString &project, AnnotationEvent event);

    struct Pending {
        QList<AnnotationEvent> events; // in the order given
        QStringList problems; // lines that do not read, by file and line; they are kept
    };
    Pending pending(const QString &project) const;
    // The projects that have events waiting.
    QStringList projects() const { return listing().projects; }
    struct Listing {
        QStringList projects;
        // Spool files no project is listed for, with why: one that cannot be read, or whose
        // first line names no project. Never landed; listed so that a person can look.
        QStringList unreadable;
    };
    // Every spool file, read once.
    Listing listing() const;

    struct Landing {
        QList<AnnotationEvent> landed; // written now, or found already written
        int waiting = 0; // still in the spool
        QString error; // why the first of them was not written
        struct SetAside {
            AnnotationKind kind = AnnotationKind::Label;
            QString why; // which event (or spool line) and the project's answer
        };
        QList<SetAside> setAside; // what the project refused, or what did not read
    };
    // Writes the project's events into it in the order given, each in its own transaction,
    // and takes them out of the spool. Stops at the first one that cannot be written now (the
    // project out of reach), since a later label on the same item must stay the newer one.
    // One the project refuses for what it says (its item deleted, a right the login lacks),
    // which no later try would change, goes to the set-aside file instead, as does a line
    // that is no event; the rest land. An event this version cannot read stops it too.
    // `stop`, when it turns true, ends the landing before the next event (the program quits).
    Landing land(const QString &project, const std::atomic_bool *stop = nullptr);
    // Moves the project's first `first` waiting events (every one when negative) to the
    // set-aside file, for labels a person gives up on; returns how many.
    Result<int> setAside(const QString &project, int first = -1);
    // Writes what was set aside into the project, now that it may take it (reachable again, a
    // right granted), in the order set aside, and takes it out of the set-aside file. An event
    // stays aside, named in `setAside`, when the project holds a label of the same annotator
    // on its item given since (for gold, anyone's): written now, the older one would become
    // current. It stays too when the project refuses it again or it does not read. Nothing is
    // written while labels wait in the spool: they go first. `waiting` counts what stays aside.
    Landing landSetAside(const QString &project, const std::atomic_bool *stop = nullptr);
    // How many events (lines) are set aside for the project.
    int setAsideCount(const QString &project) const;

    QString fileOf(const QString &project) const;
    // Beside the spool file: what was set aside, for a person to look at; never landed.
    QString setAsideFileOf(const QString &project) const;

private:
    QString m_directory;
};

} // namespace Rubricate
