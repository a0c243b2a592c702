"""Two Cards' words on the scorepad, English and Norwegian side by side: the messages of
a change to its rounds (`TEXTS`) and the shared templates' words (`WORDS`)."""

from ..words import said

TEXTS = {
    "saved": said("Round %(n)s saved.", "Runde %(n)s er lagret."),
    "already_saved": said("Round %(n)s was already saved.", "Runde %(n)s var allerede lagret."),
    "not_next": said(
        "Round %(n)s is not the next round; the next one is %(next)s.",
        "Runde %(n)s er ikke neste runde; neste er %(next)s.",
    ),
    "game_over": said(
        "The game is over. Undo or edit a round to reopen it.",
        "Spillet er slutt. Angre eller endre en runde for å åpne det igjen.",
    ),
    "full": said(
        "This game holds %(n)s rounds, the most one game can keep.",
        "Dette spillet har %(n)s runder, det meste ett spill kan ha.",
    ),
    "conflict": said(
        "Round %(n)s was just entered from another phone. Save your numbers only if they "
        "belong to round %(next)s.",
        "Runde %(n)s ble nettopp ført fra en annen telefon. Lagre tallene dine bare hvis de "
        "hører til runde %(next)s.",
    ),
    "changed": said("Round %(n)s changed.", "Runde %(n)s er endret."),
    "same": said(
        "Round %(n)s already holds these numbers.", "Runde %(n)s har allerede disse tallene."
    ),
    "edit_conflict": said(
        "Someone changed round %(n)s meanwhile; your numbers were not saved.",
        "Noen endret runde %(n)s i mellomtiden; tallene dine ble ikke lagret.",
    ),
    "undone_meanwhile": said(
        "Round %(n)s was undone meanwhile; your numbers were not saved.",
        "Runde %(n)s ble angret i mellomtiden; tallene dine ble ikke lagret.",
    ),
    "no_such": said(
        "This game has no round %(n)s; nothing was saved.",
        "Dette spillet har ingen runde %(n)s; ingenting ble lagret.",
    ),
    "undo_unnamed": said(
        "The form did not say which round to undo; nothing changed.",
        "Skjemaet sa ikke hvilken runde som skulle angres; ingenting ble endret.",
    ),
    "undone": said(
        "Round %(n)s undone. You can bring it back until the next round is entered.",
        "Runde %(n)s er angret. Du kan hente den tilbake til neste runde blir ført.",
    ),
    "already_undone": said("Round %(n)s was already undone.", "Runde %(n)s var allerede angret."),
    "undo_not_last": said(
        "Only the last round, round %(last)s, can be undone; nothing changed.",
        "Bare den siste runden, runde %(last)s, kan angres; ingenting ble endret.",
    ),
    "undo_none": said(
        "This game has no round %(n)s to undo.", "Spillet har ingen runde %(n)s å angre."
    ),
    "back": said("Round %(n)s is back.", "Runde %(n)s er tilbake."),
    "already_back": said("Round %(n)s is already back.", "Runde %(n)s er allerede tilbake."),
    "back_decided": said(
        "The game is decided, so no round can come back. Undo a round first.",
        "Spillet er avgjort, så ingen runde kan komme tilbake. Angre en runde først.",
    ),
    "back_taken": said(
        "That round cannot come back: a new round has taken its place.",
        "Den runden kan ikke komme tilbake: en ny runde har tatt plassen.",
    ),
    "edit_label": said("Edit round %(n)s", "Endre runde %(n)s"),
    "offline_refusal": said(
        "No connection: nothing was changed.", "Ingen forbindelse: ingenting ble endret."
    ),
}

WORDS = {
    "start_title": said("Scorepad for Two Cards", "Poengblokk for To kort"),
    "start_description": said(
        "Keep score of a game of Two Cards played with a real deck.",
        "Før poeng i et spill To kort med en ekte kortstokk.",
    ),
    "start_intro": said(
        "Every round is saved as soon as you enter it.",
        "Hver runde lagres så snart du fører den.",
    ),
    "site_title": said("Two Cards, a toy game", "To kort, et lekespill"),
    "game_description": said(
        "The score of a game of Two Cards, round by round.",
        "Poengene i et spill To kort, runde for runde.",
    ),
    "watch_description": said(
        "The score of a game of Two Cards, as each round is entered.",
        "Poengene i et spill To kort, etter hvert som rundene føres.",
    ),
    "edit_description": said(
        "Change a round of a game of Two Cards.", "Endre en runde i et spill To kort."
    ),
    "history_description": said(
        "The undone and changed rounds of a game of Two Cards.",
        "Angrede og endrede runder i et spill To kort.",
    ),
    "heading": said("Round %(n)s", "Runde %(n)s"),
    "save": said("Save round %(n)s", "Lagre runde %(n)s"),
    "undo": said("Undo round %(n)s", "Angre runde %(n)s"),
    "bring_back": said("Bring back round %(n)s", "Hent tilbake runde %(n)s"),
    "being_played": said(
        "Round %(n)s is being played; %(d)s deals.", "Runde %(n)s spilles; %(d)s deler ut."
    ),
    "go_on": said(
        "To go on with this game instead, undo or edit a round.",
        "For å fortsette dette spillet i stedet, angre eller endre en runde.",
    ),
    "share_title": said("Follow our game of Two Cards", "Følg spillet vårt i To kort"),
    "result_share_title": said("Our game of Two Cards", "Spillet vårt i To kort"),
    "chart_caption": said(
        "Running totals after each round. Every number is in",
        "Summen etter hver runde. Alle tallene står i",
    ),
    "table_link": said("the table of rounds", "tabellen over rundene"),
    "table_caption": said(
        "Rounds: the round’s total, and the running sum below it",
        "Runder: rundens sum, og summen så langt under den",
    ),
    "table_winner": said("(round winner)", "(vant runden)"),
    "series_caption": said(
        "Games won in this series, this game included",
        "Spill vunnet i denne serien, dette spillet medregnet",
    ),
    "history_summary": said(
        "History: undone and changed rounds, corrected names",
        "Historikk: angrede og endrede runder, rettede navn",
    ),
    "history_item": said("Round %(n)s, %(status)s:", "Runde %(n)s, %(status)s:"),
    "history_empty": said(
        "Nothing has been undone or changed in this game.",
        "Ingenting er angret eller endret i dette spillet.",
    ),
}
