"""The new-game pages: the default game's at the scorepad's own address, each other
game's at its key; a game started redirects to its page."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules import games
from rules.engine.address import from_slug
from scorepad import pads
from scorepad.models import Game, Result
from scorepad.models.ratelimit import new_game_wait, too_many_games_text
from scorepad.pages.mygames import my_games, remember_game


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def start(request):
    return new_game(request)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def start_game(request, game):
    """The new-game page of a game other than the default (its key in the address)."""
    if game not in pads.game_keys() or game == games.DEFAULT_KEY:
        raise Http404("no such game")
    return new_game(request, game)


def new_game(request, game=None):
    """A new game of the game chosen (the default's page, or another's own page)."""
    status = 200
    pad = pads.get(game)
    if request.method == "POST":
        form = pad.new_game_form(request.POST)
    else:
        form = form_for_table(pad, request.GET.get("table"))
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            change = Game.start(
                data["names"],
                phones_start_key(request, data["start_key"]),
                may_start=lambda: new_game_wait(request),
                game=pad.key,
                **pad.start_fields(form),
                first_dealer=data["first_dealer"],
            )
            if change.result is not Result.LIMITED:
                remember_game(request, change.game)
                for note in form.start_notes():
                    messages.info(request, note)
                # the scoring area on the phone's first screen, as after a round
                return redirect(reverse("scorepad:game", args=[change.game.edit_token]) + "#board")
            messages.error(request, too_many_games_text(change.wait))
            status = 429
    return render_start(request, form, status, pad)


def phones_start_key(request, key: str) -> str | None:
    """The form's key bound to the phone that holds the form (its CSRF secret): a double
    tap on that phone finds its game, while the same key posted by any other phone (read
    from a log, say) starts a game of its own and never opens this one. What is stored,
    and what a database log could show, is this digest, which no one can post."""
    if not key:
        return None
    phone = request.META.get("CSRF_COOKIE", "")
    return salted_hmac("scorepad.start_key", f"{key}:{phone}", algorithm="sha256").hexdigest()[:32]


def form_for_table(pad, slug: str | None):
    """The new-game form, with a table filled in when `?table=` names one as a rules
    page's address does (a practice game's "keep score with these rules"); a table this
    game cannot read is left out."""
    if slug:
        try:
            house = from_slug(slug, games.get(pad.key))
        except (ValueError, TypeError):
            return pad.new_game_form(None)
        return pad.new_game_form.for_house(house)
    return pad.new_game_form(None)


def render_start(request, form, status=200, pad=None):
    pad = pad or pads.get()
    mine = my_games(request)
    context = {
        "form": form,
        "my_games": mine,
        "my_games_count": sum(len(entry["games"]) for entry in mine),  # a series is several
        "choices": game_choices(pad),
        "pad": pad,  # the game's words and scripts (scorepad/start.html)
    }
    return render(request, pad.templates["start"], context, status=status)


def game_choices(chosen) -> list[dict]:
    """The games a new game may be, each with its own start page (no script needed)."""
    language = get_language()
    return [
        {
            "name": games.get(key).names[language],
            "url": pads.start_url(key),
            "chosen": key == chosen.key,
        }
        for key in pads.game_keys()
    ]
