"""How often the careful practice opponent wins against beginners, per game and table.

    python manage.py practice_rates               # 500 deals per row
    python manage.py practice_rates --deals 2000

Every game with a practice model (rules/games/<key>/play.py) is played at its default
table of each variant, with two seats and with the most a practice table seats: one
careful seat, the others beginners, every deal from its own seed (the same seeds give
the same table). A tie counts as a share of a win. The table it prints is the one in
docs/practice.md.
"""

from decimal import Decimal

from django.core.management.base import BaseCommand

from rules import games
from rules.practice import has_practice, play_module, table


def rates(game, house, seats: int, deals: int) -> tuple[Decimal, Decimal]:
    """The careful seat's share of wins, and one beginner seat's, over `deals` deals."""
    play = play_module(game)
    careful = beginner = Decimal(0)
    for seed in range(deals):
        state = play.all_computers(play.deal(house, seats, "beginner", seed), "careful")
        winners = play.result(state)["winners"]
        share = Decimal(1) / len(winners)
        careful += share if 0 in winners else 0
        beginner += share if 1 in winners else 0
    return careful / deals, beginner / deals


class Command(BaseCommand):
    help = "Simulate the careful practice opponent against beginners; print win rates."

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=500)

    def handle(self, *args, deals: int, **options):
        self.stdout.write("| game | table | seats | careful wins | a beginner wins |")
        self.stdout.write("|---|---|---|---|---|")
        for key in games.known_keys():
            game = games.get(key)
            if not has_practice(game):
                continue
            for variant in game.table_variants:
                house = game.House(variant=variant)
                for seats in sorted({min(table.seats_at(house)), max(table.seats_at(house))}):
                    careful, beginner = rates(game, house, seats, deals)
                    self.stdout.write(
                        f"| {game.names['en']} | {variant} | {seats} "
                        f"| {careful:.0%} | {beginner:.0%} |"
                    )
