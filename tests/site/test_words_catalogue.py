"""Issue 27: the whole interface catalogue and every rendered rules page, read for two
slips an editor catches at a glance: a straight apostrophe in English (the site writes
’ throughout) and "1 points" (a count of one is singular)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import strip_tags

from rules.engine import schema
from rules.games.ghost import cards

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "nb" / "LC_MESSAGES" / "django.po"
ONE_POINTS = re.compile(r"(?<![\d.,])1(?:\s|\xa0)+points\b")
# Numbers before "points" in a message that is not a plural entry, and why they are
# never one: the default threshold, and the top of a range of round totals.
NEVER_ONE = {
    "when someone reaches %(n)s points",  # n is cards.LOSS_THRESHOLD
    "%(name)s: from %(low)s to %(high)s points in a round.",  # high: the dearest hand
    "%(name)s: from %(low)s to %(high)s points in a round, but never %(missing)s.",
}


def english_messages() -> list[tuple[str, bool]]:
    """Every msgid of the catalogue (English), with whether it has a plural form."""
    text = CATALOGUE.read_text(encoding="utf-8")
    found = []
    for entry in text.split("\n\n"):
        if entry.lstrip().startswith("#~"):
            continue  # obsolete: no longer on any page
        parts = re.findall(r'^(msgid(?:_plural)?|msgstr\S*) ((?:".*"\n?)+)', entry, re.M)
        fields = {
            key: "".join(re.findall(r'"(.*)"', value)).replace('\\"', '"') for key, value in parts
        }
        if fields.get("msgid"):
            found.append((fields["msgid"], "msgid_plural" in fields))
            if "msgid_plural" in fields:
                found.append((fields["msgid_plural"], True))
    return found


def test_the_catalogue_is_read():
    assert len(english_messages()) > 300


def test_no_english_interface_string_has_a_straight_apostrophe():
    straight = [m for m, _plural in english_messages() if "'" in m]
    assert straight == []


def test_a_count_before_points_is_a_plural_entry_or_never_one():
    loose = [
        m
        for m, plural in english_messages()
        if re.search(r"(%\(\w+\)s|\{\{ ?\w+ ?\}\})(\s|\xa0)points\b", m)
        and not plural
        and m not in NEVER_ONE
    ]
    assert loose == []


def page_text(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    body = response.content.decode()
    body = body[body.index("<body") :]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return html.unescape(strip_tags(body))


def rules_paths(language: str) -> list[str]:
    one = cards.House(threshold=1)  # a threshold of one point, rendered on request
    houses = [h for h in schema.all_houses() if not h.is_default()] + [one]
    with translation.override(language):
        paths = [reverse("rules:rules"), reverse("rules:variants"), reverse("rules:card")]
        paths += [reverse("rules:home"), reverse("rules:sheet", args=[2])]
        paths += [reverse("rules:rules-for", args=[h]) for h in houses]
        paths += [reverse("rules:card-for", args=[one]), reverse("rules:sheet-for", args=[2, one])]
    return paths


def test_every_english_rules_page_has_curly_apostrophes_only(client):
    for path in rules_paths("en"):
        text = page_text(client, path)
        assert "'" not in text, (path, text[max(0, text.index("'") - 60) : text.index("'") + 20])


@pytest.mark.parametrize("language", ["en", "nb"])
def test_no_rules_page_says_one_points(client, language):
    for path in rules_paths(language):
        assert not ONE_POINTS.search(page_text(client, path)), path


def test_a_threshold_of_one_is_one_point_and_names_no_lower_number(client):
    one = cards.House(threshold=1)
    with translation.override("en"):
        text = page_text(client, reverse("rules:rules-for", args=[one]))
        sheet = page_text(client, reverse("rules:sheet-for", args=[2, one]))
    assert "plays to 1\xa0point instead of 21:" in text  # the noun once (issue 35)
    assert "The first to reach 1 point loses." in sheet
    faq = text[text.index("How does a game of several rounds work?") :][:300]
    assert "lower number" not in faq
