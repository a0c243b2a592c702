"""`{% kept_frame "name" %}…{% endkept_frame %}`: a part of base.html (the head, the
header, the footer and scripts) kept like the page parts it frames.

A page that is itself rendered around kept parts (the game page, scorepad/pages/pagecache.py)
sets `frame_key`, the key of its parts (game, version, language): what base.html draws
around them is then the same for every request of that version and address, so it is
rendered once and kept in the default cache under that key and the page's canonical
address, with Django's own fragment keys. Nothing of one request may stand inside
(the CSRF token and the messages stay outside these tags). Without `frame_key`, or with
DEBUG on (where nothing is kept, as for the parts), the tag renders what it holds."""

from django import template
from django.conf import settings
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key

register = template.Library()

FRAME_SECONDS = 600  # as long as the parts it frames (pagecache.PAGE_SECONDS)


class KeptFrameNode(template.Node):
    def __init__(self, name: str, nodelist):
        self.name, self.nodelist = name, nodelist

    def render(self, context):
        key = context.get("frame_key")
        if not key or settings.DEBUG:
            return self.nodelist.render(context)
        cache_key = make_template_fragment_key(
            f"frame-{self.name}", [key, context.get("canonical_url", "")]
        )
        html = cache.get(cache_key)
        if html is None:
            html = self.nodelist.render(context)
            cache.set(cache_key, html, FRAME_SECONDS)
        return html


@register.tag
def kept_frame(parser, token):
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("kept_frame takes one name")
    nodelist = parser.parse(("endkept_frame",))
    parser.delete_first_token()
    return KeptFrameNode(bits[1].strip("\"'"), nodelist)
