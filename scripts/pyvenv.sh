#!/usr/bin/env bash
# pyvenv.sh NAME REQUIREMENT...: a Python virtual environment var/pyenv/NAME
# with exactly these pinned requirements (the contract fuzzer, the vendor's
# client). Idempotent: a stamp holds the requirements installed.
#
# When the install fails, var/pyenv/NAME.unavailable records why and the
# tests that need the tool skip with that reason; under CI=true a failure
# is fatal unless the package index itself cannot be reached.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

name=$1
shift
dir="var/pyenv/$name"
want="$*"
stamp="$dir/.requirements"
marker="var/pyenv/$name.unavailable"
say() { printf '[pyvenv %s] %s\n' "$name" "$*"; }

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$dir/bin/python" ]; then
  exit 0
fi
mkdir -p var/pyenv
rm -f "$marker"

give_up() { # reason, fatal-under-CI
  say "not installed: $1"
  printf '%s\n' "$1" >"$marker"
  if [ "${CI:-}" = true ] && [ "$2" = fatal ]; then
    exit 1
  fi
  exit 0
}

py=$(command -v python3 || true)
[ -n "$py" ] || give_up "python3 is not installed" fatal
if ! "$py" -m venv --clear "$dir" >/dev/null 2>&1; then
  # Debian splits ensurepip into python3-venv.
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    say "installing python3-venv (Debian package)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; } >/dev/null 2>&1 || true
  fi
  "$py" -m venv --clear "$dir" >/dev/null 2>&1 || give_up "python3 cannot create a virtual environment (install python3-venv)" fatal
fi
say "installing $want"
if ! "$dir/bin/pip" install --disable-pip-version-check -q $want; then
  if ! "$dir/bin/pip" download --disable-pip-version-check -q --no-deps -d "$dir/.probe" pip >/dev/null 2>&1; then
    give_up "the Python package index cannot be reached" soft
  fi
  give_up "pip install $want failed" fatal
fi
rm -rf "$dir/.probe"
printf '%s' "$want" >"$stamp"
