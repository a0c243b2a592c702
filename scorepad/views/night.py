"""The game night's pages: statistics across "My games", the result picture, and putting
a player's name right. As thin as the other views: the numbers come from the models, the
words from `night.py`."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from rules.views import sheet_context, template
from scorepad.forms import RenameForm, taken_text
from scorepad.models import MAX_RENAMES, Game, Result
from scorepad.pages import night
from scorepad.pages.mygames import MY_GAMES
from scorepad.views.game import after_change, show_game


@require_safe
@never_cache
def statistics(request):
    sections = night.statistics_sections(request.session.get(MY_GAMES, []))
    if len(sections) == 1:  # a page of one game wears that game's header and footer
        request.game_key = sections[0]["key"]
    return render(request, "scorepad/statistics.html", {"sections": sections})


def picture_response(game: Game) -> HttpResponse:
    if not game.outcome().finished:
        raise Http404("The game is not decided yet.")
    response = HttpResponse(night.result_png(game), content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="{night.result_file(game)}"'
    return response


@require_safe
@never_cache
def result_picture(request, token):
    return picture_response(get_object_or_404(Game, edit_token=token))


@require_safe
@never_cache
def watch_result_picture(request, token):
    return picture_response(get_object_or_404(Game, watch_token=token))


@require_safe
def score_sheet(request, token):
    """The paper score sheet for this game's players: their names over the columns."""
    game = get_object_or_404(Game, edit_token=token)
    request.game_key = game.game
    return render(
        request, template("sheet.html", game.rules), sheet_context(game.house, game.player_list)
    )


@require_POST
@never_cache
def rename(request, token):
    game = get_object_or_404(Game, edit_token=token)
    form = RenameForm(request.POST, players=game.player_list)
    if not form.is_valid():
        return show_game(request, game, rename_form=form, status=422)
    seat, name = form.cleaned_data["seat"], form.cleaned_data["name"]
    change = game.rename_player(seat, name)
    match change.result:
        case Result.SAVED:
            messages.success(
                request, _("%(old)s is now called %(new)s.") % {"old": change.name, "new": name}
            )
        case Result.ALREADY_SAVED:
            messages.info(request, _("%(name)s already has that name.") % {"name": name})
        case Result.TAKEN:
            # Another phone gave that name to someone else meanwhile.
            form.add_error("name", taken_text(name))
            game = get_object_or_404(Game, edit_token=token)
            return show_game(request, game, rename_form=form, status=409)
        case Result.GONE:
            messages.error(request, _("This game has no such player; nothing changed."))
        case Result.RENAMES_FULL:
            messages.error(
                request,
                _(
                    "Names have been corrected %(n)s times in this game, the most a game "
                    "allows; %(name)s keeps the name."
                )
                % {"n": MAX_RENAMES, "name": change.name},
            )
    return after_change(request, game, "board")  # the board with the new name, as after a round
