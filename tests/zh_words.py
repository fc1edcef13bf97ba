"""What counts as an English word in a Chinese text: shared by the tests that read zh_CN output."""
from __future__ import annotations

import re
from collections.abc import Iterable

# Names a Chinese text keeps as they are: products, formats, protocols, keys, the app and its variable.
NAMES = frozenset({
    "Mira", "MIRA_API_KEY", "API", "HTTP", "URL", "AI", "OpenAI", "Ollama", "LibreOffice", "Office", "Word", "PDF",
    "PowerPoint", "Excel", "PPT", "Markdown", "CSV", "DOCX", "PPTX", "XLSX", "KB", "MB", "GB", "Ctrl", "Shift",
    "Enter", "Tab", "DOCM", "DOTX", "PPTM", "POTX", "XLSM", "XLTX", "Windows",
    # formats and standards a refusal may name, like PDF
    "JSON", "YAML", "XML", "DTD", "UTF", "PNG", "JPEG", "GIF", "BMP", "TIFF", "NUL",
})
_FILE = re.compile(r"[^\s“”‘’\"'`（）()【】:：，,、]+\.(?:docx|docm|pdf|pptx|pptm|xlsx|xlsm|md|csv|txt|png|jpg)\b", re.I)
_URL = re.compile(r"https?://\S+")
_CODE = re.compile(r"`[^`]*`")


def english_words(text: str, data: Iterable[str] = ()) -> list[str]:
    """The Latin words of ``text`` that are neither names, file names, URLs, code spans nor ``data`` (what the
    user typed, file contents): each one is a word a Chinese reader should not see."""
    text = _CODE.sub(" ", _URL.sub(" ", _FILE.sub(" ", text)))
    for value in sorted((str(d) for d in data if d), key=len, reverse=True):
        text = text.replace(value, " ")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_]*", text) if w not in NAMES and len(w) > 1]
