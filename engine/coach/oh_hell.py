"""Oh Hell's coach: whether a card wins or ducks the trick (for certain, or how many unseen cards could
beat it) and what that does to the bid.

Claim kinds:

- ``forced``: the only legal card.
- ``estimate``: a bid's reason from the hand's worth (the bots' own estimate; an opinion, not a fact).
- ``bids_so_far``: the bids already made add up to ``number``.
- ``hook``: the dealer may not bid ``number`` (the bids would add up to the cards in the hand).
- ``wins`` / ``loses``: last to play, the card takes / does not take the trick (``loses``: ``cards``
  holds the card that beats it).
- ``beaten``: a card already played to the trick (``cards[0]``) beats it: it cannot win.
- ``sure``: no card this seat cannot see could beat it (played or led now, it wins).
- ``on_top``: it beats the cards played so far, and ``number`` unseen cards could still beat it.
- ``need``: the seat still needs ``number`` tricks for its bid (0: it has its bid; below 0: over it).
- ``all_win`` / ``all_lose``: every legal card wins / loses this trick too (last to play).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.coach import FORCED, Claim, Explanation, only, s
from cardtable.engine.oh_hell import DECK, HIGH, STRENGTH

Action = dict[str, Any]
View = dict[str, Any]


def unseen(view: View) -> set[str]:
    """The cards this seat cannot see: another hand or the undealt rest of the deck."""
    seen = set(view["hand"]) | set(view["played"]) | {p["card"] for p in view["trick"]}
    if view["last_trick"]:
        seen |= {p["card"] for p in view["last_trick"]["cards"]}
    if view["trump_card"]:
        seen.add(view["trump_card"])
    return set(DECK) - seen


def strength(view: View, cards: list[str]) -> dict[str, int]:
    """Each card's strength in a trick led by ``cards[0]`` (0: cannot win it)."""
    return STRENGTH[view["trump"]][cards[0][1]]


def outcome(view: View, card: str) -> tuple[str, tuple[str, ...], int]:
    """``("wins"|"loses"|"beaten"|"sure"|"on_top", cards, unseen beaters)`` of playing ``card`` now."""
    trick = [p["card"] for p in view["trick"]]
    cards = [*trick, card]
    power = strength(view, cards)
    best = max(trick, key=lambda c: power[c], default=None)
    last = len(trick) == view["players"] - 1
    if best is not None and power[best] > power[card]:
        return ("loses" if last else "beaten"), (best,), 0
    if last:
        return "wins", (), 0
    beaters = sum(1 for c in unseen(view) if power[c] > power[card])
    return ("sure" if beaters == 0 else "on_top"), (), beaters


def need_of(view: View) -> int:
    seat = view["seat"]
    return (view["bids"][seat] or 0) - view["tricks"][seat]


BID_WORDS: dict[tuple[bool | None, str], str] = {
    (True, "more"): "you need it and {after} more after it",
    (True, "last"): "it makes your bid of {bid}",
    (True, "made"): "it puts you over your bid of {bid}",
    (True, "over"): "it puts you over your bid of {bid}",
    (False, "lost"): "your bid of {bid} can no longer be made",
    (False, "more"): "you still need {tricks} from the {left} after it",
    (False, "last"): "you still need {tricks} from the {left} after it",
    (None, "more"): "you need {more}",
    (None, "last"): "you need {more}",
}
"""What a play does to the bid, by (wins the trick: True, ducks: False, open: None) and where the bid
stands (:func:`standing`); a seat with its bid made or passed hears the same whatever it plays
(:data:`BID_KEPT`)."""
BID_KEPT = {"made": "you have your {bid} and want no more", "over": "you are over your bid of {bid}"}


def standing(need: int, left: int, takes: bool | None) -> str:
    """Where the bid stands: ``lost`` (a duck leaves more tricks needed than are left), ``more``
    (two or more still needed), ``last`` (one), ``made`` (none), ``over`` (too many already)."""
    if takes is False and need > left:
        return "lost"
    return "over" if need < 0 else "made" if need == 0 else "last" if need == 1 else "more"


def bid_words(view: View, takes: bool | None) -> Claim:
    """What winning (``takes``), ducking (False) or an open trick (None) does to the bid."""
    need = need_of(view)
    bid = view["bids"][view["seat"]] or 0
    left = len(view["hand"]) - 1  # tricks after this one
    where = standing(need, left, takes)
    words = BID_WORDS.get((takes, where)) or BID_KEPT[where]
    text = words.format(bid=bid, left=left, after=need - 1, tricks=s(need, "trick"), more=s(need, "more trick"))
    return Claim("need", text, number=need)


def play_claims(view: View, legal: list[Action], card: str) -> list[Claim]:
    kind, cards, beaters = outcome(view, card)
    if kind == "wins":
        lead = Claim("wins", f"{card} wins the trick")
        takes: bool | None = True
    elif kind == "loses":
        lead = Claim("loses", f"{card} ducks under {cards[0]}", cards)
        takes = False
    elif kind == "beaten":
        lead = Claim("beaten", f"{card} cannot win ({cards[0]} beats it)", cards)
        takes = False
    elif kind == "sure":
        lead = Claim("sure", f"{card} wins the trick (no unseen card beats it)")
        takes = True
    else:
        lead = Claim("on_top", f"{card} is on top for now; {s(beaters, 'unseen card')} could beat it",
                     number=beaters)
        takes = None
    claims = [lead, bid_words(view, takes)]
    if len(legal) > 1 and kind in ("wins", "loses"):
        others = {outcome(view, a["card"])[0] for a in legal}
        if others == {kind}:
            claims.append(Claim("all_win" if kind == "wins" else "all_lose",
                                "every card you may play " + ("wins it" if kind == "wins" else "ducks")))
    return claims


def bid_claim(view: View, bid: int) -> Claim:
    """A bid against the hand's worth in tricks (the bots' estimate: an opinion, said as one)."""
    from cardtable.engine.bots.oh_hell import estimate_tricks

    worth = estimate_tricks(view)
    if bid >= worth + 1:
        than = "more than"
    elif bid <= worth - 1:
        than = "less than"
    else:
        than = "about what"
    return Claim("estimate", f"bid {bid}, {than} your hand looks worth ({worth:.1f} tricks)", number=bid)


def explain(view: View, legal: list[Action], action: Action) -> Explanation:
    if action["type"] == "bid":
        claims = [bid_claim(view, action["bid"])]
        made = [b for b in view["bids"] if b is not None]
        if made:
            claims.append(Claim("bids_so_far", f"the bids so far add up to {sum(made)} of "
                                f"{view['cards_this_hand']}", number=sum(made)))
        offered = {a["bid"] for a in legal}
        ruled_out = [n for n in range(view["cards_this_hand"] + 1) if n not in offered]
        if ruled_out:
            claims.insert(1, Claim("hook", f"the hook rules out {ruled_out[0]}", number=ruled_out[0]))
        return Explanation(action, tuple(claims))
    claims = [Claim("forced", FORCED)] if only(legal) else []
    claims += play_claims(view, legal, action["card"])
    return Explanation(action, tuple(claims))


def sure_later(trump: str | None, hidden: set[str], card: str) -> bool:
    """A trump no ``hidden`` card outranks: it takes whatever trick it is played to, now or later."""
    return bool(trump) and card[1] == trump and not any(
        c[1] == trump and HIGH[c] > HIGH[card] for c in hidden)


def same_worth(hidden: set[str], low: str, high: str) -> bool:
    """Two cards of one suit with no ``hidden`` card between them: whatever one does later, the other can."""
    return not any(c[1] == low[1] and HIGH[low] < HIGH[c] < HIGH[high] for c in hidden)


def blunder(view: View, legal: list[Action], action: Action) -> str | None:
    """Last to play, what is worse whatever the unseen cards are: ducking a certain trick the bid needs
    (unless the winner is a top trump, sure of a trick later; or the bid is lost anyway and only a
    made bid scores); taking a trick when the bid is made exactly and a card ducks; with two or more
    tricks still needed, winning with a higher card of a suit where a lower one wins the same; throwing
    a higher card where a lower one loses the same while every trick left is needed (or two or more
    are). Not with one trick needed: the card kept may be a trick too many. Two cards with no unseen
    card between them are worth the same."""
    if action["type"] != "play" or len(view["trick"]) != view["players"] - 1 or len(legal) < 2:
        return None
    card = action["card"]
    need = need_of(view)
    left = len(view["hand"]) - 1  # tricks after this one
    kinds = {a["card"]: outcome(view, a["card"])[0] for a in legal}
    only_made_bids_score = view["options"].get("scoring") != "plus_tricks"
    if need > left + 1 and only_made_bids_score:
        return None  # the bid is lost whatever is played
    winners = [c for c, k in kinds.items() if k == "wins"]
    losers = [c for c, k in kinds.items() if k == "loses"]
    hidden = unseen(view)
    if need > 0 and kinds[card] == "loses":
        chancy = [c for c in winners if not sure_later(view["trump"], hidden, c)]
        if chancy:
            return f"ducks a certain trick your bid needs ({chancy[0]} wins it)"
    if need == 0 and kinds[card] == "wins" and losers:
        return f"takes a trick your bid does not want ({losers[0]} ducks)"
    if kinds[card] == "wins":
        keep_high = need >= 2
    else:  # (a duck that loses the bid leaves nothing to keep a card for)
        keep_high = (need >= 2 or 0 < need >= left) and not (need > left and only_made_bids_score)
    if keep_high and left > 0:
        same = [c for c in (winners if kinds[card] == "wins" else losers)
                if c[1] == card[1] and HIGH[c] < HIGH[card] and not same_worth(hidden, c, card)]
        if same:
            return f"{card} where the lower {same[0]} does the same"
    return None
