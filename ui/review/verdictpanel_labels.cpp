// VerdictPanel's labelling: label keys and the judge's verdict taken as a label, their
// provenance, notes, and the study the labels are given for.
#include "review/verdictpanel.h"

#include "review/labelkeys.h"
#include "review/verdictmodel.h"
#include "services/annotationwriter.h"

#include <QAction>
#include <QInputDialog>
#include <QTableView>
#include <QUndoStack>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// At most `length` characters, the cut marked with an ellipsis so it does not read as the
// whole text.
QString elided(const QString &text, qsizetype length)
{
    return text.size() <= length ? text : text.left(length - 1).trimmed() + u'…';
}

} // namespace

void VerdictPanel::labelWithKey(QChar key)
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row)
        return;
    if (const auto value = valueForKey(row->scale, key)) {
        setHumanLabel(*value, LabelMethod::Typed);
        return;
    }
    emit message(unknownLabelKeyMessage(row->scale, key));
}

void VerdictPanel::acceptJudge()
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row || !row->judgeValue)
        return;
    if (m_model->judgeHidden(*row)) {
        emit message(tr("Blind mode: give your own label first."));
        return;
    }
    setHumanLabel(*row->judgeValue, LabelMethod::AcceptedJudge);
}

LabelProvenance VerdictPanel::provenanceOf(const VerdictRow &row, LabelMethod method) const
{
    LabelProvenance p;
    p.method = method;
    // The run and its verdict are the panel's even when blind hides them, so that a study can
    // still ask what the judge said; judgeVisible says whether the annotator could see it.
    p.judgeVisible = m_run != 0 && row.judged && !m_model->judgeHidden(row);
    p.shownRunId = m_run;
    p.shownVerdict = row.judgeValue;
    if (m_studyRubrics.contains(row.rubricId))
        p.study = m_study;
    if (m_focus.isValid())
        p.focusMs = m_focus.elapsed();
    return p;
}

void VerdictPanel::setHumanLabel(double value, LabelMethod method)
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row || !m_report || !isValidValue(row->scale, value) || row->humanValue == value)
        return;
    AnnotationEvent e;
    e.reportId = m_report;
    e.rubricId = row->rubricId;
    e.annotator = annotator();
    e.annotatorName = currentAnnotatorName();
    e.value = value;
    e.previousValue = row->humanValue;
    e.note = row->humanNote; // the note stays with the rubric
    e.provenance = provenanceOf(*row, method);
    const RowId report = m_report;
    const RowId rubric = row->rubricId;
    // Pushing runs redo(), which writes the event at once.
    m_undo->push(new SetLabelCommand(m_writer, m_projectPath, e, row->humanNote));
    emit labelGiven(report, rubric, true);
}

void VerdictPanel::setStudyContext(const QString &study, bool blind,
                                   const QSet<RowId> &studyRubrics)
{
    m_study = study;
    m_studyBlind = blind;
    m_studyRubrics = studyRubrics;
    applyBlind();
}

void VerdictPanel::editNote()
{
    const VerdictRow *row = m_model->rowAt(m_view->currentIndex().row());
    if (!row || !m_report)
        return;
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(u"noteDialog"_s);
    dialog->setWindowTitle(tr("Note"));
    dialog->setLabelText(tr("Note on “%1”:").arg(elided(row->rubricText.simplified(), 80)));
    dialog->setTextValue(row->humanNote);
    const RowId report = m_report;
    const RowId rubric = row->rubricId;
    connect(dialog, &QInputDialog::textValueSelected, this,
            [this, report, rubric](const QString &note) {
                // The panel may show another report by now: write what the note was for.
                const int at = m_model->rowOfRubric(rubric);
                const VerdictRow *r = m_model->rowAt(at);
                if (report != m_report || !r || r->humanNote == note)
                    return;
                AnnotationEvent e;
                e.reportId = report;
                e.rubricId = rubric;
                e.annotator = annotator();
                e.annotatorName = currentAnnotatorName();
                e.value = r->humanValue;
                e.previousValue = r->humanValue;
                e.note = note;
                e.provenance = provenanceOf(*r, LabelMethod::Typed);
                m_undo->push(new SetLabelCommand(m_writer, m_projectPath, e, r->humanNote));
            });
    // open(), not exec(): background results keep arriving while the note is typed.
    dialog->open();
}
} // namespace Rubricate
