"""App settings persistence: model choice, workspace root, language, theme.

Settings live in ``settings.json`` in the config dir (``MIRA_HOME/config`` when
set, else the platform config dir); the directory is injectable for tests. API
keys are never here: they stay in the OS keyring (desktop.llm.keys). A corrupt
or hand-edited file never stops the app: bad fields fall back to defaults and
the reason is kept in ``AppSettings.problems`` for the UI to show once.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from desktop import paths
from desktop.messages import msg
from desktop.llm.settings import ModelSettings
from desktop.translations import LANGUAGES, system_language
from skills.messages import Msg


THEMES: tuple[str, ...] = ("system", "light", "dark")
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)  # the translations shipped (desktop/translations)


def config_dir() -> Path:
    """Where settings and window state are kept (``MIRA_HOME/config`` overrides)."""
    override = os.environ.get("MIRA_HOME")
    base = Path(override) / "config" if override else Path(platformdirs.user_config_dir(paths.APP_NAME, False))
    return paths.private_folder(base)


@dataclass(frozen=True)
class AppSettings:
    """Everything the Settings dialog edits. ``language`` "" means "follow the system"."""

    model: ModelSettings = field(default_factory=ModelSettings)
    workspace_root: str = ""
    language: str = ""
    theme: str = "system"
    soffice_path: str = ""  # LibreOffice chosen by the user; "" finds it on PATH or in the install folders
    problems: tuple[Msg, ...] = ()  # what was wrong with the file, said once at startup in the user's language

    def workspace_path(self) -> Path:
        """The workspace root to use: the configured one or the default."""
        if self.workspace_root:
            return Path(self.workspace_root).expanduser()
        return paths.default_workspace_root()

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model.to_dict(),
            "workspace_root": self.workspace_root,
            "language": self.language,
            "theme": self.theme,
            "soffice_path": self.soffice_path,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AppSettings:
        """Lenient: each bad field falls back to its default and is noted in ``problems``."""
        problems: list[Msg] = []
        model = ModelSettings()
        if "model" in data:
            try:
                model = ModelSettings.from_dict(data["model"])
            except ValueError as exc:  # a SettingsError: its message value says which setting
                said = getattr(exc, "msg", None)
                problems.append(msg("settings.problem.model", error=said if isinstance(said, Msg) else str(exc)))
        root = data.get("workspace_root", "")
        if not isinstance(root, str):
            problems.append(msg("settings.problem.workspace_root"))
            root = ""
        lang = data.get("language", "")
        if lang not in ("", *LANGUAGE_CODES):
            problems.append(msg("settings.problem.language", value=repr(lang)))
            lang = ""
        theme = data.get("theme", "system")
        if theme not in THEMES:
            problems.append(msg("settings.problem.theme", value=repr(theme)))
            theme = "system"
        soffice_path = data.get("soffice_path", "")
        if not isinstance(soffice_path, str):
            problems.append(msg("settings.problem.soffice_path"))
            soffice_path = ""
        return cls(model=model, workspace_root=root, language=lang, theme=theme, soffice_path=soffice_path,
                   problems=tuple(problems))


class SettingsStore:
    """Loads and saves :class:`AppSettings` as JSON; also names the window-state file."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else config_dir()
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)  # config_dir() tightens Mira's own

    @property
    def path(self) -> Path:
        return self.directory / "settings.json"

    @property
    def window_state_path(self) -> Path:
        """An INI file for QSettings (geometry, splitter, last conversation)."""
        return self.directory / "window.ini"

    def load(self) -> AppSettings:
        if not self.path.exists():
            return AppSettings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold an object")
        except (OSError, ValueError) as exc:
            import logging  # here: reading the language for `mira inspect` needs no logging

            logging.getLogger(__name__).warning("settings file %s unreadable: %s", self.path, exc)
            return AppSettings(problems=(msg("settings.problem.unreadable", name=self.path.name,
                                             details=msg("error.details", details=str(exc))),))
        return AppSettings.from_dict(data)

    def save(self, settings: AppSettings) -> None:
        """Write atomically so a crash never leaves a half-written file."""
        tmp = self.path.with_suffix(".json.tmp")
        paths.private_file(tmp)
        tmp.write_text(json.dumps(settings.to_dict(), indent=2, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)


def chosen_language() -> str:
    """The interface language from Settings ("" follows the system): the terminal commands speak it too,
    and settings that cannot be read are the system's language, not an error."""
    try:
        chosen = SettingsStore().load().language
    except (OSError, ValueError):
        chosen = ""
    return chosen or system_language()
