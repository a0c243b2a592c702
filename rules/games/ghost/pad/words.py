"""Ghost's words on the scorepad: the messages of a change to its rounds (`TEXTS`) and
the words of the shared templates (`WORDS`, `{% word %}`)."""

from django.utils.translation import gettext_lazy as _

# The messages of a change to a game's rounds, by what happened (scorepad/views/game.py).
TEXTS = {
    "saved": _("Round %(n)s saved."),
    "already_saved": _("Round %(n)s was already saved."),
    "not_next": _("Round %(n)s is not the next round; the next one is %(next)s."),
    "game_over": _("The game is over. Undo or edit a round to reopen it."),
    "full": _(
        "This game holds %(n)s rounds, the most one game can keep. Start a rematch to "
        "play on; this game stays as it is."
    ),
    "conflict": _(
        "Round %(n)s was just entered from another phone: check the table. Your numbers "
        "are still in the form; save them only if they belong to round %(next)s."
    ),
    "changed": _("Round %(n)s changed."),
    "same": _("Round %(n)s already holds these numbers."),
    "edit_conflict": _(
        "Someone changed round %(n)s meanwhile. Here it is as it is "
        "now; your numbers were not saved."
    ),
    "undone_meanwhile": _("Round %(n)s was undone meanwhile; your numbers were not saved."),
    "no_such": _("This game has no round %(n)s; nothing was saved."),
    "undo_unnamed": _("The form did not say which round to undo; nothing changed."),
    "undone": _("Round %(n)s undone. You can bring it back until the next round is entered."),
    "already_undone": _("Round %(n)s was already undone."),
    "undo_not_last": _("Only the last round, round %(last)s, can be undone; nothing changed."),
    "undo_none": _("This game has no round %(n)s to undo."),
    "back": _("Round %(n)s is back."),
    "already_back": _("Round %(n)s is already back."),
    "back_decided": _("The game is decided, so no round can come back. Undo a round first."),
    "back_taken": _("That round cannot come back: a new round has taken its place."),
    "edit_label": _("Edit round %(n)s"),
    "offline_refusal": _(
        "No connection: undoing, changing and bringing back rounds need the server, so "
        "nothing was changed. New rounds are kept on this phone until they can be sent."
    ),
    # The outbox's words for the script (scorepad/_outbox.html): {n}, {names}, {rounds}
    # are filled in on the phone.
    "outbox_included_one": _("The standings include 1 round kept on this phone, not yet sent."),
    "outbox_included_other": _(
        "The standings include {n} rounds kept on this phone, not yet sent."
    ),
    "outbox_lost": _(
        "Provisional, not yet sent: by the rounds kept on this phone, the game is lost by {names}."
    ),
    "outbox_won": _(
        "Provisional, not yet sent: by the round kept on this phone, the win goes to {names}."
    ),
    "outbox_decided": _(
        "No further round: the game is decided on this phone. The rounds are sent as soon "
        "as there is a connection."
    ),
    "outbox_no_form": _(
        "This game is decided on the server, so the round cannot go back in a form here. "
        "Undo or edit a round to reopen the game, or discard the kept round."
    ),
}

# The words of the shared scorepad templates that differ by game (`{% word "key" %}`,
# scorepad/templatetags/pad.py); a word with values is filled in there.
WORDS = {
    "start_title": _("Scorepad"),
    "start_description": _(
        "Keep score of a game of Ghost played with a real deck: each round is saved as you "
        "enter it, and rounds entered without a signal are sent later."
    ),
    "start_intro": _(
        "Keep score of a game played with a real deck. Every round is saved as soon as you "
        "enter it."
    ),
    "site_title": _("Ghost, the card game"),
    "game_description": _(
        "The score of a game of Ghost, round by round, with the standings and a link the "
        "whole table can follow."
    ),
    "watch_description": _(
        "The score of a game of Ghost, brought up to date as each round is entered."
    ),
    "edit_description": _(
        "Change a round of a game of Ghost. The old numbers stay in the game’s history."
    ),
    "history_description": _("The undone and changed rounds of a game of Ghost."),
    "heading": _("Round %(n)s"),
    "save": _("Save round %(n)s"),
    "undo": _("Undo round %(n)s"),
    "bring_back": _("Bring back round %(n)s"),
    "being_played": _("Round %(n)s is being played; %(d)s deals."),
    "go_on": _("To go on with this game instead, undo or edit a round."),
    "share_title": _("Follow our game of Ghost"),
    "result_share_title": _("Our game of Ghost"),
    "chart_caption": _("Running totals after each round. Every number is in"),
    "chart_caption_threshold": _(
        "Running totals after each round; the dashed red line is the loss threshold. Every "
        "number is in"
    ),
    "table_link": _("the table of rounds"),
    "table_caption": _("Rounds: the round’s total, and the running sum below it"),
    "table_winner": _("(round winner)"),
    "series_caption": _("Games lost and won this evening, this one included"),
    "series_caption_playing": _("Games lost and won this evening before this one"),
    "history_summary": _("History: undone and changed rounds, corrected names"),
    "history_item": _("Round %(n)s, %(status)s:"),
    "history_empty": _("Nothing has been undone or changed in this game."),
}
