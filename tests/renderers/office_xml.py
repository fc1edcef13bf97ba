"""Office files the libraries cannot write: text boxes, footnotes, content controls, fields, ruby,
VML pictures, PPTX fallbacks and charts. Each is built with python-docx/python-pptx/openpyxl and
then given raw XML, the way Word, PowerPoint and Excel save them."""
from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
NS_ALL = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
          'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
          'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
          'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
          'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
          'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
          'xmlns:v="urn:schemas-microsoft-com:vml"')


def png_bytes(color: str = "#ff8000", size: tuple[int, int] = (200, 100)) -> bytes:
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QColor, QImage

    img = QImage(size[0], size[1], QImage.Format.Format_RGB32)
    img.fill(QColor(color))
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    return bytes(buf.data())


def rewrite(path: Path, edits: dict[str, bytes | None], add_types: str = "", add_rels: dict[str, str] | None = None) -> None:
    """Replace/add parts of the package at ``path``; ``add_types`` goes into [Content_Types].xml and
    ``add_rels`` maps a .rels part to relationship elements appended to it."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    for name, data in edits.items():
        if data is None:
            parts.pop(name, None)
        else:
            parts[name] = data
    if add_types:
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", add_types.encode() + b"</Types>")
    for rels, extra in (add_rels or {}).items():
        parts[rels] = parts[rels].replace(b"</Relationships>", extra.encode() + b"</Relationships>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    path.write_bytes(buf.getvalue())


def docx_with_body(path: Path, body_xml: str, **extra: object) -> Path:
    """A python-docx document whose body is ``body_xml`` (raw w: elements, namespaces of NS_ALL)."""
    import docx

    document = docx.Document()
    document.save(str(path))
    with zipfile.ZipFile(path) as z:
        xml = z.read("word/document.xml").decode()
    xml = re.sub(r"<w:document [^>]*>", f"<w:document {NS_ALL}>", xml, count=1)
    xml = re.sub(r"<w:body>.*?(<w:sectPr)", f"<w:body>{body_xml}\\1", xml, count=1, flags=re.S)
    rewrite(path, {"word/document.xml": xml.encode()}, **extra)  # type: ignore[arg-type]
    return path


def run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def para(*runs: str) -> str:
    return f"<w:p>{''.join(runs)}</w:p>"


def textbox_drawing(text: str) -> str:
    """A DrawingML text box (wps) with the VML fallback Word writes next to it."""
    return ('<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
            '<wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" '
            'locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/>'
            '<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH>'
            '<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>'
            '<wp:extent cx="2000000" cy="600000"/><wp:wrapSquare wrapText="bothSides"/>'
            '<wp:docPr id="5" name="Text Box 5"/><a:graphic><a:graphicData '
            'uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>'
            '<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="600000"/></a:xfrm>'
            '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>'
            f'<wps:txbx><w:txbxContent>{para(run(text))}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>'
            '</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>'
            '<mc:Fallback><w:pict><v:shape style="width:150pt;height:45pt"><v:textbox><w:txbxContent>'
            f'{para(run(text))}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback>'
            '</mc:AlternateContent></w:r>')


def vml_textbox(text: str) -> str:
    """An old Word (VML only) text box."""
    return (f'<w:r><w:pict><v:shape style="width:150pt;height:45pt"><v:textbox><w:txbxContent>{para(run(text))}'
            '</w:txbxContent></v:textbox></v:shape></w:pict></w:r>')


def _notes_part(kind: str, notes: dict[int, str]) -> bytes:
    """word/footnotes.xml or word/endnotes.xml (``kind`` "footnote" or "endnote"): Word's two separators, then
    each note with its own mark."""
    body = (f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{kind}>'
            f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
            f'</w:{kind}>')
    for i, text in notes.items():
        body += (f'<w:{kind} w:id="{i}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
                 f'<w:{kind}Ref/></w:r>{run(" " + text)}</w:p></w:{kind}>')
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:{kind}s {NS_ALL}>{body}</w:{kind}s>'.encode()


def footnotes_part(notes: dict[int, str]) -> bytes:
    return _notes_part("footnote", notes)


def endnotes_part(notes: dict[int, str]) -> bytes:
    return _notes_part("endnote", notes)


def _notes_type(kind: str) -> str:
    return (f'<Override PartName="/word/{kind}s.xml" '
            f'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.{kind}s+xml"/>')


def _notes_rel(kind: str, rid: str) -> str:
    return (f'<Relationship Id="{rid}" Target="{kind}s.xml" '
            f'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/{kind}s"/>')


FOOTNOTES_TYPE, FOOTNOTES_REL = _notes_type("footnote"), _notes_rel("footnote", "rIdFn1")
ENDNOTES_TYPE, ENDNOTES_REL = _notes_type("endnote"), _notes_rel("endnote", "rIdEn1")


def footnote_ref(i: int) -> str:
    return f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="{i}"/></w:r>'


def endnote_ref(i: int) -> str:
    return f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteReference w:id="{i}"/></w:r>'


def ruby(base: str, reading: str) -> str:
    return (f'<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:hps w:val="10"/>'
            f'<w:hpsRaise w:val="18"/><w:hpsBaseText w:val="21"/><w:lid w:val="ja-JP"/></w:rubyPr>'
            f'<w:rt>{run(reading)}</w:rt><w:rubyBase>{run(base)}</w:rubyBase></w:ruby></w:r>')


def block_sdt(text: str) -> str:
    return (f'<w:sdt><w:sdtPr><w:alias w:val="Title"/><w:tag w:val="title"/></w:sdtPr>'
            f'<w:sdtContent>{para(run(text))}</w:sdtContent></w:sdt>')


def inline_sdt(text: str) -> str:
    return (f'<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent>{run(text)}</w:sdtContent></w:sdt>')


def complex_field(instr: str, cached: str | None) -> str:
    result = run(cached) if cached is not None else ""
    separate = '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' if cached is not None else ""
    return (f'<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> {instr} '
            f'</w:instrText></w:r>{separate}{result}<w:r><w:fldChar w:fldCharType="end"/></w:r>')


def vml_picture(rid: str) -> str:
    return (f'<w:r><w:pict><v:shape style="width:150pt;height:75pt"><v:imagedata r:id="{rid}" o:title="" '
            'xmlns:o="urn:schemas-microsoft-com:office:office"/></v:shape></w:pict></w:r>')


IMAGE_REL = ('<Relationship Id="{rid}" Target="media/{name}" '
             'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"/>')
PNG_TYPE = '<Default Extension="png" ContentType="image/png"/>'
