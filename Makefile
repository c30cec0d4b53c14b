# plywright — the two set-up commands of the README: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
EXAMPLE_PLUGIN := examples/plywright-tictactoe
VARIANTS := $(wildcard examples/*.toml)
# Test workers (pytest-xdist); the suite is CPU-bound, one worker per core.
JOBS ?= auto

.PHONY: run test lint bench system-deps clean

run: $(VENV)/.installed
	@$(PY) -m plywright.plugins.halma.fast
	@for variant in $(VARIANTS); do \
	  echo "plywright build $$variant"; \
	  $(VENV)/bin/plywright build --quiet "$$variant" || exit 1; \
	done
	@echo "outputs/: $$(ls outputs | grep -v README.md | tr '\n' ' ')"

# plywright's suite and the example plugin's own tests (which run the conformance kit).
test: $(VENV)/.installed-test system-deps
	$(PY) -m pytest -n $(JOBS) tests $(EXAMPLE_PLUGIN)/tests

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) tools/mypy_tree.py >/dev/null
	$(VENV)/bin/mypy

bench: $(VENV)/.installed-test
	$(PY) benchmarks/run_all.py

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml setup.py $(EXAMPLE_PLUGIN)/pyproject.toml | $(PY)
	$(PY) -m pip install -q -e . -e $(EXAMPLE_PLUGIN)
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

# poppler-utils: pdftotext, pdffonts and pdftoppm read the PDFs back in the tests;
# chromium: the browser tests of `plywright serve` (driven by Playwright, never downloaded);
# linuxcnc-uspace: `rs274`, LinuxCNC's interpreter, runs every CAM program in the tests.
system-deps:
	@command -v pdftotext >/dev/null && command -v pdffonts >/dev/null \
	  && command -v chromium >/dev/null && command -v rs274 >/dev/null || { \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq \
	  && $$SUDO apt-get install -y -qq poppler-utils chromium linuxcnc-uspace >/dev/null; }

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find outputs -mindepth 1 ! -name README.md -exec rm -rf {} +
