#!/usr/bin/env bash
# `npm test`: lint, typecheck, then the vitest projects unit, int, e2e and browser, in that order, stopping at the
# first failing stage. The closing line is always "N passed, M failed" (tests, plus 1 failure for a failed
# lint or typecheck stage), so CI logs end with one greppable verdict.
set -uo pipefail
cd "$(dirname "$0")/.."

results_dir=.tmp/test-results
mkdir -p "$results_dir"
rm -f "$results_dir"/*.json
passed=0
failed=0
summary=()

finish() {
  echo
  echo "== summary"
  for line in "${summary[@]}"; do echo "  $line"; done
  echo "$passed passed, $failed failed"
  exit "$1"
}

# Counts from vitest's JSON report; prints "passed failed".
count_tests() {
  node -e '
    const fs = require("node:fs");
    try {
      const report = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      console.log(`${report.numPassedTests} ${report.numFailedTests}`);
    } catch { console.log("0 0"); }
  ' "$1"
}

run_stage() {
  local name=$1
  shift
  echo
  echo "== $name"
  local started=$SECONDS
  "$@"
  local status=$?
  local took=$((SECONDS - started))
  if [ "$status" -eq 0 ]; then
    summary+=("ok    $name (${took}s)")
  else
    summary+=("FAIL  $name (${took}s, exit $status)")
  fi
  return "$status"
}

run_vitest_stage() {
  local project=$1
  shift
  local report="$results_dir/$project.json"
  run_stage "$project tests" npx vitest run --project "$project" --passWithNoTests "$@" \
    --reporter=default --reporter=json --outputFile.json="$report"
  local status=$?
  read -r stage_passed stage_failed < <(count_tests "$report")
  passed=$((passed + stage_passed))
  failed=$((failed + stage_failed))
  # A failed test fails the stage even if something in the run reset vitest's exit code to 0.
  if [ "$status" -ne 0 ] || [ "$stage_failed" -gt 0 ]; then
    [ "$status" -eq 0 ] && summary[-1]="FAIL  $project tests ($stage_failed failed)"
    # A crash before any test ran (e.g. a global setup error) still counts as a failure.
    [ "$stage_failed" -eq 0 ] && failed=$((failed + 1))
    finish 1
  fi
}

run_check_stage() {
  if ! run_stage "$@"; then
    failed=$((failed + 1))
    finish 1
  fi
}

# Three programs, two at a time on two cores: the server workspaces with the composition root (one program, see
# scripts/stack/tsconfig.json), then the cross-process tests, beside the web app.
typecheck() {
  npx tsc -p scripts/stack/tsconfig.json &
  local server_side=$!
  npx tsc -p web/tsconfig.json && npx tsc -p tests/tsconfig.json
  local other_status=$?
  wait "$server_side"
  local server_status=$?
  [ "$other_status" -eq 0 ] && [ "$server_status" -eq 0 ]
}

run_check_stage "npm dependencies" bash scripts/stack/ensure-npm-dependencies.sh
run_check_stage "system packages" bash scripts/install-system-packages.sh
run_check_stage "web build" bash scripts/stack/build-web-if-stale.sh
run_check_stage lint npm run lint
run_check_stage typecheck typecheck
# Vitest sizes one pool for the run from the machine (cores - 1, so one worker on CI's 2 cores) and does not
# apply a project's fileParallelism to it. Unit and int files take every core: int files each use databases of
# their own on the shared server, and read the store after their own appends through settledHeadAfterCommits
# (docs/testing.md, "Where the suite's time goes"). e2e and browser files run one stack at a time whatever the machine.
run_vitest_stage unit --maxWorkers=100%
run_vitest_stage int --maxWorkers=100%
run_vitest_stage e2e --maxWorkers=1
run_vitest_stage browser --maxWorkers=1
finish 0
