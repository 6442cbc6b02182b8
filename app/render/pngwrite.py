"""Writing a large opaque map image as PNG, row by row.

Qt's PNG writer compresses at zlib's default level; for a 100-megapixel map that takes longer than
drawing it. A map export is an opaque image (the background is filled), so it can be written as
8-bit RGB rows, each passed through one zlib stream at a fast level, without ever holding a second
copy of the image: a row is taken from the QImage's own memory, reordered from Qt's BGRA to RGB
and compressed. The format is the PNG specification's (signature, IHDR, IDAT chunks, IEND), filter
type 0 on every row. Measured in docs/benchmarks.md ("Editor", PNG export).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ROWS_PER_CHUNK = 64


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def is_opaque_argb32(img: QImage) -> bool:
    return img.format() in (QImage.Format.Format_ARGB32_Premultiplied, QImage.Format.Format_ARGB32,
                            QImage.Format.Format_RGB32)


def write_png_rgb(img: QImage, path: str | Path, level: int = 1) -> None:
    """Write an opaque 32-bit QImage (alpha ignored) as an RGB PNG at zlib `level`."""
    if not is_opaque_argb32(img):
        raise ValueError("write_png_rgb takes a 32-bit ARGB or RGB image")
    width, height = img.width(), img.height()
    stride = img.bytesPerLine()
    pixels = np.frombuffer(img.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    compressor = zlib.compressobj(level)
    with open(path, "wb") as f:
        f.write(PNG_SIGNATURE)
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        row = np.zeros((ROWS_PER_CHUNK, 1 + 3 * width), dtype=np.uint8)  # filter byte 0, then RGB
        for y0 in range(0, height, ROWS_PER_CHUNK):
            y1 = min(height, y0 + ROWS_PER_CHUNK)
            block = pixels[y0:y1, : 4 * width].reshape(y1 - y0, width, 4)  # B, G, R, A in memory
            rgb = row[: y1 - y0, 1:].reshape(y1 - y0, width, 3)
            rgb[..., 0] = block[..., 2]
            rgb[..., 1] = block[..., 1]
            rgb[..., 2] = block[..., 0]
            data = compressor.compress(row[: y1 - y0].tobytes())
            if data:
                f.write(_chunk(b"IDAT", data))
        f.write(_chunk(b"IDAT", compressor.flush()))
        f.write(_chunk(b"IEND", b""))
