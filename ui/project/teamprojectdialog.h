// File → Open Team Project…: the server, database and user of a team project on PostgreSQL,
// as a lab's administrator hands them out. The password is not asked for: libpq reads it from
// ~/.pgpass, PGPASSWORD or a service file, so it is never typed into, kept by or shown in
// Rubricate.
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace Rubricate {

class TeamProjectDialog : public QDialog
{
    Q_OBJECT

public:
    explicit TeamProjectDialog(QWidget *parent = nullptr);

    // Fills the form from a postgresql:// location (the last team project opened).
    void setLocation(const QString &location);
    // The postgresql:// location the form describes.
    QString location() const;
    // Put a new project into the database when it holds none.
    bool createIfEmpty() const;

private:
    void updateLocation();

    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QComboBox *m_sslMode;
    QCheckBox *m_create;
    QLabel *m_preview;
};

} // namespace Rubricate
