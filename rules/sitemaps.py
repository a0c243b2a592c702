"""The sitemap (django.contrib.sitemaps, named in robots.txt): the indexable pages of
every game in both languages, each with its other languages as alternates. The pages
for a table's house rules say noindex, so they are not listed."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rules import games


def rules_url_name(key: str) -> str:
    return "rules:rules" if key == games.DEFAULT_KEY else f"rules:{key}-rules"


class RulesSitemap(Sitemap):
    i18n = True  # each page once per language of settings.LANGUAGES
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self) -> list[str]:
        return ["rules:home", "rules:variants", *map(rules_url_name, games.known_keys())]

    def location(self, item: str) -> str:
        return reverse(item)


SITEMAPS = {"rules": RulesSitemap}
