#!/bin/sh
# A throwaway PostgreSQL 15 server for the tests: `pgserver.sh start DIR` and `pgserver.sh stop DIR`.
#
# The cluster lives in DIR and listens only on a Unix socket inside DIR (no TCP port, so
# parallel test runs and a system server never collide). Local connections are trusted: the
# socket directory is private to the server's user. initdb refuses to run as root, so under
# root (CI containers) the server runs as the unprivileged user `nobody`.
#
# Without the server binaries, start exits 0 with a message and the PostgreSQL tests skip,
# except under CI (CI=true), where a missing server is a failure.
set -eu

action=${1:?usage: pgserver.sh start|stop DIR}
dir=${2:?usage: pgserver.sh start|stop DIR}
bindir=${RUBRICATE_PG_BINDIR:-/usr/lib/postgresql/15/bin}

as_server_user() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

case "$action" in
start)
    if [ ! -x "$bindir/initdb" ]; then
        echo "PostgreSQL 15 not found in $bindir (Debian package postgresql-15)"
        if [ "${CI:-}" = "true" ]; then
            exit 1
        fi
        echo "the PostgreSQL tests will skip"
        exit 0
    fi
    # A server left running by a killed test run is stopped, and its data thrown away.
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_server_user "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown nobody:nogroup "$dir"
    fi
    as_server_user "$bindir/initdb" -D "$dir/data" -U rubricate -A trust -E UTF8 \
        --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log"; exit 1; }
    # fsync off: the cluster is thrown away after the run, and the tests measure no speed.
    as_server_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-k $dir -c listen_addresses= -c fsync=off -c max_connections=200" start \
        >/dev/null || { cat "$dir/server.log"; exit 1; }
    echo "PostgreSQL $("$bindir/postgres" --version | awk "{print \$3}") on socket $dir"
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_server_user "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: pgserver.sh start|stop DIR" >&2
    exit 2
    ;;
esac
