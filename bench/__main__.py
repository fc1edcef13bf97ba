"""``python -m bench`` (``make bench``): run every benchmark, print one table, write bench/RESULTS.md."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.report import machine_description, markdown, terminal_table
from bench.runner import BENCH_DIR, MODULE_TIMEOUT, OVERALL_BUDGET, run_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--dir", type=Path, default=BENCH_DIR, help="folder with bench_*.py modules")
    parser.add_argument("--out", type=Path, default=None,
                        help="markdown file to write (default: RESULTS.md in --dir)")
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    parser.add_argument("-k", dest="pattern", default="", help="run only modules whose name contains this")
    parser.add_argument("--module-timeout", type=float, default=MODULE_TIMEOUT, help="seconds per module")
    parser.add_argument("--budget", type=float, default=OVERALL_BUDGET, help="seconds for the whole run")
    args = parser.parse_args(argv)

    report = run_all(args.dir, module_timeout=args.module_timeout, budget=args.budget,
                     pattern=args.pattern, echo=True)
    print(terminal_table(report))
    if not args.no_write:
        out = args.out or args.dir / "RESULTS.md"
        from bench.bench_fidelity import kept_section

        # the full-corpus fidelity table is written by its own, longer run: it stays until that run replaces it
        out.write_text(markdown(report, machine_description()) + kept_section(out), encoding="utf-8")
        print(f"wrote {out}")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
