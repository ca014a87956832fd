// The leaderboard page: per benchmark (and judge run, where the benchmark scores one), one
// row per model with the benchmark's dimensions, axes or metrics, sortable, a bar chart of
// the headline column and an export of the benchmark's own result files and the chart. The
// board is computed off the GUI thread, on the page's own pool, and only while shown.
#pragma once

#include "domain/types.h"
#include "scoring/leaderboard.h"
#include "scoring/reportbenchscoring.h"
#include "services/chartlayer.h"

#include "project/projectpage.h"
#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>
#include <QStringList>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace Rubricate {

class CorrectedView;

// Column 0 the model, 1 … the board's columns, last n. DisplayRole is the formatted value
// ("—" when undefined, the reason as tooltip), ValueRole the number (invalid when undefined).
class LeaderboardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        ValueRole = Qt::UserRole + 1,
        // Column 0: the model's reports written in another language than their task
        // (QStringList of report files); invalid when there are none.
        LanguageMismatchRole,
    };

    explicit LeaderboardModel(QObject *parent = nullptr);
    // `languageMismatches`: model → its reports the import flagged as in another language.
    void setLeaderboard(const Leaderboard &board,
                        const QHash<QString, QStringList> &languageMismatches = {});
    const Leaderboard &leaderboard() const { return m_board; }
    // The view column of the board column `key`; -1 when absent.
    int columnOf(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    Leaderboard m_board;
    QHash<QString, QStringList> m_languageMismatches;
};

// Sorts by ValueRole with undefined values last in both orders, then by model name.
class LeaderboardSortModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

class LeaderboardPage : public ProjectPage
{
    Q_OBJECT

public:
    explicit LeaderboardPage(QWidget *parent = nullptr);

    const Leaderboard &leaderboard() const { return m_model->leaderboard(); }
    bool isBusy() const { return m_pending > 0; }
    // The benchmark's native files, the board as CSV and the headline chart as PNG and SVG,
    // written to `directory`; `exported` follows.
    void exportTo(const QString &directory);

    QComboBox *benchmarkBox() const { return m_benchmark; }
    QComboBox *runBox() const { return m_run; }
    // ReportBench: where the titles come from (data: "text", "pages", "judge", as
    // `score reportbench --titles`) and, for "judge" with several judges, whose
    // classifications (--page-judge). Both remembered in the settings.
    QComboBox *titlesBox() const { return m_titles; }
    QComboBox *pageJudgeBox() const { return m_pageJudge; }
    QTableView *tableView() const { return m_view; }
    LeaderboardModel *model() const { return m_model; }
    QLabel *summaryLabel() const { return m_summary; }
    // "Judge scores" and "Corrected"; the corrected view computes while it is the current tab.
    QTabWidget *viewTabs() const { return m_tabs; }
    CorrectedView *correctedView() const { return m_corrected; }

signals:
    void ready();
    void exported(const QString &directory, const QStringList &files, const QString &error);

protected:
    void load() override;

private:
    struct Loaded;
    void apply(const Loaded &loaded);
    void chooseExport();
    void loadCorrectedIfShown();
    void chooseReportBenchMethod();

    bool m_filling = false;
    quint64 m_request = 0;
    int m_pending = 0;
    QString m_shownKey; // the board's benchmark and run, for the export
    RowId m_shownRun = 0;
    ReportBenchOptions m_shownReportBench;

    QComboBox *m_benchmark;
    QLabel *m_runLabel;
    QComboBox *m_run;
    QLabel *m_titlesLabel;
    QComboBox *m_titles;
    QLabel *m_pageJudgeLabel;
    QComboBox *m_pageJudge;
    QPushButton *m_export;
    QLabel *m_summary;
    LeaderboardModel *m_model;
    LeaderboardSortModel *m_proxy;
    QTableView *m_view;
    QWidget *m_chart;
    CorrectedView *m_corrected;
    QTabWidget *m_tabs;
};

// The bar chart of the board's headline column, bars in the board's order.
ChartSpec leaderboardChart(const Leaderboard &board);

} // namespace Rubricate
