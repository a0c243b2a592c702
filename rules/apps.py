from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured


class RulesConfig(AppConfig):
    name = "rules"

    def ready(self):
        # Every game found in rules/games/ is whole, and its rules texts are true at
        # every table: a game that lacks a part or a broken entry stops the server, not a
        # page, and never falls back to another game.
        from . import games
        from .engine import loader

        for key in games.known_keys():
            missing = games.check(key)
            if missing:
                raise ImproperlyConfigured(
                    f"The game {key!r} ({games.package(key)}) lacks: {', '.join(missing)}. "
                    "See docs/new-game.md."
                )
            loader.rules(key)
