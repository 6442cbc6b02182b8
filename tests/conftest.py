import os
import tempfile
from pathlib import Path

# Qt tests run without a display; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Windows the tests make without settings of their own would read and write the user's Hexwright settings
# (recent files, folders, the window layout): give the test run a settings folder of its own.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="hexwright-test-config-")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCENARIOS = ROOT / "scenarios"
