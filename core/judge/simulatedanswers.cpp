// The judge simulator's answers to the prompts other than rubric scoring: PDR-Bench criteria,
// weights and scores, page classification and claim extraction. Deterministic, so that tests
// know what a run must write.
#include "simulatedanswers.h"

#include "judgesimulator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace Rubricate::SimulatedAnswers {

using namespace Qt::StringLiterals;

namespace {

// The last block of a tag: PDR-Bench prompts name their tags in the instructions first.
QString lastBetween(const QString &text, const QString &open, const QString &close)
{
    const qsizetype a = text.lastIndexOf(open);
    const qsizetype b = a < 0 ? -1 : text.indexOf(close, a);
    if (b < 0)
        return {};
    return text.mid(a + open.size(), b - a - open.size()).trimmed();
}
} // namespace

quint32 fnv1a(const QString &s)
{
    quint32 h = 2166136261u;
    for (const QChar c : s) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return h;
}

// PDR-Bench scoring: {dimension: [{criterion, target_score}]} for the criteria list of the
// prompt, in its order.
QString pdrScores(const QString &prompt, bool drop, bool reword)
{
    const QString list = lastBetween(prompt, u"<criteria_list>"_s, u"</criteria_list>"_s);
    const QJsonObject criteria = QJsonDocument::fromJson(list.toUtf8()).object();
    QJsonObject reply;
    int index = 0;
    for (auto it = criteria.constBegin(); it != criteria.constEnd(); ++it) {
        QJsonArray scored;
        for (const auto &c : it->toArray()) {
            if (drop && index++ % 3 == 2)
                continue;
            const QString text = c.toObject().value(u"criterion"_s).toString();
            // The reference's matcher forgives case, not spacing.
            scored.append(QJsonObject{{u"criterion"_s, reword ? text.toUpper() : text},
                                      {u"target_score"_s, JudgeSimulator::expectedPdrScore(text)}});
        }
        reply.insert(it.key(), scored);
    }
    return QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Indented));
}

// PDR-Bench dimension weights: whole hundredths from a hash of task and dimension, summing to
// exactly 1, written in the order the prompt lists the dimensions (QJsonObject would sort).
QString pdrWeights(const QString &prompt)
{
    const QJsonArray dims
        = QJsonDocument::fromJson(
              lastBetween(prompt, u"<dimension_list>"_s, u"</dimension_list>"_s).toUtf8())
              .array();
    const QString task = lastBetween(prompt, u"<task>"_s, u"</task>"_s);
    QList<int> shares;
    int sum = 0;
    for (const auto &d : dims) {
        shares << 1 + int(fnv1a(task + d.toString()) % 4);
        sum += shares.constLast();
    }
    QStringList parts;
    int given = 0;
    for (qsizetype i = 0; i < dims.size(); ++i) {
        const int cents = i + 1 == dims.size() ? 100 - given : shares.at(i) * 100 / sum;
        given += cents;
        parts << u"\"%1\": %2"_s.arg(dims.at(i).toString(), QString::number(cents / 100.0));
    }
    return u"The weights are:\n<json_output>\n{"_s + parts.join(u", "_s) + u"}\n</json_output>"_s;
}

// PDR-Bench sub-criteria of one dimension: three criteria weighted 0.5, 0.3 and 0.2.
QString pdrSubCriteria(const QString &prompt)
{
    const QString dimension = lastBetween(prompt, u"<dimension>"_s, u"</dimension>"_s);
    const QString task = lastBetween(prompt, u"<task>"_s, u"</task>"_s).left(40);
    QJsonArray list;
    const double weights[] = {0.5, 0.3, 0.2};
    for (int i = 0; i < 3; ++i) {
        list.append(QJsonObject{
            {u"criterion"_s, u"%1 point %2 for \"%3\""_s.arg(dimension).arg(i + 1).arg(task)},
            {u"explanation"_s, u"simulated explanation"_s},
            {u"weight"_s, weights[i]}});
    }
    return u"```json\n"_s + QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Indented))
        + u"```"_s;
}

// A cited page (paperclassification.h): a paper when its text has an abstract, titled by its
// first non-empty line.
QString paperClassification(const QString &pageText)
{
    QString title;
    for (const QString &line : pageText.split(u'\n')) {
        title = QString(line).remove(u'#').simplified();
        if (!title.isEmpty())
            break;
    }
    const bool paper = pageText.contains(u"abstract"_s, Qt::CaseInsensitive);
    const QJsonObject answer{{u"is_academic_paper"_s, paper},
                             {u"title"_s, paper ? title : QString()},
                             {u"authors"_s, QJsonArray()},
                             {u"reason"_s, u"simulated judgement"_s}};
    return QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact));
}

// Claim extraction (claimextraction.h), deterministically: the block's sentences (each line cut
// after ". ", "! " or "? "; header lines left out). A sentence with addresses is a cited
// statement once per address, written without them; one without, of four words or more and
// with a digit in it, is an uncited fact (the rest counts as common knowledge), unless it was
// listed as cited. Sentences of fewer than three words (a reference line) are no statement.
QString claimExtraction(const ClaimPromptParts &parts)
{
    static const QRegularExpression sentenceEnd(u"(?<=[.!?])\\s+"_s);
    static const QRegularExpression url(u"https?://[^\\s\\)\\]\"'>]+"_s);
    static const QRegularExpression link(u"\\[([^\\]]*)\\]\\((https?://[^)\\s]+)\\)"_s);
    static const QRegularExpression leftovers(u"\\(\\s*\\)|\\[\\d+(?:,\\s*\\d+)*\\]"_s);
    const QSet<QString> cited(parts.cited.cbegin(), parts.cited.cend());
    const QString textKey = parts.kind == ClaimPromptKind::PdrClaims ? u"claim"_s : u"statement"_s;
    QJsonArray answer;
    for (const QString &line : parts.block.split(u'\n')) {
        if (line.trimmed().startsWith(u'#'))
            continue;
        for (const QString &sentence : line.split(sentenceEnd, Qt::SkipEmptyParts)) {
            QStringList urls;
            for (const auto &m : url.globalMatch(sentence))
                urls << m.captured(0);
            QString text = sentence;
            text.replace(link, u"\\1"_s);
            text.remove(url);
            text.remove(leftovers);
            text = text.simplified();
            if (text.startsWith(u"- "_s) || text.startsWith(u"* "_s))
                text = text.mid(2);
            const qsizetype words = text.split(u' ', Qt::SkipEmptyParts).size();
            if (words < 3)
                continue;
            if (!urls.isEmpty() && parts.kind != ClaimPromptKind::Uncited) {
                for (const QString &u : std::as_const(urls))
                    answer.append(QJsonObject{{textKey, text}, {u"url"_s, u}});
            } else if (urls.isEmpty() && parts.kind != ClaimPromptKind::Cited && words >= 4
                       && text.contains(QRegularExpression(u"\\d"_s)) && !cited.contains(text)) {
                QJsonObject item{{textKey, text}};
                if (parts.kind == ClaimPromptKind::PdrClaims)
                    item.insert(u"url"_s, QString());
                answer.append(item);
            }
        }
    }
    return QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact));
}
} // namespace Rubricate::SimulatedAnswers
