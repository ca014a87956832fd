// The agreement dashboard: how far the judge agrees with people, and people with each other,
// for the open project. Controls choose the benchmark, the judge run, who it is compared
// with, the label collapse, the α level, the breakdown, a filter and which annotators' labels
// count (by provenance: typed only, given blind ...); the report is computed
// off the GUI thread and shown as charts (confusion, breakdown with interval whiskers, α per
// level, annotator pairs), a comparisons table and a disagreement list whose rows open the
// report at the rubric. Before any judge run (or with "Annotators only" ticked) the people are
// compared among themselves alone: their κ matrix, Fleiss' κ and α, and a line saying that no
// judge run is compared.
#pragma once

#include "alignment/alignment.h"

#include "project/projectpage.h"

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace Rubricate {

class ComparisonsModel;
class DisagreementsModel;

class AlignmentDashboard : public ProjectPage
{
    Q_OBJECT

public:
    explicit AlignmentDashboard(QWidget *parent = nullptr);

    AlignmentOptions options() const;
    const AlignmentReport &report() const { return m_report; }
    bool isBusy() const { return m_pending > 0; }

    // Writes the whole alignment report (tables, charts, label table, manifest) to `directory`
    // off the GUI thread; `exported` follows.
    void exportTo(const QString &directory);

    QComboBox *benchmarkBox() const { return m_benchmark; }
    QComboBox *judgeBox() const { return m_judge; }
    QComboBox *againstBox() const { return m_against; }
    // Compare the judge with the annotators (the "Against" choice) or with the gold labels.
    QComboBox *compareWithBox() const { return m_compareWith; }
    // "Adjudicate…" on the Disagreements list: every disagreement, the selected one current.
    QAction *adjudicateAction() const { return m_adjudicate; }
    QComboBox *collapseBox() const { return m_collapse; }
    QComboBox *levelBox() const { return m_level; }
    QComboBox *breakdownBox() const { return m_breakdown; }
    QComboBox *filterAttributeBox() const { return m_filterAttribute; }
    QComboBox *filterValueBox() const { return m_filterValue; }
    QComboBox *subsetBox() const { return m_subset; }
    // Which annotators' labels count, by how they were given (LabelFilter).
    QComboBox *labelFilterBox() const { return m_labelFilter; }
    QCheckBox *intervalsBox() const { return m_intervals; }
    QCheckBox *annotatorsOnlyBox() const { return m_annotatorsOnly; }
    QLabel *noJudgeLabel() const { return m_noJudge; }
    QTableView *comparisonsView() const { return m_comparisonsView; }
    QTableView *disagreementsView() const { return m_disagreementsView; }
    QLabel *summaryLabel() const { return m_summary; }

signals:
    void reportReady();
    void openRubric(Rubricate::RowId reportId, Rubricate::RowId rubricId);
    void adjudicate(const QList<std::pair<Rubricate::RowId, Rubricate::RowId>> &items,
                    const QString &title, std::pair<Rubricate::RowId, Rubricate::RowId> current);
    void exported(const QString &directory, const QStringList &files, const QString &error);

protected:
    // Reads the project's ratings (and samples) and recomputes.
    void load() override;

private:
    void fillChoices();
    void fillFilterValues();
    void recompute();
    void showReport();
    void updateJudgeControls();
    QString annotatorsSummary() const;
    void chooseExport();
    void adjudicateDisagreements();
    bool againstGold() const;
    LabelFilter chosenLabelFilter() const;

    QList<RatingRow> m_rows;
    LabelFilter m_rowsLabels; // the label filter m_rows were read with
    QList<RatingRow> m_goldRows; // compared with only when chosen
    // Saved subsets: the project's annotation samples, by name.
    QHash<QString, QSet<std::pair<RowId, RowId>>> m_samples;
    QHash<QString, RowId> m_studyRuns;
    QHash<RowId, QString> m_rubricTexts; // what the disagreement list shows of each item
    AlignmentReport m_report;
    quint64 m_rowsRequest = 0;
    quint64 m_reportRequest = 0;
    int m_pending = 0;
    bool m_filling = false;

    QComboBox *m_benchmark;
    QComboBox *m_judge;
    QComboBox *m_against;
    QComboBox *m_compareWith;
    QAction *m_adjudicate;
    QComboBox *m_collapse;
    QComboBox *m_level;
    QComboBox *m_breakdown;
    QComboBox *m_filterAttribute;
    QComboBox *m_filterValue;
    QComboBox *m_subset;
    QComboBox *m_labelFilter;
    QCheckBox *m_intervals;
    QCheckBox *m_annotatorsOnly;
    QSpinBox *m_seed;
    QPushButton *m_export;
    QLabel *m_summary;
    QLabel *m_noJudge;
    QWidget *m_confusion;
    QWidget *m_breakdownChart;
    QWidget *m_levels;
    QWidget *m_pairs;
    ComparisonsModel *m_comparisons;
    DisagreementsModel *m_disagreements;
    QTableView *m_comparisonsView;
    QTableView *m_disagreementsView;
};

} // namespace Rubricate
