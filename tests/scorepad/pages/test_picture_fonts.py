"""The fonts the result picture draws with (scorepad/pages/picture_fonts.py), and the
names at the ends of the page's chart lines, cut by the width they take."""

from PIL import Image, ImageDraw

from scorepad.logic import chart
from scorepad.pages import picture_fonts

LONG = ("Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari", "Ola Nordmann")


def test_the_pages_chart_cuts_a_name_by_its_measured_width():
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    labels = picture_fonts.chart_labels(list(LONG) + ["Wwwwwww", "Iiiiiiiiiii"])
    for name, label in zip(list(LONG) + ["Wwwwwww", "Iiiiiiiiiii"], labels, strict=True):
        width = picture_fonts.length(draw, label, picture_fonts.CHART_LABEL_SIZE, True)
        assert width <= chart.LABEL_WIDTH, (label, width)
        assert label == name or (label.endswith("…") and name.startswith(label[:-1]))
    assert labels[2] == "Kari"
    assert labels[4] != "Wwwwwww"  # seven wide letters do not fit: the count kept them
    assert labels[5] == "Iiiiiiiiiii"  # eleven narrow ones do: the count cut them
