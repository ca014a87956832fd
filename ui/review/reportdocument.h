// The text document of one report, built away from the GUI thread. Parsing a long Markdown
// report into a QTextDocument takes hundreds of milliseconds; built on the GUI thread it froze
// the window each time the reader opened such a report. A QTextDocument may be built in any
// thread as long as it is not laid out or painted there, so a worker builds it (with its
// evidence marks, which need the rendered text) and hands it to the view's thread.
#pragma once

#include "domain/types.h"
#include "review/evidencemarks.h"

#include <QColor>
#include <QFont>
#include <QList>
#include <QTextDocument>
#include <QUrl>

#include <memory>

namespace Rubricate {

// Reports are untrusted documents: a page could point at a tracker, at a file on this
// machine or at a server on the local network. This document refuses every resource (a
// parentless QTextDocument would read local files), and asks its parent view, when it has
// one, so the view's list of refusals stays whole.
class RefusingTextDocument : public QTextDocument
{
    Q_OBJECT

public:
    using QTextDocument::QTextDocument;

    // What the document asked for before it had a view (for tests and diagnostics).
    const QList<QUrl> &refusedResources() const { return m_refused; }

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    QList<QUrl> m_refused;
};

// Every image of `document` as a short line of text saying it was not loaded (a refused image
// would otherwise be laid out as a large empty box); appends the images' addresses to
// `refused`.
void replaceImagesWithPlaceholders(QTextDocument *document, const QColor &placeholder,
                                   QList<QUrl> *refused);

// What the worker needs, copied on the GUI thread: nothing in it refers to a widget.
struct ReportDocumentSource {
    ReportFormat format = ReportFormat::Text;
    QString text; // Report::text, which evidence offsets refer to
    QString originalHtml;
    QFont font;
    QColor placeholder; // the colour of the text that stands for an image
    qreal margin = 0;
    QList<VerdictRow> evidence;
};

struct ReportDocument {
    std::unique_ptr<RefusingTextDocument> document; // lives in the thread that built it
    QString shownText; // document->toPlainText(), which marks refer to
    QList<EvidenceMark> marks;
    QList<QUrl> refused;
    double buildMs = 0;
};

// Builds the document in the calling thread; the caller moves it to the thread that shows it.
// Markdown and HTML are rendered; other formats are extracted text whose markup is not the
// author's.
ReportDocument buildReportDocument(const ReportDocumentSource &source);

} // namespace Rubricate
