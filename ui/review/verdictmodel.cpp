#include "review/verdictmodel.h"

#include "review/evidencemarks.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

VerdictModel::VerdictModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void VerdictModel::setRows(const QList<VerdictRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

void VerdictModel::updateRows(const QList<VerdictRow> &rows)
{
    QList<VerdictRow> added;
    int changedFrom = -1;
    int changedTo = -1;
    const auto flush = [&] {
        if (changedFrom >= 0)
            emit dataChanged(index(changedFrom, 0), index(changedTo, ColumnCount - 1));
        changedFrom = changedTo = -1;
    };
    QHash<RowId, int> rowOf;
    for (int i = 0; i < m_rows.size(); ++i)
        rowOf.insert(m_rows.at(i).rubricId, i);
    QList<int> changed;
    for (const VerdictRow &r : rows) {
        const auto it = rowOf.constFind(r.rubricId);
        if (it == rowOf.cend()) {
            added.append(r);
            continue;
        }
        if (!(m_rows.at(*it) == r)) {
            m_rows[*it] = r;
            changed.append(*it);
        }
    }
    std::sort(changed.begin(), changed.end());
    for (int row : std::as_const(changed)) {
        if (changedFrom >= 0 && row == changedTo + 1) {
            changedTo = row;
            continue;
        }
        flush();
        changedFrom = changedTo = row;
    }
    flush();
    if (!added.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size() - 1));
        m_rows += added;
        endInsertRows();
    }
}

void VerdictModel::setBlind(bool blind)
{
    if (blind == m_blind)
        return;
    m_blind = blind;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const VerdictRow *VerdictModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int VerdictModel::rowOfRubric(RowId rubricId) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).rubricId == rubricId)
            return i;
    }
    return -1;
}

int VerdictModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int VerdictModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString VerdictModel::valueText(std::optional<double> value, VerdictScale scale)
{
    if (!value)
        return {};
    switch (scale) {
    case VerdictScale::Ternary:
        if (*value == 1)
            return tr("met");
        if (*value == 0.5)
            return tr("partly");
        if (*value == 0)
            return tr("not met");
        break;
    case VerdictScale::Binary:
        if (*value == 1)
            return tr("yes");
        if (*value == 0)
            return tr("no");
        break;
    case VerdictScale::Drb2Tristate:
    case VerdictScale::ZeroToTen:
        break;
    }
    if (*value < 0)
        return u"−"_s + QString::number(-*value);
    return QString::number(*value);
}

QString VerdictModel::scaleText(VerdictScale scale)
{
    QStringList parts;
    for (const double v : scaleValues(scale))
        parts << u"%1 (%2)"_s.arg(valueText(v, scale), keyForValue(scale, v));
    if (scale == VerdictScale::ZeroToTen) // eleven entries say less than the range
        return tr("0–10 (keys 0–9, T for 10)");
    return parts.join(u" · "_s);
}

std::optional<double> VerdictModel::valueIn(const VerdictRow &row, int column)
{
    switch (column) {
    case JudgeColumn:
        return row.judgeValue;
    case OtherJudgeColumn:
        return row.otherJudgeValue;
    case HumanColumn:
        return row.humanValue;
    default:
        return std::nullopt;
    }
}

bool VerdictModel::hasWeights() const
{
    return std::any_of(m_rows.cbegin(), m_rows.cend(),
                       [](const VerdictRow &r) { return r.weight != 1; });
}

QVariant VerdictModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const VerdictRow &r = m_rows.at(index.row());
    const bool hidden = judgeHidden(r);
    const int column = index.column();
    const bool judgeSide = column == JudgeColumn || column == OtherJudgeColumn
        || column == ReasonColumn || column == EvidenceColumn;
    if (hidden && judgeSide) {
        if (role == Qt::DisplayRole)
            return u"·"_s;
        if (role == Qt::ToolTipRole)
            return tr("Blind mode: label this rubric to see the judge");
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        return {};
    }
    if (hidden
        && (role == JudgeValueRole || role == ReasonRole || role == EvidenceRole
            || role == EvidenceStatusRole || role == JudgeErrorRole))
        return {};
    switch (role) {
    case RubricIdRole:
        return r.rubricId;
    case JudgeValueRole:
        return r.judgeValue ? QVariant(*r.judgeValue) : QVariant();
    case HumanValueRole:
        return r.humanValue ? QVariant(*r.humanValue) : QVariant();
    case EvidenceStatusRole:
        return r.evidenceStatus;
    case ReasonRole:
        return r.reason;
    case EvidenceRole:
        return r.evidence;
    case JudgeErrorRole:
        return r.judgeError;
    case Qt::ToolTipRole:
        if (const std::optional<double> v = valueIn(r, index.column()); pitfallMet(r.weight, v))
            return tr("Pitfall met: this criterion has a negative weight (%1), so meeting it "
                      "lowers the report's score.\n%2")
                .arg(valueText(r.weight), index.column() == HumanColumn ? r.humanNote : r.reason)
                .trimmed();
        if (index.column() == JudgeColumn && r.judgeStale)
            return tr("Stale: the criterion was edited after this verdict.\n%1")
                .arg(r.judgeError.isEmpty() ? r.reason : r.judgeError);
        if (index.column() == JudgeColumn)
            return r.judgeError.isEmpty() ? r.reason : r.judgeError;
        if (index.column() == OtherJudgeColumn)
            return r.otherJudgeError;
        if (index.column() == NoteColumn)
            return r.humanNote;
        if (index.column() == ReasonColumn)
            return r.reason;
        if (index.column() == WeightColumn && r.weight < 0)
            return tr("A pitfall: when it is satisfied, the report's score goes down");
        if (index.column() == EvidenceColumn)
            return r.evidence;
        return r.rubricText;
    case Qt::ForegroundRole:
        if (index.column() == JudgeColumn && r.judged && !r.judgeValue)
            return QBrush(QColor(0xb0, 0x20, 0x20)); // an error, visibly not a "0"
        if (index.column() == JudgeColumn && r.judgeStale)
            return QBrush(QColor(0x80, 0x80, 0x80)); // answers an older wording
        if (index.column() == OtherJudgeColumn && r.otherJudged && !r.otherJudgeValue)
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (index.column() == EvidenceColumn && r.evidenceStatus == "not_found"_L1)
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (index.column() == WeightColumn && r.weight < 0)
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (pitfallMet(r.weight, valueIn(r, index.column())))
            return QBrush(QColor(0xb0, 0x20, 0x20)); // met, and bad news for the report
        return {};
    case Qt::BackgroundRole:
        // The two runs disagree, or the person overruled the judge: worth a second look.
        if (index.column() == OtherJudgeColumn && r.otherJudged && r.judged
            && r.otherJudgeValue != r.judgeValue)
            return QBrush(QColor(255, 200, 80, 110));
        if (index.column() == HumanColumn && r.humanValue && r.judgeValue
            && r.humanValue != r.judgeValue)
            return QBrush(QColor(255, 200, 80, 110));
        if (pitfallMet(r.weight, valueIn(r, index.column())))
            return QBrush(evidenceColour(EvidenceMeaning::Against)); // the report's red
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == JudgeColumn || index.column() == OtherJudgeColumn
            || index.column() == HumanColumn)
            return int(Qt::AlignCenter);
        if (index.column() == WeightColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case DimensionColumn:
        return u"%1 %2"_s.arg(r.dimension).arg(r.position + 1);
    case RubricColumn:
        return r.rubricText.simplified();
    case JudgeColumn:
        if (!r.judged)
            return QString();
        if (!r.judgeValue)
            return tr("error");
        return r.judgeStale ? tr("%1 (stale)").arg(valueText(r.judgeValue, r.scale))
                            : valueText(r.judgeValue, r.scale);
    case OtherJudgeColumn:
        if (!r.otherJudged)
            return QString();
        return r.otherJudgeValue ? valueText(r.otherJudgeValue, r.scale) : tr("error");
    case ReasonColumn:
        return r.reason.simplified();
    case EvidenceColumn:
        if (r.evidenceStatus == "located"_L1)
            return tr("found");
        if (r.evidenceStatus == "partial"_L1)
            return tr("partly found");
        if (r.evidenceStatus == "not_found"_L1)
            return tr("not in report");
        return QString();
    case HumanColumn:
        return valueText(r.humanValue, r.scale);
    case NoteColumn:
        return r.humanNote;
    case WeightColumn:
        return valueText(r.weight);
    default:
        return {};
    }
}

QVariant VerdictModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DimensionColumn:
        return tr("Dimension");
    case RubricColumn:
        return tr("Rubric");
    case JudgeColumn:
        return tr("Judge");
    case OtherJudgeColumn:
        return tr("Run B");
    case ReasonColumn:
        return tr("Reason");
    case EvidenceColumn:
        return tr("Evidence");
    case HumanColumn:
        return tr("Human");
    case NoteColumn:
        return tr("Note");
    case WeightColumn:
        return tr("Weight");
    default:
        return {};
    }
}

} // namespace Rubricate
