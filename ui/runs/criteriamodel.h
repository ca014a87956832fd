// The criteria editor's model: one PDR-Bench query's criteria as a tree, family
// (personalization, quality) → dimension (with its weight W_d) → criterion (text,
// explanation, weight w_c). Rows are plain values loaded in one go and handed back as
// rubrics for ProjectStore::replaceQueryCriteria; the model never reads the database.
// It checks what the reference checks (formats.md §4.2): the w_c of each dimension and the
// W_d of each family sum to 1 within 1e-6.
#pragma once

#include "domain/types.h"

#include <QAbstractItemModel>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace Rubricate {

struct CriterionDraft {
    RowId rubricId = 0; // 0: added in the editor
    QString text;
    QString explanation;
    double weight = 0;
    QJsonObject metadata; // as stored (origin, edited_by …), carried back on save
    QString storedText; // as loaded: an edit of the wording makes verdicts stale
    QString storedExplanation;

    bool wordingChanged() const
    {
        return rubricId && (text != storedText || explanation != storedExplanation);
    }
};

struct DimensionDraft {
    QString name;
    double weight = 0; // W_d
    QList<CriterionDraft> criteria;
};

struct FamilyDraft {
    QString name; // "personalization", "quality"
    QList<DimensionDraft> dimensions;
};

class CriteriaModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { TextColumn, ExplanationColumn, WeightColumn, SumColumn, ColumnCount };
    enum class NodeKind { Family, Dimension, Criterion };
    enum Role {
        KindRole = Qt::UserRole + 1, // NodeKind as int
        RubricIdRole, // criterion rows: the rubric's id, 0 for a new one
        ValidRole, // family and dimension rows: their weights sum to 1
    };
    static constexpr double Tolerance = 1e-6;

    explicit CriteriaModel(QObject *parent = nullptr);

    // The query's rubrics as families: personalization and quality always, then any other
    // family the metadata names; dimensions in the reference's order, unknown ones after in
    // the order they came; criteria by position.
    static QList<FamilyDraft> draftsFromRubrics(const QList<Rubric> &rubrics);
    void setRubrics(const QList<Rubric> &rubrics) { setFamilies(draftsFromRubrics(rubrics)); }
    void setFamilies(const QList<FamilyDraft> &families);
    const QList<FamilyDraft> &families() const { return m_families; }
    // What to save: every criterion in display order with its dimension's weight. A
    // dimension without criteria has no rubric to carry its weight and is left out.
    QList<Rubric> toRubrics() const;
    bool isModified() const { return m_modified; }

    // Edits. Criterion operations take a criterion's index (adding also a dimension's).
    QModelIndex addCriterion(const QModelIndex &at);
    bool removeCriterion(const QModelIndex &criterion);
    bool moveCriterion(const QModelIndex &criterion, int step);
    // Adds a dimension to family `family` (its name must be new there), weight 0.
    QModelIndex addDimension(int family, const QString &name);
    // Known dimensions of the family that it does not have yet.
    QStringList missingDimensions(int family) const;
    // Scales each dimension's w_c and each family's W_d to sum 1 (equal shares where they
    // are all 0). A family or dimension without rows is left alone.
    void normalise();

    // Everything that keeps the criteria from being saved, one sentence each; empty: valid.
    QStringList problems() const;
    static double criterionSum(const DimensionDraft &dimension);
    static double dimensionSum(const FamilyDraft &family);

    NodeKind kindOf(const QModelIndex &index) const;
    const CriterionDraft *criterionAt(const QModelIndex &index) const;
    QModelIndex familyIndex(int family) const;
    QModelIndex dimensionIndex(int family, int dimension) const;
    QModelIndex criterionIndex(int family, int dimension, int criterion) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    // Any edit: the dialog re-checks the sums.
    void edited();

private:
    struct Path {
        int family = -1;
        int dimension = -1;
        int criterion = -1;
    };
    Path pathOf(const QModelIndex &index) const;
    void touched(const QModelIndex &from, const QModelIndex &to);
    // The sums shown on a family and a dimension row change with any weight below them.
    void sumsChanged(int family, int dimension);

    QList<FamilyDraft> m_families;
    bool m_modified = false;
};

} // namespace Rubricate
