#include "agreement/adjudicationpage.h"

#include "agreement/adjudicationmodel.h"
#include "review/labelkeys.h"
#include "review/verdictmodel.h"
#include "services/annotationwriter.h"
#include "services/background.h"

#include <QAction>
#include <QColor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const char *goldValueProperty = "goldValue";

struct Read {
    QList<AdjudicationItem> items;
    QString error;
};

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(text);
    return item;
}

} // namespace

AdjudicationPage::AdjudicationPage(QUndoStack *undo, AnnotationWriter *writer, QWidget *parent)
    : ProjectPage(parent)
    , m_undo(undo)
    , m_writer(writer)
    , m_model(new AdjudicationModel(this))
    , m_title(new QLabel(this))
    , m_itemsView(new QTableView(this))
    , m_rubric(new QLabel(this))
    , m_detail(new QTableWidget(0, 3, this))
    , m_goldButtons(new QHBoxLayout)
    , m_goldState(new QLabel(this))
    , m_goldNote(new QPushButton(tr("Note…"), this))
{
    m_title->setObjectName(u"adjudicationTitle"_s);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);

    m_itemsView->setObjectName(u"adjudicationItems"_s);
    m_itemsView->setModel(m_model);
    m_itemsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_itemsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_itemsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_itemsView->setWordWrap(false);
    m_itemsView->verticalHeader()->hide();
    QHeaderView *header = m_itemsView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(AdjudicationModel::RubricColumn, QHeaderView::Stretch);
    header->setStretchLastSection(false);
    connect(m_itemsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &index) {
                if (const AdjudicationItem *item = m_model->itemAt(index.row()))
                    m_current = {item->reportId, item->rubricId};
                showCurrent();
            });

    m_rubric->setObjectName(u"adjudicationRubric"_s);
    m_rubric->setWordWrap(true);
    m_rubric->setTextFormat(Qt::PlainText);
    m_rubric->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_detail->setObjectName(u"adjudicationDetail"_s);
    m_detail->setHorizontalHeaderLabels({tr("Who"), tr("Label"), tr("Note or reason")});
    m_detail->verticalHeader()->hide();
    m_detail->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_detail->setFocusPolicy(Qt::NoFocus); // the keys stay with the item list
    m_detail->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_detail->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_detail->horizontalHeader()->setStretchLastSection(true);
    m_detail->setWordWrap(true);

    m_goldState->setObjectName(u"adjudicationGold"_s);
    m_goldState->setTextFormat(Qt::PlainText);
    m_goldState->setWordWrap(true);
    m_goldNote->setObjectName(u"adjudicationNote"_s);
    m_goldNote->setFocusPolicy(Qt::NoFocus);
    connect(m_goldNote, &QPushButton::clicked, this, &AdjudicationPage::editGoldNote);
    auto *goldRow = new QHBoxLayout;
    goldRow->addWidget(new QLabel(tr("Gold label:"), this));
    goldRow->addLayout(m_goldButtons);
    goldRow->addWidget(m_goldNote);
    goldRow->addStretch(1);

    auto *hint = new QLabel(tr("Keys: the scale's label keys record gold · Delete clears it · N "
                               "note · D / Shift+D next / previous disagreement · J / K next / "
                               "previous item · Ctrl+Z undo"),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_rubric);
    lowerLayout->addWidget(m_detail, 1);
    lowerLayout->addLayout(goldRow);
    lowerLayout->addWidget(m_goldState);
    lowerLayout->addWidget(hint);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_itemsView);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);

    // Gold keys are the review page's label keys; that page is hidden while this one shows,
    // so its shortcuts are asleep and the same keys are not ambiguous.
    for (const QChar key : u"0123456789-PT"_s)
        addWindowKey(this, QKeySequence(QString(key)), tr("Gold label %1").arg(key),
                     [this, key] { goldWithKey(key); });
    addWindowKey(this, QKeySequence(Qt::Key_Delete), tr("Clear the gold label"), [this] {
        if (const AdjudicationItem *item = currentItem(); item && item->gold && item->gold->value)
            writeGold(*item, std::nullopt, item->gold->note);
    });
    addWindowKey(this, QKeySequence(Qt::Key_N), tr("Note on the gold label"),
                 [this] { editGoldNote(); });
    addWindowKey(this, QKeySequence(Qt::Key_D), tr("Next disagreement"), [this] { step(1, true); });
    addWindowKey(this, QKeySequence(Qt::SHIFT | Qt::Key_D), tr("Previous disagreement"),
                 [this] { step(-1, true); });
    addWindowKey(this, QKeySequence(Qt::Key_J), tr("Next item"), [this] { step(1, false); });
    addWindowKey(this, QKeySequence(Qt::Key_K), tr("Previous item"), [this] { step(-1, false); });

    connect(m_writer, &AnnotationWriter::written, this,
            [this](RowId report, RowId rubric, AnnotationKind kind) {
                if (kind != AnnotationKind::Gold)
                    return;
                emit goldWritten(report, rubric);
                refresh();
            });
    connect(m_writer, &AnnotationWriter::failed, this,
            [this](const QString &error, AnnotationKind kind) {
                if (kind != AnnotationKind::Gold)
                    return;
                emit message(tr("The gold label was not saved: %1").arg(error));
                refresh(); // show what the project really holds
            });
    showItems({}, QString());
}

QList<std::pair<QString, QString>> AdjudicationPage::keyHelp()
{
    return {
        {tr("Label keys (1 / 0 / -, 1 / P / 0, 0 … 9, T)"),
         tr("adjudication: record the gold label")},
        {tr("Delete"), tr("adjudication: clear the gold label")},
        {tr("N"), tr("adjudication: note on the gold label")},
        {tr("D / Shift+D"), tr("adjudication: next / previous disagreement")},
        {tr("J / K"), tr("adjudication: next / previous item")},
    };
}

void AdjudicationPage::showReport(RowId reportId, const QString &title)
{
    m_report = reportId;
    m_items.clear();
    m_current = {};
    setTitle(title);
    refresh();
}

void AdjudicationPage::showItems(const QList<std::pair<RowId, RowId>> &items, const QString &title,
                                 std::pair<RowId, RowId> current)
{
    m_report = 0;
    m_items = items;
    m_current = current;
    setTitle(title);
    refresh();
}

void AdjudicationPage::setTitle(const QString &title)
{
    m_title->setText(!title.isEmpty() ? title
                                      : tr("Choose View → Adjudication with a report open, or "
                                           "Adjudicate… on the Agreement page's disagreements."));
}

void AdjudicationPage::load()
{
    const quint64 request = ++m_request;
    const QString path = projectPath();
    const RowId report = m_report;
    const QList<std::pair<RowId, RowId>> items = m_items;
    runInBackground(
        pool(), this,
        [path, report, items] {
            Read out;
            if (auto store = ProjectStore::open(path)) {
                Result<QList<AdjudicationItem>> read = report
                    ? store->annotations().adjudicationItems(report)
                    : store->annotations().adjudicationItems(items);
                out.error = read.errorMessage();
                out.items = std::move(read).value_or({});
            } else {
                out.error = store.errorMessage();
            }
            return out;
        },
        [this, request](const Read &read) {
            if (request != m_request)
                return;
            if (!read.error.isEmpty() && read.items.isEmpty())
                emit message(read.error);
            const std::pair<RowId, RowId> wanted = m_current;
            m_model->setItems(read.items);
            int row = m_model->rowOf(wanted.first, wanted.second);
            if (row < 0) { // a report opens at its first disagreement
                row = 0;
                for (int i = 0; i < m_model->rowCount(); ++i) {
                    if (m_model->index(i, 0).data(AdjudicationModel::DisagreesRole).toBool()) {
                        row = i;
                        break;
                    }
                }
            }
            if (m_model->rowCount() > 0)
                m_itemsView->setCurrentIndex(m_model->index(row, AdjudicationModel::RubricColumn));
            showCurrent();
            emit loaded();
        });
}

const AdjudicationItem *AdjudicationPage::currentItem() const
{
    return m_model->itemAt(m_itemsView->currentIndex().row());
}

QAbstractButton *AdjudicationPage::goldButton(double value) const
{
    for (int i = 0; i < m_goldButtons->count(); ++i) {
        auto *button = qobject_cast<QAbstractButton *>(m_goldButtons->itemAt(i)->widget());
        if (button && button->property(goldValueProperty).toDouble() == value)
            return button;
    }
    return nullptr;
}

void AdjudicationPage::showCurrent()
{
    const AdjudicationItem *item = currentItem();
    if (!item) {
        m_rubric->clear();
        m_detail->setRowCount(0);
        m_goldState->setText(m_model->rowCount() == 0 && !projectPath().isEmpty()
                                 ? tr("No items to adjudicate here.")
                                 : QString());
        fillGoldButtons({});
        return;
    }
    m_rubric->setText(u"%1 · %2 · %3\n%4"_s.arg(item->taskExternalId, item->model, item->dimension,
                                                item->rubricText));
    fillDetail(*item);
    fillGoldButtons(*item);
    if (!item->gold || !item->gold->value) {
        m_goldState->setText(tr("No gold label yet."));
        return;
    }
    QString text = tr("Gold: %1, by %2")
                       .arg(VerdictModel::valueText(item->gold->value, item->scale),
                            item->gold->annotatorName);
    if (!item->gold->note.isEmpty())
        text += u" · "_s + item->gold->note;
    m_goldState->setText(text);
}

void AdjudicationPage::fillDetail(const AdjudicationItem &item)
{
    const std::optional<double> consensus = AdjudicationModel::consensus(item);
    m_detail->setRowCount(0);
    const auto addRow = [this, &item, &consensus](const QString &who, std::optional<double> value,
                                                  const QString &valueText, const QString &note) {
        const int row = m_detail->rowCount();
        m_detail->insertRow(row);
        m_detail->setItem(row, 0, cell(who));
        m_detail->setItem(row, 1, cell(valueText));
        m_detail->setItem(row, 2, cell(note));
        // Where the majority of people and judge says otherwise: what the adjudicator weighs.
        if (value && consensus && *value != *consensus) {
            for (int c = 0; c < 3; ++c) {
                m_detail->item(row, c)->setBackground(QColor(0xfd, 0xe0, 0xdc));
                m_detail->item(row, c)->setToolTip(
                    tr("Differs from the majority (%1)")
                        .arg(VerdictModel::valueText(consensus, item.scale)));
            }
        }
    };
    for (const AnnotationEvent &e : item.labels) {
        addRow(e.annotatorName, e.value,
               e.value ? VerdictModel::valueText(e.value, item.scale) : tr("(cleared)"), e.note);
    }
    if (item.labels.isEmpty())
        addRow(tr("(no annotator has labelled this item)"), std::nullopt, QString(), QString());
    for (const RunVerdict &v : item.verdicts) {
        addRow(tr("Judge · %1").arg(v.runName), v.value,
               v.value ? VerdictModel::valueText(v.value, item.scale) : tr("error"),
               v.value ? v.reason : v.error);
    }
    const int goldRow = m_detail->rowCount();
    const bool hasGold = item.gold && item.gold->value;
    m_detail->insertRow(goldRow);
    m_detail->setItem(goldRow, 0, cell(tr("Gold")));
    m_detail->setItem(
        goldRow, 1,
        cell(hasGold ? VerdictModel::valueText(item.gold->value, item.scale) : tr("(none yet)")));
    m_detail->setItem(goldRow, 2, cell(item.gold ? item.gold->note : QString()));
    for (int c = 0; c < 3; ++c) {
        QFont bold = m_detail->item(goldRow, c)->font();
        bold.setBold(true);
        m_detail->item(goldRow, c)->setFont(bold);
    }
    m_detail->resizeRowsToContents();
}

void AdjudicationPage::fillGoldButtons(const AdjudicationItem &item)
{
    const bool any = item.rubricId != 0;
    if (!any || m_buttonScale != item.scale) {
        while (QLayoutItem *old = m_goldButtons->takeAt(0)) {
            delete old->widget();
            delete old;
        }
        m_buttonScale.reset();
        if (!any)
            return;
        m_buttonScale = item.scale;
        for (const double value : scaleValues(item.scale)) {
            auto *button
                = new QPushButton(u"%1 (%2)"_s.arg(VerdictModel::valueText(value, item.scale),
                                                   keyForValue(item.scale, value)),
                                  this);
            button->setObjectName(u"gold_"_s + keyForValue(item.scale, value));
            button->setProperty(goldValueProperty, value);
            button->setCheckable(true);
            button->setFocusPolicy(Qt::NoFocus);
            connect(button, &QPushButton::clicked, this, [this, value] { setGold(value); });
            m_goldButtons->addWidget(button);
        }
    }
    for (const double value : scaleValues(item.scale)) {
        if (QAbstractButton *button = goldButton(value)) {
            button->setChecked(item.gold && item.gold->value == value);
            button->setEnabled(m_goldRefused.isEmpty());
            button->setToolTip(m_goldRefused);
        }
    }
}

void AdjudicationPage::setGoldRefused(const QString &why)
{
    m_goldRefused = why;
    m_goldNote->setEnabled(why.isEmpty());
    m_goldNote->setToolTip(why);
    if (const AdjudicationItem *item = currentItem())
        fillGoldButtons(*item);
}

void AdjudicationPage::goldWithKey(QChar key)
{
    const AdjudicationItem *item = currentItem();
    if (!item)
        return;
    if (const auto value = valueForKey(item->scale, key)) {
        setGold(*value);
        return;
    }
    emit message(unknownLabelKeyMessage(item->scale, key));
}

void AdjudicationPage::setGold(double value)
{
    const AdjudicationItem *item = currentItem();
    if (!item || !isValidValue(item->scale, value))
        return;
    if (item->gold && item->gold->value == value) {
        fillGoldButtons(*item); // a click on the checked button leaves it checked
        return;
    }
    writeGold(*item, value, item->gold ? item->gold->note : QString());
}

void AdjudicationPage::editGoldNote()
{
    const AdjudicationItem *item = currentItem();
    if (!item)
        return;
    if (!m_goldRefused.isEmpty()) {
        emit message(m_goldRefused);
        return;
    }
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(u"goldNoteDialog"_s);
    dialog->setWindowTitle(tr("Gold note"));
    dialog->setLabelText(tr("Why this gold label:"));
    dialog->setTextValue(item->gold ? item->gold->note : QString());
    const std::pair<RowId, RowId> key{item->reportId, item->rubricId};
    connect(dialog, &QInputDialog::textValueSelected, this, [this, key](const QString &note) {
        // The list may have moved on meanwhile: write what the note was for.
        const AdjudicationItem *target = m_model->itemAt(m_model->rowOf(key.first, key.second));
        const QString before = target && target->gold ? target->gold->note : QString();
        if (target && note != before)
            writeGold(*target, target->gold ? target->gold->value : std::nullopt, note);
    });
    dialog->open();
}

void AdjudicationPage::writeGold(const AdjudicationItem &item, std::optional<double> value,
                                 const QString &note)
{
    if (!m_goldRefused.isEmpty()) { // the keys reach here with the buttons disabled
        emit message(m_goldRefused);
        return;
    }
    AnnotationEvent e;
    e.reportId = item.reportId;
    e.rubricId = item.rubricId;
    e.annotator = currentAnnotator();
    e.kind = AnnotationKind::Gold;
    e.value = value;
    e.previousValue = item.gold ? item.gold->value : std::nullopt;
    e.note = note;
    e.provenance.method = LabelMethod::Adjudicated;
    e.provenance.judgeVisible = !item.verdicts.isEmpty(); // the adjudicator sees every verdict
    if (const RunVerdict *judge = AdjudicationModel::judge(item)) {
        e.provenance.shownRunId = judge->runId;
        e.provenance.shownVerdict = judge->value;
    }
    // Pushing runs redo(), which writes the event at once; undo appends the old gold back.
    m_undo->push(
        new SetLabelCommand(m_writer, projectPath(), e, item.gold ? item.gold->note : QString()));
}

void AdjudicationPage::step(int by, bool disagreementsOnly)
{
    const int rows = m_model->rowCount();
    for (int row = m_itemsView->currentIndex().row() + by; row >= 0 && row < rows; row += by) {
        if (!disagreementsOnly
            || m_model->index(row, 0).data(AdjudicationModel::DisagreesRole).toBool()) {
            m_itemsView->setCurrentIndex(m_model->index(row, AdjudicationModel::RubricColumn));
            return;
        }
    }
    if (disagreementsOnly)
        emit message(by > 0 ? tr("No later disagreement.") : tr("No earlier disagreement."));
}

} // namespace Rubricate
