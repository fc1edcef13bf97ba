"""ARCHITECTURE §11: one exception tree per layer, drawn in its module docstring. Every exception class the
desktop layer defines derives from ``MiraError``; every one the skills layer defines from ``SkillsError``; every
one the renderers define from ``RendererError``; and each drawing shows every class under its real base."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

from desktop.errors import MiraError
from renderers.errors import RendererError
from skills.runtime.errors import SkillsError

LAYERS = {"desktop.agent": MiraError, "desktop.store": MiraError, "desktop.llm": MiraError,
          "desktop": MiraError, "skills": SkillsError, "renderers": RendererError}
# The module whose docstring draws each tree, and the packages whose classes it must show.
DRAWINGS = {"desktop.errors": ("desktop",), "skills.runtime.errors": ("skills",),
            "renderers.errors": ("renderers",)}


def _modules(package: str) -> list[str]:
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        if info.name.endswith(("__main__", ".cli")):
            continue
        names.append(info.name)
    return names


def _own_exceptions(module_name: str) -> list[type[BaseException]]:
    module = importlib.import_module(module_name)
    return [obj for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module_name]


def _drawn(module_name: str) -> dict[str, str | None]:
    """Each class the docstring's tree draws, with the class it is drawn under (None for the root)."""
    doc = importlib.import_module(module_name).__doc__ or ""
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in doc.splitlines():
        found = re.match(r"^(\s*(?:[│ ]*(?:├── |└── ))?)(_?[A-Z]\w*)(?:\s{2,}|$)", line)
        if not found or ("──" not in line and stack):
            continue
        column = len(found.group(1))
        while stack and stack[-1][0] >= column:
            stack.pop()
        parents[found.group(2)] = stack[-1][1] if stack else None
        stack.append((column, found.group(2)))
    return parents


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_every_exception_a_layer_defines_is_in_its_tree(package: str) -> None:
    base = LAYERS[package]
    strays = [f"{cls.__module__}.{cls.__qualname__}" for name in _modules(package)
              for cls in _own_exceptions(name) if not issubclass(cls, base)]
    assert strays == [], f"not under {base.__name__}: {strays}"


@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_the_drawn_tree_shows_every_class_under_its_base(drawing: str) -> None:
    drawn = _drawn(drawing)
    assert len(drawn) >= 4, f"no tree found in {drawing}'s docstring: {drawn}"
    classes = {cls for package in DRAWINGS[drawing] for name in _modules(package) for cls in _own_exceptions(name)}
    missing = sorted(f"{cls.__module__}.{cls.__name__}" for cls in classes if cls.__name__ not in drawn)
    assert missing == [], f"{drawing} does not draw {missing}"
    wrong = sorted(f"{cls.__name__} is drawn under {drawn[cls.__name__]}, derives from "
                   f"{[b.__name__ for b in cls.__bases__]}" for cls in classes
                   if drawn[cls.__name__] is not None and drawn[cls.__name__] not in {b.__name__ for b in cls.__bases__})
    assert wrong == []
    stale = sorted(set(drawn) - {cls.__name__ for cls in classes})
    assert stale == [], f"{drawing} draws classes that do not exist: {stale}"


def test_the_drawing_reader_sees_nesting() -> None:
    drawn = _drawn("skills.runtime.errors")
    assert drawn["SkillsError"] is None and drawn["CommandError"] == "SkillsError"
    assert drawn["WorkerTimeout"] == "WorkerError" and drawn["WorkerError"] == "CommandError"
    assert drawn["VersionStoreError"] == "SkillsError"


def test_the_check_sees_a_stray(monkeypatch: pytest.MonkeyPatch) -> None:
    import desktop.agent.state as state

    class Stray(Exception):
        pass

    Stray.__module__ = state.__name__
    monkeypatch.setattr(state, "Stray", Stray, raising=False)
    assert Stray in _own_exceptions(state.__name__) and not issubclass(Stray, MiraError)


def _skills_error_names() -> set[str]:
    return {cls.__name__ for name in _modules("skills") for cls in _own_exceptions(name) if issubclass(cls, SkillsError)}


def test_every_error_the_skills_raise_carries_a_message_value() -> None:
    """Issue 26: a sentence a person may read is one message value (id + parameters) from raise to screen.

    ``raise CommandError(msg("error.…", …))``, a value that already is one (a caught error's ``exc.msg``), or an
    explicit ``msg=``; never an f-string alone, which the window could only show in English."""
    import ast
    from pathlib import Path

    import skills

    # Signals the formula engine raises and catches itself; nobody reads them as a sentence.
    internal = {"_Raise", "Unsupported"}
    builds_its_own = {"TargetInUse"}  # its __init__ makes the message from the names it is given
    names = _skills_error_names() - internal - builds_its_own
    bare = []
    for path in sorted(Path(skills.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call = node.exc
            if not (isinstance(call.func, ast.Name) and call.func.id in names):
                continue
            first = call.args[0] if call.args else None
            said = any(k.arg == "msg" for k in call.keywords) or (
                isinstance(first, ast.Call) and getattr(first.func, "id", "") in {"msg", "count", "Msg"}) or (
                isinstance(first, ast.BoolOp) and isinstance(first.values[0], ast.Attribute)
                and first.values[0].attr == "msg")
            if not said:
                bare.append(f"{path.relative_to(Path(skills.__file__).parent)}:{node.lineno}")
    assert bare == [], "\n".join(bare)


def test_an_error_raised_with_a_message_says_it_in_english_and_keeps_the_value() -> None:
    from skills.messages import msg
    from skills.runtime.errors import CommandError

    said = msg("error.workspace.path_leaves_workspace_allowed", rel="'../x'")
    exc = CommandError(said)
    assert exc.msg is said
    assert str(exc) == "path '../x' leaves the workspace ('..' is not allowed)"

    from skills.runtime.workspace import TargetInUse

    in_use = TargetInUse("a.docx", "a (new).docx")
    assert in_use.msg is not None and in_use.msg.id == "error.workspace.target_in_use"
    assert "'a (new).docx'" in str(in_use)


def test_every_error_the_desktop_core_raises_carries_a_message_value() -> None:
    """The same for the agent, the store and the model providers (their errors reach the chat and the CLI)."""
    import ast
    from pathlib import Path

    import desktop

    names = {cls.__name__ for package in ("desktop.agent", "desktop.store", "desktop.llm") for name in _modules(package)
             for cls in _own_exceptions(name) if issubclass(cls, MiraError)} | {
        cls.__name__ for cls in _own_exceptions("desktop.errors")} | {"StorageFault"}
    builds_its_own = {"AnswerCut", "ContextTooSmall", "StorageFault", "_NoToolStream"}  # made from the values given
    for_the_model = {"ToolInputError"}  # the model reads these to fix its call; a person sees the tool failed
    # Values made elsewhere: an English note the Settings dialog shows beside the keyring choice (to become a
    # message value with the dialog), a refusal the gate decided, a repeated call the model is told about.
    computed = {"llm/keys.py": {"note"}, "agent/decisions.py": {"decision.refusal"}}
    root = Path(desktop.__file__).parent
    bare = []
    for package in ("agent", "store", "llm"):
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            source = path.read_text(encoding="utf-8")
            for node in ast.walk(ast.parse(source)):
                if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                    continue
                call = node.exc
                name = getattr(call.func, "id", "")
                if name not in names or name in builds_its_own | for_the_model:
                    continue
                first = call.args[0] if call.args else None
                said = any(k.arg == "msg" for k in call.keywords) or (
                    isinstance(first, ast.Call) and getattr(first.func, "id", "") in {"msg", "tr", "Msg"}) or (
                    isinstance(first, ast.BoolOp) and isinstance(first.values[0], ast.Attribute)
                    and first.values[0].attr == "msg") or (
                    first is not None and ast.get_source_segment(source, first) in computed.get(rel, set()))
                if not said:
                    bare.append(f"{rel}:{node.lineno}")
    assert bare == [], "\n".join(bare)


# Modules whose every error a person may read is raised as one message value (issue 26): no English text as
# the first argument, not even beside a ``msg=`` (the window showed the value, the model and the CLI the text).
ONE_VALUE = ("skills/runtime/safety.py", "skills/runtime/isolate.py", "skills/runtime/soffice.py",
             "skills/runtime/xlsx/_read.py", "skills/runtime/xlsx/_edit.py", "skills/runtime/xlsx/_recalc.py",
             "skills/runtime/pptx/_read.py", "skills/runtime/pdf/read.py", "skills/runtime/pdf/edit.py",
             "desktop/agent/calls.py", "desktop/agent/state.py", "desktop/store/_db.py", "desktop/llm")
# Python's own protocol errors (a module's __getattr__): a programmer reads them, never a person.
PROTOCOL = {"AttributeError", "NotImplementedError", "BrokenPipeError"}


def _english_raises(path: Path, root: Path) -> list[str]:
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        name = getattr(node.exc.func, "id", "") or getattr(node.exc.func, "attr", "")
        first = node.exc.args[0] if node.exc.args else None
        if name not in PROTOCOL and isinstance(first, (ast.JoinedStr, ast.Constant)) and isinstance(
                getattr(first, "value", ""), str):
            found.append(f"{path.relative_to(root).as_posix()}:{node.lineno} {name}")
    return found


def test_these_modules_raise_one_message_value_not_an_english_text() -> None:
    root = Path(__file__).resolve().parent.parent
    files = [p for entry in ONE_VALUE for p in ((root / entry).rglob("*.py") if (root / entry).is_dir()
                                                 else [root / entry])]
    assert len(files) > 20
    bare = [hit for path in sorted(files) for hit in _english_raises(path, root)]
    assert bare == [], "\n".join(bare)


def test_the_check_finds_an_english_text_beside_a_message(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('raise UnsafeFileError(f"{name}: the file is empty", msg=msg("problem.empty", name=name))\n'
                      'raise ValueError("base_url must be a string")\n'
                      'raise ModelError(msg("model.error.ended"))\n'
                      'raise AttributeError(f"module has no attribute {name!r}")\n', encoding="utf-8")
    assert _english_raises(sample, tmp_path) == ["sample.py:1 UnsafeFileError", "sample.py:2 ValueError"]


def test_a_desktop_error_raised_with_its_message_value_keeps_it() -> None:
    """``ModelError(msg(...))``: the value is ``exc.msg`` (the window renders it), ``str(exc)`` its English. It
    was None, so a Chinese window showed these refusals as English details."""
    from desktop.llm import ModelError
    from desktop.messages import msg
    from desktop.texts import say_error, set_language

    exc = ModelError(msg("model.error.ended"))
    assert exc.msg is not None and exc.msg.id == "model.error.ended"
    assert str(exc) == "The model's answer ended before it was complete."
    set_language("zh_CN")
    try:
        said = say_error(exc)
    finally:
        set_language("en")
    assert said and "The model" not in said and "详细信息" not in said
