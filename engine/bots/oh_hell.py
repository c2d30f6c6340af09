"""Oh Hell bots: they act on the seat's view and legal actions only (engine/oh_hell.py documents both).

- ``random``: any legal action.
- ``easy``: bids its aces and high trumps; plays its highest card while it wants tricks and its lowest
  once it has enough, with an occasional random card.
- ``normal``: bids from an estimate of its hand (sure and likely tricks from trumps and high cards,
  ruffing chances from short suits, scaled for the number of players) and plays to make its bid exactly:
  while it needs tricks it wins them as cheaply as it can (or leads its surest winner), once it has
  enough it ducks under the winning card and sheds its high cards, and it counts the cards played.
- ``hard``: bids by determinized Monte Carlo (the three legal bids nearest the ``normal`` estimate are
  each played out on sampled deals, the other seats bidding their own estimate) and plays the same way: for each legal card it deals the
  unseen cards at random to the other seats (consistent with the hand sizes and the suits a seat has
  shown it lacks), plays the hand out with the ``normal`` policy for every seat, and keeps the card
  with the best average score for itself. A small fixed budget keeps it to a few tens of milliseconds.

Every level waits a short think time (``delay``) so people can follow the table.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.bots.common import THINK_TIME, Reaction
from cardtable.engine.cards import SUITS, high_value
from cardtable.engine.oh_hell import DECK, HIGH, hand_points, playable, trick_winner

Action = dict[str, Any]
View = dict[str, Any]


# -- card arithmetic --------------------------------------------------------------------------------


def beats(card: str, best: str, trump: str | None) -> bool:
    """``card`` played after ``best`` (the trick's winning card so far) takes the lead."""
    if card[1] == best[1]:
        return HIGH[card] > HIGH[best]
    return card[1] == trump


def winning_card(cards: list[str], trump: str | None) -> str | None:
    best = None
    for card in cards:
        if best is None or beats(card, best, trump):
            best = card
    return best


def higher_unseen(card: str, unseen: set[str]) -> int:
    """How many cards of ``card``'s suit that could still beat it are out of sight."""
    value = HIGH[card]
    suit = card[1]
    return sum(1 for c in unseen if c[1] == suit and HIGH[c] > value)


# -- bidding ----------------------------------------------------------------------------------------


def estimate_tricks(hand: list[str], trump: str | None, players: int) -> float:
    """Expected tricks: sure and likely winners by trumps and high cards, plus ruffs from short suits."""
    lengths = {s: 0 for s in SUITS}
    for card in hand:
        lengths[card[1]] += 1
    trumps = lengths[trump] if trump else 0
    crowd = (4 / players) ** 0.5  # side-suit honours lose value as more players may ruff or overtake
    total = 0.0
    for card in hand:
        value = HIGH[card]
        length = lengths[card[1]]
        if card[1] == trump:
            if value == 14:
                total += 1.0
            elif value == 13:
                total += 0.9
            elif value == 12:
                total += 0.7 if trumps >= 2 else 0.5
            elif value == 11:
                total += 0.55 if trumps >= 3 else 0.35
            else:
                total += 0.3 if trumps >= 3 else 0.15
            continue
        ruff_risk = 0.15 if trump else 0.0
        if value == 14:
            total += (0.95 - ruff_risk - 0.08 * max(0, length - 3)) * crowd ** 0.5
        elif value == 13:
            total += (0.65 if length >= 2 else 0.3) * crowd - ruff_risk / 2
        elif value == 12:
            total += (0.3 if length >= 3 else 0.1) * crowd
    if trump and trumps >= 2:
        short = sum(1 for s in SUITS if s != trump and lengths[s] == 0)
        total += 0.35 * min(short, trumps - 1)
    return max(0.0, min(float(len(hand)), total))


def pick_bid(estimate: float, legal: list[Action]) -> Action:
    """The legal bid nearest the estimate (ties: the lower bid)."""
    return min(legal, key=lambda a: (abs(a["bid"] - estimate), a["bid"]))


# -- playing ----------------------------------------------------------------------------------------


def choose_card(
    hand: list[str],
    allowed: list[str],
    trick: list[str],
    trump: str | None,
    need: int,
    unseen: set[str],
    behind: int,
) -> str:
    """The ``normal`` play: take tricks while ``need`` > 0, duck and shed winners otherwise.

    ``trick`` holds the cards played to this trick so far; ``behind`` is how many seats play after us.
    """
    if not trick:
        return _lead(allowed, trump, need, unseen)
    best = winning_card(trick, trump)
    assert best is not None
    winners = [c for c in allowed if beats(c, best, trump)]
    losers = [c for c in allowed if c not in winners]
    if need > 0:
        if winners:
            if behind == 0:
                return min(winners, key=lambda c: (c[1] == trump, HIGH[c]))
            safe = [c for c in winners if higher_unseen(c, unseen) == 0]
            if safe:
                return min(safe, key=lambda c: (c[1] == trump, HIGH[c]))
            return max(winners, key=lambda c: (HIGH[c], c[1] != trump))
        return _lowest(losers, trump)
    if losers:
        return max(losers, key=lambda c: (c[1] != trump, HIGH[c]))
    if behind == 0:
        return max(winners, key=lambda c: HIGH[c])
    return min(winners, key=lambda c: HIGH[c])


def _lowest(cards: list[str], trump: str | None) -> str:
    """The card least worth keeping: non-trumps first, low before high."""
    return min(cards, key=lambda c: (c[1] == trump, HIGH[c]))


def _lead(allowed: list[str], trump: str | None, need: int, unseen: set[str]) -> str:
    if need > 0:
        sure = [c for c in allowed if higher_unseen(c, unseen) == 0]
        if sure:
            return max(sure, key=lambda c: (c[1] == trump, HIGH[c]))
        return _lowest(allowed, trump)
    return max(allowed, key=lambda c: (c[1] != trump, higher_unseen(c, unseen), -HIGH[c]))


def unseen_cards(view: View) -> set[str]:
    """Cards this seat has not seen: other hands, the undealt cards."""
    seen = set(view["hand"]) | set(view["played"]) | {t["card"] for t in view["trick"]}
    if view["last_trick"]:
        seen.update(t["card"] for t in view["last_trick"]["cards"])
    if view["trump_card"]:
        seen.add(view["trump_card"])
    return set(DECK) - seen


def need_of(view: View) -> int:
    seat = view["seat"]
    bid = view["bids"][seat]
    return (bid or 0) - view["tricks"][seat]


# -- the bots ---------------------------------------------------------------------------------------


class RandomBot:
    level = "random"
    think = THINK_TIME

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return dict(legal[rng.randrange(len(legal))])

    def delay(self, view: View, rng: random.Random) -> float:
        return self.think.sample(rng)


class EasyBot(RandomBot):
    level = "easy"
    blunder = 0.15

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if rng.random() < self.blunder:
            return super().choose(view, legal, rng)
        if legal[0]["type"] == "bid":
            trump = view["trump"]
            guess = sum(1 for c in view["hand"] if c[0] == "A" or (c[1] == trump and c[0] in "KQ"))
            return dict(pick_bid(guess, legal))
        cards = [a["card"] for a in legal]
        if need_of(view) > 0:
            return {"type": "play", "card": max(cards, key=high_value)}
        return {"type": "play", "card": min(cards, key=high_value)}


class NormalBot(RandomBot):
    level = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if legal[0]["type"] == "bid":
            return dict(pick_bid(estimate_tricks(view["hand"], view["trump"], view["players"]), legal))
        return {"type": "play", "card": self.play(view, [a["card"] for a in legal], rng)}

    def play(self, view: View, allowed: list[str], rng: random.Random) -> str:
        trick = [t["card"] for t in view["trick"]]
        behind = view["players"] - len(trick) - 1
        return choose_card(view["hand"], allowed, trick, view["trump"], need_of(view), unseen_cards(view), behind)


class HardBot(NormalBot):
    """Determinized Monte Carlo over the unseen cards for each play (see the module docstring)."""

    level = "hard"
    think = Reaction(median=0.8, spread=0.4, floor=0.3)
    samples = 24
    bid_samples = 10

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if legal[0]["type"] == "bid":
            return self.bid(view, legal, rng)
        return super().choose(view, legal, rng)

    def bid(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Try the legal bids nearest the estimate on sampled deals; others bid their own estimate."""
        n = view["players"]
        seat = view["seat"]
        trump = view["trump"]
        estimate = estimate_tricks(view["hand"], trump, n)
        if len(legal) == 1:
            return dict(legal[0])
        candidates = sorted(legal, key=lambda a: (abs(a["bid"] - estimate), a["bid"]))[:3]
        totals = [0.0] * len(candidates)
        unseen = sorted(unseen_cards(view))
        no_voids: list[set[str]] = [set() for _ in range(n)]
        for _ in range(self.bid_samples):
            deal = deal_unseen(view, unseen, no_voids, rng)
            bids = [b if b is not None else round(estimate_tricks(deal[s], trump, n))
                    for s, b in enumerate(view["bids"])]
            for i, action in enumerate(candidates):
                bids[seat] = action["bid"]
                totals[i] += rollout(view, deal, None, list(bids))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return dict(candidates[best])

    def play(self, view: View, allowed: list[str], rng: random.Random) -> str:
        if len(allowed) == 1:
            return allowed[0]
        if len(view["hand"]) == 1:
            return allowed[0]
        totals = dict.fromkeys(allowed, 0.0)
        voids = shown_voids(view)
        unseen = sorted(unseen_cards(view))
        for _ in range(self.samples):
            deal = deal_unseen(view, unseen, voids, rng)
            for card in allowed:
                totals[card] += rollout(view, deal, card)
        best = max(totals.values())
        favourites = [c for c in allowed if totals[c] == best]
        if len(favourites) == 1:
            return favourites[0]
        fallback = super().play(view, allowed, rng)
        return fallback if fallback in favourites else favourites[0]


def shown_voids(view: View) -> list[set[str]]:
    """Per seat, the suits it has shown it lacks (it did not follow in a trick we can still see)."""
    voids: list[set[str]] = [set() for _ in range(view["players"])]
    tricks = [view["trick"]]
    if view["last_trick"]:
        tricks.append(view["last_trick"]["cards"])
    for trick in tricks:
        if not trick:
            continue
        led = trick[0]["card"][1]
        for t in trick[1:]:
            if t["card"][1] != led:
                voids[t["seat"]].add(led)
    return voids


def deal_unseen(view: View, unseen: list[str], voids: list[set[str]], rng: random.Random) -> list[list[str]]:
    """Hands for every seat: ours as it is, the others drawn from ``unseen`` (respecting shown voids
    where the cards allow it)."""
    seat = view["seat"]
    sizes = view["hand_sizes"]
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[str]] = [[] for _ in sizes]
    hands[seat] = list(view["hand"])
    others = sorted((s for s in range(len(sizes)) if s != seat), key=lambda s: -len(voids[s]))
    for s in others:
        fits = [c for c in pool if c[1] not in voids[s]]
        take = fits[: sizes[s]] if len(fits) >= sizes[s] else pool[: sizes[s]]
        for c in take:
            pool.remove(c)
        hands[s] = take
    return hands


def rollout(view: View, hands: list[list[str]], first: str | None, bids: list[int] | None = None) -> float:
    """Our score for this hand when we play ``first`` (None: whoever is to play starts) and everyone
    then follows the normal policy; ``bids`` replaces the view's bids (for trying bids of our own)."""
    n = view["players"]
    seat = view["seat"]
    trump = view["trump"]
    must_trump = view["options"]["must_trump"]
    hands = [list(h) for h in hands]
    bids = bids if bids is not None else [b or 0 for b in view["bids"]]
    tricks = list(view["tricks"])
    trick = [t["card"] for t in view["trick"]]
    leader = view["leader"]
    gone = set(view["played"]) | set(trick)
    if view["last_trick"]:
        gone.update(t["card"] for t in view["last_trick"]["cards"])
    if view["trump_card"]:
        gone.add(view["trump_card"])
    turn = (leader + len(trick)) % n
    card = first if first is not None else _policy(hands[turn], trick, trump, must_trump, bids[turn] - tricks[turn],
                                                    gone, n)
    while True:
        hands[turn].remove(card)
        trick.append(card)
        gone.add(card)
        if len(trick) == n:
            winner = trick_winner(trick, leader, n, trump)
            tricks[winner] += 1
            trick = []
            leader = turn = winner
            if not hands[winner]:
                break
        else:
            turn = (turn + 1) % n
        card = _policy(hands[turn], trick, trump, must_trump, bids[turn] - tricks[turn], gone, n)
    score = hand_points(bids[seat], tricks[seat], view["cards_this_hand"], view["options"]["scoring"])
    return float(score)


def _policy(hand: list[str], trick: list[str], trump: str | None, must_trump: bool, need: int, gone: set[str],
            players: int) -> str:
    allowed = playable(hand, trick, trump, must_trump)
    if len(allowed) == 1:
        return allowed[0]
    unseen = ALL - gone - set(hand)
    return choose_card(hand, allowed, trick, trump, need, unseen, players - len(trick) - 1)


ALL = frozenset(DECK)


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
