"""The Hint button: what the ``hard`` bot would do for a seat now, and why in one line (engine/coach).

Like every bot it sees only that seat's view and legal actions, never the state, so a hint can be
asked for on any client that has its own view (and, in a LAN game, only when the host allows hints).

>>> import random
>>> from cardtable.engine import get_game
>>> game = get_game("oh_hell")
>>> state = game.new(4, seed=3)
>>> seat = game.to_act(state)[0]
>>> tip = hint("oh_hell", game.view(state, seat), game.legal(state, seat))
>>> tip.action["type"], tip.reason.startswith("bid ")
('bid', True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.bots import get_bot
from cardtable.engine.coach import Explanation, explain

HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Hint:
    """A suggested action with what a table highlights for it."""

    action: dict[str, Any]
    reason: str = ""
    cards: tuple[str, ...] = ()  # the cards the action plays or picks
    pile: int | None = None  # a centre pile it plays onto (Spit, Speed), when it has one
    place: int | None = None  # one of the seat's own places (Spit's stock piles), when it has one
    extra: dict[str, Any] = field(default_factory=dict)
    explanation: Explanation | None = None  # the facts behind ``reason`` (engine/coach)


def hint(game_name: str, view: dict[str, Any], legal: list[dict[str, Any]],
         rng: random.Random | None = None) -> Hint | None:
    """The ``hard`` bot's choice for ``view``'s seat among ``legal`` (None when it has nothing to do).

    The rng defaults to one seeded from nothing that changes, so asking twice in the same position
    suggests the same thing."""
    if not legal:
        return None
    bot = get_bot(game_name, HINT_LEVEL)
    action = bot.choose(view, legal, rng or random.Random(0))
    told = explain(game_name, view, legal, action)
    cards: tuple[str, ...] = ()
    if isinstance(action.get("card"), str):
        cards = (action["card"],)
    elif isinstance(action.get("cards"), list):
        cards = tuple(action["cards"])
    elif isinstance(action.get("table"), list) and isinstance(view.get("table"), list):
        cards = tuple(laid_cards(view["table"], action["table"]).elements())
    pile = action.get("pile") if isinstance(action.get("pile"), int) else None
    place = action.get("stock") if isinstance(action.get("stock"), int) else None
    return Hint(action=action, reason=told.sentence, cards=cards, pile=pile, place=place, explanation=told)


def laid_cards(old: list[list[str]], new: list[list[str]]) -> Counter:
    """The hand cards a submitted table lays (a joker on the table, ``"JK=5H"``, is the hand's ``"JK"``)."""

    def cards(table: list[list[str]]) -> Counter:
        return Counter(c.split("=")[0] for meld in table for c in meld)

    return cards(new) - cards(old)
