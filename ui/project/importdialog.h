// Asks what to import: the kind of data (named for a person, with the CLI's key beside it)
// and the file or folder.
#pragma once

#include "ingest/importer.h"
#include "ingest/importissue.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace Rubricate {

class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ImportDialog(QWidget *parent = nullptr);

    ImportKind kind() const;
    QString sourcePath() const;
    // The model and run name typed for kinds that take them (empty: the importer's default).
    ImportOptions options() const;
    // A dropped file or folder: fills the path and picks the kind its name suggests.
    void setSourcePath(const QString &path);
    // DRB-II's tasks_and_rubrics.jsonl, result.jsonl, PDR-Bench's persona/query/criteria
    // files ... by name; a folder is a report folder. Nothing when the name says nothing.
    static std::optional<ImportKind> guessKind(const QString &path);
    // What the kind is called in the window ("DeepResearch Bench II: reports …"), translated;
    // the command line's key ("drb2-reports") is only secondary text.
    static QString kindName(ImportKind kind);

private:
    const ImportKindInfo &currentInfo() const;
    void browse();
    void updateState();

    QComboBox *m_kind = nullptr;
    QLabel *m_description = nullptr;
    QLineEdit *m_path = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_runName = nullptr;
    QLabel *m_modelLabel = nullptr;
    QLabel *m_runNameLabel = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// Shows what an import did (ImportSummary::toText()) in a window-modal dialog that does
// not block the caller.
void showImportSummary(QWidget *parent, const QString &source, const ImportSummary &summary);

} // namespace Rubricate
