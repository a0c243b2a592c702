from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"

    def ready(self):
        # Check every game's rules texts at start-up: a broken entry stops the server,
        # not a page.
        from . import games
        from .engine import loader

        for key in games.known_keys():
            loader.rules(key)
