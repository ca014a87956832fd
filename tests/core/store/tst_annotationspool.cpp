// Labels wait on this machine while their project cannot take them, and reach it later in
// the order given, once each.
#include "demo/demoproject.h"
#include "store/annotationspool.h"
#include "store/projectstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestAnnotationSpool : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_project;
    QList<std::pair<RowId, RowId>> m_items; // (report, rubric) of the demo's first report

    QString spoolDir() const { return m_dir.filePath(u"spool"_s); }

    AnnotationEvent label(int item, std::optional<double> value, const QString &note = {}) const
    {
        AnnotationEvent e;
        e.reportId = m_items.at(item).first;
        e.rubricId = m_items.at(item).second;
        e.annotator = u"ann"_s;
        e.value = value;
        e.note = note;
        e.at = QDateTime::currentDateTimeUtc();
        e.provenance.method = LabelMethod::Typed;
        e.provenance.focusMs = 1200;
        return e;
    }

    // The project file moved away, as a disconnected share or a server out of reach would
    // leave it: opening it fails.
    bool hideProject(bool hidden)
    {
        ProjectStore::close(m_project);
        const QString away = m_project + u".away"_s;
        return hidden ? QFile::rename(m_project, away) : QFile::rename(away, m_project);
    }

    int eventsWithUid(const QString &uid)
    {
        auto store = ProjectStore::open(m_project);
        if (!store)
            return -1;
        int n = 0;
        for (const AnnotationEvent &e : store->annotations().annotationEvents())
            n += e.uid == uid ? 1 : 0;
        return n;
    }

private slots:
    // rubricate-cli reads the window's spool by naming its folder; a test binary keeps its own.
    void theWindowsSpoolIsWhereTheWindowKeepsIt()
    {
        const QString organization = QCoreApplication::organizationName();
        const QString application = QCoreApplication::applicationName();
        QVERIFY(AnnotationSpool::defaultDirectory() != AnnotationSpool::windowDirectory());
        QCoreApplication::setOrganizationName(u"Rubricate"_s);
        QCoreApplication::setApplicationName(u"rubricate"_s); // as app/gui/main.cpp names it
        QCOMPARE(AnnotationSpool::defaultDirectory(), AnnotationSpool::windowDirectory());
        QCoreApplication::setOrganizationName(organization);
        QCoreApplication::setApplicationName(application);
    }

    void init()
    {
        QVERIFY(m_dir.isValid());
        m_project = m_dir.filePath(u"p%1.rubricate"_s.arg(QDateTime::currentMSecsSinceEpoch()));
        auto store = ProjectStore::create(m_project);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(importDemo(*store).errorCount(), 0);
        const RowId report = store->reports().reportSummaries().value().constFirst().id;
        m_items.clear();
        for (const Rubric &r : store->catalog().rubrics(store->reports().report(report)->taskId))
            m_items.append({report, r.id});
        QVERIFY(m_items.size() >= 2);
    }

    void cleanup()
    {
        ProjectStore::close(m_project);
        QDir(spoolDir()).removeRecursively();
    }

    void labelsWaitUntilTheProjectCanTakeThemAndLandInOrder()
    {
        AnnotationSpool spool(spoolDir());
        QVERIFY(hideProject(true));
        QVERIFY(spool.add(m_project, label(0, 1)));
        QVERIFY(spool.add(m_project, label(1, 0)));
        AnnotationEvent again = label(0, -1, u"second look"_s);
        again.previousValue = 1;
        QVERIFY(spool.add(m_project, again));

        AnnotationSpool::Landing landing = spool.land(m_project);
        QVERIFY(landing.landed.isEmpty());
        QCOMPARE(landing.waiting, 3);
        QVERIFY2(landing.error.contains(QFileInfo(m_project).fileName()),
                 qPrintable(landing.error));
        QCOMPARE(spool.projects(), QStringList{m_project});

        // Read back by another spool, as after a restart: in order, with uids and provenance.
        const AnnotationSpool::Pending pending = AnnotationSpool(spoolDir()).pending(m_project);
        QVERIFY(pending.problems.isEmpty());
        QCOMPARE(pending.events.size(), 3);
        QCOMPARE(pending.events.at(2).value, std::optional<double>(-1));
        QCOMPARE(pending.events.at(2).previousValue, std::optional<double>(1));
        QCOMPARE(pending.events.at(2).note, u"second look"_s);
        QCOMPARE(pending.events.at(0).provenance.focusMs, std::optional<qint64>(1200));
        QCOMPARE(pending.events.at(0).provenance.method, LabelMethod::Typed);
        QVERIFY(!pending.events.at(0).uid.isEmpty());

        QVERIFY(hideProject(false));
        landing = spool.land(m_project);
        QCOMPARE(landing.landed.size(), 3);
        QCOMPARE(landing.waiting, 0);
        QVERIFY2(landing.error.isEmpty(), qPrintable(landing.error));
        QVERIFY(!QFile::exists(spool.fileOf(m_project)));
        QVERIFY(spool.projects().isEmpty());

        auto store = ProjectStore::open(m_project);
        QVERIFY(store);
        const auto current
            = store->annotations().currentAnnotation(m_items.at(0).first, m_items.at(0).second);
        QVERIFY(current);
        QCOMPARE(current->value, std::optional<double>(-1)); // the later label stays current
        QCOMPARE(current->uid, pending.events.at(2).uid);
        QCOMPARE(current->provenance.focusMs, std::optional<qint64>(1200));
        const QList<AnnotationEvent> events = store->annotations().annotationEvents();
        QCOMPARE(std::count_if(events.cbegin(), events.cend(),
                               [](const AnnotationEvent &e) { return e.annotator == "ann"_L1; }),
                 3);
    }

    // The connection dropped after the commit: the label is in the project and still in the
    // spool. Landing it again adds nothing.
    void aLabelLandedTwiceIsWrittenOnce()
    {
        AnnotationSpool spool(spoolDir());
        const Result<AnnotationEvent> kept = spool.add(m_project, label(0, 1));
        QVERIFY(kept);
        QCOMPARE(spool.land(m_project).landed.size(), 1);
        QVERIFY(spool.add(m_project, *kept));
        const AnnotationSpool::Landing again = spool.land(m_project);
        QCOMPARE(again.landed.size(), 1);
        QCOMPARE(again.waiting, 0);
        QCOMPARE(eventsWithUid(kept->uid), 1);
    }

    // A label the project refuses for what it says (its item deleted meanwhile) would be
    // refused by every later try: it is set aside, named, and the labels after it land.
    void aLabelTheProjectRefusesIsSetAsideAndTheRestLand()
    {
        AnnotationSpool spool(spoolDir());
        AnnotationEvent gone = label(0, 1);
        gone.rubricId = 987654321;
        QVERIFY(spool.add(m_project, gone));
        QVERIFY(spool.add(m_project, label(1, 1)));
        const AnnotationSpool::Landing landing = spool.land(m_project);
        QCOMPARE(landing.landed.size(), 1);
        QCOMPARE(landing.landed.constFirst().rubricId, m_items.at(1).second);
        QCOMPARE(landing.waiting, 0);
        QCOMPARE(landing.setAside.size(), 1);
        QVERIFY2(landing.setAside.constFirst().why.contains(u"rubric 987654321"_s),
                 qPrintable(landing.setAside.constFirst().why));
        QVERIFY(spool.pending(m_project).events.isEmpty());
        QVERIFY(spool.projects().isEmpty());
        QFile aside(spool.setAsideFileOf(m_project));
        QVERIFY(aside.open(QIODevice::ReadOnly));
        QVERIFY(aside.readAll().contains("987654321"));
    }

    // A person gives up on the labels they were shown as waiting: those leave the spool for
    // the set-aside file, where they can still be read; one given since stays.
    void waitingLabelsCanBeSetAside()
    {
        AnnotationSpool spool(spoolDir());
        QVERIFY(hideProject(true));
        QVERIFY(spool.add(m_project, label(0, 1, u"first"_s)));
        QVERIFY(spool.add(m_project, label(1, 0, u"second"_s)));
        QVERIFY(spool.add(m_project, label(1, 1, u"given since"_s)));
        const Result<int> moved = spool.setAside(m_project, 2);
        QVERIFY2(moved, qPrintable(moved.errorMessage()));
        QCOMPARE(*moved, 2);
        const QList<AnnotationEvent> left = spool.pending(m_project).events;
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.constFirst().note, u"given since"_s);
        QFile aside(spool.setAsideFileOf(m_project));
        QVERIFY(aside.open(QIODevice::ReadOnly));
        const QByteArray text = aside.readAll();
        QVERIFY(text.contains("first") && text.contains("second") && !text.contains("since"));
        QCOMPARE(spool.setAside(m_project).value_or(-1), 1);
        QVERIFY(spool.projects().isEmpty());
        QVERIFY(hideProject(false));
    }

    // An event this version cannot read (a newer version's kind) keeps its place: landing
    // stops there, with the labels after it waiting.
    void anEventFromANewerVersionStopsTheLanding()
    {
        AnnotationSpool spool(spoolDir());
        QVERIFY(spool.add(m_project, label(0, 1)));
        {
            QFile f(spool.fileOf(m_project));
            QVERIFY(f.open(QIODevice::Append));
            f.write(R"({"uid": "from-a-newer-version", "kind": "consensus", "report_id": 1})"
                    "\n");
        }
        QVERIFY(spool.add(m_project, label(1, 0)));
        const AnnotationSpool::Landing landing = spool.land(m_project);
        QCOMPARE(landing.landed.size(), 1);
        QCOMPARE(landing.waiting, 2);
        QVERIFY(landing.setAside.isEmpty());
        QVERIFY2(landing.error.contains(u"newer"_s), qPrintable(landing.error));
        QCOMPARE(spool.pending(m_project).events.size(), 1);
    }

    // A line that does not read cannot keep its place in the order: it is named with its file
    // and line and set aside, and the rest land.
    void anUnreadableLineIsNamedAndSetAside()
    {
        AnnotationSpool spool(spoolDir());
        QVERIFY(spool.add(m_project, label(0, 1)));
        {
            QFile f(spool.fileOf(m_project));
            QVERIFY(f.open(QIODevice::Append));
            f.write("{\"uid\": \"x\", \"report_id\": \n");
        }
        QVERIFY(spool.add(m_project, label(1, 0)));
        const AnnotationSpool::Pending pending = spool.pending(m_project);
        QCOMPARE(pending.events.size(), 2);
        QCOMPARE(pending.problems.size(), 1);
        const QString where = spool.fileOf(m_project) + u":3: "_s;
        QVERIFY2(pending.problems.constFirst().startsWith(where),
                 qPrintable(pending.problems.constFirst()));
        const AnnotationSpool::Landing landing = spool.land(m_project);
        QCOMPARE(landing.landed.size(), 2);
        QCOMPARE(landing.waiting, 0);
        QCOMPARE(landing.setAside.size(), 1);
        QVERIFY(landing.setAside.constFirst().why.startsWith(where));
        QVERIFY(spool.pending(m_project).problems.isEmpty());
        QVERIFY(!QFile::exists(spool.fileOf(m_project)));
        QVERIFY(QFile::exists(spool.setAsideFileOf(m_project)));
    }
    // Labels set aside while the project was out of reach are written once it is back, but one
    // whose item the annotator labelled again since stays aside: written now, the older label
    // would become the current one.
    void setAsideLabelsLandLaterUnlessANewerLabelHoldsTheirItem()
    {
        AnnotationSpool spool(spoolDir());
        QVERIFY(hideProject(true));
        const Result<AnnotationEvent> stale = spool.add(m_project, label(0, 1, u"stale"_s));
        const Result<AnnotationEvent> kept = spool.add(m_project, label(1, 0, u"kept"_s));
        QVERIFY(stale && kept);
        QCOMPARE(spool.setAside(m_project).value_or(-1), 2);
        QCOMPARE(spool.setAsideCount(m_project), 2);

        AnnotationSpool::Landing landing = spool.landSetAside(m_project);
        QVERIFY2(landing.error.contains(QFileInfo(m_project).fileName()),
                 qPrintable(landing.error));
        QVERIFY(landing.landed.isEmpty());
        QCOMPARE(landing.waiting, 2);
        QCOMPARE(spool.setAsideCount(m_project), 2);

        QVERIFY(hideProject(false));
        AnnotationEvent newer = label(0, -1, u"given since"_s);
        newer.at = stale->at.addSecs(60);
        QVERIFY(spool.add(m_project, newer));
        // While a label waits it goes first.
        landing = spool.landSetAside(m_project);
        QVERIFY2(landing.error.contains(u"wait"_s), qPrintable(landing.error));
        QVERIFY(landing.landed.isEmpty());
        QCOMPARE(spool.land(m_project).landed.size(), 1);

        landing = spool.landSetAside(m_project);
        QVERIFY2(landing.error.isEmpty(), qPrintable(landing.error));
        QCOMPARE(landing.landed.size(), 1);
        QCOMPARE(landing.landed.constFirst().uid, kept->uid);
        QCOMPARE(landing.waiting, 1);
        QCOMPARE(landing.setAside.size(), 1);
        QVERIFY2(landing.setAside.constFirst().why.contains(u"newer"_s)
                     && landing.setAside.constFirst().why.contains(
                         QString::number(m_items.at(0).second)),
                 qPrintable(landing.setAside.constFirst().why));
        QCOMPARE(spool.setAsideCount(m_project), 1);
        QCOMPARE(eventsWithUid(stale->uid), 0);
        QCOMPARE(eventsWithUid(kept->uid), 1);
        {
            auto store = ProjectStore::open(m_project);
            QVERIFY(store);
            const auto first
                = store->annotations().currentAnnotation(m_items.at(0).first, m_items.at(0).second);
            QVERIFY(first);
            QCOMPARE(first->note, u"given since"_s); // the newer label stays current
            const auto second
                = store->annotations().currentAnnotation(m_items.at(1).first, m_items.at(1).second);
            QVERIFY(second);
            QCOMPARE(second->note, u"kept"_s);
        }

        // Asked again: the stale label stays aside, and nothing is written twice.
        landing = spool.landSetAside(m_project);
        QVERIFY(landing.landed.isEmpty());
        QCOMPARE(landing.waiting, 1);
        QCOMPARE(eventsWithUid(kept->uid), 1);
    }
    // A machine that never kept a label has no spool folder: nothing waits, nothing is set
    // aside, and no lock is said to be held.
    void aSpoolWithoutItsFolderHoldsNothing()
    {
        AnnotationSpool spool(m_dir.filePath(u"never-made"_s));
        const AnnotationSpool::Landing landing = spool.land(m_project);
        QVERIFY2(landing.error.isEmpty(), qPrintable(landing.error));
        QCOMPARE(landing.waiting, 0);
        const Result<int> moved = spool.setAside(m_project);
        QVERIFY2(moved, qPrintable(moved.errorMessage()));
        QCOMPARE(*moved, 0);
        const AnnotationSpool::Landing aside = spool.landSetAside(m_project);
        QVERIFY2(aside.error.isEmpty(), qPrintable(aside.error));
        QVERIFY(aside.landed.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAnnotationSpool)
#include "tst_annotationspool.moc"
