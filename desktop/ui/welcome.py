"""The welcome message: what Mira does, clickable examples, and how the model is connected."""
from __future__ import annotations

from desktop.i18n import tr

EXAMPLE_SCHEME = "mira-example"  # links the chat hands back to the window (never to a browser)
SETTINGS_SCHEME = "mira-settings"  # "Settings" in the offline planner's help opens the Settings dialog
EXAMPLES = ("welcome.example1", "welcome.example2", "welcome.example3")


def welcome_markdown(connected_model: str | None) -> str:
    """The welcome in the current language; ``connected_model`` is the label of a configured model."""
    tail = tr("welcome.connected", model=connected_model) if connected_model else tr("welcome.offline")
    examples = "\n".join(f"- [{tr(key).splitlines()[0].rstrip(':：')}]({EXAMPLE_SCHEME}:{n})"
                         for n, key in enumerate(EXAMPLES, 1))
    return tr("welcome") + "\n\n" + tr("welcome.try") + "\n\n" + examples + "\n\n" + tail


def example_text(href: str) -> str | None:
    """The full request behind an example link (``mira-example:2``), or None for anything else."""
    scheme, _sep, number = href.partition(":")
    if scheme != EXAMPLE_SCHEME or not number.isdigit() or not 1 <= int(number) <= len(EXAMPLES):
        return None
    return tr(EXAMPLES[int(number) - 1]).rstrip("\n")
