"""The result picture's text in every script people write their names in: a chain of
fonts, and text measured and drawn in runs, each run in one font of the chain.

DejaVu Sans (Debian's `fonts-dejavu-core`, `GHOST_FONT_DIR`) comes first and is required.
After it, under `GHOST_FALLBACK_FONT_DIR`, the fonts of `FALLBACKS` for the scripts
DejaVu lacks, each from a small Debian package and each optional: a file that is not
there is left out of the chain. Nothing is ever fetched at run time.

Each character is drawn in the first font of the chain whose character map has it
(read with fontTools, once per file and process); a mark or a joiner stays with the
letter before it where that font has it, so a syllable is shaped in one font. A
character no font of the chain has (an emoji, a script whose package is not installed)
is left out, never drawn as a box; `drawable` says what is left of a name.
"""

from __future__ import annotations

import bisect
import gc
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from PIL import ImageDraw, ImageFont

# The fonts after DejaVu, in order, relative to GHOST_FALLBACK_FONT_DIR:
# (regular, bold or None where the font has no bold, its Debian package).
FALLBACKS = (
    ("lohit-devanagari/Lohit-Devanagari.ttf", None, "fonts-lohit-deva"),  # Devanagari
    ("tlwg/Loma.ttf", "tlwg/Loma-Bold.ttf", "fonts-tlwg-loma-ttf"),  # Thai
    ("wqy/wqy-microhei.ttc", None, "fonts-wqy-microhei"),  # Chinese, Japanese, Korean
)
# Characters that belong to the letter before them: shaped with it, in its font.
JOINERS = {"\u200c", "\u200d"} | {chr(c) for c in range(0xFE00, 0xFE10)}


@dataclass(frozen=True)
class Font:
    """One font of the chain: its file, and its bold file where it has one (where it has
    none, bold is drawn from the regular file with a thin outline of the text's colour)."""

    path: str
    bold_path: str | None

    def covers(self, ch: str) -> bool:
        starts, ends = coverage(self.path)
        i = bisect.bisect_right(starts, ord(ch)) - 1
        return i >= 0 and ord(ch) <= ends[i]

    def face(self, size: int, bold: bool) -> ImageFont.FreeTypeFont:
        return face(self.bold_path if bold and self.bold_path else self.path, size)

    def stroke(self, size: int, bold: bool) -> int:
        """The outline that makes a regular face look bold (0 where a bold face exists)."""
        return max(1, round(size / 32)) if bold and not self.bold_path else 0


@lru_cache(maxsize=16)
def coverage(path: str) -> tuple[list[int], list[int]]:
    """The code points the font's character map has, as sorted ranges (first, last): a
    few hundred numbers for a CJK font of 30,000 characters. Read once per process, and
    only when a character needs the font. The glyphs' names are not read (one name for
    all: only whether a character has a glyph counts), which halves what reading the
    CJK font's map builds (9 MB, not 14, in 0.14 s); that is collected at once."""
    from fontTools.ttLib import TTFont  # only when a picture is first drawn

    with TTFont(path, fontNumber=0, lazy=True) as font:
        font.setGlyphOrder(["glyph"] * font["maxp"].numGlyphs)
        points = sorted(font.getBestCmap() or {})
    del font
    gc.collect()
    starts: list[int] = []
    ends: list[int] = []
    for point in points:
        if ends and point == ends[-1] + 1:
            ends[-1] = point
        else:
            starts.append(point)
            ends.append(point)
    return starts, ends


@lru_cache(maxsize=64)
def face(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=0)


@lru_cache(maxsize=4)
def _chain(font_dir: str, fallback_dir: str) -> tuple[Font, ...]:
    regular, bold = Path(font_dir) / "DejaVuSans.ttf", Path(font_dir) / "DejaVuSans-Bold.ttf"
    for path in (regular, bold):
        if not path.exists():
            raise RuntimeError(
                f"{path} is missing: install Debian's fonts-dejavu-core or set GHOST_FONT_DIR"
            )
    fonts = [Font(str(regular), str(bold))]
    for name, bold_name, _package in FALLBACKS:
        path = Path(fallback_dir) / name
        if path.is_file():
            bold_path = Path(fallback_dir) / bold_name if bold_name else None
            fonts.append(
                Font(str(path), str(bold_path) if bold_path and bold_path.is_file() else None)
            )
    return tuple(fonts)


def chain() -> tuple[Font, ...]:
    """DejaVu Sans, then each fallback font that is installed."""
    return _chain(str(settings.GHOST_FONT_DIR), str(settings.GHOST_FALLBACK_FONT_DIR))


def first_covering(ch: str, fonts: tuple[Font, ...]) -> Font | None:
    return next((font for font in fonts if font.covers(ch)), None)


def runs(text: str) -> list[tuple[str, Font]]:
    """`text` as runs of characters drawn in one font each, in order; characters that no
    font of the chain has are left out."""
    fonts = chain()
    out: list[tuple[str, Font]] = []
    for ch in text:
        sticks = ch in JOINERS or unicodedata.category(ch) in ("Mn", "Mc", "Me")
        if sticks and out and out[-1][1].covers(ch):
            font: Font | None = out[-1][1]
        elif ch in JOINERS:
            font = None  # invisible anyway: nothing to hold together in another font
        else:
            font = first_covering(ch, fonts)
        if font is None:
            continue
        if out and out[-1][1] == font:
            out[-1] = (out[-1][0] + ch, font)
        else:
            out.append((ch, font))
    return out


def drawable(text: str) -> str:
    """What the picture draws of `text`: without the characters no font has, white
    space folded. Empty where nothing of it can be drawn."""
    return " ".join("".join(run for run, _font in runs(text)).split())


def length(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool = False) -> float:
    """The width `text` takes when drawn run by run (its advance, as `textlength`)."""
    total = 0.0
    for run, font in runs(text):
        total += draw.textlength(run, font=font.face(size, bold))
        total += 2 * font.stroke(size, bold)
    return total


def _placed(draw, xy, text: str, size: int, bold: bool, anchor: str):
    """Each run with where its baseline starts: `anchor` as Pillow's (horizontal l, m
    or r; vertical s for the baseline or m for the middle of DejaVu's line)."""
    x, y = xy
    if anchor[1] == "m":
        ascent, descent = chain()[0].face(size, bold).getmetrics()
        y += (ascent - descent + 1) // 2  # as Pillow places "m", in whole pixels
    width = length(draw, text, size, bold)
    x -= math.floor({"l": 0, "m": width / 2, "r": width}[anchor[0]] + 0.5)  # as Pillow does
    for run, font in runs(text):
        stroke = font.stroke(size, bold)
        yield (x + stroke, y), run, font, stroke
        x += draw.textlength(run, font=font.face(size, bold)) + 2 * stroke


def bbox(draw, xy, text: str, size: int, bold: bool = False, anchor: str = "ls"):
    """The box of the ink and the advance of `text` drawn at `xy` (as `textbbox`)."""
    boxes = [
        draw.textbbox(at, run, font=font.face(size, bold), anchor="ls", stroke_width=stroke)
        for at, run, font, stroke in _placed(draw, xy, text, size, bold, anchor)
    ]
    if not boxes:
        return (xy[0], xy[1], xy[0], xy[1])
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def text(draw, xy, text: str, size: int, bold: bool = False, fill="#000", anchor="ls") -> None:
    for at, run, font, stroke in _placed(draw, xy, text, size, bold, anchor):
        draw.text(
            at, run, font=font.face(size, bold), fill=fill, anchor="ls",
            stroke_width=stroke, stroke_fill=fill,
        )  # fmt: skip
