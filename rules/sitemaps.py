"""The sitemap (django.contrib.sitemaps, named in robots.txt): the indexable pages of
every game in both languages, each with its other languages as alternates. The pages
for a table's house rules say noindex, so they are not listed."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rules import games


class RulesSitemap(Sitemap):
    i18n = True  # each page once per language of settings.LANGUAGES
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self) -> list[tuple[str, str | None]]:
        keys = games.known_keys()
        return [
            ("home", None),
            *(("rules", key) for key in keys),
            *(("variants", key) for key in keys),
        ]

    def location(self, item: tuple[str, str | None]) -> str:
        name, key = item
        return reverse(f"rules:{name}", kwargs={"game": key} if key else {})


SITEMAPS = {"rules": RulesSitemap}
