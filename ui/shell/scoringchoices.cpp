#include "shell/scoringchoices.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString scoringChoicesMarkdown()
{
    QFile file(u":/rubricate/docs/scoring-choices.md"_s);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void showScoringChoices(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(u"scoringChoices"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(
        QCoreApplication::translate("Rubricate::ScoringChoices", "Scoring Choices"));
    auto *text = new QTextBrowser(dialog);
    text->setObjectName(u"scoringChoicesText"_s);
    text->setOpenLinks(false);
    text->setOpenExternalLinks(false);
    text->setMarkdown(scoringChoicesMarkdown());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(760, 640);
    dialog->show();
}

} // namespace Rubricate
