"""Golf's words on the scorepad: the messages of a change to its holes (`TEXTS`) and
the words of the shared templates (`WORDS`, `{% word %}`)."""

from django.utils.translation import gettext_lazy as _

# The messages of a change to a game's holes.
TEXTS = {
    "saved": _("Hole %(n)s saved."),
    "already_saved": _("Hole %(n)s was already saved."),
    "not_next": _("Hole %(n)s is not the next hole; the next one is %(next)s."),
    "game_over": _("The game is over. Undo or edit a hole to reopen it."),
    "full": _(
        "This game holds %(n)s holes, the most one game can keep. Start a rematch to "
        "play on; this game stays as it is."
    ),
    "conflict": _(
        "Hole %(n)s was just entered from another phone: check the table. Your numbers "
        "are still in the form; save them only if they belong to hole %(next)s."
    ),
    "changed": _("Hole %(n)s changed."),
    "same": _("Hole %(n)s already holds these numbers."),
    "edit_conflict": _(
        "Someone changed hole %(n)s meanwhile. Here it is as it is now; your numbers were "
        "not saved."
    ),
    "undone_meanwhile": _("Hole %(n)s was undone meanwhile; your numbers were not saved."),
    "no_such": _("This game has no hole %(n)s; nothing was saved."),
    "undo_unnamed": _("The form did not say which hole to undo; nothing changed."),
    "undone": _("Hole %(n)s undone. You can bring it back until the next hole is entered."),
    "already_undone": _("Hole %(n)s was already undone."),
    "undo_not_last": _("Only the last hole, hole %(last)s, can be undone; nothing changed."),
    "undo_none": _("This game has no hole %(n)s to undo."),
    "back": _("Hole %(n)s is back."),
    "already_back": _("Hole %(n)s is already back."),
    "back_decided": _("The game is decided, so no hole can come back. Undo a hole first."),
    "back_taken": _("That hole cannot come back: a new hole has taken its place."),
    # Only Golf has a hole that some players sit out: the extra hole (Result.OTHER_PLAYERS).
    "other_players": _(
        "Hole %(n)s was not saved: an earlier hole was changed, and other players are tied "
        "for the extra hole now. Check the table and enter the hole again."
    ),
    "edit_other_players": _(
        "Hole %(n)s was not changed: these scores change who is tied after the last hole, "
        "so the extra hole as entered would no longer fit. Undo the extra hole first, "
        "then change hole %(n)s."
    ),
    "back_other_players": _(
        "Hole %(n)s cannot come back: since it was undone, an earlier hole was changed, and "
        "other players are tied for the extra hole now."
    ),
    "edit_label": _("Edit hole %(n)s"),
    "offline_refusal": _(
        "No connection: undoing, changing and bringing back holes need the server, so "
        "nothing was changed. New holes are kept on this phone until they can be sent."
    ),
    "outbox_included_one": _("The standings include 1 hole kept on this phone, not yet sent."),
    "outbox_included_other": _("The standings include {n} holes kept on this phone, not yet sent."),
    # Golf has no loser: a decided game is won, whichever way the script puts it.
    "outbox_lost": _(
        "Provisional, not yet sent: by the holes kept on this phone, the win goes to {names}."
    ),
    "outbox_won": _(
        "Provisional, not yet sent: by the holes kept on this phone, the win goes to {names}."
    ),
    "outbox_decided": _(
        "No further hole: the game is decided on this phone. The holes are sent as soon as "
        "there is a connection."
    ),
    "outbox_no_form": _(
        "This game is decided on the server, so the hole cannot go back in a form here. "
        "Undo or edit a hole to reopen the game, or discard the kept hole."
    ),
}

# The words of the shared scorepad templates that differ by game.
WORDS = {
    "start_title": _("Scorepad for Golf"),
    "start_description": _(
        "Keep score of a game of Golf played with a real deck: each hole is saved as you "
        "enter it, and holes entered without a signal are sent later."
    ),
    "start_intro": _(
        "Keep score of a game of Golf played with a real deck. Every hole is saved as soon "
        "as you enter it."
    ),
    "site_title": _("Golf, the card game"),
    "game_description": _(
        "The score of a game of Golf, hole by hole, with the standings and a link the "
        "whole table can follow."
    ),
    "watch_description": _(
        "The score of a game of Golf, brought up to date as each hole is entered."
    ),
    "edit_description": _(
        "Change a hole of a game of Golf. The old numbers stay in the game’s history."
    ),
    "history_description": _("The undone and changed holes of a game of Golf."),
    "heading": _("Hole %(n)s"),
    "save": _("Save hole %(n)s"),
    "undo": _("Undo hole %(n)s"),
    "bring_back": _("Bring back hole %(n)s"),
    "being_played": _("Hole %(n)s is being played; %(d)s deals."),
    # Only Golf has players who play on while the others wait: the extra hole.
    "playing_heading": _("Extra hole"),
    "playing_save": _("Save the extra hole"),
    "playing_row": _("Extra hole"),
    "playing_edit": _("Edit the extra hole"),
    "playing_played": _("The extra hole is being played; %(d)s deals."),
    "playing_news": _(
        "A tie after the last hole: %(names)s play one extra hole, and its lowest score wins."
    ),
    "go_on": _("To go on with this game instead, undo or edit a hole."),
    "share_title": _("Follow our game of Golf"),
    "result_share_title": _("Our game of Golf"),
    "chart_caption": _("Running totals after each hole; lower is better. Every number is in"),
    "table_link": _("the table of holes"),
    "table_caption": _("Holes: the hole’s score, and the running total below it"),
    "table_winner": _("(lowest score of the hole)"),
    "series_caption": _("Games of Golf won this evening, this one included"),
    "series_caption_playing": _("Games of Golf won this evening before this one"),
    "history_summary": _("History: undone and changed holes, corrected names"),
    "history_item": _("Hole %(n)s, %(status)s:"),
    "history_empty": _("No hole has been undone or changed in this game."),
}
