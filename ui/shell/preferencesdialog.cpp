#include "shell/preferencesdialog.h"

#include "services/annotatoridentity.h"
#include "shell/identitydialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

PreferencesDialog::PreferencesDialog(const QList<Annotator> &known, QWidget *parent)
    : QDialog(parent)
    , m_known(known)
    , m_annotator(new QLineEdit(this))
{
    setWindowTitle(tr("Preferences"));
    m_annotator->setObjectName(u"annotatorEdit"_s);
    m_annotator->setText(currentAnnotatorName());

    auto *switchButton = new QPushButton(tr("S&witch Annotator…"), this);
    switchButton->setObjectName(u"switchAnnotator"_s);
    connect(switchButton, &QPushButton::clicked, this, [this] {
        auto *dialog = new IdentityDialog(m_known, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &IdentityDialog::identityChosen, this,
                [this](const AnnotatorIdentity &identity) {
                    m_annotator->setText(identity.name);
                    emit annotatorChanged();
                });
        dialog->open();
    });

    auto *hint = new QLabel(tr("Every label you give is stored under you (id %1), so several "
                               "people can annotate the same project and be compared. Changing "
                               "the name renames you and keeps your labels.")
                                .arg(currentAnnotator()),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    auto *row = new QHBoxLayout;
    row->addWidget(m_annotator, 1);
    row->addWidget(switchButton);
    // A row that is a layout gets no buddy from addRow(), and a label without one shows its "&".
    auto *nameLabel = new QLabel(tr("&Annotator name:"), this);
    nameLabel->setBuddy(m_annotator);
    auto *form = new QFormLayout;
    form->addRow(nameLabel, row);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::accepted, this, &PreferencesDialog::save);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(buttons);
    resize(520, sizeHint().height());
}

void PreferencesDialog::save()
{
    const QString name = m_annotator->text().trimmed();
    if (name.isEmpty() || name == currentAnnotatorName())
        return;
    renameCurrentAnnotator(name);
    emit annotatorChanged();
}

} // namespace Rubricate
