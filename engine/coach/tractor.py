"""Tractor's coach: whether a play wins the trick (for certain when last to play, or as things stand),
how many points it puts in and which side they go to, and whether it is a lead nobody can beat.

Claim kinds:

- ``forced``: the hand holds exactly what the follow obligations ask for.
- ``wins`` / ``loses``: last to play, the play takes / does not take the trick; ``points``: the
  trick's ``number`` points go to team ``seat`` (0: seats 1 and 3, 1: seats 2 and 4).
- ``on_top`` / ``behind``: not last, the play would be winning the trick so far / is beaten already.
- ``partner_winning``: the seat's partner is winning the trick now.
- ``gives``: the play itself holds ``number`` points.
- ``sure_lead``: a lead no unseen card of its suit can beat (``cards``).
- ``blank``: a legal card with no points, ``cards[0]``, was there instead (said of a weak move).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.bots.tractor import table_from_view
from cardtable.engine.coach import Claim, Explanation, names, s
from cardtable.engine.tractor import PLAYERS, follow_error, team, winning_play
from cardtable.engine.tractor_shapes import POINTS, TRUMP, Order, can_beat, decompose, of_class

Action = dict[str, Any]
View = dict[str, Any]


def side(view: View, seat: int) -> str:
    """Who a team is to this seat: "your side" or "the declarers"/"the attackers"."""
    if team(seat) == team(view["seat"]):
        return "your side"
    return "the declarers" if team(seat) == view["declarers"] else "the attackers"


def points_of(cards: list[str]) -> int:
    return sum(POINTS[c] for c in cards)


def winner_after(view: View, order: Order, cards: list[str]) -> int:
    plays = [*view["trick"], {"seat": view["seat"], "cards": cards}]
    return plays[winning_play(plays, order)]["seat"]


def forced(view: View, order: Order) -> bool:
    """Whether the follow obligations leave one choice: the hand holds exactly as many cards of the led
    suit as were led, or only as many cards as were led."""
    if not view["trick"]:
        return len(view["hand"]) == 1
    lead = view["trick"][0]["cards"]
    suit = of_class(view["hand"], order, order[lead[0]][0])
    return len(suit) == len(lead) or len(view["hand"]) == len(lead)


def play_claims(view: View, cards: list[str]) -> list[Claim]:
    t = table_from_view(view)
    order = t.order
    me = view["seat"]
    given = points_of(cards)
    claims: list[Claim] = []
    if forced(view, order):
        claims.append(Claim("forced", "your only legal play" if len(cards) > 1 else "your only legal card"))
    if not view["trick"]:
        cls = order[cards[0]][0]
        others = [c for c in t.unseen.elements() if order[c][0] == cls]
        if not any(can_beat(unit, others, order) for unit in decompose(cards, order)):
            claims.append(Claim("sure_lead", f"lead {names(cards)}: no unseen "
                                f"{'trump' if cls == TRUMP else 'card of its suit'} beats it", tuple(cards)))
        else:
            claims.append(Claim("lead", f"lead {names(cards)}", tuple(cards)))
        claims.append(Claim("gives", f"it puts {s(given, 'point')} in the trick" if given else
                            "it puts no points at risk", number=given))
        return claims
    winner = winner_after(view, order, cards)
    total = given + sum(points_of(p["cards"]) for p in view["trick"])
    last = len(view["trick"]) == PLAYERS - 1
    partner = (me + 2) % PLAYERS
    if last:
        kind = "wins" if winner == me else "loses"
        verb = ("wins the trick" if len(cards) == 1 else "win the trick") if winner == me else "cannot win the trick"
        claims.append(Claim(kind, f"{names(cards)} {verb}", tuple(cards)))
        if total:
            claims.append(Claim("points", f"the trick's {s(total, 'point')} go to {side(view, winner)}", number=total,
                                seat=team(winner)))
        elif winner != me:
            claims.append(Claim("points", "the trick holds no points", number=0, seat=team(winner)))
        return claims
    if view["winning"] == partner:
        claims.append(Claim("partner_winning", "your partner is winning the trick", tuple(cards)))
    elif winner == me:
        claims.append(Claim("on_top", f"{names(cards)} {'is' if len(cards) == 1 else 'are'} winning the trick so far",
                            tuple(cards)))
    else:
        claims.append(Claim("behind", f"{names(cards)} {'does' if len(cards) == 1 else 'do'} not win the trick as "
                            "it stands", tuple(cards)))
    claims.append(Claim("gives", f"it gives {s(given, 'point')}" if given else "it gives no points",
                        number=given))
    return claims


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    kind = action["type"]
    if kind == "play":
        return Explanation(action, tuple(play_claims(view, list(action["cards"]))))
    words = {
        "declare": f"declare {names(action.get('cards', []))}: you hold many cards of that suit",
        "bury": "bury short suits' low cards and keep points out of the kitty",
        "pass": "nothing here is worth declaring",
        "draw": "draw the next card",
    }
    return Explanation(action, (Claim(kind, words.get(kind, kind)),))


# -- the plays that are plainly worse ----------------------------------------------------------------


def blank(card: str, order: Order) -> bool:
    """A card nobody minds giving away: no points, not a trump, not an ace."""
    return not POINTS[card] and order[card][0] != TRUMP and card[0] != "A"


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """Last to play: points into a trick the other side takes while a blank card (not from a pair)
    could go in their place; or a trump that wins where a lower legal trump (not from a pair, with at
    least as many points) wins the same."""
    if action["type"] != "play" or view["phase"] != "play" or len(view["trick"]) != PLAYERS - 1:
        return None
    t = table_from_view(view)
    order = t.order
    me = view["seat"]
    cards = list(action["cards"])
    lead = view["trick"][0]["cards"]
    winner = winner_after(view, order, cards)
    hand = view["hand"]
    if team(winner) != team(me) and points_of(cards):
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        for i, card in enumerate(cards):
            if not POINTS[card]:
                continue
            for other in sorted(set(rest)):
                if not blank(other, order) or hand.count(other) > hand.count(card):
                    continue  # a pair is worth keeping: breaking one is not plainly better
                swapped = [*cards[:i], other, *cards[i + 1:]]
                if follow_error(hand, swapped, lead, order) is None and \
                        team(winner_after(view, order, swapped)) != team(me):
                    return f"gives {card} to {side(view, winner)} while {other} was legal"
    if winner == me and len(cards) == 1 and order[cards[0]][0] == TRUMP:
        for other in set(hand):
            if order[other][0] == TRUMP and order[other][1] < order[cards[0]][1] and \
                    POINTS[other] >= POINTS[cards[0]] and hand.count(other) <= hand.count(cards[0]) and \
                    follow_error(hand, [other], lead, order) is None and \
                    winner_after(view, order, [other]) == me:
                return f"wins with {cards[0]} where the lower {other} wins the same"
    return None
