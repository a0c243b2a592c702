from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control, cache_page
from django.views.decorators.http import require_safe

from . import cards, content

# Rules pages change only with a deploy: keep the whole response per language, let
# browsers keep it for an hour, and answer revalidations with 304 (ConditionalGet).
rules_cache = cache_page(60 * 60, cache="pages")
public = cache_control(public=True, max_age=60 * 60)


def _context(**extra):
    language = get_language()
    context = {
        "facts": content.FACTS,
        "jack_value": cards.JACK_HALF,
        "sections": content.rendered_sections(language),
    }
    context.update(extra)
    return context


@require_safe
@public
@rules_cache
def home(request):
    return render(request, "rules/home.html", {"facts": content.FACTS})


@require_safe
@public
@rules_cache
def rules_page(request):
    return render(request, "rules/rules.html", _context())


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
