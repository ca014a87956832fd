// How long a test waits for work in the background (loading, scoring, a judge run) before it
// calls that work lost. QTRY_* returns as soon as its condition holds, so this bounds only a
// failure. It is generous on purpose: the sanitizer build runs about ten times slower, and CI
// runs two such tests at once on a 2-core machine (a 20 s wait once failed there). It stays
// well below each test's CTest limit (300 s unless the test sets more), so that a wait that
// runs out names its check instead of the whole program being killed.
#pragma once

inline constexpr int BackgroundWorkTimeout = 120000;
