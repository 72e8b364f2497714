#!/usr/bin/env bash
# make test (what CI runs, through .ci/run): vet, unit, then integration.
#
# What the integration tests need (OpenSearch and Redis, headless Chromium,
# the pinned Python tools, the SDK builds: `make services demotest-deps
# pytools sdk-deps`) is installed and started in the background from the
# start, so that its downloads (Maven, apt, PyPI, npm) overlap the compiles
# of vet and unit instead of following them; its output is printed when
# integration needs it. Each phase's wall time is printed, and the total.
#
# Environment: MAKE (default make); everything else as the Makefile's
# targets take it (OPENSEARCH_URL, REDIS_URL, GO_TEST_FLAGS, ...).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MAKE="${MAKE:-make}"

mkdir -p var/log
prep_log=var/log/test-prep.log
start=$SECONDS
say() { printf '[test] %s\n' "$*"; }
took() { say "$1: $(($SECONDS - $2)) s (total $((SECONDS - start)) s)"; }

say "installing and starting the services and test tools in the background (log: $prep_log)"
"$MAKE" --no-print-directory services demotest-deps pytools sdk-deps >"$prep_log" 2>&1 &
prep=$!
# Stop the background make (not the services it started) on an early exit.
trap 'kill "$prep" 2>/dev/null || true' EXIT

t=$SECONDS
"$MAKE" --no-print-directory vet
took vet "$t"

t=$SECONDS
"$MAKE" --no-print-directory unit
took unit "$t"

t=$SECONDS
status=0
wait "$prep" || status=$?
trap - EXIT
sed 's/^/[test:prep] /' "$prep_log"
if ((status != 0)); then
  say "installing or starting the services and test tools failed (exit $status): see above"
  exit "$status"
fi
took "services and test tools (waited for)" "$t"

t=$SECONDS
"$MAKE" --no-print-directory integration
took integration "$t"
say "passed in $((SECONDS - start)) s"
