"""The practice game's pages: the start page at a rules page's table, and the game.

Every move is a form (a POST with the move and the step it was made at), so the game is
played without JavaScript; with htmx the board answers in place. The state lives in the
session (store.py), never in the page: a move from an older page (another tab, a
replay) is refused with the game as it is now, an illegal or forged one likewise. The
game's own model and sentences are found through the game object (practice/__init__.py);
nothing here names a game.
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules import games
from rules.engine.address import to_slug
from scorepad.models.ratelimit import too_many_games_text

from . import has_practice, play_module, store, words_module
from . import table as skeleton
from . import words as shared_words

LEVEL_CHOICES = [
    ("beginner", pgettext_lazy("practice level", "A beginner")),
    ("careful", pgettext_lazy("practice level", "A careful player")),
]


class StartForm(forms.Form):
    opponents = forms.TypedChoiceField(
        label=_("Computer players"), coerce=int, widget=forms.RadioSelect
    )
    level = forms.ChoiceField(
        label=_("They play like"), choices=LEVEL_CHOICES, widget=forms.RadioSelect
    )

    def __init__(self, *args, seats: range, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["opponents"].choices = [(n - 1, str(n - 1)) for n in seats]
        self.fields["opponents"].initial = 1
        self.fields["level"].initial = "careful"


def _game_for(game_key: str | None) -> Any:
    try:
        played = games.get(game_key)
    except KeyError:
        raise Http404("no such game") from None
    if not has_practice(played):
        raise Http404("no practice game for this game")
    return played


def table_urls(house: Any) -> dict[str, str]:
    """The pages a practice game links to, at its table: the rules page, the practice
    start page (to play again) and the scorepad's new-game form with the table filled in."""
    from rules.views import house_url  # the rules pages' addresses, by the table

    game = games.of(house)
    start = (
        reverse("scorepad:start")
        if game.key == games.DEFAULT_KEY
        else reverse("scorepad:start-game", kwargs={"game": game.key})
    )
    if not house.is_default():
        start += "?" + urlencode({"table": to_slug(house)})
    return {
        "rules": house_url("rules", house),
        "practice": house_url("practice", house),
        "scorepad": start,
    }


def summary(house: Any) -> list[str]:
    return games.part(games.of(house).key, "house").summary(house)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def start(request, game: str, house: str | None = None):
    """The start page at a table: how many computer players and how they play; a POST
    deals (rate limited like new scorepad games) and opens the game."""
    from rules.views import table  # the table a rules page's address names

    played = _game_for(game)
    house = table(played, house) or played.House()
    play = play_module(played)
    form = StartForm(request.POST or None, seats=skeleton.seats_at(house))
    status = 200
    problem = None
    if request.method == "POST":
        status = 422
        if form.is_valid():
            wait = store.start_wait(request)
            if wait is None:
                seats = form.cleaned_data["opponents"] + 1
                state = play.deal(house, seats, form.cleaned_data["level"], secrets.randbits(48))
                token = store.new_token()
                store.save(request.session, token, play.play_out(state))
                return redirect("rules:practice-game", token=token)
            problem = too_many_games_text(wait)
            status = 429
    request.game_key = played.key
    context = {
        "form": form,
        "game": played,
        "game_name": played.names[get_language()],
        "round_word": played.words["round"][get_language()],
        "summary": summary(house),
        "urls": table_urls(house),
        "problem": problem,
        "house": house,
    }
    return render(request, "rules/practice/start.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def game(request, token: str):
    """A practice game: its board; a POST makes the reader's move (the computers answer
    at once). Without htmx a move made is answered by a redirect to the game (so that a
    reload never sends it again); a refused one by the game as it is, with the reason."""
    state = store.load(request.session, token)
    if state is None:
        return render(request, "rules/practice/gone.html", status=404)
    played = _game_for(state.get("game"))
    play = play_module(played)
    request.game_key = played.key
    problem, status = None, 200
    if request.method == "POST":
        move, step = request.POST.get("move", ""), request.POST.get("step", "")
        if step != str(state["step"]):
            problem, status = (
                gettext(
                    "That move was made on an older view of this game (another tab, or a "
                    "page sent twice). Nothing changed: here is the game as it is now."
                ),
                409,
            )
        else:
            try:
                state = play.play_out(play.apply(state, move))
            except skeleton.Illegal:
                problem, status = (
                    gettext("That move is not one you can make now. Nothing changed."),
                    422,
                )
            else:
                store.save(request.session, token, state)
                if not request.htmx:
                    return redirect("rules:practice-game", token=token)
    context = board_context(played, state, token)
    context["problem"] = problem
    name = "rules/practice/_board.html" if request.htmx else "rules/practice/game.html"
    return render(request, name, context, status=status)


def board_context(played: Any, state: dict, token: str) -> dict:
    """What the board shows the reader: the seat's view of the state, in words."""
    play, words = play_module(played), words_module(played)
    view = play.view(state, skeleton.READER)
    house = skeleton.house_of(state)
    language = get_language()
    urls = table_urls(house)
    line, anchor = words.step_line(view)
    # the moves made since the reader's last one (all of them at the end)
    events = view["events"]
    if not view["over"]:
        mine = [i for i, e in enumerate(events) if e["seat"] == skeleton.READER]
        events = events[mine[-1] :] if mine else events
    else:
        events = events[-len(view["levels"]) :]
    return {
        "view": view,
        "token": token,
        "game": played,
        "game_name": played.names[language],
        "round_word": played.words["round"][language],
        "house": house,
        "summary": summary(house),
        "urls": urls,
        "step_line": line,
        "step_url": f"{urls['rules']}#{anchor}",
        "events": [words.event_line(e, view) for e in events],
        "names": [words.seat_name(s) for s in range(view["seats"])],
        "moves": {m: words.move_label(m, view) for m in view["moves"]},
        "table_template": words.TABLE_TEMPLATE,
        "board": words.board(view),
        "result_line": shared_words.result_line(view) if view["over"] else "",
        "limit_line": str(words.LIMIT_LINE) % {"n": skeleton.TURN_LIMIT} if view["limit"] else "",
        "review": [words.review_line(item, view) for item in view["review"]],
    }
