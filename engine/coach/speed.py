"""Speed's coach: which centre pile a card fits and how many of the hand's cards can follow it, why a draw
(fewer than five held) or a flip (no card fits either pile).

Claim kinds:

- ``fits``: ``cards[0]`` goes on ``cards[1]``, the top of centre pile ``number`` (one rank away).
- ``run``: after it, ``number`` more of the hand's cards can be played in a row (none drawn).
- ``longest``: no other play lets more of the hand follow (``number``: the cards played in a row).
- ``draw``: the seat holds ``number`` cards, fewer than five.
- ``stuck``: no card of the hand fits either centre pile.
- ``ready``: the seat is ready for the centre cards to turn up.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.coach import Claim, Explanation, s
from cardtable.engine.speed import FITS

Action = dict[str, Any]
View = dict[str, Any]


def run_after(hand: list[str], tops: tuple[str, str]) -> int:
    """The most cards of ``hand`` that can be played in a row onto ``tops`` (searched to the end)."""
    best = 0
    for i, card in enumerate(hand):
        for pile in (0, 1):
            if card in FITS[tops[pile]]:
                new_tops = (card, tops[1]) if pile == 0 else (tops[0], card)
                best = max(best, 1 + run_after(hand[:i] + hand[i + 1:], new_tops))
                if best == len(hand):
                    return best
    return best


def played_in_row(view: View, action: Action) -> int:
    """The cards played in a row starting with ``action``: it, then the best run of the rest of the hand."""
    rest = list(view["hand"])
    rest.remove(action["card"])
    tops = (view["centre"][0], view["centre"][1])
    tops = (action["card"], tops[1]) if action["pile"] == 0 else (tops[0], action["card"])
    return 1 + run_after(rest, tops)


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    kind = action["type"]
    if kind == "play":
        card, pile = action["card"], action["pile"]
        top = view["centre"][pile]
        row = played_in_row(view, action)
        claims = [Claim("fits", f"{card} goes on {top}", (card, top), pile)]
        if row > 1:
            claims.append(Claim("run", f"then {s(row - 1, 'more card')} of your hand can follow", number=row - 1))
        plays = [a for a in legal if a["type"] == "play"]
        if len(plays) > 1 and all(played_in_row(view, a) <= row for a in plays):
            claims.append(Claim("longest", "no other play lets more follow", number=row))
        return Explanation(action, tuple(claims))
    if kind == "draw":
        held = len(view["hand"])
        return Explanation(action, (Claim("draw", f"draw: you hold {held}, fewer than five", number=held),))
    if kind == "flip":
        return Explanation(action, (Claim("stuck", "no card of yours fits either pile: ask to flip"),))
    return Explanation(action, (Claim(kind, "ready when you are" if kind == "ready" else kind),))


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """A play after which at least two fewer cards of the hand can go in a row than after another play
    (it strands cards a better order would have played)."""
    if action["type"] != "play":
        return None
    plays = [a for a in legal if a["type"] == "play"]
    if len(plays) < 2:
        return None
    mine = played_in_row(view, action)
    best = max(plays, key=lambda a: played_in_row(view, a))
    most = played_in_row(view, best)
    if most - mine >= 2:
        return f"{action['card']} plays {s(mine, 'card')} in a row where {best['card']} first plays {most}"
    return None
