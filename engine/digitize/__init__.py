"""Digitizing a printed map: a scan in, a fitted grid, terrain and linework proposals out. No Qt.

The editor (app/editor/digitize*.py, app/editor/sampling.py, app/editor/linework_scan.py) and the
headless command (`hexwright digitize`) share this one implementation:

- `scan`: reading a scan of any size (PNG, JPEG, GIF, TIFF, BMP) and sampling its pixels;
- `gridfit`: the grid fitted to clicked hex centres, refined from the printed hex lines, and how far
  off it may be anywhere on the board;
- `terrain`: each hex's terrain, taught by example, with calibrated confidence;
- `linework`: rivers, canals, streams on hexsides and roads, trails, railroads between hexes;
- `progress`: progress reports and `Cancelled`, for the long steps (a large scan's pyramid, linework);
- `pipeline`: the whole run, as the command and the editor drive it.
"""
