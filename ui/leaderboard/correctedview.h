// The "Corrected" view of the leaderboard page (issue 16): per model (and dimension) the
// judge's own score, the PPI++ score and the people-only score with their intervals, n, N and
// the effective sample size, from one study's labels; ranks whose intervals overlap shown as
// ties; and the pairwise "is A better than B" table. A value that cannot be computed says
// why in its cell: the judge's score never stands in for it.
#pragma once

#include "leaderboard/correctedmodels.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QThreadPool;

namespace Rubricate {

// The choosers (study, gold, per dimension), a summary and the two tables. It computes on the
// pool it is given, when asked (the page asks while the view is on screen).
class CorrectedView : public QWidget
{
    Q_OBJECT

public:
    explicit CorrectedView(QWidget *parent = nullptr);

    // The project and benchmark to correct; computed at the next load().
    void setSource(const QString &projectPath, const QString &benchmarkKey, QThreadPool *pool);
    void load();
    bool isBusy() const { return m_pending > 0; }
    const CorrectedScores &scores() const { return m_scores; }
    // Writes the tables shown as `file` (.csv with -pairwise.csv beside it, .json or .tex;
    // CorrectedExport::correctedFiles, as `score … --corrected --out/--latex` writes them)
    // on a worker; `exported` tells when they are written or why not.
    void exportTo(const QString &file);
    QPushButton *exportButton() const { return m_export; }

    QComboBox *studyBox() const { return m_study; }
    QComboBox *goldBox() const { return m_gold; }
    QCheckBox *perDimensionBox() const { return m_perDimension; }
    QLabel *summaryLabel() const { return m_summary; }
    CorrectedScoresModel *scoresModel() const { return m_scoresModel; }
    CorrectedPairsModel *pairsModel() const { return m_pairsModel; }
    QTableView *scoresView() const { return m_scoresView; }
    QTableView *pairsView() const { return m_pairsView; }

signals:
    void ready();
    void exported(const QStringList &files, const QString &error);

private:
    struct Loaded;
    void apply(const Loaded &loaded);
    void chooseExport();

    QString m_projectPath;
    QString m_benchmarkKey;
    QThreadPool *m_pool = nullptr;
    bool m_filling = false;
    quint64 m_request = 0;
    int m_pending = 0;
    CorrectedScores m_scores;

    QComboBox *m_study;
    QComboBox *m_gold;
    QCheckBox *m_perDimension;
    QLabel *m_summary;
    QPushButton *m_export;
    QLabel *m_exportStatus;
    CorrectedScoresModel *m_scoresModel;
    CorrectedPairsModel *m_pairsModel;
    QTableView *m_scoresView;
    QTableView *m_pairsView;
};

} // namespace Rubricate
