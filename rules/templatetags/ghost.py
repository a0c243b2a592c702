from django import template
from django.utils.translation import get_language

from rules import content

register = template.Library()


@register.filter
def points(value):
    """A score in the reader's format: 3.5 / 3,5; whole numbers stay whole."""
    if value is None or value == "":
        return ""
    return content.format_points(value, get_language())


@register.filter
def lang(texts):
    """The reader's language out of a {"en": …, "nb": …} text from the rules data."""
    return texts.get(get_language(), texts.get("en", ""))
