// PDR-Bench files in their published shape (formats.md §4), for every test that needs a
// project with personas, queries and criteria: the official data is not staged here.
#pragma once

#include "testfiles.h"

#include <QString>

// Defined in pdrfixtures.cpp (moc cannot read raw string literals).
extern const char fixture0[]; // personas: u01 Mei (nested "finance"), u02 Tom (an unknown field)
extern const char fixture1[]; // queries 1..3 (1 and 2 share a task; 3 is "task_context")
extern const char fixture2[]; // criteria of queries 1 and 2 (2 sums to 0.9), and an unknown id
extern const char fixture3[]; // ModelX outputs: queries 1 and 2, an unknown id, a bad line
extern const char fixture4[]; // a cleaned copy the importer must skip

namespace RubricateTest {
// Criteria lines for re-imports: query 1 revised (a criterion changed, a dimension dropped),
// query 2 with its only criterion dropped, and query 1 again in Chinese (query and criteria).
extern const char revisedCriteria[];
extern const char revisionDroppingALabel[];
extern const char chineseQuery[];
extern const char chineseCriteria[];
} // namespace RubricateTest

namespace RubricateTest {

// A PDR-Bench data folder under `root` as the official repository lays it out.
inline bool writePdrDataFolder(const QString &root)
{
    using namespace Qt::StringLiterals;
    return writeFile(root + u"/persona_data/personas_en.jsonl"_s, QByteArray(fixture0))
        && writeFile(root + u"/prompt_data/queries_en.jsonl"_s, QByteArray(fixture1))
        && writeFile(root + u"/criteria_data/criteria_en.jsonl"_s, QByteArray(fixture2))
        && writeFile(root + u"/test_data/raw_data/ModelX.jsonl"_s, QByteArray(fixture3))
        // A derived copy that the importer must not read twice.
        && writeFile(root + u"/test_data/cleaned_data/ModelX.jsonl"_s, QByteArray(fixture4));
}

} // namespace RubricateTest
