#include "importissue.h"

#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString ImportIssue::toString() const
{
    QString where = file;
    if (line > 0)
        where += u':' + QString::number(line);
    const QString level = severity == Severity::Error ? u"error"_s : u"warning"_s;
    return where + u": "_s + level + u": "_s + message;
}

void ImportSummary::warn(const QString &file, int line, const QString &message)
{
    issues.append({ImportIssue::Severity::Warning, file, line, message});
}

void ImportSummary::error(const QString &file, int line, const QString &message)
{
    issues.append({ImportIssue::Severity::Error, file, line, message});
}

int ImportSummary::errorCount() const
{
    return int(std::count_if(issues.cbegin(), issues.cend(), [](const ImportIssue &i) {
        return i.severity == ImportIssue::Severity::Error;
    }));
}

int ImportSummary::warningCount() const
{
    return int(issues.size()) - errorCount();
}

void ImportSummary::merge(const ImportSummary &other)
{
    for (auto it = other.added.cbegin(); it != other.added.cend(); ++it)
        added[it.key()] += it.value();
    for (auto it = other.updated.cbegin(); it != other.updated.cend(); ++it)
        updated[it.key()] += it.value();
    for (auto it = other.unchanged.cbegin(); it != other.unchanged.cend(); ++it)
        unchanged[it.key()] += it.value();
    issues += other.issues;
}

QString ImportSummary::toText() const
{
    QSet<QString> entitySet;
    for (const auto *map : {&added, &updated, &unchanged}) {
        for (auto it = map->cbegin(); it != map->cend(); ++it)
            entitySet.insert(it.key());
    }
    QStringList entities(entitySet.cbegin(), entitySet.cend());
    entities.sort();
    QString out;
    for (const QString &e : std::as_const(entities)) {
        out += u"  %1 %2 added, %3 updated, %4 unchanged\n"_s.arg(e + u':', -20)
                   .arg(added.value(e))
                   .arg(updated.value(e))
                   .arg(unchanged.value(e));
    }
    if (!issues.isEmpty()) {
        out += u"  %1 error(s), %2 warning(s):\n"_s.arg(errorCount()).arg(warningCount());
        for (const ImportIssue &i : issues)
            out += u"    "_s + i.toString() + u'\n';
    }
    return out;
}

} // namespace Rubricate
