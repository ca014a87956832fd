#include "project/importdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

ImportDialog::ImportDialog(QWidget *parent)
    : QDialog(parent)
    , m_kind(new QComboBox(this))
    , m_description(new QLabel(this))
    , m_path(new QLineEdit(this))
    , m_model(new QLineEdit(this))
    , m_runName(new QLineEdit(this))
    , m_modelLabel(new QLabel(tr("Agent &model:"), this))
    , m_runNameLabel(new QLabel(tr("&Run name:"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Import"));

    for (const ImportKindInfo &info : importKinds()) {
        m_kind->addItem(kindName(info.kind), int(info.kind));
        // The command line's word for the same thing, for those who script it.
        m_kind->setItemData(m_kind->count() - 1, tr("Command line: %1").arg(info.key),
                            Qt::ToolTipRole);
    }
    m_description->setObjectName(u"importDescription"_s);
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_path->setPlaceholderText(tr("File or folder to import"));
    m_path->setClearButtonEnabled(true);
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    auto *form = new QFormLayout;
    form->addRow(tr("&Kind:"), m_kind);
    form->addRow(QString(), m_description);
    // A label for a layout gets no buddy by itself, and without one "&" shows literally.
    auto *pathLabel = new QLabel(tr("&Path:"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);
    m_model->setPlaceholderText(tr("Default: from the folder or file name"));
    m_model->setClearButtonEnabled(true);
    m_modelLabel->setBuddy(m_model);
    form->addRow(m_modelLabel, m_model);
    m_runName->setPlaceholderText(tr("Default: the file name"));
    m_runName->setClearButtonEnabled(true);
    m_runNameLabel->setBuddy(m_runName);
    form->addRow(m_runNameLabel, m_runName);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    resize(560, sizeHint().height());

    connect(m_kind, &QComboBox::currentIndexChanged, this, &ImportDialog::updateState);
    connect(m_path, &QLineEdit::textChanged, this, &ImportDialog::updateState);
    connect(browseButton, &QPushButton::clicked, this, &ImportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

void ImportDialog::setSourcePath(const QString &path)
{
    m_path->setText(QDir::toNativeSeparators(path));
    if (const auto kind = guessKind(path)) {
        const int at = m_kind->findData(int(*kind));
        if (at >= 0)
            m_kind->setCurrentIndex(at);
    }
    updateState();
}

QString ImportDialog::kindName(ImportKind kind)
{
    switch (kind) {
    case ImportKind::Drb2Tasks:
        return tr("DeepResearch Bench II: tasks and rubrics");
    case ImportKind::Drb2Reports:
        return tr("DeepResearch Bench II: reports (a folder per agent)");
    case ImportKind::Drb2Results:
        return tr("DeepResearch Bench II: verdicts of the official judge");
    case ImportKind::ResearchRubrics:
        return tr("ResearchRubrics: prompts and rubrics");
    case ImportKind::ResearchRubricsReports:
        return tr("ResearchRubrics: responses (a folder)");
    case ImportKind::ResearchRubricsResults:
        return tr("ResearchRubrics: verdicts of the reference judge");
    case ImportKind::ReportBench:
        return tr("ReportBench: tasks and ground-truth references");
    case ImportKind::ReportBenchReports:
        return tr("ReportBench: model outputs (a folder)");
    case ImportKind::PdrFolder:
        return tr("PDR-Bench: the whole data folder");
    case ImportKind::PdrPersonas:
        return tr("PDR-Bench: personas");
    case ImportKind::PdrQueries:
        return tr("PDR-Bench: queries");
    case ImportKind::PdrCriteria:
        return tr("PDR-Bench: criteria and weights");
    case ImportKind::PdrReports:
        return tr("PDR-Bench: one model's outputs");
    case ImportKind::Annotations:
        return tr("Human labels");
    }
    return {};
}

std::optional<ImportKind> ImportDialog::guessKind(const QString &path)
{
    const QFileInfo info(path);
    const QString name = info.fileName().toLower();
    if (info.isDir())
        return name.contains(u"pdr"_s) ? ImportKind::PdrFolder : ImportKind::Drb2Reports;
    const std::pair<QString, ImportKind> byName[] = {
        {u"tasks_and_rubrics"_s, ImportKind::Drb2Tasks},
        {u"annotation"_s, ImportKind::Annotations},
        {u"batch_evaluation"_s, ImportKind::ResearchRubricsResults},
        {u"result"_s, ImportKind::Drb2Results},
        {u"persona"_s, ImportKind::PdrPersonas},
        {u"quer"_s, ImportKind::PdrQueries},
        {u"criteria"_s, ImportKind::PdrCriteria},
        {u"researchrubrics"_s, ImportKind::ResearchRubrics},
        {u"reportbench"_s, ImportKind::ReportBench},
    };
    for (const auto &[part, kind] : byName) {
        if (name.contains(part))
            return kind;
    }
    return std::nullopt;
}

ImportKind ImportDialog::kind() const
{
    return currentInfo().kind;
}

QString ImportDialog::sourcePath() const
{
    return m_path->text().trimmed();
}

ImportOptions ImportDialog::options() const
{
    ImportOptions o;
    if (importTakesModel(kind()))
        o.model = m_model->text().trimmed();
    if (importTakesRunName(kind()))
        o.runName = m_runName->text().trimmed();
    return o;
}

const ImportKindInfo &ImportDialog::currentInfo() const
{
    const auto &kinds = importKinds();
    return kinds.at(qBound(0, m_kind->currentIndex(), int(kinds.size()) - 1));
}

void ImportDialog::browse()
{
    const bool folder = currentInfo().expects == u"folder"_s;
    // open() rather than exec(): the chooser must not spin a nested event loop.
    auto *chooser = new QFileDialog(this, folder ? tr("Choose a folder") : tr("Choose a file"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(folder ? QFileDialog::Directory : QFileDialog::ExistingFile);
    if (folder)
        chooser->setOption(QFileDialog::ShowDirsOnly);
    const QFileInfo current(sourcePath());
    if (!sourcePath().isEmpty())
        chooser->setDirectory(current.isDir() ? current.absoluteFilePath()
                                              : current.absolutePath());
    connect(chooser, &QFileDialog::fileSelected, m_path, &QLineEdit::setText);
    chooser->open();
}

void ImportDialog::updateState()
{
    const ImportKindInfo &info = currentInfo();
    // The file's expected shape, and the command line's key as secondary text.
    m_description->setText(tr("%1 (command line: %2)").arg(info.description, info.key));
    for (QWidget *w : {static_cast<QWidget *>(m_model), static_cast<QWidget *>(m_modelLabel)})
        w->setVisible(importTakesModel(info.kind));
    for (QWidget *w : {static_cast<QWidget *>(m_runName), static_cast<QWidget *>(m_runNameLabel)})
        w->setVisible(importTakesRunName(info.kind));
    const QFileInfo source(sourcePath());
    const bool wantsFolder = info.expects == u"folder"_s;
    // Archives stand in for folders, so a file is acceptable either way.
    const bool usable
        = !sourcePath().isEmpty() && source.exists() && (wantsFolder || source.isFile());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(usable);
}

void showImportSummary(QWidget *parent, const QString &source, const ImportSummary &summary)
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(ImportDialog::tr("Import finished"));
    auto *heading = new QLabel(dialog);
    heading->setTextFormat(Qt::PlainText);
    heading->setWordWrap(true);
    heading->setText(ImportDialog::tr("%1 (%2) — errors: %L3, warnings: %L4")
                         .arg(QFileInfo(source).fileName(), summary.kind)
                         .arg(summary.errorCount())
                         .arg(summary.warningCount()));
    auto *text = new QPlainTextEdit(dialog);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    // toText() aligns its columns with spaces.
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const QString body = summary.toText();
    text->setPlainText(body.isEmpty() ? ImportDialog::tr("Nothing was imported.") : body);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(heading);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    dialog->resize(640, 360);
    dialog->open();
}

} // namespace Rubricate
