// Reading prompts of the staged ResearchRubrics processed_data.jsonl straight from the file,
// so that tests compute their expected values from the real criteria, not from our importer.
#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>

namespace RubricateTest {

inline QList<QJsonObject> readResearchRubrics(const QString &path)
{
    QList<QJsonObject> prompts;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return prompts;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (!line.isEmpty())
            prompts.append(QJsonDocument::fromJson(line).object());
    }
    return prompts;
}

// The first prompt with a penalty (negative-weight) criterion.
inline QJsonObject firstPromptWithPitfall(const QList<QJsonObject> &prompts)
{
    for (const QJsonObject &p : prompts) {
        for (const QJsonValue c : p.value(QStringLiteral("rubrics")).toArray()) {
            if (c.toObject().value(QStringLiteral("weight")).toDouble() < 0)
                return p;
        }
    }
    return {};
}

} // namespace RubricateTest
