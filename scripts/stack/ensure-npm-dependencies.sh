#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than package-lock.json; otherwise a no-op.
# Sourced or run from the repository root by scripts/start.sh and scripts/test.sh.
set -euo pipefail

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "npm dependencies: installing (npm install)"
  npm install --no-audit --no-fund
else
  echo "npm dependencies: up to date"
fi
