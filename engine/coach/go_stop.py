"""Go-Stop's coach: what a play captures (or that none of your cards captures), what it leaves on the
table for whom, and why Go or Stop (turns left, who is close, what Stop collects, the bak risks).

Claim kinds:

- ``forced``: the only legal action.
- ``captures``: the table cards the played card takes (``cards``; one of them when two lie there:
  ``number`` 2, you choose); ``stack``: it takes a stack of three (ppuk) and a junk from each opponent.
- ``bonus``: a bonus card: it is captured at once and the stock is turned.
- ``none_captures``: no card in the hand matches a table card (a flip included: nothing to capture).
- ``other_captures``: this card captures nothing, but ``cards[0]`` would capture ``cards[1:]``.
- ``out``: ``number`` cards of the played card's month are still out (in another hand or the stock).
- ``pair_in_hand``: the hand holds ``cards[0]``, of the played card's month.
- ``shake`` / ``bomb`` / ``flip`` / ``takes``: the action itself (``takes``: the chosen card).
- ``turns``: the seat's turns left (``number``: cards in hand and flip-only turns); ``go`` says them too.
- ``score``: the seat's score now (``number``); ``leader``: opponent ``seat`` has the most points
  among the opponents (``number``).
- ``stop_pays``: what Stop collects now (``number``, the chips from all opponents together).
- ``pi_bak`` / ``gwang_bak``: should an opponent stop later, this seat would pay double: its junk is
  at most ``number`` (pi-bak) / it has no bright (gwang-bak).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import hwatu
from cardtable.engine.coach import FORCED, Claim, Explanation, names, only, s
from cardtable.engine.go_stop import GAME
from cardtable.engine.hwatu import MONTH_NAMES, MONTH_OF

Action = dict[str, Any]
View = dict[str, Any]

KIND_WORDS = {"B": "bright", "A": "animal", "R": "ribbon", "P": "junk", "D": "double junk"}


def card_name(card: str) -> str:
    """A hwatu card as a player says it: "09A" -> "chrysanthemum animal", "J2" -> "bonus card"."""
    if hwatu.is_joker(card):
        return "bonus card"
    return f"{MONTH_NAMES[MONTH_OF[card]]} {KIND_WORDS[hwatu.kind(card)]}"


def card_names(cards: list[str] | tuple[str, ...]) -> str:
    return names([card_name(c) for c in cards])


def table_cards(view: View, month: str) -> list[str]:
    return [c for pile in view["table"] for c in pile if MONTH_OF[c] == month]


def captures_of(view: View) -> dict[str, list[str]]:
    """``{hand card: the table cards of its month}`` for every hand card that captures."""
    return {c: table_cards(view, MONTH_OF[c]) for c in view["hand"]
            if MONTH_OF[c] and table_cards(view, MONTH_OF[c])}


def out_of_month(view: View, month: str) -> int:
    """The cards of ``month`` still in other hands or the stock (shown ones included: they can capture)."""
    gone = set(view["hand"]) | {c for pile in view["table"] for c in pile}
    for cards in view["captures"]:
        gone.update(cards)
    return sum(1 for c in hwatu.MONTH_CARDS[month] if c not in gone)


def turns(view: View) -> int:
    return len(view["hand"]) + view["flips"][view["seat"]]


def player(view: View, seat: int) -> str:
    if seat == view["seat"]:
        return "you"
    return "your opponent" if view["players"] == 2 else f"seat {seat + 1}"


# -- the claims ------------------------------------------------------------------------------------


def play_claims(view: View, legal: list[Action], action: Action) -> list[Claim]:
    card = action["card"]
    if hwatu.is_joker(card):
        return [Claim("bonus", f"the {card_name(card)} is yours at once and you turn the stock", (card,))]
    claims: list[Claim] = []
    month = MONTH_OF[card]
    taken = table_cards(view, month)
    if action.get("shake"):
        claims.append(Claim("shake", "shake, so a win pays double", (card,)))
    if len(taken) == 3:
        claims.insert(0, Claim("stack", f"the {card_name(card)} takes the stack of three {MONTH_NAMES[month]}"
                               " cards and a junk from each opponent", (card, *taken), 3))
        return claims
    if taken:
        which = ("one of the " if len(taken) == 2 else "the ") + card_names(taken)
        more = " (you choose)" if len(taken) == 2 else ""
        claims.insert(0, Claim("captures", f"the {card_name(card)} captures {which}{more}", tuple(taken),
                               len(taken)))
        return claims
    others = captures_of(view)
    if others:
        other = max(others, key=lambda c: (sum(hwatu.kind(t) in "BAR" for t in others[c]), c))
        lead = Claim("other_captures", f"the {card_name(card)} captures nothing (your {card_name(other)} "
                     f"would take the {card_names(others[other])})", (other, *others[other]))
    else:
        lead = Claim("none_captures", f"none of your cards captures, so lay the {card_name(card)}", (card,))
    claims.insert(0, lead)
    pair = next((c for c in view["hand"] if c != card and MONTH_OF[c] == month), None)
    if pair is not None:
        claims.append(Claim("pair_in_hand", f"your {card_name(pair)} can take it back", (pair,)))
    left = out_of_month(view, month)
    if left == 0:
        claims.append(Claim("out", f"no other {MONTH_NAMES[month]} card is out, so nobody can take it",
                            (card,), 0))
    else:
        claims.append(Claim("out", f"{s(left, 'other ' + MONTH_NAMES[month] + ' card')} still out",
                            (card,), left))
    return claims


def standing(view: View) -> list[Claim]:
    """The turns left, who is close and what Stop collects: the facts behind a Go or a Stop."""
    me = view["seat"]
    scores = view["scores"]
    rival = max((o for o in range(view["players"]) if o != me), key=lambda o: (scores[o], -o))
    stop_state = _payment_state(view)
    pays = GAME.payments(stop_state, me)[0][me]
    left = turns(view)
    return [
        Claim("turns", f"{s(left, 'turn')} left", number=left),
        Claim("score", f"you have {s(scores[me], 'point')}", number=scores[me]),
        Claim("leader", f"{player(view, rival)} {'has' if rival != me else 'have'} "
              f"{scores[rival]} of the {view['target']}", number=scores[rival], seat=rival),
        Claim("stop_pays", f"Stop collects {s(pays, 'chip')}", number=pays),
    ]


def bak_risks(view: View) -> list[Claim]:
    me = view["seat"]
    tally = hwatu.tally(view["captures"][me])
    claims = []
    limit = view["options"]["pibak_max"]
    if tally["junk"] <= limit:
        claims.append(Claim("pi_bak", f"with {tally['junk']} junk you would pay pi-bak if another stops",
                            number=tally["junk"]))
    if tally["brights"] == 0:
        claims.append(Claim("gwang_bak", "with no bright you would pay gwang-bak if another stops", number=0))
    return claims


def _payment_state(view: View) -> Any:
    from cardtable.engine.bots.go_stop import determinize  # the same world builder the hard bot uses

    return determinize(view, random.Random(0))


def go_stop_claims(view: View, action: Action) -> list[Claim]:
    facts = {c.kind: c for c in standing(view)}
    left = facts["turns"].number or 0
    rival = facts["leader"]
    close = (rival.number or 0) >= view["target"] - 2
    if action["type"] == "stop":
        lead = Claim("stop", f"Stop and collect {s(facts['stop_pays'].number or 0, 'chip')} now")
        why = [facts["turns"]] if left <= 2 else []
        if close:
            why.append(rival)
        return [lead, *why, facts["score"]][:3]
    lead = Claim("go", f"Go, with {s(left, 'turn')} left to add to your {facts['score'].number} points",
                 number=left)
    claims = [lead, rival, facts["stop_pays"]]
    claims += bak_risks(view)[:1]
    return claims


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    kind = action["type"]
    claims: list[Claim] = []
    if only(legal) and kind in ("play", "choose", "flip"):
        claims.append(Claim("forced", FORCED if kind == "play" else "your only choice"))
    if kind == "play":
        claims += play_claims(view, legal, action)
    elif kind == "bomb":
        cards = list(action["cards"])
        fourth = table_cards(view, MONTH_OF[cards[0]])
        steal = "; a junk from each opponent" if view["options"]["bomb_steals"] else ""
        claims.append(Claim("bomb", f"bomb, as your three {MONTH_NAMES[MONTH_OF[cards[0]]]} cards take the "
                            f"{card_names(fourth)}{steal}; two flip-only turns", tuple(fourth)))
    elif kind == "flip":
        claims.append(Claim("flip", "flip the stock and keep your cards"))
        if not captures_of(view):
            claims.append(Claim("none_captures", "none of your cards captures"))
    elif kind == "choose":
        card = action["card"]
        rest = [a["card"] for a in legal if a["card"] != card]
        claims.append(Claim("takes", f"take the {card_name(card)}"
                            + (f" rather than the {card_names(rest)}" if rest else ""), (card,)))
    elif kind in ("go", "stop"):
        claims += go_stop_claims(view, action)
    elif kind == "deal":
        claims.append(Claim("deal", "deal the next hand"))
    elif kind == "leave":
        claims.append(Claim("leave", "end the table: the chips are the final scores"))
    return Explanation(action, tuple(claims))


# -- the plays that are plainly worse ----------------------------------------------------------------


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """A Go with one turn left whose card captures nothing (only a lucky stock card could add a point,
    and Stop's chips are certain); a card laid to the table for the others while another card captures
    and the laid card has nothing to gain by waiting (no other card of its month in the hand)."""
    kind = action["type"]
    if kind == "go":
        if turns(view) == 1 and view["hand"] and not captures_of(view):
            return "Go with one turn left and a card that captures nothing: Stop's chips are certain"
        return None
    if kind != "play" or hwatu.is_joker(action["card"]) or action.get("shake"):
        return None
    card = action["card"]
    month = MONTH_OF[card]
    if table_cards(view, month):
        return None
    others = captures_of(view)
    if not others or any(MONTH_OF[c] == month for c in view["hand"] if c != card):
        return None
    if out_of_month(view, month) == 0:
        return None
    other = next(iter(others))
    return (f"lays the {card_name(card)} for the others to take while your {card_name(other)} "
            f"captures the {card_names(others[other])}")


