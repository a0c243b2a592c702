"""The game a page's header, title and footer name: the context's `site_game`
(context_processors.game_switch), or the default game's for a page rendered without the
site's context (Django's CSRF failure page, a test's render_to_string)."""

from django import template
from django.utils.translation import get_language

from rules import games

register = template.Library()


@register.simple_tag(takes_context=True)
def page_game(context) -> dict:
    from ghost_site.context_processors import site_game  # it reaches the scorepad's pads

    return context.get("site_game") or site_game(games.DEFAULT_KEY, get_language())
