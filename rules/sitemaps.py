"""The sitemap (django.contrib.sitemaps, named in robots.txt): the indexable pages of
every game in both languages, each with its other languages as alternates. The pages
for a table's house rules say noindex, so they are not listed."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import NoReverseMatch, reverse

from rules import games


def rules_url_name(key: str, kind: str = "rules") -> str:
    return f"rules:{kind}" if key == games.DEFAULT_KEY else f"rules:{key}-{kind}"


class RulesSitemap(Sitemap):
    i18n = True  # each page once per language of settings.LANGUAGES
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self) -> list[str]:
        keys = games.known_keys()
        return [
            "rules:home",
            *(rules_url_name(key) for key in keys),
            # each game's variants page, where it has one (a test's game may not)
            *(n for n in (rules_url_name(key, "variants") for key in keys) if _exists(n)),
        ]

    def location(self, item: str) -> str:
        return reverse(item)


def _exists(name: str) -> bool:
    try:
        reverse(name)
    except NoReverseMatch:
        return False
    return True


SITEMAPS = {"rules": RulesSitemap}
