// What the widget tests share: a named child, found or named in a warning, and a screenshot of
// a widget when RUBRICATE_SCREENSHOT_DIR asks for them (to look at a screen as a user would,
// and for the docs).
#pragma once

#include <QDir>
#include <QObject>
#include <QString>
#include <QTest>
#include <QWidget>

template<typename W>
W *child(QObject *parent, const QString &name)
{
    W *w = parent->findChild<W *>(name);
    if (!w)
        qWarning("no child %s", qPrintable(name));
    return w;
}

// Saves `widget` as `name` in $RUBRICATE_SCREENSHOT_DIR; nothing when it is not set.
inline void saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RUBRICATE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}
