"""Mutation testing of the guard modules: `make mutate` (not part of `make test`).

Each guard module is mutated by cosmic-ray in a throw-away copy of the tracked
files (a mutant is never left in the checkout, even if the run is killed), and
the tests aimed at that module run against every mutant. Mutants inside type
annotations change nothing at run time (``from __future__ import annotations``
keeps them as strings), so they are counted separately and not run. The report
goes to ``bench/MUTATION.md`` with the date of the run.

    python scripts/mutate.py                  # every guard module
    python scripts/mutate.py workspace        # only the targets whose name contains "workspace"
    python scripts/mutate.py --survivors gate # only the mutants that survived gate.py's last full run

``--from-session DIR`` reports what a run still going (or stopped) in its work folder has measured so far,
marked partial. ``--survivors`` re-runs, with the current tests, only the mutants the stored full run of a target left
alive, and only while the module is byte for byte the one that run mutated (checked by its sha256, or for
an older record by the text of every surviving line). A mutant that full run killed stays killed: tests are
only ever added to a target, never removed. The report names both dates.
"""
from __future__ import annotations

import argparse
import ast
import datetime as dt
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "bench" / "MUTATION.md"
RESULTS = ROOT / "bench" / "mutation.json"  # every target's last run, so a partial run keeps the others
TARGET_KILL_RATE = 0.90


@dataclass(frozen=True)
class Target:
    name: str
    module: str
    tests: tuple[str, ...]
    timeout: float = 60.0


TARGETS = (
    Target("folder confinement", "skills/runtime/workspace.py",
           ("tests/skills/test_workspace.py", "tests/skills/test_workspace_guards.py",
            "tests/ship/test_platforms.py")),
    Target("file safety", "skills/runtime/safety.py",
           ("tests/skills/test_safety.py", "tests/skills/test_safety_guards.py")),
    # The in-process tests that drive the gate (approve/deny, recovery, rules, retry after a disk fault,
    # refusals). tests/agent/test_crash.py is left out: it kills a real child process 125 times (~15 s) and
    # its recovery checks are repeated in-process by test_gate_guards.py.
    Target("approval gate", "desktop/agent/gate.py",
           ("tests/agent/test_gate_guards.py", "tests/agent/test_approvals.py", "tests/agent/test_rules.py",
            "tests/agent/test_gate_checks.py", "tests/agent/test_gate_recovery.py", "tests/agent/test_gate_words.py",
            "tests/agent/test_storage_faults.py", "tests/agent/test_holes.py", "tests/agent/test_flow.py")),
    Target("flow checks", "skills/flow.py", ("tests/skills/test_flow_guards.py", "tests/skills/test_flows.py")),
)


@dataclass(frozen=True)
class Equivalent:
    """Mutants that cannot change behaviour, with the reason: counted apart, never run as 'killed'."""

    module: str
    operators: tuple[str, ...]
    snippet: str
    reason: str


# Each entry names the exact code and operators; anything not listed here counts as behaviour-changing.
EQUIVALENT = (
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceBinaryOperator_BitOr_Add",
                                               "core/ReplaceBinaryOperator_BitOr_BitXor"),
               "os.O_", "open() flags are distinct bits: a | b == a + b == a ^ b"),
    Equivalent("skills/runtime/workspace.py", tuple(f"core/ReplaceBinaryOperator_LShift_{o}" for o in
                                                    ("Add", "Sub", "Mul", "Mod", "Pow", "BitOr", "BitXor")),
               "fh.read(1 << 20)", "any non-zero read size hashes the whole file (negative reads it at once)"),
    Equivalent("skills/runtime/workspace.py", ("core/NumberReplacer",), "fh.read(1 << 20)",
               "only the chunk size changes (20 → 19 or 21, 1 → 2); 1 → 0 reads nothing and is killed"),
    Equivalent("skills/runtime/workspace.py", ("core/NumberReplacer",), "token_hex(8)",
               "the staging name's random part gets one byte longer or shorter"),
    # _create_staging opens the name only to create it and closes the fd unused. Of the Mul and Mod
    # mutants of its flags only two keep O_CREAT|O_EXCL (the others lose one and are killed).
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceBinaryOperator_BitOr_Mul",),
               "os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd",
               "O_WRONLY * O_CREAT == O_CREAT: only the access mode of an fd closed unused is lost"),
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceBinaryOperator_BitOr_Mod",),
               "os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd",
               "(O_WRONLY|O_CREAT|O_EXCL) % O_NOFOLLOW drops only O_NOFOLLOW, which O_CREAT|O_EXCL makes "
               "redundant: open() then fails with EEXIST on any existing name, a symlink included, and never "
               "follows it (POSIX open(2))"),
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceComparisonOperator_Eq_LtE",),
               "staging.stat().st_size == 0", "a file size is never negative: size <= 0 is size == 0"),
    Equivalent("skills/runtime/safety.py", ("core/ReplaceComparisonOperator_Eq_LtE",),
               "if size == 0:", "a file size is never negative: size <= 0 is size == 0"),
    Equivalent("skills/runtime/safety.py", ("core/NumberReplacer",), '.rsplit("/", 1)[-1] in _MACRO_PARTS',
               "the last element of rsplit is the same for any maxsplit >= 1, so only 1 -> 2 can survive; "
               "maxsplit 0 and the index mutants (-1 -> 0, -2) name the folder and are killed"),
    Equivalent("skills/runtime/safety.py", ("core/NumberReplacer",), "MAX_FILE_BYTES // (1024 * 1024)",
               "the limit is exactly 200 MiB, and 200 MiB // (1023 * 1024) still floors to 200: the limit shown "
               "is the same (1024 -> 1025 shows 199 and is killed)"),
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceBinaryOperator_BitOr_BitXor",), "_BAD_CHARS = set(",
               "the two sets are disjoint (no listed punctuation is a control character), so | and ^ are equal"),
    Equivalent("skills/runtime/workspace.py", ("core/ReplaceComparisonOperator_Eq_LtE",),
               "(new{'' if n == 1 else", "n counts from 1 (range(1, 1000)), so n <= 1 is n == 1"),
    Equivalent("skills/flow.py", ("core/NumberReplacer",), "@functools.lru_cache(maxsize=1)",
               "default_flow takes no arguments, so its cache never holds more than one entry: 1 -> 2 changes "
               "nothing (1 -> 0, no cache, is killed by the identity test)"),
    Equivalent("skills/flow.py", ("core/ReplaceComparisonOperator_Lt_NotEq",), "while len(done) < len(steps):",
               "each step is placed once, so done never grows past steps: < and != agree"),
    Equivalent("skills/runtime/safety.py", ("core/ReplaceComparisonOperator_NotEq_IsNot",),
               "if ext != family}", "both sides are string literals of the FAMILIES table, which CPython interns: "
               "equal ones are the same object"),
    Equivalent("desktop/agent/gate.py", ("core/ReplaceBinaryOperator_Mul_Div",), "runner: FlowRunner, *,",
               "the keyword-only marker becomes a positional-only one: the one caller (AgentRuntime, through "
               "gate_type) passes the five parts by position and probe by keyword, which both signatures accept"),
    Equivalent("desktop/agent/gate.py", ("core/ReplaceComparisonOperator_Eq_IsNot",
                                         "core/ReplaceComparisonOperator_Eq_LtE", "core/ReplaceComparisonOperator_Eq_GtE"),
               "if row.state == LedgerState.FAILED and retryable(row):",
               "retryable(row) itself requires row.state == 'failed', so the first test only repeats it: a mutant "
               "that keeps it true for 'failed' changes nothing"),
    Equivalent("desktop/agent/gate.py", ("core/ReplaceComparisonOperator_Eq_LtE",),
               "if row.state == LedgerState.APPROVED:",
               "no ledger state sorts below 'approved' (the CHECK constraint allows awaiting_approval, approved, "
               "executing, done, failed, denied), so state <= 'approved' is state == 'approved'"),
    Equivalent("desktop/agent/gate.py", ("core/ReplaceComparisonOperator_Eq_GtE",),
               "return row.state == LedgerState.FAILED and bool(",
               "'failed' sorts above every other ledger state (awaiting_approval, approved, denied, done, executing), "
               "and the ledger's CHECK constraint allows no other value: state >= 'failed' is state == 'failed'"),
)


def equivalent(module: str, operator: str, line: str) -> Equivalent | None:
    """The rule that declares a SURVIVING mutant equivalent (killed mutants stay killed), or None."""
    for e in EQUIVALENT:
        if e.module == module and operator in e.operators and e.snippet in line:
            return e
    return None


@dataclass
class Result:
    target: Target
    total: int = 0
    annotation_only: int = 0
    equivalent: list[str] = field(default_factory=list)
    killed: int = 0
    survived: list[str] = field(default_factory=list)
    incompetent: int = 0
    seconds: float = 0.0
    sha256: str = ""
    retested: int = 0  # with ``only``: how many of the given mutants were found and run
    pending: int = 0  # mutants not run yet: a partial result (``--from-session``)

    @property
    def behavioural(self) -> int:
        return self.total - self.annotation_only - len(self.equivalent)

    @property
    def kill_rate(self) -> float:
        return (self.killed + self.incompetent) / self.behavioural if self.behavioural else 1.0


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(start, end) positions of every annotation: parameters, returns and annotated assignments."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        notes: list[ast.expr | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            notes += [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if x]
            notes.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for n in notes:
            if n is not None and n.end_lineno is not None and n.end_col_offset is not None:
                spans.append(((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)))
    return spans


def _inside(start: tuple[int, int], end: tuple[int, int],
            spans: list[tuple[tuple[int, int], tuple[int, int]]]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _copy_tree(dest: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def _config(target: Target) -> str:
    tests = " ".join(target.tests)
    return (f'[cosmic-ray]\nmodule-path = "{target.module}"\ntimeout = {target.timeout}\n'
            f'excluded-modules = []\n'
            f'test-command = "{sys.executable} -m pytest -x -q -p no:cacheprovider {tests}"\n\n'
            f'[cosmic-ray.distributor]\nname = "local"\n')


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


Key = tuple[int, str, int]  # (line, operator, occurrence): one mutant of an unchanged module
_WHERE = re.compile(r"^(?P<module>[^:]+):(?P<line>\d+) `(?P<op>[^`]+)` \(occurrence (?P<occ>\d+)\): `(?P<text>.*)`$")


def _where(module: str, line_no: int, operator: str, occurrence: int, line: str) -> str:
    """How a surviving mutant is named in the report and the stored results (read back by ``_WHERE``)."""
    return f"{module}:{line_no} `{operator}` (occurrence {occurrence}): `{line[:90]}`"


def run_target(target: Target, work: Path, only: set[Key] | None = None) -> Result:
    """Mutate ``target.module`` in ``work`` and run its tests against every mutant (only those in ``only``)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    started = time.monotonic()
    cfg, db = work / "cr.toml", work / f"{Path(target.module).stem}.sqlite"
    cfg.write_text(_config(target), encoding="utf-8")
    cr = [str(Path(sys.executable).with_name("cosmic-ray"))]
    subprocess.run([*cr, "init", str(cfg), str(db)], cwd=work, check=True)
    spans = annotation_spans((work / target.module).read_text(encoding="utf-8"))
    result = Result(target, sha256=_sha256(work / target.module))
    with use_db(str(db), WorkDB.Mode.open) as wdb:
        for item in wdb.work_items:
            result.total += 1
            m = item.mutations[0]
            if _inside(tuple(m.start_pos), tuple(m.end_pos), spans):
                result.annotation_only += 1
                wdb.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
            elif only is not None and (m.start_pos[0], m.operator_name, m.occurrence) not in only:
                wdb.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
            elif only is not None:
                result.retested += 1
    baseline = subprocess.run(_config(target).split('test-command = "')[1].split('"')[0].split(), cwd=work)
    if baseline.returncode != 0:
        raise SystemExit(f"the tests for {target.module} fail before any mutation; fix them first")
    subprocess.run([*cr, "exec", str(cfg), str(db)], cwd=work, check=True)
    _collect(target, db, (work / target.module).read_text(encoding="utf-8"), result)
    result.seconds = time.monotonic() - started
    return result


def _collect(target: Target, db: Path, source: str, result: Result) -> None:
    """Count the finished mutants of a cosmic-ray session into ``result`` (and how many are still to run)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome

    lines = source.splitlines()
    with use_db(str(db), WorkDB.Mode.open) as wdb:
        for item, res in wdb.completed_work_items:
            if res.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            m = item.mutations[0]
            if res.test_outcome is None or res.test_outcome.value == "incompetent":
                result.incompetent += 1
            elif res.test_outcome.value == "killed":
                result.killed += 1
            else:
                line = lines[m.start_pos[0] - 1].strip()
                where = _where(target.module, m.start_pos[0], m.operator_name, m.occurrence, line)
                rule = equivalent(target.module, m.operator_name, line)
                if rule is not None:
                    result.equivalent.append(f"{where} — {rule.reason}")
                else:
                    result.survived.append(where)
        result.pending = wdb.num_work_items - wdb.num_results


def from_session(target: Target, session: Path) -> Result:
    """What a run still going (or stopped) in the work folder ``session`` has measured so far: a partial
    result of the checkout's module, which must not have changed since that run copied it."""
    import sqlite3

    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome

    live, module = session / f"{Path(target.module).stem}.sqlite", ROOT / target.module
    if not live.exists():
        raise SystemExit(f"{session} holds no run of {target.module}")
    began = (session / "cr.toml").stat().st_mtime
    if module.stat().st_mtime > began:
        raise SystemExit(f"{target.module} changed after that run began; its mutants are not this module's")
    result = Result(target, sha256=_sha256(module), seconds=time.time() - began)
    with tempfile.TemporaryDirectory(prefix="mira-mutate-copy-") as tmp:
        db = Path(tmp) / live.name
        src, dst = sqlite3.connect(live), sqlite3.connect(db)
        try:
            src.backup(dst)  # a consistent copy while cosmic-ray goes on writing
        finally:
            src.close()
            dst.close()
        with use_db(str(db), WorkDB.Mode.open) as wdb:
            result.total = wdb.num_work_items
            result.annotation_only = sum(1 for _item, res in wdb.completed_work_items
                                         if res.worker_outcome == WorkerOutcome.SKIPPED)
        _collect(target, db, module.read_text(encoding="utf-8"), result)
    return result


def _now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _record(r: Result) -> dict[str, object]:
    return {"name": r.target.name, "module": r.target.module, "sha256": r.sha256, "total": r.total,
            "annotation_only": r.annotation_only, "equivalent": r.equivalent,
            "killed": r.killed + r.incompetent, "survived": r.survived,
            "minutes": round(r.seconds / 60, 1), "ran": _now(),
            **({"pending": r.pending,
                "partial": f"{r.total - r.annotation_only - r.pending} of {r.total - r.annotation_only} run"}
               if r.pending else {})}


def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    return stored


def retest_survivors(target: Target, work: Path) -> dict[str, Any]:
    """Run only the stored survivors of ``target`` against the current tests; return the updated record."""
    rec: dict[str, Any] | None = _stored().get(target.module)
    if rec is None:
        raise SystemExit(f"{target.module} has no stored full run; run it in full first")
    module = work / target.module
    if rec.get("sha256") and rec["sha256"] != _sha256(module):
        raise SystemExit(f"{target.module} changed since its last full run; run it in full")
    lines = module.read_text(encoding="utf-8").splitlines()
    keys: set[Key] = set()
    for where in rec["survived"]:
        m = _WHERE.match(where)
        if m is None or lines[int(m["line"]) - 1].strip()[:90] != m["text"]:
            raise SystemExit(f"{target.module} changed since its last full run ({where}); run it in full")
        keys.add((int(m["line"]), m["op"], int(m["occ"])))
    if not keys:
        return rec  # nothing survived: the stored run stands as it is
    r = run_target(target, work, only=keys)
    if r.retested != len(keys):
        raise SystemExit(f"only {r.retested} of the {len(keys)} survivors of {target.module} were found; run it in full")
    rec.update(killed=int(rec["killed"]) + r.killed + r.incompetent, survived=r.survived,
               equivalent=[*rec.get("equivalent", []), *r.equivalent], sha256=rec.get("sha256") or r.sha256,
               retested=f"{_now()}: {r.killed + r.incompetent} of {len(keys)} now killed",
               retest_minutes=round(r.seconds / 60, 1))
    return rec


def _reclassify(rec: dict[str, Any]) -> None:
    """Apply the current EQUIVALENT rules to a stored run's survivors (a rule never touches a killed mutant)."""
    kept = []
    for where in rec["survived"]:
        operator = where.split("`")[1]
        line = where.split("): `", 1)[1][:-1]
        rule = equivalent(rec["module"], operator, line)
        if rule is None:
            kept.append(where)
        else:
            rec["equivalent"] = [*rec.get("equivalent", []), f"{where} — {rule.reason}"]
    rec["survived"] = kept


def _behavioural(rec: dict[str, Any]) -> int:
    """Behaviour-changing mutants run (a partial run's mutants not run yet are not counted)."""
    return (int(rec["total"]) - int(rec["annotation_only"]) - len(rec.get("equivalent") or [])
            - int(rec.get("pending") or 0))


def _rate(rec: dict[str, Any]) -> float:
    behavioural = _behavioural(rec)
    return int(rec["killed"]) / behavioural if behavioural else 1.0


def write_report(results: list[Result], retested: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Merge this run into the stored results and rewrite the report; return every target's record."""
    stored = _stored()
    stored.update({r.target.module: _record(r) for r in results})
    stored.update({rec["module"]: rec for rec in retested or ()})
    for rec in stored.values():
        _reclassify(rec)
    order = [t.module for t in TARGETS]
    records = sorted(stored.values(), key=lambda x: order.index(x["module"]) if x["module"] in order else 99)
    RESULTS.write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    lines = [
        "# Mutation testing of the guard modules",
        "",
        "Written by `make mutate` (cosmic-ray, `scripts/mutate.py`); not part of `make test`. Each row says",
        "when that module was last run.",
        "",
        "Mutants inside type annotations are not run: with `from __future__ import annotations` they change",
        "nothing at run time. Incompetent mutants (the mutated module does not even import) count as killed.",
        f"Target: at least {TARGET_KILL_RATE:.0%} of the behaviour-changing mutants killed.",
        "",
        "Surviving mutants that provably cannot change behaviour (listed with the reason in `EQUIVALENT` in",
        "`scripts/mutate.py`) are counted as equivalent, apart from both. A rule added after a run applies to",
        "that run's stored survivors when the report is written; a killed mutant is never reclassified.",
        "`--survivors` re-runs only the survivors of the last full run with the current tests, while the module",
        "is unchanged (the row then names that date too); a mutant the full run killed stays killed.",
        "A PARTIAL row (`--from-session`) counts only the mutants a run still going or stopped had finished.",
        "",
        ("| guard | module | last run | mutants | annotation-only | equivalent | behaviour-changing | killed "
        "| survived | kill rate | met |"),
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for rec in records:
        equiv = list(rec.get("equivalent") or [])
        behavioural = _behavioural(rec)
        rate = _rate(rec)
        met = "yes" if rate >= TARGET_KILL_RATE else "MISSED"
        ran = (f"{rec['ran']}" + (f" (PARTIAL: {rec['partial']})" if rec.get("partial") else "")
               + (f"; survivors re-tested {rec['retested']}" if rec.get("retested") else ""))
        lines.append(f"| {rec['name']} | `{rec['module']}` | {ran} | {rec['total']} | {rec['annotation_only']} "
                     f"| {len(equiv)} | {behavioural} | {rec['killed']} | {len(rec['survived'])} | {rate:.1%} | {met} |")
    for rec in records:
        retest = f", survivors re-tested in {rec['retest_minutes']} min" if rec.get("retested") else ""
        lines += ["", f"## Surviving mutants: {rec['name']} ({rec['minutes']} min{retest})", ""]
        lines += [f"- {x}" for x in rec["survived"]] or ["None."]
        if rec.get("equivalent"):
            lines += ["", f"Equivalent ({rec['name']}):", ""]
            lines += [f"- {x}" for x in rec["equivalent"]]
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="run only the targets whose name or module contains one of these")
    parser.add_argument("--survivors", action="store_true",
                        help="re-run only the mutants that survived the last full run (module unchanged)")
    parser.add_argument("--from-session", type=Path, metavar="DIR",
                        help="report what the run working in DIR (/tmp/mira-mutate-*) has measured so far")
    args = parser.parse_args(argv)
    targets = [t for t in TARGETS if not args.only or any(o in t.name or o in t.module for o in args.only)]
    results: list[Result] = []
    retested: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="mira-mutate-") as tmp:
        work = Path(tmp)
        if not args.from_session:
            _copy_tree(work)
        for target in targets:
            if args.from_session:
                results.append(from_session(target, args.from_session))
            elif args.survivors:
                retested.append(retest_survivors(target, work))
            else:
                results.append(run_target(target, work))
    records = write_report(results, retested)
    print(REPORT.read_text(encoding="utf-8"))
    ran = {r.target.module for r in results} | {rec["module"] for rec in retested}
    return 0 if all(_rate(rec) >= TARGET_KILL_RATE for rec in records if rec["module"] in ran) else 1


if __name__ == "__main__":
    sys.exit(main())
