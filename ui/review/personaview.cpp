#include "review/personaview.h"

#include "review/personamodel.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QLabel *wrappingLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

PersonaView::PersonaView(QWidget *parent)
    : QWidget(parent)
    , m_model(new PersonaModel(this))
    , m_tree(new QTreeView(this))
    , m_setting(wrappingLabel(u"querySetting"_s, this))
    , m_query(wrappingLabel(u"queryText"_s, this))
    , m_persona(wrappingLabel(u"personaName"_s, this))
    , m_empty(new QLabel(tr("This report answers no PDR-Bench query."), this))
    , m_edit(new QPushButton(tr("Edit Criteria…"), this))
    , m_details(new QWidget(this))
{
    m_tree->setObjectName(u"personaTree"_s);
    m_tree->setModel(m_model);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setSectionResizeMode(PersonaModel::FieldColumn,
                                           QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    // Enough rows to read a persona without scrolling at once; the splitter gives the rest.
    m_tree->setMinimumHeight(fontMetrics().height() * 10);
    m_edit->setObjectName(u"editCriteriaButton"_s);
    m_edit->setToolTip(tr("The query's personalization and quality criteria, their weights "
                          "and wording"));
    connect(m_edit, &QPushButton::clicked, this, [this] {
        if (m_queryId)
            emit editCriteriaRequested(m_queryId);
    });
    m_empty->setObjectName(u"personaEmpty"_s);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setEnabled(false);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Setting:"), m_setting);
    form->addRow(tr("Query:"), m_query);
    form->addRow(tr("Persona:"), m_persona);
    auto *details = new QVBoxLayout(m_details);
    details->setContentsMargins(6, 6, 6, 6);
    details->addLayout(form);
    details->addWidget(m_tree, 1);
    details->addWidget(m_edit, 0, Qt::AlignRight);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_details, 1);
    layout->addWidget(m_empty, 1);
    clear();
}

QString PersonaView::settingName(const QString &setting)
{
    if (setting == "task_only"_L1)
        return tr("Task only");
    if (setting == "task_context"_L1)
        return tr("Task with context");
    if (setting == "task_persona"_L1)
        return tr("Task with persona");
    return setting;
}

void PersonaView::showQuery(const std::optional<Query> &query,
                            const std::optional<Persona> &persona)
{
    m_queryId = query ? query->id : 0;
    m_details->setVisible(query.has_value());
    m_empty->setVisible(!query);
    m_edit->setEnabled(query.has_value());
    if (!query) {
        m_model->clear();
        m_setting->clear();
        m_query->clear();
        m_persona->clear();
        return;
    }
    QString setting = settingName(query->setting);
    // The persona is known for every query, but only "task with persona" hands it to the
    // agent; saying so keeps a reader from blaming a report for ignoring it.
    if (query->setting != "task_persona"_L1 && persona)
        setting += u" — "_s + tr("the agent did not see this persona");
    m_setting->setText(setting);
    m_query->setText(query->language.isEmpty()
                         ? tr("%1: %2").arg(query->externalId, query->text)
                         : tr("%1 (%2): %3").arg(query->externalId, query->language, query->text));
    if (persona) {
        m_persona->setText(persona->name.isEmpty()
                               ? persona->externalId
                               : tr("%1 (id %2)").arg(persona->name, persona->externalId));
        m_model->setAttributes(persona->attributes);
    } else {
        m_persona->setText(tr("none recorded for this query"));
        m_model->clear();
    }
    m_tree->expandAll();
}

} // namespace Rubricate
