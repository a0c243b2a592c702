"""The result picture's text in every script people write their names in: a chain of
fonts, and text measured and drawn in runs, each run in one font of the chain.

DejaVu Sans (Debian's `fonts-dejavu-core`, `GHOST_FONT_DIR`) comes first and is required.
After it, under `GHOST_FALLBACK_FONT_DIR`, the fonts of `FALLBACKS` for the scripts
DejaVu lacks, each from a small Debian package and each optional: a file that is not
there is left out of the chain. Nothing is ever fetched at run time.

Each character is drawn from the first file of the chain whose character map has it
(read with fontTools, once per file and process): in each font the style's own file
first, then the other one (DejaVu Sans Bold lacks some characters the regular file has;
bold from a regular file gets an outline). A mark or a joiner stays with the letter
before it where that file has it, so a syllable is shaped in one font. A character no
file has (an emoji, a script whose package is not installed) is left out, never drawn
as a box; `drawable` says what is left of a name.
"""

from __future__ import annotations

import bisect
import gc
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from django.conf import settings
from PIL import Image, ImageDraw, ImageFont

from scorepad.logic import chart


class Fallback(NamedTuple):
    """A font after DejaVu: its files relative to GHOST_FALLBACK_FONT_DIR (bold None where
    the font has none), its Debian package, and how wide an outline makes its regular
    file look bold, in ems (a dark font takes less)."""

    regular: str
    bold: str | None
    package: str
    outline: float = 1 / 24


FALLBACKS = (
    Fallback("lohit-devanagari/Lohit-Devanagari.ttf", None, "fonts-lohit-deva"),
    Fallback("lohit-bengali/Lohit-Bengali.ttf", None, "fonts-lohit-beng-bengali"),
    Fallback("lohit-tamil/Lohit-Tamil.ttf", None, "fonts-lohit-taml"),
    Fallback("tlwg/Loma.ttf", "tlwg/Loma-Bold.ttf", "fonts-tlwg-loma-ttf"),  # Thai
    Fallback("abyssinica/AbyssinicaSIL-Regular.ttf", None, "fonts-sil-abyssinica", 1 / 48),
    Fallback("wqy/wqy-microhei.ttc", None, "fonts-wqy-microhei"),  # Chinese, Japanese, Korean
)
# Characters that belong to the letter before them: shaped with it, in its font.
JOINERS = {"\u200c", "\u200d"} | {chr(c) for c in range(0xFE00, 0xFE10)}


@dataclass(frozen=True)
class Font:
    """One font of the chain: its file, and its bold file where it has one."""

    path: str
    bold_path: str | None
    outline: float = 1 / 24  # ems, for bold from the regular file

    def faces(self, bold: bool) -> tuple[Face, ...]:
        """The files a run of this font is drawn from, the first that has the character:
        the style's own file, then the other one (bold drawn from the regular file gets
        a thin outline of the text's colour; a regular run from the bold file has none)."""
        if self.bold_path is None:
            return (Face(self.path, outline=self.outline if bold else 0),)
        if bold:
            return (Face(self.bold_path), Face(self.path, outline=self.outline))
        return (Face(self.path), Face(self.bold_path))


@dataclass(frozen=True)
class Face:
    """A font file as a run is drawn from it."""

    path: str
    outline: float = 0  # ems: a regular file drawn bold

    def covers(self, ch: str) -> bool:
        starts, ends = coverage(self.path)
        i = bisect.bisect_right(starts, ord(ch)) - 1
        return i >= 0 and ord(ch) <= ends[i]

    def font(self, size: int) -> ImageFont.FreeTypeFont:
        return face(self.path, size)

    def stroke(self, size: int) -> int:
        """The outline that makes a regular file look bold."""
        return max(1, round(size * self.outline)) if self.outline else 0


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


@lru_cache(maxsize=128)  # some fifteen sizes a picture, of up to nine files
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
    for fallback in FALLBACKS:
        path = Path(fallback_dir) / fallback.regular
        if path.is_file():
            bold_path = Path(fallback_dir) / fallback.bold if fallback.bold else None
            bold_there = bold_path is not None and bold_path.is_file()
            fonts.append(Font(str(path), str(bold_path) if bold_there else None, fallback.outline))
    return tuple(fonts)


def chain() -> tuple[Font, ...]:
    """DejaVu Sans, then each fallback font that is installed."""
    return _chain(str(settings.GHOST_FONT_DIR), str(settings.GHOST_FALLBACK_FONT_DIR))


def faces(bold: bool) -> tuple[Face, ...]:
    return tuple(face for font in chain() for face in font.faces(bold))


# Marks stacked on one letter beyond these are left out: a name of one letter and twenty
# marks would otherwise draw over the lines above it.
MARKS_PER_LETTER = 3
# What stands for a character no font of the chain has: drawn, so two names that differ
# only there still print apart (with `picture_names`' seat numbers where they would not).
STAND_IN = "\u25a1"  # □, in DejaVu


def runs(text: str, bold: bool = False) -> list[tuple[str, Face]]:
    """`text` as runs of characters drawn from one file each, in order; a character no
    file of the chain has is drawn as `STAND_IN`, and a letter's marks past
    `MARKS_PER_LETTER` are left out."""
    candidates = faces(bold)
    out: list[tuple[str, Face]] = []
    marks = 0
    for ch in text:
        is_mark = unicodedata.category(ch) in ("Mn", "Mc", "Me")
        marks = marks + 1 if is_mark else 0
        if is_mark and marks > MARKS_PER_LETTER:
            continue
        sticks = ch in JOINERS or is_mark
        if sticks and out and out[-1][1].covers(ch):
            face: Face | None = out[-1][1]
        elif ch in JOINERS:
            face = None  # invisible anyway: nothing to hold together in another font
        else:
            face = next((face for face in candidates if face.covers(ch)), None)
            if face is None and not sticks and unicodedata.category(ch)[0] not in "CZ":
                ch = STAND_IN
                face = next((face for face in candidates if face.covers(ch)), None)
        if face is None:
            continue
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + ch, face)
        else:
            out.append((ch, face))
    return out


def drawable(text: str) -> str:
    """What the picture draws of `text`: a stand-in for each character no font has, a
    letter's marks bounded, white space folded. Empty where nothing of it can be drawn."""
    return " ".join("".join(run for run, _face in runs(text, bold=True)).split())


def length(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool = False) -> float:
    """The width `text` takes when drawn run by run (its advance, as `textlength`)."""
    total = 0.0
    for run, face in runs(text, bold):
        total += draw.textlength(run, font=face.font(size)) + 2 * face.stroke(size)
    return total


def _placed(draw, xy, text: str, size: int, bold: bool, anchor: str):
    """Each run with where its baseline starts: `anchor` as Pillow's (horizontal l, m
    or r; vertical s for the baseline or m for the middle of DejaVu's line)."""
    x, y = xy
    if anchor[1] == "m":
        ascent, descent = faces(bold)[0].font(size).getmetrics()
        y += (ascent - descent + 1) // 2  # as Pillow places "m", in whole pixels
    width = length(draw, text, size, bold)
    x -= math.floor({"l": 0, "m": width / 2, "r": width}[anchor[0]] + 0.5)  # as Pillow does
    for run, face in runs(text, bold):
        stroke = face.stroke(size)
        yield (x + stroke, y), run, face.font(size), stroke
        x += draw.textlength(run, font=face.font(size)) + 2 * stroke


def bbox(draw, xy, text: str, size: int, bold: bool = False, anchor: str = "ls"):
    """The box of the ink and the advance of `text` drawn at `xy` (as `textbbox`)."""
    boxes = [
        draw.textbbox(at, run, font=font, anchor="ls", stroke_width=stroke)
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
            at, run, font=font, fill=fill, anchor="ls",
            stroke_width=stroke, stroke_fill=fill,
        )  # fmt: skip


# ------------------------------------------------------------- the page's chart
CHART_LABEL_SIZE = 12  # the page's chart writes the names 12 units high, bold (site.css)


@lru_cache(maxsize=1024)
def chart_label(name: str) -> str:
    """A name as the page's chart ends a line with it: whole where it fits the room
    right of the plot (`chart.LABEL_WIDTH`), else cut with "…", measured in DejaVu Sans
    Bold, which is wider than a phone's own sans-serif, so a name never runs past the
    edge; the letter count alone cut short names of wide letters too late."""
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    return chart.cut_to(
        name, lambda text: length(draw, text, CHART_LABEL_SIZE, True) <= chart.LABEL_WIDTH
    )


def chart_labels(names: list[str]) -> list[str]:
    return [chart_label(name) for name in names]
