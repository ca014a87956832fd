#!/bin/sh
# One entry point for people and CI: installs the Debian packages the project needs (as root
# or through sudo), configures, builds, and runs the demo, the tests or the benchmarks.
#
#   sh cmake/dev.sh run     # install, build, import the demo project and open it
#   sh cmake/dev.sh test    # install, build, run the whole test suite (ctest) and the quality
#                           # gates of cmake/gates.sh: clang-format, lupdate, clang-tidy, and
#                           # the suite again under ASan + UBSan (build/asan)
#   sh cmake/dev.sh bench   # install, build, print import and report-view timings
#   sh cmake/dev.sh team [DB]  # install, build, start Debian's PostgreSQL 15 cluster and put a
#                           # team project with the demo into database DB (rubricate_team)
#   sh cmake/dev.sh deps | build
#
# RUBRICATE_GATES=quick skips the slow gates (clang-tidy and the sanitizer build) for a quick
# local run; CI (CI=true) always runs every gate.
set -eu

ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
BUILD=${RUBRICATE_BUILD_DIR:-$ROOT/build/release}
JOBS=${RUBRICATE_JOBS:-$(nproc 2>/dev/null || echo 2)}

PACKAGES="cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-pdf-dev qt6-svg-dev libqt6opengl6-dev libqt6sql6-sqlite libqt6sql6-psql
  postgresql-15 libgl1-mesa-dev
  libxkbcommon-dev libarchive-dev libxml2-dev zlib1g-dev libsqlite3-dev libb2-dev qtkeychain-qt6-dev xvfb xauth dpkg-dev
  gnome-keyring dbus-daemon fonts-wqy-microhei clang-format clang-tidy lld help2man appstream"

deps() {
    missing=""
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
            || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    echo "Installing Debian packages:$missing"
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get -o DPkg::Lock::Timeout=300 update -q
    # shellcheck disable=SC2086 # word splitting of the package list is intended
    $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -q $missing
}

# The release preset (CMakePresets.json) keeps line tables only (-g1): enough for backtraces,
# perf and sanitizer reports, and a fifth less compile time than full debug information.
build() {
    (cd "$ROOT" && cmake --preset release -B "$BUILD")
    cmake --build "$BUILD" -j "$JOBS"
}

run_demo() {
    project=${RUBRICATE_PROJECT:-$ROOT/demo.rubricate}
    "$BUILD/app/rubricate-cli" --project "$project" demo
    "$BUILD/app/rubricate-cli" --project "$project" stats
    if [ -x "$BUILD/app/rubricate" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
        exec "$BUILD/app/rubricate" "$project"
    fi
    echo "No display: open $project later with $BUILD/app/rubricate"
}

# A team project on this machine's PostgreSQL (Debian's cluster 15/main, its socket in
# /var/run/postgresql): a role for the user running this with the right to make roles (for
# `team add-annotator`), a database they own, the schema and the demo in it.
team_project() {
    db=${1:-rubricate_team}
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    as_postgres() { $SUDO runuser -u postgres -- "$@"; }
    if ! pg_lsclusters -h | awk '$1 == 15 && $2 == "main" && $4 == "online"' | grep -q .; then
        $SUDO pg_ctlcluster 15 main start
    fi
    me=$(id -un)
    if ! as_postgres psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$me'" | grep -q 1; then
        as_postgres createuser --createrole "$me"
    fi
    if ! as_postgres psql -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
        as_postgres createdb -O "$me" "$db"
    fi
    url="postgresql:///$db?host=/var/run/postgresql"
    "$BUILD/app/rubricate-cli" --project "$url" list tasks >/dev/null 2>&1 \
        || "$BUILD/app/rubricate-cli" init "$url"
    "$BUILD/app/rubricate-cli" --project "$url" demo >/dev/null
    "$BUILD/app/rubricate-cli" --project "$url" stats
    echo "Team project: $url"
    echo "Open it with: $BUILD/app/rubricate \"$url\" (or File → Open Team Project…)"
}

run_tests() {
    export QT_QPA_PLATFORM=offscreen
    export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
    chmod 700 "$XDG_RUNTIME_DIR"
    ctest --test-dir "$BUILD" --output-on-failure -j "$JOBS" --timeout 300
}

# Runs one step and says how long it took (the CI log shows where the time goes).
timed() {
    started=$(date +%s)
    "$@"
    echo "==> $* took $(($(date +%s) - started)) s"
}

gate() {
    RUBRICATE_BUILD_DIR=$BUILD RUBRICATE_JOBS=$JOBS sh "$ROOT/cmake/gates.sh" "$1"
}

# All gates, or with RUBRICATE_GATES=quick only the fast ones (never in CI).
test_and_gates() {
    gates=${RUBRICATE_GATES:-all}
    [ "${CI:-}" = true ] && gates=all
    timed gate format
    timed build
    timed run_tests
    timed gate translations
    if [ "$gates" = quick ]; then
        echo "RUBRICATE_GATES=quick: clang-tidy and the sanitizer build skipped"
        return 0
    fi
    timed gate tidy
    timed gate sanitizers
}

case "${1:-}" in
    deps) deps ;;
    build) deps; build ;;
    run) deps; build; run_demo ;;
    test) deps; test_and_gates ;;
    bench) deps; build
        data=${RUBRICATE_SHARED_DATA:-$ROOT/../shared/data}
        "$BUILD/app/rubricate-cli" bench --data "$data"
        "$BUILD/bench/rubricate-bench-view" --data "$data"
        "$BUILD/bench/rubricate-bench-agreement" ;;
    team) deps; build; team_project "${2:-}" ;;
    *) echo "usage: sh cmake/dev.sh run|test|bench|team [DB]|deps|build" >&2; exit 2 ;;
esac
