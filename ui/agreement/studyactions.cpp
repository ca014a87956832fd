#include "agreement/studyactions.h"

#include "agreement/adjudicationpage.h"
#include "agreement/extenddialog.h"
#include "agreement/sampledialog.h"
#include "agreement/studyqueuedock.h"
#include "common/actionfactory.h"
#include "services/projectsnapshot.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QTreeWidget>

namespace Rubricate {

using namespace Qt::StringLiterals;

StudyActions::StudyActions(WindowShell *window, StudyQueueDock *queue,
                           AdjudicationPage *adjudication)
    : QObject(window->widget())
    , m_shell(window)
    , m_window(window->widget())
    , m_queue(queue)
    , m_adjudication(adjudication)
{
    createActions();
}

void StudyActions::createActions()
{
    // A study is a sample with its settings: drawing one is how a study starts.
    m_newStudy = makeAction(
        this, {}, WindowTexts::tr("&New Study (Sample Items)…"), "actionSample", {},
        WindowTexts::tr("Draw a stratified, seeded sample of rubric items, assign it to "
                        "annotators with overlap, and choose the run and blind setting"));
    connect(m_newStudy, &QAction::triggered, this, &StudyActions::newStudy);
    m_extend = makeAction(
        this, {}, WindowTexts::tr("E&xtend the Study's Sample…"), "actionExtendSample", {},
        WindowTexts::tr("Label more items where the judge-corrected scores need them: per model "
                        "as many as a target interval width asks for, drawn with the study's "
                        "seed and assigned to its annotators"));
    connect(m_extend, &QAction::triggered, this, &StudyActions::extendSample);
    m_adjudicate = makeAction(
        this, {}, WindowTexts::tr("&Adjudicate the Study's Items"), "actionAdjudicateStudy", {},
        WindowTexts::tr("Every item of the chosen study on the Adjudication page, "
                        "with every annotator's label and the judge's verdict"));
    connect(m_adjudicate, &QAction::triggered, this, &StudyActions::adjudicateStudy);
}

void StudyActions::setSnapshot(const ProjectSnapshot &snapshot)
{
    m_studyItems = snapshot.studyItems;
    // Studies, their samples and gold labels are an owner's to write.
    const QString ownersOnly = snapshot.ownersOnlyReason();
    for (QAction *action : {m_newStudy, m_extend, m_adjudicate})
        enableUnlessRefused(action, true, ownersOnly);
}

void StudyActions::addToMenu(QMenu *study)
{
    study->addAction(m_newStudy);
    study->addAction(m_extend);
    // Also where a study's progress shows: that is where one sees it needs more labels.
    m_queue->overview()->addAction(m_extend);
    m_queue->overview()->setContextMenuPolicy(Qt::ActionsContextMenu);
    study->addAction(m_queue->toggleViewAction());
    study->addAction(m_queue->nextAction());
    study->addAction(m_queue->previousAction());
    study->addAction(m_adjudicate);
    study->setToolTipsVisible(true); // why an action is disabled
}

void StudyActions::newStudy()
{
    if (m_shell->projectPath().isEmpty())
        return;
    auto *dialog = new SampleDialog(m_shell->projectPath(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SampleDialog::saved, this, [this](const QString &name) {
        m_shell->showStatus(
            WindowTexts::tr("Study “%1” saved; My Queue lists your items").arg(name), 8000);
        m_queue->show();
        m_shell->reloadProject();
    });
    dialog->open();
}

void StudyActions::extendSample()
{
    if (m_shell->projectPath().isEmpty())
        return;
    QStringList names = m_studyItems.keys();
    names.sort();
    if (names.isEmpty()) {
        m_shell->showStatus(WindowTexts::tr("The project has no study yet."), 5000);
        return;
    }
    const std::optional<Study> current = m_queue->currentStudy();
    auto *dialog = new ExtendSampleDialog(m_shell->projectPath(), names,
                                          current ? current->name : names.constFirst(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ExtendSampleDialog::extended, this, [this](const QString &name, int added) {
        m_shell->showStatus(
            WindowTexts::tr("%n item(s) added to the study “%1”", "", added).arg(name), 8000);
        m_shell->reloadProject();
    });
    dialog->open();
}

void StudyActions::adjudicateStudy()
{
    // The study in My Queue; an adjudicator with no items of their own picks one.
    const auto adjudicate = [this](const QString &name) {
        m_adjudication->showItems(m_studyItems.value(name),
                                  WindowTexts::tr("Every item of the study “%1”").arg(name));
        m_shell->showPage(Page::Adjudication);
    };
    QStringList names = m_studyItems.keys();
    names.sort();
    if (const std::optional<Study> chosen = m_queue->currentStudy())
        adjudicate(chosen->name);
    else if (names.size() == 1)
        adjudicate(names.constFirst());
    else if (names.isEmpty())
        m_shell->showStatus(WindowTexts::tr("The project has no study yet."), 5000);
    else {
        auto *ask = new QInputDialog(m_window);
        ask->setAttribute(Qt::WA_DeleteOnClose);
        ask->setWindowTitle(WindowTexts::tr("Adjudicate a Study"));
        ask->setLabelText(WindowTexts::tr("Study:"));
        ask->setComboBoxItems(names);
        connect(ask, &QInputDialog::textValueSelected, this, adjudicate);
        ask->open();
    }
}

} // namespace Rubricate
