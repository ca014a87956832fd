#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and fuzzes each for SECONDS.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]
#
# SECONDS defaults to 600 (0: only print the table for the last run); TARGETs default to
# all of them (lenientjson strictjson jsonl textdecoding html docx pdf zipentry archive). Environment:
#   FUZZ_JOBS=N      targets fuzzed at the same time (default 1)
#   FUZZ_TIMEOUT=S   one input taking longer than S seconds counts as a timeout (default 10)
#   FUZZ_RSS_MB=M    memory limit per fuzzing process (default 2048)
#   FUZZ_BUILD=DIR   build folder (default build/fuzz)
#
# libFuzzer runs in fork mode and carries on after a crash, timeout or out-of-memory, so one
# run finds as many distinct problems as it can. Per target, build/fuzz/runs/<target>/ holds
# the grown corpus (a later run continues from it), the log and crashes/ with every failing
# input (crash-*, timeout-*, oom-*, leak-*; the summary counts this run's). Reproduce one with build/fuzz/tests/fuzz/fuzz_<target> <file>; once fixed,
# copy it to tests/fuzz/regressions/<target>/ so that tst_fuzzreplay_<target> keeps it fixed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
seconds=${1:-600}
shift || true
all_targets=(lenientjson strictjson jsonl textdecoding html docx pdf zipentry archive)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
build=${FUZZ_BUILD:-$source_dir/build/fuzz}
jobs=${FUZZ_JOBS:-1}

for target in "${targets[@]}"; do
    [[ -f $here/fuzz_$target.cpp ]] || { echo "unknown target: $target" >&2; exit 2; }
done

# libFuzzer ships in clang's runtime package; Debian 12 splits it off from clang itself.
have_libfuzzer() {
    command -v clang++ >/dev/null \
        && [[ -n $(clang++ -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null | grep /) ]] \
        && [[ -f $(clang++ -print-file-name=libclang_rt.fuzzer-x86_64.a) ]]
}
if ! have_libfuzzer; then
    sudo=$([[ $(id -u) -eq 0 ]] || echo sudo)
    $sudo apt-get -o DPkg::Lock::Timeout=300 install -y clang libclang-rt-14-dev
fi

if [[ ! -f $build/CMakeCache.txt ]]; then
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    CC=clang CXX=clang++ cmake -S "$source_dir" -B "$build" -G Ninja -DRUBRICATE_FUZZ=ON \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF "${launcher[@]}"
fi
cmake --build "$build" --target "${targets[@]/#/fuzz_}"

dictionary_for() {
    case $1 in
    lenientjson | strictjson | jsonl) echo json ;;
    html) echo html ;;
    docx) echo docx ;;
    pdf) echo pdf ;;
    zipentry | archive) echo archive ;;
    esac
}

fuzz_one() {
    local target=$1
    local run=$build/runs/$target
    mkdir -p "$run/corpus" "$run/crashes"
    touch "$run/started" # the summary counts only what this run found
    local options=(
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}"
        -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -artifact_prefix="$run/crashes/"
        -print_final_stats=1)
    local dictionary
    dictionary=$(dictionary_for "$target")
    [[ -z $dictionary ]] || options+=(-dict="$here/dict/$dictionary.dict")
    local seeds=("$here/corpus/$target")
    [[ -d $here/regressions/$target ]] && seeds+=("$here/regressions/$target")
    # Qt must not look for a display; PDFium's own leaks are suppressed (see lsan.supp).
    QT_QPA_PLATFORM=offscreen \
        LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0" \
        ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_stack_use_after_return=1" \
        "$build/tests/fuzz/fuzz_$target" "${options[@]}" "$run/corpus" "${seeds[@]}" \
        >"$run/log" 2>&1 || true
}

# Fork mode's progress line ("#<execs>: cov: C ft: F corp: N exec/s E ... time: Ts") gives
# executions and time, but its cov starts from the seeds' feature count, so coverage is
# measured afresh: one pass over the final corpus without fork mode.
summarise() {
    local target=$1
    local run=$build/runs/$target
    local last
    last=$(grep -E '^#[0-9]+: cov:' "$run/log" | tail -n 1 || true)
    if [[ -z $last ]]; then
        printf '%-13s %s\n' "$target" "no progress line; see $run/log"
        return
    fi
    local inited
    inited=$(QT_QPA_PLATFORM=offscreen LSAN_OPTIONS="suppressions=$here/lsan.supp" \
        "$build/tests/fuzz/fuzz_$target" -runs=0 -timeout="${FUZZ_TIMEOUT:-10}" \
        "$run/corpus" 2>&1 | grep -E '^#[0-9]+[[:space:]]+INITED' | tail -n 1 || true)
    local count
    count() { find "$run/crashes" -maxdepth 1 -name "$1-*" -newer "$run/started" | wc -l; }
    echo "$last" "|" "$inited" | awk -v t="$target" -v c="$(count crash)" -v o="$(count oom)" \
        -v to="$(count timeout)" -v l="$(count leak)" '{
        execs = substr($1, 2) + 0; sub(/s$/, "", $13); secs = $13 + 0;
        cov = "?"; ft = "?"; corpus = "?";
        for (i = 1; i < NF; ++i) {
            if ($i == "INITED") { cov = $(i + 2); ft = $(i + 4); corpus = $(i + 6); sub(/\/.*/, "", corpus) }
        }
        printf "%-13s %6d %11d %8.0f %6s %7s %7s %7s %8s %5s %5s\n", t, secs, execs,
            secs ? execs / secs : 0, cov, ft, corpus, c, to, o, l }'
}

[[ $seconds -gt 0 ]] && echo "fuzzing ${targets[*]} for $seconds s each, $jobs at a time"
running=0
for target in "${targets[@]}"; do
    [[ $seconds -gt 0 ]] || break
    fuzz_one "$target" &
    running=$((running + 1))
    if [[ $running -ge $jobs ]]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

printf '\n%-13s %6s %11s %8s %6s %7s %7s %7s %8s %5s %5s\n' target seconds execs exec/s \
    cov ft corpus crashes timeouts ooms leaks
for target in "${targets[@]}"; do
    summarise "$target"
done
echo "logs, corpora and failing inputs: $build/runs/<target>/"
