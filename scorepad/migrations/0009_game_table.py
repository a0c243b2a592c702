"""A game's table of choices becomes one JSON field, `Game.table`, as its game object's
`table_of` writes it (rules/engine/game.py): Ghost's four columns and Golf's six move into
it, every value as it was, and the columns and their check constraints go (the game's
schema, `house_from_table`, holds their rule now). `variant` stays a column.

History, frozen as it was: this file names the columns of the two games that had them
when it was written. A game added later keeps its table in the JSON field from the start
and needs no migration.
"""

from django.db import migrations, models

# The columns of each game's table before this migration, by the name its table uses.
GHOST = {"jack": "jack_value", "start_card": "start_card", "swap_seen": "swap_seen"}
GOLF = ("jokers", "four_of_a_kind", "caller_penalty", "extra_hole", "holes", "flip")
COLUMNS = (*GHOST.values(), "threshold", *GOLF)


def table_of_row(row) -> dict:
    """A stored game's columns as its table: Golf's six, or (any other key, as every
    stored game was Ghost or Golf) Ghost's four, the jack as "0.5" or "11.0"."""
    if row.game == "golf":
        return {name: getattr(row, name) for name in GOLF}
    return {
        "jack": f"{row.jack_value:.1f}",
        "start_card": row.start_card,
        "swap_seen": row.swap_seen,
        "threshold": row.threshold,
    }


def columns_to_table(apps, schema_editor):
    Game = apps.get_model("scorepad", "Game")
    rows = list(Game.objects.only("pk", "game", *COLUMNS))
    for row in rows:
        row.table = table_of_row(row)
    Game.objects.bulk_update(rows, ["table"], batch_size=500)


def table_to_columns(apps, schema_editor):
    """Backwards: each table's choices into the columns again (a choice the table lacks
    keeps the column's default)."""
    Game = apps.get_model("scorepad", "Game")
    rows = list(Game.objects.all())
    for row in rows:
        table = row.table or {}
        if row.game == "golf":
            for name in GOLF:
                if name in table:
                    setattr(row, name, table[name])
            row.threshold = None
        else:
            if "jack" in table:
                row.jack_value = table["jack"]
            for name in ("start_card", "swap_seen", "threshold"):
                if name in table:
                    setattr(row, name, table[name])
    Game.objects.bulk_update(rows, list(COLUMNS), batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0008_golf_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="table",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(columns_to_table, table_to_columns),
        migrations.RemoveConstraint(model_name="game", name="jack_is_half_or_eleven"),
        migrations.RemoveConstraint(model_name="game", name="threshold_in_range"),
        migrations.RemoveConstraint(model_name="game", name="holes_in_range"),
        *(migrations.RemoveField(model_name="game", name=name) for name in COLUMNS),
        migrations.AlterField(
            model_name="game",
            name="variant",
            field=models.CharField(default="standard", max_length=20),
        ),
    ]
