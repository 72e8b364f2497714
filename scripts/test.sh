#!/usr/bin/env bash
# make test (what CI runs, through .ci/run): vet, unit and integration.
#
# Three things run at once, so that a fresh machine spends its time on the
# slowest of them rather than on their sum:
#   - in the background from the start, what the integration tests need
#     (OpenSearch and Redis, headless Chromium, the pinned Python tools, the
#     SDK builds: `make services demotest-deps pytools sdk-deps`): mostly
#     downloads (Maven, apt, PyPI, npm);
#   - in the background from the start, at the lowest CPU priority (nice),
#     `make unit`: the race detector's build of every package, then the unit
#     tests. It takes the cycles vet leaves and the integration tests wait
#     out (they keep both cores busy about half the time); at nice 15 it
#     still slowed them a little (vet 676 → 725 s, integration 613 → 690 s
#     on a cold 2-core machine) but the whole suite took 1,721 s instead of
#     1,859 s one phase after another;
#   - in the foreground, `make vet`, then `make integration`.
# The background logs (var/log/test-prep.log, var/log/test-unit.log) are
# printed when each is waited for. Each phase's wall time is printed, and
# the total.
#
# Environment: MAKE (default make); everything else as the Makefile's
# targets take it (OPENSEARCH_URL, REDIS_URL, GO_TEST_FLAGS, ...).
set -euo pipefail
# Each background job in a process group of its own, so that an early exit
# (a failed vet, Ctrl-C) can stop the unit run's go commands too, not only
# its make.
set -m
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MAKE="${MAKE:-make}"

mkdir -p var/log
prep_log=var/log/test-prep.log
unit_log=var/log/test-unit.log
start=$SECONDS
say() { printf '[test] %s\n' "$*"; }
took() { say "$1: $(($SECONDS - $2)) s (total $((SECONDS - start)) s)"; }

say "in the background: the services and test tools ($prep_log), and make unit at low priority ($unit_log)"
"$MAKE" --no-print-directory services demotest-deps pytools sdk-deps >"$prep_log" 2>&1 &
prep=$!
(
  t=$SECONDS
  status=0
  nice -n 15 "$MAKE" --no-print-directory unit || status=$?
  echo "[test] make unit: $((SECONDS - t)) s in the background (exit $status)"
  exit "$status"
) >"$unit_log" 2>&1 &
unit=$!
# On an early exit, stop the unit run's whole process group (make and the go
# commands under it) and the installing make (not its process group: the
# services it may have started keep running, as after any make services).
trap 'kill -- -"$unit" 2>/dev/null || true; kill "$prep" 2>/dev/null || true' EXIT

t=$SECONDS
"$MAKE" --no-print-directory vet
took vet "$t"

t=$SECONDS
status=0
wait "$prep" || status=$?
sed 's/^/[test:prep] /' "$prep_log"
if ((status != 0)); then
  say "installing or starting the services and test tools failed (exit $status): see above"
  exit "$status"
fi
took "services and test tools (waited for)" "$t"

t=$SECONDS
istatus=0
"$MAKE" --no-print-directory integration || istatus=$?
took integration "$t"

t=$SECONDS
ustatus=0
wait "$unit" || ustatus=$?
trap - EXIT
sed 's/^/[test:unit] /' "$unit_log"
took "unit (waited for after integration)" "$t"

if ((istatus != 0 || ustatus != 0)); then
  say "FAILED: integration exit $istatus, unit exit $ustatus"
  exit 1
fi
say "passed in $((SECONDS - start)) s"
