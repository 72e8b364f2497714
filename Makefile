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
export OPENSEARCH_URL REDIS_URL OPENSEARCH_HEAP OPENSEARCH_NODES LISTEN_ADDR LOG_LEVEL INDEX_PREFIX

# Demo dataset used by `make run`.
DEMO_DIR ?= var/demo
DEMO_SEED ?= 1
DEMO_PROPERTIES ?= 20000
DEMO_ORG ?= demo
DEMO_PLAN ?= growth

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

.PHONY: vet
vet: ## Run go vet (with and without the integration build tag) and check gofmt
	@unformatted="$$($(GO_FILES_CMD) | xargs -0 -r gofmt -l)"; \
	if [ -n "$$unformatted" ]; then echo "gofmt needed on:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags integration ./...

.PHONY: unit
unit: ## Run unit tests (no services needed)
	$(GO) test -race -count=1 $(GO_TEST_FLAGS) ./...

.PHONY: integration
integration: services ## Start services, then run the integration tests against them
	$(GO) test -count=1 -tags integration $(GO_TEST_FLAGS) ./integration/...

.PHONY: test
test: ## vet + unit + integration (installs and starts everything it needs)
	$(MAKE) --no-print-directory vet
	$(MAKE) --no-print-directory unit
	$(MAKE) --no-print-directory integration

.PHONY: run
run: services ## Start services, load the demo dataset, create a demo key, run the API on LISTEN_ADDR
	@if [ -d cmd/indexer ]; then \
	  stamp="$(DEMO_DIR).generated-seed$(DEMO_SEED)-n$(DEMO_PROPERTIES)"; \
	  if [ ! -f "$$stamp" ]; then \
	    echo "generating demo dataset into $(DEMO_DIR)"; \
	    $(GO) run ./cmd/indexer generate --out $(DEMO_DIR) --seed $(DEMO_SEED) --properties $(DEMO_PROPERTIES); \
	    touch "$$stamp"; \
	  else \
	    echo "demo dataset already generated in $(DEMO_DIR)"; \
	  fi; \
	  $(GO) run ./cmd/indexer load --dir $(DEMO_DIR); \
	else \
	  echo "cmd/indexer not present yet: skipping the demo dataset"; \
	fi
	@if [ -d cmd/keyctl ]; then \
	  port="$(LISTEN_ADDR)"; port="$${port##*:}"; \
	  mkdir -p "$(DEMO_DIR)"; \
	  org="$$(cat "$(DEMO_DIR)/org-id" 2>/dev/null || true)"; \
	  if [ -z "$$org" ] || ! key="$$($(GO) run ./cmd/keyctl key create -org "$$org" -plan $(DEMO_PLAN) -name "make run" 2>/dev/null)"; then \
	    org="$$($(GO) run ./cmd/keyctl org create -name $(DEMO_ORG) | sed -n 's/^organisation \([^ ]*\) created.*/\1/p')"; \
	    echo "$$org" > "$(DEMO_DIR)/org-id"; \
	    key="$$($(GO) run ./cmd/keyctl key create -org "$$org" -plan $(DEMO_PLAN) -name "make run")"; \
	  fi; \
	  echo "demo organisation $$org ('$(DEMO_ORG)', plan $(DEMO_PLAN)); a new API key:"; \
	  echo "$$key" | tail -n 1; \
	  $(GO) run ./cmd/keyctl public create -org "$$org" -plan $(DEMO_PLAN) -name "demo page" \
	    -tools address-lookup,listing-map,stamp-duty,mortgage \
	    -origins "http://localhost:$$port,http://127.0.0.1:$$port" | tail -n 1 > "$(DEMO_DIR)/public-key"; \
	  echo "demo public key (origins http://localhost:$$port, http://127.0.0.1:$$port) handed to /demo"; \
	else \
	  echo "cmd/keyctl not present yet: no demo API key"; \
	fi
	@if [ ! -d cmd/propertyapi ]; then echo "cmd/propertyapi not present yet: nothing to run"; exit 1; fi
	@port="$(LISTEN_ADDR)"; port="$${port##*:}"; \
	echo; echo "API starting: http://localhost:$$port/api/health  (Ctrl-C to stop; services keep running, see make services-down)"; \
	echo "Demo page:    http://localhost:$$port/demo"; echo
	DEMO_PUBLIC_KEY="$$(cat "$(DEMO_DIR)/public-key" 2>/dev/null || true)" $(GO) run ./cmd/propertyapi

.PHONY: clean
clean: ## Remove build output (bin/); keeps var/ (service data); use `make services-down` first to drop var/ by hand
	rm -rf bin/
	$(GO) clean -testcache

# Browser test of the /demo page (issue 8): Debian's chromium driven by
# playwright-core from npm (demotest/), run by the Go integration test
# TestDemoBrowser against an in-process API over the real OpenSearch.
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
browser-test: services demotest-deps ## Drive /demo in headless Chromium (typeahead, map, stamp duty); screenshots in screenshots/demo/
	$(GO) test -count=1 -tags integration -run 'TestDemoBrowser' -v ./integration/

# `make integration` (and so `make test`) runs the browser test with the rest.
integration: demotest-deps
