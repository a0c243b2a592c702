"""`make bench-inprocess`: what one round entry, and one repeat view of a game's page,
cost inside Django, without a server.

Posts rounds straight to Django's WSGI handler with production settings on a fresh SQLite
file (as a phone posts them: CSRF cookie and token, no JavaScript, 302 back), over 256
games in turn, and prints the CPU time of one round entry, then of one repeat view of a
game's page (a GET, as a reload: the page kept for its version): the least and the lower
quartile of twelve slices each. `--profile` adds cProfile's list of where the time goes.
`ROOT=/path/to/another/checkout` measures that checkout with this one's venv, so that
two versions can be timed one after the other. `GAME=golf` times a hole of Golf instead
(eighteen-hole games, a negative score among the two). Last, one move of a practice game
of that game (rules/practice/), as a phone with htmx makes it: a POST answered with the
board, the computer's turn included. Nothing here is a test.

For Ghost, also one round entry at round 1 against one at round 100 (the cap): games
made with 0 and with 99 rounds (seeded through the ORM), each shown once (a phone's page
after the redirect, not timed) and then sent its next round, timed; the two kinds take
turns slice by slice, so the machine's other work weighs on both alike, and their ratio
is one run's. A round's cost should not grow with the rounds. Twice: right after the
game's own page, and after another game's page in between (a page of a hundred rounds,
drawn just before, leaves the processor's caches cold for the entry that follows; the
other page leaves both kinds alike); then the Python calls of one entry of each, counted
(tests/scorepad/views/test_round_cost_flat.py holds them within 2%).
"""

import cProfile
import io
import os
import pstats
import secrets
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(os.environ.get("ROOT", Path(__file__).resolve().parent.parent))
ENTRIES = int(os.environ.get("ENTRIES", 3000))
SLICES = 12
GAMES = 256
GAME = os.environ.get("GAME", "ghost")
AT_SLICES, AT_GAMES = 10, 24  # round 1 against round 100: turns, and games a turn each


def setup():
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    workdir = Path(tempfile.mkdtemp(prefix="ghost-inprocess-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="ghost_site.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SITE_URL="http://127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_PRERENDER_ROOT=str(workdir / "prerendered"),
        DJANGO_STATIC_ROOT=str(workdir / "static"),  # the game page names hashed files
        DATABASE_URL=f"sqlite:///{workdir / 'inprocess.sqlite3'}",
        GHOST_GAMES_PER_HOUR="1000000",  # practice games are started over and over
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def cpu(request) -> str:
    """The CPU time of one `request()`: the least and the lower quartile of the slices."""
    slices = []
    for _ in range(SLICES):
        start = time.process_time()
        for _ in range(ENTRIES // SLICES):
            request()
        slices.append((time.process_time() - start) / (ENTRIES // SLICES) * 1000)
    slices.sort()
    return (
        f"CPU {slices[0]:.3f} ms least, {slices[SLICES // 4]:.3f} ms lower quartile, "
        f"over {ENTRIES} requests"
    )


def seeded(played: int) -> str:
    """A game of two at 500 with `played` rounds of 3 and 5 (one deck deals them
    together), written through the ORM as bench/serve.py seeds them; its edit token."""
    from decimal import Decimal

    from scorepad.models import Game, Player, Round, Score

    game = Game.create_with_players(["Anna", "Bo"], threshold=500)
    players = list(Player.objects.filter(game=game).order_by("position"))
    rounds = Round.objects.bulk_create(Round(game=game, number=n) for n in range(1, played + 1))
    Score.objects.bulk_create(
        Score(round=r, player=p, points=Decimal(v), cards="")
        for r in rounds
        for p, v in zip(players, (3, 5), strict=True)
    )
    Game.objects.filter(pk=game.pk).update(version=played)
    return game.edit_token


def calls_of(request) -> int:
    """The Python calls `request()` makes: the work it does, counted, not timed."""
    calls = 0

    def count(_frame, event, _arg):
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        request()
    finally:
        sys.setprofile(None)
    return calls


def at_round(view, post) -> None:
    """Round 1 against round 100, turn about; prints each and their ratio: first each
    right after its own game's page (a hundred rounds drawn just before: the processor's
    caches hold that page, not the entry's code), then after another game's page of one
    round, which leaves both alike; and the Python calls of one entry of each."""
    from scorepad.models import MAX_ROUNDS

    other = seeded(0)
    for between in (False, True):
        kinds = {1: [], MAX_ROUNDS: []}
        games = {n: [seeded(n - 1) for _ in range(AT_SLICES * AT_GAMES)] for n in kinds}
        for turn in range(AT_SLICES):
            for number, slices in kinds.items():
                spent = 0.0
                for token in games[number][turn * AT_GAMES : (turn + 1) * AT_GAMES]:
                    view(token)  # the page after the last round's redirect: the process saw it
                    if between:
                        view(other)
                    start = time.process_time()
                    post(token, number)
                    spent += time.process_time() - start
                slices.append(spent / AT_GAMES * 1000)
        quartile = {}
        after = "another game's page" if between else "its own page"
        for number, slices in kinds.items():
            slices.sort()
            quartile[number] = slices[AT_SLICES // 4]
            print(
                f"ghost round entry at round {number}, after {after}, in process "
                f"({ROOT.name}): CPU {slices[0]:.3f} ms least, {quartile[number]:.3f} ms "
                f"lower quartile, {slices[AT_SLICES // 2]:.3f} ms median, over "
                f"{AT_SLICES * AT_GAMES} games"
            )
        print(
            f"ghost round entry, round {MAX_ROUNDS} / round 1, after {after} ({ROOT.name}): "
            f"{quartile[MAX_ROUNDS] / quartile[1]:.2f}x (lower quartiles, one run)"
        )
    counted = {}
    for number in (1, MAX_ROUNDS):
        token = seeded(number - 1)
        view(token)
        counted[number] = calls_of(lambda token=token, number=number: post(token, number))
    print(
        f"ghost round entry, Python calls at round 1 and at round {MAX_ROUNDS} "
        f"({ROOT.name}): {counted[1]} and {counted[MAX_ROUNDS]}, "
        f"{counted[MAX_ROUNDS] / counted[1]:.3f}x"
    )


def main():
    setup()
    from django.core.wsgi import get_wsgi_application

    from scorepad.models import Game

    app = get_wsgi_application()
    table = {"threshold": 500} if GAME == "ghost" else {"game": GAME, "holes": 18}
    scores = ("3", "5") if GAME == "ghost" else ("-2", "5")  # a round one deck deals
    games = [Game.create_with_players(["Anna", "Bo"], **table).edit_token for _ in range(GAMES)]
    numbers = dict.fromkeys(games, 0)
    csrf = secrets.token_hex(16)
    turn = 0

    def call(method: str, path: str, body: bytes = b"", extra=None) -> str:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_COOKIE": f"csrftoken={csrf}",
            "CONTENT_TYPE": "application/x-www-form-urlencoded",
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            **(extra or {}),
        }
        status = []
        answer = app(environ, lambda s, headers, exc_info=None: status.append((s, headers)))
        content = b"".join(answer)
        answer.close()
        if extra is not None:  # the practice game's: its headers and page too
            return status[0][0], dict(status[0][1]), content
        return status[0][0]

    def post():
        nonlocal turn
        token = games[turn % GAMES]
        turn += 1
        number = numbers[token] + 1
        send(token, number)
        numbers[token] = number

    def send(token: str, number: int):
        body = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": csrf,
                "number": number,
                "points_0": scores[0],
                "points_1": scores[1],
            }
        ).encode()
        status = call("POST", f"/en/scorepad/g/{token}/round/", body)
        if not status.startswith("302"):
            sys.exit(f"round {number} of a game was answered {status}")

    def view(token=None):  # a repeat view of one game's page, as a phone's reload
        status = call("GET", f"/en/scorepad/g/{token or games[0]}/")
        if not status.startswith("200"):
            sys.exit(f"the game page was answered {status}")

    for _ in range(200):  # warm: imports, caches, the database file
        post()
    print(f"{GAME} round entry in process ({ROOT.name}): {cpu(post)}")
    for _ in range(50):
        view()
    print(f"{GAME} game page, a repeat view, in process ({ROOT.name}): {cpu(view)}")
    if GAME == "ghost":
        at_round(view, send)
    practice = {"cookie": "", "path": "", "step": "", "move": "stock"}

    def practice_start():
        body = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": csrf, "opponents": "1", "level": "careful"}
        ).encode()
        path = "/en/practice/" if GAME == "ghost" else f"/en/{GAME}/practice/"
        status, headers, _ = call("POST", path, body, {})
        if not status.startswith("302"):
            sys.exit(f"a practice game's start was answered {status}")
        session = headers["Set-Cookie"].split(";", 1)[0]
        practice.update(cookie=session, path=headers["Location"], move="stock")
        practice_move(first=True)

    def practice_move(first=False):
        """One move of the reader's: draw, then throw (or, at the deal of Golf, turn a
        card up); a new game when one is over."""
        cookie = f"csrftoken={csrf}; {practice['cookie']}"
        move = "" if first else practice["move"]
        body = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": csrf, "step": practice["step"], "move": move}
        ).encode()
        status, _headers, page = call(
            "POST", practice["path"], body, {"HTTP_COOKIE": cookie, "HTTP_HX_REQUEST": "true"}
        )
        text = page.decode()
        if first:  # no step yet: refused as stale, with the board, its step read there
            if not status.startswith("409"):
                sys.exit(f"a practice board was answered {status}")
        elif not status.startswith("200"):
            sys.exit(f"a practice move was answered {status}")
        if 'class="practice-end"' in text:
            practice_start()
            return
        practice["step"] = text.split('name="step" value="', 1)[1].split('"', 1)[0]
        ups = text.split('value="up-', 1)
        practice["move"] = (
            f"up-{ups[1].split(chr(34), 1)[0]}"
            if len(ups) > 1
            else "throw"
            if 'value="throw"' in text
            else "stock"
        )

    practice_start()
    for _ in range(100):
        practice_move()
    print(f"{GAME} practice move in process ({ROOT.name}): {cpu(practice_move)}")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(1000):
            post()
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(int(os.environ.get("LINES", 40)))


if __name__ == "__main__":
    main()
