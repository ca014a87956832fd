#include "csvtext.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

QString csvRecord(const QStringList &fields, CsvLineEnd end)
{
    QString out;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += u',';
        const QString &f = fields.at(i);
        if (f.contains(u',') || f.contains(u'"') || f.contains(u'\r') || f.contains(u'\n')) {
            QString doubled = f;
            doubled.replace(u"\""_s, u"\"\""_s);
            out += u'"' + doubled + u'"';
        } else {
            out += f;
        }
    }
    out += end == CsvLineEnd::Crlf ? u"\r\n"_s : u"\n"_s;
    return out;
}

Result<CsvRecords> splitCsv(const QString &text)
{
    CsvRecords out = splitCsvUpToUnclosedQuote(text);
    if (out.unterminatedLine > 0)
        return Error{u"line %1: unterminated quoted field"_s.arg(out.unterminatedLine)};
    return out;
}

CsvRecords splitCsvUpToUnclosedQuote(const QString &text)
{
    CsvRecords out;
    QList<QStringList> &records = out.records;
    QStringList fields;
    QString field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool pending = false; // something read since the last record ended
    int line = 1;
    int recordLine = 1;
    const auto endRecord = [&] {
        records << fields;
        out.startLines << recordLine;
        recordLine = line;
    };
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == u'"') {
                if (i + 1 < n && text.at(i + 1) == u'"') {
                    field += u'"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                field += c;
                if (c == u'\n' || (c == u'\r' && (i + 1 >= n || text.at(i + 1) != u'\n')))
                    ++line;
            }
            continue;
        }
        if (c == u'"' && field.isEmpty() && !fieldWasQuoted) {
            inQuotes = true;
            fieldWasQuoted = true;
            pending = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
            fieldWasQuoted = false;
            pending = true;
        } else if (c == u'\r' || c == u'\n') {
            if (c == u'\r' && i + 1 < n && text.at(i + 1) == u'\n')
                ++i;
            else
                out.allCrlf = false;
            fields << field;
            ++line;
            endRecord();
            fields.clear();
            field.clear();
            fieldWasQuoted = false;
            pending = false;
        } else {
            field += c;
            pending = true;
        }
    }
    if (inQuotes) {
        out.unterminatedLine = recordLine;
        return out;
    }
    if (pending || !field.isEmpty()) {
        fields << field;
        endRecord();
        out.allCrlf = false; // the last record has no line end at all
    }
    return out;
}

} // namespace Rubricate
