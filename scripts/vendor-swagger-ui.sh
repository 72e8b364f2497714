#!/usr/bin/env bash
# Vendors Swagger UI's prebuilt browser bundle (npm package swagger-ui-dist)
# into api/docs/static/vendor/, where go:embed puts it in the binary: /docs
# needs no CDN and `go build` needs no npm. Run it only to move to another
# version: change VERSION and SHA256 (the npm tarball's sha256, printed on
# a mismatch), run the script, commit the three files it writes.
set -euo pipefail
VERSION=5.35.0
SHA256=1b8e891893404ea4c3558b6a87e2a3e494e7eedba41168c2ece5800a391a6ea6

cd "$(dirname "$0")/.."
dest=api/docs/static/vendor
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "swagger-ui-dist@$VERSION" --silent >/dev/null)
tgz="$tmp/swagger-ui-dist-$VERSION.tgz"
got="$(sha256sum "$tgz" | cut -d' ' -f1)"
if [ "$got" != "$SHA256" ]; then
  echo "swagger-ui-dist@$VERSION: sha256 $got, expected $SHA256" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$tmp"
mkdir -p "$dest"
cp "$tmp/package/swagger-ui-bundle.js" "$tmp/package/swagger-ui.css" "$dest/"
cp "$tmp/package/LICENSE" "$dest/LICENSE"
echo "swagger-ui-dist $VERSION (npm tarball sha256 $SHA256)" > "$dest/VERSION"
echo "vendored swagger-ui-dist $VERSION into $dest"
