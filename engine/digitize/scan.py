"""A scanned printed map, read without Qt: its size, its pixels at given points, a region of it.

This is the one way the digitizing code (terrain, linework, the grid's refinement) reads a scan, so a
scan too large to hold decoded is served from tiles behind the same methods.
Formats: PNG, JPEG, GIF, TIFF and BMP (GIF and palette images come out as RGB).

A scan of up to `TILED_PIXELS` is decoded whole into memory (Pillow). A larger one (a printed map
scanned at 300-600 dpi runs to hundreds of megapixels) is decoded once, streaming, into a tiled image
pyramid on disk (a tiled TIFF with each level half the last, in the user's cache folder, reused while
the scan file is unchanged) by libvips (pyvips); its pixels are then read a tile at a time, so memory
stays bounded whatever the scan's size. `levels` gives the pyramid's sizes, `read_level_region` a
region of a level, for a view that draws the scan at a zoom.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .progress import Cancelled

SCAN_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff", ".bmp")
TILED_PIXELS = 40_000_000  # a scan larger than this is read through a tiled pyramid (when pyvips is installed)
BLOCK = 256  # the pyramid's tile size; pixels are read and cached a block at a time
CACHED_BLOCKS = 512  # decoded blocks kept (256 x 256 x 3 bytes each: 96 MB at most)


class ScanError(ValueError):
    """A scan that cannot be read; the message names the file and says why."""


def _vips() -> Any | None:
    try:
        import pyvips
    except (ImportError, OSError):
        return None
    pyvips.cache_set_max_mem(64 * 1024 * 1024)
    return pyvips


def image_size(path: str | Path) -> tuple[int, int]:
    """(width, height) of an image file read from its header, without decoding it; ScanError if unreadable."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None
    try:
        with Image.open(path) as im:
            return int(im.width), int(im.height)
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise ScanError(f"{path}: not an image Hexwright can read ({exc})") from None


def cache_folder() -> Path:
    """Where the pyramids of large scans are kept (HEXWRIGHT_SCAN_CACHE, else the user's cache folder)."""
    env = os.environ.get("HEXWRIGHT_SCAN_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    try:
        p = Path(base) / "hexwright" / "scans"
        p.mkdir(parents=True, exist_ok=True)
        return p
    except OSError:
        return Path(tempfile.gettempdir()) / "hexwright-scans"


class _Pyramid:
    """A tiled pyramid TIFF read a block at a time, with a small cache of decoded blocks."""

    def __init__(self, vips: Any, path: Path) -> None:
        self.path = path
        first = vips.Image.new_from_file(str(path), page=0, access="random")
        n = int(first.get("n-pages")) if first.get_typeof("n-pages") else 1
        self._images = [first] + [vips.Image.new_from_file(str(path), page=i, access="random") for i in range(1, n)]
        self._regions = [vips.Region.new(im) for im in self._images]
        self.sizes = [(int(im.width), int(im.height)) for im in self._images]
        self._blocks: OrderedDict[tuple[int, int, int], np.ndarray] = OrderedDict()

    def region(self, level: int, x0: int, y0: int, w: int, h: int) -> np.ndarray:
        """Pixels of a rectangle wholly inside a level, (h, w, 3) uint8."""
        data = self._regions[level].fetch(x0, y0, w, h)
        return np.frombuffer(data, dtype=np.uint8).reshape(h, w, 3)

    def block(self, level: int, bx: int, by: int) -> np.ndarray:
        key = (level, bx, by)
        got = self._blocks.get(key)
        if got is not None:
            self._blocks.move_to_end(key)
            return got
        lw, lh = self.sizes[level]
        x0, y0 = bx * BLOCK, by * BLOCK
        got = self.region(level, x0, y0, min(BLOCK, lw - x0), min(BLOCK, lh - y0))
        self._blocks[key] = got
        while len(self._blocks) > CACHED_BLOCKS:
            self._blocks.popitem(last=False)
        return got


def build_pyramid(path: Path, progress: Callable[[int, int], bool] | None = None) -> Path:
    """The tiled pyramid of a scan file in the cache folder, made (streaming, in bounded memory) when
    missing; Cancelled when `progress(done, 100)` answers False; ScanError when the file cannot be read."""
    vips = _vips()
    if vips is None:
        raise ScanError(f"{path}: reading a scan this large needs pyvips")
    st = path.stat()
    key = hashlib.sha1(f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:20]
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{key}.tif"
    if out.is_file():
        return out
    try:
        im = vips.Image.new_from_file(str(path), access="sequential")
        if im.hasalpha():
            im = im.flatten(background=[255, 255, 255])
        if im.interpretation not in ("srgb", "rgb") or im.bands != 3:
            im = im.colourspace("srgb")
            if im.bands > 3:
                im = im.extract_band(0, n=3)
        im = im.cast("uchar")
        cancelled = False
        if progress is not None:
            im.set_progress(True)

            def on_eval(image: Any, p: Any) -> None:
                nonlocal cancelled
                if not cancelled and progress(int(p.percent), 100) is False:
                    cancelled = True
                    image.set_kill(True)

            im.signal_connect("eval", on_eval)
        tmp = folder / f"{key}.part.tif"
        try:
            im.tiffsave(str(tmp), tile=True, tile_width=BLOCK, tile_height=BLOCK, pyramid=True,
                        compression="deflate", level=1, predictor="horizontal")
        except vips.Error:
            tmp.unlink(missing_ok=True)
            if cancelled:
                raise Cancelled(f"{path}: reading the scan was cancelled") from None
            raise
        os.replace(tmp, out)
        if progress is not None:
            progress(100, 100)
    except vips.Error as exc:
        raise ScanError(f"{path}: could not read the scan: {str(exc).strip().splitlines()[0]}") from None
    return out


class Scan:
    """A scan's pixels as RGB, addressed in image pixels (x to the right, y down; pixel (0, 0)'s centre
    at (0, 0))."""

    def __init__(self, rgb: np.ndarray | None = None, path: Path | None = None, *, pyramid: _Pyramid | None = None
                 ) -> None:
        self.path = path
        self._pyr = pyramid
        if pyramid is not None:
            self._rgb: np.ndarray | None = None
            self._w, self._h = pyramid.sizes[0]
            return
        if rgb is None or rgb.ndim != 3 or rgb.shape[2] != 3:
            raise ScanError(f"a scan is an (h, w, 3) RGB array, not {None if rgb is None else rgb.shape}")
        self._rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
        self._h, self._w = self._rgb.shape[:2]

    @classmethod
    def open(cls, path: str | Path, *, progress: Callable[[int, int], bool] | None = None,
             tiled: bool | None = None) -> Scan:
        """Read a scan file; ScanError naming the file and the reason when it cannot be read. A scan over
        TILED_PIXELS (or any with `tiled=True`) is read through a tiled pyramid when pyvips is installed;
        `progress(percent, 100)` follows the making of that pyramid (False cancels: Cancelled)."""
        p = Path(path)
        if not p.is_file():
            raise ScanError(f"{p}: the scan does not exist or is not a file")
        w, h = image_size(p)
        if tiled is None:
            tiled = w * h > TILED_PIXELS
        vips = _vips() if tiled else None
        if vips is not None:
            return cls(path=p, pyramid=_Pyramid(vips, build_pyramid(p, progress)))
        from PIL import Image, UnidentifiedImageError

        Image.MAX_IMAGE_PIXELS = None
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
        return int(self._w)

    @property
    def height(self) -> int:
        return int(self._h)

    @property
    def tiled(self) -> bool:
        """Whether the pixels are read from a tiled pyramid (a large scan) rather than held decoded."""
        return self._pyr is not None

    @property
    def levels(self) -> list[tuple[int, int]]:
        """The (width, height) of each level of the pyramid, full size first (one level when not tiled)."""
        return list(self._pyr.sizes) if self._pyr is not None else [(self.width, self.height)]

    def array(self) -> np.ndarray:
        """The whole scan as an (h, w, 3) uint8 array (small scans; large ones read regions)."""
        if self._rgb is None:
            return self.read_region(0, 0, self.width, self.height)
        return self._rgb

    def sample(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The colours at image points (nearest pixel), (n, 3) float; points off the scan read as white."""
        return self.sample_raw(xs, ys).astype(float)

    def sample_raw(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The colours at image points (nearest pixel) as stored, (n, 3) uint8; points off the scan read
        as white."""
        xs = np.asarray(xs, dtype=float).ravel()
        ys = np.asarray(ys, dtype=float).ravel()
        xi = np.rint(xs).astype(np.int64)
        yi = np.rint(ys).astype(np.int64)
        inside = (xi >= 0) & (yi >= 0) & (xi < self.width) & (yi < self.height)
        if self._rgb is not None:
            flat = yi * self.width + xi
            pixels = self._rgb.reshape(-1, 3)
            if inside.all():
                return np.take(pixels, flat, axis=0)
            out = np.full((xs.size, 3), 255, dtype=np.uint8)
            out[inside] = np.take(pixels, flat[inside], axis=0)
            return out
        out = np.full((xs.size, 3), 255, dtype=np.uint8)
        assert self._pyr is not None
        idx = np.flatnonzero(inside)
        if not idx.size:
            return out
        bx, by = xi[idx] // BLOCK, yi[idx] // BLOCK
        block_id = by * (self.width // BLOCK + 1) + bx
        order = np.argsort(block_id, kind="stable")
        idx, bx, by, block_id = idx[order], bx[order], by[order], block_id[order]
        starts = np.flatnonzero(np.r_[True, block_id[1:] != block_id[:-1]])
        ends = np.r_[starts[1:], idx.size]
        for s, e in zip(starts.tolist(), ends.tolist(), strict=True):
            blk = self._pyr.block(0, int(bx[s]), int(by[s]))
            sel = idx[s:e]
            out[sel] = blk[yi[sel] - by[s] * BLOCK, xi[sel] - bx[s] * BLOCK]
        return out

    def read_region(self, x0: int, y0: int, width: int, height: int) -> np.ndarray:
        """The pixels of a rectangle as an (height, width, 3) uint8 array; parts off the scan are white."""
        return self.read_level_region(0, x0, y0, width, height)

    def read_level_region(self, level: int, x0: int, y0: int, width: int, height: int) -> np.ndarray:
        """A rectangle of pyramid level `level` (in that level's pixels), (height, width, 3) uint8;
        parts off the scan are white."""
        lw, lh = self.levels[level]
        out = np.full((max(height, 0), max(width, 0), 3), 255, dtype=np.uint8)
        sx0, sy0 = max(x0, 0), max(y0, 0)
        sx1, sy1 = min(x0 + width, lw), min(y0 + height, lh)
        if sx1 > sx0 and sy1 > sy0:
            if self._rgb is not None:
                src = self._rgb[sy0:sy1, sx0:sx1]
            else:
                assert self._pyr is not None
                src = self._pyr.region(level, sx0, sy0, sx1 - sx0, sy1 - sy0)
            out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = src
        return out
