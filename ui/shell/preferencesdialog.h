// Preferences kept in QSettings. The annotator's name is a rename: labels are stored under the
// person's id, so they stay theirs; becoming another person is Switch Annotator. The scoring
// choices (PDR-Bench: dimension weights, unmatched criteria) are those Help → Scoring Choices
// explains; the leaderboards use them.
#pragma once

#include "domain/types.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace Rubricate {

class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    // `known`: the open project's annotators, offered by Switch Annotator.
    explicit PreferencesDialog(const QList<Annotator> &known, QWidget *parent = nullptr);

    QLineEdit *annotatorEdit() const { return m_annotator; }
    QComboBox *pdrWeightsBox() const { return m_pdrWeights; }
    QComboBox *pdrUnmatchedBox() const { return m_pdrUnmatched; }
    // Writes the settings; called on accept.
    void save();

signals:
    // The name (or, through Switch Annotator, the person) labels are written under changed.
    void annotatorChanged();
    // A scoring choice changed: what shows scores should compute them again.
    void scoringChanged();

private:
    QList<Annotator> m_known;
    QLineEdit *m_annotator;
    QComboBox *m_pdrWeights;
    QComboBox *m_pdrUnmatched;
};

} // namespace Rubricate
