"""Services: one model (one HTTP client) per model settings, rebuilt when the settings change."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from desktop.llm.settings import ModelSettings
from desktop.ui.services import build_services


def test_tasks_share_one_model_until_the_settings_change(tmp_path: Path) -> None:
    services = build_services(settings_dir=tmp_path / "cfg", store_path=tmp_path / "mira.sqlite3", registry=object())
    try:
        first = services.model_for_task()
        assert services.model_for_task() is first
        remote = ModelSettings(provider="openai_compatible", base_url="http://127.0.0.1:9/v1", model="m")
        services.apply_settings(replace(services.settings, model=remote))
        second = services.model_for_task()
        assert second is not first and second.name == "m"
        assert services.model_for_task() is second
    finally:
        services.close()


def test_the_runtime_is_given_the_model_window_and_follows_a_change(tmp_path: Path) -> None:
    services = build_services(settings_dir=tmp_path / "cfg", store_path=tmp_path / "mira.sqlite3", registry=object())
    try:
        runtime = services.build_runtime(preload=False)
        assert runtime.context_window == 0  # the offline planner: no window, the default budget
        local = ModelSettings(provider="openai_compatible", base_url="http://127.0.0.1:9/v1", model="m",
                              context_window=4096)
        services.apply_settings(replace(services.settings, model=local))
        assert services.runtime is runtime and runtime.context_window == 4096
        assert runtime.context_window == services.model_for_task().context_window  # the guard's own window
        ollama = replace(local, api="ollama", base_url="http://127.0.0.1:9", context_window=0)
        services.apply_settings(replace(services.settings, model=ollama))
        assert runtime.context_window == services.model_for_task().context_window > 0
    finally:
        services.close()
