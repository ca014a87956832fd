// What an import tells its user: what it added, what it skipped and why.
#pragma once

#include <QList>
#include <QMap>
#include <QString>

namespace Rubricate {

struct ImportIssue {
    enum class Severity { Warning, Error };
    Severity severity = Severity::Error;
    QString file;
    int line = 0; // 1-based; 0 when the issue is about the whole file
    QString message;

    // "file:line: error: message", the format compilers use so editors can jump to it.
    QString toString() const;
};

struct ImportSummary {
    QString kind;
    QMap<QString, int> added; // entity ("tasks", "rubrics" ...) -> rows inserted
    QMap<QString, int> updated; // rows whose content changed
    QMap<QString, int> unchanged; // rows that were already there, identical
    QList<ImportIssue> issues;

    void warn(const QString &file, int line, const QString &message);
    void error(const QString &file, int line, const QString &message);
    int errorCount() const;
    int warningCount() const;
    void merge(const ImportSummary &other);
    QString toText() const;
};

} // namespace Rubricate
