#include "review/reportview.h"

#include "project/projecttreemodel.h"
#include "review/pdfpageview.h"

#include <QAbstractTextDocumentLayout>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>

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

namespace {

// Space around the text, inside the browser's frame.
constexpr qreal DocumentMargin = 12;

// The import stores why a document could not be read as its first warning.
bool isFlaggedCorrupt(const Report &r)
{
    return !r.warnings.isEmpty() && r.warnings.constFirst().startsWith(u"corrupt: "_s);
}

} // namespace

ReportView::ReportView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_details(new QLabel(this))
    , m_warnings(new QLabel(this))
    , m_legend(new QLabel(this))
    , m_pagesButton(new QToolButton(this))
    , m_stack(new QStackedWidget(this))
    , m_browser(new ReportTextBrowser(this))
    , m_pdf(new PdfPageView(this))
    , m_latestBuild(std::make_shared<std::atomic<quint64>>(0))
{
    m_pool.setMaxThreadCount(1);
    m_layoutSlices.setSingleShot(true);
    m_layoutSlices.setInterval(0);
    connect(&m_layoutSlices, &QTimer::timeout, this, &ReportView::layOutSlice);
    connect(&m_watcher, &QFutureWatcher<ReportDocument>::finished, this,
            &ReportView::showBuiltText);

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
    m_legend->setObjectName(u"evidenceLegend"_s);
    m_legend->setTextFormat(Qt::RichText); // our own words and swatches, never imported text
    m_legend->hide();

    m_browser->setObjectName(u"reportText"_s);
    m_pdf->setObjectName(u"reportPages"_s);
    m_stack->addWidget(m_browser);
    m_stack->addWidget(m_pdf);
    connect(m_pdf, &PdfPageView::highlightActivated, this, [this](int id) {
        if (id >= 0 && id < m_marks.size()) {
            scrollToMark(id);
            emit evidenceActivated(m_marks.at(id).rubricId);
        }
    });

    connect(m_pdf, &PdfPageView::documentOpened, this, &ReportView::pagesOpened);

    m_pagesButton->setObjectName(u"pagesButton"_s);
    m_pagesButton->setText(tr("Pages"));
    m_pagesButton->setCheckable(true);
    m_pagesButton->setToolTip(tr("Show the PDF's pages, or its text layer"));
    m_pagesButton->hide();
    connect(m_pagesButton, &QToolButton::toggled, this, &ReportView::setShowPages);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_details, 1);
    header->addWidget(m_legend);
    header->addWidget(m_pagesButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(4);
    layout->addWidget(m_title);
    layout->addLayout(header);
    layout->addWidget(m_warnings);
    layout->addWidget(m_stack, 1);

    showMessage(tr("Open a project and select a report in the tree."));
}

ReportView::~ReportView()
{
    // A build still running would hand its document to a view that is gone.
    ++*m_latestBuild;
    m_pool.waitForDone();
}

void ReportView::showReport(const LoadedReport &loaded, const QString &modelName,
                            const QList<VerdictRow> &evidence)
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

    m_reportText = r.text;
    m_marks.clear();
    m_current = -1;
    m_pendingFocus = 0;
    m_pendingReveal.clear();
    m_pages = r.pages;
    m_hasPdf = false;
    // A PDF the import flagged corrupt failed the same checks and the same loader there:
    // loading it again here would only repeat the work on the GUI thread, and the message.
    // The pages open on the view's worker; one that fails there falls back to the text.
    if (r.format == ReportFormat::Pdf && !loaded.pdf.isEmpty() && !isFlaggedCorrupt(r)) {
        m_hasPdf = true;
        m_pdf->openDocument(loaded.pdf);
    } else {
        m_pdf->clear();
    }
    m_pagesButton->setVisible(m_hasPdf);
    {
        const QSignalBlocker block(m_pagesButton);
        m_pagesButton->setChecked(m_hasPdf);
    }
    m_stack->setCurrentWidget(m_hasPdf ? static_cast<QWidget *>(m_pdf) : m_browser);
    if (r.hasText) {
        buildText(loaded, evidence);
        return;
    }
    ++*m_latestBuild; // a build still running is for a report no longer wanted
    m_building = false;
    setPlainDocument(isFlaggedCorrupt(r)
                         ? tr("This report could not be read; its file is kept in the project "
                              "as imported (see the warning above)")
                         : tr("This report has no text (image/scanned)"));
    setEvidence(evidence);
    emit textShown(m_reportId);
}

bool ReportView::isBuilding() const
{
    return m_building || m_pdf->isBusy();
}

void ReportView::pagesOpened(bool ok, const QString &error)
{
    if (ok)
        return;
    m_hasPdf = false;
    m_warnings->setText(m_warnings->text().isEmpty()
                            ? tr("The PDF cannot be shown as pages: %1").arg(error)
                            : m_warnings->text() + u"; "_s + error);
    m_warnings->show();
    m_pagesButton->hide();
    m_stack->setCurrentWidget(m_browser);
}

void ReportView::buildText(const LoadedReport &loaded, const QList<VerdictRow> &evidence)
{
    ReportDocumentSource source;
    source.format = loaded.report.format;
    source.text = loaded.report.text;
    source.originalHtml = loaded.originalHtml;
    source.font = m_browser->font();
    source.placeholder = palette().color(QPalette::PlaceholderText);
    source.margin = DocumentMargin;
    source.evidence = evidence;
    m_pendingEvidence = evidence;
    m_evidenceChanged = false;
    m_building = true;
    setPlainDocument(tr("Opening the report…"));

    const quint64 build = ++*m_latestBuild;
    QThread *viewThread = thread();
    m_watcher.setFuture(
        QtConcurrent::run(&m_pool, [source, build, latest = m_latestBuild, viewThread] {
            if (*latest != build)
                return ReportDocument(); // the reader has moved on before it started
            ReportDocument built = buildReportDocument(source);
            if (*latest != build)
                return ReportDocument(); // dropped here, off the GUI thread
            built.document->moveToThread(viewThread);
            return built;
        }));
}

void ReportView::showBuiltText()
{
    // A build the reader has left (a message or another report came since) is not shown.
    if (!m_building)
        return;
    ReportDocument built = m_watcher.future().takeResult();
    if (!built.document)
        return;
    m_showClock.start();
    m_timing = {built.buildMs, 0, 0};
    m_browser->addRefused(built.refused);
    m_shownText = built.shownText;
    m_builtMarks = built.marks;
    RefusingTextDocument *document = built.document.release();
    setDocument(document);
    m_nextToLayOut = document->begin();
    m_heldLayout = document->documentLayout();
    m_heldLayout->installEventFilter(this);
    layOutSlice();
}

bool ReportView::eventFilter(QObject *watched, QEvent *event)
{
    // The document layout's own lazy steps wait while the slices lay it out.
    if (watched == m_heldLayout && event->type() == QEvent::Timer)
        return true;
    return QWidget::eventFilter(watched, event);
}

void ReportView::layOutSlice()
{
    // Long enough to make progress, short enough that a key press is answered in time.
    constexpr qint64 sliceNs = 4'000'000;
    QElapsedTimer clock;
    clock.start();
    QAbstractTextDocumentLayout *layout = m_browser->document()->documentLayout();
    // Asking for a block's rectangle lays out the text up to it, a step at a time.
    while (m_nextToLayOut.isValid() && clock.nsecsElapsed() < sliceNs) {
        layout->blockBoundingRect(m_nextToLayOut);
        m_nextToLayOut = m_nextToLayOut.next();
    }
    ++m_timing.slices;
    if (m_nextToLayOut.isValid()) {
        m_layoutSlices.start();
        return;
    }
    finishShowing();
}

void ReportView::finishShowing()
{
    if (m_heldLayout)
        m_heldLayout->removeEventFilter(this);
    m_heldLayout.clear();
    m_building = false;
    if (m_evidenceChanged) {
        setEvidence(std::exchange(m_pendingEvidence, {}));
    } else {
        m_marks = std::exchange(m_builtMarks, {});
        m_pendingEvidence.clear();
        applyMarks();
        applyPdfMarks();
        updateLegend();
    }
    if (!m_pendingReveal.isEmpty())
        revealText(std::exchange(m_pendingReveal, QString()));
    else if (m_pendingFocus)
        focusRubric(std::exchange(m_pendingFocus, 0));
    m_timing.showMs = m_showClock.nsecsElapsed() / 1e6;
    emit textShown(m_reportId);
}

void ReportView::setDocument(RefusingTextDocument *document)
{
    // A document still being laid out in slices is on its way out.
    m_layoutSlices.stop();
    if (m_heldLayout)
        m_heldLayout->removeEventFilter(this);
    m_heldLayout.clear();
    m_nextToLayOut = {};
    // The browser deletes the document it showed, which it owns as its child.
    document->setParent(m_browser);
    m_browser->setDocument(document);
}

void ReportView::setPlainDocument(const QString &text)
{
    auto *document = new RefusingTextDocument(m_browser);
    document->setUndoRedoEnabled(false);
    document->setDefaultFont(m_browser->font());
    document->setDocumentMargin(DocumentMargin);
    document->setPlainText(text);
    m_shownText = text;
    setDocument(document);
}

void ReportView::setEvidence(const QList<VerdictRow> &rows)
{
    if (!m_reportId)
        return;
    if (m_building) {
        m_pendingEvidence = rows;
        m_evidenceChanged = true;
        return;
    }
    const RowId currentRubric = m_current >= 0 ? m_marks.at(m_current).rubricId : 0;
    const int currentStart = m_current >= 0 ? m_marks.at(m_current).start : -1;
    m_marks = evidenceMarks(rows, m_reportText, m_shownText);
    m_current = -1;
    for (int i = 0; i < m_marks.size(); ++i) {
        if (m_marks.at(i).rubricId == currentRubric && m_marks.at(i).start == currentStart)
            m_current = i;
    }
    applyMarks();
    applyPdfMarks();
    updateLegend();
}

void ReportView::updateLegend()
{
    struct Entry {
        EvidenceMeaning meaning;
        QString words;
    };
    const bool anyPitfall = std::any_of(m_marks.cbegin(), m_marks.cend(),
                                        [](const EvidenceMark &m) { return m.pitfall; });
    const Entry entries[] = {
        {EvidenceMeaning::Met, tr("met")},
        {EvidenceMeaning::Partly, tr("partly")},
        {EvidenceMeaning::NotMet, tr("not met")},
        {EvidenceMeaning::Against, anyPitfall ? tr("pitfall met") : tr("blocked source")},
        {EvidenceMeaning::NoValue, tr("no verdict")},
    };
    QStringList shown;
    for (const Entry &entry : entries) {
        const bool present
            = std::any_of(m_marks.cbegin(), m_marks.cend(), [&entry](const EvidenceMark &m) {
                  return evidenceMeaning(m.value, m.scale, m.pitfall) == entry.meaning;
              });
        if (!present)
            continue;
        QColor swatch = evidenceColour(entry.meaning);
        swatch.setAlpha(255);
        shown << u"<span style=\"color:%1\">■</span>&nbsp;%2"_s.arg(swatch.name(),
                                                                    entry.words.toHtmlEscaped());
    }
    m_legend->setText(shown.join(u" &nbsp; "_s));
    m_legend->setVisible(!shown.isEmpty());
    m_legend->setToolTip(
        anyPitfall ? tr("Evidence highlights by the judge's verdict. Red counts against the "
                        "report: a pitfall (a criterion with a negative weight) that the report "
                        "meets lowers its score.")
                   : tr("Evidence highlights by the judge's verdict. Red counts against the "
                        "report: DRB-II −1, met only through the blocked source."));
}

void ReportView::applyMarks()
{
    QList<QTextEdit::ExtraSelection> selections;
    selections.reserve(m_marks.size());
    QTextDocument *document = m_browser->document();
    for (int i = 0; i < m_marks.size(); ++i) {
        const EvidenceMark &mark = m_marks.at(i);
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(document);
        selection.cursor.setPosition(mark.start);
        selection.cursor.setPosition(mark.start + mark.length, QTextCursor::KeepAnchor);
        QColor colour = evidenceColour(mark.value, mark.scale, mark.pitfall);
        if (i == m_current) {
            colour.setAlpha(200);
            selection.format.setFontUnderline(true);
            selection.format.setUnderlineStyle(QTextCharFormat::SingleUnderline);
            selection.format.setUnderlineColor(colour.darker(160));
        }
        selection.format.setBackground(colour);
        selections.append(selection);
    }
    m_browser->setExtraSelections(selections);
}

void ReportView::applyPdfMarks()
{
    // Only when the marks change: the page view emphasises its current highlight itself,
    // and its geometry lookups are what costs.
    if (m_hasPdf) {
        // PDF text is shown as extracted, so marks are offsets into Report::text as they are.
        QList<ReportTextHighlight> spans;
        spans.reserve(m_marks.size());
        for (int i = 0; i < m_marks.size(); ++i) {
            const EvidenceMark &mark = m_marks.at(i);
            spans.append({i, mark.start, mark.start + mark.length,
                          evidenceColour(mark.value, mark.scale, mark.pitfall)});
        }
        m_pdf->setReportHighlights(m_pages, spans);
    }
}

bool ReportView::showingPages() const
{
    return m_stack->currentWidget() == m_pdf;
}

void ReportView::setShowPages(bool pages)
{
    const bool show = pages && m_hasPdf;
    {
        const QSignalBlocker block(m_pagesButton);
        m_pagesButton->setChecked(show);
    }
    m_stack->setCurrentWidget(show ? static_cast<QWidget *>(m_pdf) : m_browser);
    if (m_current >= 0)
        scrollToMark(m_current);
}

bool ReportView::focusRubric(RowId rubricId)
{
    if (m_building) {
        m_pendingFocus = rubricId;
        m_pendingReveal.clear();
        return std::any_of(m_pendingEvidence.cbegin(), m_pendingEvidence.cend(),
                           [rubricId](const VerdictRow &row) {
                               return row.rubricId == rubricId && !row.spans.isEmpty();
                           });
    }
    // Already on one of its spans (the reader clicked it, or cycles through them): stay.
    if (m_current >= 0 && m_marks.at(m_current).rubricId == rubricId)
        return true;
    for (int i = 0; i < m_marks.size(); ++i) {
        if (m_marks.at(i).rubricId == rubricId) {
            scrollToMark(i);
            return true;
        }
    }
    if (m_current >= 0) {
        m_current = -1;
        applyMarks();
    }
    return false;
}

bool ReportView::cycleEvidence(int step)
{
    if (m_current < 0)
        return false;
    const RowId rubric = m_marks.at(m_current).rubricId;
    QList<int> own;
    for (int i = 0; i < m_marks.size(); ++i) {
        if (m_marks.at(i).rubricId == rubric)
            own.append(i);
    }
    const qsizetype at = own.indexOf(m_current);
    const qsizetype n = own.size();
    scrollToMark(own.at(((at + step) % n + n) % n));
    return true;
}

void ReportView::scrollToMark(int index)
{
    m_current = index;
    applyMarks();
    const EvidenceMark &mark = m_marks.at(index);
    if (showingPages()) {
        m_pdf->scrollToHighlight(index);
        return;
    }
    // Centre the span rather than leaving it on the last line, where the eye does not go.
    QTextCursor cursor(m_browser->document());
    cursor.setPosition(mark.start);
    const QRect rect = m_browser->cursorRect(cursor);
    QScrollBar *bar = m_browser->verticalScrollBar();
    bar->setValue(bar->value() + rect.center().y() - m_browser->viewport()->height() / 2);
}

bool ReportView::revealText(const QString &text)
{
    if (text.isEmpty())
        return false;
    if (m_building) {
        m_pendingReveal = text;
        m_pendingFocus = 0;
        return m_reportText.contains(text, Qt::CaseInsensitive);
    }
    const QTextCursor found = m_browser->document()->find(text);
    if (found.isNull())
        return false;
    // A hit is a place in the text: a PDF shows its text layer, where it can be selected.
    if (showingPages())
        setShowPages(false);
    m_browser->setTextCursor(found);
    const QRect rect = m_browser->cursorRect(found);
    QScrollBar *bar = m_browser->verticalScrollBar();
    bar->setValue(bar->value() + rect.center().y() - m_browser->viewport()->height() / 2);
    return true;
}

void ReportView::showMessage(const QString &message)
{
    ++*m_latestBuild; // a build still running is for a report no longer wanted
    m_building = false;
    m_pendingEvidence.clear();
    m_pendingFocus = 0;
    m_pendingReveal.clear();
    m_reportId = 0;
    m_reportText.clear();
    m_marks.clear();
    m_current = -1;
    m_browser->setExtraSelections({});
    m_pdf->clear();
    m_hasPdf = false;
    m_pages.clear();
    m_pagesButton->hide();
    m_stack->setCurrentWidget(m_browser);
    m_title->clear();
    m_details->clear();
    m_warnings->clear();
    m_warnings->hide();
    m_legend->clear();
    m_legend->hide();
    setPlainDocument(message);
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
