from django.apps import AppConfig


class ScorepadConfig(AppConfig):
    name = "scorepad"

    def ready(self):
        from django.utils.autoreload import file_changed

        from scorepad.pages import pagecache

        # Under `make run`: a changed template shows at once, kept pages or not.
        file_changed.connect(pagecache.template_changed, dispatch_uid="scorepad-kept-pages")
