"""Specs of the built-in renderers, registered through pyproject entry points.

This module imports nothing but the API dataclasses, so discovery stays cheap:
the widget classes are imported only when a card or preview is first built.
"""
from __future__ import annotations

from renderers._api import RendererSpec

DOCX = RendererSpec(kind="docx", display_name="Word document", factory="renderers.docx.plugin:DocxRenderer")
PDF = RendererSpec(kind="pdf", display_name="PDF document", factory="renderers.pdf.plugin:PdfRenderer")
PPTX = RendererSpec(kind="pptx", display_name="PowerPoint presentation", factory="renderers.pptx.plugin:PptxRenderer")
XLSX = RendererSpec(kind="xlsx", display_name="Excel workbook", factory="renderers.xlsx.plugin:XlsxRenderer")

APPROVAL_DOCX = RendererSpec(kind="approval/docx", display_name="Word document approval", factory="renderers.approval:ApprovalRenderer")
APPROVAL_PDF = RendererSpec(kind="approval/pdf", display_name="PDF document approval", factory="renderers.approval:ApprovalRenderer")
APPROVAL_PPTX = RendererSpec(kind="approval/pptx", display_name="Presentation approval", factory="renderers.approval:ApprovalRenderer")
APPROVAL_XLSX = RendererSpec(kind="approval/xlsx", display_name="Workbook approval", factory="renderers.approval:ApprovalRenderer")
