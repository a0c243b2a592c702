"""`{% word "key" n=3 %}`: a word of the shared scorepad templates in the page's game's
own terms (its pad's `words`, else its `texts`: a round, or whatever the game plays),
its values filled in. The pad is the context's `pad`, or its game's. A word the game lacks
is an error: a shared template asks for a game's word only where that game can be."""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def word(context, key, **values):
    pad = context.get("pad") or context["game"].pad
    text = pad.words[key] if key in pad.words else pad.texts[key]
    return str(text % values if values else text)
