#!/usr/bin/env bash
# Run govulncheck against the Go vulnerability database, or say clearly why not.
# usage: scripts/govulncheck.sh GOVULNCHECK_BINARY [DB]
#
# DB is one of
#   module   (default) the database built from the golang.org/x/vulndb module at
#            VULNDB_VERSION, fetched through the Go module proxy (its data/osv
#            holds every Go report as OSV JSON) and indexed into the served v1
#            layout by that module's own cmd/indexdb; built once into
#            var/vulndb/VULNDB_VERSION and reused (nothing enters git);
#   https://...  a served database (https://vuln.go.dev);
#   file:///dir  a directory in the served layout (index/db.json,
#                index/modules.json, ID/GO-*.json).
# A database that does not answer skips the scan with a message (never
# silently, never as a failure): govulncheck has no offline data of its own.
# A called vulnerability in a module fails the scan; one in the standard
# library (fixed only by a newer Go toolchain) is a warning unless
# GOVULN_STDLIB=fail (scripts/govulncheck_findings.py).
set -euo pipefail
bin=$1
db=${2:-module}
root=$(cd "$(dirname "$0")/.." && pwd)
# Pinned database snapshot: bump deliberately (go list -m golang.org/x/vulndb@latest).
VULNDB_VERSION=${VULNDB_VERSION:-v0.0.0-20261105234957-e22db6528018}

if [ "$db" = module ]; then
  out="$root/var/vulndb/$VULNDB_VERSION"
  if [ ! -f "$out/index/db.json" ]; then
    echo "govulncheck: building the vulnerability database from golang.org/x/vulndb@$VULNDB_VERSION"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # Outside this module, so go.mod is never touched.
    if src=$(cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "golang.org/x/vulndb@$VULNDB_VERSION" 2>/dev/null |
      sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') && [ -d "$src/data/osv" ] &&
      (cd "$tmp" && go run "golang.org/x/vulndb/cmd/indexdb@$VULNDB_VERSION" -vulns "$src/data/osv" -out "$tmp/db"); then
      rm -rf "$out" && mkdir -p "$(dirname "$out")" && mv "$tmp/db" "$out"
    else
      echo "govulncheck: SKIPPED: golang.org/x/vulndb@$VULNDB_VERSION could not be fetched or indexed"
      echo "  (set GOVULNDB=https://vuln.go.dev or file:///path/to/vulndb to scan)"
      exit 0
    fi
  fi
  db="file://$out"
fi

reachable() {
  case "$db" in
    file://*) [ -f "${db#file://}/index/db.json" ] ;;
    http://*|https://*) curl -fsS -m 5 -o /dev/null "$db/index/db.json" 2>/dev/null ;;
    *) return 1 ;;
  esac
}

if ! reachable; then
  echo "govulncheck: SKIPPED: vulnerability database $db does not answer"
  echo "  (set GOVULNDB=file:///path/to/vulndb or a reachable mirror to scan)"
  exit 0
fi
echo "govulncheck -db $db ./..."
"$bin" -db "$db" -format json ./... | python3 "$root/scripts/govulncheck_findings.py"
