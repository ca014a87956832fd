// The status-bar sign that labels wait on this machine for a project that could not take
// them: how many, why, and when the next try is; a click tries at once, its menu also sets
// them aside. Hidden while every label is written.
#pragma once

#include <QToolButton>

namespace Rubricate {

class AnnotationWriter;

class UnwrittenLabelsIndicator : public QToolButton
{
    Q_OBJECT

public:
    // Shows what `writer` keeps waiting; a click asks it to try again.
    explicit UnwrittenLabelsIndicator(AnnotationWriter *writer, QWidget *parent = nullptr);

    int waitingCount() const;

private:
    void setAside();
    void refreshText();

    AnnotationWriter *m_writer;
};

} // namespace Rubricate
