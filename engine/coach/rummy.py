"""Manipulation Rummy's coach: which cards a meld lays and what it leaves in the hand, why a draw (melding
comes only after one; nothing melds yet; or holding back for more), and whether a knock is safe.

Claim kinds:

- ``must_draw``: no card drawn yet this turn, and melding comes only after a draw.
- ``no_simple_meld``: no hand card fits a meld on the table and no three hand cards make a meld (a
  rearrangement of the table might still take some: the solver found none).
- ``holds_back``: a meld of ``number`` points is possible now; another draw may add to it.
- ``third_draw``: this is the third draw, which ends the turn without melding.
- ``lays``: the meld lays ``cards`` from the hand, worth ``number`` points.
- ``goes_out``: the meld lays the whole hand: the seat goes out (+25) and the hand ends.
- ``hand_after``: the hand is worth ``number`` after the meld.
- ``hand_value``: the hand is worth ``number`` now (knocking).
- ``fewest_cards``: the fewest cards another player holds is ``number`` (each card is worth at least 1).
- ``goes_out_possible``: a meld would lay the whole hand (said of a draw or a pass: a weak move).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.coach import Claim, Explanation, names, s
from cardtable.engine.rummy import card_points
from cardtable.engine.rummy_solver import solve

Action = dict[str, Any]
View = dict[str, Any]

BUDGET = 6000


def laid(view: View, table: list[list[str]]) -> list[str]:
    """The hand cards a new table lays, in the order the table shows them."""
    from cardtable.engine.bots.hint import laid_cards

    left = laid_cards(view["table"], table)
    cards = []
    for entry in (e.split("=")[0] for meld in table for e in meld):
        if left[entry] > 0:
            left[entry] -= 1
            cards.append(entry)
    return cards


def may_meld(legal: list[Action]) -> bool:
    return any(a["type"] == "meld" for a in legal)


def best_meld(view: View) -> Any:
    return solve(view["table"], view["hand"], budget=BUDGET)


def fewest(view: View) -> int:
    return min(n for seat, n in enumerate(view["hand_sizes"]) if seat != view["seat"])


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    kind = action["type"]
    claims: list[Claim] = []
    if kind == "meld":
        cards = laid(view, action["table"])
        points = sum(card_points(c) for c in cards)
        claims.append(Claim("lays", f"lay {names(cards)} ({s(points, 'point')})", tuple(cards), points))
        if len(cards) == len(view["hand"]):
            claims.append(Claim("goes_out", "that is your whole hand, so you go out (+25) and the hand ends"))
        else:
            left = view["hand_value"] - points
            claims.append(Claim("hand_after", f"your hand drops to {s(left, 'point')}", number=left))
    elif kind == "knock":
        claims += knock_claims(view, True)
    elif kind == "pass" and view["phase"] == "knock":
        claims += knock_claims(view, False)
    elif kind in ("draw", "pass"):
        claims += draw_claims(view, legal, kind)
    return Explanation(action, tuple(claims))


def draw_claims(view: View, legal: list[Action], kind: str) -> list[Claim]:
    if kind == "draw" and view["drawn"] == 0 and not may_meld(legal):
        return [Claim("must_draw", "draw: you may meld only after a draw")]
    lead = Claim("draw", "draw a card") if kind == "draw" else Claim("pass", "end your turn")
    found = best_meld(view) if may_meld(legal) else None
    claims = [lead]
    if found is None and may_meld(legal):
        claims.append(Claim("no_simple_meld", "none of your cards fits a meld or makes a new one"))
    elif found is None:
        pass
    elif len(found.played) == len(view["hand"]):
        claims.append(Claim("goes_out_possible", "yet a meld would lay your whole hand"))
    else:
        claims.append(Claim("holds_back", f"you could lay {s(found.points, 'point')} now, and a draw may "
                            "add to it", number=found.points))
    if kind == "draw" and view["drawn"] == 2:
        claims.append(Claim("third_draw", "a third draw ends your turn without melding"))
    return claims


def knock_claims(view: View, knock: bool) -> list[Claim]:
    value = view["hand_value"]
    few = fewest(view)
    lead = Claim("hand_value", ("knock" if knock else "do not knock") + f" with {s(value, 'point')} in hand",
                 number=value)
    if few > value:
        why = f"everyone else holds {few} or more cards, worth at least that"
    else:
        why = f"someone holds only {s(few, 'card')}, and could be lower"
    return [lead, Claim("fewest_cards", why, number=few)]


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """Drawing or passing when a meld would lay the whole hand (going out wins the hand and +25)."""
    if action["type"] not in ("draw", "pass") or view["phase"] != "turn" or not may_meld(legal):
        return None
    found = best_meld(view)
    if found is not None and len(found.played) == len(view["hand"]):
        return f"{'draws' if action['type'] == 'draw' else 'passes'} when a meld would lay the whole hand"
    return None
