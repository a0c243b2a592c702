"""Django's refusal of a form sent without its CSRF token, in the game's own header,
title and footer when the form was one game's (a scorepad game's address)."""

from django.views.csrf import csrf_failure as django_csrf_failure

from scorepad.models import Game


def csrf_failure(request, reason=""):
    """The page Django gives (403_csrf.html), named after the game of the address's
    edit token, as that game's other pages are (context_processors.current_game)."""
    match = request.resolver_match
    token = match.kwargs.get("token") if match and match.namespace == "scorepad" else None
    if token:
        key = Game.objects.filter(edit_token=token).values_list("game", flat=True).first()
        if key:
            request.game_key = key
    return django_csrf_failure(request, reason)
