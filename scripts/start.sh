#!/usr/bin/env bash
# `npm start`: install what is missing (npm packages, Debian packages), build the web app when stale, then run the
# whole stack (scripts/stack/main.ts, from its bundle) until Ctrl-C. Every step is idempotent and says what it does.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/stack/ensure-npm-dependencies.sh
bash scripts/install-system-packages.sh
# A broken web build should not take the API down with it: say so loudly and serve what there is.
if ! bash scripts/stack/build-web-if-stale.sh; then
  echo "web app: BUILD FAILED (see above); serving the API and the previous build, if any" >&2
fi

# The launcher runs in its own process group (job control on), so a terminal's Ctrl-C reaches only this
# shell; we hand it to the launcher, which stops the HTTP server, workers, nats and Postgres in that order.
# Without this, Ctrl-C would hit Postgres and every worker at once and nothing could be stopped in order.
set -m
env_file=()
if [ -f .env ]; then
  echo "environment: reading .env (variables already set in the shell win)"
  env_file=(--env-file=.env)
fi
# The launcher runs from its bundle (built when stale, so never older than the tree): plain node boots in half
# the time tsx takes (docs/performance.md, "Child process boot").
launcher_bundle=$(node --import tsx scripts/stack/bundle-cli.ts scripts/stack/main.ts)
node "${env_file[@]}" --enable-source-maps "$launcher_bundle" &
launcher=$!
trap 'kill -INT "$launcher" 2>/dev/null || true' INT
trap 'kill -TERM "$launcher" 2>/dev/null || true' TERM HUP

status=0
while :; do
  wait "$launcher" && status=0 || status=$?
  # wait returns early (status > 128) when a trapped signal arrives; keep waiting until the launcher is gone.
  kill -0 "$launcher" 2>/dev/null || break
done
exit "$status"
