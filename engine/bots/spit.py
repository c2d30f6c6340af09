"""Spit bots: they act on the seat's view and legal actions only (engine/spit.py documents both).

Levels differ in judgement and in reaction time (``delay``), so a person beats ``easy`` and has to be
quick against ``hard``:

- ``random``: any legal action, as slow as ``easy`` (~1.2 s).
- ``easy``: plays before turning up, but often picks a poor play or slaps the wrong pile; ~1.2 s.
- ``normal``: plays that uncover cards first, turns up, moves to uncover, slaps the smaller pile; ~0.7 s.
- ``hard``: also looks one card ahead (keeps chains for itself, covers the opponent's plays); ~0.35 s.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.bots.common import Reaction, concrete
from cardtable.engine.cards import adjacent, is_red

Action = dict[str, Any]
View = dict[str, Any]

INSTANT = ("ready", "spit")


def _pick(items: list[Action], rng: random.Random) -> Action:
    return items[rng.randrange(len(items))]


def _smaller_pile(view: View, legal: list[Action]) -> Action:
    """The slap or choice of the spit pile with fewer cards (ties: the first listed)."""
    sizes = view["spit_sizes"]
    return min(legal, key=lambda a: sizes[a["pile"]])


def _tops(layout: list[dict[str, Any]]) -> list[str]:
    return [place["up"][-1] for place in layout if place["up"]]


class RandomBot:
    level = "random"
    reaction = Reaction(median=1.2, spread=0.35, floor=0.4)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return _pick(concrete(legal), rng)

    def delay(self, view: View, rng: random.Random) -> float:
        return self.reaction.sample(rng)


class SpitBot:
    """Plays first, then turns up, then moves; slaps the smaller pile. Subclasses tune it."""

    level = "normal"
    reaction = Reaction(median=0.7, spread=0.3, floor=0.2)
    blunder = 0.0  # chance of a random action instead of the chosen one
    wrong_slap = 0.0  # chance of slapping the bigger pile
    lookahead = False

    def delay(self, view: View, rng: random.Random) -> float:
        return self.reaction.sample(rng)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        actions = concrete(legal)
        kinds: dict[str, list[Action]] = {}
        for action in actions:
            kinds.setdefault(action["type"], []).append(action)
        for kind in INSTANT:
            if kind in kinds:
                return kinds[kind][0]
        for kind in ("slap", "choose"):
            if kind in kinds:
                if rng.random() < self.wrong_slap:
                    return _pick(kinds[kind], rng)
                return _smaller_pile(view, kinds[kind])
        if self.blunder and rng.random() < self.blunder:
            return _pick(actions, rng)
        if "play" in kinds:
            return max(kinds["play"], key=lambda a: self._play_score(view, a, rng))
        if "turn" in kinds:
            return kinds["turn"][0]
        layout = view["layouts"][view["seat"]]
        for kind in ("move", "stack"):
            if kind in kinds:
                return max(kinds[kind], key=lambda a: self._uncovers(layout, a["card"]))
        return _pick(actions, rng)

    @staticmethod
    def _uncovers(layout: list[dict[str, Any]], card: str) -> int:
        """Face-down cards under ``card`` in the seat's layout (more left there: more worth uncovering)."""
        for place in layout:
            if place["up"] and place["up"][-1] == card:
                return place["down"] + (100 if place["down"] and len(place["up"]) == 1 else 0)
        return 0

    def _play_score(self, view: View, action: Action, rng: random.Random) -> float:
        seat = view["seat"]
        mine = view["layouts"][seat]
        card = action["card"]
        score = self._uncovers(mine, card) * 0.1 + rng.random() * 0.01
        if not self.lookahead:
            return score
        colours = view["options"].get("alternate_colors", False)

        def fits(c: str, top: str) -> bool:
            return adjacent(c, top) and not (colours and is_red(c) == is_red(top))

        own = [c for c in _tops(mine) if c != card]
        theirs = _tops(view["layouts"][1 - seat])
        old_top = view["spit_piles"][action["pile"]][-1]
        score += 2.0 * sum(fits(c, card) for c in own)  # a chain this seat can follow up
        score -= 1.5 * sum(fits(c, card) for c in theirs)  # a card handed to the opponent
        score += 1.0 * sum(fits(c, old_top) for c in theirs)  # covering a card the opponent could play
        return score


class EasyBot(SpitBot):
    level = "easy"
    reaction = Reaction(median=1.2, spread=0.35, floor=0.4)
    blunder = 0.25
    wrong_slap = 0.4


class NormalBot(SpitBot):
    level = "normal"


class HardBot(SpitBot):
    level = "hard"
    reaction = Reaction(median=0.35, spread=0.25, floor=0.12)
    lookahead = True


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
