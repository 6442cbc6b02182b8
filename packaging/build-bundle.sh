#!/usr/bin/env bash
# Build the one-folder desktop bundle dist/hexwright/ with PyInstaller: `dist/hexwright/hexwright` runs
# the editor and every command without a Python installation. From a clean clone:
#
#     packaging/build-bundle.sh
#
# It sets up .venv first (packaging/bootstrap.sh), installs PyInstaller (the `bundle` extra), builds,
# then checks the bundle runs (`--version` and `validate` on a shipped scenario). Build files go to
# build/pyinstaller/; the bundle to dist/hexwright/ (both ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."

packaging/bootstrap.sh
if ! .venv/bin/python -c "import PyInstaller" >/dev/null 2>&1; then
  .venv/bin/python -m pip install -q -e ".[bundle]"
fi

# PyInstaller follows imports through ordinary folders, not through the editable install's path hook:
# install a plain copy of the package (hexwright/app, hexwright/engine, hexwright/resources) to build from.
rm -rf build/bundle-src
.venv/bin/python -m pip install -q --no-deps --target build/bundle-src .

# The commands are imported by name when used (app/cli.py), and the rules families by the registry:
# PyInstaller cannot see those imports, so the packages are collected whole.
.venv/bin/python -m PyInstaller --noconfirm --clean --onedir --name hexwright --paths build/bundle-src \
  --distpath dist --workpath build/pyinstaller --specpath build/pyinstaller \
  --collect-submodules hexwright.app --collect-submodules hexwright.engine \
  --collect-data hexwright.resources --copy-metadata hexwright \
  --exclude-module pytest --exclude-module hypothesis --exclude-module tkinter \
  --exclude-module networkx --exclude-module scipy --exclude-module IPython \
  --log-level WARN \
  packaging/hexwright_entry.py

cp resources/hexwright.desktop resources/hexwright-mime.xml resources/hexwright.png dist/hexwright/
mkdir -p dist/hexwright/scenarios
cp -r scenarios/fm-arnhem scenarios/koenig-arnhem-bridge scenarios/target-arnhem dist/hexwright/scenarios/

dist/hexwright/hexwright --version
QT_QPA_PLATFORM=offscreen dist/hexwright/hexwright validate dist/hexwright/scenarios/fm-arnhem/scenario-1-historical.yaml
echo "bundle: dist/hexwright ($(du -sh dist/hexwright | cut -f1)); start it with dist/hexwright/hexwright [FILE]"
