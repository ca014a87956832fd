// `rubricate-cli bench import`, last step: a DRB-II-sized report set (20 agents x 132 tasks,
// about 42 KB of Markdown each, half of them Chinese) generated into a temporary folder and
// imported by a child process, so that the peak memory printed is the import's own.
#include "clibench.h"

#include "cliapp.h"
#include "ingest/importer.h"
#include "store/projectstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>

#include <sys/resource.h>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

constexpr int Agents = 20;

// What this benchmark printed before schema 16, for comparison (wall times vary with the
// machine's load; CPU time and sizes do not).
constexpr char PriorFigures[]
    = "      median 41.76 s, best 25.00 s (CPU 28.5 s); peak RSS 393 MB\n"
      "      project grew by 488.2 MB = 4.17 x the originals, 184923 bytes per report\n"
      "      after one offline judge run: grew by 543.8 MB = 4.65 x the originals\n";
// ... and before the search index of words and character pairs (schema 17), measured the same
// way (`bench report-import` alone) on the same loaded machine as this build's figures.
constexpr char Schema16Figures[]
    = "      import alone: 23-27 s (CPU 17.2-17.5 s); peak RSS 85-113 MB\n"
      "      project grew by 166.2 MB = 1.42 x the originals, 62948 bytes per report\n";
constexpr qsizetype ReportBytes = 42 * 1024;

// An order-1 Markov chain over the tasks' own prompts and rubrics (words in English,
// characters in Chinese): text with the vocabulary, and about the redundancy, of a real
// report, so that compression and the search index are measured on something realistic
// rather than on one sentence repeated.
class TextChain
{
public:
    void learn(const QString &text, bool chinese)
    {
        const QStringList tokens = tokenize(text, chinese);
        for (qsizetype i = 0; i + 1 < tokens.size(); ++i)
            m_next[tokens.at(i)] << tokens.at(i + 1);
        m_starts += tokens.mid(0, 1);
    }

    QString sentence(QRandomGenerator &rng, bool chinese) const
    {
        if (m_starts.isEmpty())
            return {};
        QString token = m_starts.at(rng.bounded(m_starts.size()));
        QString out = token;
        const int length = 12 + rng.bounded(24);
        for (int i = 0; i < length; ++i) {
            const QStringList successors = m_next.value(token);
            token = successors.isEmpty() ? m_starts.at(rng.bounded(m_starts.size()))
                                         : successors.at(rng.bounded(successors.size()));
            if (!chinese)
                out += u' ';
            out += token;
        }
        return out + (chinese ? u"。"_s : u"."_s);
    }

private:
    static QStringList tokenize(const QString &text, bool chinese)
    {
        if (!chinese)
            return text.simplified().split(u' ', Qt::SkipEmptyParts);
        QStringList chars;
        for (const QChar c : text) {
            if (!c.isSpace())
                chars << QString(c);
        }
        return chars;
    }

    QHash<QString, QStringList> m_next;
    QStringList m_starts;
};

struct TaskText {
    QString externalId;
    bool chinese = false;
    QString title;
    QStringList rubrics;
};

QString generatedReport(const TaskText &task, const TextChain &chain, int agent)
{
    QRandomGenerator rng(quint32(agent * 7919 + task.externalId.toInt()));
    QString text = u"# %1\n\n"_s.arg(task.title);
    for (int section = 1; text.toUtf8().size() < ReportBytes; ++section) {
        text += u"## %1 %2\n\n"_s.arg(task.chinese ? u"第%1节"_s.arg(section)
                                                   : u"Section %1"_s.arg(section),
                                      chain.sentence(rng, task.chinese).left(40));
        for (int paragraph = 0; paragraph < 4; ++paragraph) {
            // A rubric quoted now and then, as a report that meets it would say it.
            if (!task.rubrics.isEmpty() && rng.bounded(3) == 0)
                text += task.rubrics.at(rng.bounded(task.rubrics.size())) + u' ';
            for (int s = 3 + rng.bounded(4); s > 0; --s)
                text += chain.sentence(rng, task.chinese) + (task.chinese ? u""_s : u" "_s);
            text += u"[%1](https://example.org/source/%2/%3)\n\n"_s.arg(rng.bounded(40) + 1)
                        .arg(agent)
                        .arg(rng.bounded(100000));
        }
        if (section % 3 == 0)
            text += u"- %1\n- %2\n\n"_s.arg(chain.sentence(rng, task.chinese),
                                            chain.sentence(rng, task.chinese));
    }
    return text;
}

QList<TaskText> drbTasks(ProjectStore &store, TextChain &english, TextChain &chinese)
{
    QList<TaskText> tasks;
    for (const TaskSummary &s : store.catalog().taskSummaries(u"drb2"_s).value_or({})) {
        TaskText t{s.externalId, s.language == "zh"_L1, s.title, {}};
        const auto task = store.catalog().task(s.id);
        TextChain &chain = t.chinese ? chinese : english;
        if (task)
            chain.learn(task->prompt, t.chinese);
        for (const Rubric &r : store.catalog().rubrics(s.id)) {
            t.rubrics << r.text;
            chain.learn(r.text, t.chinese);
        }
        tasks << t;
    }
    return tasks;
}

struct ReportSet {
    qint64 bytes = 0;
    int files = 0;
};

// Writes <folder>/AgentNN/idx-<n>.md for every task; nullopt when a file cannot be written.
std::optional<ReportSet> writeReportSet(ProjectStore &store, const QString &folder)
{
    TextChain english, chinese;
    const QList<TaskText> tasks = drbTasks(store, english, chinese);
    ReportSet set;
    for (int agent = 1; agent <= Agents; ++agent) {
        const QString dir = QDir(folder).filePath(u"Agent%1"_s.arg(agent, 2, 10, QChar(u'0')));
        if (!QDir().mkpath(dir))
            return std::nullopt;
        for (const TaskText &t : tasks) {
            const TextChain &chain = t.chinese ? chinese : english;
            QFile file(QDir(dir).filePath(u"idx-%1.md"_s.arg(t.externalId)));
            const QByteArray bytes = generatedReport(t, chain, agent).toUtf8();
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
                return std::nullopt;
            set.bytes += bytes.size();
            ++set.files;
        }
    }
    return set;
}

qint64 projectBytes(const QString &path)
{
    qint64 total = 0;
    for (const QString &suffix : {u""_s, u"-wal"_s})
        total += QFileInfo(path + suffix).size();
    return total;
}

struct ChildFigures {
    double ms = 0;
    double peakMb = 0;
    int added = 0;
    int errors = 0;
    double cpuSeconds = 0; // the whole child, every thread: unlike wall time, not the load's
};

std::optional<ChildFigures> importInChild(const QString &project, const QString &folder,
                                          QTextStream &err)
{
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(),
                {u"bench"_s, u"report-import"_s, folder, u"--project"_s, project});
    if (!child.waitForFinished(-1) || child.exitCode() != Ok) {
        err << u"rubricate-cli: the import child failed: %1\n"_s.arg(
            QString::fromUtf8(child.readAllStandardError()));
        return std::nullopt;
    }
    const QStringList f = QString::fromUtf8(child.readAllStandardOutput()).split(u' ');
    if (f.size() < 5)
        return std::nullopt;
    return ChildFigures{f.at(0).toDouble(), f.at(1).toDouble(), f.at(2).toInt(), f.at(3).toInt(),
                        f.at(4).toDouble()};
}

QString mb(qint64 bytes)
{
    return QString::number(bytes / 1e6, 'f', 1) + u" MB"_s;
}

} // namespace

int runReportImportChild(const QString &project, const QString &folder, QTextStream &out,
                         QTextStream &err)
{
    auto store = openExistingProject(project, err);
    if (!store)
        return Failed;
    QElapsedTimer timer;
    timer.start();
    const ImportSummary s = runImport(*store, ImportKind::Drb2Reports, folder);
    const double ms = timer.nsecsElapsed() / 1e6;
    store.reset(); // closing folds the write-ahead log into the file that is measured
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    const double cpu
        = u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    out << u"%1 %2 %3 %4 %5\n"_s.arg(ms, 0, 'f', 1)
               .arg(u.ru_maxrss / 1024.0, 0, 'f', 1)
               .arg(s.added.value(u"reports"_s))
               .arg(s.errorCount())
               .arg(cpu, 0, 'f', 2);
    return Ok;
}

int runReportSearchChild(const QString &project, QTextStream &out, QTextStream &err)
{
    auto store = openExistingProject(project, err);
    if (!store)
        return Failed;
    // A fragment that starts inside words, a whole word, two Chinese characters, and the first
    // again: the first search of a process pays for whatever it reads once.
    for (const QString &terms : {u"olic"_s, u"market"_s, u"政策"_s, u"olic"_s}) {
        QElapsedTimer timer;
        timer.start();
        const qsizetype hits = store->search().reports(terms).size();
        out << u"'%1' %2 ms (%3 hits); "_s.arg(terms)
                   .arg(timer.nsecsElapsed() / 1e6, 0, 'f', 0)
                   .arg(hits);
    }
    out << u"\n"_s;
    return Ok;
}

int runGeneratedReportsBenchmark(const QString &tasksFile, int repeat, QTextStream &out,
                                 QTextStream &err)
{
    QTemporaryDir scratch;
    const QString folder = scratch.filePath(u"report"_s);
    const QString tasksOnly = scratch.filePath(u"tasks.rubricate"_s);
    std::optional<ReportSet> set;
    {
        auto store = ProjectStore::create(tasksOnly);
        if (store && runImport(*store, ImportKind::Drb2Tasks, tasksFile).errorCount() == 0)
            set = writeReportSet(*store, folder);
    }
    if (!set) {
        err << u"rubricate-cli: cannot generate the report set in %1\n"_s.arg(folder);
        return Failed;
    }
    out << u"  DRB-II generated reports (%1 agents x %2 tasks = %3 reports, %4 of Markdown, "
           "half Chinese)\n"_s.arg(Agents)
               .arg(set->files / Agents)
               .arg(set->files)
               .arg(mb(set->bytes));
    QList<ChildFigures> runs;
    qint64 size = 0;
    const QString project = scratch.filePath(u"run.rubricate"_s);
    for (int i = 0; i < repeat; ++i) {
        QFile::remove(project);
        if (!QFile::copy(tasksOnly, project))
            return Failed;
        const auto figures = importInChild(project, folder, err);
        if (!figures)
            return Failed;
        runs << *figures;
        size = projectBytes(project) - projectBytes(tasksOnly);
    }
    std::sort(runs.begin(), runs.end(),
              [](const ChildFigures &a, const ChildFigures &b) { return a.ms < b.ms; });
    const ChildFigures &median = runs.at(runs.size() / 2);
    out << u"      median %1 s, best %2 s (CPU %3 s); peak RSS %4 MB (median of %5 runs); %6 "
           "reports added, %7 errors\n"_s.arg(median.ms / 1000, 0, 'f', 2)
               .arg(runs.constFirst().ms / 1000, 0, 'f', 2)
               .arg(median.cpuSeconds, 0, 'f', 1)
               .arg(median.peakMb, 0, 'f', 0)
               .arg(runs.size())
               .arg(median.added)
               .arg(median.errors);
    out << u"      project grew by %1 = %2 x the originals, %3 bytes per report\n"_s.arg(mb(size))
               .arg(double(size) / set->bytes, 0, 'f', 2)
               .arg(size / set->files);
    // The first process after the import reads the index's words and keeps them in the
    // project; the next one finds them there.
    for (const QString &which : {u"the first process after the import"_s, u"the next process"_s}) {
        QProcess search;
        search.start(QCoreApplication::applicationFilePath(),
                     {u"bench"_s, u"report-search"_s, u"--project"_s, project});
        if (search.waitForFinished(-1) && search.exitCode() == Ok)
            out << u"      searches in %1: "_s.arg(which)
                << QString::fromUtf8(search.readAllStandardOutput());
    }
    out.flush();
    QProcess judge;
    judge.start(QCoreApplication::applicationFilePath(),
                {u"judge"_s, u"--project"_s, project, u"--provider"_s, u"offline"_s});
    if (!judge.waitForFinished(-1) || judge.exitCode() != Ok) {
        err << u"rubricate-cli: the offline run failed: %1\n"_s.arg(
            QString::fromUtf8(judge.readAllStandardError().right(2000)));
        return Failed;
    }
    const qint64 judged = projectBytes(project) - projectBytes(tasksOnly);
    out << u"      after one offline judge run: grew by %1 = %2 x the originals\n"_s.arg(mb(judged))
               .arg(double(judged) / set->bytes, 0, 'f', 2);
    out << u"  Before the word index (schema 16, commit 7c41d37, this set):\n%1"_s.arg(
        QLatin1StringView(Schema16Figures));
    out << u"  Before the compact storage (schema 14, commit 77c2381, this set, 3 runs on the "
           "same loaded 2-core machine):\n%1"_s.arg(QLatin1StringView(PriorFigures));
    return Ok;
}

} // namespace Rubricate::Cli
