#!/usr/bin/env bash
# Run govulncheck against a vulnerability database, or say clearly why not.
# usage: scripts/govulncheck.sh GOVULNCHECK_BINARY DB_URL
#
# DB_URL is https://... (default https://vuln.go.dev) or file:///dir holding the
# served layout (index/db.json, index/modules.json, ID/GO-*.json). Where the
# database does not answer (no network to vuln.go.dev, and no local copy), the
# scan is skipped with a message, never silently and never as a failure:
# govulncheck has no offline data of its own.
set -euo pipefail
bin=$1
db=${2:-https://vuln.go.dev}

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
"$bin" -db "$db" ./...
