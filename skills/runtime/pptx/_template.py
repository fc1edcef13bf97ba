"""A new deck on a user's own .pptx: its masters, layouts, theme, fonts and master graphics, none of its slides."""
from __future__ import annotations

from pptx.presentation import Presentation as PresentationT

from skills.runtime.pptx._read import deck_errors, open_deck
from skills.runtime._pptx_xlsx_common import input_file
from skills.runtime.workspace import Workspace


def from_template(ws: Workspace, rel: str) -> PresentationT:
    """The template opened and emptied; slides added later pick its layouts by name or by shape."""
    path = input_file(ws, rel, "pptx", "template")
    prs = open_deck(path)
    with deck_errors(path.name):
        ids = prs.slides._sldIdLst
        for sld_id in list(ids):
            # Unlinked slide parts are not written on save, so the template's own content goes.
            prs.part.drop_rel(sld_id.rId)
            ids.remove(sld_id)
    return prs
