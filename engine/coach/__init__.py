"""The coach: why a move suits a seat now, in facts the seat can check, and the plays that are plainly worse.

``explain(game_name, view, legal, action) -> Explanation``: from a seat's view and legal actions only
(never the state, so it runs on any client and never names a hidden card), the facts about ``action``
as typed :class:`Claim` values (what it captures, whether it wins the trick, the points it gives and
to whom, the turns left...) and one sentence made of them. Each game's module in this package says
which claims it makes; every claim is true of the position, and ``tests/test_coach.py`` checks each
kind against the engine over random positions of every game.

``blunder(game_name, view, legal, action) -> str | None``: why ``action`` is plainly worse than
another legal action here (points thrown into a trick the other side takes while a blank card is
legal, a capture passed up for nothing, a Go with no turn to use it), or None. The bots' blunder
tests and ``tools/bench_bots.py --blunders`` use it; a Learn mode can say it after a weak move.

>>> from cardtable.engine import get_game
>>> game = get_game("go_stop")
>>> state = game.new(2, seed=27)
>>> seat = game.to_act(state)[0]
>>> view, legal = game.view(state, seat), game.legal(state, seat)
>>> told = explain("go_stop", view, legal, legal[0])
>>> told.sentence == told.sentence.strip() != "", all(isinstance(c, Claim) for c in told.claims)
(True, True)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

Action = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class Claim:
    """One fact about a move: ``kind`` names it (each game's module lists its kinds), the other fields
    carry what it is about, and ``text`` is how the sentence says it."""

    kind: str
    text: str
    cards: tuple[str, ...] = ()
    number: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Explanation:
    """The facts about one move and the sentence said for them (its first claim leads)."""

    action: Action
    claims: tuple[Claim, ...]

    @property
    def sentence(self) -> str:
        return join(self.claims)

    def kinds(self) -> set[str]:
        return {claim.kind for claim in self.claims}

    def get(self, kind: str) -> Claim | None:
        return next((c for c in self.claims if c.kind == kind), None)


SENTENCE = 84
"""The most characters a sentence takes more claims for: it sits on one line of a hint plate."""


def join(claims: tuple[Claim, ...] | list[Claim]) -> str:
    """The claims' texts as one sentence: the first, then the next after a colon and the rest after
    semicolons, as many as fit in :data:`SENTENCE` characters (the first always)."""
    texts = [c.text for c in claims if c.text]
    if not texts:
        return ""
    sentence = texts[0]
    for i, text in enumerate(texts[1:]):
        longer = f"{sentence}{': ' if i == 0 else '; '}{text}"
        if len(longer) > SENTENCE:
            break
        sentence = longer
    return sentence


def _module(game_name: str) -> Any:
    try:
        return importlib.import_module(f"cardtable.engine.coach.{game_name}")
    except ModuleNotFoundError:
        raise ValueError(f"no coach for game {game_name!r}") from None


def explain(game_name: str, view: View, legal: list[Action], action: Action) -> Explanation:
    """The facts about ``action`` (a concrete legal action of ``view``'s seat) and their sentence."""
    return _module(game_name).explain(view, legal, action)


def blunder(game_name: str, view: View, legal: list[Action], action: Action) -> str | None:
    """Why ``action`` is plainly worse than another legal action of ``view``'s seat, or None."""
    return _module(game_name).blunder(view, legal, action)


def only(legal: list[Action]) -> bool:
    """Whether ``legal`` holds one action and no template: the move is forced."""
    return len(legal) == 1 and "choose" not in legal[0]


FORCED = "your only legal card"


def s(n: int, word: str, plural: str = "") -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1: ``s(2, "trick")`` is "2 tricks"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def names(cards: list[str] | tuple[str, ...]) -> str:
    """Card codes as a list a person reads: "9S", "9S and QC", "9S, QC and 4D"."""
    cards = list(cards)
    if len(cards) <= 1:
        return "".join(cards)
    return f"{', '.join(cards[:-1])} and {cards[-1]}"
