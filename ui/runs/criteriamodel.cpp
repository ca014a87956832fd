#include "runs/criteriamodel.h"

#include "scoring/pdrscoring.h"
#include "services/coretext.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// internalId of an index says where its row lives, tagged in the low two bits:
//   0                          a family row (no parent)
//   (f << 2) | 1               a dimension row of family f
//   (d << 10) | (f << 2) | 2   a criterion row of dimension d of family f
constexpr quintptr DimensionTag = 1;
constexpr quintptr CriterionTag = 2;

quintptr encode(int family, int dimension, quintptr tag)
{
    return (quintptr(dimension) << 10) | (quintptr(family) << 2) | tag;
}

QString familyOfRubric(const Rubric &r)
{
    QString stored = r.metadata.value(u"family"_s).toString();
    if (!stored.isEmpty())
        return stored;
    const QString known = pdrFamilyOf(r.dimension);
    return known.isEmpty() ? QString::fromLatin1(PdrFamily::Personalization) : known;
}

const QStringList &knownDimensions(const QString &family)
{
    static const QStringList none;
    if (family == QLatin1StringView(PdrFamily::Personalization))
        return pdrPersonalizationDimensions();
    if (family == QLatin1StringView(PdrFamily::Quality))
        return pdrQualityDimensions();
    return none;
}

QString weightText(double w)
{
    return QString::number(w, 'g', 6);
}

// Scales `weights` to sum 1; all zero (or negative sums) become equal shares.
template<typename T, typename Weight>
void scaleToOne(QList<T> &items, Weight weight)
{
    if (items.isEmpty())
        return;
    double sum = 0;
    for (T &item : items)
        sum += weight(item);
    for (T &item : items)
        weight(item) = sum > 0 ? weight(item) / sum : 1.0 / double(items.size());
}

} // namespace

CriteriaModel::CriteriaModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

QList<FamilyDraft> CriteriaModel::draftsFromRubrics(const QList<Rubric> &rubrics)
{
    QList<FamilyDraft> families{{QString::fromLatin1(PdrFamily::Personalization), {}},
                                {QString::fromLatin1(PdrFamily::Quality), {}}};
    QList<const Rubric *> sorted;
    for (const Rubric &r : rubrics)
        sorted.append(&r);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Rubric *a, const Rubric *b) { return a->position < b->position; });
    for (const Rubric *r : std::as_const(sorted)) {
        const QString family = familyOfRubric(*r);
        auto f = std::find_if(families.begin(), families.end(),
                              [&](const FamilyDraft &d) { return d.name == family; });
        if (f == families.end())
            f = families.insert(families.end(), FamilyDraft{family, {}});
        auto d = std::find_if(f->dimensions.begin(), f->dimensions.end(),
                              [&](const DimensionDraft &x) { return x.name == r->dimension; });
        if (d == f->dimensions.end())
            d = f->dimensions.insert(
                f->dimensions.end(),
                DimensionDraft{r->dimension, r->dimensionWeight.value_or(0), {}});
        CriterionDraft c;
        c.rubricId = r->id;
        c.text = c.storedText = r->text;
        c.explanation = c.storedExplanation = r->metadata.value(u"explanation"_s).toString();
        c.weight = r->weight;
        c.metadata = r->metadata;
        d->criteria.append(c);
    }
    for (FamilyDraft &f : families) {
        const QStringList &order = knownDimensions(f.name);
        std::stable_sort(f.dimensions.begin(), f.dimensions.end(),
                         [&](const DimensionDraft &a, const DimensionDraft &b) {
                             const auto ia = order.indexOf(a.name), ib = order.indexOf(b.name);
                             return (ia < 0 ? order.size() : ia) < (ib < 0 ? order.size() : ib);
                         });
    }
    return families;
}

void CriteriaModel::setFamilies(const QList<FamilyDraft> &families)
{
    beginResetModel();
    m_families = families;
    m_modified = false;
    endResetModel();
    emit edited();
}

QList<Rubric> CriteriaModel::toRubrics() const
{
    QList<Rubric> out;
    for (const FamilyDraft &f : m_families) {
        for (const DimensionDraft &d : f.dimensions) {
            for (int i = 0; i < d.criteria.size(); ++i) {
                const CriterionDraft &c = d.criteria.at(i);
                Rubric r;
                r.id = c.rubricId;
                r.dimension = d.name;
                r.position = i;
                r.text = c.text.trimmed();
                r.weight = c.weight;
                r.dimensionWeight = d.weight;
                r.scale = VerdictScale::ZeroToTen;
                r.metadata = c.metadata;
                r.metadata.insert(u"family"_s, f.name);
                r.metadata.insert(u"explanation"_s, c.explanation);
                out.append(r);
            }
        }
    }
    return out;
}

double CriteriaModel::criterionSum(const DimensionDraft &dimension)
{
    double sum = 0;
    for (const CriterionDraft &c : dimension.criteria)
        sum += c.weight;
    return sum;
}

double CriteriaModel::dimensionSum(const FamilyDraft &family)
{
    double sum = 0;
    for (const DimensionDraft &d : family.dimensions)
        sum += d.weight;
    return sum;
}

QStringList CriteriaModel::problems() const
{
    QStringList out;
    for (const FamilyDraft &f : m_families) {
        if (f.dimensions.isEmpty())
            continue; // a family the query has no criteria in (the importer allows it)
        const double sum = dimensionSum(f);
        if (std::abs(sum - 1.0) > Tolerance)
            out << tr("%1: the dimension weights W_d sum to %2, not 1.")
                       .arg(CoreText::pdrDimension(f.name), weightText(sum));
        for (const DimensionDraft &d : f.dimensions) {
            const QString name = CoreText::pdrDimension(d.name);
            if (d.criteria.isEmpty()) {
                out << tr("%1 has no criteria: add one, or it is dropped on saving.").arg(name);
                continue;
            }
            const double sub = criterionSum(d);
            if (std::abs(sub - 1.0) > Tolerance)
                out << tr("%1: the criterion weights w_c sum to %2, not 1.")
                           .arg(name, weightText(sub));
            for (const CriterionDraft &c : d.criteria) {
                if (c.text.trimmed().isEmpty())
                    out << tr("%1 has a criterion without text.").arg(name);
                if (!(c.weight >= 0) || !std::isfinite(c.weight))
                    out << tr("%1 has a negative weight.").arg(name);
            }
        }
    }
    return out;
}

CriteriaModel::Path CriteriaModel::pathOf(const QModelIndex &index) const
{
    Path p;
    if (!index.isValid())
        return p;
    const quintptr id = index.internalId();
    switch (id & 3) {
    case 0:
        p.family = index.row();
        break;
    case DimensionTag:
        p.family = int((id >> 2) & 0xff);
        p.dimension = index.row();
        break;
    case CriterionTag:
        p.family = int((id >> 2) & 0xff);
        p.dimension = int(id >> 10);
        p.criterion = index.row();
        break;
    }
    return p;
}

CriteriaModel::NodeKind CriteriaModel::kindOf(const QModelIndex &index) const
{
    const Path p = pathOf(index);
    return p.criterion >= 0 ? NodeKind::Criterion
        : p.dimension >= 0  ? NodeKind::Dimension
                            : NodeKind::Family;
}

const CriterionDraft *CriteriaModel::criterionAt(const QModelIndex &index) const
{
    const Path p = pathOf(index);
    if (p.criterion < 0)
        return nullptr;
    return &m_families.at(p.family).dimensions.at(p.dimension).criteria.at(p.criterion);
}

QModelIndex CriteriaModel::familyIndex(int family) const
{
    return index(family, 0);
}

QModelIndex CriteriaModel::dimensionIndex(int family, int dimension) const
{
    return index(dimension, 0, familyIndex(family));
}

QModelIndex CriteriaModel::criterionIndex(int family, int dimension, int criterion) const
{
    return index(criterion, 0, dimensionIndex(family, dimension));
}

QModelIndex CriteriaModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    const Path p = pathOf(parent);
    if (p.dimension < 0)
        return createIndex(row, column, encode(p.family, 0, DimensionTag));
    return createIndex(row, column, encode(p.family, p.dimension, CriterionTag));
}

QModelIndex CriteriaModel::parent(const QModelIndex &child) const
{
    const Path p = pathOf(child);
    if (p.dimension < 0)
        return {};
    if (p.criterion < 0)
        return createIndex(p.family, 0, quintptr(0));
    return createIndex(p.dimension, 0, encode(p.family, 0, DimensionTag));
}

int CriteriaModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_families.size());
    if (parent.column() != 0)
        return 0;
    const Path p = pathOf(parent);
    if (p.criterion >= 0)
        return 0;
    if (p.dimension >= 0)
        return int(m_families.at(p.family).dimensions.at(p.dimension).criteria.size());
    return int(m_families.at(p.family).dimensions.size());
}

int CriteriaModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant CriteriaModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Path p = pathOf(index);
    const NodeKind kind = kindOf(index);
    if (role == KindRole)
        return int(kind);
    const FamilyDraft &f = m_families.at(p.family);
    if (kind == NodeKind::Criterion) {
        const CriterionDraft &c = f.dimensions.at(p.dimension).criteria.at(p.criterion);
        switch (role) {
        case RubricIdRole:
            return c.rubricId;
        case Qt::TextAlignmentRole:
            return index.column() == WeightColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                  : QVariant();
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
        case Qt::EditRole:
            if (index.column() == TextColumn)
                return c.text;
            if (index.column() == ExplanationColumn)
                return c.explanation;
            if (index.column() == WeightColumn)
                return role == Qt::EditRole ? QVariant(c.weight) : QVariant(weightText(c.weight));
            if (index.column() == SumColumn && role == Qt::DisplayRole)
                return c.rubricId == 0   ? tr("new")
                    : c.wordingChanged() ? tr("reworded")
                                         : QString();
            return {};
        default:
            return {};
        }
    }

    // Family and dimension rows: a name, W_d (dimensions only) and the sum below them.
    const bool isFamily = kind == NodeKind::Family;
    const double sum = isFamily ? dimensionSum(f) : criterionSum(f.dimensions.at(p.dimension));
    const bool empty
        = isFamily ? f.dimensions.isEmpty() : f.dimensions.at(p.dimension).criteria.isEmpty();
    const bool valid = !empty && std::abs(sum - 1.0) <= Tolerance;
    switch (role) {
    case ValidRole:
        return valid || (isFamily && empty);
    case Qt::FontRole:
        if (isFamily) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == SumColumn && !(valid || (isFamily && empty)))
            return QBrush(QColor(0xb0, 0x20, 0x20));
        return {};
    case Qt::EditRole:
        if (!isFamily && index.column() == WeightColumn)
            return f.dimensions.at(p.dimension).weight;
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == WeightColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                              : QVariant();
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TextColumn:
        return isFamily ? CoreText::pdrDimension(f.name)
                        : CoreText::pdrDimension(f.dimensions.at(p.dimension).name);
    case WeightColumn:
        return isFamily ? QString() : weightText(f.dimensions.at(p.dimension).weight);
    case SumColumn:
        if (isFamily && empty)
            return tr("no criteria");
        return QString((isFamily ? tr("Σ W_d = %1") : tr("Σ w_c = %1")).arg(weightText(sum))
                       + (valid ? u" ✓"_s : u" ✗"_s));
    default:
        return {};
    }
}

bool CriteriaModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const Path p = pathOf(index);
    const NodeKind kind = kindOf(index);
    if (kind == NodeKind::Family)
        return false;
    DimensionDraft &d = m_families[p.family].dimensions[p.dimension];
    if (kind == NodeKind::Dimension) {
        bool ok = false;
        const double w = value.toDouble(&ok);
        if (index.column() != WeightColumn || !ok || !std::isfinite(w) || w < 0)
            return false;
        d.weight = w;
        touched(index, index);
        sumsChanged(p.family, -1);
        return true;
    }
    CriterionDraft &c = d.criteria[p.criterion];
    switch (index.column()) {
    case TextColumn:
        c.text = value.toString();
        break;
    case ExplanationColumn:
        c.explanation = value.toString();
        break;
    case WeightColumn: {
        bool ok = false;
        const double w = value.toDouble(&ok);
        if (!ok || !std::isfinite(w) || w < 0)
            return false;
        c.weight = w;
        sumsChanged(p.family, p.dimension);
        break;
    }
    default:
        return false;
    }
    touched(index.siblingAtColumn(0), index.siblingAtColumn(ColumnCount - 1));
    return true;
}

void CriteriaModel::touched(const QModelIndex &from, const QModelIndex &to)
{
    m_modified = true;
    emit dataChanged(from, to);
    emit edited();
}

void CriteriaModel::sumsChanged(int family, int dimension)
{
    const QModelIndex f = familyIndex(family);
    emit dataChanged(f.siblingAtColumn(SumColumn), f.siblingAtColumn(SumColumn));
    if (dimension >= 0) {
        const QModelIndex d = dimensionIndex(family, dimension);
        emit dataChanged(d.siblingAtColumn(SumColumn), d.siblingAtColumn(SumColumn));
    }
}

Qt::ItemFlags CriteriaModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const NodeKind kind = kindOf(index);
    if (kind == NodeKind::Criterion && index.column() != SumColumn)
        f |= Qt::ItemIsEditable;
    if (kind == NodeKind::Dimension && index.column() == WeightColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant CriteriaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TextColumn:
        return tr("Criterion");
    case ExplanationColumn:
        return tr("Explanation");
    case WeightColumn:
        return tr("Weight");
    case SumColumn:
        return tr("Check");
    default:
        return {};
    }
}

QModelIndex CriteriaModel::addCriterion(const QModelIndex &at)
{
    const Path p = pathOf(at);
    if (p.dimension < 0)
        return {};
    QList<CriterionDraft> &list = m_families[p.family].dimensions[p.dimension].criteria;
    const int row = p.criterion >= 0 ? p.criterion + 1 : int(list.size());
    beginInsertRows(dimensionIndex(p.family, p.dimension), row, row);
    CriterionDraft c;
    c.text = tr("New criterion");
    list.insert(row, c);
    endInsertRows();
    m_modified = true;
    sumsChanged(p.family, p.dimension);
    emit edited();
    return criterionIndex(p.family, p.dimension, row);
}

bool CriteriaModel::removeCriterion(const QModelIndex &criterion)
{
    const Path p = pathOf(criterion);
    if (p.criterion < 0)
        return false;
    beginRemoveRows(dimensionIndex(p.family, p.dimension), p.criterion, p.criterion);
    m_families[p.family].dimensions[p.dimension].criteria.removeAt(p.criterion);
    endRemoveRows();
    m_modified = true;
    sumsChanged(p.family, p.dimension);
    emit edited();
    return true;
}

bool CriteriaModel::moveCriterion(const QModelIndex &criterion, int step)
{
    const Path p = pathOf(criterion);
    if (p.criterion < 0 || (step != 1 && step != -1))
        return false;
    QList<CriterionDraft> &list = m_families[p.family].dimensions[p.dimension].criteria;
    const int to = p.criterion + step;
    if (to < 0 || to >= list.size())
        return false;
    const QModelIndex parent = dimensionIndex(p.family, p.dimension);
    // beginMoveRows wants the row *before which* the moved row lands.
    if (!beginMoveRows(parent, p.criterion, p.criterion, parent, step > 0 ? to + 1 : to))
        return false;
    list.move(p.criterion, to);
    endMoveRows();
    m_modified = true;
    emit edited();
    return true;
}

QStringList CriteriaModel::missingDimensions(int family) const
{
    if (family < 0 || family >= m_families.size())
        return {};
    QStringList out;
    const FamilyDraft &f = m_families.at(family);
    for (const QString &name : knownDimensions(f.name)) {
        if (std::none_of(f.dimensions.cbegin(), f.dimensions.cend(),
                         [&](const DimensionDraft &d) { return d.name == name; }))
            out << name;
    }
    return out;
}

QModelIndex CriteriaModel::addDimension(int family, const QString &name)
{
    if (family < 0 || family >= m_families.size() || name.trimmed().isEmpty())
        return {};
    FamilyDraft &f = m_families[family];
    if (std::any_of(f.dimensions.cbegin(), f.dimensions.cend(),
                    [&](const DimensionDraft &d) { return d.name == name; }))
        return {};
    const int row = int(f.dimensions.size());
    beginInsertRows(familyIndex(family), row, row);
    f.dimensions.append(DimensionDraft{name, 0, {}});
    endInsertRows();
    m_modified = true;
    sumsChanged(family, -1);
    emit edited();
    return dimensionIndex(family, row);
}

void CriteriaModel::normalise()
{
    for (FamilyDraft &f : m_families) {
        scaleToOne(f.dimensions, [](DimensionDraft &d) -> double & { return d.weight; });
        for (DimensionDraft &d : f.dimensions)
            scaleToOne(d.criteria, [](CriterionDraft &c) -> double & { return c.weight; });
    }
    m_modified = true;
    // Every weight and sum may have moved: one change per level keeps the view simple.
    for (int f = 0; f < m_families.size(); ++f) {
        const QModelIndex fi = familyIndex(f);
        emit dataChanged(fi, fi.siblingAtColumn(ColumnCount - 1));
        for (int d = 0; d < m_families.at(f).dimensions.size(); ++d) {
            const QModelIndex di = dimensionIndex(f, d);
            emit dataChanged(di.siblingAtColumn(0), di.siblingAtColumn(ColumnCount - 1));
            const int n = rowCount(di);
            if (n > 0)
                emit dataChanged(index(0, 0, di), index(n - 1, ColumnCount - 1, di));
        }
    }
    emit edited();
}

} // namespace Rubricate
