#!/usr/bin/env bash
# Rehearse the national load: files in the publishers' layouts
# (`indexer rehearse-files`), served over loopback as the download site,
# then the whole chain of `make real-data`: fetch with the manifest (and
# its SHA-256 checks), every import in order, alias swaps. Prints the wall
# time of each step and the total.
#
#   scripts/rehearse-national.sh            (make rehearse-national SCALE=0.01)
#
# Env: SCALE (share of the national row counts, default 0.01; 1 = national),
# REHEARSE_DIR (default var/rehearse), REHEARSE_PORT (loopback port of the
# stand-in download site, default 18080), REHEARSE_PREFIX (index prefix,
# default rehearse_), OPENSEARCH_URL. Disk: about 26 GB a unit of SCALE for
# the files, twice that while the fetched copy exists.
set -euo pipefail
cd "$(dirname "$0")/.."

SCALE="${SCALE:-0.01}"
DIR="${REHEARSE_DIR:-var/rehearse}"
PORT="${REHEARSE_PORT:-18080}"
PREFIX="${REHEARSE_PREFIX:-rehearse_}"

go build -o bin/indexer ./cmd/indexer
t_all=$SECONDS
rm -rf "$DIR/site" "$DIR/files" "$DIR/fetched"
mkdir -p "$DIR/site" "$DIR/fetched" "$DIR/tmp"

echo "== write the files (scale $SCALE)"
t0=$SECONDS
bin/indexer rehearse-files ${REAL_SAMPLES_DIR:+--samples "$REAL_SAMPLES_DIR"} --dir "$DIR/files" --scale "$SCALE"
# Publish them under the manifest's file names, zipped where the publisher zips.
mv "$DIR/files/ONSPD_national_UK.csv" "$DIR/site/ONSPD_UK.csv"
mv "$DIR/files/certificates.csv" "$DIR/site/certificates.csv"
mv "$DIR/files/pp-complete.csv" "$DIR/site/pp-complete.csv"
mv "$DIR/files/opname_csv_gb.zip" "$DIR/site/opname_csv_gb.zip"
(cd "$DIR/files" && zip -q -j ../site/osopenuprn.zip osopenuprn_national.csv)
(cd "$DIR/files/police-uk" && zip -q -r ../../site/police-uk-latest.zip .)
rm -rf "$DIR/files"
echo "   ($((SECONDS - t0)) s)"

echo "== manifest with SHA-256 of every file, URLs on 127.0.0.1:$PORT"
t0=$SECONDS
python3 - "$DIR/site" "$PORT" > "$DIR/manifest.json" <<'PY'
import hashlib, json, os, sys
site, port = sys.argv[1], sys.argv[2]
real = {d["dataset"]: d for d in json.load(open("indexer/fetch/manifest.json"))["datasets"]}
files = {"onspd": "ONSPD_UK.csv", "epc": "certificates.csv", "os-open-uprn": "osopenuprn.zip",
         "ppd": "pp-complete.csv", "crime": "police-uk-latest.zip", "os-open-names": "opname_csv_gb.zip"}
out = []
for name, f in files.items():
    d = dict(real[name])
    p = os.path.join(site, f)
    h = hashlib.sha256()
    with open(p, "rb") as fh:
        for b in iter(lambda: fh.read(1 << 20), b""):
            h.update(b)
    d.update(file=f, url="http://127.0.0.1:%s/%s" % (port, f), manual=False, sha256=h.hexdigest(),
             size_bytes=os.path.getsize(p), release="rehearsal")
    out.append(d)
json.dump({"note": "rehearsal: indexer rehearse-files output served on loopback", "datasets": out}, sys.stdout, indent=1)
PY
echo "   ($((SECONDS - t0)) s)"

python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$DIR/site" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1

echo "== chain: fetch → verify → import → alias swap (prefix $PREFIX)"
t0=$SECONDS
TMPDIR="$(cd "$DIR/tmp" && pwd)" REAL_DIR="$DIR/fetched" REAL_MANIFEST="$DIR/manifest.json" REAL_PREFIX="$PREFIX" \
  scripts/real-data.sh
echo "== chain wall time: $((SECONDS - t0)) s; with writing the files: $((SECONDS - t_all)) s"
