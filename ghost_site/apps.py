from django.apps import AppConfig


class GhostSiteConfig(AppConfig):
    """The project package as an app: site-wide templates, static files and commands."""

    name = "ghost_site"
