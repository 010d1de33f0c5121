"""PNG bytes of a palette picture whose rows below a top strip rest while the strip changes (a
report mail's market: the line naming the round, phase and bank over cells that stay as they are
while no marker moves). The resting rows are compressed once (`RestingRows`); each picture then
compresses only its strip and puts it before them in one zlib stream: the strip's deflate ends
with a full flush (byte-aligned, nothing after it refers back to it), the resting rows' deflate
was started afresh and ends the stream, and the checksum is the whole picture's. A decoder reads
one ordinary PNG (8-bit palette, no filtering, as Pillow writes a palette picture)."""
from __future__ import annotations

import struct
import zlib

from PIL import Image

__all__ = ["RestingRows", "adler32_joined"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class RestingRows:
    """`body` (a palette picture) with its rows from `top` down compressed once; `png(img)` is the
    PNG of a picture of the same size and palette that differs from `body` above `top` only."""

    def __init__(self, body: Image.Image, top: int, level: int = 6):
        if body.mode != "P" or "transparency" in body.info or not 0 <= top <= body.height:
            raise ValueError("RestingRows takes a palette picture without transparency and a top inside it")
        self.size, self.top, self.level = body.size, top, level
        self.palette = bytes(body.getpalette("RGB") or ())
        tail = _rows(body, top, body.height)
        packer = zlib.compressobj(level, zlib.DEFLATED, -15)
        self._tail = packer.compress(tail) + packer.flush()
        self._tail_sum, self._tail_len = zlib.adler32(tail), len(tail)

    def fits(self, img: Image.Image) -> bool:
        """Whether `img` has the size and palette of the body these rows were taken from."""
        return img.size == self.size and img.mode == "P" and bytes(img.getpalette("RGB") or ()) == self.palette

    def png(self, img: Image.Image) -> bytes:
        """The PNG of `img`: its strip above `top` compressed now, the rows below taken as compressed
        from `body` (the caller vouches that they are the same pixels in the same palette)."""
        if img.size != self.size or img.mode != "P":
            raise ValueError("not a picture of the resting rows' size in a palette")
        head = _rows(img, 0, self.top)
        packer = zlib.compressobj(self.level, zlib.DEFLATED, -15)
        strip = packer.compress(head) + packer.flush(zlib.Z_FULL_FLUSH)
        checksum = adler32_joined(zlib.adler32(head), self._tail_sum, self._tail_len)
        idat = b"\x78\x9c" + strip + self._tail + struct.pack(">I", checksum)
        width, height = img.size
        return b"".join((_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
                         _chunk(b"PLTE", self.palette), _chunk(b"IDAT", idat), _chunk(b"IEND", b"")))


def adler32_joined(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from each one's Adler-32 and the
    second's length (zlib's adler32_combine: a = a1 + a2 - 1, b = b1 + b2 + len2 * (a1 - 1),
    modulo 65521)."""
    base = 65521
    a1, b1, a2, b2 = first & 0xFFFF, first >> 16, second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % base
    b = (b1 + b2 + second_len * (a1 - 1)) % base
    return (b << 16) | a


def _rows(img: Image.Image, start: int, end: int) -> bytes:
    """Rows `start` to `end` of a palette picture as PNG scanlines (each led by filter type 0)."""
    width = img.width
    data = img.crop((0, start, width, end)).tobytes() if (start, end) != (0, img.height) else img.tobytes()
    out = bytearray((width + 1) * (end - start))
    for i in range(end - start):
        out[i * (width + 1) + 1:(i + 1) * (width + 1)] = data[i * width:(i + 1) * width]
    return bytes(out)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
