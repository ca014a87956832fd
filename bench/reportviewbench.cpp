// How long a report takes to open in the report view, and to highlight its evidence: the
// largest sample report of each format in the benchmark data, and a generated
// 150,000-character Markdown report with 70 evidence spans. Prints medians of several runs,
// and the worst block of the GUI thread while a report opens, is highlighted again and has its
// rubrics focused: the largest gap between the beats of a 5 ms heartbeat timer.
//
//   rubricate-bench-view [--data DIR] [--repeat N]
#include "ingest/document/extracteddocument.h"
#include "review/reportview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

#include <ctime>

using namespace Qt::StringLiterals;
using namespace Rubricate;

namespace {

struct Sample {
    QString label;
    LoadedReport loaded;
};

// `count` spans on sentences spread evenly through the text, one rubric each, with verdicts
// alternating so every colour is drawn.
QList<VerdictRow> spreadSpans(const QString &text, int count)
{
    QList<VerdictRow> rows;
    const qsizetype step = std::max<qsizetype>(1, text.size() / (count + 1));
    for (int i = 0; i < count; ++i) {
        qsizetype start = text.indexOf(u". "_s, step * (i + 1));
        if (start < 0)
            break;
        start += 2;
        const qsizetype end = text.indexOf(u'.', start + 20);
        if (end < 0)
            break;
        VerdictRow row;
        row.rubricId = i + 1;
        row.position = i;
        row.dimension = u"info_recall"_s;
        row.judged = true;
        row.judgeValue = i % 5 == 4 ? -1 : (i % 3 == 2 ? 0 : 1);
        row.evidenceStatus = u"located"_s;
        row.spans = {{int(start), int(end - start), u"exact"_s}};
        rows.append(row);
    }
    return rows;
}

QString generatedMarkdown(int characters)
{
    // Deterministic filler with the structure of a real report: headings, paragraphs with
    // emphasis and links, lists and tables.
    QRandomGenerator random(20261123);
    const QStringList words
        = {u"heat"_s,       u"pump"_s,     u"trial"_s,      u"seasonal"_s,    u"efficiency"_s,
           u"households"_s, u"measured"_s, u"winter"_s,     u"agency"_s,      u"evidence"_s,
           u"review"_s,     u"cost"_s,     u"installers"_s, u"temperature"_s, u"sample"_s,
           u"**median**"_s, u"report"_s};
    QString md;
    md.reserve(characters + 2000);
    int section = 0;
    while (md.size() < characters) {
        ++section;
        md += u"\n## %1. Section on %2\n\n"_s.arg(section).arg(words.at(section % words.size()));
        for (int p = 0; p < 4; ++p) {
            for (int s = 0; s < 6; ++s) {
                QString sentence;
                const int n = 12 + int(random.bounded(14));
                for (int w = 0; w < n; ++w)
                    sentence += words.at(random.bounded(int(words.size()))) + u' ';
                sentence[0] = sentence.at(0).toUpper();
                md += sentence.trimmed() + u". "_s;
            }
            md += u"See [source](https://example.org/%1).\n\n"_s.arg(section);
        }
        md += u"| Setting | Value |\n|---|---|\n| A | 1.9 |\n| B | 2.7 |\n\n- one point\n- another\n"_s;
    }
    return md;
}

// The longest the GUI thread went without running its event loop: a precise 5 ms timer beats
// while the view works, and the largest gap between two beats is the worst block the reader
// would have felt (a frozen window, a key press left waiting).
class GuiBlockMeter : public QObject
{
public:
    GuiBlockMeter()
    {
        m_beat.setTimerType(Qt::PreciseTimer);
        m_beat.setInterval(5);
        connect(&m_beat, &QTimer::timeout, this, &GuiBlockMeter::beat);
        m_beat.start();
        m_clock.start();
    }
    void reset()
    {
        m_last = m_clock.nsecsElapsed();
        m_lastCpu = threadCpuNs();
        m_worstNs = m_worstCpuNs = 0;
    }
    double worstMs() const { return m_worstNs / 1e6; }
    // The CPU the GUI thread itself spent in its worst gap: on a busy machine the wall gap
    // also holds the time other processes had the core.
    double worstCpuMs() const { return m_worstCpuNs / 1e6; }

private:
    static qint64 threadCpuNs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    }
    void beat()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        m_worstNs = std::max(m_worstNs, now - m_last);
        m_worstCpuNs = std::max(m_worstCpuNs, cpu - m_lastCpu);
        m_last = now;
        m_lastCpu = cpu;
    }

    QTimer m_beat;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    qint64 m_worstNs = 0;
    qint64 m_worstCpuNs = 0;
};

// Runs `work` from the event loop (so the heartbeat sees it as a block), then lets the loop
// run until `done` holds, and a little longer for what the work left queued.
struct Block {
    double wallMs = 0;
    double cpuMs = 0;
    void keepWorst(const Block &other)
    {
        wallMs = std::max(wallMs, other.wallMs);
        cpuMs = std::max(cpuMs, other.cpuMs);
    }
    QString text() const { return u"%1 (%2)"_s.arg(wallMs, 0, 'f', 1).arg(cpuMs, 0, 'f', 1); }
};

template<typename Work, typename Done>
Block worstBlock(GuiBlockMeter &meter, Work work, Done done)
{
    meter.reset();
    QTimer::singleShot(0, work);
    QElapsedTimer waited;
    waited.start();
    while (!done() && waited.elapsed() < 10'000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const qint64 settled = waited.elapsed();
    while (waited.elapsed() < settled + 100)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return {meter.worstMs(), meter.worstCpuMs()};
}

// Shown: the text is on screen, highlighted, and laid out to its end (QTextEdit lays out
// in steps from its event loop; the last step counts as a block too), and a PDF's pages are
// open and highlighted (isBuilding).
bool fullyShown(const ReportView &view, const LoadedReport &loaded)
{
    const QTextDocument *document = view.textBrowser()->document();
    const QTextLayout *last = document->lastBlock().layout();
    return view.reportId() == loaded.report.id && !view.isBuilding() && last
        && last->lineCount() > 0
        && (loaded.verdicts.isEmpty() || !view.marks().isEmpty() || view.showingPages());
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption dataOption(u"data"_s, u"Benchmark data folder."_s, u"dir"_s,
                                        u"../shared/data"_s);
    const QCommandLineOption repeatOption(u"repeat"_s, u"Runs per report."_s, u"n"_s, u"7"_s);
    parser.addOptions({dataOption, repeatOption});
    parser.addHelpOption();
    parser.process(app);
    const int repeat = std::max(1, parser.value(repeatOption).toInt());

    QList<Sample> samples;
    const QDir reports(QDir(parser.value(dataOption)).filePath(u"drb2/samples/report"_s));
    // The largest sample of each format.
    QHash<QString, QFileInfo> largest;
    for (const QString &dir : reports.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        for (const QFileInfo &f : QDir(reports.filePath(dir)).entryInfoList(QDir::Files)) {
            const QString suffix = f.suffix().toLower();
            if (!largest.contains(suffix) || largest.value(suffix).size() < f.size())
                largest.insert(suffix, f);
        }
    }
    QStringList suffixes = largest.keys();
    suffixes.sort();
    for (const QString &suffix : suffixes) {
        const QFileInfo info = largest.value(suffix);
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = file.readAll();
        const ExtractedDocument doc = extractDocument(bytes, info.fileName());
        if (!doc.hasText)
            continue;
        Sample s;
        s.label = u"sample %1 (%2)"_s.arg(info.fileName()).arg(suffix);
        s.loaded.report.id = 1;
        s.loaded.report.format = doc.format;
        s.loaded.report.text = doc.text;
        s.loaded.report.pages = doc.pages;
        s.loaded.report.hasText = true;
        if (doc.format == ReportFormat::Pdf)
            s.loaded.pdf = bytes;
        if (doc.format == ReportFormat::Html)
            s.loaded.originalHtml = QString::fromUtf8(bytes);
        s.loaded.verdicts = spreadSpans(doc.text, 70);
        samples.append(s);
    }
    if (samples.isEmpty())
        QTextStream(stderr) << "no sample reports under " << reports.path()
                            << " (use --data DIR); measuring the generated report only\n";
    Sample generated;
    generated.label = u"generated Markdown, 150,000 characters"_s;
    generated.loaded.report.id = 1;
    generated.loaded.report.format = ReportFormat::Markdown;
    generated.loaded.report.text = generatedMarkdown(150'000);
    generated.loaded.report.hasText = true;
    generated.loaded.verdicts = spreadSpans(generated.loaded.report.text, 70);
    samples.append(generated);

    ReportView view;
    view.resize(700, 900);
    view.show();
    QTextStream out(stdout);
    out << u"Report view, median of %1 runs (ms): build (worker thread) | show (GUI thread) | "
           "open to shown | focus one rubric | re-highlight after new verdicts\n"_s.arg(repeat);
    for (const Sample &s : std::as_const(samples)) {
        QList<double> build, show, shown, focus, refresh;
        int marks = 0;
        for (int i = 0; i < repeat; ++i) {
            view.showMessage(u"…"_s); // a different report first, as when the user moves on
            QElapsedTimer clock;
            clock.start();
            view.showReport(s.loaded, u"Model"_s, s.loaded.verdicts);
            while (view.isBuilding())
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
            shown.append(clock.nsecsElapsed() / 1e6);
            const ReportView::Timing t = view.lastTiming();
            build.append(t.buildMs);
            show.append(t.showMs);
            marks = int(view.marks().size());
            clock.restart();
            for (const VerdictRow &row : s.loaded.verdicts)
                view.focusRubric(row.rubricId);
            focus.append(clock.nsecsElapsed() / 1e6
                         / std::max<qsizetype>(1, s.loaded.verdicts.size()));
            clock.restart();
            view.setEvidence(s.loaded.verdicts);
            refresh.append(clock.nsecsElapsed() / 1e6);
        }
        out << u"  %1: %2 chars, %3 spans highlighted\n"_s.arg(s.label)
                   .arg(s.loaded.report.text.size())
                   .arg(marks);
        out << u"      %1 | %2 | %3 | %4 | %5\n"_s.arg(median(build), 0, 'f', 1)
                   .arg(median(show), 0, 'f', 1)
                   .arg(median(shown), 0, 'f', 1)
                   .arg(median(focus), 0, 'f', 2)
                   .arg(median(refresh), 0, 'f', 1);
        out.flush();
    }

    // The worst GUI-thread block, as the reader meets it: a report opens after another one,
    // is highlighted again when verdicts arrive, and has each rubric's evidence focused.
    GuiBlockMeter meter;
    out << u"\nWorst GUI-thread block, wall (GUI-thread CPU in it), ms, worst of %1 runs; "
           "5 ms heartbeat: open | re-highlight | focus one rubric\n"_s.arg(repeat);
    for (const Sample &s : std::as_const(samples)) {
        Block open, refresh, focus;
        for (int i = 0; i < repeat; ++i) {
            view.showMessage(u"…"_s);
            QCoreApplication::processEvents();
            open.keepWorst(worstBlock(
                meter, [&] { view.showReport(s.loaded, u"Model"_s, s.loaded.verdicts); },
                [&] { return fullyShown(view, s.loaded); }));
            refresh.keepWorst(worstBlock(
                meter, [&] { view.setEvidence(s.loaded.verdicts); },
                [&] { return !view.isBuilding(); })); // a PDF's pages are highlighted on a worker
            // One rubric at a time, as the reader moves through them.
            qsizetype focused = 0;
            focus.keepWorst(worstBlock(
                meter,
                [&] {
                    for (qsizetype r = 0; r < s.loaded.verdicts.size(); ++r) {
                        QTimer::singleShot(int(r) * 10, &view, [&, r] {
                            view.focusRubric(s.loaded.verdicts.at(r).rubricId);
                            ++focused;
                        });
                    }
                },
                [&] { return focused == s.loaded.verdicts.size(); }));
        }
        out << u"  %1: %2 | %3 | %4\n"_s.arg(s.label, open.text(), refresh.text(), focus.text());
        out.flush();
    }
    return 0;
}
