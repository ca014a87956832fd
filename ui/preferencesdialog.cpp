#include "preferencesdialog.h"

#include "verdictpanel.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
    , m_annotator(new QLineEdit(this))
{
    setWindowTitle(tr("Preferences"));
    m_annotator->setObjectName(u"annotatorEdit"_s);
    m_annotator->setText(QSettings().value(u"annotator"_s).toString());
    m_annotator->setPlaceholderText(VerdictPanel::annotator());

    auto *hint = new QLabel(tr("Every label you give is stored under this name, so several "
                               "people can annotate the same project and be compared."),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    auto *form = new QFormLayout;
    form->addRow(tr("&Annotator name:"), m_annotator);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::accepted, this, &PreferencesDialog::save);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(buttons);
    resize(420, sizeHint().height());
}

void PreferencesDialog::save() const
{
    QSettings settings;
    const QString name = m_annotator->text().trimmed();
    if (name.isEmpty())
        settings.remove(u"annotator"_s);
    else
        settings.setValue(u"annotator"_s, name);
}

} // namespace Rubricate
