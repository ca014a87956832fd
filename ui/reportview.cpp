#include "reportview.h"

#include "projecttreemodel.h"

#include <QLabel>
#include <QLocale>
#include <QTextDocument>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

ReportTextBrowser::ReportTextBrowser(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
}

QVariant ReportTextBrowser::loadResource(int, const QUrl &name)
{
    m_refused.append(name);
    return {};
}

ReportView::ReportView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_details(new QLabel(this))
    , m_warnings(new QLabel(this))
    , m_browser(new ReportTextBrowser(this))
{
    // Titles and model names come from imported files: never interpret them as markup.
    for (QLabel *label : {m_title, m_details, m_warnings}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_details->setForegroundRole(QPalette::PlaceholderText);
    m_warnings->setStyleSheet(u"QLabel { color: #9a5b00; }"_s);
    m_warnings->hide();

    m_browser->document()->setDocumentMargin(12);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(4);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addWidget(m_warnings);
    layout->addWidget(m_browser, 1);

    showMessage(tr("Open a project and select a report in the tree."));
}

void ReportView::showReport(const LoadedReport &loaded, const QString &modelName)
{
    const Report &r = loaded.report;
    m_reportId = r.id;

    const Task *task = loaded.task ? &*loaded.task : nullptr;
    m_title->setText(!task                       ? tr("Report %1").arg(r.id)
                         : task->title.isEmpty() ? task->externalId
                                                 : task->title);

    QStringList details;
    if (!modelName.isEmpty())
        details << modelName;
    details << reportFormatName(formatKey(r.format));
    if (r.hasText)
        details << tr("%L1 characters").arg(r.text.size());
    if (!r.pages.isEmpty())
        details << tr("%L1 pages").arg(r.pages.size());
    if (!r.sourceName.isEmpty())
        details << r.sourceName;
    m_details->setText(details.join(u" · "_s));

    m_warnings->setText(
        r.warnings.isEmpty() ? QString() : tr("Import warnings: %1").arg(r.warnings.join(u"; "_s)));
    m_warnings->setVisible(!r.warnings.isEmpty());

    setText(loaded);
}

void ReportView::setText(const LoadedReport &loaded)
{
    const Report &r = loaded.report;
    // Clearing first also drops resources the previous document may have cached.
    m_browser->clear();
    if (!r.hasText) {
        m_browser->setPlainText(tr("This report has no text (image/scanned)"));
        return;
    }
    switch (r.format) {
    case ReportFormat::Markdown:
        // QTextEdit::setMarkdown parses the GitHub dialect (tables, task lists).
        m_browser->setMarkdown(r.text);
        break;
    case ReportFormat::Html:
        if (!loaded.originalHtml.isEmpty())
            m_browser->setHtml(loaded.originalHtml);
        else // the stored text is the page rendered as Markdown
            m_browser->setMarkdown(r.text);
        break;
    default: // PDF and DOCX text is extracted text; markup in it is not the author's
        m_browser->setPlainText(r.text);
        break;
    }
}

void ReportView::showMessage(const QString &message)
{
    m_reportId = 0;
    m_title->clear();
    m_details->clear();
    m_warnings->clear();
    m_warnings->hide();
    m_browser->clear();
    m_browser->setPlainText(message);
}

QString ReportView::titleText() const
{
    return m_title->text();
}

QString ReportView::detailsText() const
{
    return m_details->text();
}

} // namespace Rubricate
