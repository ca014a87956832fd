// Full-text search over reports: words and Chinese character pairs, fragments inside words,
// the index kept in step with commits, candidates checked and ranked. Runs on both engines
// (tst_reportsearch_postgresql is the PostgreSQL twin).
#include "scratchproject.h"
#include "store/projectstore.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestReportSearch : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    ProjectStore *m_store = nullptr;
    RowId m_task = 0;

    QString setting(const QString &sql)
    {
        QSqlQuery q(m_store->database());
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0).toString();
    }

    // Adds a Markdown report of `text` by `model` to the task; false when the store refuses it.
    bool addReport(const QString &model, const QString &text)
    {
        Report r;
        r.modelId = *m_store->reports().ensureModel(model);
        r.taskId = m_task;
        r.format = ReportFormat::Markdown;
        r.text = text;
        r.hasText = true;
        return m_store->reports().upsertReport(r, {}).ok();
    }

    // The models whose reports a search finds, sorted.
    QStringList foundModels(const QString &words)
    {
        QStringList models;
        for (const SearchHit &hit : m_store->search().reports(words))
            models << hit.model;
        models.sort();
        return models;
    }

    // How many reports SQLite's index itself finds for a MATCH expression, before any check.
    int indexFinds(const QString &match)
    {
        QSqlQuery q(m_store->database());
        q.prepare(u"SELECT count(*) FROM report_fts WHERE report_fts MATCH ?"_s);
        q.addBindValue(match);
        if (!q.exec() || !q.next())
            return -1;
        return q.value(0).toInt();
    }

private slots:
    void initTestCase()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        m_store = &m_project->store();
        const auto bench = m_store->catalog().ensureBenchmark(u"drb2"_s, u"DRB-II"_s,
                                                              VerdictScale::Drb2Tristate);
        QVERIFY(bench);
        Task t;
        t.benchmarkId = bench->id;
        t.externalId = u"1"_s;
        const Upserted task = m_store->catalog().upsertTask(t);
        QVERIFY2(task.ok(), qPrintable(task.error.message));
        m_task = task.id;
    }

    void cleanupTestCase() { m_project.reset(); }

    void searchFindsShortCjkTerms()
    {
        QVERIFY(addReport(u"ModelZh"_s, u"土地财政模式的转型研究"_s));
        QCOMPARE(m_store->search().reports(u"土地财政"_s).size(), 1);
        QCOMPARE(m_store->search().reports(u"转型"_s).size(), 1); // two characters: one pair
        QCOMPARE(m_store->search().reports(u"不存在"_s).size(), 0);
    }

    void searchFindsChineseWordsOfAnyLength()
    {
        QVERIFY(addReport(u"ModelWhales"_s, u"鲸鱼的迁徙路线。海豚，珊瑚礁"_s));
        QVERIFY(addReport(u"ModelCamels"_s, u"骆驼穿越沙漠，海豚不在"_s));
        const QStringList whales{u"ModelWhales"_s};
        QCOMPARE(foundModels(u"鲸"_s), whales); // one character, first of a run
        QCOMPARE(foundModels(u"线"_s), whales); // one character, last of a run
        QCOMPARE(foundModels(u"迁徙"_s), whales);
        QCOMPARE(foundModels(u"鱼的迁徙路"_s), whales);
        QCOMPARE(foundModels(u"海豚"_s), (QStringList{u"ModelCamels"_s, u"ModelWhales"_s}));
        QCOMPARE(foundModels(u"海豚，珊瑚"_s), whales); // across the punctuation
        QCOMPARE(foundModels(u"路线海豚"_s), QStringList()); // the text has a full stop between
        QCOMPARE(foundModels(u"骆驼 珊瑚"_s), QStringList()); // one word in each report
        QCOMPARE(foundModels(u"迁路"_s), QStringList());
        if (RubricateTest::onPostgres())
            return;
        // SQLite's index answers words of two characters and of one, not a scan.
        QCOMPARE(indexFinds(u"\"迁徙\""_s), 1);
        QCOMPARE(indexFinds(u"\"线\"*"_s), 1);
        QCOMPARE(indexFinds(u"\"海豚\""_s), 2);
    }

    void searchFindsAnEnglishWordWholeByPrefixAndInside()
    {
        QVERIFY(addReport(u"ModelSomnA"_s,
                          u"Somnambulism shortens nocturnal wandering; "
                          "somnambulists wander at night."_s));
        QVERIFY(addReport(u"ModelSomnB"_s, u"Caffeine delays somnolence."_s));
        const QStringList a{u"ModelSomnA"_s};
        QCOMPARE(foundModels(u"somnambulism"_s), a); // a word
        QCOMPARE(foundModels(u"SOMN"_s), (QStringList{u"ModelSomnA"_s, u"ModelSomnB"_s}));
        QCOMPARE(foundModels(u"nambul"_s), a); // inside words
        QCOMPARE(foundModels(u"wandering; somnamb"_s), a); // across punctuation
        QCOMPARE(foundModels(u"ring; somn"_s), a);
        QCOMPARE(foundModels(u"somnolence delays"_s), QStringList{u"ModelSomnB"_s});
        QCOMPARE(foundModels(u"nocturnal somnolence"_s), QStringList());
        QCOMPARE(foundModels(u"wandering somnambulism"_s), a); // in any order
        QCOMPARE(foundModels(u"wandering;somnambulism"_s), QStringList()); // not as written
        if (RubricateTest::onPostgres())
            return;
        // SQLite's index holds the words, folded to lower case.
        QCOMPARE(indexFinds(u"somnambulism"_s), 1);
        QCOMPARE(indexFinds(u"somn*"_s), 2);
        QCOMPARE(indexFinds(u"caffeine AND delays"_s), 1);
        QCOMPARE(indexFinds(u"nambul"_s), 0);
    }

    // Which words hold a fragment: SQLite's index lists its words only slowly, so the list
    // read is kept in the project for the next process, and read again once reports are added
    // (by this connection or any other).
    void theIndexWordsAreKeptForTheNextProcess()
    {
        if (RubricateTest::onPostgres())
            QSKIP("PostgreSQL's trigram index finds fragments inside words by itself");
        QVERIFY(addReport(u"ModelKeptA"_s, u"Zygodactyl parrots climb."_s));
        QCOMPARE(foundModels(u"ygodacty"_s), QStringList{u"ModelKeptA"_s});
        QCOMPARE(setting(u"SELECT words_generation = generation FROM report_fts_words"_s), u"1"_s);
        QCOMPARE(setting(u"SELECT instr(CAST(words AS TEXT), char(10) || 'zygodactyl' || char(10))"
                         " > 0 FROM report_fts_words"_s),
                 u"1"_s);

        // Another connection adds a report: the list kept here is out of date, and is not used.
        const QString path = m_store->path();
        // A thread of its own, not the pool's: a new thread opens a new connection, with no
        // list in its memory yet.
        const auto inOtherThread = [](const std::function<void()> &work) {
            std::unique_ptr<QThread> thread(QThread::create(work));
            thread->start();
            return thread->wait(30000);
        };
        bool added = false;
        QVERIFY(inOtherThread([path, &added] {
            auto store = ProjectStore::open(path);
            if (!store)
                return;
            Report r;
            r.modelId = store->reports().ensureModel(u"ModelKeptB"_s).value_or(0);
            r.taskId = store->catalog().taskSummaries().value_or({}).value(0).id;
            r.format = ReportFormat::Markdown;
            r.text = u"Xerophytic shrubs store water."_s;
            r.hasText = true;
            added = store->reports().upsertReport(r, {}).ok();
        }));
        QVERIFY(added);
        QCOMPARE(foundModels(u"erophyti"_s), QStringList{u"ModelKeptB"_s});
        QCOMPARE(foundModels(u"ygodacty"_s), QStringList{u"ModelKeptA"_s});

        // A new connection takes the kept list as it is, without reading the index: a list
        // changed behind its back shows that.
        QCOMPARE(setting(u"SELECT words_generation = generation FROM report_fts_words"_s), u"1"_s);
        QSqlQuery q(m_store->database());
        QVERIFY(q.exec(u"UPDATE report_fts_words SET words = CAST(char(10) || 'zygodactyl'"
                       " || char(10) AS BLOB)"_s));
        QStringList found;
        QVERIFY(inOtherThread([path, &found] {
            auto store = ProjectStore::open(path);
            for (const QString &words : {u"ygodacty"_s, u"erophyti"_s}) {
                if (store)
                    found << QString::number(store->search().reports(words).size());
            }
        }));
        QCOMPARE(found, (QStringList{u"1"_s, u"0"_s}));
    }

    void searchIndexesAnImportWhenItCommits()
    {
        {
            Transaction tx(*m_store);
            QVERIFY(addReport(u"ModelPendingA"_s, u"Quokkas thrive on Rottnest."_s));
            QVERIFY(addReport(u"ModelPendingB"_s, u"考拉在桉树上睡觉"_s));
            // Found before the commit, from the reports waiting for the index.
            QCOMPARE(foundModels(u"quokka"_s), QStringList{u"ModelPendingA"_s});
            QCOMPARE(foundModels(u"桉树"_s), QStringList{u"ModelPendingB"_s});
            if (!RubricateTest::onPostgres())
                QCOMPARE(indexFinds(u"quokkas"_s), 0);
            QVERIFY(tx.commit());
        }
        QCOMPARE(foundModels(u"quokka"_s), QStringList{u"ModelPendingA"_s});
        QCOMPARE(foundModels(u"桉树"_s), QStringList{u"ModelPendingB"_s});
        if (!RubricateTest::onPostgres()) {
            QCOMPARE(indexFinds(u"quokkas"_s), 1);
            QCOMPARE(indexFinds(u"\"桉树\""_s), 1);
            QCOMPARE(setting(u"SELECT count(*) FROM report_fts_pending"_s), u"0"_s);
        }
        {
            Transaction tx(*m_store); // rolled back: nothing waits, nothing is indexed
            QVERIFY(addReport(u"ModelPendingC"_s, u"Wombats dig burrows."_s));
        }
        QCOMPARE(foundModels(u"wombat"_s), QStringList());
        if (!RubricateTest::onPostgres()) {
            QCOMPARE(indexFinds(u"wombats"_s), 0);
            QCOMPARE(setting(u"SELECT count(*) FROM report_fts_pending"_s), u"0"_s);
        }
    }

    void searchChecksWhatTheIndexFinds()
    {
        // Words inside words, in any case and both scripts; and a report that holds every
        // trigram of a word but never the word, which an index of trigrams alone would find.
        const QStringList texts
            = {u"The TRANSITION of Über-cities: 城市更新的转型路径"_s, u"abcq bcdq cdeq"_s};
        for (const QString &text : texts) {
            Report r;
            r.modelId = *m_store->reports().ensureModel(u"ModelSearch "_s + text.left(3));
            r.taskId = m_task;
            r.format = ReportFormat::Markdown;
            r.text = text;
            r.hasText = true;
            QVERIFY(m_store->reports().upsertReport(r, {}).ok());
        }
        const auto hits = [this](const QString &words) {
            return m_store->search().reports(words).size();
        };
        QCOMPARE(hits(u"ransiti"_s), 1);
        QCOMPARE(hits(u"transition"_s), 1);
        QCOMPARE(hits(u"城市更新"_s), 1);
        QCOMPARE(hits(u"更新的转型"_s), 1);
        QCOMPARE(hits(u"transition 城市"_s), 1); // the index for one word, the text for both
        QCOMPARE(hits(u"transition 不在"_s), 0);
        QCOMPARE(hits(u"bcdq"_s), 1);
        QCOMPARE(hits(u"abcde"_s), 0);
        const QList<SearchHit> found = m_store->search().reports(u"更新的转型"_s);
        QVERIFY2(found.constFirst().snippet.contains(u"城市[更新的转型]路径"_s),
                 qPrintable(found.constFirst().snippet));
        // PostgreSQL folds the case of ASCII letters only, in the C locale.
        if (!RubricateTest::onPostgres())
            QCOMPARE(hits(u"über-CITIES"_s), 1);
    }

    void searchRanksTheReportsThatSayItMostFirst()
    {
        // Inserted in the opposite order of their rank, so that id order would fail.
        const QStringList texts = {
            u"Melatonin once, then a long stretch about other things entirely. "_s.repeated(4),
            u"melatonin and sleep; MELATONIN dosing; melatonin trials."_s,
            u"melatonin, melatonin, melatonin, melatonin and melatonin again"_s,
        };
        for (const QString &text : texts) {
            Report r;
            r.modelId = *m_store->reports().ensureModel(u"ModelRank %1"_s.arg(texts.indexOf(text)));
            r.taskId = m_task;
            r.format = ReportFormat::Markdown;
            r.text = text;
            r.hasText = true;
            QVERIFY(m_store->reports().upsertReport(r, {}).ok());
        }
        const QList<SearchHit> hits = m_store->search().reports(u"melatonin"_s);
        QCOMPARE(hits.size(), 3);
        QCOMPARE(hits.at(0).model, u"ModelRank 2"_s);
        QCOMPARE(hits.at(1).model, u"ModelRank 1"_s);
        QCOMPARE(hits.at(2).model, u"ModelRank 0"_s);
        QVERIFY2(hits.at(1).snippet.startsWith(u"[melatonin] and sleep; [MELATONIN] dosing"_s),
                 qPrintable(hits.at(1).snippet));
        // The limit keeps the best, not the first found.
        const QList<SearchHit> best = m_store->search().reports(u"melatonin"_s, 1);
        QCOMPARE(best.size(), 1);
        QCOMPARE(best.constFirst().model, u"ModelRank 2"_s);
    }
};

QTEST_GUILESS_MAIN(TestReportSearch)
#include "tst_reportsearch.moc"
