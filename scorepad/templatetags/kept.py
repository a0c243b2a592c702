"""`{% csrf_token_for "form-id" %}`: the CSRF token of a form in a page part that is kept
(rendered once per game version and language, scorepad/pages/pagecache.py). A kept part
holds nothing of one request: rendered for keeping, the tag writes nothing and notes the
form's id, and the page renders the token input for that form around the part
(`<input … form="form-id">`, which the browser sends with the form it names). Rendered
for one request (the edit and history pages), it is `{% csrf_token %}`."""

from django import template
from django.template.defaulttags import CsrfTokenNode

register = template.Library()

KEPT_FORMS = "kept_forms"  # the list a part rendered for keeping notes its forms in


@register.simple_tag(takes_context=True)
def csrf_token_for(context, form=""):
    kept = context.get(KEPT_FORMS)
    if kept is not None:
        kept.append(form)
        return ""
    return CsrfTokenNode().render(context)
