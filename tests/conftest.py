import os
from pathlib import Path

# Qt tests run without a display; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCENARIOS = ROOT / "scenarios"
