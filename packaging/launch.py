"""Entry script of the frozen app: the same ``mira`` command as the installed package."""
from __future__ import annotations

import sys

from desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
