#include "sqlitesearch.h"

#include "searchtokens.h"
#include "sqlitestatement.h"

#include <QHashFunctions>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QVariant>

#include <sqlite3.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace Rubricate::SqliteSearch {

using namespace Qt::StringLiterals;
using SearchTokens::Kind;

namespace {

// The tokens of one document so far: a flat table of their hashes and bytes, emptied for the
// next document but kept, so that a token costs no allocation.
class SeenTokens
{
public:
    void clear()
    {
        std::fill(m_slots.begin(), m_slots.end(), Slot{});
        m_bytes.clear();
        m_count = 0;
    }

    // Whether the token is new to the document.
    bool insert(const char *token, int size)
    {
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        const size_t hash = qHashBits(token, size_t(size));
        const size_t mask = m_slots.size() - 1;
        for (size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot &slot = m_slots[i];
            if (slot.size == 0) { // tokens are never empty: an empty slot
                slot = {hash, quint32(m_bytes.size()), quint32(size)};
                m_bytes.append(token, size_t(size));
                ++m_count;
                return true;
            }
            if (slot.hash == hash && slot.size == quint32(size)
                && std::memcmp(m_bytes.data() + slot.offset, token, size_t(size)) == 0)
                return false;
        }
    }

private:
    struct Slot {
        size_t hash = 0;
        quint32 offset = 0;
        quint32 size = 0;
    };

    void grow()
    {
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        const size_t mask = m_slots.size() - 1;
        for (const Slot &slot : old) {
            if (slot.size == 0)
                continue;
            size_t i = slot.hash & mask;
            while (m_slots[i].size != 0)
                i = (i + 1) & mask;
            m_slots[i] = slot;
        }
    }

    std::vector<Slot> m_slots = std::vector<Slot>(8192);
    std::string m_bytes;
    size_t m_count = 0;
};

// The tokenizer's one option, "distinct", is for an index with detail=none, which records
// only which rows hold a token: it passes a document's tokens on once each. FTS5 would look up
// every repetition in its pending terms only to find the row there already, and more than
// half of a report's tokens are repetitions.
struct Tokenizer {
    bool distinct = false;
    SeenTokens seen;
};

int createTokenizer(void *, const char **arguments, int count, Fts5Tokenizer **out)
{
    auto tokenizer = std::make_unique<Tokenizer>();
    for (int i = 0; i < count; ++i) {
        if (qstrcmp(arguments[i], "distinct") != 0)
            return SQLITE_ERROR;
        tokenizer->distinct = true;
    }
    *out = reinterpret_cast<Fts5Tokenizer *>(tokenizer.release());
    return SQLITE_OK;
}

void deleteTokenizer(Fts5Tokenizer *tokenizer)
{
    delete reinterpret_cast<Tokenizer *>(tokenizer);
}

int tokenize(Fts5Tokenizer *instance, void *context, int flags, const char *text, int size,
             int (*token)(void *, int, const char *, int, int, int))
{
    auto *tokenizer = reinterpret_cast<Tokenizer *>(instance);
    int rc = SQLITE_OK;
    const bool forQuery = (flags & FTS5_TOKENIZE_QUERY) != 0;
    const bool distinct = tokenizer->distinct && flags == FTS5_TOKENIZE_DOCUMENT;
    if (distinct)
        tokenizer->seen.clear();
    SearchTokens::scan(text, size, forQuery,
                       [&](Kind, const char *t, int bytes, int start, int end) {
                           if (rc != SQLITE_OK)
                               return;
                           if (distinct && !tokenizer->seen.insert(t, bytes))
                               return;
                           rc = token(context, 0, t, bytes, start, end);
                       });
    return rc;
}

// FTS5's interface, as its documentation says to reach it: through a pointer that SELECT
// fts5(?) writes.
fts5_api *fts5Api(sqlite3 *db)
{
    fts5_api *api = nullptr;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nullptr) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

QString quoted(const QByteArray &token)
{
    return u'"' + QString::fromUtf8(token).replace(u'"', u"\"\""_s) + u'"';
}

// The index's words (not its pairs of CJK characters, which sort after them), one per line.
// FTS5 lists them only by reading every word's list of reports too (a third of a second for
// 2,640 reports), so the list is kept once read: in memory for the connection, and in
// report_fts_words for the next process, each marked with the generation of the index it was
// read from. Indexing a commit's reports moves the generation on (indexPendingReports); the
// words of a report deleted since stay listed, where they find nothing and cost nothing else.
// Connections belong to one thread, and so does this copy.
class Vocabulary
{
public:
    // "\nword\nword\n", or empty when it cannot be read.
    const std::string &words(QSqlDatabase &db)
    {
        sqlite3 *handle = sqliteHandle(db);
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!handle || !q.exec(u"SELECT generation, words_generation FROM report_fts_words"_s)
            || !q.next())
            return m_words = {};
        const State now{db.connectionName(), q.value(0).toLongLong()};
        const bool stored = q.value(1).toLongLong() == now.generation;
        q.finish();
        if (now == m_state)
            return m_words;
        m_state = {};
        if (stored) {
            if (!q.exec(u"SELECT words FROM report_fts_words"_s) || !q.next())
                return m_words = {};
            const QByteArray words = q.value(0).toByteArray();
            m_words.assign(words.constData(), size_t(words.size()));
        } else {
            if (!readIndex(db))
                return m_words = {};
            store(db, handle, now.generation);
        }
        // Inside a transaction the generation may yet be rolled back, and used again for
        // other words.
        if (sqlite3_get_autocommit(handle))
            m_state = now;
        return m_words;
    }

private:
    struct State {
        QString connection;
        qint64 generation = -1;
        bool operator==(const State &) const = default;
    };

    bool readIndex(QSqlDatabase &db)
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.prepare(u"SELECT term FROM report_fts_vocab WHERE term < ?"_s))
            return false;
        q.addBindValue(QString(QChar(SearchTokens::FirstCjk)));
        if (!q.exec())
            return false;
        m_words = "\n";
        while (q.next())
            m_words += q.value(0).toString().toStdString() + '\n';
        return true;
    }

    // For the next process, when that costs no wait: a search never queues behind a run's or
    // an import's writes, and never writes inside the caller's transaction.
    void store(QSqlDatabase &db, sqlite3 *handle, qint64 generation) const
    {
        if (!sqlite3_get_autocommit(handle))
            return;
        QSqlQuery q(db);
        if (!q.exec(u"PRAGMA busy_timeout"_s) || !q.next())
            return;
        const int timeoutMs = q.value(0).toInt();
        q.finish();
        sqlite3_busy_timeout(handle, 0);
        if (q.prepare(u"UPDATE report_fts_words SET words = ?, words_generation = generation"
                      " WHERE generation = ?"_s)) {
            q.addBindValue(QByteArray(m_words.data(), qsizetype(m_words.size())));
            q.addBindValue(generation);
            q.exec(); // busy or read-only: the next search reads the index again
        }
        sqlite3_busy_timeout(handle, timeoutMs);
    }

    State m_state;
    std::string m_words;
};

// The words of the index that hold `fragment`, as one OR clause; empty when so many do that
// the clause would not narrow the search, or the words cannot be read; a clause that matches
// nothing when no word holds it.
QString wordsHolding(QSqlDatabase &db, const QByteArray &fragment)
{
    constexpr int MostWords = 256;
    thread_local Vocabulary vocabulary;
    const std::string &words = vocabulary.words(db);
    if (words.empty())
        return {};
    QStringList found;
    const std::string_view needle(fragment.constData(), size_t(fragment.size()));
    for (size_t at = words.find(needle); at != std::string::npos; at = words.find(needle, at)) {
        const size_t start = words.rfind('\n', at) + 1;
        const size_t end = words.find('\n', at);
        if (found.size() == MostWords)
            return {};
        found << quoted(QByteArray(words.data() + start, qsizetype(end - start)));
        at = end; // the next word
    }
    if (found.isEmpty())
        return quoted(fragment);
    return u'(' + found.join(u" OR "_s) + u')';
}

// What one term asks of the index: each of its tokens, up to a handful (more would narrow
// the candidates little more, and the store checks them anyway).
QStringList termClauses(QSqlDatabase &db, const QString &term)
{
    constexpr int TokensPerTerm = 16;
    const QByteArray utf8 = term.toUtf8();
    QStringList clauses;
    SearchTokens::scan(utf8.constData(), int(utf8.size()), true,
                       [&](Kind kind, const char *t, int bytes, int start, int) {
                           if (clauses.size() >= TokensPerTerm)
                               return;
                           const QByteArray token(t, bytes);
                           QString clause;
                           if (kind == Kind::CjkPair)
                               clause = quoted(token);
                           // A single CJK character is a pair's first or a run's last; a
                           // word after the term's first starts a word of the text.
                           else if (kind == Kind::CjkSingle || (kind == Kind::Word && start > 0))
                               clause = quoted(token) + u'*';
                           else if (kind == Kind::Word)
                               clause = wordsHolding(db, token); // the term may start mid-word
                           if (!clause.isEmpty() && !clauses.contains(clause))
                               clauses << clause;
                       });
    return clauses;
}

} // namespace

Result<void> registerTokenizer(QSqlDatabase &db)
{
    sqlite3 *connection = sqliteHandle(db);
    if (!connection)
        return Error{u"not a SQLite connection"_s};
    fts5_api *api = fts5Api(connection);
    if (!api)
        return Error{u"SQLite %1 has no full-text search (FTS5)"_s.arg(
            QString::fromUtf8(sqlite3_libversion()))};
    static fts5_tokenizer tokenizer{createTokenizer, deleteTokenizer, tokenize};
    if (api->xCreateTokenizer(api, TokenizerName, nullptr, &tokenizer, nullptr) != SQLITE_OK)
        return Error{u"cannot register the full-text tokenizer: %1"_s.arg(
            QString::fromUtf8(sqlite3_errmsg(connection)))};
    return {};
}

QString matchExpression(QSqlDatabase &db, const QStringList &terms)
{
    QStringList clauses;
    for (const QString &term : terms)
        clauses += termClauses(db, term);
    clauses.removeDuplicates();
    return clauses.join(u" AND "_s);
}

} // namespace Rubricate::SqliteSearch
