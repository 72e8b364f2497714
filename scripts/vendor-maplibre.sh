#!/usr/bin/env bash
# Vendors MapLibre GL JS's prebuilt browser files (npm package maplibre-gl)
# into widgets/listing-map/vendor/, where go:embed puts them in the binary:
# the listing map needs no CDN and `go build` needs no npm (the same
# precedent as scripts/vendor-swagger-ui.sh). Run it only to move to another
# version: change VERSION and SHA256 (the npm tarball's sha256, printed on a
# mismatch), run the script, commit the files it writes.
set -euo pipefail
VERSION=6.17.0
SHA256=587807d8d6c99349022e027fa310c16cfaa55392131f6263df080306db6809b0

cd "$(dirname "$0")/.."
dest=widgets/listing-map/vendor
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "maplibre-gl@$VERSION" --silent >/dev/null)
tgz="$tmp/maplibre-gl-$VERSION.tgz"
got="$(sha256sum "$tgz" | cut -d' ' -f1)"
if [ "$got" != "$SHA256" ]; then
  echo "maplibre-gl@$VERSION: sha256 $got, expected $SHA256" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$tmp"
mkdir -p "$dest"
# The module and its worker (the module loads maplibre-gl-worker.mjs from
# beside itself); source maps are left out.
cp "$tmp/package/dist/maplibre-gl.mjs" "$tmp/package/dist/maplibre-gl-worker.mjs" "$tmp/package/dist/maplibre-gl.css" "$dest/"
cp "$tmp/package/LICENSE.txt" "$dest/LICENSE"
echo "$VERSION" > "$dest/VERSION"
echo "maplibre-gl $VERSION (npm tarball sha256 $SHA256)" > "$dest/SOURCE"
echo "vendored maplibre-gl $VERSION into $dest"
