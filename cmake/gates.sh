#!/bin/sh
# The quality gates `sh cmake/dev.sh test` runs besides the test suite. Each gate prints what
# it checks and fails the run on the first finding. They work on whatever files exist (globs
# and compile_commands.json), so moving files needs no change here.
#
#   sh cmake/gates.sh format            # clang-format, no build needed
#   sh cmake/gates.sh translations      # lupdate through the CMake target; needs a configure
#   sh cmake/gates.sh tidy              # clang-tidy; needs a build (generated headers)
#   sh cmake/gates.sh sanitizers        # ASan + UBSan build in build/asan and the whole suite
#
# RUBRICATE_BUILD_DIR (default build/release) is the build the translations and tidy gates use;
# RUBRICATE_JOBS the parallelism.
set -eu

ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
BUILD=${RUBRICATE_BUILD_DIR:-$ROOT/build/release}
JOBS=${RUBRICATE_JOBS:-$(nproc 2>/dev/null || echo 2)}
# The folders that hold our C++ (build/ and the data folders stay out).
SOURCE_DIRS="app bench core tests ui"

step() {
    echo
    echo "==> gate: $*"
}

fail() {
    echo "FAILED gate: $*" >&2
    exit 1
}

# Our .h/.cpp files, NUL-separated, found fresh each run.
sources() {
    (cd "$ROOT" && find $SOURCE_DIRS \( -name '*.h' -o -name '*.cpp' \) -type f -print0)
}

format_gate() {
    step "clang-format: every .h/.cpp under $SOURCE_DIRS follows .clang-format ($(clang-format --version))"
    count=$(sources | tr -cd '\0' | wc -c)
    if ! (cd "$ROOT" && sources | xargs -0 clang-format --dry-run --Werror); then
        fail "clang-format: run clang-format -i on the files above"
    fi
    echo "clang-format: $count files clean"
}

# The CMake target `update_translations` runs lupdate exactly as the build declares it (the same
# sources, the same options). It rewrites translations/*.ts in place, so the checked-in files
# are saved first and always put back: the gate never edits the tree.
translations_gate() {
    step "lupdate: translations/*.ts match the tr() strings and no zh_CN text is unfinished"
    tmp=$(mktemp -d)
    mkdir "$tmp/saved"
    trap 'restore_translations "$tmp"' EXIT
    for ts in "$ROOT"/translations/*.ts; do
        cp -p "$ts" "$tmp/saved/"
    done
    cmake --build "$BUILD" --target update_translations >"$tmp/lupdate.log" 2>&1 \
        || { cat "$tmp/lupdate.log"; fail "lupdate: the update_translations target failed"; }
    status=0
    for ts in "$ROOT"/translations/*.ts; do
        name=$(basename "$ts")
        # Compare what lupdate wrote with what is checked in, both in lconvert's canonical
        # form, so escaping ('/&apos;) and context order do not count, only the messages.
        lconvert_bin -sort-contexts -i "$tmp/saved/$name" -o "$tmp/checked-in.$name"
        lconvert_bin -sort-contexts -i "$ts" -o "$tmp/lupdate.$name"
        if ! diff -u "$tmp/checked-in.$name" "$tmp/lupdate.$name" >"$tmp/diff"; then
            cat "$tmp/diff"
            echo "lupdate: translations/$name is out of date with the tr() strings (diff above:" \
                "- checked in, + what lupdate writes). Run" \
                "cmake --build build/release --target update_translations, translate, commit." >&2
            status=1
        fi
        unfinished=$(grep -c 'type="unfinished"' "$ts" || true)
        if [ "$unfinished" -ne 0 ]; then
            grep -B2 'type="unfinished"' "$ts" | grep '<source>' >&2 || true
            echo "lupdate: translations/$name has $unfinished unfinished messages (above)." >&2
            status=1
        fi
        [ "$status" -eq 0 ] && echo "lupdate: translations/$name complete and up to date"
    done
    [ "$status" -eq 0 ] || fail "lupdate"
}

restore_translations() {
    for saved in "$1"/saved/*.ts; do
        [ -f "$saved" ] && cp -p "$saved" "$ROOT/translations/"
    done
    rm -rf "$1"
}

# lconvert sits beside the lupdate the build uses (Debian: /usr/lib/qt6/bin, not on PATH).
lconvert_bin() {
    lupdate=$(grep -o '[^ ]*/lupdate ' "$BUILD/build.ninja" 2>/dev/null | head -n 1)
    dir=$(dirname "${lupdate:-/usr/lib/qt6/bin/lupdate}")
    if [ -x "$dir/lconvert" ]; then "$dir/lconvert" "$@"; else lconvert "$@"; fi
}

# Turns a path into a regular expression that matches only that path.
regex_quote() {
    printf '%s' "$1" | sed 's/[].[^$*+?(){}|\\]/\\&/g'
}

# clang-tidy with the checked-in .clang-tidy over the translation units in the build's
# compile_commands.json that live in our folders (generated moc/qrc sources stay out).
#
# Whole tree or changed files, measured (Debian 12, clang-tidy 14, this 2-core machine, while
# other builds ran, so in CPU time): core 98 units 550 CPU-s, ui + app 56 units 363 CPU-s, i.e.
# 5.6-6.5 CPU-s a unit, Qt's headers being most of it. Core, ui and app alone take ~7.5 minutes
# on two free cores; with the ~90 test units the whole tree ~13 minutes. Next to the release
# build and suite (~7.5 min) and the sanitizer build and suite (~12 min, estimated from a
# measured partial build), the whole tree would put .ci/run at ~33 minutes, past the 30 we aim
# for, so CI checks the .cpp files changed in the last RUBRICATE_TIDY_DEPTH commits (8 by
# default: a working session's commits, so that a last commit of documentation alone does not
# leave the code before it unchecked; for a merge, everything it brings in) plus the .cpp
# beside each changed header: a usual commit's handful of units takes under a minute (4 units:
# 25 CPU-s), a session's 20-30 units two to three minutes.
# RUBRICATE_TIDY=all checks the whole tree.
tidy_gate() {
    scope=${RUBRICATE_TIDY:-changed}
    if [ "$scope" = changed ] && ! git -C "$ROOT" rev-parse -q --verify HEAD~1 >/dev/null; then
        # A clone without history has no previous commit to compare with. The whole tree is
        # RUBRICATE_TIDY=all (about 15 min of CPU here), beyond CI's budget beside the
        # sanitizer build, so say so rather than pass silently or blow the budget.
        echo "clang-tidy: no previous commit in this clone (shallow?); nothing to compare," \
            "run RUBRICATE_TIDY=all for the whole tree"
        return 0
    fi
    step "clang-tidy ($scope): .clang-tidy checks over $SOURCE_DIRS ($(clang-tidy --version | sed -n 's/.*version //p'))"
    [ -f "$BUILD/compile_commands.json" ] || fail "clang-tidy: no $BUILD/compile_commands.json (build first)"
    root=$(regex_quote "$ROOT")
    dirs=$(echo "$SOURCE_DIRS" | tr ' ' '|')
    if [ "$scope" = changed ]; then
        files=$(changed_units | sed "s|^|$root/|" | paste -sd '|' -)
        [ -n "$files" ] || { echo "clang-tidy: no C++ changed since $(tidy_base)"; return 0; }
        filter="^($files)\$"
    else
        filter="^$root/($dirs)/"
    fi
    log=$(mktemp)
    # GCC's flags in the database: clang does not know some warnings (-Wshadow=local), and
    # compiler warnings are the build's job, so they neither fail nor show here.
    if run-clang-tidy -p "$BUILD" -j "$JOBS" -quiet -header-filter="^$root/($dirs)/" \
        -extra-arg=-Wno-unknown-warning-option -extra-arg=-w \
        "$filter" >"$log" 2>&1; then
        units=$(grep -c '^clang-tidy' "$log" || true)
        rm -f "$log"
        echo "clang-tidy: $units units clean"
    else
        # Findings only: not the command lines or the counts of suppressed system warnings.
        sed 's/\x1b\[[0-9;]*m//g' "$log" \
            | grep -v -E '^(clang-tidy-?[0-9]* |[0-9]+ warnings? (and [0-9]+ errors? )?generated)'
        rm -f "$log"
        fail "clang-tidy: fix the findings above (NOLINT(check) only with a comment saying why)"
    fi
}

# The commit the changed files are counted from: RUBRICATE_TIDY_DEPTH commits back, or the
# first one when the history is shorter.
tidy_base() {
    depth=${RUBRICATE_TIDY_DEPTH:-8}
    commits=$(git -C "$ROOT" rev-list --count HEAD)
    [ "$depth" -lt "$commits" ] || depth=$((commits - 1))
    echo "HEAD~$depth"
}

# The .cpp files (relative to ROOT) changed since tidy_base, with a changed header standing
# for the .cpp beside it.
changed_units() {
    (cd "$ROOT" && git diff --name-only --diff-filter=d "$(tidy_base)" -- $SOURCE_DIRS) \
        | sed -n 's/\.h$/.cpp/; /\.cpp$/p' | sort -u | while read -r f; do
            [ -f "$ROOT/$f" ] && regex_quote "$f" && echo
        done
}

# A second build with AddressSanitizer and UndefinedBehaviorSanitizer (the asan preset in
# CMakePresets.json) that runs the whole suite: any error, leak or undefined behaviour fails.
# LeakSanitizer skips only the Qt and system library leaks listed in tests/lsan.supp.
sanitizers_gate() {
    asan=${RUBRICATE_ASAN_BUILD_DIR:-$ROOT/build/asan}
    step "sanitizers: ASan + UBSan build in $asan runs the whole suite"
    (cd "$ROOT" && cmake --preset asan -B "$asan" >/dev/null)
    cmake --build "$asan" -j "$JOBS"
    export QT_QPA_PLATFORM=offscreen
    export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
    export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1
    export LSAN_OPTIONS=suppressions=$ROOT/tests/lsan.supp:print_suppressions=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    ctest --test-dir "$asan" --output-on-failure -j "$JOBS" --timeout 600 \
        || fail "sanitizers: a test failed or a sanitizer reported (output above)"
}

case "${1:-}" in
    format) format_gate ;;
    translations) translations_gate ;;
    tidy) tidy_gate ;;
    sanitizers) sanitizers_gate ;;
    *) echo "usage: sh cmake/gates.sh format|translations|tidy|sanitizers" >&2; exit 2 ;;
esac
