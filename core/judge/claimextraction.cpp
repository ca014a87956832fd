// Judge-based claim extraction: the block splitter, the prompts and their readers. See the
// header for where we differ from the reference.
#include "claimextraction.h"

#include "replyparsing.h"
#include "reportbenchschemes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Python's len(): code points, so that a block holds as much as the reference's.
qsizetype codePoints(QStringView s)
{
    return s.size() - std::count_if(s.begin(), s.end(), [](QChar c) { return c.isLowSurrogate(); });
}

bool isHeaderLine(const QString &line)
{
    return line.startsWith("# "_L1) || line.startsWith("## "_L1) || line.startsWith("### "_L1);
}

// The lines [from, to) joined by "\n".
QString joined(const QStringList &lines, qsizetype from, qsizetype to)
{
    return lines.mid(from, to - from).join(u'\n');
}

QStringList packLines(const QStringList &lines, int maxChars)
{
    QStringList blocks;
    QStringList current;
    qsizetype size = 0;
    for (const QString &line : lines) {
        const qsizetype lineSize = codePoints(line) + 1; // with its newline
        if (size + lineSize > maxChars && !current.isEmpty()) {
            blocks << current.join(u'\n');
            current = {line};
            size = lineSize;
        } else {
            current << line;
            size += lineSize;
        }
    }
    if (!current.isEmpty())
        blocks << current.join(u'\n');
    return blocks;
}

// Tags: the kind of extraction first, the block last, so that a report quoting a tag cannot
// hide ours.
const QString extractOpen = u"<extract>"_s;
const QString extractClose = u"</extract>"_s;
const QString citedOpen = u"<cited_statements>"_s;
const QString citedClose = u"</cited_statements>"_s;
const QString blockOpen = u"<report_block>"_s;
const QString blockClose = u"</report_block>"_s;

QString kindKey(ClaimPromptKind kind)
{
    switch (kind) {
    case ClaimPromptKind::Cited:
        return u"cited statements"_s;
    case ClaimPromptKind::Uncited:
        return u"uncited statements"_s;
    case ClaimPromptKind::PdrClaims:
        return u"claims with sources"_s;
    }
    return {};
}

QString blockSection(const QString &block)
{
    return blockOpen + u'\n' + block + u'\n' + blockClose;
}

QString firstBetween(const QString &text, const QString &open, const QString &close)
{
    const qsizetype a = text.indexOf(open);
    const qsizetype b = a < 0 ? -1 : text.indexOf(close, a);
    if (b < 0)
        return {};
    return text.mid(a + open.size(), b - a - open.size());
}

// The list an answer holds: the answer itself, or the one list inside an object.
std::optional<QJsonArray> listOf(const QJsonValue &value)
{
    if (value.isArray())
        return value.toArray();
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject o = value.toObject();
    for (const QString &key : {u"statements"_s, u"claims"_s, u"items"_s}) {
        if (o.value(key).isArray())
            return o.value(key).toArray();
    }
    std::optional<QJsonArray> only;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it->isArray())
            continue;
        if (only)
            return std::nullopt; // two lists: which one is meant cannot be told
        only = it->toArray();
    }
    return only;
}

// The URLs of an item: a string, a list of strings, or none.
std::optional<QStringList> urlsOf(const QJsonValue &v)
{
    if (v.isUndefined() || v.isNull())
        return QStringList{QString()};
    if (v.isString())
        return QStringList{v.toString().trimmed()};
    if (!v.isArray())
        return std::nullopt;
    QStringList urls;
    for (const QJsonValue u : v.toArray()) {
        if (!u.isString())
            return std::nullopt;
        if (!u.toString().trimmed().isEmpty())
            urls << u.toString().trimmed();
    }
    return urls.isEmpty() ? QStringList{QString()} : urls;
}

} // namespace

QStringList splitTextByHeaders(const QString &text, int maxChars)
{
    const QStringList lines = text.split(u'\n');
    QList<qsizetype> bounds{0}; // 0, the header lines, then the end
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isHeaderLine(lines.at(i)))
            bounds << i;
    }
    if (bounds.size() == 1)
        return packLines(lines, maxChars);
    bounds << lines.size();

    // The reference's walk: grow the candidate a section at a time; when it outgrows the
    // limit, close the block before the last header and make that section a block of its own.
    QStringList blocks;
    qsizetype start = 0;
    for (qsizetype i = 1; i < bounds.size(); ++i) {
        const qsizetype end = bounds.at(i);
        const QString candidate = joined(lines, start, end);
        if (codePoints(candidate) > maxChars) {
            if (start == bounds.at(i - 1)) {
                blocks << candidate;
            } else {
                blocks << joined(lines, start, bounds.at(i - 1));
                blocks << joined(lines, bounds.at(i - 1), end);
            }
            start = end;
        } else if (i == bounds.size() - 1) {
            if (end > start)
                blocks << candidate;
            start = end;
        }
    }
    if (start < lines.size())
        blocks << joined(lines, start, lines.size());
    return blocks;
}

QString citedStatementsPrompt(const QString &block)
{
    return uR"(You are reading one part of a research report, to check later whether its sources say what it claims.

List every statement in this part that the report backs with a link to a source (an inline link, a bare address, or a numbered marker whose address is given in this part). Write each statement so that it reads on its own, keeping its meaning and leaving out the citation marker. A statement backed by several links is listed once per link.

%1%2%3

%4

Answer with a JSON list and nothing else, [] when this part cites nothing:
[{"statement": "the statement", "url": "the address that backs it"}])"_s.arg(
        extractOpen, kindKey(ClaimPromptKind::Cited), extractClose, blockSection(block));
}

QString uncitedStatementsPrompt(const QString &block, const QStringList &citedStatements)
{
    const QString cited = QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(citedStatements)).toJson(QJsonDocument::Indented));
    return uR"(You are reading one part of a research report, to check later whether what it says without a source is true.

List the statements in this part that state a checkable fact but cite no source. Leave out opinions, plans, questions, definitions, common knowledge, and the statements already listed as cited below. Write each statement so that it reads on its own, keeping its meaning.

%1%2%3

The statements of the report that cite a source:
%4
%5
%6

%7

Answer with a JSON list and nothing else, [] when there are none:
[{"statement": "the statement"}])"_s.arg(extractOpen, kindKey(ClaimPromptKind::Uncited),
                                         extractClose, citedOpen, cited.trimmed(), citedClose,
                                         blockSection(block));
}

QString pdrClaimsPrompt(const QString &block)
{
    return uR"(You are reading one part of a personalised research report, to check later whether its claims are true and backed by their sources.

List every checkable factual claim in this part: figures, dates, names, findings, events. Leave out opinions, advice, plans and common knowledge. Write each claim so that it reads on its own, keeping its meaning and leaving out any citation marker. Give the address of the source the report cites for it (an inline link, a bare address, or a numbered marker whose address is given in this part), or "" when it cites none; a claim backed by several sources is listed once per source.

%1%2%3

%4

Answer with a JSON list and nothing else, [] when there are no claims:
[{"claim": "the claim", "url": "the address that backs it, or an empty string"}])"_s.arg(
        extractOpen, kindKey(ClaimPromptKind::PdrClaims), extractClose, blockSection(block));
}

Result<QList<ExtractedStatement>> readExtractedStatements(const QString &answer,
                                                          ClaimPromptKind kind)
{
    const LenientJson json = parseLenientJson(answer);
    if (!json.value) {
        return Error{json.error.isEmpty() ? u"the answer holds no JSON list"_s : json.error};
    }
    for (const QString &repair : json.repairs) {
        if (repair.startsWith("truncated"_L1)) {
            return Error{
                u"the answer was cut off (%1): its last statements are missing"_s.arg(repair)};
        }
    }
    const auto list = listOf(*json.value);
    if (!list) {
        return Error{u"the answer holds no list of statements"_s};
    }
    QList<ExtractedStatement> out;
    for (qsizetype i = 0; i < list->size(); ++i) {
        const QJsonValue item = list->at(i);
        QString text;
        QJsonValue url;
        if (item.isString()) {
            text = item.toString();
        } else if (item.isObject()) {
            const QJsonObject o = item.toObject();
            text = (o.contains(u"statement"_s) ? o.value(u"statement"_s) : o.value(u"claim"_s))
                       .toString();
            url = o.value(u"url"_s);
            if (url.isUndefined())
                url = o.value(u"urls"_s);
        }
        text = text.simplified();
        if (text.isEmpty()) {
            return Error{u"item %1 of the answer has no statement"_s.arg(i + 1)};
        }
        const auto urls = kind == ClaimPromptKind::Uncited ? QStringList{QString()} : urlsOf(url);
        if (!urls) {
            return Error{u"item %1 of the answer has a URL that is not text"_s.arg(i + 1)};
        }
        for (const QString &u : *urls)
            out.append({text, u});
    }
    return out;
}

QString claimOrigin(const Rubric &claim)
{
    const QString origin = claim.metadata.value(u"origin"_s).toString();
    return origin.isEmpty() ? QString(claimOriginHeuristic) : origin;
}

QList<Rubric> judgeClaimsOfReport(const Report &report, const QList<ExtractedStatement> &cited,
                                  const QList<ExtractedStatement> &uncited, const QString &origin)
{
    QList<Rubric> out;
    const auto add = [&](const ExtractedStatement &s, bool isCited, int position) {
        Rubric r;
        r.taskId = report.taskId;
        r.queryId = report.queryId;
        r.reportId = report.id;
        r.text = s.statement;
        r.scale = VerdictScale::Binary;
        r.dimension = isCited ? QString(claimDimensionCited) : QString(claimDimensionUncited);
        r.position = position;
        r.metadata
            = {{u"sentence"_s, s.statement},
               {u"claim_index"_s, int(out.size())},
               {u"urls"_s,
                QJsonArray::fromStringList(s.url.isEmpty() ? QStringList() : QStringList{s.url})},
               {u"markers"_s, QJsonArray()},
               {u"origin"_s, origin}};
        if (isCited)
            r.metadata.insert(u"url"_s, s.url);
        if (const qsizetype at = report.text.indexOf(s.statement); at >= 0)
            r.metadata.insert(
                u"span"_s,
                QJsonObject{{u"offset"_s, double(at)}, {u"length"_s, double(s.statement.size())}});
        out.append(r);
    };
    for (qsizetype i = 0; i < cited.size(); ++i)
        add(cited.at(i), true, int(i));
    for (qsizetype i = 0; i < uncited.size(); ++i)
        add(uncited.at(i), false, int(i));
    return out;
}

std::optional<ClaimPromptParts> readClaimPrompt(const QString &prompt)
{
    const qsizetype open = prompt.lastIndexOf(blockOpen);
    const qsizetype close = prompt.lastIndexOf(blockClose);
    if (open < 0 || close < open)
        return std::nullopt;
    ClaimPromptParts parts;
    const QString kind = firstBetween(prompt, extractOpen, extractClose);
    if (kind == kindKey(ClaimPromptKind::Cited))
        parts.kind = ClaimPromptKind::Cited;
    else if (kind == kindKey(ClaimPromptKind::Uncited))
        parts.kind = ClaimPromptKind::Uncited;
    else if (kind == kindKey(ClaimPromptKind::PdrClaims))
        parts.kind = ClaimPromptKind::PdrClaims;
    else
        return std::nullopt;
    // The block as sent: between the newline after the tag and the one before its end.
    const qsizetype from = open + blockOpen.size() + 1;
    parts.block = prompt.mid(from, qMax<qsizetype>(0, close - 1 - from));
    if (parts.kind == ClaimPromptKind::Uncited) {
        const QJsonArray cited
            = QJsonDocument::fromJson(firstBetween(prompt, citedOpen, citedClose).toUtf8()).array();
        for (const QJsonValue c : cited)
            parts.cited << c.toString();
    }
    return parts;
}

} // namespace Rubricate
