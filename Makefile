# Almoner: `make run` (the whole product on http://127.0.0.1:8000) and `make test` (everything CI
# checks). Both do all set-up on a fresh machine; stamps make repeated runs fast.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := .stamp-python
NPM_STAMP := frontend/node_modules/.stamp-npm
E2E_STAMP := tests/e2e/node_modules/.stamp-npm
HAS_FRONTEND := $(wildcard frontend/package.json)
HAS_E2E := $(wildcard tests/e2e/package.json)
PY_PATHS := $(wildcard functions chalicelocal infra tests app.py bench)
FRONTEND_SOURCES := $(shell find frontend -path frontend/node_modules -prune -o -path frontend/dist -prune \
	-o -type f -print 2>/dev/null)

step = @printf '\n==> %s\n' "$(1)"

.PHONY: run test reset setup python frontend-build lint imports types pytest template frontend-test \
	chromium e2e bench bench-ux

# ------------------------------------------------------------------ run
run: setup
	$(call step,Starting the local stack (Ctrl-C to stop))
	$(PY) -m chalicelocal

reset:
	$(call step,Wiping the local state in .almoner/)
	rm -rf .almoner

setup: python frontend-build

python: $(PY_STAMP)

$(PY_STAMP): requirements.txt requirements-dev.txt
	$(call step,Python: .venv with requirements-dev.txt)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

ifeq ($(HAS_FRONTEND),)
frontend-build:
	$(call step,Frontend: no frontend/package.json yet so the SPA is not built)
else
frontend-build: frontend/dist/index.html

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	$(call step,Frontend: npm ci)
	cd frontend && npm ci --no-audit --no-fund
	touch $@

frontend/dist/index.html: $(NPM_STAMP) $(FRONTEND_SOURCES)
	$(call step,Frontend: npm run build)
	cd frontend && npm run build
	touch $@
endif

# ------------------------------------------------------------------ test
test: setup chromium lint imports types pytest template frontend-test e2e
	$(call step,All checks passed)

chromium:
	$(call step,Browser: Debian chromium)
	if [ -x /usr/bin/chromium ]; then echo "/usr/bin/chromium present"; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	else echo "/usr/bin/chromium is missing: run 'sudo apt-get install -y chromium'"; exit 1; fi

lint: python
	$(call step,ruff check + ruff format --check)
	$(VENV)/bin/ruff check $(PY_PATHS)
	$(VENV)/bin/ruff format --check $(PY_PATHS)

imports: python
	$(call step,import-linter contracts)
	$(VENV)/bin/lint-imports

types: python
	$(call step,mypy functions/)
	$(VENV)/bin/mypy functions/

pytest: python
	$(call step,pytest: unit + functional + contract)
	$(PY) -m pytest -q -n 2 --durations=15 $(wildcard tests/unit tests/functional tests/contract)

template: python
	$(call step,template.yaml: aws-sam-translator + cfn-lint)
	$(PY) infra/validate_template.py

ifeq ($(HAS_FRONTEND),)
frontend-test:
	$(call step,Frontend: no frontend/package.json yet; skipping its checks)
else
# The type check is part of the build (`tsc --noEmit && vite build`), which `frontend-build` runs
# whenever a source changed: running it again here only repeated it.
frontend-test: $(NPM_STAMP) frontend-build
	$(call step,Frontend: lint + unit tests + the public bundles + the widget + the editor's chunks (typecheck: in the build))
	cd frontend && npm run lint && npm test && npm run check:give && npm run check:page && npm run check:widget \
		&& npm run check:editor
endif

ifeq ($(HAS_E2E),)
e2e:
	$(call step,Browser tests: no tests/e2e/package.json yet; skipping)
else
$(E2E_STAMP): tests/e2e/package.json $(wildcard tests/e2e/package-lock.json)
	$(call step,Browser tests: npm ci in tests/e2e)
	cd tests/e2e && npm ci --no-audit --no-fund
	touch $@

e2e: setup chromium $(E2E_STAMP)
	$(call step,Browser tests: headless Chromium against a throwaway local stack)
	# Two files at a time (node's default is one on a 2-core machine): each file keeps to data of
	# its own (tests/e2e/helpers.mjs), so they may share the stack side by side.
	$(PY) -m chalicelocal.with_stack bash -c 'cd tests/e2e && node --test --test-concurrency=2'
endif

# ------------------------------------------------------------------ bench
# every bench, one after another, then one table (figure, budget, pass/fail, load average at the
# start of each); run on an idle machine: a bench measures what else is running too
bench: setup chromium $(E2E_STAMP) frontend-build
	$(call step,Every bench then one summary table (bench/summary.py); bench/summary.py --only NAME runs one)
	$(PY) bench/summary.py

bench-ux: setup chromium $(E2E_STAMP)
	$(call step,Time to content in Chromium against a throwaway local stack (bench/ux.mjs))
	$(PY) -m chalicelocal.with_stack bash -c 'node bench/ux.mjs'
