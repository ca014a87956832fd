// The manifest reader: each line's file is extracted exactly like a fetched body.
#include "sourceimport.h"

#include "ingest/document/extracteddocument.h"
#include "ingest/inputfiles.h"
#include "sourcefetcher.h"
#include "store/projectstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString typeForFile(const QString &fileName)
{
    const QString name = fileName.toLower();
    if (name.endsWith(".pdf"_L1))
        return u"application/pdf"_s;
    if (name.endsWith(".html"_L1) || name.endsWith(".htm"_L1))
        return u"text/html"_s;
    if (name.endsWith(".xhtml"_L1))
        return u"application/xhtml+xml"_s;
    if (name.endsWith(".md"_L1))
        return u"text/markdown"_s;
    return u"text/plain"_s;
}

QString extractionName(const QString &type)
{
    if (type == "application/pdf"_L1)
        return u"source.pdf"_s;
    if (type == "text/html"_L1 || type == "application/xhtml+xml"_L1)
        return u"source.html"_s;
    if (type == "text/markdown"_L1)
        return u"source.md"_s;
    return u"source.txt"_s;
}

} // namespace

SourceImportResult importSourceFolder(ProjectStore &store, const QString &folder)
{
    SourceImportResult result;
    const QDir dir(folder);
    const QString manifestPath = dir.filePath(u"sources.jsonl"_s);
    const InputRead manifest = readInputFile(manifestPath, InputLimits{}.maxDataBytes);
    if (!manifest.ok()) {
        result.errors << u"%1: %2"_s.arg(manifestPath, manifest.error);
        return result;
    }
    QList<SourceRow> rows;
    int lineNumber = 0;
    const QList<QByteArray> lines = manifest.bytes.split('\n');
    for (const QByteArray &rawLine : lines) {
        ++lineNumber;
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        const auto fail = [&](const QString &why) {
            result.errors << u"sources.jsonl:%1: %2"_s.arg(lineNumber).arg(why);
        };
        QJsonParseError parseError;
        const QJsonObject o = QJsonDocument::fromJson(line, &parseError).object();
        if (parseError.error != QJsonParseError::NoError) {
            fail(parseError.errorString());
            continue;
        }
        const QUrl url(o.value(u"url"_s).toString(), QUrl::StrictMode);
        const QString file = o.value(u"file"_s).toString();
        if (!url.isValid() || url.scheme().isEmpty()) {
            fail(u"\"url\" is not a URL"_s);
            continue;
        }
        // The manifest must not reach outside its folder: by name here, through a link in
        // readInputFile, which checks where the opened file really is.
        const QString path = QDir::cleanPath(dir.absoluteFilePath(file));
        if (file.isEmpty() || !path.startsWith(QDir::cleanPath(dir.absolutePath()) + u'/')) {
            fail(u"\"file\" must name a file inside the folder"_s);
            continue;
        }
        InputRead read = readInputFile(path, InputLimits{}.maxDocumentBytes, folder);
        if (!read.ok()) {
            fail(u"%1: %2"_s.arg(file, read.error));
            continue;
        }
        SourceRow row;
        row.bytes = std::move(read.bytes);
        row.url = url.toString(QUrl::FullyEncoded);
        row.finalUrl = row.url;
        row.contentType = o.value(u"content_type"_s).toString(typeForFile(file)).toLower();
        const ExtractedDocument doc = extractDocument(row.bytes, extractionName(row.contentType));
        if (doc.corrupt || !doc.hasText) {
            fail(u"%1: %2"_s.arg(file, doc.corrupt ? doc.error : u"no text"_s));
            continue;
        }
        row.text = doc.text;
        row.state = sourceStateKey(FetchedSource::State::Fetched);
        row.origin = u"imported"_s;
        row.contentHash = QString::fromLatin1(
            QCryptographicHash::hash(row.bytes, QCryptographicHash::Sha256).toHex());
        row.fetchedAt = QDateTime::currentDateTimeUtc();
        rows.append(row);
    }
    if (const Result<void> put = store.sources().putSources(rows); !put) {
        result.errors << put.errorMessage();
        return result;
    }
    result.imported = int(rows.size());
    result.ok = true;
    return result;
}

} // namespace Rubricate
