#include "project/teamprojectdialog.h"

#include "store/serverlocation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

TeamProjectDialog::TeamProjectDialog(QWidget *parent)
    : QDialog(parent)
    , m_host(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_database(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_sslMode(new QComboBox(this))
    , m_create(new QCheckBox(tr("Create a project in the database if it holds none"), this))
    , m_preview(new QLabel(this))
{
    setWindowTitle(tr("Open Team Project"));
    setMinimumWidth(480);
    m_host->setPlaceholderText(tr("localhost, a server name, or a socket folder"));
    // Left at "default", the location names no port and libpq picks one (PGPORT, else 5432),
    // as it would for the same URL typed on the command line.
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("default"));
    m_port->setValue(0);
    m_host->setObjectName(u"host"_s);
    m_port->setObjectName(u"port"_s);
    m_database->setObjectName(u"database"_s);
    m_user->setObjectName(u"user"_s);
    m_sslMode->setObjectName(u"sslMode"_s);
    m_database->setPlaceholderText(tr("the database your administrator made"));
    m_user->setText(qEnvironmentVariable("USER"));
    // libpq's own names, which an administrator's instructions use.
    m_sslMode->addItem(tr("prefer (libpq's default)"), QString());
    for (const QString &mode : {u"require"_s, u"verify-ca"_s, u"verify-full"_s, u"disable"_s})
        m_sslMode->addItem(mode, mode);

    auto *form = new QFormLayout;
    form->addRow(tr("&Server:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("SS&L:"), m_sslMode);

    auto *password = new QLabel(
        tr("The password is read from ~/.pgpass, the PGPASSWORD variable or a PostgreSQL "
           "service file. Rubricate never asks for it, stores it or shows it."),
        this);
    password->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_create);
    layout->addWidget(password);
    layout->addWidget(m_preview);
    layout->addWidget(buttons);

    const auto update = [this, buttons] {
        updateLocation();
        buttons->button(QDialogButtonBox::Open)
            ->setEnabled(!m_database->text().trimmed().isEmpty());
    };
    for (QLineEdit *edit : {m_host, m_database, m_user})
        connect(edit, &QLineEdit::textChanged, this, update);
    connect(m_port, &QSpinBox::valueChanged, this, update);
    connect(m_sslMode, &QComboBox::currentIndexChanged, this, update);
    update();
}

void TeamProjectDialog::setLocation(const QString &location)
{
    // A location that does not read leaves the form as it is.
    const auto server = ServerLocation::parse(location);
    if (!server)
        return;
    m_host->setText(server->host());
    m_port->setValue(qMax(0, server->port()));
    m_database->setText(server->database());
    m_user->setText(server->user());
    const QString canonical = server->canonical();
    for (int i = 1; i < m_sslMode->count(); ++i) {
        if (canonical.contains(u"sslmode="_s + m_sslMode->itemData(i).toString()))
            m_sslMode->setCurrentIndex(i);
    }
}

QString TeamProjectDialog::location() const
{
    return ServerLocation::fromParts(m_host->text(), m_port->value() > 0 ? m_port->value() : -1,
                                     m_database->text(), m_user->text(),
                                     m_sslMode->currentData().toString())
        .canonical();
}

bool TeamProjectDialog::createIfEmpty() const
{
    return m_create->isChecked();
}

void TeamProjectDialog::updateLocation()
{
    m_preview->setText(tr("Location: %1").arg(location()));
}

} // namespace Rubricate
