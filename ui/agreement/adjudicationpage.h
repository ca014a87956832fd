// Adjudication: for the items of one report, or for the disagreements the agreement page
// found, every annotator's label and note and the judge's verdicts side by side, and the gold
// label an adjudicator settles on. Gold is written as its own kind of annotation event
// (AnnotationKind::Gold, LabelMethod::Adjudicated) under the adjudicator's annotator id, so
// it never counts as one more annotator; undo appends the previous gold label back.
#pragma once

#include "project/projectpage.h"
#include "store/projectstore.h"

#include <functional>

class QAbstractButton;
class QHBoxLayout;
class QLabel;
class QTableView;
class QTableWidget;
class QUndoStack;

namespace Rubricate {

class AdjudicationModel;
class AnnotationWriter;

class AdjudicationPage : public ProjectPage
{
    Q_OBJECT

public:
    AdjudicationPage(QUndoStack *undo, AnnotationWriter *writer, QWidget *parent = nullptr);

    // Every item of the report; `title` says which report it is.
    void showReport(RowId reportId, const QString &title);
    // These items, in this order, with `current` made current once they are read.
    void showItems(const QList<std::pair<RowId, RowId>> &items, const QString &title,
                   std::pair<RowId, RowId> current = {});

    AdjudicationModel *model() const { return m_model; }
    QTableView *itemsView() const { return m_itemsView; }
    // Who said what of the current item: annotators, judge runs, then gold.
    QTableWidget *detailView() const { return m_detail; }
    QLabel *titleLabel() const { return m_title; }
    // The button that records the gold label `value` for the current item (nullptr: none).
    QAbstractButton *goldButton(double value) const;
    const AdjudicationItem *currentItem() const;
    // Why this login may not write gold labels (a team project that binds it to an annotator);
    // empty when it may. The gold controls are then disabled and say why.
    void setGoldRefused(const QString &why);

    // The keys this page answers to, for the shortcut sheet: (keys, what they do).
    static QList<std::pair<QString, QString>> keyHelp();

signals:
    void loaded();
    void goldWritten(Rubricate::RowId reportId, Rubricate::RowId rubricId);
    void message(const QString &text);

protected:
    void load() override;

private:
    void setTitle(const QString &title); // empty: how to choose items
    void goldWithKey(QChar key);
    void setGold(double value);
    void editGoldNote();
    void writeGold(const AdjudicationItem &item, std::optional<double> value, const QString &note);
    void step(int by, bool disagreementsOnly);
    void showCurrent();
    void fillDetail(const AdjudicationItem &item);
    void fillGoldButtons(const AdjudicationItem &item);

    QUndoStack *m_undo;
    AnnotationWriter *m_writer;
    AdjudicationModel *m_model;
    QLabel *m_title;
    QTableView *m_itemsView;
    QLabel *m_rubric;
    QTableWidget *m_detail;
    QHBoxLayout *m_goldButtons;
    QLabel *m_goldState;
    QAbstractButton *m_goldNote;
    QString m_goldRefused;
    RowId m_report = 0; // the report whose items are shown (0: the list below)
    QList<std::pair<RowId, RowId>> m_items;
    std::pair<RowId, RowId> m_current;
    std::optional<VerdictScale> m_buttonScale; // the scale the gold buttons were made for
    quint64 m_request = 0;
};

} // namespace Rubricate
