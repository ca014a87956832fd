#include "shell/shortcutsheet.h"

#include <QMessageBox>

namespace Rubricate {

using namespace Qt::StringLiterals;

void showShortcutSheet(QWidget *parent, const QList<std::pair<QString, QString>> &keys)
{
    QString rows;
    for (const auto &[key, what] : keys) {
        rows += u"<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>"_s.arg(
            key.toHtmlEscaped(), what.toHtmlEscaped());
    }
    auto *box = new QMessageBox(
        QMessageBox::NoIcon, QObject::tr("Keyboard shortcuts"),
        u"<table>%1</table><p>%2</p>"_s.arg(
            rows,
            QObject::tr("Every label and note is saved at once as an event; quitting or "
                        "a crash loses nothing.")),
        QMessageBox::Ok, parent);
    box->setObjectName(u"shortcutSheet"_s);
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace Rubricate
