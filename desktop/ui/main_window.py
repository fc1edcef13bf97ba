"""The main window."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Mira")
        self.resize(1100, 760)
        self.setCentralWidget(QLabel("Mira"))
