// What the judge simulator answers to the prompts other than rubric scoring (see
// judgesimulator.h): pure functions of the prompt, so that tests can predict every answer.
#pragma once

#include "claimextraction.h"

#include <QString>

namespace Rubricate::SimulatedAnswers {

// A stable hash: the simulator's "random" choices must be the same on every run and machine.
quint32 fnv1a(const QString &s);

QString pdrScores(const QString &prompt, bool drop, bool reword);
QString pdrWeights(const QString &prompt);
QString pdrSubCriteria(const QString &prompt);
QString paperClassification(const QString &pageText);
QString claimExtraction(const ClaimPromptParts &parts);

} // namespace Rubricate::SimulatedAnswers
