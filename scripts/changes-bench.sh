#!/usr/bin/env bash
# Measures the changes feed's load-time diff (docs/performance.md, "Changes
# feed: the diff at load"): generates CHANGES_BENCH_PROPERTIES properties
# (addresses only), loads them (the baseline epoch), edits a copy of the
# file (0.2% of the addresses updated, 0.05% deleted, 0.05% inserted: the
# share of AddressBase's weekly change-only update), loads that (the diffed
# epoch) and prints the loader's report, the diff line, the change log's
# size on disk and the loader's peak memory.
#
#   CHANGES_BENCH_PROPERTIES=1000000 scripts/changes-bench.sh
#
# Data goes to CHANGES_BENCH_DIR (default var/changes-bench/N) and indices
# under CHANGES_BENCH_PREFIX (default cbench-N-); they are deleted at the
# end unless CHANGES_BENCH_KEEP=1. Needs bin/indexer (make build).
set -euo pipefail
N=${CHANGES_BENCH_PROPERTIES:-1000000}
DIR=${CHANGES_BENCH_DIR:-var/changes-bench/$N}
PREFIX=${CHANGES_BENCH_PREFIX:-cbench-$N-}
OS=${OPENSEARCH_URL:-http://127.0.0.1:9200}
BIN=${INDEXER_BIN:-bin/indexer}
export OPENSEARCH_URL=$OS ALERTS_PERCOLATE=false
unset REDIS_URL

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min), $(nproc) cores"
if [ ! -s "$DIR/base/addresses.ndjson" ]; then
  t0=$(date +%s)
  "$BIN" generate --out "$DIR/base" --properties "$N" --indices addresses --seed 3 >/dev/null
  echo "== generated $(wc -l <"$DIR/base/addresses.ndjson") addresses in $(( $(date +%s) - t0 )) s"
fi
mkdir -p "$DIR/edited"
cp "$DIR/base/manifest.json" "$DIR/edited/"
# Every 500th address updated, every 2000th (offset 7) deleted, and every
# 2000th (offset 13) copied under a new UPRN (9 in front).
awk '{
  if (NR % 2000 == 7) next
  if (NR % 500 == 0) sub(/"street_name":"/, "\"street_name\":\"Upper ")
  print
  if (NR % 2000 == 13) { l = $0; sub(/^\{"uprn":/, "{\"uprn\":9", l); print l }
}' "$DIR/base/addresses.ndjson" >"$DIR/edited/addresses.ndjson"

"$BIN" load --dir "$DIR/base" --indices addresses --prefix "$PREFIX" --segments 0 2>/dev/null | tail -2
echo "== load after baseline: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -v "$BIN" load --dir "$DIR/edited" --indices addresses --prefix "$PREFIX" --segments 0 2>"$DIR/time.txt" | tail -3
grep -E "Maximum resident|Elapsed" "$DIR/time.txt" || true
echo "== load after diffed reload: $(cut -d' ' -f1-3 /proc/loadavg)"
curl -s -XPOST "$OS/${PREFIX}ukpd-changes/_flush" >/dev/null
curl -s -XPOST "$OS/${PREFIX}ukpd-changes/_forcemerge?max_num_segments=1" >/dev/null
curl -s "$OS/_cat/indices/${PREFIX}ukpd-changes,${PREFIX}ukpd-epochs,${PREFIX}addresses-v*?v&h=index,docs.count,store.size&bytes=kb"
if [ "${CHANGES_BENCH_KEEP:-0}" != 1 ]; then
  for ix in $(curl -s "$OS/_cat/indices/${PREFIX}*?h=index"); do curl -s -XDELETE "$OS/$ix" >/dev/null; done
  rm -rf "$DIR"
fi
