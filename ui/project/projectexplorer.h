// The left side of the window: the project tree (benchmark → task → report, or PDR-Bench's
// benchmark → persona → task → report), its filters (text, language, theme, persona, model,
// annotation status) and a full-text search over
// the reports whose hits open the report at the hit. Searches run off the GUI thread.
#pragma once

#include "project/projectfiltermodel.h"
#include "services/projectsnapshot.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QListWidget;
class QTreeView;

namespace Rubricate {

class ProjectTreeModel;

class ProjectExplorer : public QWidget
{
    Q_OBJECT

public:
    explicit ProjectExplorer(QWidget *parent = nullptr);

    void setSnapshot(const ProjectSnapshot &snapshot);

    QTreeView *tree() const { return m_tree; }
    ProjectTreeModel *model() const { return m_model; }
    ProjectFilterModel *filterModel() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QLineEdit *searchEdit() const { return m_search; }
    QListWidget *searchResults() const { return m_results; }
    // Group by task or by persona; shown when some report has a persona.
    QComboBox *groupBox() const { return m_group; }
    QComboBox *attributeBox(ProjectFilterModel::Attribute attribute) const
    {
        return m_boxes[attribute];
    }

    // Makes the report current (clearing filters that hide it); false when it is unknown.
    bool selectReport(RowId reportId);
    bool selectFirstReport();
    // The next (step 1) or previous (−1) report in tree order; false at either end.
    bool stepReport(int step);
    void search(const QString &text);

signals:
    void reportSelected(Rubricate::RowId reportId);
    void otherSelected(); // a task or benchmark row
    // A search hit was activated: the report should open and show `text`.
    void searchHitActivated(Rubricate::RowId reportId, const QString &text);
    void searchFinished(int hits);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Room for the widest report row's agent name at its depth in the tree.
    int widestAgentName() const;
    // Sizes the details column so that agent names are never cut short.
    void fitColumns();
    void onCurrentChanged(const QModelIndex &current);
    void fillBox(ProjectFilterModel::Attribute attribute, const QString &anyText,
                 const QStringList &values);
    void afterFilterChange();
    void setGrouping(int grouping);

    ProjectTreeModel *m_model;
    ProjectFilterModel *m_proxy;
    QLineEdit *m_filter;
    QComboBox *m_boxes[ProjectFilterModel::AttributeCount] = {};
    QComboBox *m_group;
    QTreeView *m_tree;
    QLineEdit *m_search;
    QListWidget *m_results;
    QString m_projectPath;
    quint64 m_searchRequest = 0;
    int m_reportCount = 0;
    int m_agentNameWidth = 0;
};

} // namespace Rubricate
