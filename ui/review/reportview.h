// Shows one report: a header (task, model, format, warnings) above the text, with the
// judge's evidence highlighted in it, coloured by verdict.
#pragma once

#include "review/evidencemarks.h"
#include "services/projectsnapshot.h"

#include <QList>
#include <QTextBrowser>
#include <QUrl>
#include <QWidget>

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
    // Every image of the document as a short line of text saying it was not loaded: a
    // refused image would otherwise be laid out as a large empty box.
    void replaceImagesWithPlaceholders();

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

    // `modelName` comes from the caller because a Report only knows its model's id;
    // `evidence` are the rows whose evidence to highlight (blind mode leaves some out).
    void showReport(const LoadedReport &loaded, const QString &modelName,
                    const QList<VerdictRow> &evidence);
    // Replaces the report with a short message (nothing selected, loading, an error).
    void showMessage(const QString &message);

    // Highlights the evidence of these rows (the caller leaves out what blind mode hides).
    // Does not move the text: a run writing verdicts must not scroll under the reader.
    void setEvidence(const QList<VerdictRow> &rows);
    // Makes the rubric's first evidence span current and scrolls to it; false when the
    // rubric has none on screen.
    bool focusRubric(RowId rubricId);
    // The current rubric's next (or previous) span, wrapping; false when it has none.
    bool cycleEvidence(int step);

    const QList<EvidenceMark> &marks() const { return m_marks; }
    int currentMark() const { return m_current; }
    // Selects the first occurrence of `text` (a search hit) and scrolls to it.
    bool revealText(const QString &text);

    // Milliseconds the last showReport() spent setting the document and highlighting, for
    // the open-time benchmark.
    struct Timing {
        double documentMs = 0;
        double layoutMs = 0;
        double highlightMs = 0;
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

signals:
    // The reader clicked a highlight on a PDF page.
    void evidenceActivated(Rubricate::RowId rubricId);

private:
    void setText(const LoadedReport &loaded);
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
    QList<EvidenceMark> m_marks;
    int m_current = -1;
    Timing m_timing;
};

} // namespace Rubricate
