// Screenshots of the main screens for the README, taken by docs/screenshots/take-screenshots.sh:
// the window is driven into a scene, saved as an image, and the program quits.
#pragma once

#include <QString>

namespace Rubricate {
class MainWindow;
}

// Scenes: "main" (a Markdown report with its evidence), "pdf" (a PDF report's pages with
// the evidence drawn on them), "blind" (blind mode), "run-dialog", "classify-pages" and
// "judge-claims" (the run dialog for a generator), "shortcuts", "agreement"
// (the agreement dashboard on the demo's two annotators). Exits with 2
// when nothing appears within a minute.
void scheduleScreenshot(Rubricate::MainWindow &window, const QString &file, const QString &scene);
