# Two entry points for a fresh machine with Python 3.11+ and make:
#   make run   - create the environment if needed and open Mira
#   make test  - run the whole test suite headless
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench catalog translations screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/mira

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench

catalog: $(STAMP)
	$(BIN)/python -m skills build

# Refresh desktop/translations/*.ts from the English strings and compile them to .qm (both committed).
translations: $(STAMP)
	$(BIN)/python scripts/update_translations.py

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
