"""The limit on new games per client: a mark per game started, the client's address."""

import ipaddress
import logging
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import ngettext

log = logging.getLogger(__name__)


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
        cls.objects.filter(at__lt=since).delete()  # every client's expired marks
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


def client_key(address: str) -> str | None:
    """One key per client from an address as proxies and servers write it: an IPv4
    address alone (`1.2.3.4`, `1.2.3.4:5678`, `::ffff:1.2.3.4`), an IPv6 address as its
    /64 (one home or phone network gets a /64 and can use every address in it). None
    when it is not an address."""
    text = address.strip()
    if text.startswith("[") and "]" in text:  # [v6] or [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])  # a zone (%eth0) is not the client
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_address(request) -> str | None:
    """Behind our TLS proxy every request comes from the proxy: the client is the address
    the proxy appended last to X-Forwarded-For (earlier entries are the client's to
    forge). None when that is missing or not an address: such clients are never counted
    together (see `new_game_wait`)."""
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        return client_key(forwarded.split(",")[-1]) if forwarded.strip() else None
    return client_key(request.META.get("REMOTE_ADDR", ""))


def new_game_wait(request):
    """None when this client may start a game now; otherwise how long until it may.

    A client whose address is unknown (a proxy that did not append one) is counted by
    its session, never in one bucket with every other unknown client: one bucket would
    let one of them use up the hour for all."""
    client = client_address(request)
    if client is None:
        log.warning("No client address for the rate limit; counting by session instead.")
        if request.session.session_key is None:
            request.session.save()
            request.session.modified = True  # so that its cookie is sent, even with a 429
        client = f"session:{request.session.session_key}"
    return RateMark.take(client[:64], settings.GAMES_PER_HOUR_PER_CLIENT)


def too_many_games_text(wait) -> str:
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return ngettext(
        "That is a lot of new games from one place. You can start another in %(n)s minute; "
        "until then, keep playing one of your games.",
        "That is a lot of new games from one place. You can start another in %(n)s minutes; "
        "until then, keep playing one of your games.",
        minutes,
    ) % {"n": minutes}
