"""Spit's coach: which spit pile a card fits, what turning, moving or stacking uncovers, and which pile to
slap or take (the smaller one: fewer cards to get rid of).

Claim kinds:

- ``fits``: ``cards[0]`` goes on ``cards[1]``, the top of spit pile ``number``.
- ``turn``: it turns up the face-down top card of place ``number``.
- ``uncovers``: moving or stacking the card works towards a face-down card in its place ``number``.
- ``smaller`` / ``larger``: the pile slapped or taken has ``number`` cards, fewer / more than the other.
- ``stuck``: nobody can play: both call Spit! to turn new cards.
- ``ready``: the seat is ready to start.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.coach import Claim, Explanation, s

Action = dict[str, Any]
View = dict[str, Any]


def place_of(view: View, card: str) -> int:
    return next(i for i, p in enumerate(view["layouts"][view["seat"]]) if p["up"] and p["up"][-1] == card)


def pile_claim(view: View, pile: int, verb: str) -> Claim:
    sizes = view["spit_sizes"]
    mine, other = sizes[pile], sizes[1 - pile]
    if mine < other:
        return Claim("smaller", f"{verb} the smaller pile: {s(mine, 'card')} against {other}", number=mine)
    if mine > other:
        return Claim("larger", f"{verb} the larger pile: {s(mine, 'card')} against {other}", number=mine)
    return Claim("equal", f"{verb} a pile: both hold {s(mine, 'card')}", number=mine)


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    kind = action["type"]
    if kind == "play":
        card, pile = action["card"], action["pile"]
        top = view["spit_piles"][pile][-1]
        return Explanation(action, (Claim("fits", f"{card} goes on {top}", (card, top), pile),))
    if kind == "turn":
        return Explanation(action, (Claim("turn", "turn up a face-down card", number=action["stock"]),))
    if kind in ("move", "stack"):
        place = place_of(view, action["card"])
        return Explanation(action, (Claim("uncovers", f"{kind} {action['card']} to work down to a face-down card",
                                          (action["card"],), place),))
    if kind in ("slap", "choose"):
        return Explanation(action, (pile_claim(view, action["pile"], "slap" if kind == "slap" else "take"),))
    if kind == "spit":
        return Explanation(action, (Claim("stuck", "nobody can play: call Spit!"),))
    return Explanation(action, (Claim(kind, "call Spit! to start" if kind == "ready" else kind),))


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """Slapping or taking the larger spit pile while the smaller one is there for the taking."""
    if action["type"] in ("slap", "choose"):
        claim = pile_claim(view, action["pile"], "")
        if claim.kind == "larger":
            return f"{action['type']}s the larger pile ({claim.number} cards against {view['spit_sizes'][1 - action['pile']]})"
    return None
