#include "verdictpanel.h"

#include "annotationwriter.h"
#include "verdictmodel.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

VerdictPanel::VerdictPanel(QUndoStack *undo, QWidget *parent)
    : QWidget(parent)
    , m_undo(undo)
    , m_writer(new AnnotationWriter(this))
    , m_model(new VerdictModel(this))
    , m_view(new QTableView(this))
    , m_title(new QLabel(tr("No judge run for this report"), this))
{
    m_title->setObjectName(u"verdictTitle"_s);
    m_view->setObjectName(u"verdictView"_s);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(VerdictModel::RubricColumn,
                                                     QHeaderView::Stretch);

    // The DRB-II scale's keys; other scales' values are refused by isValidValue().
    const std::pair<QKeySequence, double> labelKeys[] = {{QKeySequence(Qt::Key_1), 1},
                                                         {QKeySequence(Qt::Key_0), 0},
                                                         {QKeySequence(Qt::Key_Minus), -1}};
    for (const auto &[key, value] : labelKeys) {
        auto *label = new QAction(tr("Label %1").arg(VerdictModel::valueText(value)), this);
        label->setShortcut(key);
        label->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(label, &QAction::triggered, this, [this, v = value] { setHumanLabel(v); });
        m_view->addAction(label);
    }
    auto *accept = new QAction(tr("Accept the judge's verdict"), this);
    accept->setShortcut(QKeySequence(Qt::Key_A));
    accept->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(accept, &QAction::triggered, this, [this] {
        const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
        if (row && row->judgeValue)
            setHumanLabel(*row->judgeValue);
    });
    m_view->addAction(accept);

    connect(m_writer, &AnnotationWriter::written, this,
            [this](RowId reportId, RowId) { emit annotationWritten(reportId); });
    connect(m_writer, &AnnotationWriter::failed, this, &VerdictPanel::annotationFailed);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_view, 1);
}

QString VerdictPanel::title() const
{
    return m_title->text();
}

QString VerdictPanel::annotator()
{
    const QString fromSettings = QSettings().value(u"annotator"_s).toString();
    if (!fromSettings.isEmpty())
        return fromSettings;
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? u"annotator"_s : user;
}

void VerdictPanel::showVerdicts(const QString &projectPath, const LoadedReport &loaded)
{
    // The same report and run again (a run or a label wrote to it): update in place, so the
    // selection and the scroll position stay where the annotator left them.
    if (projectPath == m_projectPath && m_report == loaded.report.id && m_run == loaded.runId)
        m_model->updateRows(loaded.verdicts);
    else
        m_model->setRows(loaded.verdicts);
    m_projectPath = projectPath;
    m_report = loaded.report.id;
    m_run = loaded.runId;
    int errors = 0, notFound = 0;
    for (const VerdictRow &r : loaded.verdicts) {
        errors += r.judged && !r.judgeValue ? 1 : 0;
        notFound += r.evidenceStatus == "not_found"_L1 ? 1 : 0;
    }
    m_title->setText(
        loaded.runId
            ? tr("Judge run “%1”: %n rubric(s), %2 error(s), %3 quote(s) not in the report",
                 nullptr, int(loaded.verdicts.size()))
                  .arg(loaded.runName)
                  .arg(errors)
                  .arg(notFound)
            : tr("No judge run for this report yet: %n rubric(s)", nullptr,
                 int(loaded.verdicts.size())));
}

void VerdictPanel::setHumanLabel(double value)
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row || !m_report || !isValidValue(row->scale, value) || row->humanValue == value)
        return;
    AnnotationEvent e;
    e.reportId = m_report;
    e.rubricId = row->rubricId;
    e.annotator = annotator();
    e.value = value;
    e.previousValue = row->humanValue;
    // Pushing runs redo(), which writes the event at once.
    m_undo->push(new SetLabelCommand(m_writer, m_projectPath, e));
}

} // namespace Rubricate
