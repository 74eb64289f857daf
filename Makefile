# Two commands for a fresh machine:
#   make serve  - install the app and serve it on http://127.0.0.1:8000/
#   make test   - install everything the tests need (Debian's Chromium included) and run them all
#   make bench  - the benchmark suite (docs/performance.md): prints figures against budgets, rewrites that file
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install serve test-deps test lint build clean bench node-deps

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(PY) node-deps
	$(PY) -m pip install -q -e .

# Front-end libraries (MiniSearch; axe-core for the tests) from the npm registry, pinned by package-lock.json.
node-deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "Installing Debian's Node.js and npm for the front-end libraries"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm; }
	npm ci --no-audit --no-fund
	touch $@

serve: install
	$(VENV)/bin/throne-rules serve --host $(HOST) --port $(PORT)

build: install
	$(VENV)/bin/throne-rules build

test-deps: $(PY) node-deps
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's Chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	$(PY) -m pip install -q -e '.[test]'

lint: test-deps
	$(VENV)/bin/ruff check .

test: test-deps lint
	$(VENV)/bin/throne-rules build
	@$(PY) -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests (exit 5)"; exit 0; fi; exit $$rc

clean:
	rm -rf build test-results .pytest_cache

# Benchmarks: wrk (Debian), Lighthouse (npm, bench/package-lock.json), Debian's Chromium; about 10 minutes.
# BENCH_ARGS passes options to bench/run_all.py, e.g. make bench BENCH_ARGS="--json bench.json".
bench: test-deps
	@command -v wrk >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
	  echo "Installing wrk and npm from Debian for the benchmarks"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq wrk npm; }
	@if [ -f package-lock.json ] && [ ! -d node_modules ]; then npm ci --no-audit --no-fund; fi
	cd bench && npm ci --no-audit --no-fund
	CHROME_PATH=/usr/bin/chromium $(PY) bench/run_all.py $(BENCH_ARGS)
