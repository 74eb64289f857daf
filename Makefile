# Two commands for a fresh machine:
#   make serve  - install the app and serve it on http://127.0.0.1:8000/
#   make test   - install everything the tests need (Debian's Chromium included) and run them all, across the cores
#   make bench  - the benchmark suite (docs/performance.md): prints figures against budgets, rewrites that file
#   make lock   - re-resolve the Python lock files (requirements*.txt) to the newest versions pyproject.toml allows
#   make vendor - copy MiniSearch from node_modules (npm ci, package-lock.json) into static/vendor/
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install serve test-deps test lint build clean bench node-deps lock vendor

# Python dependencies: every one, build, runtime and test, pinned with its hashes in requirements.txt (runtime)
# and requirements-test.txt (runtime + test), compiled by pip-tools from pyproject.toml (`make lock`); installed
# with --require-hashes, then the app itself without dependencies.
PIP_LOCKED = $(PY) -m pip install -q --require-hashes
PIP_APP = $(PY) -m pip install -q --no-deps --no-build-isolation -e .
# The runtime's wheels, so tests/test_wheel.py installs the app's wheel into a new environment offline.
WHEELHOUSE := $(VENV)/wheelhouse

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(PY)
	$(PIP_LOCKED) -r requirements.txt
	$(PIP_APP)

# Front-end libraries from the npm registry, pinned by package-lock.json: the pages' MiniSearch is vendored into
# static/vendor/ (`make vendor`, checked by tests/test_vendor.py), so serving needs no npm; the tests use
# node_modules (axe-core, MiniSearch under Node).
node-deps: node_modules/.installed

vendor: node-deps
	python3 tools/vendor.py

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

test-deps: $(PY) node-deps $(WHEELHOUSE)/.done
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's Chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	$(PIP_LOCKED) -r requirements-test.txt
	$(PIP_APP)

$(WHEELHOUSE)/.done: requirements.txt | $(PY)
	rm -rf $(WHEELHOUSE)
	$(PY) -m pip download -q --require-hashes --no-deps -r requirements.txt -d $(WHEELHOUSE)
	touch $@

# Resolved against the public index alone: this machine's pip settings (extra indexes, find-links) must not put
# the hashes of local copies into the lock. The lock is compiled under python3 (3.11); pip-tools runs in a
# throw-away environment. `make lock UPGRADE=` re-resolves and keeps the current pins where they still fit.
PIP_TOOLS := pip-tools==7.6.2
UPGRADE ?= --upgrade
PUBLIC_INDEX := env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_CONSTRAINT \
	PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock"
COMPILE = $(PUBLIC_INDEX) $$tmp/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	--all-build-deps --no-emit-index-url --no-emit-find-links $(UPGRADE)
lock:
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && python3 -m venv "$$tmp" && \
	$(PUBLIC_INDEX) "$$tmp/bin/pip" install -q $(PIP_TOOLS) && \
	$(COMPILE) --extra test -o requirements-test.txt pyproject.toml && \
	$(COMPILE) -c requirements-test.txt -o requirements.txt pyproject.toml

lint: test-deps
	$(VENV)/bin/ruff check .

# The suite runs across the cores (pytest-xdist, one worker per core, each with one Chromium; a file's tests stay on
# one worker, so a module's costly fixture, such as the installed wheel, is made once); the content is built once
# per run and shared by the workers (tests/conftest.py, build_dir). TEST_ARGS="-n 0" runs it in one process; the
# slowest tests are listed at the end.
TEST_ARGS ?= -n auto --dist loadfile --durations=30
test: test-deps lint
	$(VENV)/bin/throne-rules build
	@$(PY) -m pytest $(TEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests (exit 5)"; exit 0; fi; exit $$rc

clean:
	rm -rf build test-results .pytest_cache dist .wheel-build

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
