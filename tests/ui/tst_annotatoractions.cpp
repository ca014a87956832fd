// Who the window labels as, without a database: a team project's binding takes over from the
// identity chosen on this machine while the project is open, Switch Annotator offers nobody
// else meanwhile and says why, the undo stack is cleared whenever the person labels are written
// under changes (and only then), and the first start asks who is annotating unless the
// project answers that.
#include "services/annotatoridentity.h"
#include "services/projectsnapshot.h"
#include "shell/annotatoractions.h"
#include "shell/identitydialog.h"
#include "waits.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

const QString NotBoundTip = u"Label as another person from now on"_s;

ProjectSnapshot snapshotBoundTo(const std::optional<Annotator> &bound)
{
    ProjectSnapshot snapshot;
    snapshot.path = u"/tmp/project.rubricate"_s;
    snapshot.annotators = {Annotator{u"ada-id"_s, u"Ada"_s, {}, {}},
                           Annotator{u"ann_bound"_s, u"Ann Bound"_s, {}, {}}};
    snapshot.boundAnnotator = bound;
    return snapshot;
}

const Annotator Bound{u"ann_bound"_s, u"Ann Bound"_s, {}, {}};

} // namespace

class TestAnnotatorActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_annotatoractions"_s);
    }

    void init() { QSettings().clear(); }
    void cleanupTestCase() { QSettings().clear(); }

    void bindingTakesOverTheIdentityWhileTheProjectIsOpen()
    {
        chooseAnnotator({u"ada-id"_s, u"Ada"_s});
        QWidget window;
        QUndoStack undo;
        AnnotatorActions actions(&window, &undo);
        QAction *switchAction = actions.switchAction();
        QCOMPARE(switchAction->objectName(), u"actionSwitchAnnotator"_s);

        // A file project: the chosen person labels, and may switch.
        undo.push(new QUndoCommand(u"label"_s));
        actions.setSnapshot(snapshotBoundTo(std::nullopt));
        QVERIFY(switchAction->isEnabled());
        QCOMPARE(switchAction->toolTip(), NotBoundTip);
        QCOMPARE(currentAnnotator(), u"ada-id"_s);
        QCOMPARE(actions.annotators().size(), 2);
        QCOMPARE(undo.count(), 1); // still Ada's labels to undo
        QVERIFY(actions.boundIndicator()->isHidden());

        // A team project binding the login: its annotator labels, nobody else is offered,
        // and Ada's labels cannot be undone under Ann's name.
        actions.setSnapshot(snapshotBoundTo(Bound));
        QVERIFY(!switchAction->isEnabled());
        QCOMPARE(switchAction->toolTip(),
                 u"This team project binds your login to the annotator Ann Bound"_s);
        QCOMPARE(currentAnnotator(), u"ann_bound"_s);
        QCOMPARE(currentAnnotatorName(), u"Ann Bound"_s);
        QCOMPARE(chosenAnnotator()->id, u"ada-id"_s); // the machine's choice is left alone
        QCOMPARE(undo.count(), 0);
        // Said in the status bar for as long as the project is open.
        QVERIFY(!actions.boundIndicator()->isHidden());
        QCOMPARE(actions.boundIndicator()->text(), u"Labelling as Ann Bound"_s);
        QCOMPARE(actions.boundIndicator()->toolTip(), switchAction->toolTip());

        // Reloading the same project keeps Ann's labels to undo.
        undo.push(new QUndoCommand(u"label"_s));
        actions.setSnapshot(snapshotBoundTo(Bound));
        QVERIFY(!switchAction->isEnabled());
        QCOMPARE(undo.count(), 1);

        // Back to a project without a binding: Ada again, and she may switch.
        actions.setSnapshot(snapshotBoundTo(std::nullopt));
        QVERIFY(switchAction->isEnabled());
        QCOMPARE(switchAction->toolTip(), NotBoundTip);
        QCOMPARE(currentAnnotator(), u"ada-id"_s);
        QCOMPARE(undo.count(), 0);
        QVERIFY(actions.boundIndicator()->isHidden());
    }

    // A disabled menu item is not highlighted and shows no status tip: its tooltip says why.
    void switchSaysWhyInTheMenu()
    {
        QWidget window;
        QUndoStack undo;
        AnnotatorActions actions(&window, &undo);
        QMenu study;
        actions.addToMenu(&study);
        QVERIFY(study.actions().contains(actions.switchAction()));
        QVERIFY(study.toolTipsVisible());
        actions.setSnapshot(snapshotBoundTo(Bound));
        QCOMPARE(actions.switchAction()->statusTip(), actions.switchAction()->toolTip());
    }

    void bindingEndsWithTheWindow()
    {
        chooseAnnotator({u"ada-id"_s, u"Ada"_s});
        {
            QWidget window;
            QUndoStack undo;
            AnnotatorActions actions(&window, &undo);
            actions.setSnapshot(snapshotBoundTo(Bound));
            QCOMPARE(currentAnnotator(), u"ann_bound"_s);
        }
        QVERIFY(!boundAnnotator());
        QCOMPARE(currentAnnotator(), u"ada-id"_s);
    }

    void firstStartAsksOnceTheProjectIsOpen()
    {
        QWidget window;
        QUndoStack undo;
        AnnotatorActions actions(&window, &undo);
        QSignalSpy chosen(&actions, &AnnotatorActions::annotatorChosen);
        actions.askOnceOpen();
        actions.setSnapshot(snapshotBoundTo(std::nullopt));
        auto *who = window.findChild<IdentityDialog *>();
        QVERIFY(who);
        who->accept(); // a new person, under the login's name
        QCOMPARE(chosen.size(), 1);
        QVERIFY(chosenAnnotator());

        // Asked once only.
        QSettings().clear();
        QTRY_VERIFY_WITH_TIMEOUT(!window.findChild<IdentityDialog *>(), BackgroundWorkTimeout);
        actions.setSnapshot(snapshotBoundTo(std::nullopt));
        QVERIFY(!window.findChild<IdentityDialog *>());
    }

    void aBoundLoginIsNotAsked()
    {
        QWidget window;
        QUndoStack undo;
        AnnotatorActions actions(&window, &undo);
        actions.askOnceOpen();
        actions.setSnapshot(snapshotBoundTo(Bound));
        QVERIFY(!window.findChild<IdentityDialog *>());
        QVERIFY(!chosenAnnotator());
        actions.switchAction()->trigger(); // disabled: nothing opens
        QVERIFY(!window.findChild<IdentityDialog *>());
    }
};

QTEST_MAIN(TestAnnotatorActions)
#include "tst_annotatoractions.moc"
