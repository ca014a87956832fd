// "Who is annotating?": asked on first start and by Preferences → Switch Annotator. Choosing a
// person the project already knows takes over their id (their labels are yours again); a new
// person gets a fresh id, so two people who happen to share a name are never mixed.
#pragma once

#include "domain/types.h"
#include "services/annotatoridentity.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QRadioButton;

namespace Rubricate {

class IdentityDialog : public QDialog
{
    Q_OBJECT

public:
    // `known`: the annotators of the open project (may be empty).
    explicit IdentityDialog(const QList<Annotator> &known, QWidget *parent = nullptr);

    AnnotatorIdentity identity() const;

signals:
    void identityChosen(const Rubricate::AnnotatorIdentity &identity);

private:
    void updateButtons();

    QList<Annotator> m_known;
    QRadioButton *m_existing;
    QRadioButton *m_new;
    QComboBox *m_people;
    QLineEdit *m_name;
    QDialogButtonBox *m_buttons;
};

} // namespace Rubricate
