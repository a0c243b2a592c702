"""The limit on new games per client: a mark per game started, the client's address."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import ngettext


class RateMark(models.Model):
    """One new game started from one client address: the rate limit's sliding window.

    In the database rather than a cache, so page traffic cannot evict it and every app
    process and server counts the same marks."""

    WINDOW = timedelta(hours=1)

    client = models.CharField(max_length=64, db_index=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    @classmethod
    def take(cls, client: str, limit: int) -> timedelta | None:
        """Count one new game for `client`. None when allowed; otherwise how long until
        the oldest mark in the window expires and a new game is allowed again."""
        now = timezone.now()
        since = now - cls.WINDOW
        cls.objects.filter(client=client, at__lt=since).delete()
        mark = cls.objects.create(client=client, at=now)
        # Count only marks up to ours: two at once may both be refused at the edge, but
        # the limit is never passed.
        earlier = cls.objects.filter(client=client, at__gte=since, pk__lte=mark.pk)
        if earlier.count() <= limit:
            return None
        mark.delete()
        oldest = (
            cls.objects.filter(client=client, at__gte=since)
            .order_by("at")
            .values_list("at", flat=True)
        ).first()
        return (oldest or now) + cls.WINDOW - now


def client_address(request) -> str:
    """Behind our TLS proxy every request comes from the proxy: the client is the address
    the proxy appended last to X-Forwarded-For (earlier entries are the client's to forge)."""
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR", "unknown")[:64]


def new_game_wait(request):
    """None when this client may start a game now; otherwise how long until it may."""
    return RateMark.take(client_address(request), settings.GAMES_PER_HOUR_PER_CLIENT)


def too_many_games_text(wait) -> str:
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return ngettext(
        "That is a lot of new games from one place. You can start another in %(n)s minute; "
        "until then, keep playing one of your games.",
        "That is a lot of new games from one place. You can start another in %(n)s minutes; "
        "until then, keep playing one of your games.",
        minutes,
    ) % {"n": minutes}
