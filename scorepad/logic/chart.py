"""The course of a game as numbers for a drawing: each player's running total after each
live round, the loss threshold and the axes, in the coordinates of a 320 × 200 box.

`scorepad/_chart.html` draws it as inline SVG and `scorepad/pages/result_picture.py` as a
PNG, so the page and the picture show the same lines. Pure: no database, no drawing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

WIDTH, HEIGHT = 320, 200
LEFT, TOP, BOTTOM = 30, 14, 22  # room for the totals along the side, the rounds below
LABEL_ROOM = 80  # right of the plot: the names at the ends of their lines
LABEL_GAP = 13  # the least distance between two names' baselines
LABEL_CHARS = 8  # without a measure, a longer name is cut with "…" after 7 letters
# From a name's start (label_x + 8) to the box's right edge, less a little air: a name
# measured wider is cut with "…" (the table and the standings say it whole).
LABEL_WIDTH = LABEL_ROOM - 16 - 2
SHAPES = ("circle", "square", "triangle", "diamond", "down", "cross")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 3")
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


@dataclass
class Line:
    seat: int
    name: str
    label: str  # the name at the line's end, cut to fit
    total: Decimal
    points: list[tuple[float, float]]  # one per live round
    shape: str  # the marker at every point: the lines differ by more than colour
    dash: str  # the stroke pattern, for black and white
    label_y: float = 0.0  # the name's baseline, moved apart from the others'

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)

    @property
    def end(self) -> tuple[float, float]:
        return self.points[-1]

    @property
    def color(self) -> int:
        """Which of the six chart colours (`--chart-0` … `--chart-5`)."""
        return self.seat % len(SHAPES)

    @property
    def marker(self) -> str:
        """The marker in its own 10 × 10 box, for the SVG's <marker>."""
        return marker_path(self.shape, 5, 5)

    @property
    def label_marker(self) -> str:
        """The same marker before the name, so a name points to its line in print too."""
        return marker_path(self.shape, WIDTH - LABEL_ROOM + 11, self.label_y - 3.5)


@dataclass
class Chart:
    lines: list[Line]
    rounds: int
    top_value: Decimal  # the value at the top of the plot
    threshold: int | None
    threshold_y: float | None
    x_ticks: list[tuple[float, int]]  # (x, round number)
    y_ticks: list[tuple[float, str]]  # (y, value as the reader writes it)
    width: int = WIDTH
    height: int = HEIGHT
    left: float = LEFT
    right: float = WIDTH - LABEL_ROOM
    top: float = TOP
    bottom: float = HEIGHT - BOTTOM
    label_x: float = WIDTH - LABEL_ROOM + 8
    shapes: tuple[str, ...] = field(default=SHAPES)
    bottom_value: Decimal = Decimal(0)  # the value at the bottom: below 0 where a total is

    def x(self, number: int) -> float:
        """The x of round `number` (1-based)."""
        if self.rounds <= 1:
            return (self.left + self.right) / 2
        return self.left + (number - 1) * (self.right - self.left) / (self.rounds - 1)

    def y(self, value: Decimal | int) -> float:
        span = self.top_value - self.bottom_value
        share = float(Decimal(value) - self.bottom_value) / float(span)
        return self.bottom - share * (self.bottom - self.top)


def nice_step(top: Decimal, ticks: int = 5) -> int:
    """The smallest round step that marks the side with at most `ticks` + 1 numbers."""
    for step in NICE_STEPS:
        if top / step <= ticks:
            return step
    return NICE_STEPS[-1]


def shorten(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1].rstrip() + "…"


def cut_to(name: str, fits: Callable[[str], bool]) -> str:
    """`name` whole where it fits, else its longest start that fits with "…"."""
    if fits(name):
        return name
    letters = list(name)
    while letters:
        letters.pop()
        label = "".join(letters).rstrip() + "…"
        if fits(label):
            return label
    return "…"


def spread(wanted: list[float], low: float, high: float, gap: float) -> list[float]:
    """Baselines as near as may be to `wanted`, at least `gap` apart, within low..high
    (more labels than fit are packed from `low` evenly)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    room = (high - low) / max(len(wanted) - 1, 1)
    gap = min(gap, room)
    previous = low - gap
    for i in order:
        placed[i] = max(wanted[i], previous + gap, low)
        previous = placed[i]
    overflow = previous - high
    if overflow > 0:  # pushed past the bottom: shift the stack up, keeping the gaps
        following = high + gap
        for i in reversed(order):
            placed[i] = min(placed[i], following - gap)
            following = placed[i]
    return placed


def course(
    names: Sequence[str],
    running: Sequence[Sequence[Decimal]],
    threshold: int | None,
    fmt: Callable[[Decimal | int], str],
    labels: Sequence[str] | None = None,
) -> Chart | None:
    """The chart of running totals (`Outcome.running`, one list per live round); None
    before the first round. From 0 up, or from below 0 where a total is (a game with
    scores below 0).
    `labels`: the names as the lines' ends show them, cut by measure (else by count)."""
    if not running:
        return None
    highest = max(max(totals) for totals in running)
    depth = max(-min(min(totals) for totals in running), Decimal(0))
    reach = max(highest, Decimal(threshold or 0), Decimal(1))
    step = nice_step(reach + depth)
    top_value = Decimal(math.ceil(reach / step) * step)
    bottom_value = -Decimal(math.ceil(depth / step) * step)
    chart = Chart(
        lines=[],
        rounds=len(running),
        top_value=top_value,
        threshold=threshold,
        threshold_y=None,
        x_ticks=[],
        y_ticks=[],
        bottom_value=bottom_value,
    )
    if threshold is not None:
        chart.threshold_y = chart.y(threshold)
    # No number on the side crowds the threshold's own label.
    chart.y_ticks = [
        (chart.y(v), fmt(v))
        for v in range(int(bottom_value), int(top_value) + 1, step)
        if chart.threshold_y is None or abs(chart.y(v) - chart.threshold_y) >= LABEL_GAP
    ]
    every = max(1, -(-chart.rounds // 10))  # at most ten round numbers along the bottom
    numbers = list(range(1, chart.rounds + 1, every))
    if numbers[-1] != chart.rounds:
        if chart.rounds - numbers[-1] < every / 2 and len(numbers) > 1:
            numbers.pop()
        numbers.append(chart.rounds)
    chart.x_ticks = [(chart.x(n), n) for n in numbers]
    for seat, name in enumerate(names):
        chart.lines.append(
            Line(
                seat=seat,
                name=name,
                label=labels[seat] if labels else shorten(name),
                total=running[-1][seat],
                points=[(chart.x(n), chart.y(totals[seat])) for n, totals in enumerate(running, 1)],
                shape=SHAPES[seat % len(SHAPES)],
                # beyond six players the shapes come round again, with another stroke
                dash=DASHES[(seat + seat // len(SHAPES)) % len(DASHES)],
            )
        )
    baselines = spread(
        [line.end[1] + 4 for line in chart.lines], chart.top + 8, chart.bottom + 4, LABEL_GAP
    )
    for line, baseline in zip(chart.lines, baselines, strict=True):
        line.label_y = baseline
    return chart


def marker_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a marker centred on (x, y); the PNG draws the same shapes."""
    match shape:
        case "square":
            return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
        case "triangle":
            return [(x, y - r - 0.5), (x + r, y + r), (x - r, y + r)]
        case "diamond":
            return [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        case "down":
            return [(x, y + r + 0.5), (x + r, y - r), (x - r, y - r)]
    return []


def marker_path(shape: str, x: float, y: float, r: float = 3.5) -> str:
    """An SVG path for a marker centred on (x, y)."""
    if shape == "cross":
        d = 2 * r
        return f"M{x - r:.1f},{y - r:.1f}l{d:.1f},{d:.1f}m0,{-d:.1f}l{-d:.1f},{d:.1f}"
    corners = marker_points(shape, x, y, r)
    if corners:
        return "M" + "L".join(f"{a:.1f},{b:.1f}" for a, b in corners) + "z"
    arc = f"a{r:.1f},{r:.1f} 0 1,0"
    return f"M{x - r:.1f},{y:.1f}{arc} {2 * r:.1f},0{arc} {-2 * r:.1f},0z"
