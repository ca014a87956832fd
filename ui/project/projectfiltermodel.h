// The explorer's filters over the project tree: free text over names, plus language, theme,
// persona, agent model and annotation status of the reports. A task or benchmark stays
// visible while one of its reports passes; a task whose name matches the text shows the
// reports of it that pass the other filters.
#pragma once

#include "project/projecttreemodel.h"

#include <QSortFilterProxyModel>

namespace Rubricate {

class ProjectFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    enum Attribute { Language, Theme, Persona, Model, Status, AttributeCount };

    explicit ProjectFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    // An empty value lets everything through; Status takes AnnotationStatus as a number.
    void setAttribute(Attribute attribute, const QString &value);
    QString attribute(Attribute attribute) const { return m_values[attribute]; }
    bool isFiltering() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    // The benchmarks' "n of N tasks" follow the filter.
    void rootCountsChanged();
    bool textMatches(const QModelIndex &sourceIndex) const;
    bool attributesMatch(const QModelIndex &reportIndex) const;

    QString m_text;
    QString m_values[AttributeCount];
};

} // namespace Rubricate
