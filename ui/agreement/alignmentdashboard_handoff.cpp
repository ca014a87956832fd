// What AlignmentDashboard hands on: its disagreements to the adjudication page, its summary of
// the annotators, and the whole report (tables and charts) to an export folder.
#include "agreement/alignmentdashboard.h"

#include "agreement/alignmentmodels.h"
#include "exchange/alignmentexport.h"
#include "services/alignmentcharts.h"
#include "services/background.h"
#include "services/coretext.h"

#include <QFileDialog>
#include <QTableView>

namespace Rubricate {

using namespace Qt::StringLiterals;

void AlignmentDashboard::adjudicateDisagreements()
{
    QList<std::pair<RowId, RowId>> items;
    for (const Disagreement &d : std::as_const(m_report.disagreements))
        items.append({d.reportId, d.rubricId});
    if (items.isEmpty())
        return;
    const QModelIndex at = m_disagreementsView->currentIndex();
    const std::pair<RowId, RowId> current = at.isValid()
        ? std::pair{at.data(DisagreementsModel::ReportIdRole).toLongLong(),
                    at.data(DisagreementsModel::RubricIdRole).toLongLong()}
        : items.constFirst();
    emit adjudicate(items,
                    tr("Disagreements of %1 with %2 (%n item(s))", nullptr, int(items.size()))
                        .arg(CoreText::raterName(m_report.mainJudge,
                                                 raterDisplayName(m_report, m_report.mainJudge)),
                             CoreText::raterName(m_report.mainHuman,
                                                 raterDisplayName(m_report, m_report.mainHuman))),
                    current);
}

// Agreement among the people alone: how many items how many of them labelled, all of them
// together, and what each one chose.
QString AlignmentDashboard::annotatorsSummary() const
{
    QStringList byCount;
    for (auto it = m_report.itemsByAnnotatorCount.cend();
         it != m_report.itemsByAnnotatorCount.cbegin();) {
        --it;
        byCount << tr("%n item(s) by %1", nullptr, int(it.value())).arg(it.key());
    }
    QString text = tr("%n annotator(s): %1.", nullptr, int(m_report.annotators.size()))
                       .arg(byCount.join(tr(", ")))
        + u" "_s
        + tr("All together: Krippendorff's α (%1) %2, Fleiss' κ %3.")
              .arg(CoreText::alphaLevel(m_report.options.level),
                   estimateText(m_report.annotatorsAlpha), estimateText(m_report.annotatorsFleiss));
    QStringList labels;
    for (const AnnotatorLabels &a : m_report.annotatorLabels) {
        QStringList counts;
        for (qsizetype c = 0; c < a.perCategory.size(); ++c) {
            counts << tr("%1: %2")
                          .arg(QString::number(m_report.categories.at(c)))
                          .arg(a.perCategory.at(c));
        }
        labels << tr("%1 %n item(s) (%2)", nullptr, int(a.items))
                      .arg(m_report.raterNames.value(a.rater, a.rater), counts.join(tr(", ")));
    }
    return text + u"\n"_s + tr("Labels: %1.").arg(labels.join(tr("; ")));
}

void AlignmentDashboard::chooseExport()
{
    auto *chooser = new QFileDialog(this, tr("Export the alignment report to a folder"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::Directory);
    chooser->setOption(QFileDialog::ShowDirsOnly);
    connect(chooser, &QFileDialog::fileSelected, this, &AlignmentDashboard::exportTo);
    chooser->open();
}

void AlignmentDashboard::exportTo(const QString &directory)
{
    const AlignmentReport report = m_report;
    ++m_pending;
    // The global pool, not the dashboard's: the chart hook waits for the GUI thread, which
    // must never be waiting for this pool (its destructor would) at the same time.
    runInBackground(
        this,
        [report, directory] {
            const auto files = exportAlignment(report, directory, alignmentExportOptions());
            return std::pair{files ? *files : QStringList(), files.errorMessage()};
        },
        [this, directory](const std::pair<QStringList, QString> &out) {
            --m_pending;
            emit exported(directory, out.first, out.second);
        });
}
} // namespace Rubricate
