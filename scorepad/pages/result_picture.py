"""The result of a game as a PNG to send: the final standings above the course of the game.

Drawn with Pillow from the same numbers as the page (`chart.course`), in the language
that is active, with DejaVu Sans from Debian's `fonts-dejavu-core` and, for the scripts
it lacks, the fonts of `picture_fonts` (never fetched at run time): every text is
measured and drawn run by run, each run in a font that has its characters. Black and
dark colours on white, whatever the phone's theme, so it reads the same in any chat.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from PIL import Image, ImageDraw

from scorepad.logic import chart
from scorepad.pages import picture_fonts as fonts

SIZE = (1080, 1350)  # portrait, as messengers show pictures from phones
MARGIN = 60
TOP, BOTTOM = 30, 24
NAME_AT = 140  # the names of the standings, after the places
HEADLINE_SIZES = (64, 58, 52, 46, 40, 34)
SCALE = 3  # the chart's 320 × 200 box drawn 960 wide, and as tall as the room below allows
CHART_LEAST = 520  # the least height for the chart with its axis's name under it
CHART_GAP = 36
LABEL_SIZES = (28, 26, 24)  # the names at the chart's line ends, the largest that fits
LABEL_EDGE = 20  # the least room right of the longest name
AXIS_NAME = 40  # the axis's name under the round numbers
INK, MUTED, RULE, RED, PAPER = "#1b1b1b", "#555555", "#c9c5bc", "#b3001b", "#ffffff"
COLOURS = ("#0072b2", "#c24e00", "#007a5a", "#b0508a", "#1b1b1b", "#8a6300")  # as the CSS


@dataclass
class Standing:
    name: str
    total: str  # written as the reader writes numbers
    mark: str  # "lost", "won" or "" in the reader's language
    lost: bool
    place: int | None = None  # shared by players who share a result; None: the row's


def fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, bold=False) -> str:
    """`text` cut with "…" to fit `width` pixels (only where nothing smaller fits)."""
    if fonts.length(draw, text, size, bold) <= width:
        return text
    while text and fonts.length(draw, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass
class Text:
    """One text as the picture draws it, measured where it stands."""

    x: float
    y: float  # the baseline
    text: str
    size: int
    bold: bool = False
    fill: str = INK
    anchor: str = "ls"  # left, baseline; "rs" right-aligned

    def box(self, draw: ImageDraw.ImageDraw) -> tuple[float, float, float, float]:
        return fonts.bbox(draw, (self.x, self.y), self.text, self.size, self.bold, self.anchor)

    def draw(self, draw: ImageDraw.ImageDraw) -> None:
        xy, size, bold = (self.x, self.y), self.size, self.bold
        fonts.text(draw, xy, self.text, size, bold, self.fill, self.anchor)


# A no-break space glues words into one phrase the picture never breaks across lines
# (`whole`: a player's name in the headline); drawn as a plain space.
GLUE = "\N{NO-BREAK SPACE}"
BREAKS = re.compile(r"[^\S\N{NO-BREAK SPACE}]+")  # white space but a no-break space
SEPARATOR = " · "  # between the subtitle's phrases (the day, the variant, the count)


def whole(phrase: str) -> str:
    """`phrase` as one unit that the lines of the picture never break."""
    return phrase.replace(" ", GLUE)


def between_names(text: str, marks: list[str], names: list[str]) -> str:
    """The headline `text`, written with `marks` standing for the players' `names`, glued
    so that its lines break only where a name begins or ends: a name stays whole, and so
    do the words between names ("won the game of <game>", never "won the" / "game of
    <game>"). The names in their place."""
    words = text.split(" ")
    glued = words[0]
    for before, after in zip(words, words[1:], strict=False):
        at_a_name = any(mark in before or mark in after for mark in marks)
        glued += (" " if at_a_name else GLUE) + after
    for mark, name in zip(marks, names, strict=True):
        glued = glued.replace(mark, whole(name))
    return glued


def name_marks(count: int) -> list[str]:
    """Stand-ins for names while a headline is written: characters no name drawn has
    (private use; `picture_fonts.drawable` leaves them out of a name)."""
    return [chr(0xE000 + seat) for seat in range(count)]


def units_in_lines(draw, units: list[str], size: int, width: float, bold=False, sep=" "):
    """Units (words, or phrases glued by `whole`) in lines joined by `sep`, each at most
    `width` pixels wide where the units allow: a glued phrase wider than that is broken
    between its words after all (with `sep` a space), a single word wider than that
    stands alone."""
    parts = []
    for unit in units:
        wide = sep == " " and not fits(draw, unit.replace(GLUE, " "), size, width, bold)
        parts += unit.split(GLUE) if wide else [unit]
    lines: list[list[str]] = []
    for unit in parts:
        if lines and fits(draw, sep.join([*lines[-1], unit]).replace(GLUE, " "), size, width, bold):
            lines[-1].append(unit)
        else:
            lines.append([unit])
    return lines


def wrap(draw, text: str, size: int, width: int, bold=False) -> list[str]:
    """`text` in lines of whole words, each measured at most `width` pixels wide where
    the words allow (a single word wider than that stands alone on its line); words
    glued by `whole` stay on one line."""
    lines = units_in_lines(draw, BREAKS.split(text.strip()), size, width, bold)
    return [" ".join(line).replace(GLUE, " ") for line in lines]


def headline_lines(draw, text: str, size: int, width: int) -> list[str]:
    """The headline's lines at `size`: whole words, a name whole (`whole`), and never a
    last word alone on its line where the line before can give it company ("<Game>: Anne
    og Bo" / "vant" is drawn "<Game>: Anne og" / "Bo vant")."""
    lines = units_in_lines(draw, BREAKS.split(text.strip()), size, width, bold=True)
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 1:
        company = " ".join([lines[-2][-1], *lines[-1]]).replace(GLUE, " ")
        if fits(draw, company, size, width, True):
            lines[-1].insert(0, lines[-2].pop())
    return [" ".join(line).replace(GLUE, " ") for line in lines]


def phrase_lines(draw, text: str, size: int, width: int) -> list[str]:
    """The subtitle ("30. september 2026 · <variant> · 18 hull + ekstra hull") in
    lines broken only between its phrases: never «ekstra» / «hull». A phrase too wide
    for a line on its own is broken between its words."""
    phrases = [whole(phrase) for phrase in text.split(SEPARATOR)]
    lines = []
    for line in units_in_lines(draw, phrases, size, width, sep=SEPARATOR):
        said = SEPARATOR.join(line).replace(GLUE, " ")
        lines += [said] if fits(draw, said, size, width) else wrap(draw, said, size, width)
    return lines


def headline(draw, text: str, width: int) -> tuple[int, list[str]]:
    """The headline says who lost, whole: the largest size at which it takes at most two
    lines of whole words within `width`; failing that, the smallest size, on as many
    lines as it needs. Never cut."""
    for size in HEADLINE_SIZES:
        lines = headline_lines(draw, text, size, width)
        if len(lines) <= 2 and all(fits(draw, line, size, width, True) for line in lines):
            return size, lines
    return HEADLINE_SIZES[-1], headline_lines(draw, text, HEADLINE_SIZES[-1], width)


def fits(draw, text: str, size: int, width: float, bold=False) -> bool:
    return fonts.length(draw, text, size, bold) <= width


def standing_row(draw, place: int, standing: Standing, y: float, size: int) -> list[Text]:
    """Place, name, its mark beside it and the total at the right edge: the name gets all
    the room the total and the mark leave, shrinks a little where it must, and is cut
    only where even that does not fit."""
    colour = RED if standing.lost else INK
    right = SIZE[0] - MARGIN
    total = Text(right, y, standing.total, size, True, INK, "rs")
    room = right - fonts.length(draw, standing.total, size, True) - 24 - NAME_AT
    mark_size = size - 8
    mark_room = fonts.length(draw, standing.mark, mark_size) + 16 if standing.mark else 0
    name, name_size = standing.name, size
    while name_size > max(size - 12, 20) and not fits(
        draw, name, name_size, room - mark_room, True
    ):
        name_size -= 2
    name = fit(draw, name, name_size, int(room - mark_room), bold=True)
    texts = [
        Text(MARGIN, y, f"{place}.", size, False, MUTED),
        Text(NAME_AT, y, name, name_size, True, colour),
        total,
    ]
    if standing.mark:
        after = NAME_AT + fonts.length(draw, name, name_size, True) + 16
        texts.append(Text(after, y, standing.mark, mark_size, False, colour))
    return texts


def layout(draw, title: str, subtitle: str, standings: list[Standing]) -> tuple[list[Text], int]:
    """Every text above the chart, measured against the canvas, and where the chart may
    begin: right under the standings, so no empty band opens above it."""
    width = SIZE[0] - 2 * MARGIN
    size, lines = headline(draw, title, width)
    texts: list[Text] = []
    y = TOP
    for line in lines:
        y += round(size * 1.2)
        texts.append(Text(MARGIN, y, line, size, True, INK))
    y += 10
    for line in phrase_lines(draw, subtitle, 34, width):
        y += 46
        texts.append(Text(MARGIN, y, line, 34, False, MUTED))
    y += 24
    # The list takes what the chart can spare: rows of at most 72 px, smaller for many.
    room = SIZE[1] - BOTTOM - CHART_LEAST - CHART_GAP - y
    row = max(min(72, room // max(len(standings), 1)), 34)
    size = min(44, row - 12)
    for place, standing in enumerate(standings, 1):
        y += row
        place = standing.place or place
        texts.extend(standing_row(draw, place, standing, y - (row - size) // 2, size))
    return texts, y + CHART_GAP


def dashed(draw, points, colour, width, dash: str) -> None:
    """A polyline with the chart's stroke pattern (Pillow draws no dashes itself)."""
    if not dash:
        draw.line(points, fill=colour, width=width, joint="curve")
        return
    pattern = [float(n) * SCALE for n in dash.split()]
    index, left, on = 0, pattern[0], True
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                draw.line([start, end], fill=colour, width=width)
            done += step
            left -= step
            if left <= 0:
                index = (index + 1) % len(pattern)
                left, on = pattern[index], not on


def marker(draw, shape: str, x: float, y: float, colour: str, r: float = 10) -> None:
    """The chart's marker shapes (`chart.marker_points`), drawn filled."""
    if shape == "cross":
        draw.line([(x - r, y - r), (x + r, y + r)], fill=colour, width=5)
        draw.line([(x + r, y - r), (x - r, y + r)], fill=colour, width=5)
        return
    corners = chart.marker_points(shape, x, y, r)
    if corners:
        draw.polygon(corners, fill=colour)
    else:
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)


def result_png(
    title: str,
    subtitle: str,
    standings: list[Standing],
    course: chart.Chart | None,
    threshold_label: str,
    round_word: str,
) -> bytes:
    image = Image.new("RGB", SIZE, PAPER)
    draw = ImageDraw.Draw(image)
    texts, chart_top = layout(draw, title, subtitle, standings)
    for text in texts:
        text.draw(draw)
    if course is not None:
        height = SIZE[1] - BOTTOM - AXIS_NAME - chart_top
        draw_chart(draw, course, threshold_label, round_word, chart_top, height)
    out = io.BytesIO()
    image.save(out, format="PNG")  # optimize=True: 3× the time for 4% fewer bytes
    return out.getvalue()


def draw_chart(
    draw, course: chart.Chart, threshold_label: str, round_word: str, top: int, height: int
) -> None:
    """The chart's box 960 wide and `height` tall from `top`: the geometry stretches,
    the markers and the texts keep their size."""
    ox, oy, stretch = MARGIN, top, height / course.height

    def at(x, y):
        return (ox + x * SCALE, oy + y * stretch)

    for y, label in course.y_ticks:
        draw.line([at(course.left, y), at(course.right, y)], fill=RULE, width=2)
        fonts.text(draw, at(course.left - 4, y), label, 26, False, MUTED, "rm")
    for x, number in course.x_ticks:
        fonts.text(draw, at(x, course.height - 8), str(number), 26, False, MUTED, "ms")
    # The axis's name under the round numbers, in the middle: never against the first.
    tx, ty = at((course.left + course.right) / 2, course.height - 8)
    fonts.text(draw, (tx, ty + AXIS_NAME), round_word, 26, False, MUTED, "ms")
    if course.threshold_y is not None:
        start, end = at(course.left, course.threshold_y), at(course.right, course.threshold_y)
        dashed(draw, [start, end], RED, 5, "5 3")
        label_at = at(course.left - 4, course.threshold_y)
        fonts.text(draw, label_at, threshold_label, 26, True, RED, "rm")
    # The names at the lines' ends as long as the picture's edge lets them be, measured,
    # not counted: all in one size, the largest that writes every name whole, else cut.
    room = SIZE[0] - LABEL_EDGE - (at(course.label_x, 0)[0] + 26)
    size = next(
        (
            size
            for size in LABEL_SIZES
            if all(fonts.length(draw, line.name, size, True) <= room for line in course.lines)
        ),
        LABEL_SIZES[-1],
    )
    for line in course.lines:
        colour = COLOURS[line.color]
        points = [at(x, y) for x, y in line.points]
        if len(points) > 1:
            dashed(draw, points, colour, 6, line.dash)
        for x, y in points:
            marker(draw, line.shape, x, y, colour)
        lx, ly = at(course.label_x, line.label_y - 3.5)
        marker(draw, line.shape, lx + 9, ly, colour)
        label = chart.cut_to(line.name, lambda text: fonts.length(draw, text, size, True) <= room)
        fonts.text(draw, (lx + 26, ly), label, size, True, INK, "lm")
