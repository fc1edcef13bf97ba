"""Refresh the translators' .ts files from the English catalogue and compile them to .qm.

    python scripts/update_translations.py                      # after adding or changing strings
    python scripts/update_translations.py --import-legacy REV  # take zh_CN entries a branch added to the
                                                               # old dict tables in desktop/i18n.py at REV
    python scripts/update_translations.py --check              # list what translators still have to do

Merging a branch that still appended to the old ``_ZH``/``_UCHAT_ZH``/``_RENDERERS_ZH`` tables:
``git merge BRANCH``; then ``--resolve-i18n --import-legacy BRANCH`` drops the old tables from the
conflict hunks of desktop/i18n.py (their ``_EN`` lines merge cleanly) and moves BRANCH's zh_CN
entries into mira_zh_CN.ts; then ``--check``, the tests, and ``git commit``.

A new language: add ``"xx": "Name"`` to ``LANGUAGES`` in desktop/translations/__init__.py, run this script,
translate desktop/translations/mira_xx.ts in Qt Linguist (``pyside6-linguist``), run this script again.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from desktop.translations import LANGUAGES, catalog


def _legacy_source(spec: str) -> str:
    path = Path(spec)
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return subprocess.run(["git", "show", f"{spec}:desktop/i18n.py"], cwd=catalog.ROOT, check=True,
                          capture_output=True, text=True).stdout


_OLD_TABLES = re.compile(r"^(_ZH|_UCHAT_ZH|_RENDERERS_ZH|TABLES)\b", re.M)
_HUNK = re.compile(r"^<<<<<<< [^\n]*\n(.*?)^=======\n(.*?)^>>>>>>> [^\n]*\n", re.M | re.S)


def resolve_i18n(path: Path) -> int:
    """In a merge conflict of desktop/i18n.py keep, per hunk, the side without the old dict tables.

    Returns the number of hunks left for a person (both or neither side has the old tables)."""
    text = path.read_text(encoding="utf-8")
    left = 0

    def pick(match: re.Match[str]) -> str:
        nonlocal left
        ours, theirs = match.group(1), match.group(2)
        old_ours, old_theirs = bool(_OLD_TABLES.search(ours)), bool(_OLD_TABLES.search(theirs))
        if old_ours != old_theirs:
            return theirs if old_ours else ours
        left += 1
        return match.group(0)

    path.write_text(_HUNK.sub(pick, text), encoding="utf-8")
    return left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--import-legacy", action="append", default=[], metavar="REV_OR_FILE",
                        help="a git revision (or a file) whose desktop/i18n.py still has _ZH tables")
    parser.add_argument("--no-build", action="store_true", help="update the .ts files only")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when work is left")
    parser.add_argument("--resolve-i18n", action="store_true",
                        help="first drop the old dict tables from merge-conflict hunks in desktop/i18n.py")
    args = parser.parse_args(argv)
    if args.resolve_i18n:
        left = resolve_i18n(catalog.ROOT / "desktop" / "texts.py")
        if left:
            print(f"desktop/i18n.py: {left} conflict hunk(s) left to resolve by hand")
            return 1
        print("desktop/i18n.py: conflict hunks resolved; review with git diff")
    if args.check:
        left = {code: catalog.problems(code) for code in LANGUAGES}
        for code, items in left.items():
            for item in items:
                print(f"{code}: {item}")
        return 1 if any(left.values()) else 0
    legacy: dict[catalog.Key, str] = {}
    from desktop.texts import _EN  # after --resolve-i18n: the module can be imported again

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
