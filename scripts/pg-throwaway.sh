#!/usr/bin/env bash
# A throwaway PostgreSQL for tests: a new cluster in a temporary folder, listening on 127.0.0.1 only,
# trust authentication, a database `insights_test`. Nothing is kept: `stop` deletes the folder.
#
#   scripts/pg-throwaway.sh start   # starts (or finds running) and prints the URL on stdout
#   scripts/pg-throwaway.sh url     # prints the URL of the running server (exit 1 if none)
#   scripts/pg-throwaway.sh env     # prints `export DATABASE_URL=...` (for eval)
#   scripts/pg-throwaway.sh stop    # stops the server and deletes its folder (no-op if none)
#
#   DATABASE_URL=$(scripts/pg-throwaway.sh start)
#
# Settings (environment):
#   PG_THROWAWAY_PORT   first port tried (default 54329; the next free one up to +50 is taken if busy)
#   PG_THROWAWAY_STATE  file that remembers the running server (default /tmp/insights-pg.state)
#   PG_THROWAWAY_DB     database created at start (default insights_test)
#
# Uses the machine's PostgreSQL binaries (initdb, pg_ctl, psql). As root they run as the `postgres`
# system user, created if missing. Only the URL goes to stdout; messages go to stderr.
set -euo pipefail

PORT_BASE="${PG_THROWAWAY_PORT:-54329}"
STATE="${PG_THROWAWAY_STATE:-${TMPDIR:-/tmp}/insights-pg.state}"
DB_NAME="${PG_THROWAWAY_DB:-insights_test}"
PG_USER=postgres # the cluster's superuser name (initdb -U), whichever OS user runs it

log() { echo "pg-throwaway: $*" >&2; }
die() {
  log "$*"
  exit 1
}

find_bindir() {
  local initdb
  if initdb="$(command -v initdb 2>/dev/null)"; then
    dirname "$(readlink -f "$initdb")"
    return
  fi
  # Debian keeps the server binaries off PATH.
  local dir
  dir="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
  [[ -n "$dir" && -x "$dir/initdb" ]] || die "no PostgreSQL server binaries found (initdb). On Debian: apt-get install -y postgresql"
  echo "$dir"
}

BINDIR="$(find_bindir)"

# Runs a command as the OS user that owns the cluster (postgres when we are root).
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

ensure_postgres_user() {
  [[ "$(id -u)" == 0 ]] || return 0
  id -u postgres >/dev/null 2>&1 && return 0
  log "creating system user postgres"
  local group=(--user-group)
  if getent group postgres >/dev/null; then group=(--gid postgres); fi
  useradd --system "${group[@]}" --home-dir /var/lib/postgresql --no-create-home \
    --shell /usr/sbin/nologin postgres
}

url_for() { echo "postgresql://${PG_USER}@127.0.0.1:$1/${DB_NAME}"; }

# Reads DIR and PORT from the state file; returns 1 when there is none.
read_state() {
  [[ -f "$STATE" ]] || return 1
  DIR="$(sed -n 's/^DIR=//p' "$STATE")"
  PORT="$(sed -n 's/^PORT=//p' "$STATE")"
  [[ -n "$DIR" && -n "$PORT" ]]
}

# DIR is the temporary folder; the cluster's data folder is $DIR/data.
is_running() {
  [[ -d "${DIR:-}/data" ]] && (cd / && as_owner "$BINDIR/pg_ctl" status -D "$DIR/data" >/dev/null 2>&1)
}

port_busy() { (: </dev/tcp/127.0.0.1/"$1") 2>/dev/null; }

cleanup_dir() {
  if [[ -n "${DIR:-}" && "$DIR" == */insights-pg-* && -d "$DIR" ]]; then
    rm -rf -- "$DIR"
  fi
}

cmd_stop() {
  if ! read_state; then
    log "not running"
    return 0
  fi
  if is_running; then
    (cd / && as_owner "$BINDIR/pg_ctl" stop -D "$DIR/data" -m immediate -w -t 20 >/dev/null 2>&1) ||
      log "pg_ctl stop failed; removing the folder anyway"
  fi
  cleanup_dir
  rm -f -- "$STATE"
  log "stopped (port $PORT), removed $DIR"
}

cmd_start() {
  if read_state; then
    if is_running; then
      log "already running on port $PORT ($DIR)"
      url_for "$PORT"
      return 0
    fi
    log "stale state found: cleaning up $DIR"
    cleanup_dir
    rm -f -- "$STATE"
  fi

  ensure_postgres_user
  DIR="$(mktemp -d "${TMPDIR:-/tmp}/insights-pg-XXXXXX")"
  if [[ "$(id -u)" == 0 ]]; then chown postgres: "$DIR"; fi
  chmod 700 "$DIR"

  if ! (cd / && as_owner "$BINDIR/initdb" -D "$DIR/data" -U "$PG_USER" --auth=trust --encoding=UTF8 \
    --locale=C --no-sync >"$DIR/initdb.log" 2>&1); then
    cat "$DIR/initdb.log" >&2
    cleanup_dir
    die "initdb failed"
  fi

  local port="$PORT_BASE" tries=0 started=0
  while ((tries < 50)); do
    if ! port_busy "$port"; then
      # Sockets in the cluster folder (the default /var/run/postgresql may not exist or be writable).
      if (cd / && as_owner "$BINDIR/pg_ctl" start -D "$DIR/data" -l "$DIR/server.log" -w -t 30 -o \
        "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50" \
        >/dev/null 2>&1); then
        started=1
        break
      fi
      log "could not start on port $port, trying the next one"
    fi
    port=$((port + 1))
    tries=$((tries + 1))
  done
  if ((started == 0)); then
    cat "$DIR/server.log" >&2 2>/dev/null || true
    cleanup_dir
    die "could not start PostgreSQL"
  fi
  PORT="$port"
  printf 'DIR=%s\nPORT=%s\n' "$DIR" "$PORT" >"$STATE"

  "$BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U "$PG_USER" -d postgres \
    -c "CREATE DATABASE \"$DB_NAME\"" >/dev/null
  log "PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($DIR)"
  url_for "$PORT"
}

cmd_url() {
  if read_state && is_running; then
    url_for "$PORT"
  else
    die "not running"
  fi
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
url) cmd_url ;;
env) echo "export DATABASE_URL=$(cmd_url)" ;;
*)
  echo "usage: $0 start|stop|url|env" >&2
  exit 2
  ;;
esac
