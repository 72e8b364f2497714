#!/usr/bin/env bash
# Real open data into its own index prefix: `indexer fetch`, then every
# `indexer import` in dependency order (postcodes → addresses → sales →
# area data → titles joined to addresses → risk, planning).
#
#   scripts/real-data.sh [AREA]          (make real-data AREA=EX)
#
# Env: REAL_DIR (downloads, default var/open-data), REAL_MANIFEST (a
# manifest other than the built-in one), REAL_PREFIX (index
# prefix, default real_), OPENSEARCH_URL. Serve it with
# INDEX_PREFIX=real_ make run-api (or propertyapi with INDEX_PREFIX).
# Datasets marked manual in the manifest (`indexer fetch --list`) are
# imported when their file is in REAL_DIR, skipped (and listed) otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

AREA="${1:-${AREA:-}}"
DIR="${REAL_DIR:-var/open-data}"
PREFIX="${REAL_PREFIX:-real_}"
area_lc="$(tr '[:upper:]' '[:lower:]' <<<"$AREA")"

go build -o bin/indexer ./cmd/indexer
IDX=bin/indexer
FORMATS="$($IDX import -h 2>&1 | awk '/^formats:/{f=1;next} /^flags:/{f=0} f&&NF{print $1}')"
has_format() { grep -qx "$1" <<<"$FORMATS"; }

echo "== fetch into $DIR (area ${AREA:-none})"
t_fetch=$SECONDS
$IDX fetch --dir "$DIR" ${REAL_MANIFEST:+--manifest "$REAL_MANIFEST"} ${AREA:+--area "$AREA"} || echo "fetch: some downloads failed; rerun to resume (continuing with what is here)"
echo "   ($((SECONDS - t_fetch)) s)"

unz() { # unz ZIP PATTERN DEST: extract matching members once
  local zip="$1" pat="$2" dest="$3"
  [ -f "$zip" ] || return 0
  mkdir -p "$dest"
  [ -n "$(ls -A "$dest" 2>/dev/null)" ] || unzip -q -o "$zip" "$pat" -d "$dest" || true
}
unz "$DIR/codepo_gb.zip" "Data/CSV/*" "$DIR/codepoint"
for z in epraccur egdpprac edispensary; do unz "$DIR/$z.zip" "*.csv" "$DIR/$z"; done
unz "$DIR/osopenuprn.zip" "*.csv" "$DIR/osopenuprn"
unz "$DIR/census2021-ts054.zip" "*msoa*" "$DIR/census2021"
unz "$DIR/census2021-ts007a.zip" "*msoa*" "$DIR/census2021-a"

skipped=()
imp() { # imp FORMAT [flags...] -- FILES...
  local fmt="$1"; shift
  local flags=() files=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do flags+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  for f in "$@"; do [ -e "$f" ] && files+=("$f"); done
  if ! has_format "$fmt"; then skipped+=("$fmt (no importer in this build)"); return 0; fi
  if [ ${#files[@]} -eq 0 ]; then skipped+=("$fmt (no file in $DIR)"); return 0; fi
  echo "== import $fmt ${files[*]}"
  local t0=$SECONDS
  $IDX import --prefix "$PREFIX" --allow-rejects "${flags[@]}" "$fmt" "${files[@]}"
  echo "   ($((SECONDS - t0)) s)"
}

shopt -s nullglob
cp_area=("$DIR"/codepoint/Data/CSV/${area_lc:-*}.csv)
imp onspd -- "$DIR"/ONSPD_UK.csv
[ -e "$DIR/ONSPD_UK.csv" ] || imp nspl -- "$DIR"/NSPL_UK.csv
if [ -e "$DIR/ONSPD_UK.csv" ] || [ -e "$DIR/NSPL_UK.csv" ]; then imp codepoint --merge -- "${cp_area[@]}"; else imp codepoint -- "${cp_area[@]}"; fi
imp ons-boundaries -- "$DIR"/lad*.geojson "$DIR"/ward*.geojson "$DIR"/msoa*.geojson "$DIR"/lsoa*.geojson "$DIR"/region*.geojson
uprn_csv=("$DIR"/osopenuprn/*.csv)
if [ ${#uprn_csv[@]} -gt 0 ]; then
  imp epc --uprn-coords "${uprn_csv[0]}" -- "$DIR"/certificates*.csv
else
  imp epc -- "$DIR"/certificates*.csv
fi
imp onsud --merge -- "$DIR"/ONSUD*.csv "$DIR"/ONSUD.zip   # areas of the loaded properties
imp ppd --merge -- "$DIR"/pp-complete.csv
imp imd2019 -- "$DIR"/File_7_IoD2019.csv
imp census2021 -- "$DIR"/census2021/*msoa*.csv "$DIR"/census2021-a/*msoa*.csv
imp gias -- "$DIR"/edubasealldata*.csv
imp ods-gp -- "$DIR"/epraccur/epraccur.csv
imp ods-dentist --merge -- "$DIR"/egdpprac/egdpprac.csv
imp ods-pharmacy --merge -- "$DIR"/edispensary/edispensary.csv
imp police-uk -- "$DIR"/police-uk-latest.zip "$DIR"/crime/*.csv
imp naptan --merge -- "$DIR"/naptan-stops.csv
imp os-open-names --merge -- "$DIR"/opname_csv_gb.zip   # places and streets next to the ONS boundaries
imp ofcom-broadband -- "$DIR"/ofcom*/*.csv
imp nhle -- "$DIR"/nhle*.csv "$DIR"/nhle*.geojson
imp ukhpi -- "$DIR"/UK-HPI-full-file*.csv
imp inspire -- "$DIR"/inspire-${area_lc:-*}.zip
imp ea-flood -- "$DIR"/ea-rofrs.geojson "$DIR"/ea-rofsw.geojson "$DIR"/ea-flood-zones.geojson "$DIR"/ea-coverage-england.geojson
imp planit -- "$DIR"/planit-${area_lc:-*}.json

echo "== done: prefix $PREFIX"
for s in "${skipped[@]}"; do echo "   skipped: $s"; done
$IDX status --prefix "$PREFIX"
