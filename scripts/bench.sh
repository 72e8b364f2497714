#!/usr/bin/env bash
# make bench: build (and cache) a generated dataset of BENCH_PROPERTIES
# properties, load it under the index prefix BENCH_PREFIX (default bench-;
# once per prefix), run an API on BENCH_PORT with a fresh Enterprise key, and
# drive every workload with cmd/bench side by side with direct OpenSearch.
# Writes bench/results/latest.md. Two people can benchmark on one machine
# with different BENCH_PREFIX and BENCH_PORT (serialise the runs: they share
# the CPU). BENCH_PPROF_ADDR (e.g. 127.0.0.1:6061) serves the API's pprof.
# BENCH_API_BIN benchmarks another build of cmd/propertyapi (say, the one
# before a change, built from `git archive`) for before/after runs taken
# alternately under the same machine load. BENCH_INTERLEAVE=1s measures API
# and direct at the constant rate in alternating 1-second blocks.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

: "${OPENSEARCH_URL:=http://127.0.0.1:9200}" "${REDIS_URL:=redis://127.0.0.1:6379}"
export OPENSEARCH_URL REDIS_URL
: "${BENCH_PROPERTIES:=1000000}" "${BENCH_SEED:=1}" "${BENCH_PORT:=8090}" "${BENCH_DURATION:=20s}"
: "${BENCH_OUT:=bench/results/latest.md}" "${BENCH_ONLY:=}" "${BENCH_RATE_SCALE:=1}"
: "${BENCH_PREFIX:=bench-}" "${BENCH_INDICES:=}" "${BENCH_PPROF_ADDR:=}" "${BENCH_API_BIN:=}" "${BENCH_INTERLEAVE:=0}"
: "${BENCH_DATA:=}" "${BENCH_TYPING_RATES:=100,200,400,800}"
# BENCH_DATA=engine benchmarks what is already loaded under BENCH_PREFIX (a
# national build by `make national` writes no files): nothing is generated
# or loaded, and the addresses sample is drawn from the index itself.
# BENCH_INDICES=addresses generates and loads the addresses index alone:
# enough for the typing workload (BENCH_ONLY=typing) at 5M properties.
prefix=$BENCH_PREFIX
case "$prefix" in
  ''|*[!a-z0-9_-]*) echo "[bench] BENCH_PREFIX must be lower-case letters, digits, - or _ (got '$prefix')" >&2; exit 2 ;;
esac
# The generated dataset depends on size, seed and indices; what was loaded
# under which prefix is recorded per prefix.
dir="var/bench-$BENCH_PROPERTIES${BENCH_INDICES:+-${BENCH_INDICES//,/-}}"
run="$dir-$prefix"
say() { printf '[bench] %s\n' "$*"; }

mkdir -p bin var
for c in indexer keyctl propertyapi bench; do go build -o "bin/$c" "./cmd/$c"; done

if [ "$BENCH_DATA" = engine ]; then
  dir=engine
  say "benchmarking the indices already under prefix $prefix (sample drawn from the engine)"
elif [ ! -f "$dir/manifest.json" ]; then
  say "generating $BENCH_PROPERTIES properties into $dir (cached for later runs)"
  rm -rf "$dir"
  bin/indexer generate --out "$dir" --seed "$BENCH_SEED" --properties "$BENCH_PROPERTIES" ${BENCH_INDICES:+--indices "$BENCH_INDICES"}
fi

dps=0
stamp="$dir.loaded-$prefix"
code=$(curl -s -o /dev/null -w '%{http_code}' "$OPENSEARCH_URL/_alias/${prefix}addresses")
if [ "$BENCH_DATA" = engine ]; then
  [ "$code" = 200 ] || { say "no ${prefix}addresses alias at $OPENSEARCH_URL"; exit 1; }
elif [ "${FORCE_LOAD:-0}" = 1 ] || [ "$code" != 200 ] || [ ! -f "$stamp" ]; then
  say "loading $dir under prefix $prefix"
  bin/indexer load --dir "$dir" --prefix "$prefix" ${BENCH_INDICES:+--indices "$BENCH_INDICES"} | tee "$run.load.txt"
  touch "$stamp"
fi
for f in "$run.load.txt" "$dir.load.txt"; do # (the second: loads before per-prefix logs)
  if [ -f "$f" ]; then dps=$(awk '/^TOTAL/ {print $NF}' "$f"); break; fi
done

# One Redis namespace per prefix (bench- → bench:), so runs never share keys.
export RATELIMIT_NAMESPACE="${prefix%-}:"
org=${prefix%-}
bin/keyctl org create -name "$org" >/dev/null 2>&1 || true
key=$(bin/keyctl key create -org "$org" -plan enterprise -name "make bench" | grep -E '^ukpd_live_' | tail -1)

INDEX_PREFIX=$prefix LISTEN_ADDR="127.0.0.1:$BENCH_PORT" LOG_LEVEL=warn PPROF_ADDR="$BENCH_PPROF_ADDR" \
  "${BENCH_API_BIN:-bin/propertyapi}" > "var/${prefix}api.log" 2>&1 &
api=$!
# Wait for the API to have exited: a run started straight after this one
# would otherwise find the port still held by this API while it drains, fail
# to listen, and measure this one's shutdown (every request refused).
trap 'kill $api 2>/dev/null && wait $api 2>/dev/null; true' EXIT
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$BENCH_PORT/api/ping" >/dev/null && break; sleep 0.2; done
if ! kill -0 "$api" 2>/dev/null; then
  say "the API did not start; var/${prefix}api.log:"; tail -5 "var/${prefix}api.log" >&2; exit 1
fi

bin/bench --api "http://127.0.0.1:$BENCH_PORT" --opensearch "$OPENSEARCH_URL" --prefix "$prefix" --key "$key" \
  --data "$dir" --duration "$BENCH_DURATION" --api-pid "$api" --index-dps "${dps:-0}" \
  --rate-scale "$BENCH_RATE_SCALE" --only "$BENCH_ONLY" --out "$BENCH_OUT" --interleave "$BENCH_INTERLEAVE" \
  --typing-rates "$BENCH_TYPING_RATES" --dataset "$BENCH_PROPERTIES generated properties (seed $BENCH_SEED)"
if ! kill -0 "$api" 2>/dev/null; then
  status=0; wait "$api" || status=$?
  say "WARNING: the API exited during the run (status $status; above 128 is a signal); see var/${prefix}api.log"
fi
say "report: $BENCH_OUT"

# The whole address-matching evaluation (real EPC and Price Paid addresses
# and a generated world, every variation, seed 1): its table goes to
# bench/results/matching-accuracy.md (docs/matching.md).
case ",$BENCH_ONLY," in
  ,, | *,matching*)
    say "address-matching evaluation (whole set)"
    MATCH_EVAL_SEED=1 MATCH_EVAL_PER_VARIATION=400 MATCH_EVAL_OUT=bench/results/matching-accuracy.md \
      go test -count=1 -tags integration -run 'TestAddressMatchAccuracy$' -timeout 60m ./integration/ ;;
esac
