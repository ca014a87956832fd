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

tidy_gate() {
    echo "TODO" >&2
    exit 1
}

sanitizers_gate() {
    echo "TODO" >&2
    exit 1
}

case "${1:-}" in
    format) format_gate ;;
    translations) translations_gate ;;
    tidy) tidy_gate ;;
    sanitizers) sanitizers_gate ;;
    *) echo "usage: sh cmake/gates.sh format|translations|tidy|sanitizers" >&2; exit 2 ;;
esac
