#include "shell/identitydialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

IdentityDialog::IdentityDialog(const QList<Annotator> &known, QWidget *parent)
    : QDialog(parent)
    , m_known(known)
    , m_existing(new QRadioButton(tr("I am &one of these annotators:"), this))
    , m_new(new QRadioButton(tr("I am a &new annotator, named:"), this))
    , m_people(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"identityDialog"_s);
    setWindowTitle(tr("Who Is Annotating?"));
    m_existing->setObjectName(u"existingAnnotator"_s);
    m_new->setObjectName(u"newAnnotator"_s);
    m_people->setObjectName(u"annotatorChoice"_s);
    m_name->setObjectName(u"annotatorName"_s);

    const AnnotatorIdentity current = currentIdentity();
    int currentRow = -1;
    for (const Annotator &a : known) {
        m_people->addItem(a.name == a.id ? a.name : u"%1 (%2)"_s.arg(a.name, a.id.left(8)), a.id);
        if (a.id == current.id)
            currentRow = m_people->count() - 1;
    }
    if (currentRow >= 0)
        m_people->setCurrentIndex(currentRow);
    m_name->setText(chosenAnnotator() ? QString() : current.name);
    m_name->setPlaceholderText(tr("Your name as others should see it"));
    const bool anyone = !known.isEmpty();
    m_existing->setEnabled(anyone);
    (anyone && currentRow >= 0 ? m_existing : m_new)->setChecked(true);

    auto *intro = new QLabel(tr("Every label is stored under the person who gives it, so that "
                                "several people can annotate one project and be compared. "
                                "Renaming yourself later keeps your labels."),
                             this);
    intro->setWordWrap(true);

    auto *grid = new QGridLayout;
    grid->addWidget(m_existing, 0, 0);
    grid->addWidget(m_people, 0, 1);
    grid->addWidget(m_new, 1, 0);
    grid->addWidget(m_name, 1, 1);
    grid->setColumnStretch(1, 1);

    connect(m_existing, &QRadioButton::toggled, this, &IdentityDialog::updateButtons);
    connect(m_name, &QLineEdit::textChanged, this, [this] {
        if (!m_name->text().isEmpty())
            m_new->setChecked(true);
        updateButtons();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::accepted, this, [this] {
        const AnnotatorIdentity chosen = identity();
        chooseAnnotator(chosen);
        emit identityChosen(chosen);
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(grid);
    layout->addWidget(m_buttons);
    updateButtons();
    resize(520, sizeHint().height());
}

AnnotatorIdentity IdentityDialog::identity() const
{
    if (m_existing->isChecked() && m_people->currentIndex() >= 0) {
        const Annotator &a = m_known.at(m_people->currentIndex());
        return {a.id, a.name};
    }
    return {newAnnotatorId(), m_name->text().trimmed()};
}

void IdentityDialog::updateButtons()
{
    m_people->setEnabled(m_existing->isChecked());
    const bool ok = m_existing->isChecked() ? m_people->currentIndex() >= 0
                                            : !m_name->text().trimmed().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace Rubricate
