"""Flows are data (ARCHITECTURE §10): the build refuses a flow that skips a protected step or names an
unregistered processor, naming the flow and the step; the built catalog carries the flow with its hash."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skills.catalog import PACKAGE_DIR, build, load_catalog
from skills.flow import FlowDefinitionError, default_flow, parse_flow

STEPS = """\
  - {id: validate, processor: validate_input}
  - {id: approval, processor: approval_gate, after: [validate]}
  - {id: run, processor: run_command, after: [approval]}
  - {id: verify, processor: verify_artifacts, after: [run]}
  - {id: commit, processor: commit_evidence, after: [verify]}
  - {id: deliver, processor: generate_delivery, after: [commit]}
"""


def _flow(steps: str, flow_id: str = "skill-pipeline") -> str:
    return f"id: {flow_id}\nversion: 3\nsteps:\n{steps}"


def _package_with_flow(tmp_path: Path, text: str) -> Path:
    """A copy of the skills package whose pipeline flow is ``text``."""
    root = tmp_path / "skills"
    shutil.copytree(PACKAGE_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (root / "flows" / "skill-pipeline.yaml").write_text(text, encoding="utf-8")
    return root


def _build(root: Path, out: Path) -> subprocess.CompletedProcess[str]:
    # The copied package is imported instead of the installed one: its own flow file is what it builds.
    return subprocess.run([sys.executable, "-m", "skills", "build", "--out", str(out)], cwd=root.parent,
                          env={"PYTHONPATH": str(root.parent), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=120)


def test_a_flow_routing_around_verify_is_refused_at_build(tmp_path: Path) -> None:
    around = STEPS.replace("{id: commit, processor: commit_evidence, after: [verify]}",
                           "{id: commit, processor: commit_evidence, after: [verify, run]}")
    root = _package_with_flow(tmp_path, _flow(around))
    proc = _build(root, tmp_path / "out")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "flow skill-pipeline, step commit" in proc.stderr and "verify_artifacts" in proc.stderr, proc.stderr
    assert not (tmp_path / "out" / "catalog.json").exists()


def test_a_flow_naming_an_unregistered_processor_is_refused_at_build(tmp_path: Path) -> None:
    shell = STEPS.replace("processor: run_command", "processor: run_shell")
    proc = _build(_package_with_flow(tmp_path, _flow(shell)), tmp_path / "out")
    assert proc.returncode == 2
    assert "flow skill-pipeline, step run: processor 'run_shell' is not registered" in proc.stderr, proc.stderr


@pytest.mark.parametrize(("steps", "match"), [
    (STEPS.replace("after: [verify]}", "after: [run]}"), r"step commit: commit_evidence is reached without "
                                                         r"verify_artifacts"),
    (STEPS.replace("{id: approval, processor: approval_gate, after: [validate]}",
                   "{id: approval, processor: approval_gate, after: [run]}")
     .replace("{id: run, processor: run_command, after: [approval]}",
              "{id: run, processor: run_command, after: [validate]}"),
     r"step run: run_command is reached without approval_gate first"),
    (STEPS.replace("after: [validate]}", "after: [deliver]}"), r"dependencies form a loop"),
    (STEPS.replace("after: [commit]}", "after: [nowhere]}"), r"step deliver: comes after unknown step 'nowhere'"),
    (STEPS + "  - {id: again, processor: run_command, after: [deliver]}\n", r"step again: processor run_command "
                                                                             r"already runs in step run"),
    ("\n".join(line for line in STEPS.splitlines() if "approval_gate" not in line).replace(
        "after: [approval]", "after: [validate]") + "\n", r"no step runs the protected step approval_gate"),
])
def test_unsafe_flows_are_refused_naming_the_flow_and_step(steps: str, match: str) -> None:
    with pytest.raises(FlowDefinitionError, match=match):
        parse_flow(_flow(steps, "custom"), "custom.yaml")


def test_the_built_catalog_carries_the_flow_and_its_hash() -> None:
    catalog = load_catalog()
    flow = catalog.flows["skill-pipeline"]
    assert flow == default_flow()  # the committed build is the packaged file, hash included
    assert [s.processor for s in flow.steps] == ["validate_input", "approval_gate", "run_command",
                                                 "verify_artifacts", "commit_evidence", "generate_delivery"]
    doc, manifest = build()
    assert doc["flows"]["skill-pipeline"]["sha256"] == flow.sha256
    assert "flows/skill-pipeline.yaml" in manifest["resources"]


def test_the_flow_hash_follows_its_content() -> None:
    a = parse_flow(_flow(STEPS), "a.yaml")
    b = parse_flow(_flow(STEPS.replace("{id: run,", "{id: run, description: 'the command runs',")), "b.yaml")
    assert (a.id, a.version) == (b.id, b.version) and a.sha256 != b.sha256
    assert json.loads(json.dumps(a.to_dict()))["sha256"] == a.sha256
