#include "jsonlreader.h"

#include "inputfiles.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringDecoder>

namespace Rubricate {

using namespace Qt::StringLiterals;

bool readJsonLines(const QString &path, const QString &displayName, ImportSummary &summary,
                   const std::function<void(const QJsonObject &, int)> &onObject)
{
    const InputRead read = readInputFile(path, InputLimits{}.maxDataBytes);
    if (!read.ok()) {
        summary.error(displayName, 0, read.error);
        return false;
    }
    parseJsonLines(read.bytes, displayName, summary, onObject);
    return true;
}

void parseJsonLines(const QByteArray &bytes, const QString &displayName, ImportSummary &summary,
                    const std::function<void(const QJsonObject &, int)> &onObject)
{
    if (bytes.trimmed().isEmpty()) {
        summary.error(displayName, 0, u"the file is empty"_s);
        return;
    }
    int lineNumber = 0;
    qsizetype start = 0;
    while (start < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        ++lineNumber;
        QByteArrayView line(bytes.constData() + start, end - start);
        start = end + 1;
        if (lineNumber == 1 && line.startsWith("\xEF\xBB\xBF"))
            line = line.sliced(3);
        if (line.trimmed().isEmpty())
            continue;

        // Qt's JSON parser accepts some malformed UTF-8; check first so that a broken line
        // is reported rather than imported with replacement characters.
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder(line);
        if (decoder.hasError()) {
            summary.error(displayName, lineNumber, u"invalid UTF-8; line skipped"_s);
            continue;
        }
        Q_UNUSED(decoded);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            summary.error(displayName, lineNumber,
                          u"invalid JSON at byte %1 (%2); line skipped"_s.arg(parseError.offset)
                              .arg(parseError.errorString()));
            continue;
        }
        if (!doc.isObject()) {
            summary.error(displayName, lineNumber, u"not a JSON object; line skipped"_s);
            continue;
        }
        onObject(doc.object(), lineNumber);
    }
}

} // namespace Rubricate
