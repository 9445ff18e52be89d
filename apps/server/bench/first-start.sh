#!/usr/bin/env bash
# A first start, timed as a newcomer feels it: the server on a fresh DATA_DIR (PGlite) or a fresh
# PostgreSQL database (with --postgres), then when /healthz first answers, when /readyz answers 200
# (the demo is in), and the demo load's own time from the log. Prints figures; not a test.
#   bash apps/server/bench/first-start.sh [--postgres] [SERVER_DIR]
# SERVER_DIR (default: this checkout's apps/server) lets an older build be timed side by side, e.g.
#   git archive <rev> apps/server | tar -x -C /tmp/old && ln -s "$PWD/apps/server/node_modules" /tmp/old/apps/server/
set -euo pipefail
engine=pglite
if [ "${1:-}" = "--postgres" ]; then
  engine=postgres
  shift
fi
server_dir=$(cd "${1:-$(dirname "$0")/..}" && pwd)
port=${PORT:-18090}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env_extra=()
if [ "$engine" = postgres ]; then
  admin=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
  name="parley_first_start_$$"
  psql "$admin" -q -c "create database $name"
  trap 'psql "$admin" -q -c "drop database if exists $name with (force)"; rm -rf "$work"' EXIT
  env_extra=(DATABASE_URL="${admin%/*}/$name")
fi
cd "$server_dir"
start=$(date +%s.%N)
env DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 WEB_DIST=/nonexistent DEV_MAILBOX=true LOG_LEVEL=info \
  "${env_extra[@]}" node --import tsx src/server.ts >"$work/log" 2>&1 &
pid=$!
health=""
ready=""
while kill -0 "$pid" 2>/dev/null; do
  if [ -z "$health" ] && curl -sf -o /dev/null --max-time 0.5 "http://127.0.0.1:$port/healthz"; then
    health=$(echo "$(date +%s.%N) - $start" | bc)
  fi
  if [ -n "$health" ] && curl -sf -o /dev/null --max-time 0.5 "http://127.0.0.1:$port/readyz"; then
    ready=$(echo "$(date +%s.%N) - $start" | bc)
    break
  fi
  sleep 0.05
done
demo_ms=$(grep -o '"ms":[0-9]*,"msg":"demo[a-z ]*loaded"' "$work/log" | grep -o '[0-9]*' | head -n 1 || true)
kill -TERM "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if [ -z "$ready" ]; then
  echo "the server stopped before it was ready:" >&2
  tail -n 20 "$work/log" >&2
  exit 1
fi
printf '%-8s %s  /healthz %5.1f s  /readyz %5.1f s  demo load %5.1f s\n' \
  "$engine" "$server_dir" "$health" "$ready" "$(echo "${demo_ms:-0} / 1000" | bc -l)"
