"""The rules engine, for any registered game (rules/games): the protocol a game follows
(game.py), its texts loaded and checked (loader.py, schema.py, prose.py), rendered into
pages (rendering.py), and a table's house rules in an address (address.py)."""
