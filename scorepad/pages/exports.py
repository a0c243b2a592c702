"""A game's scores as files to download: CSV for a spreadsheet and JSON."""

import hashlib

from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from rules import words
from scorepad.models import Game

# A spreadsheet runs a cell that begins with one of these as a formula (OWASP, "CSV
# injection"); a leading apostrophe makes it text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(cell: str) -> str:
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def number_cell(value) -> str:
    """A score as a spreadsheet reads a number: the reader's decimal mark, and a minus a
    spreadsheet takes as one (the page shows a real minus sign, −2)."""
    return "" if value is None else words.format_points(value).replace(words.MINUS, "-")


def counted(game: Game):
    """Whether a round adds to the totals: every one but a round only some play (a tie's
    extra hole)."""
    return getattr(game.ending(), "counts", lambda _number: True)


def export_rows(game: Game) -> list[list[str]]:
    """The game as a spreadsheet reads it, top to bottom: the rounds that count, their
    totals said for what they are ("Total after 2 holes"), then a round that adds nothing
    (a tie's extra hole, or a round entered before an edit decided the game earlier) under
    its own name, then, once the game is decided, who won and who lost."""
    players = game.player_list
    result = game.outcome()
    counts = counted(game)
    pad = game.pad
    rows = [[str(pad.round_word)] + [spreadsheet_text(p.name) for p in players]]
    apart = []
    for rnd, points in zip(game.live_rounds, result.rounds, strict=True):
        cells = [number_cell(p) for p in points]
        if not counts(rnd.number):
            apart.append([pad.word("playing_row")] + cells)
        elif result.finished_after is not None and rnd.number > result.finished_after:
            said = _("%(n)s (after the game was decided: not counted)") % {"n": rnd.number}
            apart.append([said] + cells)
        else:
            rows.append([str(rnd.number)] + cells)
    total = _("Total after %(count)s") % {"count": pad.count_text(len(rows) - 1)}
    rows.append([total] + [number_cell(t) for t in result.totals])
    rows += apart
    if result.finished:
        said = {i: _("won") for i in result.winners} | {i: _("lost") for i in result.losers}
        rows.append([_("Result")] + [said.get(i, "") for i in range(len(players))])
    return rows


def export_name(game: Game, extension: str) -> str:
    """Named in the reader's language (its pad's `file_stem`-…) by the game's day and a tag
    from its token: nothing counts the site's games. A name with "ø" goes as filename*."""
    tag = hashlib.blake2b(game.watch_token.encode(), digest_size=4).hexdigest()
    day = timezone.localdate(game.created_at).isoformat()
    stem = str(game.pad.file_stem)
    return content_disposition_header(True, f"{stem}-{day}-{tag}.{extension}")


def private_download(response, game: Game, extension: str):
    response["Content-Disposition"] = export_name(game, extension)
    response["Cache-Control"] = "private, no-store"
    return response


def json_data(game: Game, watch_url: str) -> dict:
    """Every row of the game, undone and replaced ones too, with the outcome."""
    players = game.player_list
    result = game.outcome()
    history = game.rounds.order_by("number", "created_at").prefetch_related("scores")
    order = {p.pk: i for i, p in enumerate(players)}
    counts = counted(game)
    # Whole scores as numbers (16, not "16.0", where a game scores whole points); half
    # points kept as text ("3.5").
    number = int if game.pad.whole_scores else str

    def points_of(rnd):
        pts = [None] * len(players)
        for s in rnd.scores.all():
            pts[order[s.player_id]] = {"points": number(s.points), "cards": s.cards}
            if s.written is not None:
                # What the cards scored, before a rule changed it (the caller penalty):
                # "points" is what the player writes and what counts.
                pts[order[s.player_id]]["scored"] = number(s.written)
        return pts

    def row(rnd):
        found = {
            "number": rnd.number,
            "status": rnd.status,
            "entered": rnd.created_at.isoformat(),
            "scores": points_of(rnd),
        }
        if not counts(rnd.number):  # a tie's extra hole: only the tied play it, no total
            found["extra_hole"] = True
        if rnd.caller is not None:
            found["caller"] = players[rnd.caller].name
        return found

    return {
        "started": game.created_at.isoformat(),
        **game.pad.json_table(game),
        "first_dealer": game.first_dealer,
        "players": [p.name for p in players],
        "name_changes": [
            {"seat": c.player.position, "from": c.old, "to": c.new, "at": c.at.isoformat()}
            for c in game.name_changes.select_related("player").order_by("at", "pk")
        ],
        "rounds": [row(r) for r in history],
        "totals": [number(t) for t in result.totals],
        "finished_after_round": result.finished_after,
        "losers": [players[i].name for i in result.losers],
        "winners": [players[i].name for i in result.winners],
        "watch_url": watch_url,
    }
