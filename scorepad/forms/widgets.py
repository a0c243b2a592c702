"""The scorepad's form widgets."""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html


class PlainInput:
    """Renders the <input> in Python. Django's template per widget was two thirds of the
    game page's time (profiled); the attributes and escaping are the same."""

    def render(self, name, value, attrs=None, renderer=None):
        final = {"type": self.input_type, "name": name, **self.build_attrs(self.attrs, attrs)}
        shown = self.format_value(value)
        if shown is not None:
            final["value"] = shown
        return format_html("<input{}>", flatatt(final))


class TextInput(PlainInput, forms.TextInput):
    pass


class HiddenInput(PlainInput, forms.HiddenInput):
    pass
