"""``python -m skills build [--check] [--out DIR]``: build or check the skill catalog."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from skills.catalog import CATALOG_FILE, MANIFEST_FILE, PACKAGE_DIR, build, dump, write_build
from skills.runtime.errors import CatalogError


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m skills", description="Skill catalog tools.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="validate registered SKILL.md files; write catalog.json and manifest.json")
    b.add_argument("--out", type=Path, help="write into this folder instead of the skills package")
    b.add_argument("--check", action="store_true", help="only report whether the committed files are current")
    args = parser.parse_args(argv)
    try:
        if args.check:
            catalog, manifest = build()
            stale = [name for name, doc in ((CATALOG_FILE, catalog), (MANIFEST_FILE, manifest))
                     if not (PACKAGE_DIR / name).is_file()
                     or (PACKAGE_DIR / name).read_text(encoding="utf-8") != dump(doc)]
            if stale:
                print(f"out of date: {', '.join(stale)}; run `python -m skills build`", file=sys.stderr)
                return 1
            print("catalog is up to date")
            return 0
        cat, man = write_build(out_dir=args.out)
    except CatalogError as exc:
        print(f"skills build failed: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {cat} and {man}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
