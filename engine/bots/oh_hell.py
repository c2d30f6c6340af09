"""Oh Hell bots: they act on the seat's view and legal actions only (engine/oh_hell.py documents both).

- ``random``: any legal action.
- ``easy``: bids its aces and high trumps; plays its highest card while it wants tricks and its lowest
  once it has enough, with an occasional random card.
- ``normal``: bids from an estimate of its hand (each card's chance to be the best of its suit still in
  play, less the chance of being ruffed, plus ruffs from short side suits; shifted so that a random hand
  is worth its share of the tricks, whatever the size of the hand) and plays to make its bid exactly:
  while it needs tricks it wins them as cheaply as it can (or leads its surest winner), once it has
  enough it ducks under the winning card and sheds its high cards, and it counts the cards played.
- ``hard``: a determinized search (engine/bots/oh_hell_search.py) over deals of the unseen cards that
  fit what the view shows: hand sizes, the suits each seat has shown it lacks (the whole hand's play is
  worked out again from the view), and, by weight, the bids made. It bids by
  playing each plausible bid out on the same deals, with the same random cards in each deal's playouts
  whatever the bid, and keeping the best average score (with three cards or fewer its own cards in those
  playouts are searched, as in the last tricks below, not played by the policy); it plays by
  trying each legal card on the same deals, the hand played on with a fast policy for every seat (and,
  in the last three tricks, its own remaining cards searched too, one choice for all the deals that look
  alike to it: it cannot see the deal, so it may not play as if it did). It leaves the card the policy
  would play only for one that scores clearly better on those deals (by a margin, beyond their
  sampling error). It plays for its own points. A fixed budget of simulated card plays, not a clock: a
  few milliseconds a decision (the think times are in tools/bench_bots.py's output).

Every level waits a short think time (``delay``) so people can follow the table.
"""

from __future__ import annotations

import math
import random
from typing import Any

from cardtable.engine.bots import oh_hell_search as search
from cardtable.engine.bots.common import THINK_TIME, Reaction, sound
from cardtable.engine.cards import high_value
from cardtable.engine.oh_hell import DECK, HIGH

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


def estimate_tricks(view: View) -> float:
    """Expected tricks of the seat's hand (engine/bots/oh_hell_search.py: estimate)."""
    return search.estimate(search.mask_of(view["hand"]), _trump_index(view), view["players"],
                           view["cards_this_hand"])


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
            return dict(pick_bid(estimate_tricks(view), legal))
        return {"type": "play", "card": self.play(view, [a["card"] for a in legal], rng)}

    def play(self, view: View, allowed: list[str], rng: random.Random) -> str:
        trick = [t["card"] for t in view["trick"]]
        behind = view["players"] - len(trick) - 1
        return choose_card(view["hand"], allowed, trick, view["trump"], need_of(view), unseen_cards(view), behind)


class HardBot(NormalBot):
    """Determinized search over deals consistent with the view (engine/bots/oh_hell_search.py)."""

    level = "hard"
    think = Reaction(median=0.8, spread=0.4, floor=0.3)
    bid_worlds = 64  # sampled deals a bid is played out on (24 measured 0.43 points a seat-hand worse than 48)
    bid_solve_upto = 3  # hands of at most this many cards: our own cards in the bidding playouts are searched
    play_budget = 4000  # simulated card plays per decision
    min_worlds, max_worlds = 8, 40
    bid_noise = 0.15  # chance of a random card per play in the bidding playouts: nobody steers a hand perfectly
    bid_steady = False  # our own seat plays the policy without noise in the bidding playouts
    bid_pool, play_pool = 3, 3  # candidate deals drawn per deal kept, weighed by the bids made
    others_round = 0.5  # a seat still to bid bids its hand's estimate rounded up from this fraction
    bid_spread = 0.9  # how far (in tricks) a bid may stray from its hand's estimate (search.bid_likelihood)
    solve_below = 4  # with fewer cards than this in hand, our own later cards are searched too, not guessed
    evidence = 1.0  # how clearly (in standard errors) a card must beat the policy's to be played instead
    margin = 0.25  # and by how many points on average

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if legal[0]["type"] == "bid":
            return self.bid(view, legal, rng)
        return super().choose(view, legal, rng)

    def bid(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Each plausible bid played out on the same sampled deals; the best average score wins.

        Every deal's playouts draw their random cards from one stream of their own, the same whatever the
        bid tried (common random numbers): two bids are then told apart by what the bid changes, not by
        which of them drew the luckier playouts (a strong hand's high bids used to win that way and then
        fall short at the table).
        """
        if len(legal) == 1:
            return dict(legal[0])
        sit = search.read_view(view)
        worlds = search.sample_worlds(sit, self.bid_worlds, rng, self.bid_pool, self.bid_spread)
        streams = [rng.getrandbits(32) for _ in worlds]
        allowed = sorted(a["bid"] for a in legal)
        mine = search.estimate(sit.hand, sit.trump, sit.players, sit.cards)
        natural = min(allowed, key=lambda b: (abs(b - mine), b))
        plans = [self._others_bids(sit, world, view) for world in worlds]

        def total(bid: int, took: list[int] | None = None) -> float:
            score = 0.0
            for world, bids, stream in zip(worlds, plans, streams, strict=True):
                bids[sit.seat] = bid
                result = self._play_hand(sit, world, bids, random.Random(stream))
                if took is not None:
                    took.append(result[sit.seat])
                score += self.value(sit, bids, result)
            return score

        if sit.cards <= self.bid_solve_upto:
            totals = self._solved_totals(sit, worlds, plans, allowed)
        else:
            took: list[int] = []
            totals = {natural: total(natural, took)}
            low, high = min(took) - 1, max(took) + 1
            for b in allowed:
                if low <= b <= high and b not in totals:
                    totals[b] = total(b)
        best = max(totals, key=lambda b: (totals[b], -abs(b - mine)))
        return {"type": "bid", "bid": best}

    def _solved_totals(self, sit: search.Situation, worlds: list[list[int]], plans: list[list[int]],
                       allowed: list[int]) -> dict[int, float]:
        """Each allowed bid's total over ``worlds`` when our own cards are searched (:func:`search.solve_each`:
        one choice per information set, for each bid) and the others play the policy. Worlds that expect the same bids
        from the others share a search: by our first card we will have heard every bid.

        (With a few cards, the playout policy's play of our own hand, and its random cards, decided
        the bid: a 3-card hand was bid for the tricks the policy happens to take with it, not for what
        it can make.)"""
        groups: dict[tuple[int, ...], list[list[int]]] = {}
        for world, bids in zip(worlds, plans, strict=True):
            groups.setdefault(tuple(bids), []).append(world)
        greedy = sit.scoring == "plus_tricks"
        totals = dict.fromkeys(allowed, 0.0)
        for key, members in groups.items():
            each = [[bid if s == sit.seat else b for s, b in enumerate(key)] for bid in allowed]

            def values(took: list[int], each: list[list[int]] = each) -> list[float]:
                return [self.value(sit, bids, took) for bids in each]

            for got in search.solve_each(members, sit.trick, sit.leader, sit.tricks, list(key), sit.trump, sit.gone,
                                         sit.players, sit.must_trump, greedy, sit.seat, values):
                for bid, v in zip(allowed, got, strict=True):
                    totals[bid] += v
        return totals

    def _others_bids(self, sit: search.Situation, world: list[int], view: View) -> list[int]:
        """The bids made, and for the seats still to bid an estimate from their sampled hand."""
        bids = [b if b is not None else 0 for b in sit.bids]
        n = sit.players
        first = (sit.dealer + 1) % n
        hook = view["options"].get("hook") and not view["options"].get("simultaneous_bids")
        for i in range(n):
            s = (first + i) % n
            if sit.bids[s] is not None or s == sit.seat:
                continue
            guess = search.estimate(world[s], sit.trump, n, sit.cards)
            bid = int(guess + self.others_round)
            if hook and s == sit.dealer:
                forbidden = sit.cards - sum(bids[t] for t in range(n) if t != s)
                if bid == forbidden:
                    bid = bid + 1 if guess > bid else max(0, bid - 1)
            bids[s] = min(bid, sit.cards)
        return bids

    def _play_hand(self, sit: search.Situation, world: list[int], bids: list[int], rng: random.Random) -> list[int]:
        return search.play_out(list(world), sit.trick, sit.leader, list(sit.tricks), bids, sit.trump, sit.gone,
                               sit.players, sit.must_trump, sit.scoring == "plus_tricks", self.bid_noise, rng,
                               sit.seat if self.bid_steady else -1)

    @staticmethod
    def value(sit: search.Situation, bids: list[int], took: list[int]) -> float:
        """Our points for the hand. (Taking off a quarter of the others' average, to set them, made the
        bot decline certain tricks its bid needed to break another seat's bid: issue 18's ruff.)"""
        return search.hand_score(bids[sit.seat], took[sit.seat], sit.cards, sit.scoring)

    def play(self, view: View, allowed: list[str], rng: random.Random) -> str:
        """Each legal card played out on the same sampled deals; the best average score wins, if it beats
        the card :func:`search.policy` would play by more than chance (:meth:`pick`). Cards the coach
        calls plainly worse (engine/coach ``blunder``) are not searched: a few dozen sampled deals may
        draw worlds where a weakly dominated card scores as well or better by chance."""
        allowed = [a["card"] for a in sound("oh_hell", view, [{"type": "play", "card": c} for c in allowed])]
        if len(allowed) == 1:
            return allowed[0]
        sit = search.read_view(view)
        n = sit.players
        left = sum(sit.sizes)
        count = max(self.min_worlds, min(self.max_worlds, self.play_budget // (len(allowed) * left)))
        worlds = search.sample_worlds(sit, count, rng, self.play_pool, self.bid_spread)
        bids = [b if b is not None else 0 for b in sit.bids]
        seat = sit.seat
        trick = sit.trick
        greedy = sit.scoring == "plus_tricks"
        solving = len(view["hand"]) < self.solve_below

        def value(took: list[int]) -> float:
            return self.value(sit, bids, took)

        results: dict[str, list[float]] = {}
        for code in allowed:
            card = search.CARD_INT[code]
            moved = []
            for world in worlds:
                hands = list(world)
                hands[seat] ^= 1 << card
                moved.append(hands)
            after, gone = trick + [card], sit.gone | 1 << card
            if solving:
                results[code] = search.solve(moved, after, sit.leader, sit.tricks, bids, sit.trump, gone, n,
                                             sit.must_trump, greedy, seat, value)
            else:
                results[code] = [value(search.play_out(hands, after, sit.leader, list(sit.tricks), bids, sit.trump,
                                                       gone, n, sit.must_trump, greedy)) for hands in moved]
        need = bids[seat] - sit.tricks[seat]
        others = left - sit.sizes[seat]
        default = search.INT_CARD[search.policy(sit.hand, trick, sit.trump, need, n - len(trick) - 1, sit.gone,
                                                sit.must_trump, others)]
        return self.pick(results, default)

    def pick(self, results: dict[str, list[float]], default: str) -> str:
        """The card with the best total over the worlds, unless the ``default`` card is not worse by more
        than ``margin`` points and ``evidence`` standard errors of their difference world by world: with a
        few dozen sampled deals, a card that merely drew luckier worlds used to be played over the plain
        one (discarding instead of a sure ruff the bid needed, a jack where a seven lost as well)."""
        best = max(results, key=lambda c: (sum(results[c]), c == default))
        if best == default or default not in results:
            return best
        diffs = [a - b for a, b in zip(results[best], results[default], strict=True)]
        count = len(diffs)
        mean = sum(diffs) / count
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, count - 1))
        return best if mean > max(self.margin, self.evidence * spread / math.sqrt(count)) else default


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def explain(view: View, action: Action) -> str:
    """One line on why ``action`` suits the seat now (the Hint button's reason)."""
    if action["type"] == "bid":
        return _bid_reason(estimate_tricks(view), action["bid"])
    seat = view["seat"]
    bid = view["bids"][seat] or 0
    took = view["tricks"][seat]
    need = bid - took
    if need > 0:
        left = len(view["hand"])
        if need >= left:
            return f"you need every trick left ({need})"
        return f"you need {need} more trick{'' if need == 1 else 's'}"
    if need == 0:
        return f"you have your {bid}: take no more"
    if view["options"].get("scoring") == "plus_tricks":
        return "you are over your bid: every trick still scores"
    return "you are over your bid: keep the others from making theirs"


def _bid_reason(worth: float, bid: int) -> str:
    """Why ``bid``, from the hand's estimated worth in tricks (the search may settle on another number
    than the estimate: the others' bids and the hook move it)."""
    if worth < 0.35:
        reason = "your hand looks unlikely to take a trick"
    else:
        reason = f"your hand looks worth about {worth:.1f} trick{'' if round(worth, 1) == 1 else 's'}"
    if abs(bid - worth) >= 1.0:
        reason += f"; played out over likely deals, a bid of {bid} scores best"
    return reason


def _trump_index(view: View) -> int:
    return search.SUIT_ORDER.index(view["trump"]) if view["trump"] else search.NO_TRUMP
