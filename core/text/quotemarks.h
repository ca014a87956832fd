// The one table of typographic quote marks and dashes that people and judges type in place of
// ASCII ' " and -. Both the evidence locator and the judge's item mapping fold them, and they
// must agree on which characters those are.
#pragma once

namespace Rubricate {

// « » ‘ ’ ‚ ‛ “ ” „ ‟, primes typed as quotes, CJK corner brackets and alike; not the ASCII
// marks themselves (each caller decides what ' " and ` become).
bool isTypographicQuote(char32_t c);

// Hyphens and dashes other than ASCII '-': ‐ ‑ ‒ – — ―, minus, small and full-width hyphens,
// two- and three-em dashes.
bool isTypographicDash(char32_t c);

} // namespace Rubricate
