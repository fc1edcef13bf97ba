"""The renderers' exceptions, one tree (ARCHITECTURE §11). Catch the narrowest type.

    RendererError                   anything a renderer refuses or fails on
    ├── PreviewError                (_jobs) a file cannot be shown: not written, unsafe, too large, damaged
    │   └── PasswordNeeded          (_pdfsource) the PDF needs a user password, or the one given did not open it
    ├── CompareError                (compare) one of two versions cannot be read for comparison
    └── PluginError                 (registry) a renderer plugin is malformed, its kind taken, or it lacks a method

``str(exc)`` of a ``PreviewError`` or ``CompareError`` is one line for the user, already passed through
``renderers._i18n.tr`` (the host's translator) where it is raised. A ``PluginError`` speaks to a plugin's
author: it is logged and kept in ``Registry.blocked()``, never shown as a sentence in the window.

This module imports nothing, so any renderer module can raise these without import cycles.
"""
from __future__ import annotations


class RendererError(Exception):
    """Base of every error a renderer raises on purpose."""


class PreviewError(RendererError):
    """A file cannot be shown; the message is one clear line for the user."""


class CompareError(RendererError):
    """One of the versions cannot be read; the message says which and why."""


class PluginError(RendererError):
    """A renderer plugin cannot be used: a malformed spec, a kind already registered, a missing method."""
