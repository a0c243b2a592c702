from django.urls import path
from django.utils.translation import pgettext_lazy

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.home, name="home"),
    path(pgettext_lazy("url", "rules/"), views.rules_page, name="rules"),
    path(pgettext_lazy("url", "variants/"), views.variants_page, name="variants"),
]
