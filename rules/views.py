from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control, cache_page
from django.views.decorators.http import require_safe

from . import content

# Rules pages change only with a deploy: keep the whole response per language, let
# browsers keep it for an hour, and answer revalidations with 304 (ConditionalGet).
rules_cache = cache_page(60 * 60, cache="pages")
public = cache_control(public=True, max_age=60 * 60)


@require_safe
@public
@rules_cache
def home(request):
    return render(request, "rules/home.html", {"facts": content.FACTS})


@require_safe
@public
@rules_cache
def rules_page(request):
    return render(
        request, "rules/rules.html", {"sections": content.rendered_sections(get_language())}
    )


@require_safe
@public
@rules_cache
def variants_page(request):
    language = get_language()
    return render(
        request,
        "rules/variants.html",
        {
            "rows": content.variant_rows(language),
            "standard": content.render_text(
                content.rules().variants["standard"]["description"], language
            ),
        },
    )


def prerendered_paths() -> list[str]:
    """The pages that change only with a deploy: rendered once, served from memory."""
    paths = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            paths += [reverse(name) for name in ("rules:home", "rules:rules", "rules:variants")]
    return paths
