"""Refresh the translators' .ts files from the English catalogue and compile them to .qm.

    python scripts/update_translations.py                      # after adding or changing strings
    python scripts/update_translations.py --import-legacy REV  # take zh_CN entries a branch added to the
                                                               # old dict tables in desktop/i18n.py at REV
    python scripts/update_translations.py --check              # list what translators still have to do

A new language: add ``"xx": "Name"`` to ``LANGUAGES`` in desktop/translations/__init__.py, run this script,
translate desktop/translations/mira_xx.ts in Qt Linguist (``pyside6-linguist``), run this script again.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from desktop.i18n import LANGUAGES  # noqa: E402
from desktop.translations import catalog  # noqa: E402


def _legacy_source(spec: str) -> str:
    path = Path(spec)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return subprocess.run(["git", "show", f"{spec}:desktop/i18n.py"], cwd=catalog.ROOT, check=True,
                          capture_output=True, text=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--import-legacy", action="append", default=[], metavar="REV_OR_FILE",
                        help="a git revision (or a file) whose desktop/i18n.py still has _ZH tables")
    parser.add_argument("--no-build", action="store_true", help="update the .ts files only")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when work is left")
    args = parser.parse_args(argv)
    if args.check:
        left = {code: catalog.problems(code) for code in LANGUAGES}
        for code, items in left.items():
            for item in items:
                print(f"{code}: {item}")
        return 1 if any(left.values()) else 0
    legacy: dict[catalog.Key, str] = {}
    from desktop.i18n import _EN

    for spec in args.import_legacy:
        source = _legacy_source(spec)
        legacy.update(catalog.legacy_tables(source))
        # a merge that kept only one side of the _EN table loses keys: list them, ready to paste
        for key, text in catalog.legacy_english(source).items():
            if key not in _EN:
                print(f"{spec}: _EN lacks {key!r}; add to desktop/i18n.py _EN:  {key!r}: {text!r},")
    counts = catalog.update(LANGUAGES, legacy, build=not args.no_build)
    for code, unfinished in counts.items():
        print(f"{catalog.ts_path(code).name}: {unfinished} unfinished")
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
