// rubricate-cli sources: wiring only; the fetcher, cache and import live in core/sources.
#include "clisources.h"

#include "cliapp.h"
#include "clitable.h"
#include "readers/claimsproject.h"
#include "sources/sourcefetcher.h"
#include "sources/sourceimport.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>

#include <limits>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

int fetchSources(const QCommandLineParser &p, const QStringList &args, ProjectStore &store,
                 QTextStream &out, QTextStream &err)
{
    QList<QUrl> urls;
    for (const QString &a : args)
        urls << QUrl::fromUserInput(a);
    if (p.isSet(u"file"_s)) {
        QFile f(p.value(u"file"_s));
        if (!f.open(QIODevice::ReadOnly)) {
            err << u"rubricate-cli: %1: %2\n"_s.arg(f.fileName(), f.errorString());
            return Failed;
        }
        while (!f.atEnd()) {
            const QString line = QString::fromUtf8(f.readLine()).trimmed();
            if (!line.isEmpty() && !line.startsWith(u'#'))
                urls << QUrl(line);
        }
    }
    if (urls.isEmpty() && !p.isSet(u"file"_s)) {
        // Nothing named: the sources the stored claims cite.
        for (const QString &url : claimUrls(store, p.value(u"benchmark"_s)))
            urls << QUrl(url);
        if (urls.isEmpty()) {
            err << u"rubricate-cli: sources fetch needs URLs, --file FILE, or claims that cite "
                   "URLs (rubricate-cli claims extract)\n"_s;
            return Usage;
        }
        out << u"%1 URL(s) cited by the project's claims\n"_s.arg(urls.size());
    }
    if (urls.isEmpty()) {
        err << u"rubricate-cli: sources fetch: %1 lists no URL\n"_s.arg(p.value(u"file"_s));
        return Usage;
    }
    FetchOptions o;
    bool ok = true;
    const auto whole = [&](const QString &name, auto *target) {
        if (!p.isSet(name))
            return;
        bool good = false;
        const qint64 v = p.value(name).toLongLong(&good);
        if (!good || v <= 0 || v > std::numeric_limits<decltype(+*target)>::max()) {
            err << u"rubricate-cli: --%1 needs a positive whole number\n"_s.arg(name);
            ok = false;
            return;
        }
        *target = decltype(+*target)(v);
    };
    whole(u"concurrency"_s, &o.concurrency);
    whole(u"per-host"_s, &o.perHost);
    whole(u"max-bytes"_s, &o.maxBytes);
    int seconds = 0;
    whole(u"timeout"_s, &seconds);
    if (!ok)
        return Usage;
    if (seconds > 86400) {
        err << u"rubricate-cli: --timeout needs seconds up to a day (86400)\n"_s;
        return Usage;
    }
    if (seconds > 0)
        o.timeoutMs = seconds * 1000;
    o.refresh = p.isSet(u"refresh"_s);

    SourceFetcher fetcher(&store);
    fetcher.setOptions(o);
    QEventLoop loop;
    int failed = 0;
    QObject::connect(&fetcher, &SourceFetcher::sourceFetched, &loop, [&](const FetchedSource &s) {
        if (!s.ok())
            ++failed;
        out << u"%1  %2%3\n"_s.arg(sourceStateKey(s.state), -11)
                   .arg(s.url.toString(),
                        s.ok() ? (s.fromCache ? u"  (cached)"_s : QString()) : u"  "_s + s.error);
        out.flush();
    });
    QObject::connect(&fetcher, &SourceFetcher::finished, &loop, [&loop] { loop.quit(); });
    fetcher.fetch(urls);
    loop.exec();
    out << u"%1 source(s), %2 not fetched, %3 request(s)\n"_s.arg(urls.size())
               .arg(failed)
               .arg(fetcher.requestsSent());
    return Ok;
}

int listSources(ProjectStore &store, QTextStream &out)
{
    Table t;
    t.setHeader(
        {u"state"_s, u"status"_s, u"type"_s, u"origin"_s, u"fetched"_s, u"url"_s, u"error"_s});
    for (const SourceRow &s : store.sources().list().value_or({})) {
        t.addRow({s.state, s.httpStatus ? QString::number(s.httpStatus) : QString(), s.contentType,
                  s.origin, s.fetchedAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s), s.url,
                  s.error});
    }
    out << t.render();
    if (t.rowCount() == 0)
        out << u"(none)\n"_s;
    return Ok;
}

} // namespace

QList<QCommandLineOption> sourcesOptions()
{
    return {
        {u"file"_s, u"sources fetch: a file of URLs, one a line."_s, u"FILE"_s},
        {u"refresh"_s, u"sources fetch: fetch again what the project already has."_s},
        {u"per-host"_s, u"sources fetch: requests in flight to one host (2)."_s, u"N"_s},
        {u"max-bytes"_s, u"sources fetch: largest body kept (20 MiB)."_s, u"N"_s},
    };
}

std::optional<int> runSourcesCommand(const QString &command, const QCommandLineParser &parser,
                                     const QStringList &args, const QString &projectPath,
                                     QTextStream &out, QTextStream &err)
{
    if (command != "sources"_L1)
        return std::nullopt;
    const QString what = args.value(0);
    if (what != "fetch"_L1 && what != "list"_L1 && what != "import"_L1) {
        err << u"rubricate-cli: sources needs fetch, list or import\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    if (what == "fetch"_L1)
        return fetchSources(parser, args.mid(1), *store, out, err);
    if (what == "list"_L1)
        return listSources(*store, out);
    if (args.size() != 2) {
        err << u"rubricate-cli: sources import needs one folder with a sources.jsonl\n"_s;
        return Usage;
    }
    const SourceImportResult r = importSourceFolder(*store, args.at(1));
    for (const QString &e : r.errors)
        err << u"  "_s << e << u'\n';
    out << u"%1 source(s) imported\n"_s.arg(r.imported);
    if (!r.ok || (r.imported == 0 && !r.errors.isEmpty()))
        return Failed;
    return r.errors.isEmpty() || !parser.isSet(u"strict"_s) ? int(Ok) : int(PartialImport);
}

} // namespace Rubricate::Cli
