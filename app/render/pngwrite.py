"""Writing a large opaque map image as PNG, band by band, compressed on every core.

Qt's PNG writer compresses at zlib's default level on one core; for a 100-megapixel map that takes
longer than drawing it. A map export is an opaque image (the background is filled), so it is written
as 8-bit RGB rows, filter type 0 on every row, at a fast zlib level, in the PNG specification's form
(signature, IHDR, IDAT chunks, IEND).

The image arrives in horizontal bands of rows (app/render/export.py hands each band over as soon as
it is drawn). Each band is cut into pieces of rows; a piece is reordered from Qt's BGRA to
RGB and deflated on a worker thread, as pigz does: every piece is an independent raw deflate stream
ended by a sync flush (an empty stored block, which leaves the output on a byte boundary), the last
one by the final block. Laid end to end after a zlib header they form one valid zlib stream; its
Adler-32 is combined from the pieces' own checksums. zlib and numpy's copies release the GIL, so the
pieces compress while the main thread draws the next band. Measured in docs/benchmarks.md ("Editor",
PNG export).
"""

from __future__ import annotations

import os
import struct
import zlib
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

import numpy as np
from PySide6.QtGui import QImage

from ..counters.png import PNG_SIGNATURE, bgra_rows, is_opaque_argb32
from ..counters.png import png_chunk as _chunk

ROWS_PER_PIECE = 256  # rows deflated as one piece: large enough that the lost 32 KB context costs nothing
ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings laid end to end, from their checksums (zlib's adler32_combine)."""
    rem = second_length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 += (second & 0xFFFF) + ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + ADLER_BASE - rem
    sum1 %= ADLER_BASE
    sum2 %= ADLER_BASE
    return sum1 | (sum2 << 16)


def zlib_header(level: int) -> bytes:
    """The two-byte zlib header (deflate, 32 KB window) with the level hint zlib itself would write."""
    flevel = 0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3
    cmf = 0x78
    flg = flevel << 6
    flg += 31 - (cmf * 256 + flg) % 31
    return bytes((cmf, flg))


def _deflate_piece(bgra: np.ndarray, level: int, last: bool) -> tuple[bytes, int, int]:
    """One piece of rows: filtered RGB rows as a raw deflate stream, their Adler-32 and length."""
    rows, width, _ = bgra.shape
    raw = np.empty((rows, 1 + 3 * width), dtype=np.uint8)
    raw[:, 0] = 0  # filter type 0 (none)
    rgb = raw[:, 1:].reshape(rows, width, 3)
    rgb[..., 0] = bgra[..., 2]
    rgb[..., 1] = bgra[..., 1]
    rgb[..., 2] = bgra[..., 0]
    data = raw.data
    deflate = zlib.compressobj(level, zlib.DEFLATED, -15)
    out = deflate.compress(data) + deflate.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return out, zlib.adler32(data), raw.nbytes


def _idat_piece(bgra: np.ndarray, level: int, last: bool, first: bool) -> tuple[bytes, int, int]:
    """One piece as a whole IDAT chunk (the zlib header before the first), its rows' Adler-32 and length."""
    data, adler, length = _deflate_piece(bgra, level, last)
    if first:
        data = zlib_header(level) + data
    return (_chunk(b"IDAT", data) if data else b""), adler, length


class PngBandWriter:
    """An opaque RGB PNG of `width` x `height` written from bands of rows, top to bottom.

    `add_rows(img, y0, y1)` takes the next rows from a 32-bit QImage; the writer keeps the image until
    those rows are written, and they must not change until then. At most `max_pending` pieces wait at a time, so
    memory stays bounded whatever the image's size. `close()` waits for the rest and ends the file."""

    def __init__(self, f: BinaryIO, width: int, height: int, level: int = 1, workers: int | None = None,
                 max_pending: int | None = None) -> None:
        self._f = f
        self.width, self.height, self.level = width, height, level
        n = workers or max(1, min(8, os.cpu_count() or 1))
        self._pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix="png-deflate")
        self._max_pending = max_pending or 2 * n + 2
        self._pending: deque[tuple[Future[tuple[bytes, int, int]], QImage]] = deque()
        self._rows = 0
        self._adler = 1  # Adler-32 of nothing
        self._submitted = False  # the first piece carries the zlib header
        f.write(PNG_SIGNATURE)
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))

    def add_rows(self, img: QImage, y0: int, y1: int) -> None:
        """Rows y0 to y1 (end excluded) of `img` (32-bit, the PNG's width) are the next rows of the PNG.
        They are read by worker threads until written: leave them unchanged (the image is kept alive)."""
        if img.width() != self.width:
            raise ValueError(f"rows {img.width()} pixels wide for a PNG {self.width} wide")
        if y0 < 0 or y1 > img.height() or y1 < y0 or self._rows + (y1 - y0) > self.height:
            raise ValueError(f"rows {y0}-{y1} do not fit the image or the PNG")
        bgra = bgra_rows(img)
        for r0 in range(y0, y1, ROWS_PER_PIECE):
            r1 = min(y1, r0 + ROWS_PER_PIECE)
            last = self._rows + (r1 - y0) == self.height
            while len(self._pending) >= self._max_pending:
                self._write_next()
            # the QImage rides along with its piece so that its memory outlives the view
            first = not self._submitted
            self._submitted = True
            self._pending.append((self._pool.submit(_idat_piece, bgra[r0:r1], self.level, last, first), img))
        self._rows += y1 - y0
        while self._pending and self._pending[0][0].done():
            self._write_next()

    def _write_next(self) -> None:
        future, _img = self._pending.popleft()
        chunk, adler, length = future.result()
        self._adler = adler32_combine(self._adler, adler, length)
        self._f.write(chunk)

    def close(self) -> None:
        try:
            while self._pending:
                self._write_next()
            if self._rows != self.height:
                raise ValueError(f"{self._rows} rows written of a PNG {self.height} high")
            self._f.write(_chunk(b"IDAT", struct.pack(">I", self._adler)))
            self._f.write(_chunk(b"IEND", b""))
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pending.clear()

    def __enter__(self) -> PngBandWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if kind is None:
            self.close()
        else:
            self.abort()


def write_png_rgb(img: QImage, path: str | Path, level: int = 1) -> None:
    """Write an opaque 32-bit QImage (alpha ignored) as an RGB PNG at zlib `level`."""
    if not is_opaque_argb32(img):
        raise ValueError("write_png_rgb takes a 32-bit ARGB or RGB image")
    with open(path, "wb") as f, PngBandWriter(f, img.width(), img.height(), level) as writer:
        writer.add_rows(img, 0, img.height())

