#!/usr/bin/env bash
# make run: demo dataset (generated once, loaded once), a demo organisation
# with an API key and a browser public key, then the API in the foreground.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

: "${OPENSEARCH_URL:=http://127.0.0.1:9200}" "${REDIS_URL:=redis://127.0.0.1:6379}"
: "${LISTEN_ADDR:=:8080}" "${INDEX_PREFIX:=}"
: "${DEMO_DIR:=var/demo}" "${DEMO_SEED:=1}" "${DEMO_PROPERTIES:=20000}" "${DEMO_ORG:=demo}" "${DEMO_PLAN:=pro}"
export OPENSEARCH_URL REDIS_URL LISTEN_ADDR INDEX_PREFIX

say() { printf '[run] %s\n' "$*"; }

mkdir -p bin
for c in indexer keyctl propertyapi; do go build -o "bin/$c" "./cmd/$c"; done

stamp="$DEMO_DIR.generated-seed$DEMO_SEED-n$DEMO_PROPERTIES"
if [ ! -f "$stamp" ] || [ ! -f "$DEMO_DIR/manifest.json" ]; then
  say "generating the demo dataset ($DEMO_PROPERTIES properties, seed $DEMO_SEED) into $DEMO_DIR"
  rm -rf "$DEMO_DIR"
  bin/indexer generate --out "$DEMO_DIR" --seed "$DEMO_SEED" --properties "$DEMO_PROPERTIES"
  touch "$stamp"
fi

# Load once: when every alias already exists the data is served as it is
# (FORCE_LOAD=1 reloads through new versioned indices and alias swaps).
missing=0
for f in "$DEMO_DIR"/*.ndjson; do
  name=$(basename "$f" .ndjson)
  code=$(curl -s -o /dev/null -w '%{http_code}' "$OPENSEARCH_URL/_alias/$INDEX_PREFIX$name")
  [ "$code" = 200 ] || missing=$((missing + 1))
done
if [ "${FORCE_LOAD:-0}" = 1 ] || [ "$missing" -gt 0 ]; then
  say "loading $DEMO_DIR into OpenSearch at $OPENSEARCH_URL"
  bin/indexer load --dir "$DEMO_DIR" --prefix "$INDEX_PREFIX"
else
  say "demo dataset already loaded (FORCE_LOAD=1 make run reloads it)"
fi

# Webhook secrets of saved-search alerts are sealed at rest with this key
# (docs/alerts.md); a development key is made once and kept in var/.
if [ -z "${ALERTS_SECRET_KEY:-}" ]; then
  keyfile=var/alerts-secret-key
  [ -s "$keyfile" ] || (umask 077; mkdir -p var; od -An -tx1 -N32 /dev/urandom | tr -d ' \n' > "$keyfile")
  ALERTS_SECRET_KEY=$(cat "$keyfile")
  export ALERTS_SECRET_KEY
fi

port="${LISTEN_ADDR##*:}"
bin/keyctl org create -name "$DEMO_ORG" >/dev/null 2>&1 || true
api_key=$(bin/keyctl key create -org "$DEMO_ORG" -plan "$DEMO_PLAN" -name "make run" | grep -E '^ukpd_live_' | tail -1)
DEMO_PUBLIC_KEY=$(bin/keyctl public create -org "$DEMO_ORG" -plan growth -name "demo page" \
  -tools address-lookup,listing-map,stamp-duty,mortgage \
  -origins "http://localhost:$port,http://127.0.0.1:$port" | grep -E '^ukpd_pub_' | tail -1)
export DEMO_PUBLIC_KEY

cat <<MSG

  API:       http://localhost:$port/api/health
  Demo page: http://localhost:$port/demo
  API key ($DEMO_PLAN plan, shown once) and the demo page's public key; the docs' examples use them:
    export API_KEY=$api_key
    export PUBLIC_KEY=$DEMO_PUBLIC_KEY
  Try:
    curl -H "Authorization: Api-Key \$API_KEY" 'http://localhost:$port/api/address/find/?q=castle%20gardens'

  Ctrl-C stops the API; the services keep running (make services-down stops them).

MSG
exec bin/propertyapi
