"""Each check of a flow document on its own, with the refusal it must give (skills/flow.py).

The build-level tests (test_flows.py) show a bad flow stops the build; these aim at one rule each,
so weakening that rule fails here by name.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from skills import flow as flow_mod
from skills.flow import PROCESSORS, PROTECTED, FlowDefinitionError, parse_flow

CHAIN = [("validate", "validate_input", []), ("approval", "approval_gate", ["validate"]),
         ("run", "run_command", ["approval"]), ("verify", "verify_artifacts", ["run"]),
         ("commit", "commit_evidence", ["verify"]), ("deliver", "generate_delivery", ["commit"])]


def _doc(steps: list[tuple[str, str, list[str]]], *, head: str = "id: f\nversion: 1\n") -> str:
    lines = [f"  - {{id: {sid}, processor: {p}{', after: [' + ', '.join(a) + ']' if a else ''}}}"
             for sid, p, a in steps]
    return head + "steps:\n" + "\n".join(lines) + "\n"


def _refused(text: str, match: str) -> None:
    with pytest.raises(FlowDefinitionError, match=match):
        parse_flow(text, "f.yaml")


def test_the_registered_processors_and_the_protected_ones() -> None:
    assert list(PROCESSORS) == ["validate_input", "approval_gate", "run_command", "verify_artifacts",
                                "commit_evidence", "generate_delivery"]
    assert PROTECTED == ("validate_input", "approval_gate", "verify_artifacts", "commit_evidence")


def test_a_good_flow_in_any_file_order_comes_out_in_dependency_order() -> None:
    f = parse_flow(_doc(list(reversed(CHAIN))), "f.yaml")
    assert [s.id for s in f.steps] == ["validate", "approval", "run", "verify", "commit", "deliver"]
    assert f.processors("call") == ("validate_input", "approval_gate", "run_command", "verify_artifacts")
    assert f.processors("finish") == ("commit_evidence", "generate_delivery")
    assert (f.id, f.version) == ("f", 1) and len(f.sha256) == 64


@pytest.mark.parametrize(("text", "match"), [
    ("id: [unclosed", r"^f\.yaml: not valid YAML"),
    ("- a list", r"^f\.yaml: a flow is a mapping with an id, a version and steps$"),
    ("version: 1\nsteps: []", r"^f\.yaml: a flow is a mapping"),
    ("id: 7\nversion: 1", r"^f\.yaml: a flow is a mapping"),
    ("id: ''\nversion: 1", r"^f\.yaml: a flow is a mapping"),
    ("id: f\nsteps: []", r"^flow f: version must be a positive integer$"),
    ("id: f\nversion: 0\nsteps: []", r"^flow f: version must be a positive integer$"),
    ("id: f\nversion: true\nsteps: []", r"^flow f: version must be a positive integer$"),
    ("id: f\nversion: '1'\nsteps: []", r"^flow f: version must be a positive integer$"),
    ("id: f\nversion: 1\nsteps: []", r"^flow f: steps must be a non-empty list$"),
    ("id: f\nversion: 1\nsteps: {a: 1}", r"^flow f: steps must be a non-empty list$"),
    ("id: f\nversion: 1\nsteps: [plain]", r"^flow f: every step is a mapping with an id$"),
    ("id: f\nversion: 1\nsteps: [{processor: run_command}]", r"^flow f: every step is a mapping with an id$"),
    ("id: f\nversion: 1\nsteps: [{id: 3, processor: run_command}]", r"^flow f: every step is a mapping with an id$"),
])
def test_a_malformed_document_is_refused_with_its_reason(text: str, match: str) -> None:
    _refused(text, match)


def test_version_one_is_the_first_valid_version() -> None:
    assert parse_flow(_doc(CHAIN), "f.yaml").version == 1


def test_a_step_id_used_twice() -> None:
    _refused(_doc([*CHAIN, ("run", "run_command", ["deliver"])]), r"^flow f, step run: the id is used twice$")


def test_an_unregistered_processor_lists_the_registered_ones() -> None:
    steps = [(s, "run_shell" if s == "run" else p, a) for s, p, a in CHAIN]
    _refused(_doc(steps), r"^flow f, step run: processor 'run_shell' is not registered \(registered: "
                          r"validate_input, approval_gate, run_command, verify_artifacts, commit_evidence, "
                          r"generate_delivery\)$")


@pytest.mark.parametrize("after", ["run", "[1]", "{a: b}"])
def test_after_must_be_a_list_of_step_ids(after: str) -> None:
    text = _doc(CHAIN).replace("after: [run]", f"after: {after}")
    _refused(text, r"^flow f, step verify: after must be a list of step ids$")


def test_an_empty_after_is_a_start() -> None:
    text = _doc(CHAIN).replace("{id: validate, processor: validate_input}",
                               "{id: validate, processor: validate_input, after: []}")
    assert parse_flow(text, "f.yaml").steps[0].after == ()


def test_a_description_is_kept() -> None:
    text = _doc(CHAIN).replace("processor: run_command,", "processor: run_command, description: runs it,")
    assert [s.description for s in parse_flow(text, "f.yaml").steps][2] == "runs it"


def test_a_loop_names_its_first_stuck_step() -> None:
    steps = [(s, p, ["deliver"] if s == "validate" else a) for s, p, a in CHAIN]
    _refused(_doc(steps), r"^flow f, step validate: its dependencies form a loop$")


@pytest.mark.parametrize("missing", ["validate_input", "approval_gate", "run_command", "verify_artifacts",
                                     "commit_evidence"])
def test_each_required_processor_must_have_a_step(missing: str) -> None:
    kept = [(s, p, a) for s, p, a in CHAIN if p != missing]
    ids = {s for s, _, _ in kept}
    steps = [(s, p, [d for d in a if d in ids] or ([kept[i - 1][0]] if i else [])) for i, (s, p, a) in enumerate(kept)]
    _refused(_doc(steps), rf"^flow f: no step runs the protected step {missing}$")


def test_delivery_is_optional() -> None:
    assert len(parse_flow(_doc(CHAIN[:5]), "f.yaml").steps) == 5


@pytest.mark.parametrize(("sid", "needs"), [("approval", "validate_input"), ("run", "validate_input"),
                                            ("verify", "run_command"), ("commit", "verify_artifacts"),
                                            ("deliver", "commit_evidence")])
def test_a_step_made_a_start_is_reached_without_what_it_needs(sid: str, needs: str) -> None:
    # The step loses its predecessor; what came after that predecessor still follows it.
    steps = [(s, p, [] if s == sid else a) for s, p, a in CHAIN]
    processor = {s: p for s, p, _ in CHAIN}[sid]
    _refused(_doc(steps), rf"^flow f, step {sid}: {processor} is reached without {needs} first \(path {sid}\); "
                          rf"the protected step {needs} is skipped$")


def test_a_second_path_around_a_required_step_is_named_with_its_path() -> None:
    steps = [(s, p, ["verify", "run"] if s == "commit" else a) for s, p, a in CHAIN]
    _refused(_doc(steps), r"^flow f, step commit: commit_evidence is reached without verify_artifacts first "
                          r"\(path validate → approval → run → commit\); the protected step verify_artifacts "
                          r"is skipped$")


def test_the_path_check_looks_at_every_dependency_not_only_the_first() -> None:
    steps = [(s, p, ["run", "verify"] if s == "commit" else a) for s, p, a in CHAIN]
    _refused(_doc(steps), r"step commit: commit_evidence is reached without verify_artifacts first")


def test_a_processor_used_twice_names_the_first_step() -> None:
    _refused(_doc([*CHAIN, ("again", "verify_artifacts", ["deliver"])]),
             r"^flow f, step again: processor verify_artifacts already runs in step verify$")


def test_without_the_ordering_rules_an_end_that_skips_a_protected_step_is_still_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The end check is the second line: it alone must catch a path that ends without verification.
    monkeypatch.setattr(flow_mod, "REQUIRES", {})
    steps = [*CHAIN[:3], ("commit", "commit_evidence", ["run"]), ("verify", "verify_artifacts", ["commit"]),
             ("deliver", "generate_delivery", ["commit"])]
    _refused(_doc(steps), r"^flow f, step deliver: the path validate → approval → run → commit → deliver skips "
                          r"the protected step verify_artifacts$")
    assert [s.id for s in parse_flow(_doc(CHAIN), "f.yaml").steps] == [s for s, _, _ in CHAIN]


def test_the_hash_covers_the_canonical_content_only() -> None:
    a = parse_flow(_doc(CHAIN), "a.yaml")
    spaced = parse_flow(_doc(CHAIN).replace("id: f\n", "# a comment\nid:    f\n"), "b.yaml")
    assert a.sha256 == spaced.sha256
    assert a.sha256 != parse_flow(_doc(CHAIN, head="id: f\nversion: 2\n"), "c.yaml").sha256
    assert a.to_dict()["steps"][1] == {"id": "approval", "processor": "approval_gate", "after": ["validate"],
                                       "description": ""}


def test_the_hash_is_stable_across_key_order_and_releases() -> None:
    # Catalogs store this hash: the canonical form (sorted keys, UTF-8 as is, no spaces) must not drift.
    text = _doc(CHAIN).replace("processor: run_command,", "processor: run_command, description: 运行命令,")
    assert parse_flow(text, "f.yaml").sha256 == "1d3336992d2c1b6fb4288c8fd5972812cd7126ece9a53855a12aefb903ae6874"
    reordered = text.replace("id: f\nversion: 1\n", "version: 1\nid: f\n")
    assert parse_flow(reordered, "f.yaml").sha256 == parse_flow(text, "f.yaml").sha256


def test_an_unreadable_flow_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(FlowDefinitionError, match=r"^gone\.yaml: cannot read the flow"):
        flow_mod.load_flow_file(tmp_path / "gone.yaml")
    (tmp_path / "latin.yaml").write_bytes(b"id: caf\xe9\n")
    with pytest.raises(FlowDefinitionError, match=r"^latin\.yaml: cannot read the flow"):
        flow_mod.load_flow_file(tmp_path / "latin.yaml")
    (tmp_path / "ok.yaml").write_text(_doc(CHAIN), encoding="utf-8")
    assert flow_mod.load_flow_file(tmp_path / "ok.yaml") == parse_flow(_doc(CHAIN), "ok.yaml")


def test_the_packaged_flow_is_read_once() -> None:
    assert flow_mod.default_flow() is flow_mod.default_flow()
    assert flow_mod.default_flow().id == "skill-pipeline"


def test_with_several_required_processors_missing_the_first_in_pipeline_order_is_named() -> None:
    steps = [CHAIN[0], ("run", "run_command", ["validate"]), ("commit", "commit_evidence", ["run"])]
    _refused(_doc(steps), r"^flow f: no step runs the protected step approval_gate$")


def test_a_checked_flow_cannot_be_altered() -> None:
    f = parse_flow(_doc(CHAIN), "f.yaml")
    for obj, field in ((f, "steps"), (f.steps[0], "processor"), (PROCESSORS["approval_gate"], "protected")):
        with pytest.raises(AttributeError):  # immutable records
            setattr(obj, field, None)
        assert getattr(obj, field) is not None


def test_processors_of_a_phase_are_compared_by_value() -> None:
    f = parse_flow(_doc(CHAIN), "f.yaml")
    assert f.processors("".join(["ca", "ll"])) == ("validate_input", "approval_gate", "run_command",
                                                   "verify_artifacts")


def test_a_long_flow_reusing_a_processor_is_refused_for_the_reuse_not_as_a_loop() -> None:
    # Hundreds of steps: the ordering must count them by value, not rely on small cached numbers.
    extra = [(f"v{i}", "verify_artifacts", [f"v{i - 1}" if i else "deliver"]) for i in range(300)]
    _refused(_doc([*CHAIN, *extra]), r"^flow f, step v0: processor verify_artifacts already runs in step verify$")
