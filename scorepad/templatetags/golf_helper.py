"""`{% golf_rank_buttons %}`: the rank pad of Golf's layout helper
(scorepad/golf/_layout_helper.html), every rank a Golf table can hold in pack order, the
joker last, with the corner letters and card names of the reader's language. The page's
script hides the ranks a table does not play and tells places and scores from them."""

from functools import lru_cache

from django import template
from django.utils.html import format_html_join
from django.utils.translation import get_language

from rules import words
from rules.games.golf.cards import JOKER_READINGS, ranks_in_play

register = template.Library()


@lru_cache
def rank_buttons(language: str) -> str:
    every_rank = ranks_in_play(next(iter(JOKER_READINGS)))
    return format_html_join(
        "",
        '<button type="button" class="rank" data-rank="{}" aria-label="{}">{}</button>',
        ((r, words.RANK_NAMES[language][r], words.rank_label(r, language)) for r in every_rank),
    )


@register.simple_tag
def golf_rank_buttons() -> str:
    return rank_buttons(get_language())
