#include "jsonlreader.h"

#include "inputfiles.h"
#include "jsontext.h"

#include <QStringDecoder>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString nonIntegerMember(const CheckedJson &json, const QStringList &integerMembers)
{
    for (const QString &key : integerMembers) {
        const auto written = json.decimalMembers.constFind(key);
        if (written != json.decimalMembers.cend()) {
            return u"\"%1\" must be an integer, not %2"_s.arg(key,
                                                              QString::fromLatin1(written.value()));
        }
    }
    return {};
}

} // namespace

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
    parseJsonLines(bytes, displayName, summary, {}, onObject);
}

void parseJsonLines(const QByteArray &bytes, const QString &displayName, ImportSummary &summary,
                    const QStringList &integerMembers,
                    const std::function<void(const QJsonObject &, int)> &onObject)
{
    QByteArrayView text = bytes;
    if (text.startsWith("\xEF\xBB\xBF"))
        text = text.sliced(3);
    // Saved as UTF-16 (a byte-order mark, or the NUL bytes of ASCII in it): said once, rather
    // than as an invalid line for every line break its bytes happen to hold.
    if (text.startsWith("\xFF\xFE") || text.startsWith("\xFE\xFF")
        || text.first(qMin<qsizetype>(text.size(), 4096)).contains('\0')) {
        summary.error(displayName, 0,
                      u"the file is not UTF-8 text (UTF-16, or binary); save it as UTF-8"_s);
        return;
    }
    if (text.trimmed().isEmpty()) {
        summary.error(displayName, 0,
                      text.isEmpty() ? u"the file is empty"_s
                                     : u"the file holds only blank lines and white space"_s);
        return;
    }
    int lineNumber = 0;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        ++lineNumber;
        const QByteArrayView line = text.sliced(start, end - start);
        start = end + 1;
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
        const CheckedJson json = parseCheckedJson(line, displayName, lineNumber, summary);
        if (!json.ok()) {
            summary.error(displayName, lineNumber, json.error + u"; line skipped"_s);
            continue;
        }
        if (!json.document.isObject()) {
            summary.error(displayName, lineNumber, u"not a JSON object; line skipped"_s);
            continue;
        }
        if (const QString why = nonIntegerMember(json, integerMembers); !why.isEmpty()) {
            summary.error(displayName, lineNumber, why + u"; line skipped"_s);
            continue;
        }
        onObject(json.document.object(), lineNumber);
    }
}

} // namespace Rubricate
