"""Issue 28: the result picture draws names in every script people write them in, never a
box. Each character is drawn in the first font of the chain that has it (DejaVu Sans,
then the Debian fonts of `picture_fonts.FALLBACKS`); a character no font has is left
out, and a name with no letter left shows its seat's label. A server without the
optional fonts still draws the picture."""

import io
import os
import shutil
import unicodedata
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from rules import words
from scorepad.pages import night
from scorepad.pages import picture_fonts as fonts
from scorepad.pages import result_picture as picture
from tests.conftest import fresh, make_game, play

CHINESE = "王小明"
HINDI = "अनन्या शर्मा"  # conjuncts, a reph and vowel signs: shaped in one font
THAI = "สมชาย ใจดี"  # vowels above the letters
KOREAN = "김민준"
BENGALI = "অমিত দত্ত"
TAMIL = "செல்வம் குமார்"
TIGRINYA = "ተስፋዬ ገብረ"  # Ethiopic
EMOJI = "Anna 🌸"  # no font of the chain has the cherry blossom
LONG_CJK = "欧阳司马诸葛上官东方皇甫尉迟公孙慕容长孙宇文"  # 24 characters, the most a name has
NAMES = [CHINESE, HINDI, THAI, KOREAN, BENGALI, TAMIL, TIGRINYA, EMOJI]
IDS = ["zh", "hi", "th", "ko", "bn", "ta", "ti", "emoji"]
NOWHERE = "\U0010fffd"  # a private character no font has: drawn, it is the font's box

HAVE_FALLBACKS = all(
    (Path(settings.GHOST_FALLBACK_FONT_DIR) / font.regular).is_file() for font in fonts.FALLBACKS
)
if not HAVE_FALLBACKS and os.environ.get("CI") == "true":
    raise RuntimeError(
        "CI=true but a font of picture_fonts.FALLBACKS is missing: install "
        + " ".join(font.package for font in fonts.FALLBACKS)
    )
needs_fallbacks = pytest.mark.skipif(
    not HAVE_FALLBACKS, reason="the Debian fonts of picture_fonts.FALLBACKS are not installed"
)


def cmap(path):
    """The font's character map, read afresh (not through the module's cache)."""
    with TTFont(path, fontNumber=0) as font:
        return set(font.getBestCmap())


def mask(face, text):
    """The ink of `text` drawn alone in `face`, as bytes of a fixed canvas."""
    image = Image.new("L", (400, 200), 0)
    ImageDraw.Draw(image).text((20, 150), text, font=face, fill=255, anchor="ls")
    return image.tobytes()


def visible(ch):
    return not ch.isspace() and unicodedata.category(ch)[0] not in "MC"


def dejavu(size, bold):
    return fonts.faces(bold)[0].font(size)


@needs_fallbacks
@pytest.mark.parametrize("name", NAMES, ids=IDS)
@pytest.mark.parametrize("bold", [False, True])
def test_every_character_drawn_is_in_the_font_file_of_its_run(name, bold):
    runs = fonts.runs(name, bold)
    for run, face in runs:
        have = cmap(face.path)
        assert all(ord(ch) in have for ch in run), (run, face.path)
    drawn = "".join(run for run, _face in runs)
    if name == EMOJI:  # what no font has is drawn as a stand-in, never left out
        assert drawn == "Anna " + fonts.STAND_IN and fonts.drawable(name) == "Anna □"
    else:
        assert drawn == name  # nothing of the name left out
        letters = [face for run, face in runs if any(map(visible, run))]
        assert dejavu(44, bold).path not in {face.path for face in letters}  # not its boxes


@needs_fallbacks
@pytest.mark.parametrize("name", NAMES, ids=IDS)
@pytest.mark.parametrize("bold", [False, True])
def test_no_character_drawn_is_its_fonts_box(name, bold):
    """Each character drawn alone from its run's file, as the picture draws it, against
    that file's own box (.notdef); DejaVu alone draws the box for the same character."""
    box = {}
    for run, face in fonts.runs(name, bold):
        font = face.font(44)
        box.setdefault(face.path, mask(font, NOWHERE))
        for ch in filter(visible, run):
            assert mask(font, ch) != box[face.path], (ch, face.path)
            if face != fonts.faces(bold)[0]:
                assert mask(dejavu(44, bold), ch) == mask(dejavu(44, bold), NOWHERE), ch


def test_what_dejavus_bold_file_lacks_is_drawn_from_its_regular_file():
    """DejaVu Sans Bold lacks characters the regular file has (the Arabic mathematical
    letters): bold text takes them from the regular file, outlined, never a box."""
    regular, bold = fonts.faces(False)[0], fonts.faces(True)[0]
    lacking = sorted(cmap(regular.path) - cmap(bold.path))
    assert lacking  # what this test is about
    name = "Ali " + chr(lacking[0])
    (word, first), (letter, second) = fonts.runs(name, bold=True)
    assert (word, first) == ("Ali ", bold)
    assert letter == chr(lacking[0]) and second.path == regular.path and second.outline
    assert fonts.drawable(name) == name


@needs_fallbacks
def test_the_name_drawn_in_the_chain_is_not_a_row_of_boxes():
    """The whole name drawn by the picture against DejaVu alone drawing it (a box for
    every letter, the same box each time)."""
    dejavu_bold = dejavu(44, True)
    for name in (CHINESE, HINDI, THAI, TAMIL):
        image = Image.new("L", (600, 200), 0)
        fonts.text(ImageDraw.Draw(image), (20, 150), name, 44, True, 255)
        boxes = Image.new("L", (600, 200), 0)
        ImageDraw.Draw(boxes).text((20, 150), name, font=dejavu_bold, fill=255, anchor="ls")
        assert image.tobytes() != boxes.tobytes()
        letters = [ch for ch in name if visible(ch)]
        assert len({mask(dejavu_bold, ch) for ch in letters}) == 1  # DejaVu: one box for all


@needs_fallbacks
@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_long_chinese_name_that_lost_is_said_whole_within_the_picture(lang):
    game = play(make_game((LONG_CJK, CHINESE, "Ingrid"), threshold=21), (25, 3, 4))
    game = fresh(game)
    result = game.outcome()
    draw = ImageDraw.Draw(Image.new("RGB", picture.SIZE))
    with translation.override(lang):
        shown = night.picture_names(game)
        title = night.headline(game, result, shown)
    assert shown[:2] == [LONG_CJK, CHINESE] and LONG_CJK in title
    fmt = words.points_formatter(lang)
    standings = [
        picture.Standing(shown[i], fmt(result.totals[i]), "lost" * (i in result.losers), i == 0)
        for i in range(3)
    ]
    texts, chart_top = picture.layout(draw, title, "1 December 2026 · Standard", standings)
    lines = [t.text for t in texts if t.bold and t.x == picture.MARGIN]
    assert " ".join(lines).split() == title.split()  # every word whole, in order
    assert LONG_CJK in " ".join(lines).split()  # the name whole, on one line
    for text in texts:
        left, top, right, bottom = text.box(draw)
        assert left >= picture.MARGIN - 1 and right <= picture.SIZE[0] - picture.MARGIN + 1, text
        assert top >= 0 and bottom <= chart_top, text
        drawn = fonts.runs(text.text, text.bold)
        assert "".join(run for run, _face in drawn) == text.text  # all of it
    assert LONG_CJK in {t.text for t in texts}  # whole in the standings, measured as drawn
    boxes = [t.box(draw) for t in texts]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.fixture
def dejavu_only(tmp_path):
    """A server with only fonts-dejavu-core: the chain pointed at a folder that holds
    DejaVu Sans and nothing else."""
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copy(Path(settings.GHOST_FONT_DIR) / name, tmp_path / name)
    with override_settings(GHOST_FONT_DIR=str(tmp_path), GHOST_FALLBACK_FONT_DIR=str(tmp_path)):
        yield tmp_path


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "seat"), [("en", "Player 1"), ("nb", "Spiller 1")])
def test_without_the_optional_fonts_the_picture_draws_with_the_seats_label(dejavu_only, lang, seat):
    assert [font.path for font in fonts.chain()] == [str(dejavu_only / "DejaVuSans.ttf")]
    assert fonts.drawable(CHINESE) == "□□□" and fonts.drawable(f"Anna {CHINESE}") == "Anna □□□"
    game = fresh(play(make_game((CHINESE, f"Anna {CHINESE}", THAI)), (25, 3, 4)))
    with translation.override(lang):
        shown = night.picture_names(game)
        title = night.headline(game, game.outcome(), shown)
        png = night.draw_result(game, lang)
    assert shown == [seat, "Anna □□□", seat.replace("1", "3")]
    assert seat in title and CHINESE not in title
    assert Image.open(io.BytesIO(png)).size == picture.SIZE
    for name in [title, *shown]:  # every character the picture draws, DejaVu has
        runs = fonts.runs(name, bold=True)
        assert "".join(run for run, _face in runs) == name
        assert all(ord(ch) in cmap(face.path) for run, face in runs for ch in run)
        assert all(Path(face.path).parent == dejavu_only for _run, face in runs)


def test_a_font_without_its_bold_file_draws_bold_from_the_regular_one(tmp_path):
    """Only some of the optional files there (Thai's regular, not its bold): the picture
    still draws, bold Thai from the regular face with an outline."""
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copy(Path(settings.GHOST_FONT_DIR) / name, tmp_path / name)
    [thai] = [font.regular for font in fonts.FALLBACKS if font.package == "fonts-tlwg-loma-ttf"]
    source = Path(settings.GHOST_FALLBACK_FONT_DIR) / thai
    if not source.is_file():
        pytest.skip(f"{source} is not installed")
    (tmp_path / thai).parent.mkdir(parents=True)
    shutil.copy(source, tmp_path / thai)
    with override_settings(GHOST_FONT_DIR=str(tmp_path), GHOST_FALLBACK_FONT_DIR=str(tmp_path)):
        [(run, face)] = fonts.runs("สมชาย", bold=True)
        assert face.path == str(tmp_path / thai) and face.outline and face.stroke(44) > 0
        assert fonts.runs(run, bold=False)[0][1].stroke(44) == 0
        ink = []
        for bold in (False, True):
            image = Image.new("L", (600, 200), 0)
            fonts.text(ImageDraw.Draw(image), (20, 150), run, 44, bold, 255)
            ink.append(sum(image.histogram()[128:]))
        assert 0 < ink[0] < ink[1]  # drawn, and heavier in bold
        regular = ImageFont.truetype(str(tmp_path / thai), 44)
        assert all(mask(regular, ch) != mask(regular, NOWHERE) for ch in run)


def test_each_fonts_coverage_is_its_character_map():
    """The ranges kept per font hold exactly the characters its map has."""
    for face in {*fonts.faces(False), *fonts.faces(True)}:
        have = cmap(face.path)
        assert all(face.covers(chr(point)) for point in have), face.path
        around = {p + 1 for p in have} | {p - 1 for p in have if p > 0}
        assert not any(face.covers(chr(p)) for p in around - have if p < 0x110000), face.path


@pytest.mark.parametrize("anchor", ["ls", "rs", "ms", "lm", "rm"])
@pytest.mark.parametrize("bold", [False, True])
def test_text_dejavu_has_is_drawn_as_pillow_draws_it_in_dejavu(anchor, bold):
    """Names in the scripts DejaVu has come out pixel for pixel as before the chain."""
    pillows_font = dejavu(28, bold)
    for text in ("Håkon Bjørnstad-Eriksen", "Ωμέγα Ёлка", "21", "1,5", "runde"):
        for x in (300, 300.4, 300.5):
            ours, pillows = Image.new("L", (700, 100), 0), Image.new("L", (700, 100), 0)
            fonts.text(ImageDraw.Draw(ours), (x, 50), text, 28, bold, 255, anchor)
            ImageDraw.Draw(pillows).text((x, 50), text, font=pillows_font, fill=255, anchor=anchor)
            assert ours.tobytes() == pillows.tobytes(), (text, x)
            box = fonts.bbox(ImageDraw.Draw(ours), (x, 50), text, 28, bold, anchor)
            theirs = ImageDraw.Draw(ours).textbbox((x, 50), text, font=pillows_font, anchor=anchor)
            assert tuple(box) == tuple(theirs), (text, box, theirs)


def test_a_letters_marks_are_bounded_so_none_draws_over_the_headline():
    name = "a" + "\u0301" * 23
    assert fonts.drawable(name) == "a" + "\u0301" * fonts.MARKS_PER_LETTER
    assert fonts.drawable("Zoe\u0308") == "Zoe\u0308"  # a name's own mark stays


@pytest.mark.django_db
def test_two_names_the_picture_would_print_alike_are_told_apart(dejavu_only):
    # Two Chinese names with the same first letter: DejaVu has none of them, so both
    # would print "Bo □"; each gets its seat's number.
    game = make_game(("Bo 王", "Bo 李", "Cy"))
    shown = night.picture_names(game)
    assert shown == ["Bo □ (1)", "Bo □ (2)", "Cy"]
    assert len(set(shown)) == 3
