"""Manipulation Rummy bots: they act on the seat's view and legal actions only (engine/rummy.py).

- ``random``: draws; when it may meld, half the time lays a random simple addition (one hand card onto a
  meld, or three hand cards as a new meld) if there is one; knocks or not at random.
- ``easy``: lays the best simple addition it sees as soon as it may; knocks whenever it may.
- ``normal``: asks the meld solver (engine/rummy_solver.py) for the rearrangement that plays the most
  points; melds after the first draw when that lowers the hand well (8 points or more, or down to a
  knockable hand), after the second draw whenever it plays anything, otherwise draws on. Knocks when
  it is safe: its hand is worth less than the smallest opponent hand could be (one point per card).
- ``hard``: melds like ``normal`` but searches three times longer and takes any gain at once, and
  weighs what the opponents may hold:
  it estimates each opponent's hand from the cards it cannot see (the pile and other hands, as a
  multiset) and their hand sizes, and knocks when it is likely to be lowest; near the end of the pile it
  keeps nothing back.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.engine.bots.common import THINK_TIME
from cardtable.engine.rummy import JOKER, card_points, simple_additions, table_cards
from cardtable.engine.rummy_solver import solve

Action = dict[str, Any]
View = dict[str, Any]

SOLVER_BUDGET = 6000


def _types(legal: list[Action]) -> set[str]:
    return {a["type"] for a in legal}


def _draw_or_pass(legal: list[Action]) -> Action:
    types = _types(legal)
    return {"type": "draw"} if "draw" in types else {"type": "pass"}


class RandomBot:
    level = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        types = _types(legal)
        if "knock" in types:
            return {"type": rng.choice(["knock", "pass"])}
        if "meld" in types and rng.random() < 0.5:
            tables = simple_additions(view["table"], view["hand"])
            if tables:
                return {"type": "meld", "table": rng.choice(tables)}
        concrete = [a for a in legal if "choose" not in a]
        return dict(rng.choice(concrete))

    def delay(self, view: View, rng: random.Random) -> float:
        return THINK_TIME.sample(rng)


class EasyBot(RandomBot):
    level = "easy"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        types = _types(legal)
        if "knock" in types:
            return {"type": "knock"}
        if "meld" in types:
            tables = simple_additions(view["table"], view["hand"])
            if tables:
                return {"type": "meld", "table": max(tables, key=lambda t: _played_points(view, t))}
        return _draw_or_pass(legal)


def _played_points(view: View, table: list[list[str]]) -> int:
    played = Counter(table_cards(table)) - Counter(table_cards(view["table"]))
    return sum(card_points(c) * n for c, n in played.items())


class NormalBot(RandomBot):
    level = "normal"
    first_draw_gain = 8
    budget = SOLVER_BUDGET

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        types = _types(legal)
        if "knock" in types:
            return {"type": "knock" if self.knock(view) else "pass"}
        if "meld" in types:
            found = solve(view["table"], view["hand"], budget=self.budget)
            if found is not None and self.meld_now(view, found.points):
                return {"type": "meld", "table": found.table}
        return _draw_or_pass(legal)

    def meld_now(self, view: View, gain: int) -> bool:
        if view["drawn"] != 1 or not view["draw_pile"] or view["last_turns"]:
            return True
        return gain >= self.first_draw_gain or view["hand_value"] - gain <= 5

    def knock(self, view: View) -> bool:
        others = [n for s, n in enumerate(view["hand_sizes"]) if s != view["seat"]]
        return view["hand_value"] < min(others)


class HardBot(NormalBot):
    level = "hard"
    samples = 40
    budget = 3 * SOLVER_BUDGET

    def meld_now(self, view: View, gain: int) -> bool:
        return True

    def knock(self, view: View) -> bool:
        mine = view["hand_value"]
        others = [s for s in range(view["players"]) if s != view["seat"]]
        if mine < min(view["hand_sizes"][s] for s in others):
            return True
        if view["last_turns"] or view["draw_pile"] <= len(others):
            return True
        unseen = _unseen(view)
        if not unseen:
            return True
        rng = random.Random(f"rummy-hard/{mine}/{len(unseen)}/{view['hand_sizes']}")
        wins = 0
        for _ in range(self.samples):
            pool = list(unseen)
            rng.shuffle(pool)
            at = 0
            lowest = True
            for s in others:
                size = view["hand_sizes"][s]
                value = sum(card_points(c) for c in pool[at : at + size])
                at += size
                if value <= mine:
                    lowest = False
                    break
            wins += lowest
        return wins >= 0.6 * self.samples


def _unseen(view: View) -> list[str]:
    """The cards this seat cannot see (the pile and the other hands), as a multiset."""
    from cardtable.engine.rummy import GAME

    deck = Counter(GAME.deck(view["players"]))
    seen = Counter(view["hand"]) + Counter(table_cards(view["table"]))
    return sorted((deck - seen).elements())


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}

__all__ = ["BOTS", "JOKER"]
