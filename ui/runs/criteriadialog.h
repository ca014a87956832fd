// The PDR-Bench criteria editor for one query: its personalization and quality dimensions
// with their weights W_d, and each dimension's criteria (text, explanation, weight w_c) to
// edit, add, remove and reorder. The sums are checked as they change, Normalise makes them
// 1, and Save writes everything in one transaction (ProjectStore::replaceQueryCriteria) on
// a worker thread. Removing or rewording a criterion that judges or people already answered
// asks first; a criterion with human labels cannot be removed at all. Cancel writes nothing.
#pragma once

#include "runs/criteriamodel.h"
#include "store/projectstore.h"

#include <QDialog>
#include <QHash>

class QDialogButtonBox;
class QLabel;
class QMessageBox;
class QPushButton;
class QToolButton;
class QTreeView;

namespace Rubricate {

class CriteriaDialog : public QDialog
{
    Q_OBJECT

public:
    CriteriaDialog(const QString &projectPath, RowId queryId, QWidget *parent = nullptr);

    RowId queryId() const { return m_queryId; }
    bool isLoaded() const { return m_loaded; }
    CriteriaModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QLabel *validationLabel() const { return m_validation; }
    QPushButton *saveButton() const;
    QPushButton *normaliseButton() const { return m_normalise; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QToolButton *upButton() const { return m_up; }
    QToolButton *downButton() const { return m_down; }
    // How the loaded criteria are used (verdicts, labels), by rubric id.
    const QHash<RowId, CriterionUsage> &usage() const { return m_usage; }

    // Checks, asks where verdicts or labels are at stake, then writes. (Save does this.)
    void save();
    // A login the project refuses criteria changes to (an annotator's, in a team project)
    // reads them here: nothing can be edited, the Save button says why, and Cancel is Close.
    void setEditRefused(const QString &reason);

signals:
    void loaded();
    void saved(Rubricate::RowId queryId);
    void saveFailed(const QString &error);

private:
    struct Loaded;
    void onLoaded(const Loaded &data);
    void validate();
    void updateButtons();
    void removeCurrent();
    void write(bool allowDeletingJudged);
    QModelIndex currentCriterion() const;

    QString m_projectPath;
    RowId m_queryId;
    CriteriaModel *m_model;
    QTreeView *m_tree;
    QLabel *m_header;
    QLabel *m_validation;
    QLabel *m_usageLabel;
    QLabel *m_refusedLabel;
    QPushButton *m_add;
    QPushButton *m_remove;
    QToolButton *m_up;
    QToolButton *m_down;
    QPushButton *m_addDimension;
    QPushButton *m_normalise;
    QDialogButtonBox *m_buttons;
    QHash<RowId, CriterionUsage> m_usage;
    QList<RowId> m_loadedIds;
    QString m_editRefused;
    bool m_loaded = false;
    bool m_saving = false;
};

} // namespace Rubricate
