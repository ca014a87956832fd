#include "leaderboard/correctedmodels.h"

#include "services/coretext.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int Decimals = 3;

QString number(double value)
{
    return QLocale().toString(value, 'f', Decimals);
}

// A reason in a few words, for a cell; the tooltip gives it in full (CoreText::reason).
QString shortReason(const QString &reason)
{
    static const std::pair<QString (*)(), const char *> reasons[] = {
        {&UndefinedReason::noLabelledItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "no labels")},
        {&UndefinedReason::noJudgedItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "nothing judged")},
        {&UndefinedReason::noUnlabelledItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "every judged item labelled")},
        {&UndefinedReason::singleLabelledItem,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "one label")},
        {&UndefinedReason::noVariation,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "labels all the same")},
    };
    for (const auto &[english, source] : reasons) {
        if (reason == english())
            return QCoreApplication::translate("Rubricate::CorrectedView", source);
    }
    return CoreText::reason(reason);
}

QString undefinedText(const QString &reason)
{
    return QCoreApplication::translate("Rubricate::CorrectedView", "undefined: %1")
        .arg(shortReason(reason));
}

// "0.812 [0.701, 0.923]"; a value without an interval and an undefined value say why.
QString estimateText(const PpiEstimate &e)
{
    if (!e.isDefined())
        return undefinedText(e.undefinedReason);
    if (!e.hasInterval())
        return QCoreApplication::translate("Rubricate::CorrectedView", "%1 (no interval: %2)")
            .arg(number(*e.value), shortReason(e.undefinedReason));
    return QCoreApplication::translate("Rubricate::CorrectedView", "%1 [%2, %3]")
        .arg(number(*e.value), number(*e.lower), number(*e.upper));
}

QVariant estimateValue(const PpiEstimate &e)
{
    return e.value ? QVariant(*e.value) : QVariant();
}

QVariant alignment(bool defined)
{
    return int(defined ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
}

// Whether `a` lies wholly above `b`: a difference the intervals can tell.
bool above(const PpiEstimate &a, const PpiEstimate &b)
{
    return *a.lower > *b.upper;
}

} // namespace

namespace {

// Why the cell of `column` has no value or no interval; empty when it has both.
QString reasonOf(const CorrectedModelScore &s, int column)
{
    switch (column) {
    case CorrectedScoresModel::RankColumn:
    case CorrectedScoresModel::CorrectedColumn:
        return s.corrected.undefinedReason;
    case CorrectedScoresModel::PeopleColumn:
        return s.peopleOnly.undefinedReason;
    case CorrectedScoresModel::JudgeColumn:
        return s.judgeOnly.value ? QString() : s.judgeOnly.undefinedReason;
    case CorrectedScoresModel::EffectiveColumn:
        if (s.effectiveSampleSize)
            return {};
        return s.corrected.hasInterval() ? s.peopleOnly.undefinedReason
                                         : s.corrected.undefinedReason;
    default:
        return {};
    }
}

} // namespace

QStringList correctedRanks(const QList<CorrectedModelScore> &scores)
{
    QStringList out;
    for (const CorrectedModelScore &row : scores) {
        if (!row.corrected.hasInterval()) {
            out << QString();
            continue;
        }
        int better = 0;
        bool tied = false;
        for (const CorrectedModelScore &other : scores) {
            if (&other == &row || other.dimension != row.dimension
                || !other.corrected.hasInterval())
                continue;
            if (above(other.corrected, row.corrected))
                ++better;
            else if (!above(row.corrected, other.corrected))
                tied = true;
        }
        out << (tied ? u"="_s : QString()) + QString::number(better + 1);
    }
    return out;
}

CorrectedScoresModel::CorrectedScoresModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CorrectedScoresModel::setScores(const QList<CorrectedModelScore> &scores)
{
    const QStringList ranks = correctedRanks(scores);
    QList<Row> rows;
    for (qsizetype i = 0; i < scores.size(); ++i)
        rows.append({scores.at(i), ranks.at(i)});
    // Best first within a dimension, as a leaderboard reads; undefined last.
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        if (a.score.dimension != b.score.dimension)
            return a.score.dimension < b.score.dimension;
        const std::optional<double> &x = a.score.corrected.value;
        const std::optional<double> &y = b.score.corrected.value;
        if (x.has_value() != y.has_value())
            return x.has_value();
        return x && *x > *y;
    });
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int CorrectedScoresModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CorrectedScoresModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrectedScoresModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const CorrectedModelScore &s = row.score;
    if (role == Qt::ToolTipRole) {
        // The cell says it in a few words; the tooltip in full.
        if (const QString why = reasonOf(s, index.column()); !why.isEmpty())
            return CoreText::reason(why);
    }
    const bool display = role == Qt::DisplayRole || role == Qt::ToolTipRole;
    switch (index.column()) {
    case ModelColumn:
        return display || role == ValueRole ? QVariant(s.model) : QVariant();
    case DimensionColumn:
        return display || role == ValueRole ? QVariant(s.dimension) : QVariant();
    case RankColumn:
        if (display)
            return row.rank.isEmpty() ? undefinedText(s.corrected.undefinedReason) : row.rank;
        if (role == Qt::TextAlignmentRole)
            return alignment(!row.rank.isEmpty());
        return {};
    case JudgeColumn:
        if (role == Qt::DisplayRole)
            return s.judgeOnly.value ? number(*s.judgeOnly.value)
                                     : undefinedText(s.judgeOnly.undefinedReason);
        if (role == ValueRole)
            return estimateValue(s.judgeOnly);
        if (role == Qt::ToolTipRole && s.judgeOnly.hasInterval())
            return tr("The judge's mean over all %n judged item(s); its interval, %1, ignores "
                      "the judge's errors",
                      nullptr, int(s.judged))
                .arg(estimateText(s.judgeOnly));
        break;
    case CorrectedColumn:
        if (display)
            return estimateText(s.corrected);
        if (role == ValueRole)
            return estimateValue(s.corrected);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case PeopleColumn:
        if (display)
            return estimateText(s.peopleOnly);
        if (role == ValueRole)
            return estimateValue(s.peopleOnly);
        break;
    case LabelledColumn:
        if (role == Qt::DisplayRole || role == ValueRole)
            return qlonglong(s.labelled);
        if (role == Qt::ToolTipRole && s.goldTies > 0)
            return tr("%n item(s) whose annotators tied have no majority and count as not "
                      "labelled",
                      nullptr, s.goldTies);
        break;
    case JudgedColumn:
        if (role == Qt::DisplayRole || role == ValueRole)
            return qlonglong(s.judged);
        break;
    case EffectiveColumn:
        if (role == ValueRole)
            return s.effectiveSampleSize ? QVariant(*s.effectiveSampleSize) : QVariant();
        if (display) {
            if (s.effectiveSampleSize)
                return QLocale().toString(*s.effectiveSampleSize, 'f', 1);
            // Without both intervals: the reason of the one missing.
            return undefinedText(s.corrected.hasInterval() ? s.peopleOnly.undefinedReason
                                                           : s.corrected.undefinedReason);
        }
        break;
    default:
        break;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= JudgeColumn) {
        const QVariant value = data(index, ValueRole);
        return alignment(value.isValid());
    }
    return {};
}

QVariant CorrectedScoresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ModelColumn:
            return tr("Model");
        case DimensionColumn:
            return tr("Dimension");
        case RankColumn:
            return tr("Rank");
        case JudgeColumn:
            return tr("Judge only");
        case CorrectedColumn:
            return tr("PPI++ [95 % CI]");
        case PeopleColumn:
            return tr("People only [95 % CI]");
        case LabelledColumn:
            return tr("n labelled");
        case JudgedColumn:
            return tr("N judged");
        case EffectiveColumn:
            return tr("n_eff");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RankColumn:
            return tr("By the PPI++ intervals, among the models that have one: “=2” shares "
                      "second place with every model whose interval overlaps");
        case CorrectedColumn:
            return tr("The judge's mean corrected by its errors on the labelled items "
                      "(prediction-powered inference, PPI++)");
        case PeopleColumn:
            return tr("The mean of the people's labels alone");
        case EffectiveColumn:
            return tr("How many labelled items the people-only estimate would need for the "
                      "PPI++ precision");
        default:
            return {};
        }
    }
    return {};
}

CorrectedPairsModel::CorrectedPairsModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CorrectedPairsModel::setDifferences(const QList<CorrectedDifference> &differences)
{
    beginResetModel();
    m_rows = differences;
    endResetModel();
}

int CorrectedPairsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CorrectedPairsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrectedPairsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CorrectedDifference &d = m_rows.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() == DifferenceColumn)
        return alignment(d.difference.isDefined());
    if (role == Qt::ToolTipRole && index.column() >= DifferenceColumn
        && !d.difference.undefinedReason.isEmpty())
        return CoreText::reason(d.difference.undefinedReason);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case ModelAColumn:
        return d.modelA;
    case ModelBColumn:
        return d.modelB;
    case DimensionColumn:
        return d.dimension;
    case DifferenceColumn:
        return estimateText(d.difference);
    case VerdictColumn: {
        const std::optional<int> verdict = d.verdict();
        if (!verdict)
            return undefinedText(d.difference.undefinedReason);
        if (*verdict == 0)
            return tr("tie: the interval holds 0");
        return tr("%1 is better").arg(*verdict > 0 ? d.modelA : d.modelB);
    }
    default:
        return {};
    }
}

QVariant CorrectedPairsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ModelAColumn:
        return tr("Model A");
    case ModelBColumn:
        return tr("Model B");
    case DimensionColumn:
        return tr("Dimension");
    case DifferenceColumn:
        return tr("PPI++ A − B [95 % CI]");
    case VerdictColumn:
        return tr("A better than B?");
    default:
        return {};
    }
}

} // namespace Rubricate
