// Preferences kept in QSettings: the annotator's name, set once and written with every label.
#pragma once

#include <QDialog>

class QLineEdit;

namespace Rubricate {

class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    QLineEdit *annotatorEdit() const { return m_annotator; }
    // Writes the settings; called on accept.
    void save() const;

private:
    QLineEdit *m_annotator;
};

} // namespace Rubricate
