from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"

    def ready(self):
        # Check the rules data at start-up: a broken entry stops the server, not a page.
        from . import loader

        loader.rules()
