#include "shell/userguide.h"

#include "shell/scoringchoices.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QToolTip>
#include <QUrl>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString userGuidePage(const QString &name)
{
    if (name.contains(u'/') || !name.endsWith(".md"_L1))
        return {};
    QFile file(u":/rubricate/guide/"_s + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(file.readAll());
    // The screenshots are not built in (they would double the binary): their captions stand
    // in for them.
    static const QRegularExpression image(u"!\\[([^\\]]*)\\]\\([^)]*\\)"_s);
    text.replace(image, u"*(\\1)*"_s);
    return text;
}

void showUserGuide(QWidget *parent, const QString &page)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(u"userGuide"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QCoreApplication::translate("Rubricate::UserGuide", "User Guide"));
    auto *text = new QTextBrowser(dialog);
    text->setObjectName(u"userGuideText"_s);
    text->setOpenLinks(false);
    text->setOpenExternalLinks(false);
    text->setMarkdown(userGuidePage(page));
    QObject::connect(text, &QTextBrowser::anchorClicked, text, [text](const QUrl &url) {
        const QString target = url.path().section(u'/', -1);
        if (url.isRelative() && url.path() == "../scoring-choices.md"_L1) {
            text->setMarkdown(scoringChoicesMarkdown());
        } else if (url.isRelative() && !userGuidePage(target).isEmpty()) {
            text->setMarkdown(userGuidePage(target));
        } else {
            // Out of the guide: the address is shown, never opened from here.
            QToolTip::showText(QCursor::pos(), url.toString(), text);
        }
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *home = buttons->addButton(QCoreApplication::translate("Rubricate::UserGuide", "Contents"),
                                    QDialogButtonBox::ActionRole);
    QObject::connect(home, &QAbstractButton::clicked, text,
                     [text] { text->setMarkdown(userGuidePage(u"index.md"_s)); });
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(820, 680);
    dialog->show();
}

} // namespace Rubricate
