// PDR-Bench files in their published shape, defined in tests/core/ingest/pdrfixtures.cpp
// (add that file to a test's SOURCES): personas (0), queries (1), criteria (2), a model's
// raw outputs with an unknown id and a truncated line (3), and a cleaned copy (4).
#pragma once

extern const char fixture0[];
extern const char fixture1[];
extern const char fixture2[];
extern const char fixture3[];
extern const char fixture4[];
