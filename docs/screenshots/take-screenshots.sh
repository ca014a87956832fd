#!/bin/sh
# Renders the screenshots in this folder from the bundled demo project, under a virtual X
# server so that it works on a headless machine.
#
#   docs/screenshots/take-screenshots.sh [path/to/rubricate]
#
# Needs xvfb-run (Debian: apt-get install xvfb xauth). Settings and the demo project go to
# a temporary home, so the user's own recent projects are left alone.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-${RUBRICATE_BIN:-rubricate}}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM

# The command line tool builds beside the window (PDR-Bench scenes import with it).
case "$bin" in
*/*) cli=${RUBRICATE_CLI:-$(dirname "$bin")/rubricate-cli} ;;
*) cli=${RUBRICATE_CLI:-rubricate-cli} ;;
esac

shoot() { # locale output [scene] [project]
    # Fresh settings per shot (blind mode, window state), one demo project for all; with
    # $AS_ANNOTATOR set, labelling as that person (id = name, as the demo's annotators are).
    rm -rf "$scratch/config"
    if [ -n "${AS_ANNOTATOR:-}" ]; then
        mkdir -p "$scratch/config/Rubricate"
        printf '[annotator]\nid=%s\nname=%s\n' "$AS_ANNOTATOR" "$AS_ANNOTATOR" \
            >"$scratch/config/Rubricate/rubricate.conf"
    fi
    env XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
        XDG_CACHE_HOME="$scratch/cache" LC_ALL="$1" LANG="$1" LANGUAGE= \
        QT_QPA_PLATFORM=xcb QT_LOGGING_RULES='qt.qpa.*=false' \
        xvfb-run -a -s "-screen 0 1400x900x24" \
        "$bin" ${4:---demo} --screenshot "$2" --scene "${3:-main}"
    echo "wrote $2"
}

shoot C.UTF-8 "$here/main-window.png"
shoot C.UTF-8 "$here/pdf-pages.png" pdf
shoot C.UTF-8 "$here/blind-mode.png" blind
shoot C.UTF-8 "$here/run-dialog.png" run-dialog
shoot C.UTF-8 "$here/shortcuts.png" shortcuts
shoot C.UTF-8 "$here/agreement.png" agreement
shoot C.UTF-8 "$here/adjudication.png" adjudication
shoot C.UTF-8 "$here/leaderboard-drb2.png" leaderboard
shoot C.UTF-8 "$here/leaderboard-researchrubrics.png" leaderboard-researchrubrics
shoot C.UTF-8 "$here/leaderboard-reportbench.png" leaderboard-reportbench
# Corrected by the demo's study "calibration" (PPI++).
shoot C.UTF-8 "$here/corrected-leaderboard.png" corrected
# Extending that study: the labels per model a target half-width needs.
shoot C.UTF-8 "$here/extend-sample.png" extend-sample
shoot C.UTF-8 "$here/review-researchrubrics.png" review-researchrubrics
# PDR-Bench: a made-up data folder in the published shape, judged by the offline judge.
pdr="$scratch/pdr.rubricate"
"$cli" --project "$pdr" import pdrbench "$here/pdr-sample" >/dev/null
"$cli" --project "$pdr" judge --benchmark pdrbench >/dev/null
shoot C.UTF-8 "$here/persona.png" persona "$pdr"
shoot C.UTF-8 "$here/criteria-editor.png" criteria-editor "$pdr"
shoot C.UTF-8 "$here/leaderboard-pdrbench.png" leaderboard-pdrbench "$pdr"
shoot C.UTF-8 "$here/review-pdrbench.png" review-pdrbench "$pdr"
# ReportBench claims: the demo's statements checked against their saved sources and
# fact-checked by the simulated judge (a local process; nothing leaves the machine).
rb="$scratch/reportbench.rubricate"
"$cli" --project "$rb" demo >/dev/null
"$cli" simulate-judge >"$scratch/judge.port" &
judge=$!
while [ ! -s "$scratch/judge.port" ]; do sleep 0.2; done
url="http://127.0.0.1:$(head -1 "$scratch/judge.port")/v1"
for scheme in reportbench-factcheck reportbench-cited; do
    "$cli" --project "$rb" judge --benchmark reportbench --scheme "$scheme" \
        --provider openai --model simulated --base-url "$url" >/dev/null
done
kill "$judge"
shoot C.UTF-8 "$here/review-reportbench.png" review-reportbench "$rb"
# A blind study of the demo's DRB-II items for its two annotators, seen by Ana: her queue
# and everyone's progress.
study="$scratch/study.rubricate"
"$cli" --project "$study" demo >/dev/null
"$cli" --project "$study" sample --benchmark drb2 --size 24 --annotators Ana,Ben --overlap 2 \
    --seed 11 --name pilot --blind --compare-run 1 >/dev/null
AS_ANNOTATOR=Ana shoot C.UTF-8 "$here/study-queue.png" queue "$study"
AS_ANNOTATOR=Ana shoot C.UTF-8 "$here/study-overview.png" study-overview "$study"
AS_ANNOTATOR=Ana shoot zh_CN.UTF-8 "$here/study-queue-zh_CN.png" queue "$study"
# The Simplified Chinese translation (needs a CJK font, e.g. fonts-wqy-microhei).
shoot zh_CN.UTF-8 "$here/main-window-zh_CN.png"
