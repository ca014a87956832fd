// The status-bar sign that labels wait on this machine for a project that could not take
// them: how many, why, and when the next try is; a click tries at once, its menu also sets
// them aside. Hidden while every label is written.
#pragma once

#include <QHash>
#include <QToolButton>

namespace Rubricate {

class AnnotationWriter;

class UnwrittenLabelsIndicator : public QToolButton
{
    Q_OBJECT

public:
    explicit UnwrittenLabelsIndicator(QWidget *parent = nullptr);

    // Shows what `writer` reports; a click asks every tracked writer to try again.
    void track(AnnotationWriter *writer);
    int waitingCount() const;

private:
    void retryNow();
    void setAside();
    void update(const QString &projectPath, int count, const QString &error);
    void refreshText();

    struct Waiting {
        int count = 0;
        QString error;
    };
    QList<AnnotationWriter *> m_writers;
    QHash<QString, Waiting> m_waiting;
};

} // namespace Rubricate
