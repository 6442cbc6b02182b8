"""`hexwright [FILE]`: start the editor, open FILE (a map or a scenario) if given."""

from __future__ import annotations

import sys
from pathlib import Path


def main(path: str | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from .mainwindow import APPLICATION, ORGANIZATION, MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Hexwright")
    win = MainWindow()
    win.show()
    if path:
        if not Path(path).exists():
            print(f"hexwright: no such file: {path}", file=sys.stderr)
            return 2
        win.open_path(path, ask_save=False)
    return app.exec()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
