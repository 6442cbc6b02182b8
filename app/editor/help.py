"""Help > Hexwright Help and Help > About: the documentation shipped with the application, read in the
application, and the version.

The docs are the project's `docs/` folder, installed beside the code as `hexwright/docs` (setup.py maps
it, pyproject.toml lists its files as package data): `docs_dir()` finds it both in an installed copy and in
a source checkout (`app/` and `docs/` are siblings in both). The browser shows a guide's Markdown with its
links and screenshots working; links to other guides open in the browser, web links in the system's.
"""

from __future__ import annotations

import platform
from importlib import metadata
from pathlib import Path

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .guides import GUIDES, docs_dir, guides


def version() -> str:
    """The installed package's version ("0.1.0"), or a note when run from a checkout never installed."""
    try:
        return metadata.version("hexwright")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def about_text() -> str:
    return (f"<h3>Hexwright {version()}</h3>"
            "<p>Map-and-counter editor and scenario designer for hex-and-counter wargames, with a rules engine "
            "that playtests what is designed.</p>"
            f"<p>Python {platform.python_version()}, Qt {qVersion()}, PySide6 {PYSIDE_VERSION}</p>"
            f"<p>Documentation: {docs_dir()}</p>")


def show_about(parent: QWidget | None) -> None:
    QMessageBox.about(parent, "About Hexwright", about_text())


class HelpBrowser(QDialog):
    """The shipped guides: a list on the left, the guide on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hexwright Help")
        self.setModal(False)
        self.list = QListWidget()
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 1)
        split.setSizes([220, 780])
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(split)
        lay.addLayout(row)
        self.paths: list[Path] = []
        for title, path in guides():
            item = QListWidgetItem(title)
            item.setToolTip(str(path))
            self.list.addItem(item)
            self.paths.append(path)
        self.list.currentRowChanged.connect(self._row_chosen)
        self.resize(1000, 720)
        if not self.paths:
            self.browser.setPlainText(f"No documentation found in {docs_dir()}.")

    def _row_chosen(self, row: int) -> None:
        if 0 <= row < len(self.paths):
            self.open_path(self.paths[row])

    def open_path(self, path: Path, fragment: str = "") -> None:
        url = QUrl.fromLocalFile(str(path))
        if fragment:
            url.setFragment(fragment)
        self.browser.setSource(url, QTextDocument.ResourceType.MarkdownResource)
        if path in self.paths and self.list.currentRow() != self.paths.index(path):
            self.list.blockSignals(True)
            self.list.setCurrentRow(self.paths.index(path))
            self.list.blockSignals(False)

    def open_guide(self, name: str) -> bool:
        """Open a guide by file name ("editor.md"); False if it is not shipped."""
        for p in self.paths:
            if p.name == name:
                self.open_path(p)
                return True
        return False

    def _link(self, url: QUrl) -> None:
        if url.isLocalFile() or not url.scheme():
            target = Path(url.toLocalFile()) if url.isLocalFile() else (docs_dir() / url.path())
            if target.suffix == ".md" and target.exists():
                self.open_path(target, url.fragment())
                return
            if not target.suffix and url.fragment():  # an anchor in this guide
                self.browser.scrollToAnchor(url.fragment())
                return
        QDesktopServices.openUrl(url)


def open_help(parent: QWidget | None, guide: str = "editor.md") -> HelpBrowser:
    dlg = HelpBrowser(parent)
    if not dlg.open_guide(guide) and dlg.paths:
        dlg.open_path(dlg.paths[0])
    dlg.show()
    return dlg


__all__ = ["GUIDES", "HelpBrowser", "about_text", "docs_dir", "guides", "open_help", "show_about", "version"]
