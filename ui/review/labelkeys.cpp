#include "review/labelkeys.h"

#include <QAction>
#include <QCoreApplication>
#include <QWidget>

namespace Rubricate {

using namespace Qt::StringLiterals;

void addWindowKey(QWidget *owner, const QKeySequence &key, const QString &text,
                  const std::function<void()> &slot)
{
    auto *action = new QAction(text, owner);
    action->setShortcut(key);
    action->setShortcutContext(Qt::WindowShortcut);
    QObject::connect(action, &QAction::triggered, owner, slot);
    owner->addAction(action);
}

QString unknownLabelKeyMessage(VerdictScale scale, QChar key)
{
    QStringList keys;
    for (const double v : scaleValues(scale))
        keys << keyForValue(scale, v);
    return QCoreApplication::translate("Rubricate::LabelKeys",
                                       "“%1” is not a label on this scale; use %2")
        .arg(QString(key), keys.join(u", "_s));
}

} // namespace Rubricate
