"""DOCX, PPTX and XLSX previews parse in the app only after the file was opened by its library in
the isolated worker: a reader that segfaults, hangs or runs out of memory there becomes the
preview's (and the card's) clear error, the in-app parser never touches the file, and the app
keeps previewing other files."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from renderers import _common
import renderers.docx._html as _docx_html
from renderers.registry import Registry
from skills.runtime.isolate import Limits


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of every file the isolated check ran the worker on."""
    ran: list[str] = []
    real = _common.run_isolated

    def counting(target: str, *args, **kwargs):
        ran.append(kwargs["name"])
        return real(target, *args, **kwargs)

    monkeypatch.setattr(_common, "run_isolated", counting)
    return ran


@pytest.fixture
def crashing_check(monkeypatch: pytest.MonkeyPatch, probes: list[str]) -> Iterator[list[Path]]:
    """The worker runs office_crash_ops.probe under a short deadline and a small memory ceiling;
    the list records every file the in-app Word parser opened."""
    monkeypatch.setattr(_common, "PROBE_TARGET", "office_crash_ops:probe")
    monkeypatch.setattr(_common, "PROBE_LIMITS", Limits(seconds=3.0, memory_bytes=512 * 1024 ** 2))
    parsed: list[Path] = []
    real = _docx_html.open_docx

    def spy(path: Path, read_only: bool = False):
        parsed.append(path)
        return real(path, read_only=read_only)

    monkeypatch.setattr(_docx_html, "open_docx", spy)
    yield parsed


EXPECTED = {"segfault": "the reader crashed on this file; it is damaged or hostile",
            "hang": "took longer than 3 s to read",
            "memory": "needs more memory than a preview may use"}


@pytest.mark.parametrize(("kind", "mode"), [("docx", "segfault"), ("pptx", "segfault"), ("xlsx", "segfault"),
                                            ("docx", "hang"), ("xlsx", "hang"), ("pptx", "memory"),
                                            ("docx", "memory")])
def test_a_reader_that_dies_on_the_file_is_the_previews_error_and_the_app_goes_on(
        qtbot, registry, files, host, view_of, tmp_path: Path, crashing_check: list[Path], probes: list[str],
        kind: str, mode: str) -> None:
    bad = shutil.copy(files[kind], tmp_path / f"{mode}.{kind}")
    view = view_of(Path(bad))
    # the card and the preview of the file, asked for together as the window does
    preview = registry.plugin(kind).preview(view, None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(800, 600)
    card = registry.create_card(view, host)
    qtbot.addWidget(card)
    with qtbot.waitSignal(preview.sig_failed, timeout=30_000) as failed, \
            qtbot.waitSignal(card.sig_thumbnail_ready, timeout=30_000) as thumb:
        preview.show()
        card.show()
    message = failed.args[0]
    assert message.startswith(f"{mode}.{kind}: ") and EXPECTED[mode] in message
    assert preview.error() == message and preview.error_label.isVisible()
    assert thumb.args == [False] and EXPECTED[mode] in card.thumb_label.toolTip()
    assert Path(bad) not in crashing_check  # the app's own parser never opened it
    # one check for both: the reader did not die on the same file twice (a hang would cost its deadline again)
    assert probes == [f"{mode}.{kind}"]
    # and a preview opened later takes the outcome kept for this state of the file
    again = registry.plugin(kind).preview(view, None, 0, page_view=False)
    qtbot.addWidget(again)
    again.show()
    with qtbot.waitSignal(again.sig_failed, timeout=30_000) as failed_again:
        pass
    assert failed_again.args[0] == message and probes == [f"{mode}.{kind}"]

    # the same app, the same worker machinery: a sound file still previews
    good = shutil.copy(files[kind], tmp_path / f"fine.{kind}")
    ok = registry.plugin(kind).preview(view_of(Path(good)), None, 0, page_view=False)
    qtbot.addWidget(ok)
    ok.resize(800, 600)
    ok.show()
    with qtbot.waitSignal(ok.sig_loaded, timeout=30_000):
        pass
    assert ok.error() == ""


def test_the_check_runs_once_per_file_state(qtbot, registry, files, view_of, tmp_path: Path,
                                            probes: list[str]) -> None:
    path = Path(shutil.copy(files["docx"], tmp_path / "once.docx"))
    for _ in range(2):
        preview = registry.plugin("docx").preview(view_of(path), None, 0, page_view=False)
        qtbot.addWidget(preview)
        preview.show()
        with qtbot.waitSignal(preview.sig_loaded, timeout=30_000):
            pass
    assert probes == ["once.docx"]
    path.write_bytes(files["docx"].read_bytes() + b"")  # rewritten: a new file state
    import os
    os.utime(path, ns=(1, 1))
    preview = registry.plugin("docx").preview(view_of(path), None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=30_000):
        pass
    assert probes == ["once.docx"] * 2
