// Shows one report: a header (task, model, format, warnings) above the text.
#pragma once

#include "projectsnapshot.h"

#include <QList>
#include <QTextBrowser>
#include <QUrl>
#include <QWidget>

class QLabel;

namespace Rubricate {

// Reports are untrusted documents: a page could point at a tracker, at a file on this
// machine or at a server on the local network. This browser refuses every resource and
// follows no link, so showing a report never reads or sends anything.
class ReportTextBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    explicit ReportTextBrowser(QWidget *parent = nullptr);

    QVariant loadResource(int type, const QUrl &name) override;

    // What the document asked for and did not get (for tests and diagnostics).
    const QList<QUrl> &refusedResources() const { return m_refused; }

private:
    QList<QUrl> m_refused;
};

class ReportView : public QWidget
{
    Q_OBJECT

public:
    explicit ReportView(QWidget *parent = nullptr);

    // `modelName` comes from the caller because a Report only knows its model's id.
    void showReport(const LoadedReport &loaded, const QString &modelName);
    // Replaces the report with a short message (nothing selected, loading, an error).
    void showMessage(const QString &message);

    RowId reportId() const { return m_reportId; }
    QString titleText() const;
    QString detailsText() const;
    ReportTextBrowser *textBrowser() const { return m_browser; }

private:
    void setText(const LoadedReport &loaded);

    QLabel *m_title = nullptr;
    QLabel *m_details = nullptr;
    QLabel *m_warnings = nullptr;
    ReportTextBrowser *m_browser = nullptr;
    RowId m_reportId = 0;
};

} // namespace Rubricate
