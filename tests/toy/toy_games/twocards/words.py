"""Two Cards' words in both languages, chosen by the active language when they are
read: the game lives outside the site's catalogue (a test's package), so it carries its
own English and Norwegian side by side instead of gettext."""

from django.utils.functional import lazy
from django.utils.translation import get_language


def _pick(en: str, nb: str) -> str:
    return nb if (get_language() or "en").startswith("nb") else en


said = lazy(_pick, str)  # said("Round", "Runde"): a lazy string, as gettext_lazy gives
