// The one LaTeX escaper of the exports: text set as is in a table to paste into a paper.
#pragma once

#include <QString>

namespace Rubricate {

// `text` safe inside a LaTeX tabular cell (pdfLaTeX with UTF-8 input); runs of white space
// become one space.
QString latexEscaped(const QString &text);

} // namespace Rubricate
