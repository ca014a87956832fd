#include "review/reviewpage.h"

#include "agreement/studyqueuedock.h"
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "review/personaview.h"
#include "review/reportview.h"
#include "review/verdictpanel.h"
#include "services/projectloader.h"

#include <QAction>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

ReviewPage::ReviewPage(ProjectLoader *loader, QUndoStack *undo, AnnotationWriter *writer,
                       StudyQueueDock *queue, QWidget *parent)
    : QSplitter(Qt::Horizontal, parent)
    , m_loader(loader)
    , m_queue(queue)
{
    setObjectName(u"mainSplitter"_s);
    m_explorer = new ProjectExplorer(this);
    m_explorer->setObjectName(u"projectExplorer"_s);
    m_reportView = new ReportView(this);
    m_reportView->setObjectName(u"reportView"_s);
    m_verdictPanel = new VerdictPanel(undo, writer, this);
    m_verdictPanel->setObjectName(u"verdictPanel"_s);

    // Explorer, report and verdicts side by side: the eye moves between the rubric and its
    // evidence without scrolling either away.
    addWidget(m_explorer);
    addWidget(m_reportView);
    addWidget(m_verdictPanel);
    setStretchFactor(0, 0);
    setStretchFactor(1, 3);
    setStretchFactor(2, 2);
    setChildrenCollapsible(false);
    setSizes({300, 540, 520});

    connect(m_loader, &ProjectLoader::reportLoaded, this, &ReviewPage::onReportLoaded);
    // A report is shown when its text is: the view builds it on a worker thread.
    connect(m_reportView, &ReportView::textShown, this, &ReviewPage::reportShown);
    connect(m_loader, &ProjectLoader::reportFailed, this, [this](RowId, const QString &error) {
        m_reportView->showMessage(error);
        m_verdictPanel->clear();
        emit message({});
    });
    connectExplorer();
    connectPanel();
    connectQueue();
}

void ReviewPage::connectExplorer()
{
    connect(m_explorer, &ProjectExplorer::reportSelected, this, &ReviewPage::onReportSelected);
    connect(m_explorer, &ProjectExplorer::otherSelected, this, [this] {
        m_loader->cancelReport();
        m_reportView->showMessage(tr("Select a report in the tree to read it."));
        m_verdictPanel->clear();
    });
    connect(m_explorer, &ProjectExplorer::searchHitActivated, this,
            [this](RowId reportId, const QString &text) {
                if (reportId == m_reportView->reportId()) {
                    m_reportView->revealText(text);
                    return;
                }
                m_revealOnLoad = text;
                m_explorer->selectReport(reportId);
            });
    connect(m_explorer, &ProjectExplorer::searchFinished, this,
            [this](int hits) { emit message(tr("%n report(s) found", nullptr, hits), 5000); });
}

void ReviewPage::connectPanel()
{
    connect(m_verdictPanel, &VerdictPanel::annotationWritten, this, [this](RowId reportId) {
        // Not when another report is on its way (a queue key right after a label): this
        // refresh would replace that load, and the new report brings fresh labels anyway.
        if (reportId == m_reportView->reportId() && reportId == m_requestedReport)
            loadReport(reportId);
    });
    connect(m_verdictPanel, &VerdictPanel::annotationFailed, this,
            [this](const QString &error) { emit errorOccurred(tr("Annotation"), error); });
    connect(m_verdictPanel, &VerdictPanel::currentRubricChanged, m_reportView,
            &ReportView::focusRubric);
    // The panel's report, not the view's: the panel shows a new report's rows first.
    connect(m_verdictPanel, &VerdictPanel::currentRubricChanged, this, [this](RowId rubricId) {
        m_queue->setCurrentItem(m_verdictPanel->reportId(), rubricId);
    });
    connect(m_verdictPanel, &VerdictPanel::labelGiven, this,
            [this](RowId reportId, RowId rubricId, bool labelled) {
                m_queue->markLabelled(reportId, rubricId, labelled);
                // After the label is on its way: the next item opens while it is written.
                if (labelled && m_queue->autoAdvance()
                    && m_queue->rubricsOf(reportId).contains(rubricId))
                    QTimer::singleShot(0, m_queue, [this] { m_queue->step(1); });
            });
    connect(m_reportView, &ReportView::evidenceActivated, m_verdictPanel,
            &VerdictPanel::selectRubric);
    connect(m_verdictPanel, &VerdictPanel::evidenceStepRequested, this, &ReviewPage::stepEvidence);
    connect(m_verdictPanel, &VerdictPanel::reportStepRequested, this, [this](int step) {
        if (!m_explorer->stepReport(step))
            emit message(
                step > 0 ? tr("This is the last report.") : tr("This is the first report."), 3000);
    });
    connect(m_verdictPanel, &VerdictPanel::runsChosen, this, [this](RowId run, RowId other) {
        m_runChoice = run;
        m_otherRunChoice = other;
        refreshReport();
    });
    connect(m_verdictPanel, &VerdictPanel::blindModeChanged, this,
            [this] { m_reportView->setEvidence(m_verdictPanel->visibleRows()); });
    connect(m_verdictPanel->personaView(), &PersonaView::editCriteriaRequested, this,
            &ReviewPage::editCriteriaRequested);
    connect(m_verdictPanel, &VerdictPanel::message, this,
            [this](const QString &text) { emit message(text, 5000); });
}

void ReviewPage::connectQueue()
{
    connect(m_queue, &StudyQueueDock::studyChanged, this, [this] { applyStudyContext(); });
}

void ReviewPage::stepEvidence(int step)
{
    const RowId rubric = m_verdictPanel->currentRubric();
    const bool onRubric = m_reportView->currentMark() >= 0
        && m_reportView->marks().at(m_reportView->currentMark()).rubricId == rubric;
    if (!(onRubric ? m_reportView->cycleEvidence(step) : m_reportView->focusRubric(rubric)))
        emit message(m_verdictPanel->blindAction()->isChecked()
                         ? tr("Blind mode: the judge's evidence is not shown.")
                         : tr("This rubric has no evidence in the report."),
                     4000);
}

void ReviewPage::leaveProject()
{
    m_runChoice = m_otherRunChoice = 0;
}

void ReviewPage::setSnapshot(const ProjectSnapshot &snapshot)
{
    m_reloading = snapshot.path == m_projectPath;
    m_keptReport = m_reloading ? m_reportView->reportId() : 0;
    m_hasReports = !snapshot.reports.isEmpty();
    m_projectPath = snapshot.path;
    m_explorer->setSnapshot(snapshot);
}

void ReviewPage::settleOnReport()
{
    if (m_keptReport && m_explorer->selectReport(m_keptReport))
        return; // the report on screen stays
    if (m_reloading)
        return;
    m_reportView->showMessage(m_hasReports ? tr("Select a report in the tree to read it.")
                                           : tr("This project has no reports yet."));
    m_verdictPanel->clear();
    emit reportChanged();
}

void ReviewPage::refreshReport()
{
    if (m_reportView->reportId())
        loadReport(m_reportView->reportId());
}

void ReviewPage::openRubric(RowId reportId, RowId rubricId)
{
    if (reportId == m_reportView->reportId()) {
        m_verdictPanel->selectRubric(rubricId);
        return;
    }
    m_rubricOnLoad = rubricId;
    m_revealOnLoad.clear();
    m_explorer->selectReport(reportId);
}

RowId ReviewPage::queryId() const
{
    return m_verdictPanel->personaView()->queryId();
}

void ReviewPage::onReportSelected(RowId reportId)
{
    if (reportId == m_reportView->reportId())
        return;
    emit message(tr("Loading report…"));
    loadReport(reportId);
}

void ReviewPage::loadReport(RowId reportId)
{
    m_requestedReport = reportId;
    m_loader->loadReport(m_projectPath, reportId, m_runChoice, m_otherRunChoice);
}

void ReviewPage::onReportLoaded(const LoadedReport &loaded)
{
    const ReportSummary *summary = m_explorer->model()->reportSummary(loaded.report.id);
    // Before the verdicts are shown: a blind study must never show its judge, not even once.
    applyStudyContext(loaded.report.id);
    m_verdictPanel->showVerdicts(m_projectPath, loaded);
    emit reportChanged(); // the criteria editor follows the report's query
    // A refresh of the report on screen (a run wrote verdicts, a label revealed a blind
    // rubric) re-highlights without touching the text or its scroll position.
    if (loaded.report.id != m_reportView->reportId()) {
        m_reportView->showReport(loaded, summary ? summary->model : QString(),
                                 m_verdictPanel->visibleRows());
        if (!m_revealOnLoad.isEmpty()) {
            m_reportView->revealText(std::exchange(m_revealOnLoad, QString()));
        } else if (m_rubricOnLoad) {
            m_verdictPanel->selectRubric(std::exchange(m_rubricOnLoad, 0));
        } else {
            m_reportView->focusRubric(m_verdictPanel->currentRubric());
        }
        emit message({});
        return;
    }
    m_reportView->setEvidence(m_verdictPanel->visibleRows());
    emit message({});
    if (!m_reportView->isTextBuilding())
        emit reportShown(loaded.report.id);
}

void ReviewPage::applyStudyContext(RowId reportId)
{
    if (!reportId)
        reportId = m_reportView->reportId();
    const std::optional<Study> study = m_queue->currentStudy();
    m_verdictPanel->setStudyContext(study ? study->name : QString(), study && study->blind,
                                    study ? m_queue->rubricsOf(reportId) : QSet<RowId>());
}

} // namespace Rubricate
