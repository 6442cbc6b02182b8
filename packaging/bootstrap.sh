#!/usr/bin/env bash
# Set up everything Hexwright needs on a fresh Debian machine (run as root, or with the system
# packages already installed): Qt's system libraries, a virtual environment in .venv with the
# project and its test tools. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

SYSTEM_PACKAGES=(libegl1 libgl1 libfontconfig1 libxkbcommon0 libglib2.0-0 libdbus-1-3
  xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0
  libxcb-shape0 libxkbcommon-x11-0 fonts-dejavu-core
  tiled)  # tiled: its tmxrasterizer checks the TMX export against Tiled's own drawing (tests/app/test_tmx_tiled.py)
PYTHON=${PYTHON:-python3}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ! "$PYTHON" -c "import ensurepip, venv" >/dev/null 2>&1; then missing+=(python3-venv); fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "bootstrap: installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "bootstrap: please install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.hexwright-installed
want=$(sha256sum pyproject.toml setup.py | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[test,bench]"
  echo "$want" > "$stamp"
fi
# the type check sees the source folders under their installed names (pyproject.toml, [tool.mypy])
mkdir -p build/typecheck/hexwright
ln -sfn ../../../engine build/typecheck/hexwright/engine
ln -sfn ../../../app build/typecheck/hexwright/app
