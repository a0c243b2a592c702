"""`{% word "key" n=3 %}`: a word of the shared scorepad templates in the page's game's
own terms (its pad's `words`, else its `texts`: a round, or whatever the game plays),
its values filled in (by the pad's `word`, which may name a round rather than number
it: a tie's extra hole). The pad is the context's `pad`, or its game's. A word the game lacks
is an error: a shared template asks for a game's word only where that game can be."""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def word(context, key, **values):
    game = context.get("game")
    pad = context.get("pad") or game.pad
    return pad.word(key, game if hasattr(game, "house_for") else None, **values)
