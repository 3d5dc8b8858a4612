#!/usr/bin/env bash
# Builds web/dist when it is missing or older than anything it is built from (the web app's sources and the
# contracts it imports). Run from the repository root.
set -euo pipefail

marker=web/dist/index.html
if [ -f "$marker" ]; then
  newer=$(find web contracts/src package-lock.json \
    \( -path web/dist -o -path web/node_modules -o -name '*.test.ts' \) -prune -o \
    -type f -newer "$marker" -print -quit)
  if [ -z "$newer" ]; then
    echo "web app: up to date ($marker)"
    exit 0
  fi
  echo "web app: rebuilding ($newer changed)"
else
  echo "web app: building (no $marker yet)"
fi
# Build beside web/dist and swap it in, so a server (or a browser test) reading web/dist never sees it empty.
rm -rf web/dist-next web/dist-old
npm run build -w web -- --outDir dist-next --emptyOutDir
[ -d web/dist ] && mv web/dist web/dist-old
mv web/dist-next web/dist
rm -rf web/dist-old
