#include "shell/annotatoractions.h"

#include "common/actionfactory.h"
#include "services/annotatoridentity.h"
#include "services/projectsnapshot.h"
#include "shell/identitydialog.h"
#include "shell/windowshell.h"

#include <QLabel>
#include <QMenu>
#include <QUndoStack>

#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

AnnotatorActions::AnnotatorActions(QWidget *window, QUndoStack *undo)
    : QObject(window)
    , m_window(window)
    , m_undo(undo)
{
    m_switch = makeAction(this, {}, WindowTexts::tr("S&witch Annotator…"), "actionSwitchAnnotator",
                          {}, WindowTexts::tr("Label as another person from now on"));
    connect(m_switch, &QAction::triggered, this, &AnnotatorActions::askWhoIsAnnotating);
    m_boundIndicator = new QLabel(window);
    m_boundIndicator->setObjectName(u"boundAnnotator"_s);
    // Apart from the project's counts beside it.
    m_boundIndicator->setContentsMargins(0, 0,
                                         m_boundIndicator->fontMetrics().averageCharWidth() * 2, 0);
    m_boundIndicator->hide();
}

AnnotatorActions::~AnnotatorActions()
{
    setBoundAnnotator(std::nullopt);
}

void AnnotatorActions::addToMenu(QMenu *study)
{
    study->addAction(m_switch);
    study->setToolTipsVisible(true);
}

void AnnotatorActions::setSnapshot(const ProjectSnapshot &snapshot)
{
    m_annotators = snapshot.annotators;
    std::optional<AnnotatorIdentity> bound;
    if (snapshot.boundAnnotator)
        bound = AnnotatorIdentity{snapshot.boundAnnotator->id, snapshot.boundAnnotator->name};
    const QString before = currentAnnotator();
    // The database would refuse every label under another annotator (teamroles.h), so the
    // project's binding wins over the identity chosen on this machine, which stays for the
    // other projects.
    setBoundAnnotator(bound);
    const QString why = bound
        ? WindowTexts::tr("This team project binds your login to the annotator %1").arg(bound->name)
        : QString();
    m_switch->setEnabled(!bound);
    const QString tip = bound ? why : WindowTexts::tr("Label as another person from now on");
    m_switch->setToolTip(tip);
    m_switch->setStatusTip(tip);
    m_boundIndicator->setText(bound ? WindowTexts::tr("Labelling as %1").arg(bound->name)
                                    : QString());
    m_boundIndicator->setToolTip(why);
    m_boundIndicator->setVisible(bool(bound));
    if (currentAnnotator() != before)
        m_undo->clear(); // an undo would write the previous person's label under the new name
    if (std::exchange(m_askOnceOpen, false) && !chosenAnnotator() && !bound)
        askWhoIsAnnotating();
}

void AnnotatorActions::askWhoIsAnnotating()
{
    auto *dialog = new IdentityDialog(m_annotators, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &IdentityDialog::identityChosen, this, &AnnotatorActions::annotatorChosen);
    dialog->open();
}

} // namespace Rubricate
