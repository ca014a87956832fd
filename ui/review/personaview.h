// PDR-Bench in the review page: the query a report answers (its information setting and its
// text) and the persona who asked it, every attribute of it as a tree. It shows what the
// report loader read off the GUI thread; it reads nothing itself. Its button asks for the
// query's criteria editor.
#pragma once

#include "domain/types.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTreeView;

namespace Rubricate {

class PersonaModel;

class PersonaView : public QWidget
{
    Q_OBJECT

public:
    explicit PersonaView(QWidget *parent = nullptr);

    // A report of another benchmark has no query: the view empties and says so.
    void showQuery(const std::optional<Query> &query, const std::optional<Persona> &persona);
    void clear() { showQuery(std::nullopt, std::nullopt); }

    RowId queryId() const { return m_queryId; }
    PersonaModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QLabel *settingLabel() const { return m_setting; }
    QLabel *queryLabel() const { return m_query; }
    QLabel *personaLabel() const { return m_persona; }
    QPushButton *editButton() const { return m_edit; }

    // "Task only", "Task with context", "Task with persona"; an unknown key as it is.
    static QString settingName(const QString &setting);

signals:
    void editCriteriaRequested(Rubricate::RowId queryId);

private:
    PersonaModel *m_model;
    QTreeView *m_tree;
    QLabel *m_setting;
    QLabel *m_query;
    QLabel *m_persona;
    QLabel *m_empty;
    QPushButton *m_edit;
    QWidget *m_details;
    RowId m_queryId = 0;
};

} // namespace Rubricate
