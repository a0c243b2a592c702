"""The game night around the score table: the chart of the game, the evening's series,
the statistics of "My games" and the result picture, ready for the templates.

Numbers come from the models (`Game.course`, `GameQuerySet.series_so_far`,
`GameQuerySet.statistics`); this module only words and formats them in the reader's
language. The views that serve them are in `night_views.py`.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from rules import games, words
from rules.engine import loader
from scorepad.logic import chart, names, scoring, stats
from scorepad.models import Game, NameChange
from scorepad.models.querysets import Summary
from scorepad.pages import picture_fonts
from scorepad.pages import result_picture as picture

PICTURE_SECONDS = 24 * 3600


def course_context(game: Game, result: scoring.Outcome, fmt) -> dict:
    """The chart of the game and the words that go with it (needs `load_board()`); the
    names at the lines' ends cut by their measured width (for the phone's own drawing
    too, `chart_labels`)."""
    labels = picture_fonts.chart_labels([player.name for player in game.player_list])
    course = game.course(fmt, result, labels)
    if course is None:
        return {"chart": None, "chart_labels": labels, "result_file": result_file(game)}
    totals = ", ".join(f"{line.name} {fmt(line.total)}" for line in course.lines)
    extra = len(result.rounds) > course.rounds  # a tie's extra hole, not on the chart
    description = game.pad.course_description(course.rounds, totals, extra=extra)
    if game.threshold is not None:
        description += " " + _("The loss threshold is %(t)s.") % {"t": game.threshold}
    return {
        "chart": course,
        "chart_labels": labels,
        "chart_description": description,
        "threshold_label": fmt(game.threshold) if game.threshold is not None else "",
        "result_file": result_file(game),
    }


def result_file(game: Game) -> str:
    """Named like the exports: the game's day and a tag from its watch token."""
    tag = hashlib.blake2b(game.watch_token.encode(), digest_size=4).hexdigest()
    return f"{game.game}-{timezone.localdate(game.created_at).isoformat()}-{tag}.png"


def series_context(game: Game) -> dict:
    """The evening so far, for a game that continues a series (a rematch): two queries
    whatever the series holds (`GameQuerySet.series_results`), and this game's own
    result from its board. The first game of a series has nothing before it, so it
    costs none."""
    if game.rematch_of_id is None:
        return {"series": None}
    names = [p.name for p in game.player_list]
    lost, won, earlier = Game.objects.series_results(game, len(names))
    outcome = game.outcome()
    standing = stats.standing(names, lost, won, outcome)
    # A game under way counts in the evening once it is over: till then the heading
    # counts the games over, and says this one is being played.
    return {
        "series": standing,
        "series_games": earlier + 1,
        "series_over": earlier,
        "series_playing": not outcome.finished,
    }


def series_mark(game: Game) -> str:
    """What changes when an earlier game of the series changes (one query), for the keys
    of kept pages; empty for the first game of a series."""
    if game.rematch_of_id is None:
        return ""
    latest = Game.objects.filter(series=game.series, pk__lt=game.pk).aggregate(
        latest=Max("updated_at")
    )["latest"]
    return str(latest.timestamp()) if latest else ""


def group_by_series(summaries: list[Summary]) -> list[list[Summary]]:
    """ "My games" (newest first) with the games of one series together, each group in
    the place of its newest game."""
    groups: dict[str, list[Summary]] = {}
    for item in summaries:
        groups.setdefault(item.game.series, []).append(item)
    return list(groups.values())


def series_summary(group: list[Summary]) -> list[stats.SeriesSeat]:
    return stats.series_standing(list(reversed(group)))


# --------------------------------------------------------------- statistics


def streak_text(row: stats.PlayerStats, outcomes=("won", "lost", "neither")) -> str:
    """A player's run of finished games, in the outcomes the game has (`Pad.outcomes`):
    where nobody loses, a game not won was simply not won."""
    n = row.streak_length
    if row.streak is stats.Streak.NEITHER and "lost" not in outcomes:
        return ngettext("did not win the last game", "did not win the last %(n)s games", n) % {
            "n": n
        }
    match row.streak:
        case stats.Streak.WON:
            return ngettext("won the last game", "won the last %(n)s games", n) % {"n": n}
        case stats.Streak.LOST:
            return ngettext("lost the last game", "lost the last %(n)s games", n) % {"n": n}
        case stats.Streak.NEITHER:
            return ngettext(
                "neither won nor lost the last game",
                "neither won nor lost the last %(n)s games",
                n,
            ) % {"n": n}
    return _("no game finished yet")


def statistics_rows(edit_tokens: list[str]) -> list[dict]:
    return [row for section in statistics_sections(edit_tokens) for row in section["rows"]]


def statistics_sections(edit_tokens: list[str]) -> list[dict]:
    """The statistics per game played, each with its own words (rounds, holes)."""
    fmt = words.points_formatter(get_language())
    found = Game.objects.statistics_by_game(edit_tokens)
    sections = []
    for key in games.known_keys():
        if key not in found:
            continue
        pad = Game(game=key).pad
        rows = [
            {
                "name": row.name,
                "games": row.games,
                "lost": row.lost,
                "won": row.won,
                "average": fmt(row.average),
                "best": fmt(row.best),
                "worst": fmt(row.worst),
                "rounds": row.rounds,
                "rounds_won": row.rounds_won,
                "streak": streak_text(row, pad.outcomes),
            }
            for row in found[key]
        ]
        if rows:
            name = games.get(key).names[get_language()]
            sections.append({"key": key, "name": name, "rows": rows, **pad.stats_words})
    return sections


# --------------------------------------------------------------- the result picture


def result_png(game: Game) -> bytes:
    """The finished game's result as a PNG in the active language (needs `load_board()`),
    kept per game version, time of the last change and language, like the game page."""
    language = get_language()
    key = f"result-png:{game.watch_token}:{game.version}:{game.updated_at.timestamp()}:{language}"
    png = cache.get(key)
    if png is None:
        png = draw_result(game, language)
        cache.set(key, png, PICTURE_SECONDS)
    return png


def picture_names(game: Game) -> list[str]:
    """The players' names as the picture can draw them (`picture_fonts.drawable`: a
    stand-in for what none of its fonts has), and where no letter is left, the seat's
    label ("Player 3") as the scorepad words an empty name."""
    shown = []
    for seat, player in enumerate(game.player_list):
        name = picture_fonts.drawable(player.name)
        shown.append(
            name if names.has_visible_letter(name) else _("Player %(n)s") % {"n": seat + 1}
        )
    # Two names the picture would print alike (told apart only by what it cannot draw)
    # get their seat's number, so no two players print the same.
    alike = {name for name in shown if shown.count(name) > 1}
    return [
        f"{name} ({seat + 1})" if name in alike and name != player.name else name
        for seat, (name, player) in enumerate(zip(shown, game.player_list, strict=True))
    ]


def headline(game: Game, result: scoring.Outcome, shown: list[str] | None = None) -> str:
    """The picture's headline, as the game's scorepad says it (`Game.pad`). `shown`: the
    names as the picture draws them (the players' names where not given)."""
    shown = shown or [player.name for player in game.player_list]
    return game.pad.headline(game, result, shown)


def draw_result(game: Game, language: str) -> bytes:
    fmt = words.points_formatter(language)
    result = game.outcome()
    # lowest total first; between equal totals the winners first (a tie's extra hole)
    order = sorted(
        range(len(game.player_list)),
        key=lambda i: (result.totals[i], i not in result.winners, i),
    )
    shown = picture_names(game)
    standings, place, before = [], 0, None
    for row, i in enumerate(order, 1):
        key = (result.totals[i], i in result.winners, i in result.losers)
        if key != before:  # players who share a result share its place
            place, before = row, key
        standings.append(
            picture.Standing(
                shown[i],
                fmt(result.totals[i]),
                _("lost") if i in result.losers else _("won") if i in result.winners else "",
                i in result.losers,
                place=place,
            )
        )
    day = formats.date_format(timezone.localtime(game.created_at), "DAY_FORMAT")
    running = game.counted_running(result)
    rounds = game.pad.count_text(len(running), extra=len(result.rounds) > len(running))
    variant = loader.variant_name(game.variant, game=game.game)
    subtitle = picture.SEPARATOR.join([day, variant, rounds])  # broken only between them
    threshold = fmt(game.threshold) if game.threshold is not None else ""
    course = chart.course(shown, running, result.threshold, fmt)
    marks = picture.name_marks(len(shown))
    title = picture.between_names(headline(game, result, marks), marks, shown)
    return picture.result_png(
        title,
        subtitle,
        standings,
        course,
        threshold,
        str(game.pad.axis_word),
    )


def name_changes(game: Game) -> list[NameChange]:
    return list(game.name_changes.order_by("at", "pk"))
