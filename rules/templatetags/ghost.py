from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from rules import words

register = template.Library()


@register.filter
def points(value):
    """A score in the reader's format: 3.5 / 3,5; whole numbers stay whole."""
    if value is None or value == "":
        return ""
    return words.format_points(value, get_language())


@register.filter
def lang(texts):
    """The reader's language out of a {"en": …, "nb": …} text from the rules data."""
    return texts.get(get_language(), texts.get("en", ""))


and_list = register.filter("and_list", words.and_list)  # also importable from here


@register.filter
def rules_url(game):
    """The rules as this game's table plays them, from the top: the page is written for
    the game's variant, so the reader starts at its beginning, not in the variant table."""
    from rules.views import house_url

    return house_url("rules", game.house)


@register.filter
def card_url(game):
    from rules.views import house_url

    return house_url("card", game.house)


@register.filter
def sheet_url(game):
    from rules.views import house_url

    return house_url("sheet", game.house, len(game.player_list))


@register.filter
def autofocused(tag):
    """A rendered <input> that takes the focus: the first choice of a refused radio group."""
    return mark_safe(str(tag).replace("<input ", "<input autofocus ", 1))
