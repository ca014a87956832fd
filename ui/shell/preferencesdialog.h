// Preferences kept in QSettings. The annotator's name is a rename: labels are stored under the
// person's id, so they stay theirs; becoming another person is Switch Annotator.
#pragma once

#include "domain/types.h"

#include <QDialog>

class QLineEdit;

namespace Rubricate {

class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    // `known`: the open project's annotators, offered by Switch Annotator.
    explicit PreferencesDialog(const QList<Annotator> &known, QWidget *parent = nullptr);

    QLineEdit *annotatorEdit() const { return m_annotator; }
    // Writes the settings; called on accept.
    void save();

signals:
    // The name (or, through Switch Annotator, the person) labels are written under changed.
    void annotatorChanged();

private:
    QList<Annotator> m_known;
    QLineEdit *m_annotator;
};

} // namespace Rubricate
