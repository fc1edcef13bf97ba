# Two entry points for a fresh machine with Python 3.11+ and make:
#   make run   - create the environment if needed and open Mira
#   make test  - run the whole test suite headless
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Python caches compiled modules unless PYTHONDONTWRITEBYTECODE says not to. Where the environment sets it,
# every process the app and the suite start (workers, the CLI, a second pytest) would compile Mira's
# sources again: collecting the suite alone took 11.5 s instead of 4 s.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-stress bench catalog translations screenshots dist packages mutate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dist]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/mira

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# The UI, renderer and agent tests with two CPU-bound processes beside them (always stopped after):
# waits on conditions must hold on a loaded machine. STRESS_TESTS narrows it (e.g. tests/renderers).
STRESS_TESTS ?= tests/ui tests/renderers tests/agent
test-stress: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/stress.py --burners 2 -- \
		$(BIN)/python -m pytest $(STRESS_TESTS) -q -p no:cacheprovider

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench

mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutate]'
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/mutate.py

catalog: $(STAMP)
	$(BIN)/python -m skills build

# Refresh desktop/translations/*.ts from the English strings and compile them to .qm (both committed).
translations: $(STAMP)
	$(BIN)/python scripts/update_translations.py

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

# Frozen one-folder app: dist/mira/mira, mira.desktop and the icon in the usual sizes.
dist: $(STAMP)
	$(BIN)/python scripts/build_dist.py dist

# Linux packages of the frozen app in dist/: mira_VERSION_ARCH.deb and mira-VERSION-linux-ARCH.tar.gz
# (docs/packaging.md). Needs dpkg-deb; MIRA_SOURCE_URL names where the source is published (About box).
packages: $(STAMP)
	$(BIN)/python scripts/build_packages.py dist

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
