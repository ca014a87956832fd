// The real DRB-II task file and the authors' aggregated CSVs, read for the scoring tests.
#pragma once

#include "exchange/drb2export.h"
#include "testfiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>

#include <array>

namespace RubricateTest {

struct Drb2TaskRubrics {
    int idx = 0;
    QString language;
    QString theme;
    QString task;
    std::array<QStringList, 3> texts; // info_recall, analysis, presentation, duplicates kept

    int distinct(int dimension) const
    {
        return int(QSet<QString>(texts[dimension].cbegin(), texts[dimension].cend()).size());
    }
    int distinctTotal() const { return distinct(0) + distinct(1) + distinct(2); }
};

inline QMap<int, Drb2TaskRubrics> loadDrb2Tasks(const QString &path)
{
    using namespace Qt::StringLiterals;
    QMap<int, Drb2TaskRubrics> tasks;
    const QList<QByteArray> lines = readFile(path).split('\n');
    for (const QByteArray &line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Drb2TaskRubrics t;
        t.idx = o.value(u"idx"_s).toInt();
        t.language = o.value(u"language"_s).toString();
        t.theme = o.value(u"theme"_s).toString();
        const QJsonObject content = o.value(u"content"_s).toObject();
        t.task = content.value(u"task"_s).toString();
        const QJsonObject rubric = content.value(u"rubric"_s).toObject();
        const char *keys[] = {"info_recall", "analysis", "presentation"};
        for (int d = 0; d < 3; ++d) {
            for (const QJsonValue &v : rubric.value(QLatin1StringView(keys[d])).toArray())
                t.texts[d] << v.toString();
        }
        tasks.insert(t.idx, t);
    }
    return tasks;
}

// The authors' file for `metric`, parsed; nothing when unreadable.
inline std::optional<Rubricate::Drb2CsvTable> loadAuthorsCsv(const QString &dir,
                                                             Rubricate::Drb2Metric metric)
{
    auto parsed
        = Rubricate::parseDrb2Csv(readFile(dir + u'/' + Rubricate::drb2CsvFileName(metric)));
    if (!parsed)
        return std::nullopt;
    return std::move(parsed).value();
}

} // namespace RubricateTest
