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
    have (`scorepad/golf/_hole_fields.html`)."""

    def get_dirs(self):
        return _folders("templates")


class GameStatic(FileSystemFinder):
    """Static files in each game's `static/` folder, as collectstatic and WhiteNoise's
    finders see an app's."""

    def __init__(self, app_names=None, *args, **kwargs):
        self.locations = [("", folder) for folder in _folders("static")]
        self.storages = {}
        for prefix, root in self.locations:
            storage = FileSystemStorage(location=root)
            storage.prefix = prefix
            self.storages[root] = storage

    def check(self, **kwargs):
        return []
