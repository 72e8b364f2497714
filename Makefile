# UK property data API — developer entry points. `make` (or `make help`) lists targets.

SHELL := /usr/bin/env bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

GO ?= go

# Backing services (scripts/services.sh starts them locally when nothing answers).
OPENSEARCH_URL ?= http://127.0.0.1:9200
REDIS_URL ?= redis://127.0.0.1:6379
OPENSEARCH_HEAP ?=
OPENSEARCH_NODES ?= 1
# API server
LISTEN_ADDR ?= :8080
LOG_LEVEL ?= info
INDEX_PREFIX ?=
# go.mod asks for toolchain go1.26.10 (the standard library fixes govulncheck
# reports against 1.26.8); auto fetches it from the module proxy when the
# installed Go is older, even where GOROOT's go.env says GOTOOLCHAIN=local.
GOTOOLCHAIN ?= auto
export GOTOOLCHAIN
export OPENSEARCH_URL REDIS_URL OPENSEARCH_HEAP OPENSEARCH_NODES LISTEN_ADDR LOG_LEVEL INDEX_PREFIX
export DEMO_DIR DEMO_SEED DEMO_PROPERTIES DEMO_ORG DEMO_PLAN

# Demo dataset used by `make run`.
DEMO_DIR ?= var/demo
DEMO_SEED ?= 1
DEMO_PROPERTIES ?= 20000
DEMO_ORG ?= demo
DEMO_PLAN ?= pro

GO_TEST_FLAGS ?=
GO_FILES_CMD = find . -name '*.go' -not -path './var/*' -not -path './.git/*' -not -path '*/node_modules/*' -print0

.PHONY: help
help: ## Show this help
	@echo "usage: make <target>"
	@echo
	@awk 'BEGIN {FS = ":.*?## "} /^[a-zA-Z0-9_-]+:.*?## / {printf "  \033[36m%-17s\033[0m %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo
	@echo "Variables (override as VAR=value): OPENSEARCH_URL=$(OPENSEARCH_URL) REDIS_URL=$(REDIS_URL)"
	@echo "  OPENSEARCH_HEAP OPENSEARCH_NODES=$(OPENSEARCH_NODES) LISTEN_ADDR=$(LISTEN_ADDR) LOG_LEVEL=$(LOG_LEVEL) INDEX_PREFIX"

.PHONY: services
services: ## Start OpenSearch and Redis locally if nothing answers at OPENSEARCH_URL / REDIS_URL (installs what is missing)
	@scripts/services.sh up

.PHONY: services-down
services-down: ## Stop the OpenSearch and Redis that `make services` started (nothing else)
	@scripts/services.sh down

.PHONY: services-status
services-status: ## Show whether OpenSearch and Redis are running
	@scripts/services.sh status

.PHONY: build
build: ## Build every command under cmd/ into bin/
	$(GO) build ./...
	@mkdir -p bin
	@for d in cmd/*/; do \
	  [ -d "$$d" ] || continue; \
	  name="$$(basename "$$d")"; \
	  echo "$(GO) build -o bin/$$name ./$$d"; \
	  $(GO) build -o "bin/$$name" "./$$d"; \
	done

.PHONY: fmt
fmt: ## Format Go code with gofmt
	$(GO_FILES_CMD) | xargs -0 -r gofmt -s -w

# Lint tools, pinned and installed into var/tools/bin from the Go module proxy
# on first use (a fresh machine gets them from `make vet`).
STATICCHECK_VERSION ?= v0.8.2
GOVULNCHECK_VERSION ?= v1.3.0
TOOLS_BIN := $(CURDIR)/var/tools/bin
STATICCHECK := $(TOOLS_BIN)/staticcheck-$(STATICCHECK_VERSION)
GOVULNCHECK := $(TOOLS_BIN)/govulncheck-$(GOVULNCHECK_VERSION)
# Vulnerability database for govulncheck: `module` (default) builds it once into
# var/vulndb/ from the pinned golang.org/x/vulndb module (Go module proxy; see
# scripts/govulncheck.sh), or a URL (https://vuln.go.dev, or file:// of a
# directory in the served layout index/db.json, index/modules.json, ID/*.json).
# When it does not answer, `make vet` says so and skips the scan.
GOVULNDB ?= module

$(STATICCHECK):
	@mkdir -p $(TOOLS_BIN)
	GOBIN=$(TOOLS_BIN) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	@mv $(TOOLS_BIN)/staticcheck $@

$(GOVULNCHECK):
	@mkdir -p $(TOOLS_BIN)
	GOBIN=$(TOOLS_BIN) $(GO) install golang.org/x/vuln/cmd/govulncheck@$(GOVULNCHECK_VERSION)
	@mv $(TOOLS_BIN)/govulncheck $@

.PHONY: vet
# Every build tag at once: no file is built only without a tag (no
# `!integration`), so one pass with both tags reads every file.
VET_TAGS := integration,reliability

vet: $(STATICCHECK) $(GOVULNCHECK) ## gofmt, go mod tidy check, go vet and staticcheck (every file, every build tag), govulncheck
	@unformatted="$$($(GO_FILES_CMD) | xargs -0 -r gofmt -l)"; \
	if [ -n "$$unformatted" ]; then echo "gofmt needed on:"; echo "$$unformatted"; exit 1; fi
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }
	@if grep -rlE '^//go:build .*!(integration|reliability)' --include='*.go' . | grep -v '^./var/' | grep -q .; then \
	  echo "a file built only without the integration or reliability tag: vet and staticcheck need a pass without -tags again"; exit 1; fi
	$(GO) vet -tags $(VET_TAGS) ./...
	$(STATICCHECK) -tags $(VET_TAGS) ./...
	@scripts/govulncheck.sh "$(GOVULNCHECK)" "$(GOVULNDB)"

.PHONY: unit
unit: ## Run unit tests with the race detector (no services needed), then the importers' memory bound without it
	$(GO) test -race -count=1 $(GO_TEST_FLAGS) ./...
	@if [ -z "$(GO_TEST_FLAGS)" ]; then set -x; $(GO) test -count=1 -run '^TestImportPeakRSSBounded$$' ./indexer/importer/; fi

.PHONY: integration
integration: services ## Start services, then run the integration tests against them (TestContract in its own go test beside the others)
	@GO="$(GO)" GO_TEST_FLAGS="$(GO_TEST_FLAGS)" scripts/integration.sh

.PHONY: test
test: ## vet + unit + integration, what CI runs (installs and starts everything it needs, in the background while vet and unit compile; prints each phase's time)
	@scripts/test.sh

# Python tools, pinned, in virtual environments under var/pyenv (never in git):
# schemathesis for `make contract`, the vendor's client for its drop-in test.
PY_CONTRACT ?= schemathesis==4.32.5
PY_VENDOR ?= homedata-mcp==1.0.1
CONTRACT_EXAMPLES ?= 8
CONTRACT_SEEDS ?= 1,2,3
export CONTRACT_EXAMPLES CONTRACT_SEEDS

.PHONY: pytools
pytools: ## Install the pinned Python tools of the contract and vendor-client tests into var/pyenv
	@scripts/pyvenv.sh contract $(PY_CONTRACT)
	@scripts/pyvenv.sh vendor $(PY_VENDOR)

.PHONY: contract
contract: services pytools ## Schemathesis --checks all against a test server with generated data (CONTRACT_EXAMPLES per operation for each of CONTRACT_SEEDS); part of `make test`
	$(GO) test -count=1 -tags integration -run 'TestContract$$' -v ./integration/

.PHONY: fuzz-short
fuzz-short: ## Run every go fuzz target for FUZZTIME each (default 4s; part of `make reliability`; `make unit` runs their seed corpora)
	@scripts/reliability.sh fuzz

.PHONY: reliability
reliability: services ## Reliability and security suite, one test at a time (SOAK=30m adds the soak); writes reliability/results/latest.md
	@scripts/reliability.sh full

.PHONY: reliability-fast
reliability-fast: services ## The suite's fast subset (also in `make integration`), with a report
	@scripts/reliability.sh fast

.PHONY: run
run: services ## Start services, load the demo dataset (once), create a demo key and public key, serve the API and /demo on LISTEN_ADDR
	@scripts/run.sh

.PHONY: real-data
real-data: services ## Fetch the open datasets (AREA=EX for per-area ones) and import them all, in order, under REAL_PREFIX (default real_)
	@scripts/real-data.sh $(AREA)

SCALE ?= 0.01
.PHONY: rehearse-national
rehearse-national: services ## Rehearse the national load: publisher-layout files at SCALE (default 0.01) of the national row counts, served on loopback, fetched, verified and imported as make real-data does (prefix REHEARSE_PREFIX=rehearse_)
	@SCALE=$(SCALE) scripts/rehearse-national.sh

.PHONY: bench
bench: services ## Benchmark every workload against a cached 1,000,000-property dataset (BENCH_PROPERTIES, index prefix BENCH_PREFIX=bench-), side by side with direct OpenSearch; writes bench/results/latest.md
	@scripts/bench.sh

.PHONY: national
national: ## Stream a generated UK of NATIONAL_PROPERTIES (default 32,000,000) into the addresses, postcodes and properties indices at OPENSEARCH_URL under NATIONAL_PREFIX (default national-); resumable: rerun after a kill
	@scripts/national.sh build

.PHONY: clean
clean: ## Remove build output (bin/); keeps var/ (service data); use `make services-down` first to drop var/ by hand
	rm -rf bin/
	$(GO) clean -testcache

# Browser tests of the /demo page and the widgets: Debian's chromium driven
# by playwright-core (and axe-core) from npm (demotest/), run by the Go
# integration tests TestDemoBrowser and TestWidgetsBrowser against an
# in-process API over the real OpenSearch.
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM

.PHONY: demotest-deps
demotest-deps: ## Install headless Chromium (apt) and the demo test's npm packages (npm ci)
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "installing chromium (Debian package)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@command -v node >/dev/null || { echo "node is required for the browser test (Node.js 20+)"; exit 1; }
	@cd demotest && npm ci --no-audit --no-fund --loglevel=error

.PHONY: browser-test
browser-test: services demotest-deps ## Drive /demo and the widgets (from a page on another origin, axe-core) in headless Chromium; screenshots in screenshots/
	$(GO) test -count=1 -tags integration -run 'TestDemoBrowser|TestWidgetsBrowser' -v ./integration/

.PHONY: widgets-npm
widgets-npm: ## Build the npm package @ukpd/address-finder into widgets/address-finder/dist/ (the server bundles the same sources itself)
	cd widgets/address-finder && npm ci --no-audit --no-fund --loglevel=error && npm run build

# `make integration` (and so `make test`) runs the browser test, the contract
# run and the vendor-client test with the rest.
integration: demotest-deps pytools

# SDKs and the Postman collection generated from the OpenAPI document.
.PHONY: sdk
sdk: ## Regenerate sdk/openapi.json, the Postman collection, the TypeScript types and the Python package (needs npm, python3)
	@scripts/sdk.sh generate

.PHONY: docs-examples
docs-examples: ## Re-pick the demo identifiers the docs' curl examples use and regenerate the endpoint reference in docs/api.md
	$(GO) run ./cmd/apispec -openapi= -postman= -demo-examples api/openapi/demo_examples.json
	$(GO) test ./api -run TestAPIDocs -update-docs

.PHONY: sdk-deps
sdk-deps: ## Build sdk/typescript (npm ci) and var/sdk-venv (httpx, attrs) for the SDK integration test
	@scripts/sdk.sh deps

# `make integration` (and so `make test`) runs the SDK test with the rest.
integration: sdk-deps
