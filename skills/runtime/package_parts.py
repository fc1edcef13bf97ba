"""The parts of an Office package (a DOCX, PPTX or XLSX zip): one part's XML read safely and within a size,
and where a part's relationships point. The version diff and the workbook preview both follow a sheet to
its drawings and charts this way; python-docx/-pptx/openpyxl do it for what they load, not for what they skip.
"""
from __future__ import annotations

import posixpath
import zipfile
from typing import Any

MAX_PART_BYTES = 20 << 20  # one XML part: a drawing or a chart, not a data dump
_PKG_R = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def read_part(archive: zipfile.ZipFile, name: str) -> bytes:
    """The bytes of the part ``name``; ValueError when it says it is larger than a part may be."""
    if archive.getinfo(name).file_size > MAX_PART_BYTES:
        raise ValueError(f"{name} is too large")
    return archive.read(name)


def read_xml(archive: zipfile.ZipFile, name: str) -> Any:
    """The part ``name`` parsed without entities, DTDs or the network; ValueError when it is over the size."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    return etree.fromstring(read_part(archive, name), parser)


def relationships(archive: zipfile.ZipFile, part: str, type_suffix: str = "") -> dict[str, str]:
    """A part's relationships inside the package (id → the part they point to, resolved from the part's
    folder), of a type ending in ``type_suffix`` ("/drawing", "/chart"); links outside the package are left out."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in archive.NameToInfo:
        return {}
    found = {}
    for rel in read_xml(archive, rels).iter(f"{_PKG_R}Relationship"):
        target = rel.get("Target", "")
        if rel.get("TargetMode") == "External" or not rel.get("Type", "").endswith(type_suffix):
            continue
        found[rel.get("Id", "")] = (target.lstrip("/") if target.startswith("/")
                                    else posixpath.normpath(posixpath.join(folder, target)))
    return found
