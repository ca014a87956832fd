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
    // The page is prose too long for a catalogue: each language has its own file, and the
    // catalogue names it, so the page follows the translator that is installed.
    //: The file name of this page in your language, as shipped under docs/.
    const QString translated
        = QCoreApplication::translate("Rubricate::ScoringChoices", "scoring-choices.md");
    for (const QString &name : {translated, u"scoring-choices.md"_s}) {
        QFile file(u":/rubricate/docs/"_s + name);
        if (file.open(QIODevice::ReadOnly))
            return QString::fromUtf8(file.readAll());
    }
    return {};
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
