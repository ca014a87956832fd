// Shows one report: a header (task, model, format, warnings) above the text, with the
// judge's evidence highlighted in it, coloured by verdict.
#pragma once

#include "review/evidencemarks.h"
#include "review/reportdocument.h"
#include "services/projectsnapshot.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QList>
#include <QPointer>
#include <QTextBlock>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTimer>
#include <QUrl>
#include <QWidget>

#include <atomic>
#include <memory>

class QLabel;
class QStackedWidget;
class QToolButton;

namespace Rubricate {

class PdfPageView;

// Reports are untrusted documents: a page could point at a tracker, at a file on this
// machine or at a server on the local network. This browser refuses every resource and
// follows no link, so showing a report never reads or sends anything.
class ReportTextBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    explicit ReportTextBrowser(QWidget *parent = nullptr);

    QVariant loadResource(int type, const QUrl &name) override;
    // What a document built away from the view refused before it was shown here.
    void addRefused(const QList<QUrl> &urls) { m_refused += urls; }

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
    ~ReportView() override;

    // `modelName` comes from the caller because a Report only knows its model's id;
    // `evidence` are the rows whose evidence to highlight (blind mode leaves some out).
    // The header changes at once; the text is built on a worker thread and shown when ready
    // (textShown), so a long report never freezes the window. Until then evidence, focus and
    // search requests are kept and applied to the text when it arrives.
    void showReport(const LoadedReport &loaded, const QString &modelName,
                    const QList<VerdictRow> &evidence);
    // True while the report's text is being built, laid out or highlighted, or its PDF pages
    // opened or highlighted.
    bool isBuilding() const;
    // Only the text: textShown has yet to come.
    bool isTextBuilding() const { return m_building; }
    // Replaces the report with a short message (nothing selected, loading, an error).
    void showMessage(const QString &message);

    // Highlights the evidence of these rows (the caller leaves out what blind mode hides).
    // Does not move the text: a run writing verdicts must not scroll under the reader.
    void setEvidence(const QList<VerdictRow> &rows);
    // Makes the rubric's first evidence span current and scrolls to it; false when the
    // rubric has none on screen (while the text is built: none in the report).
    bool focusRubric(RowId rubricId);
    // The current rubric's next (or previous) span, wrapping; false when it has none.
    bool cycleEvidence(int step);

    const QList<EvidenceMark> &marks() const { return m_marks; }
    int currentMark() const { return m_current; }
    // Selects the first occurrence of `text` (a search hit) and scrolls to it (while the
    // text is built: once it is shown, if the report has it).
    bool revealText(const QString &text);

    // Milliseconds the last report took to show, for the open-time benchmark: building its
    // document on the worker, then laying it out and highlighting it here, in slices.
    struct Timing {
        double buildMs = 0;
        double showMs = 0;
        int slices = 0;
    };
    Timing lastTiming() const { return m_timing; }

    RowId reportId() const { return m_reportId; }
    QString titleText() const;
    QString detailsText() const;
    // The key to the highlight colours on screen, one entry per meaning present.
    QLabel *legend() const { return m_legend; }
    ReportTextBrowser *textBrowser() const { return m_browser; }
    PdfPageView *pdfView() const { return m_pdf; }
    // PDF reports show their pages; this tells whether the pages (not the text) are shown.
    bool showingPages() const;
    void setShowPages(bool pages);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    // The reader clicked a highlight on a PDF page.
    void evidenceActivated(Rubricate::RowId rubricId);
    // The report's text is on screen, with its highlights.
    void textShown(Rubricate::RowId reportId);

private:
    void pagesOpened(bool ok, const QString &error);
    void buildText(const LoadedReport &loaded, const QList<VerdictRow> &evidence);
    void showBuiltText();
    void layOutSlice();
    void finishShowing();
    void setDocument(RefusingTextDocument *document);
    void setPlainDocument(const QString &text);
    void applyMarks();
    void applyPdfMarks();
    void updateLegend();
    void scrollToMark(int index);

    QLabel *m_title = nullptr;
    QLabel *m_details = nullptr;
    QLabel *m_warnings = nullptr;
    QLabel *m_legend = nullptr;
    QToolButton *m_pagesButton = nullptr;
    QStackedWidget *m_stack = nullptr;
    ReportTextBrowser *m_browser = nullptr;
    PdfPageView *m_pdf = nullptr;
    QList<PageSpan> m_pages;
    bool m_hasPdf = false;
    RowId m_reportId = 0;
    QString m_reportText; // Report::text, which evidence offsets refer to
    QString m_shownText; // the document's plain text, which marks refer to
    QList<EvidenceMark> m_marks;
    int m_current = -1;
    Timing m_timing;

    // The text being built. The newest request wins: the worker skips a build the reader
    // has already left, and a finished build is shown only while it is still awaited.
    QThreadPool m_pool; // one thread: builds run in order, a stale one returns at once
    QFutureWatcher<ReportDocument> m_watcher;
    std::shared_ptr<std::atomic<quint64>> m_latestBuild;
    bool m_building = false;
    QList<VerdictRow> m_pendingEvidence; // what to highlight once the text is shown
    bool m_evidenceChanged = false; // since the build computed its marks
    RowId m_pendingFocus = 0;
    QString m_pendingReveal;
    QList<EvidenceMark> m_builtMarks; // the build's marks for m_pendingEvidence

    // The built document is laid out here in slices of a few milliseconds. QTextEdit lays
    // out lazily from a timer whose steps double in size (to 64,000 characters at once in a
    // long report), and highlighting or scrolling to a span lays out everything before it in
    // one go; held here, neither blocks the window.
    QTimer m_layoutSlices;
    QTextBlock m_nextToLayOut;
    QPointer<QObject> m_heldLayout; // whose own layout timer is held while slicing
    QElapsedTimer m_showClock;
};

} // namespace Rubricate
