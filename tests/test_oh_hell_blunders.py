"""Oh Hell positions where one play is plainly worse (issue 18): ``normal`` and ``hard`` never play it.

In each position what the seat's card does to the trick is certain (it plays last, or nothing it holds
can win):
it declines a trick its bid needs (every trick left, or a cheap ruff or winner with the bid still
wanting more), or wins with a high trump or card where a lower one wins the same, or throws a higher
card where a lower one loses the same while it still needs tricks. The two of issue 18 come first; the
others were found in bot games (tools: the earlier ``hard`` played each worse card in 20-100% of seeds).
Each deal is written per seat with the turned trump card, the bids and the cards played before the
position, and rebuilt through the engine (every bid and play checked as legal).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.engine.bots import get_bot
from cardtable.engine.bots import oh_hell_search as search
from cardtable.engine.oh_hell import GAME, OhHellState
from tests.test_oh_hell import bid_all, rig

EXACT: dict[str, Any] = {}
PLUS = {"hook": True, "scoring": "plus_tricks"}
HARD_SEEDS = 12


@dataclass(frozen=True)
class Position:
    name: str
    options: dict[str, Any]
    deal: list[str]  # each seat's hand as dealt, seat 0 first
    trump_card: str
    bids: list[int]
    plays: str  # the cards played so far, in order
    worse: list[str]  # the cards plainly worse than another legal card


POSITIONS = [
    # issue 18: needing 2 of the last 3, last to AD JD KD, trump spades: 3S ruffs for certain
    Position("ruff-3S-not-5H", EXACT, ["JD 2C 4C", "KD 6C 9H", "3S 8S 5H", "AD QD TC"], "2S", [1, 0, 2, 0],
             "AD JD KD", ["5H", "8S"]),
    # issue 18: AC wins the trick, the bid wants every trick left after it: 7C loses it as well as JC
    Position("under-AC-7C-not-JC", EXACT, ["AC 2D 3D 4H", "KC 5D 6D 7H", "JC 7C AS KS", "3C 8D 9D TH"], "2S",
             [1, 0, 3, 1], "AC KC", ["JC"]),
    Position("8014", EXACT, ["4S JS 7H TH TC", "TS AH 4H AD 2D", "QH 4D 6D 5C 8C", "AS KS KH 8D JC"], "TD", [0, 3, 1, 1],
             "AD 4D 8D TC AH QH KH TH 4H 6D AS 7H 5C JC JS", ["TS"]),
    Position("8016", EXACT, ["TS JS 9H 9D JD 2C QC", "5S 7S 2H 5H 3D 5C 7C", "2S QH KH AD 5D 4C JC",
                             "8S 9S KS 7H JH 6D QD"], "8C", [1, 1, 3, 1], "KS TS 5S 2S 8S JS 7S", ["AD", "5D"]),
    Position("8023", PLUS, ["5S 5H TH KH 4D QD 6C 8C", "2S 3S 9S 3H 6H JH AD KD", "6S 8S AH 9H 6D 8D TD 4C",
                            "TS JS KS QH 7D JD AC 9C"], "7S", [0, 3, 1, 5], "5S 9S 6S", ["KS"]),
    Position("8063", PLUS, ["AS 8S 9H 3D 8D 4C", "2S 7S 3H AD 5D TC", "3S AH 2H JH 6D QD", "6H TH KD 2C 7C 9C"], "QH",
             [1, 0, 3, 1], "6D KD 3D 5D TH 9H 3H", ["AH"]),
    Position("8065", PLUS, ["3S 6S 7S 8H 3D 7D JD 9C", "AS 5S AH TH KH 5D 8D 9D", "QS AD QD AC 2C 3C 8C TC",
                            "2S KS TD KD 6C 7C JC KC"], "2D", [1, 4, 3, 3],
             "JD 5D QD KD 2S 7S AS QS TH 2C JC 8H AH 3C TD 6S KS 3S 5S", ["AC", "TC"]),
    Position("8104", EXACT, ["KS JH 8D TD KD", "3S 5S QS AD 9C", "2S 8H 9H 2D 8C", "7H QH 9D QD 3C"], "AH", [2, 1, 2, 2],
             "AD 2D QD TD 9C 8C 3C JH KS QS 2S", ["QH"]),
    Position("8133", PLUS, ["TH AD 5D 6D", "4S 4D 4C 7C", "3S 8H 9C JC", "KH 2C 5C 6C"], "KC", [1, 1, 2, 2],
             "AD 4D 3S", ["5C", "6C"]),
    Position("9016", EXACT, ["QS 7H TH AD 9D JD KC", "4S 5S 6S JS 7D KD QC", "2H JH QH 2D 5D AC JC",
                             "7S 8H 9H 4D 2C 3C 4C"], "6C", [2, 1, 2, 1], "7S QS 4S", ["AC"]),
    Position("9023", PLUS, ["7S TS 3H 5H 7H 8H TD TC", "AS 3S 4S JH AC 4C 6C 7C", "JS QS 2H 9H 4D 9D 9C KC",
                            "2S 6S 8S 2D 3D 8D 5C JC"], "7D", [0, 0, 4, 2],
             "5H JH 2H JC AS JS 2S TS 3S QS 6S 7S 4D 8D TD 4S 3H 4C 9H", ["8S", "5C"]),
    Position("9069", PLUS, ["9S TS KS 2H 3H 5D", "2S JS 7H 4D 7C 9C", "AS 5H 9H 8D KD 8C", "3S 5S AH QH AD KC"], "4H",
             [1, 1, 2, 3], "8C KC 2H 7C 5D 4D KD AD 3S 9S JS AS 5H AH 3H 7H 5S TS 2S", ["8D"]),
    Position("9088", EXACT, ["AD 6D JD AC 5C 8C QC", "3S 6S TS 9H 5D 7D 2C", "2H 7H JH TD QD 9C TC",
                             "QS KS AH 5H KH 4D KD"], "7C", [4, 0, 2, 2], "QS AD TS TD 5H JD 9H 7H 3S 2H KS",
             ["AC", "QC"]),
    Position("9111", PLUS, ["3S JS QS AH JH QH", "AS 2S 9H AD TD 8C", "6S 4D 7D 3C 5C 9C", "TS KH 2D 9D QD QC"], "4H",
             [4, 1, 0, 2], "6S TS QS AS TD 7D 2D", ["JS", "AH", "QH"]),
    Position("9117", PLUS, ["5S 8S 8H TH QD KD", "7S 4H 5D TD 7C KC", "9S 6H 2D 3D 2C 3C", "7H 4D 6D JD AC JC"], "AD",
             [2, 2, 0, 3], "2C JC TH KC 5D 3D 6D QD 8S 7S 9S", ["7H", "AC", "JD"]),
    Position("9136", EXACT, ["9S TS 6D TD KD 2C KC", "AS 2S 5S 6S 7H TH 6C", "AH 2H 4H 6H QH 9C QC",
                             "2D 3D 9D JD 4C 5C JC"], "8D", [3, 0, 0, 3], "2D 6D AS QC KC 6C 9C JC 9S 6S AH",
             ["JD"]),
    Position("9137", PLUS, ["6S 8S AH 8H AC 3C 8C JC", "TS TH AD 5D 9D TD QD 2C", "JS 3H 5H JH 4C 6C 7C TC",
                            "AS QS KS 2H 2D 6D 8D KC"], "2S", [3, 0, 0, 4],
             "8H TH 5H 2H 2C 4C KC AC AH TS JH 2D AD TC 6D 3C QD 7C 8D", ["8C", "JC"]),
]


def build(position: Position) -> tuple[OhHellState, int]:
    """The position's state (through the engine's own bids and plays) and the seat to play."""
    hands = [h.split() for h in position.deal]
    state = rig(hands, position.trump_card, len(hands[0]) - 1, position.options)
    bid_all(state, dict(enumerate(position.bids)))
    for card in position.plays.split():
        GAME.apply(state, GAME.to_act(state)[0], {"type": "play", "card": card})
    GAME.check(state)
    return state, GAME.to_act(state)[0]


def worse_plays(level: str, position: Position, seeds: int) -> list[str]:
    state, seat = build(position)
    bot = get_bot("oh_hell", level)
    view, legal = GAME.view(state, seat), GAME.legal(state, seat)
    picks = [bot.choose(view, legal, random.Random(seed))["card"] for seed in range(seeds)]
    return [card for card in picks if card in position.worse]


def ids(position: Position) -> str:
    return position.name


@pytest.mark.parametrize("position", POSITIONS, ids=ids)
def test_the_position_is_last_to_play_with_a_better_card(position: Position) -> None:
    state, seat = build(position)
    view = GAME.view(state, seat)
    legal = {a["card"] for a in GAME.legal(state, seat)}
    trick = [t["card"] for t in view["trick"]]
    trump = search.SUIT_ORDER.index(view["trump"])
    can_win = any(search.trick_winner_at([search.CARD_INT[x] for x in trick + [card]], trump) == len(trick)
                  for card in legal)
    assert len(trick) == state.players - 1 or not can_win, "what the seat's card does to the trick is certain"
    assert set(position.worse) < legal, "the worse cards are legal and something else is too"
    assert view["bids"][seat] - view["tricks"][seat] >= 1, "the seat still needs tricks"


@pytest.mark.parametrize("position", POSITIONS, ids=ids)
def test_normal_never_plays_a_worse_card(position: Position) -> None:
    assert worse_plays("normal", position, 3) == []


@pytest.mark.parametrize("position", POSITIONS, ids=ids)
def test_hard_never_plays_a_worse_card(position: Position) -> None:
    assert worse_plays("hard", position, HARD_SEEDS) == []


def test_the_last_tricks_are_solved_per_information_set() -> None:
    """Two worlds that look alike to us until our card: leading spades wins in one, hearts in the other.
    Knowing the deal we would win both (strategy fusion); we cannot, so one choice serves both worlds."""
    c = search.CARD_INT
    me = 0
    # 3 seats, no trump, each holds 2 cards; we lead. Seat 1 and 2 bid 0 and duck where they can.
    spades_win = [1 << c["2S"] | 1 << c["2H"], 1 << c["3H"] | 1 << c["4D"], 1 << c["5H"] | 1 << c["6D"]]
    hearts_win = [1 << c["2S"] | 1 << c["2H"], 1 << c["3S"] | 1 << c["4D"], 1 << c["5S"] | 1 << c["6D"]]
    bids = [1, 0, 0]

    def solve(worlds: list[list[int]]) -> list[float]:
        return search.solve(worlds, [], me, [0, 0, 0], bids, search.NO_TRUMP, 0, 3, False, False, me,
                            lambda took: float(took[me]))

    assert solve([spades_win]) == [1.0] and solve([hearts_win]) == [1.0]  # alone, each is won by its own lead
    assert sorted(solve([spades_win, hearts_win])) == [0.0, 1.0]  # together, one lead: wrong in one world
