"""The link to a practice game at a page's table: `{% practice_link house as link %}`
gives its address and words (None for a game without a practice model)."""

from django import template

from rules import games
from rules.practice import has_practice, words_module

register = template.Library()


@register.simple_tag
def practice_link(house):
    from rules.views import house_url  # the rules pages' addresses by table

    game = games.of(house)
    if not has_practice(game):
        return None
    return {"url": house_url("practice", house), "text": words_module(game).link_text()}
