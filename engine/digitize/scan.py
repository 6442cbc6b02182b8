"""A scanned printed map, read without Qt: its size, its pixels at given points, a region of it.

This is the one way the digitizing code (terrain, linework, the grid's refinement) reads a scan, so a
scan too large to hold decoded can be served from tiles or an image pyramid behind the same methods.
Formats: PNG, JPEG, GIF, TIFF and BMP (Pillow reads them; GIF and palette images come out as RGB).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

SCAN_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff", ".bmp")


class ScanError(ValueError):
    """A scan that cannot be read; the message names the file and says why."""


class Scan:
    """A scan's pixels as RGB, addressed in image pixels (x to the right, y down; pixel (0, 0)'s centre
    at (0, 0))."""

    def __init__(self, rgb: np.ndarray, path: Path | None = None) -> None:
        if rgb.ndim != 3 or rgb.shape[2] != 3:
            raise ScanError(f"a scan is an (h, w, 3) RGB array, not {rgb.shape}")
        self._rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
        self.path = path

    @classmethod
    def open(cls, path: str | Path) -> Scan:
        """Read a scan file; ScanError naming the file and the reason when it cannot be read."""
        from PIL import Image, UnidentifiedImageError

        p = Path(path)
        if not p.is_file():
            raise ScanError(f"{p}: the scan does not exist or is not a file")
        Image.MAX_IMAGE_PIXELS = None  # scans of a whole sheet at 600 dpi run to hundreds of megapixels
        try:
            with Image.open(p) as im:
                im.load()
                rgb = np.asarray(im.convert("RGB"))
        except UnidentifiedImageError:
            raise ScanError(
                f"{p}: not an image Hexwright can read (scans may be {', '.join(s[1:] for s in SCAN_SUFFIXES)})"
            ) from None
        except (OSError, ValueError, MemoryError) as exc:
            raise ScanError(f"{p}: could not read the scan: {exc}") from None
        return cls(rgb, p)

    @property
    def width(self) -> int:
        return int(self._rgb.shape[1])

    @property
    def height(self) -> int:
        return int(self._rgb.shape[0])

    def array(self) -> np.ndarray:
        """The whole scan as an (h, w, 3) uint8 array (small scans; large ones read regions)."""
        return self._rgb

    def sample(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The colours at image points (nearest pixel), (n, 3) float; points off the scan read as white."""
        xs = np.asarray(xs, dtype=float).ravel()
        ys = np.asarray(ys, dtype=float).ravel()
        xi = np.rint(xs).astype(np.int64)
        yi = np.rint(ys).astype(np.int64)
        inside = (xi >= 0) & (yi >= 0) & (xi < self.width) & (yi < self.height)
        out = np.full((xs.size, 3), 255.0)
        out[inside] = self._rgb[yi[inside], xi[inside]]
        return out

    def read_region(self, x0: int, y0: int, width: int, height: int) -> np.ndarray:
        """The pixels of a rectangle as an (height, width, 3) uint8 array; parts off the scan are white."""
        out = np.full((max(height, 0), max(width, 0), 3), 255, dtype=np.uint8)
        sx0, sy0 = max(x0, 0), max(y0, 0)
        sx1, sy1 = min(x0 + width, self.width), min(y0 + height, self.height)
        if sx1 > sx0 and sy1 > sy0:
            out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = self._rgb[sy0:sy1, sx0:sx1]
        return out
