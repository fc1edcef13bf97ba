"""What an approval rule allows, in the words of the write it was made on: the command's own kind of write
("export documents to new PDF files"), not only the rule's kind ("create new files")."""
from __future__ import annotations

from desktop.i18n import tr

# (command, kind) → words; a command of any format by its last word ("docx_edit" → "edit"); else the kind's.
_WORDS = {
    ("export_pdf", "create_new"): "rules.kind.export_new",
    ("export_pdf", "edit_own"): "rules.kind.export_own",
    ("version_restore", "edit_own"): "rules.kind.restore_own",
    ("recalculate", "edit_own"): "rules.kind.recalculate_own",
    ("edit", "create_new"): "rules.kind.edit_into_new",
}
_KINDS = {"create_new": "rules.kind.create_new", "edit_own": "rules.kind.edit_own"}


def rule_words(command: str, kind: str) -> str:
    """What a rule lets its skill do without asking, in the interface language."""
    key = _WORDS.get((command, kind)) or _WORDS.get((command.rsplit("_", 1)[-1], kind)) or _KINDS.get(kind)
    return tr(key) if key else kind
