#!/usr/bin/env bash
# make integration: the integration tests (./integration/... and ./cmd/...,
# build tag `integration`) against the services `make services` started.
#
# TestContract (schemathesis, a Python process fuzzing a test server: about
# 200 s of the integration package's 670 s on 2 cores) runs in a go test of
# its own beside the rest, which is mostly waiting on the engine, Redis and
# the browser: the package took 574 s instead of 668 s on a cold 2-core
# machine. Its output is in var/log/integration-contract.log and printed at the
# end; either failing fails the target.
#
# GO_TEST_FLAGS set (e.g. `-run TestAddressFind`): one go test with them,
# TestContract included when they select it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-go}"
pkgs=(./integration/... ./cmd/...)
run=("$GO" test -count=1 -timeout 30m -tags integration)

if [[ -n "${GO_TEST_FLAGS:-}" ]]; then
  # shellcheck disable=SC2086 # GO_TEST_FLAGS is a list of flags
  exec "${run[@]}" $GO_TEST_FLAGS "${pkgs[@]}"
fi

# Build the test binaries once, before the two go tests would each build them
# (a build failure is printed here, once).
if ! out="$("${run[@]}" -run '^$' "${pkgs[@]}" 2>&1)"; then
  printf '%s\n' "$out"
  exit 1
fi

mkdir -p var/log
log=var/log/integration-contract.log
"${run[@]}" -run '^TestContract$' ./integration/ >"$log" 2>&1 &
contract=$!
trap 'kill "$contract" 2>/dev/null || true' EXIT

status=0
"${run[@]}" -skip '^TestContract$' "${pkgs[@]}" || status=$?

cstatus=0
wait "$contract" || cstatus=$?
trap - EXIT
echo "TestContract (run beside the others; $log):"
sed 's/^/  /' "$log"
if ((cstatus != 0)); then
  echo "TestContract failed (exit $cstatus)"
  status=1
fi
exit "$status"
