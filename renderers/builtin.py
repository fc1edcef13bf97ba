"""Specs of the built-in renderers, registered through pyproject entry points.

This module imports nothing but the API dataclasses, so discovery stays cheap:
the widget classes are imported only when a card or preview is first built.
"""
from __future__ import annotations

from renderers._api import RendererSpec

DOCX = RendererSpec("docx", "Word document", "renderers.docx:DocxRenderer")
PDF = RendererSpec("pdf", "PDF document", "renderers.pdf:PdfRenderer")
PPTX = RendererSpec("pptx", "PowerPoint presentation", "renderers.pptx:PptxRenderer")
XLSX = RendererSpec("xlsx", "Excel workbook", "renderers.xlsx:XlsxRenderer")

APPROVAL_DOCX = RendererSpec("approval/docx", "Word document approval", "renderers.approval:ApprovalRenderer")
APPROVAL_PDF = RendererSpec("approval/pdf", "PDF document approval", "renderers.approval:ApprovalRenderer")
APPROVAL_PPTX = RendererSpec("approval/pptx", "Presentation approval", "renderers.approval:ApprovalRenderer")
APPROVAL_XLSX = RendererSpec("approval/xlsx", "Workbook approval", "renderers.approval:ApprovalRenderer")
