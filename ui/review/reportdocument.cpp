#include "review/reportdocument.h"

#include "text/markdowntext.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextEdit>

namespace Rubricate {

QVariant RefusingTextDocument::loadResource(int type, const QUrl &name)
{
    // The view refuses as well, and records the refusal where it is read.
    if (auto *view = qobject_cast<QTextEdit *>(parent()))
        return view->loadResource(type, name);
    m_refused.append(name);
    return {};
}

void replaceImagesWithPlaceholders(QTextDocument *document, const QColor &placeholder,
                                   QList<QUrl> *refused)
{
    struct Image {
        int position;
        QString text;
    };
    QList<Image> images;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            const QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QUrl url(image.name());
            QString alt = image.property(QTextFormat::ImageAltText).toString().simplified();
            if (alt.isEmpty())
                alt = image.property(QTextFormat::ImageTitle).toString().simplified();
            if (alt.isEmpty())
                alt = url.fileName();
            const QString text = alt.isEmpty()
                ? QCoreApplication::translate("Rubricate::ReportTextBrowser", "[image not loaded]")
                : QCoreApplication::translate("Rubricate::ReportTextBrowser",
                                              "[image not loaded: %1]")
                      .arg(alt);
            // Neighbouring images with one format share a fragment, a character each.
            for (int i = 0; i < fragment.length(); ++i) {
                images.append({fragment.position() + i, text});
                refused->append(url);
            }
        }
    }
    if (images.isEmpty())
        return;
    QTextCharFormat format;
    format.setFontItalic(true);
    format.setForeground(placeholder);
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    // From the end, so that the positions still to replace do not move.
    for (auto it = images.crbegin(); it != images.crend(); ++it) {
        cursor.setPosition(it->position);
        cursor.setPosition(it->position + 1, QTextCursor::KeepAnchor);
        cursor.insertText(it->text, format);
    }
    cursor.endEditBlock();
}

ReportDocument buildReportDocument(const ReportDocumentSource &source)
{
    QElapsedTimer clock;
    clock.start();
    ReportDocument built;
    built.document = std::make_unique<RefusingTextDocument>();
    RefusingTextDocument *document = built.document.get();
    // The view never edits a report: an undo history would only hold a copy of it.
    document->setUndoRedoEnabled(false);
    document->setDefaultFont(source.font);
    document->setDocumentMargin(source.margin);
    const bool rendered = source.format == ReportFormat::Markdown
        || (source.format == ReportFormat::Html && source.originalHtml.isEmpty());
    if (rendered) // QTextDocument::setMarkdown parses the GitHub dialect (tables, task lists)
        document->setMarkdown(markdownWithReferenceLines(source.text));
    else if (source.format == ReportFormat::Html)
        document->setHtml(source.originalHtml);
    else // PDF and DOCX text is extracted text; markup in it is not the author's
        document->setPlainText(source.text);
    if (source.format == ReportFormat::Markdown || source.format == ReportFormat::Html)
        replaceImagesWithPlaceholders(document, source.placeholder, &built.refused);
    built.refused += document->refusedResources();
    built.shownText = document->toPlainText();
    built.marks = evidenceMarks(source.evidence, source.text, built.shownText);
    built.buildMs = clock.nsecsElapsed() / 1e6;
    return built;
}

} // namespace Rubricate
