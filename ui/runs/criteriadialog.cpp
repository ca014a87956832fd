#include "runs/criteriadialog.h"

#include "review/personaview.h"
#include "services/annotationwriter.h"
#include "services/background.h"
#include "services/coretext.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSet>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Weights are shares of 1: a spin box with enough decimals for 1/3 to read as one.
class WeightDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        if (index.column() != CriteriaModel::WeightColumn)
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto *spin = new QDoubleSpinBox(parent);
        spin->setObjectName(u"weightEditor"_s);
        spin->setDecimals(4);
        spin->setRange(0, 1);
        spin->setSingleStep(0.05);
        return spin;
    }
};

QString usageText(const CriterionUsage &u)
{
    QStringList parts;
    if (u.verdicts > 0)
        parts << CriteriaDialog::tr("%n judge verdict(s)", nullptr, u.verdicts);
    if (u.annotations > 0)
        parts << CriteriaDialog::tr("%n human label event(s)", nullptr, u.annotations);
    if (u.assignments > 0)
        parts << CriteriaDialog::tr("%n sample assignment(s)", nullptr, u.assignments);
    return parts.join(u", "_s);
}

QString shortText(const QString &text)
{
    const QString simple = text.simplified();
    return simple.size() > 70 ? simple.left(69) + u'…' : simple;
}

QAbstractItemView::EditTriggers editTriggers(bool editable)
{
    if (!editable)
        return QAbstractItemView::NoEditTriggers;
    return QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
        | QAbstractItemView::AnyKeyPressed;
}

} // namespace

struct CriteriaDialog::Loaded {
    std::optional<Query> query;
    std::optional<Persona> persona;
    QList<Rubric> rubrics;
    QHash<RowId, CriterionUsage> usage;
    QString error;
};

CriteriaDialog::CriteriaDialog(const QString &projectPath, RowId queryId, QWidget *parent)
    : QDialog(parent)
    , m_projectPath(projectPath)
    , m_queryId(queryId)
    , m_model(new CriteriaModel(this))
    , m_tree(new QTreeView(this))
    , m_header(new QLabel(tr("Loading the criteria…"), this))
    , m_validation(new QLabel(this))
    , m_usageLabel(new QLabel(this))
    , m_refusedLabel(new QLabel(this))
    , m_add(new QPushButton(tr("&Add Criterion"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_up(new QToolButton(this))
    , m_down(new QToolButton(this))
    , m_addDimension(new QPushButton(tr("Add &Dimension"), this))
    , m_normalise(new QPushButton(tr("&Normalise"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"criteriaDialog"_s);
    setWindowTitle(tr("PDR Criteria"));
    resize(980, 620);

    m_header->setObjectName(u"criteriaHeader"_s);
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText);
    m_validation->setObjectName(u"criteriaValidation"_s);
    m_validation->setWordWrap(true);
    m_validation->setTextFormat(Qt::PlainText);
    m_usageLabel->setObjectName(u"criteriaUsage"_s);
    m_usageLabel->setWordWrap(true);
    m_usageLabel->setTextFormat(Qt::PlainText);
    m_refusedLabel->setObjectName(u"criteriaRefused"_s);
    m_refusedLabel->setWordWrap(true);
    m_refusedLabel->setTextFormat(Qt::PlainText);
    m_refusedLabel->hide();

    m_tree->setObjectName(u"criteriaTree"_s);
    m_tree->setModel(m_model);
    m_tree->setItemDelegate(new WeightDelegate(m_tree));
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(editTriggers(true));
    m_tree->setWordWrap(true);
    QHeaderView *header = m_tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(CriteriaModel::TextColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(CriteriaModel::ExplanationColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(CriteriaModel::WeightColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(CriteriaModel::SumColumn, QHeaderView::ResizeToContents);
    header->resizeSection(CriteriaModel::ExplanationColumn, 260);

    m_add->setObjectName(u"addCriterion"_s);
    m_remove->setObjectName(u"removeCriterion"_s);
    m_up->setObjectName(u"moveCriterionUp"_s);
    m_down->setObjectName(u"moveCriterionDown"_s);
    m_up->setArrowType(Qt::UpArrow);
    m_down->setArrowType(Qt::DownArrow);
    m_up->setToolTip(tr("Move the criterion up within its dimension"));
    m_down->setToolTip(tr("Move the criterion down within its dimension"));
    m_addDimension->setObjectName(u"addDimension"_s);
    m_normalise->setObjectName(u"normaliseWeights"_s);
    m_normalise->setToolTip(tr("Scale the weights of every dimension and every family so that "
                               "they sum to 1"));
    saveButton()->setObjectName(u"saveCriteria"_s);

    connect(m_add, &QPushButton::clicked, this, [this] {
        const QModelIndex added = m_model->addCriterion(m_tree->currentIndex());
        if (!added.isValid())
            return;
        m_tree->expand(added.parent());
        m_tree->setCurrentIndex(added);
        m_tree->edit(added);
    });
    connect(m_remove, &QPushButton::clicked, this, &CriteriaDialog::removeCurrent);
    connect(m_up, &QToolButton::clicked, this, [this] {
        const QModelIndex at = currentCriterion();
        if (m_model->moveCriterion(at, -1))
            m_tree->setCurrentIndex(m_model->index(at.row() - 1, 0, at.parent()));
    });
    connect(m_down, &QToolButton::clicked, this, [this] {
        const QModelIndex at = currentCriterion();
        if (m_model->moveCriterion(at, 1))
            m_tree->setCurrentIndex(m_model->index(at.row() + 1, 0, at.parent()));
    });
    auto *dimensionMenu = new QMenu(m_addDimension);
    m_addDimension->setMenu(dimensionMenu);
    connect(dimensionMenu, &QMenu::aboutToShow, this, [this, dimensionMenu] {
        dimensionMenu->clear();
        for (int f = 0; f < m_model->families().size(); ++f) {
            for (const QString &name : m_model->missingDimensions(f)) {
                QAction *a = dimensionMenu->addAction(
                    u"%1 › %2"_s.arg(CoreText::pdrDimension(m_model->families().at(f).name),
                                     CoreText::pdrDimension(name)));
                connect(a, &QAction::triggered, this, [this, f, name] {
                    const QModelIndex d = m_model->addDimension(f, name);
                    m_tree->expand(d.parent());
                    m_tree->setCurrentIndex(d);
                });
            }
        }
        if (dimensionMenu->isEmpty())
            dimensionMenu->addAction(tr("Every known dimension is there"))->setEnabled(false);
    });
    connect(m_normalise, &QPushButton::clicked, m_model, &CriteriaModel::normalise);
    connect(m_model, &CriteriaModel::edited, this, &CriteriaDialog::validate);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &CriteriaDialog::updateButtons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CriteriaDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *tools = new QHBoxLayout;
    tools->addWidget(m_add);
    tools->addWidget(m_remove);
    tools->addWidget(m_up);
    tools->addWidget(m_down);
    tools->addWidget(m_addDimension);
    tools->addStretch(1);
    tools->addWidget(m_normalise);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_tree, 1);
    layout->addLayout(tools);
    layout->addWidget(m_usageLabel);
    layout->addWidget(m_validation);
    layout->addWidget(m_refusedLabel);
    layout->addWidget(m_buttons);

    m_tree->setEnabled(false);
    updateButtons();
    saveButton()->setEnabled(false);

    runInBackground(
        this,
        [path = m_projectPath, queryId] {
            Loaded out;
            const auto store = ProjectStore::open(path);
            if (!store) {
                out.error = store.errorMessage();
                return out;
            }
            out.query = store->catalog().query(queryId);
            if (!out.query) {
                out.error = tr("Query %1 is not in this project.").arg(queryId);
                return out;
            }
            if (out.query->personaId)
                out.persona = store->catalog().persona(*out.query->personaId);
            out.rubrics = store->catalog().rubrics(out.query->taskId, queryId);
            if (const auto usage = store->catalog().criterionUsage(queryId))
                out.usage = *usage;
            else
                out.error = usage.errorMessage();
            return out;
        },
        [this](const Loaded &data) { onLoaded(data); });
}

QPushButton *CriteriaDialog::saveButton() const
{
    return m_buttons->button(QDialogButtonBox::Save);
}

void CriteriaDialog::onLoaded(const Loaded &data)
{
    if (!data.error.isEmpty()) {
        m_header->setText(tr("The criteria could not be read: %1").arg(data.error));
        return;
    }
    const Query &q = *data.query;
    setWindowTitle(tr("PDR Criteria — query %1").arg(q.externalId));
    QString persona = tr("no persona");
    if (data.persona)
        persona = data.persona->name.isEmpty()
            ? data.persona->externalId
            : tr("%1 (id %2)").arg(data.persona->name, data.persona->externalId);
    m_header->setText(
        tr("Query %1 · %2 · %3\n%4")
            .arg(q.externalId, PersonaView::settingName(q.setting), persona, q.text.simplified()));
    m_usage = data.usage;
    m_loadedIds.clear();
    for (const Rubric &r : data.rubrics)
        m_loadedIds.append(r.id);
    m_model->setRubrics(data.rubrics);
    m_tree->setEnabled(true);
    m_tree->expandAll();
    // The first criterion current: the buttons work at once, from the keyboard too.
    for (int f = 0; f < m_model->rowCount(); ++f) {
        const QModelIndex dimension = m_model->dimensionIndex(f, 0);
        if (dimension.isValid() && m_model->rowCount(dimension) > 0) {
            m_tree->setCurrentIndex(m_model->criterionIndex(f, 0, 0));
            break;
        }
    }
    m_loaded = true;
    validate();
    updateButtons();
    emit loaded();
}

void CriteriaDialog::validate()
{
    const QStringList problems = m_model->problems();
    if (problems.isEmpty()) {
        m_validation->setStyleSheet(u"color: #206020;"_s);
        m_validation->setText(tr("Every family's W_d and every dimension's w_c sum to 1 "
                                 "(within 1e-6)."));
    } else {
        m_validation->setStyleSheet(u"color: #b02020;"_s);
        m_validation->setText(problems.join(u'\n'));
    }
    saveButton()->setEnabled(m_loaded && !m_saving && problems.isEmpty()
                             && m_editRefused.isEmpty());
    saveButton()->setToolTip(!m_editRefused.isEmpty() ? m_editRefused
                                 : problems.isEmpty()
                                 ? QString()
                                 : tr("Fix the weights first (Normalise makes every sum 1)."));
    updateButtons();
}

QModelIndex CriteriaDialog::currentCriterion() const
{
    const QModelIndex current = m_tree->currentIndex();
    if (m_model->kindOf(current) != CriteriaModel::NodeKind::Criterion)
        return {};
    return current.siblingAtColumn(0);
}

void CriteriaDialog::updateButtons()
{
    const QModelIndex current = m_tree->currentIndex();
    const QModelIndex criterion = currentCriterion();
    const CriterionDraft *c = m_model->criterionAt(criterion);
    const bool editable = m_loaded && !m_saving && m_editRefused.isEmpty();
    m_add->setEnabled(editable && current.isValid()
                      && m_model->kindOf(current) != CriteriaModel::NodeKind::Family);
    const CriterionUsage use = c ? m_usage.value(c->rubricId) : CriterionUsage();
    m_remove->setEnabled(editable && c && !use.humanWork());
    m_remove->setToolTip(c && use.humanWork()
                             ? tr("People have labelled this criterion; labels are never "
                                  "deleted, so it stays (a weight of 0 leaves it out of the "
                                  "score)")
                             : QString());
    m_up->setEnabled(editable && c && criterion.row() > 0);
    m_down->setEnabled(editable && c
                       && criterion.row() + 1 < m_model->rowCount(criterion.parent()));
    m_addDimension->setEnabled(editable);
    m_normalise->setEnabled(editable);
    if (c && c->rubricId && (use.verdicts > 0 || use.humanWork()))
        m_usageLabel->setText(tr("This criterion has %1.").arg(usageText(use)));
    else
        m_usageLabel->clear();
}

void CriteriaDialog::setEditRefused(const QString &reason)
{
    m_editRefused = reason;
    m_refusedLabel->setText(tr("Read only. %1.").arg(reason));
    m_refusedLabel->setVisible(!reason.isEmpty());
    if (!reason.isEmpty()) // nothing to cancel when nothing can change
        m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("&Close"));
    m_tree->setEditTriggers(editTriggers(reason.isEmpty()));
    validate();
}

void CriteriaDialog::removeCurrent()
{
    const QModelIndex criterion = currentCriterion();
    const CriterionDraft *c = m_model->criterionAt(criterion);
    if (!c || m_usage.value(c->rubricId).humanWork())
        return; // the button says why; the store would refuse as well
    const int row = criterion.row();
    const QModelIndex dimension = criterion.parent();
    m_model->removeCriterion(criterion);
    const int rows = m_model->rowCount(dimension);
    m_tree->setCurrentIndex(rows > 0 ? m_model->index(std::min(row, rows - 1), 0, dimension)
                                     : dimension);
}

void CriteriaDialog::save()
{
    if (!m_loaded || m_saving || !m_editRefused.isEmpty() || !m_model->problems().isEmpty())
        return;
    // What the save would do to answers already given.
    QStringList removedJudged, reworded;
    QSet<RowId> kept;
    for (const FamilyDraft &f : m_model->families()) {
        for (const DimensionDraft &d : f.dimensions) {
            for (const CriterionDraft &c : d.criteria) {
                kept.insert(c.rubricId);
                const CriterionUsage use = m_usage.value(c.rubricId);
                if (c.wordingChanged() && (use.verdicts > 0 || use.humanWork()))
                    reworded << tr("“%1” (%2)").arg(shortText(c.text), usageText(use));
            }
        }
    }
    for (const RowId id : std::as_const(m_loadedIds)) {
        const CriterionUsage use = m_usage.value(id);
        if (!kept.contains(id) && use.verdicts > 0)
            removedJudged << tr("criterion %1 (%2)").arg(id).arg(usageText(use));
    }
    if (removedJudged.isEmpty() && reworded.isEmpty()) {
        write(false);
        return;
    }
    QString text;
    if (!removedJudged.isEmpty())
        text += tr("Removing these criteria deletes their judge verdicts:\n%1\n\n")
                    .arg(removedJudged.join(u'\n'));
    if (!reworded.isEmpty())
        text += tr("These criteria were reworded after judges or people answered them; those "
                   "answers will be shown as stale:\n%1\n\n")
                    .arg(reworded.join(u'\n'));
    text += tr("Save anyway?");
    auto *box = new QMessageBox(QMessageBox::Question, tr("Save Criteria"), text,
                                QMessageBox::Save | QMessageBox::Cancel, this);
    box->setObjectName(u"criteriaConfirm"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const bool allow = !removedJudged.isEmpty();
    connect(box, &QMessageBox::accepted, this, [this, allow] { write(allow); });
    // open(), not exec(): the loader's results keep arriving meanwhile.
    box->open();
}

void CriteriaDialog::write(bool allowDeletingJudged)
{
    m_saving = true;
    m_tree->setEnabled(false);
    validate();
    CriteriaEditOptions options;
    options.editor = currentAnnotator();
    options.allowDeletingJudged = allowDeletingJudged;
    const QList<Rubric> rubrics = m_model->toRubrics();
    runInBackground(
        this,
        [path = m_projectPath, queryId = m_queryId, rubrics, options] {
            const auto store = ProjectStore::open(path);
            if (!store)
                return store.errorMessage();
            return store->catalog().replaceQueryCriteria(queryId, rubrics, options).errorMessage();
        },
        [this](const QString &error) {
            m_saving = false;
            if (error.isEmpty()) {
                emit saved(m_queryId);
                accept();
                return;
            }
            m_tree->setEnabled(true);
            validate();
            emit saveFailed(error);
            auto *box
                = new QMessageBox(QMessageBox::Warning, tr("Save Criteria"),
                                  tr("Nothing was saved: %1").arg(error), QMessageBox::Ok, this);
            box->setObjectName(u"criteriaSaveError"_s);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
}

} // namespace Rubricate
