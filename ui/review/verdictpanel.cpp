#include "review/verdictpanel.h"

#include "common/elidingcombobox.h"
#include "review/labelkeys.h"
#include "review/personaview.h"
#include "review/verdictmodel.h"
#include "services/annotationwriter.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString blindKey = u"annotation/blind"_s;

QString escaped(const QString &text)
{
    return text.toHtmlEscaped().replace(u'\n', u"<br>"_s);
}

// How the current label was given, for the details: what a study needs to see at a glance.
QString provenanceText(const LabelProvenance &p, const QDateTime &at)
{
    QStringList parts;
    switch (p.method) {
    case LabelMethod::Typed:
        parts << VerdictPanel::tr("typed");
        break;
    case LabelMethod::AcceptedJudge:
        parts << VerdictPanel::tr("accepted the judge");
        break;
    case LabelMethod::Imported:
        parts << VerdictPanel::tr("imported");
        break;
    case LabelMethod::Undo:
        parts << VerdictPanel::tr("undo");
        break;
    case LabelMethod::Redo:
        parts << VerdictPanel::tr("redo");
        break;
    case LabelMethod::Adjudicated:
        parts << VerdictPanel::tr("adjudicated");
        break;
    case LabelMethod::Unknown:
        return {}; // written before Rubricate recorded how
    }
    if (p.judgeVisible)
        parts << (*p.judgeVisible ? VerdictPanel::tr("judge visible")
                                  : VerdictPanel::tr("judge hidden"));
    if (!p.study.isEmpty())
        parts << VerdictPanel::tr("study “%1”").arg(p.study);
    if (p.focusMs)
        parts << VerdictPanel::tr("%1 s in focus").arg(double(*p.focusMs) / 1000.0, 0, 'f', 1);
    if (at.isValid())
        parts << QLocale().toString(at.toLocalTime(), QLocale::ShortFormat);
    return parts.join(u" · "_s);
}

} // namespace

VerdictPanel::VerdictPanel(QUndoStack *undo, AnnotationWriter *writer, QWidget *parent)
    : QWidget(parent)
    , m_undo(undo)
    , m_writer(writer)
    , m_model(new VerdictModel(this))
    , m_view(new QTableView(this))
    , m_title(new QLabel(tr("No judge run for this report"), this))
    , m_runBox(new ElidingComboBox(this))
    , m_otherBox(new ElidingComboBox(this))
    , m_details(new QTextBrowser(this))
    , m_personaView(new PersonaView(this))
    , m_detailTabs(new QTabWidget(this))
    , m_blindAction(new QAction(tr("&Blind Mode"), this))
{
    m_title->setObjectName(u"verdictTitle"_s);
    m_title->setTextFormat(Qt::PlainText);
    m_view->setObjectName(u"verdictView"_s);
    m_runBox->setObjectName(u"runBox"_s);
    m_otherBox->setObjectName(u"otherRunBox"_s);
    m_details->setObjectName(u"verdictDetails"_s);
    m_runBox->setToolTip(tr("The judge run whose verdicts are shown"));
    m_otherBox->setToolTip(tr("A second run shown beside the first; disagreements are marked"));

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(VerdictModel::RubricColumn,
                                                     QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(VerdictModel::DimensionColumn,
                                                     QHeaderView::Interactive);
    m_view->horizontalHeader()->setSectionResizeMode(VerdictModel::NoteColumn,
                                                     QHeaderView::Interactive);
    m_view->setColumnHidden(VerdictModel::OtherJudgeColumn, true);
    m_view->setColumnHidden(VerdictModel::ReasonColumn, true);
    m_view->setColumnHidden(VerdictModel::WeightColumn, true);
    // The weight belongs next to its criterion; the model keeps it last for stable numbers.
    m_view->horizontalHeader()->moveSection(
        m_view->horizontalHeader()->visualIndex(VerdictModel::WeightColumn),
        m_view->horizontalHeader()->visualIndex(VerdictModel::RubricColumn) + 1);
    m_view->horizontalHeader()->setSectionResizeMode(VerdictModel::ReasonColumn,
                                                     QHeaderView::Interactive);
    // Right-click the header to choose columns (Run B follows the "beside" choice).
    QHeaderView *header = m_view->horizontalHeader();
    header->setContextMenuPolicy(Qt::ActionsContextMenu);
    for (const int column : {int(VerdictModel::DimensionColumn), int(VerdictModel::ReasonColumn),
                             int(VerdictModel::EvidenceColumn), int(VerdictModel::NoteColumn)}) {
        auto *toggle = new QAction(m_model->headerData(column, Qt::Horizontal).toString(), header);
        toggle->setCheckable(true);
        toggle->setChecked(!m_view->isColumnHidden(column));
        connect(toggle, &QAction::toggled, this,
                [this, column](bool on) { m_view->setColumnHidden(column, !on); });
        header->addAction(toggle);
    }

    // The details never load anything either: they show judge text, which is untrusted.
    m_details->setOpenLinks(false);
    m_details->setOpenExternalLinks(false);
    m_details->document()->setDocumentMargin(6);

    m_blindAction->setObjectName(u"actionBlindMode"_s);
    m_blindAction->setCheckable(true);
    m_blindAction->setShortcut(Qt::CTRL | Qt::Key_B);
    m_blindAction->setStatusTip(
        tr("Hide the judge's verdict and evidence until you have labelled the rubric"));
    m_blindAction->setChecked(QSettings().value(blindKey, false).toBool());
    m_model->setBlind(m_blindAction->isChecked());
    connect(m_blindAction, &QAction::toggled, this, [this](bool blind) {
        if (!blindLocked())
            QSettings().setValue(blindKey, blind);
        applyBlind();
    });

    // Label keys: every scale's keys exist; a key the current rubric's scale does not know
    // says so in the status bar (valueForKey gives no value).
    for (const QChar key : u"0123456789-PT"_s) {
        addWindowKey(this, QKeySequence(QString(key)), tr("Label with %1").arg(key),
                     [this, key] { labelWithKey(key); });
    }
    addWindowKey(this, QKeySequence(Qt::Key_A), tr("Accept the judge's verdict"),
                 [this] { acceptJudge(); });
    addWindowKey(this, QKeySequence(Qt::Key_N), tr("Add or edit a note"), [this] { editNote(); });
    addWindowKey(this, QKeySequence(Qt::Key_J), tr("Next rubric"), [this] { stepRubric(1); });
    addWindowKey(this, QKeySequence(Qt::Key_K), tr("Previous rubric"), [this] { stepRubric(-1); });
    addWindowKey(this, QKeySequence(Qt::Key_BracketRight), tr("Next report"),
                 [this] { emit reportStepRequested(1); });
    addWindowKey(this, QKeySequence(Qt::Key_BracketLeft), tr("Previous report"),
                 [this] { emit reportStepRequested(-1); });
    addWindowKey(this, QKeySequence(Qt::Key_E), tr("Next evidence span"),
                 [this] { emit evidenceStepRequested(1); });
    addWindowKey(this, QKeySequence(Qt::SHIFT | Qt::Key_E), tr("Previous evidence span"),
                 [this] { emit evidenceStepRequested(-1); });

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                updateDetails();
                m_focus.restart();
                if (const VerdictRow *row = m_model->rowAt(current.row()))
                    emit currentRubricChanged(row->rubricId);
            });
    // A label written in blind mode reveals the judge for that row: refresh the details.
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this] {
        updateTitle();
        updateDetails();
    });
    connect(m_runBox, &QComboBox::currentIndexChanged, this, [this] { chooseRuns(); });
    connect(m_otherBox, &QComboBox::currentIndexChanged, this, [this] { chooseRuns(); });
    // The window's one writer also writes the Adjudication page's gold labels.
    connect(m_writer, &AnnotationWriter::written, this,
            [this](RowId reportId, RowId, AnnotationKind kind) {
                if (kind == AnnotationKind::Label)
                    emit annotationWritten(reportId);
            });
    connect(m_writer, &AnnotationWriter::failed, this,
            [this](const QString &error, AnnotationKind kind) {
                if (kind == AnnotationKind::Label)
                    emit annotationFailed(error);
            });

    auto *blindButton = new QToolButton(this);
    blindButton->setDefaultAction(m_blindAction);
    blindButton->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    bar->addWidget(new QLabel(tr("Run:"), this));
    bar->addWidget(m_runBox);
    bar->addWidget(new QLabel(tr("beside:"), this));
    bar->addWidget(m_otherBox);
    bar->addStretch(1);
    bar->addWidget(blindButton);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"verdictSplitter"_s);
    split->addWidget(m_view);
    m_personaView->setObjectName(u"personaView"_s);
    m_detailTabs->setObjectName(u"detailTabs"_s);
    m_detailTabs->setDocumentMode(true);
    m_detailTabs->addTab(m_details, tr("Verdict"));
    m_detailTabs->addTab(m_personaView, tr("Query && Persona"));
    split->addWidget(m_detailTabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(3);
    layout->addLayout(bar);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);
    clear();
}

QList<std::pair<QString, QString>> VerdictPanel::keyHelp()
{
    return {
        {tr("J / K, Down / Up"), tr("next / previous rubric")},
        {tr("] / ["), tr("next / previous report")},
        {tr("1 / 0 / -"), tr("DRB-II: label 1, 0 or −1 (met only through the blocked source)")},
        {tr("1 / P / 0"), tr("ResearchRubrics: satisfied, partially, not satisfied")},
        {tr("0 … 9, T"), tr("0–10 scales: the score, T for 10")},
        {tr("A"), tr("accept the judge's verdict")},
        {tr("N"), tr("add or edit a note")},
        {tr("E / Shift+E"), tr("next / previous evidence span of the rubric")},
        {tr("Ctrl+B"), tr("blind mode: hide the judge until you have labelled")},
        {tr("Ctrl+Z / Ctrl+Shift+Z"), tr("undo / redo a label or note")},
    };
}

QString VerdictPanel::title() const
{
    return m_title->text();
}

QString VerdictPanel::annotator()
{
    return currentAnnotator();
}

RowId VerdictPanel::currentRubric() const
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    return row ? row->rubricId : 0;
}

void VerdictPanel::selectRubric(RowId rubricId)
{
    const int row = m_model->rowOfRubric(rubricId);
    if (row >= 0 && row != m_view->currentIndex().row())
        m_view->setCurrentIndex(m_model->index(row, VerdictModel::RubricColumn));
}

QList<VerdictRow> VerdictPanel::visibleRows() const
{
    // The report's highlights are coloured by the judge's verdict on text that every rubric
    // shares: a labelled rubric's marks would anchor the next one, so blind mode shows none.
    return m_model->isBlind() ? QList<VerdictRow>() : m_model->rows();
}

void VerdictPanel::clear()
{
    m_model->setRows({});
    m_projectPath.clear();
    m_report = m_run = m_otherRun = 0;
    m_fillingBoxes = true;
    m_runBox->clear();
    m_otherBox->clear();
    m_runBox->setEnabled(false);
    m_otherBox->setEnabled(false);
    m_fillingBoxes = false;
    m_title->setText(tr("Select a report to see its verdicts."));
    m_details->clear();
    m_personaView->clear();
    m_detailTabs->setCurrentWidget(m_details);
    m_detailTabs->setTabVisible(m_detailTabs->indexOf(m_personaView), false);
    m_detailTabs->tabBar()->hide();
}

void VerdictPanel::showPersonaTab()
{
    const int tab = m_detailTabs->indexOf(m_personaView);
    if (m_detailTabs->isTabVisible(tab))
        m_detailTabs->setCurrentIndex(tab);
}

void VerdictPanel::showVerdicts(const QString &projectPath, const LoadedReport &loaded)
{
    const bool sameReport = projectPath == m_projectPath && m_report == loaded.report.id;
    const RowId keepRubric = sameReport ? currentRubric() : 0;
    // The same report and runs again (a run or a label wrote to it): update in place, so the
    // selection and the scroll position stay where the annotator left them.
    // Edited criteria (removed, reordered) change the rows themselves: those start afresh.
    const auto sameRubrics = [&] {
        const QList<VerdictRow> &now = m_model->rows();
        return now.size() <= loaded.verdicts.size()
            && std::equal(now.cbegin(), now.cend(), loaded.verdicts.cbegin(),
                          [](const VerdictRow &a, const VerdictRow &b) {
                              return a.rubricId == b.rubricId;
                          });
    };
    if (sameReport && m_run == loaded.runId && m_otherRun == loaded.otherRunId && sameRubrics())
        m_model->updateRows(loaded.verdicts);
    else
        m_model->setRows(loaded.verdicts);
    if (!sameReport)
        m_focus.restart();
    m_projectPath = projectPath;
    m_report = loaded.report.id;
    m_run = loaded.runId;
    m_otherRun = loaded.otherRunId;
    m_runName = loaded.runName;

    m_fillingBoxes = true;
    m_runBox->clear();
    m_otherBox->clear();
    m_otherBox->addItem(tr("nothing"), RowId(0));
    for (const auto &[id, name] : loaded.runs) {
        m_runBox->addItem(name, id);
        m_otherBox->addItem(name, id);
    }
    m_runBox->setCurrentIndex(std::max(0, m_runBox->findData(loaded.runId)));
    m_otherBox->setCurrentIndex(std::max(0, m_otherBox->findData(loaded.otherRunId)));
    m_runBox->setEnabled(loaded.runs.size() > 1);
    m_otherBox->setEnabled(loaded.runs.size() > 1);
    m_fillingBoxes = false;
    m_view->setColumnHidden(VerdictModel::OtherJudgeColumn, loaded.otherRunId == 0);
    m_view->setColumnHidden(VerdictModel::WeightColumn, !m_model->hasWeights());
    // Long dimension names (PDR-Bench's "actionability_practicality", ResearchRubrics'
    // axes) and long notes would take the rubric's room and push the headers after them
    // out of sight: those columns fit their contents up to a cap and elide beyond it (the
    // details and the note's tooltip show the whole text).
    fitColumn(VerdictModel::DimensionColumn, 22);
    fitColumn(VerdictModel::NoteColumn, 12);

    const int keepRow = keepRubric ? m_model->rowOfRubric(keepRubric) : -1;
    if (keepRow >= 0 && m_view->currentIndex().row() != keepRow)
        m_view->setCurrentIndex(m_model->index(keepRow, VerdictModel::RubricColumn));
    else if (!m_view->currentIndex().isValid() && m_model->rowCount() > 0)
        m_view->setCurrentIndex(m_model->index(firstUnlabelledRow(), VerdictModel::RubricColumn));
    updateTitle();
    updateDetails();

    m_personaView->showQuery(loaded.query, loaded.persona);
    const int personaTab = m_detailTabs->indexOf(m_personaView);
    if (!loaded.query && m_detailTabs->currentIndex() == personaTab)
        m_detailTabs->setCurrentWidget(m_details);
    m_detailTabs->setTabVisible(personaTab, loaded.query.has_value());
    // Other benchmarks keep the details as they were, without a lone tab over them.
    m_detailTabs->tabBar()->setVisible(loaded.query.has_value());
}

void VerdictPanel::fitColumn(int column, int characters)
{
    m_view->resizeColumnToContents(column);
    m_view->setColumnWidth(column,
                           std::min(m_view->columnWidth(column),
                                    m_view->fontMetrics().averageCharWidth() * characters));
}

int VerdictPanel::firstUnlabelledRow() const
{
    // A report opened again continues where this annotator stopped.
    const QList<VerdictRow> &rows = m_model->rows();
    const auto open = std::find_if(rows.cbegin(), rows.cend(),
                                   [](const VerdictRow &r) { return !r.humanValue; });
    return open == rows.cend() ? 0 : int(open - rows.cbegin());
}

void VerdictPanel::updateTitle()
{
    int errors = 0, notFound = 0, labelled = 0, disagree = 0;
    for (const VerdictRow &r : m_model->rows()) {
        errors += r.judged && !r.judgeValue ? 1 : 0;
        notFound += r.evidenceStatus == "not_found"_L1 ? 1 : 0;
        labelled += r.humanValue ? 1 : 0;
        disagree += r.otherJudged && r.judged && r.otherJudgeValue != r.judgeValue ? 1 : 0;
    }
    const int n = int(m_model->rowCount());
    if (m_model->isBlind()) { // counts of the judge's errors and misquotes anchor too
        m_title->setText(tr("Blind mode: %n rubric(s), %1 labelled", nullptr, n).arg(labelled));
        return;
    }
    // Each count its own tr(): a plural form follows one %n only.
    QString text = m_run
        ? tr("%1, %2 labelled, %3, %4 not in the report")
              .arg(tr("%n rubric(s)", nullptr, n))
              .arg(labelled)
              .arg(tr("%n judge error(s)", nullptr, errors), tr("%n quote(s)", nullptr, notFound))
        : tr("No judge run for this report yet: %n rubric(s), %1 labelled", nullptr, n)
              .arg(labelled);
    if (m_otherRun)
        text += tr("; the two runs disagree on %n", nullptr, disagree);
    m_title->setText(text);
}

void VerdictPanel::updateDetails()
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row) {
        m_details->clear();
        return;
    }
    QString html = u"<p><b>%1 %2</b>"_s.arg(escaped(row->dimension)).arg(row->position + 1);
    if (row->weight < 0)
        html += u" · <span style='color:#b02020'>%1</span>"_s.arg(
            tr("weight %1: a pitfall").arg(VerdictModel::valueText(row->weight)));
    else if (row->weight != 1)
        html += tr(" · weight %1").arg(row->weight);
    html += u"<br>%1</p>"_s.arg(escaped(row->rubricText));
    html += u"<p style='color:#606060'>%1 %2</p>"_s.arg(tr("Scale:"),
                                                        VerdictModel::scaleText(row->scale));

    if (m_model->judgeHidden(*row)) {
        html += u"<p><i>%1</i></p>"_s.arg(
            tr("Blind mode: the judge's verdict and evidence appear once you have labelled "
               "this rubric."));
    } else if (!row->judged) {
        html += u"<p><i>%1</i></p>"_s.arg(tr("Not judged in this run."));
    } else {
        if (row->judgeStale)
            html += u"<p><i>%1</i></p>"_s.arg(
                tr("Stale: the criterion was edited after this verdict; judge it again."));
        if (row->judgeValue) {
            html += u"<p><b>%1</b> %2 — %3</p>"_s.arg(
                tr("Judge:"), VerdictModel::valueText(row->judgeValue, row->scale),
                escaped(row->reason));
        } else {
            html += u"<p><b>%1</b> <span style='color:#b02020'>%2</span></p>"_s.arg(
                tr("Judge error:"), escaped(row->judgeError));
        }
        if (!row->evidence.isEmpty()) {
            QString status;
            if (row->evidenceStatus == "not_found"_L1)
                status
                    = u"<span style='color:#b02020'>%1</span>"_s.arg(tr("not found in the report"));
            else if (row->evidenceStatus == "partial"_L1)
                status = tr("partly found in the report");
            else if (row->evidenceStatus == "located"_L1)
                status = tr("found in the report (%n span(s))", nullptr, int(row->spans.size()));
            html += u"<p><b>%1</b> %2<br>“%3”</p>"_s.arg(tr("Evidence:"), status,
                                                         escaped(row->evidence));
        }
    }
    if (row->humanValue || !row->humanNote.isEmpty()) {
        html += u"<p><b>%1</b> %2 %3</p>"_s.arg(
            tr("Human:"), VerdictModel::valueText(row->humanValue, row->scale),
            row->annotator.isEmpty() ? QString() : u"(%1)"_s.arg(escaped(row->annotator)));
        if (!row->humanNote.isEmpty())
            html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Note:"), escaped(row->humanNote));
        const QString how = provenanceText(row->humanProvenance, row->humanAt);
        if (!how.isEmpty())
            html += u"<p><small>%1</small></p>"_s.arg(escaped(how));
    }
    m_details->setHtml(html);
}

void VerdictPanel::chooseRuns()
{
    if (m_fillingBoxes || !m_report)
        return;
    const RowId run = m_runBox->currentData().toLongLong();
    const RowId other = m_otherBox->currentData().toLongLong();
    if (run != m_run || other != m_otherRun)
        emit runsChosen(run, other);
}

void VerdictPanel::stepRubric(int step)
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return;
    const int row = std::clamp(m_view->currentIndex().row() + step, 0, rows - 1);
    m_view->setCurrentIndex(m_model->index(row, VerdictModel::RubricColumn));
}

void VerdictPanel::applyBlind()
{
    // Inside a blind study the toggle shows blind and cannot be switched off; outside it the
    // annotator's own choice (kept in the settings) applies again.
    const bool locked = blindLocked();
    const bool blind = locked || QSettings().value(blindKey, false).toBool();
    {
        const QSignalBlocker block(m_blindAction);
        m_blindAction->setChecked(blind);
    }
    m_blindAction->setEnabled(!locked);
    m_blindAction->setToolTip(locked ? tr("The study “%1” is blind: the judge stays hidden "
                                          "until you have labelled each item")
                                           .arg(m_study)
                                     : m_blindAction->statusTip());
    if (m_model->isBlind() == blind)
        return;
    m_model->setBlind(blind);
    updateTitle();
    updateDetails();
    emit blindModeChanged(blind);
}

} // namespace Rubricate
