"""``mira inspect``: the skills layer's command, speaking the language chosen in Settings."""
from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from desktop.settings import chosen_language
    from desktop.translations import render_plain
    from skills import cli

    language = chosen_language()
    return cli.main(argv, lambda message: render_plain(message, language))
