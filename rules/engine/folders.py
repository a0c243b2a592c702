"""Each game's own templates and static files, found in its package's folder
(rules/games/<key>/templates/, static/) as an app's are found in the app: a template
loader and a static files finder that ask the registry, so a game brings its own files
without a line in the settings."""

from __future__ import annotations

from django.contrib.staticfiles.finders import FileSystemFinder
from django.core.files.storage import FileSystemStorage
from django.template.loaders.filesystem import Loader as FileSystemLoader

from rules import games


def _folders(kind: str) -> list[str]:
    return [
        str(path)
        for path in (games.folder(key) / kind for key in games.known_keys())
        if path.is_dir()
    ]


class GameTemplates(FileSystemLoader):
    """Templates in each game's `templates/` folder, by the same names the shared ones
    have (`scorepad/<key>/_fields.html`)."""

    def get_dirs(self):
        return _folders("templates")


class GameStatic(FileSystemFinder):
    """Static files in each game's `static/` folder, as collectstatic and WhiteNoise's
    finders see an app's; asked afresh each time, as a game may come later (a test's)."""

    def __init__(self, app_names=None, *args, **kwargs):
        pass

    @property
    def locations(self):
        return [("", folder) for folder in _folders("static")]

    @property
    def storages(self):
        return {root: FileSystemStorage(location=root) for _prefix, root in self.locations}

    def check(self, **kwargs):
        return []
