#!/usr/bin/env bash
# SDKs and the Postman collection.
#   scripts/sdk.sh generate   `make sdk`: write sdk/openapi.json and the Postman
#                             collection (cmd/apispec), regenerate the TypeScript
#                             types (openapi-typescript) and the Python package
#                             (openapi-python-client), build the TypeScript SDK
#   scripts/sdk.sh deps       `make sdk-deps` (part of `make test`): what the SDK
#                             integration test needs: sdk/typescript built with
#                             its pinned npm packages, var/sdk-venv with httpx+attrs
set -euo pipefail
cd "$(dirname "$0")/.."

PY_GENERATOR=openapi-python-client==0.29.1
PY_FORMATTER=ruff==0.17.6
PY_RUNTIME=(httpx==0.28.1 attrs==25.4.0)
GO=${GO:-go}

python_venv() { # dir packages...
  local dir=$1; shift
  local stamp="$dir/.installed-$(echo "$*" | sha256sum | cut -c1-12)"
  if [ ! -x "$dir/bin/python" ]; then
    command -v python3 >/dev/null || { echo "python3 (3.11+) is required for the Python SDK" >&2; exit 1; }
    if ! python3 -m venv "$dir" 2>/dev/null; then
      rm -rf "$dir"
      if command -v apt-get >/dev/null; then
        echo "installing python3-venv (Debian package)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      fi
      python3 -m venv "$dir" || { echo "python3 -m venv failed: install python3-venv" >&2; exit 1; }
    fi
  fi
  if [ ! -f "$stamp" ]; then
    "$dir/bin/pip" install --quiet --disable-pip-version-check "$@"
    touch "$stamp"
  fi
}

# ts_build installs the pinned packages (npm ci) and builds dist/, each
# only when its inputs changed since the last time (stamps in node_modules
# and dist), so a repeated `make test` spends no time here.
ts_build() {
  command -v npm >/dev/null || { echo "npm is required for the TypeScript SDK (Node.js 18+)" >&2; exit 1; }
  (
    cd sdk/typescript
    lock="$(sha256sum package-lock.json | cut -c1-16)"
    if [ "$(cat node_modules/.ukpd-stamp 2>/dev/null)" != "$lock" ]; then
      npm ci --no-audit --no-fund --loglevel=error
      echo "$lock" > node_modules/.ukpd-stamp
    fi
    src="$( (cat package-lock.json tsconfig.json package.json; cat src/*) | sha256sum | cut -c1-16)"
    if [ "$(cat dist/.ukpd-stamp 2>/dev/null)" != "$src" ]; then
      npm run --silent build
      echo "$src" > dist/.ukpd-stamp
    fi
  )
}

case "${1:-}" in
  generate)
    $GO run ./cmd/apispec -openapi sdk/openapi.json -postman sdk/postman/propertyapi.postman_collection.json
    (cd sdk/typescript && npm ci --no-audit --no-fund --loglevel=error && npm run --silent generate)
    rm -f sdk/typescript/node_modules/.ukpd-stamp sdk/typescript/dist/.ukpd-stamp
    python_venv var/sdkgen-venv "$PY_GENERATOR" "$PY_FORMATTER"
    rm -rf var/pygen
    mkdir -p var
    # The document describes each Server-Sent Event (alerts/stream, Open API
    # 3.1 style); the Python generator would parse the stream as one JSON
    # object, so it is given the stream as text, as the client returns it.
    var/sdkgen-venv/bin/python - sdk/openapi.json var/openapi-python.json <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for item in doc["paths"].values():
    for op in item.values():
        for resp in (op.get("responses") or {}).values() if isinstance(op, dict) else []:
            c = resp.get("content", {}).get("text/event-stream")
            if c is not None:
                c["schema"] = {"type": "string", "description": "The event stream as text (id, event and data lines per event)."}
json.dump(doc, open(sys.argv[2], "w"), indent=2)
PY
    PYTHONHASHSEED=0 PATH="$PWD/var/sdkgen-venv/bin:$PATH" var/sdkgen-venv/bin/openapi-python-client generate \
      --path var/openapi-python.json --config sdk/python/generator-config.yaml --output-path var/pygen --overwrite
    rm -rf sdk/python/ukpd_propertyapi
    cp -R var/pygen/ukpd_propertyapi sdk/python/
    cp var/pygen/pyproject.toml sdk/python/pyproject.toml
    ts_build
    echo "SDKs regenerated: review and commit sdk/"
    ;;
  deps)
    ts_build
    python_venv var/sdk-venv "${PY_RUNTIME[@]}"
    ;;
  *)
    echo "usage: scripts/sdk.sh generate|deps" >&2
    exit 2
    ;;
esac
