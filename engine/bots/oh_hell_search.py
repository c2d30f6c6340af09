"""The Oh Hell ``hard`` bot's search: determinized playouts on bit masks, from a seat's view only.

Cards are numbered ``suit * 13 + rank`` (suits in ``SHDC`` order, ranks ``23456789TJQKA`` from 0), so
that within a suit a higher number is a higher card, and a hand is a 52-bit mask: following suit,
finding the cheapest winner or the highest card that still ducks are a few integer operations. That
is what lets a pure-Python search play out hundreds of whole hands in a few milliseconds.

What the search knows comes from the view alone (:func:`read_view`):

- the whole play history of this hand: ``played`` holds the finished tricks in play order, each led by
  the winner of the one before (the first by the seat left of the dealer), so every card's seat and
  every failure to follow suit (a *void*) can be worked out again;
- the bids made, which say something about the hands behind them.

:func:`sample_worlds` deals the unseen cards to the other seats at random, keeping each seat's hand
size and shown voids, and then resamples those deals by how well each seat's dealt hand (with the
cards it has already played) explains the bid it made (:func:`bid_likelihood`): a seat that bid 0 with
two cards rarely holds the ace of trumps.

:func:`play_out` plays a hand to its end with one policy for every seat (:func:`policy`): take tricks
as cheaply as possible while a seat still needs some, duck under the winning card and shed high cards
once it has enough. It looks only at what that seat could know (its hand and the cards gone), never at
the other hands of the sampled world. :func:`solve` does the same for the others but tries every card
of one seat's own, for the last few tricks, one choice for all the worlds that look alike to it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

SUIT_ORDER = "SHDC"
RANK_ORDER = "23456789TJQKA"
CARD_INT: dict[str, int] = {r + s: i * 13 + j for i, s in enumerate(SUIT_ORDER) for j, r in enumerate(RANK_ORDER)}
INT_CARD: list[str] = [""] * 52
for _code, _i in CARD_INT.items():
    INT_CARD[_i] = _code
FULL = (1 << 52) - 1
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
# Cards of the same suit strictly above each card.
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[c // 13] & ~((2 << c) - 1) for c in range(52))
NO_TRUMP = -1


def mask_of(cards: list[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << CARD_INT[card]
    return mask


def cards_of(mask: int) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        out.append(INT_CARD[low.bit_length() - 1])
        mask ^= low
    return out


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def rank_of(card: int) -> int:
    return card % 13


# -- what a seat's view tells ------------------------------------------------------------------------


class Situation:
    """The hand so far, as seen from one seat (see :func:`read_view`)."""

    __slots__ = ("seat", "players", "cards", "trump", "must_trump", "scoring", "hand", "bids", "tricks",
                 "leader", "trick", "gone", "played_by", "voids", "sizes", "dealer")

    seat: int
    players: int
    cards: int  # dealt to each seat this hand
    trump: int  # suit index, or NO_TRUMP
    must_trump: bool
    scoring: str
    hand: int
    bids: list[int | None]
    tricks: list[int]
    leader: int  # of the trick in progress
    trick: list[int]  # its cards in play order from the leader
    gone: int  # every card seen out of play: played, in the trick, the turned trump card
    played_by: list[int]  # per seat, the cards it has played this hand
    voids: list[int]  # per seat, a mask of the suits (SUIT_MASK) it has shown it lacks
    sizes: list[int]
    dealer: int


def read_view(view: dict[str, Any]) -> Situation:
    """The situation of ``view``'s seat, with the hand's whole play history worked out again."""
    sit = Situation()
    n = sit.players = view["players"]
    sit.seat = view["seat"]
    sit.cards = view["cards_this_hand"]
    sit.trump = SUIT_ORDER.index(view["trump"]) if view["trump"] else NO_TRUMP
    sit.must_trump = bool(view["options"].get("must_trump"))
    sit.scoring = view["options"].get("scoring", "exact")
    sit.hand = mask_of(view["hand"])
    sit.bids = list(view["bids"])
    sit.tricks = list(view["tricks"])
    sit.sizes = list(view["hand_sizes"])
    sit.dealer = view["dealer"]
    sit.played_by = [0] * n
    sit.voids = [0] * n
    gone = 1 << CARD_INT[view["trump_card"]] if view["trump_card"] else 0
    finished = [CARD_INT[c] for c in view["played"]]
    if view["last_trick"]:
        finished += [CARD_INT[t["card"]] for t in view["last_trick"]["cards"]]
    leader = (sit.dealer + 1) % n
    for start in range(0, len(finished), n):
        trick = finished[start:start + n]
        _note_trick(sit, trick, leader)
        for card in trick:
            gone |= 1 << card
        leader = (leader + trick_winner_at(trick, sit.trump)) % n
    sit.leader = view["leader"]
    sit.trick = [CARD_INT[t["card"]] for t in view["trick"]]
    _note_trick(sit, sit.trick, sit.leader)
    for card in sit.trick:
        gone |= 1 << card
    sit.gone = gone
    return sit


def _note_trick(sit: Situation, trick: list[int], leader: int) -> None:
    if not trick:
        return
    led = trick[0] // 13
    for at, card in enumerate(trick):
        seat = (leader + at) % sit.players
        sit.played_by[seat] |= 1 << card
        if card // 13 != led:
            sit.voids[seat] |= SUIT_MASK[led]
            if sit.must_trump and sit.trump != NO_TRUMP and card // 13 != sit.trump:
                sit.voids[seat] |= SUIT_MASK[sit.trump]


def trick_winner_at(trick: list[int], trump: int) -> int:
    """The position in ``trick`` (play order) of the winning card."""
    best = trick[0]
    best_at = 0
    for at in range(1, len(trick)):
        card = trick[at]
        if card // 13 == best // 13:
            if card > best:
                best, best_at = card, at
        elif card // 13 == trump:
            best, best_at = card, at
    return best_at


# -- estimating a hand ------------------------------------------------------------------------------


def estimate(hand: int, trump: int, players: int, cards: int) -> float:
    """Expected tricks of ``hand`` (a ``cards``-card hand at a table of ``players``): :func:`card_strength`
    shifted so that a hand dealt at random is worth ``cards / players`` on average, as it must be (all
    seats together take every trick). Without the shift big hands came out tricks short.

    Rough but quick (a few microseconds); it stands for the other seats' bids in the search, judges how
    well a sampled hand explains a bid made, and is the ``normal`` bot's bid.
    """
    key = (players, cards, trump != NO_TRUMP)
    shift = _SHIFT.get(key)
    if shift is None:
        shift = _SHIFT[key] = cards / players - _mean_strength(players, cards, trump != NO_TRUMP)
    return max(0.0, min(float(cards), card_strength(hand, trump, players, cards) + shift))


_SHIFT: dict[tuple[int, int, bool], float] = {}


def _mean_strength(players: int, cards: int, trumps: bool, samples: int = 400) -> float:
    """The average :func:`card_strength` of a random hand (a fixed sample: the same on every machine)."""
    rng = random.Random(f"oh_hell/strength/{players}/{cards}/{trumps}")
    trump = 0 if trumps else NO_TRUMP
    deck = list(range(1, 52)) if trumps else list(range(52))  # the turned trump card is not dealt
    total = 0.0
    for _ in range(samples):
        hand = 0
        for card in rng.sample(deck, cards):
            hand |= 1 << card
        total += card_strength(hand, trump, players, cards)
    return total / samples


def card_strength(hand: int, trump: int, players: int, cards: int) -> float:
    """Tricks by card strength: each card's chance to be the best of its suit still out when its suit is
    played, less the chance that someone ruffs it, plus ruffs from short side suits when holding trumps."""
    others = (players - 1) * cards  # cards in the other hands
    unknown = 51 - cards  # cards this seat cannot see (the turned trump card is seen)
    dealt = others / unknown  # chance that a given unseen card is in another hand
    total = 0.0
    trumps = (hand & SUIT_MASK[trump]).bit_count() if trump != NO_TRUMP else 0
    for suit in range(4):
        held = hand & SUIT_MASK[suit]
        if not held:
            if trump != NO_TRUMP and suit != trump and trumps:
                total += RUFF_VALUE * min(1.0, trumps * 0.5) * (1.0 if cards > 2 else 0.5)
            continue
        length = held.bit_count()
        above_held = 0
        card = held.bit_length() - 1
        while held:
            if held >> card & 1:
                higher_out = 12 - card % 13 - above_held
                # the top card held wins its suit unless a higher one is out; each card held above
                # it takes care of one higher card out
                chance = (1 - dealt) ** max(0, higher_out - above_held)
                if suit == trump:
                    total += chance
                else:
                    rounds = above_held + 1
                    total += chance * side_survival(rounds, players, cards) * (0.9 if length > 4 else 1.0)
                above_held += 1
                held ^= 1 << card
            card -= 1
    return total


RUFF_VALUE = 0.45


def side_survival(rounds: int, players: int, cards: int) -> float:
    """Chance that a side-suit winner is not ruffed when its suit is led for the ``rounds``-th time:
    every other seat still holds the suit (or has no trump)."""
    per_seat = 1.0 - 0.75 ** max(1, cards - 3 * (rounds - 1)) * 0.6
    return max(0.1, per_seat ** (players - 1))


def bid_likelihood(bid: int, expected: float, spread: float = 0.9) -> float:
    """How plausible ``bid`` is from a hand worth ``expected`` tricks."""
    diff = bid - expected
    return math.exp(-diff * diff / (2 * spread * spread))


# -- sampling the unseen cards ----------------------------------------------------------------------


def sample_worlds(sit: Situation, count: int, rng: random.Random, pool_factor: int = 3,
                  spread: float = 0.9) -> list[list[int]]:
    """``count`` deals of the unseen cards to the other seats (hand sizes and shown voids kept), drawn
    from ``pool_factor * count`` candidates in proportion to how well they explain the bids made.

    (Weighing them also by how well they explain the cards played, each play the policy would not
    have made costing the world half its weight, made the bot weaker: -0.35 points a seat-hand over 200
    mirrored deals against the same bot without it. The policy is not how people, or IS-MCTS, play.)"""
    n = sit.players
    seat = sit.seat
    unseen_mask = FULL & ~sit.gone & ~sit.hand
    unseen = []
    m = unseen_mask
    while m:
        low = m & -m
        unseen.append(low.bit_length() - 1)
        m ^= low
    others = sorted((s for s in range(n) if s != seat), key=lambda s: -sit.voids[s].bit_count())
    bidders = [s for s in others if sit.bids[s] is not None]
    weighted = bool(bidders) and pool_factor > 1
    tries = count * pool_factor if weighted else count
    worlds: list[list[int]] = []
    weights: list[float] = []
    shuffle = rng.shuffle
    for _ in range(tries):
        shuffle(unseen)
        hands = _deal(unseen, others, sit, n)
        worlds.append(hands)
        if weighted:
            w = 1.0
            for s in bidders:
                original = hands[s] | sit.played_by[s]
                w *= bid_likelihood(sit.bids[s], estimate(original, sit.trump, n, sit.cards),  # type: ignore[arg-type]
                                    spread)
            weights.append(w)
    if not weighted:
        return worlds
    return _resample(worlds, weights, count, rng)


def _deal(unseen: list[int], others: list[int], sit: Situation, n: int) -> list[int]:
    hands = [0] * n
    hands[sit.seat] = sit.hand
    taken = 0
    for s in others:
        need = sit.sizes[s]
        if not need:
            continue
        void = sit.voids[s]
        got = 0
        mask = 0
        for card in unseen:
            bit = 1 << card
            if taken & bit or void & bit:
                continue
            mask |= bit
            got += 1
            if got == need:
                break
        if got < need:  # the shown voids cannot all be kept with this order: fill from what is left
            for card in unseen:
                bit = 1 << card
                if not (taken | mask) & bit:
                    mask |= bit
                    got += 1
                    if got == need:
                        break
        hands[s] = mask
        taken |= mask
    return hands


def _resample(worlds: list[list[int]], weights: list[float], count: int, rng: random.Random) -> list[list[int]]:
    """``count`` of ``worlds`` by systematic resampling on ``weights``."""
    total = sum(weights)
    if total <= 0:
        return worlds[:count]
    step = total / count
    point = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    for w, world in zip(weights, worlds, strict=True):
        acc += w
        while point < acc and i < count:
            out.append(world)
            point += step
            i += 1
    while len(out) < count:
        out.append(worlds[-1])
    return out


# -- the playout policy ------------------------------------------------------------------------------


def boss_limit(others: int, unseen: int) -> int:
    """How many higher cards may be out of sight while a card still counts as a winner: each unseen card
    is in another hand with chance ``others / unseen`` (the rest were never dealt), and a card counts
    when no higher one is in play with chance at least ``BOSS_CHANCE``."""
    if unseen <= others:
        return 0
    return BOSS_LIMITS[others * 64 // unseen]


BOSS_CHANCE = 0.7
BOSS_LIMITS: tuple[int, ...] = tuple(
    int(math.log(BOSS_CHANCE) / math.log(1 - (i + 0.5) / 64)) for i in range(64)
)


def policy(hand: int, trick: list[int], trump: int, need: int, behind: int, gone: int, must_trump: bool,
           others: int) -> int:
    """The card a seat plays: win as cheaply as it can while it ``need``\\ s tricks, else duck.

    While it needs tricks it still ducks (with its cheapest card) when the likely winners it keeps are
    enough, except that last to play, where the trick is certain, it takes it unless that would leave it
    likely to take one trick too many. (Ducking with "enough" winners in hand, it used to throw one of
    them away: a jack kept for later was discarded instead of a sure ruff.)

    ``gone`` holds every card the seat has seen leave play (this trick's included); ``behind`` is how
    many seats play after it in this trick; ``others`` how many cards the other seats hold. A card is
    a *boss* when it is likely that no higher card of its suit is still in play (:func:`boss_limit`).
    """
    unseen = FULL & ~gone & ~hand
    limit = boss_limit(others, unseen.bit_count())
    if not trick:
        return _lead(hand, trump, need, unseen, limit)
    led = trick[0] // 13
    best = trick[0]
    for card in trick:
        if card // 13 == best // 13:
            if card > best:
                best = card
        elif card // 13 == trump:
            best = card
    best_suit = best // 13
    follow = hand & SUIT_MASK[led]
    if follow:
        allowed = follow
        winners = follow & ABOVE[best] if best_suit == led else 0
    else:
        trumps = hand & SUIT_MASK[trump] if trump != NO_TRUMP else 0
        allowed = trumps if (must_trump and trumps) else hand
        winners = trumps & ABOVE[best] if best_suit == trump else trumps
    losers = allowed & ~winners
    if need > 0:
        if not winners:
            return _cheapest(losers, trump)
        if losers:
            duck = _cheapest(losers, trump)
            # last to play, the trick is certain: take it unless the likely winners kept would then make
            # one trick too many; earlier, duck while the winners kept are enough
            if behind == 0:
                if sure_tricks(hand ^ 1 << lowest(winners), unseen, limit) > need:
                    return duck
            elif sure_tricks(hand ^ 1 << duck, unseen, limit) >= need:
                return duck
        if behind == 0 or not follow:
            return lowest(winners)  # a ruff: the lowest trump is as good unless someone overruffs
        w = winners
        while w:
            low = w & -w
            card = low.bit_length() - 1
            if (ABOVE[card] & unseen).bit_count() <= limit:
                return card  # the cheapest boss
            w ^= low
        return winners.bit_length() - 1
    if losers:
        if follow:
            return losers.bit_length() - 1  # the highest card that still ducks
        return _shed(losers, trump, unseen)
    if behind == 0:
        return winners.bit_length() - 1
    return lowest(winners)


def sure_tricks(hand: int, unseen: int, limit: int) -> int:
    """Boss cards of ``hand`` (counting down each suit from its top)."""
    count = 0
    for mask in SUIT_MASK:
        held = hand & mask
        while held:
            top = held.bit_length() - 1
            if (ABOVE[top] & unseen).bit_count() > limit:
                break
            count += 1
            held ^= 1 << top
    return count


def _cheapest(cards: int, trump: int) -> int:
    """The lowest card, side suits before trumps."""
    side = cards & ~SUIT_MASK[trump] if trump != NO_TRUMP else cards
    pick = side or cards
    best = -1
    best_rank = 99
    for suit in range(4):
        held = pick & SUIT_MASK[suit]
        if held:
            card = lowest(held)
            if card % 13 < best_rank:
                best, best_rank = card, card % 13
    return best


def _shed(cards: int, trump: int, unseen: int) -> int:
    """A discard while ducking: the highest side card most likely to win a trick later."""
    side = cards & ~SUIT_MASK[trump] if trump != NO_TRUMP else cards
    pick = side or cards
    best = -1
    best_key = -1
    for suit in range(4):
        held = pick & SUIT_MASK[suit]
        if held:
            card = held.bit_length() - 1
            key = 16 * (13 - (ABOVE[card] & unseen).bit_count()) + card % 13
            if key > best_key:
                best, best_key = card, key
    return best


def _lead(hand: int, trump: int, need: int, unseen: int, limit: int) -> int:
    if need > 0:
        sure = -1
        sure_key = -1
        for suit in range(4):
            held = hand & SUIT_MASK[suit]
            if held:
                top = held.bit_length() - 1
                if (ABOVE[top] & unseen).bit_count() <= limit:
                    key = (20 if suit == trump else 0) + top % 13
                    if key > sure_key:
                        sure, sure_key = top, key
        if sure >= 0:
            return sure
        return _cheapest(hand, trump)
    best = -1
    best_key = -1000
    for suit in range(4):
        held = hand & SUIT_MASK[suit]
        if held:
            card = lowest(held)
            key = (0 if suit == trump else 100) + 4 * (ABOVE[card] & unseen).bit_count() - card % 13 // 4
            if key > best_key:
                best, best_key = card, key
    return best


# -- playing a hand out ------------------------------------------------------------------------------


def play_out(hands: list[int], trick: list[int], leader: int, tricks: list[int], bids: list[int], trump: int,
             gone: int, players: int, must_trump: bool, greedy_when_over: bool = False, noise: float = 0.0,
             rng: random.Random | None = None, steady: int = -1) -> list[int]:
    """The tricks each seat ends the hand with when everyone plays :func:`policy` from here.

    ``trick`` may be complete; ``hands`` and ``tricks`` are changed in place (pass copies). ``gone``
    holds the cards out of play, ``trick``'s included. ``greedy_when_over``: a seat that has taken more
    than its bid takes every trick it can (with ``plus_tricks`` scoring each one still pays). ``noise``:
    the chance that a seat plays a random legal card instead (``rng`` draws it), for players less
    predictable than the policy; the ``steady`` seat never does.
    """
    chance = rng.random if rng is not None and noise > 0 else None
    trick = list(trick)
    held = sum(h.bit_count() for h in hands)
    while True:
        if len(trick) == players:
            leader = _take(trick, leader, tricks, trump, players)
            if not hands[leader]:
                return tricks
            trick = []
        turn = (leader + len(trick)) % players
        hand = hands[turn]
        if chance is not None and chance() < noise and turn != steady:
            card = random_card(hand, trick, trump, must_trump, rng)  # type: ignore[arg-type]
        else:
            card = _policy_card(hand, trick, trump, _need(bids, tricks, turn, greedy_when_over), players, gone,
                                must_trump, held)
        held -= 1
        gone |= _lay(hands, turn, card, trick)


def solve(worlds: list[list[int]], trick: list[int], leader: int, tricks: list[int], bids: list[int], trump: int,
          gone: int, players: int, must_trump: bool, greedy_when_over: bool, me: int,
          value: Callable[[list[int]], float]) -> list[float]:
    """Each world's ``value`` of the final tricks when seat ``me`` picks each of its remaining cards to
    make the total over ``worlds`` as high as it can and the others play :func:`policy` (a small game
    tree: meant for the last few tricks).

    ``worlds`` are the seats' hands in each sampled deal; everything else is what the seat has seen, the
    same in every world. Our own later cards are chosen *per information set*: worlds in which the others
    have played the same cards so far look alike to us, so they share one choice, the best on their
    total. (Picking the best card world by world, as if we would know the deal, is *strategy fusion*:
    the solver then counted on guessing every card right and declined certain tricks it needed.)
    Nothing passed in is changed."""
    return [v[0] for v in solve_each(worlds, trick, leader, tricks, bids, trump, gone, players, must_trump,
                                     greedy_when_over, me, lambda took: [value(took)])]


def solve_each(worlds: list[list[int]], trick: list[int], leader: int, tricks: list[int], bids: list[int],
               trump: int, gone: int, players: int, must_trump: bool, greedy_when_over: bool, me: int,
               values: Callable[[list[int]], list[float]]) -> list[list[float]]:
    """:func:`solve` for several aims at once: ``values`` scores the final tricks once per aim (our points
    for each bid we might make, say), and each aim gets our cards chosen for it. The others' play does not
    depend on the aim, so the tree is walked once for all of them. Returns, per world, a value per aim."""
    out: list[list[float]] = [[] for _ in worlds]
    groups: dict[tuple[int, ...], list[int]] = {}
    moved: list[list[int]] = []
    state: dict[tuple[int, ...], tuple[list[int], int, list[int], int]] = {}
    for i, world in enumerate(worlds):
        hands = list(world)
        moved.append(hands)
        now = list(trick)
        tricks_now = list(tricks)
        seen: list[int] = []
        ended, at, gone_now = _advance(hands, now, leader, tricks_now, bids, trump, gone, players, must_trump,
                                       greedy_when_over, me, seen)
        if ended:
            out[i] = values(tricks_now)
            continue
        key = tuple(seen)
        if key in groups:
            groups[key].append(i)
        else:
            groups[key] = [i]
            state[key] = (now, at, tricks_now, gone_now)
    for key, members in groups.items():
        now, at, tricks_now, gone_now = state[key]
        hand = moved[members[0]][me]
        allowed = allowed_cards(hand, now, trump, must_trump)
        best: list[list[list[float]]] = []  # per aim, the chosen card's results (a value per aim per world)
        best_total: list[float] = []
        while allowed:
            low = allowed & -allowed
            allowed ^= low
            after = []
            for i in members:
                hands = list(moved[i])
                hands[me] = hand ^ low
                after.append(hands)
            got = solve_each(after, now + [low.bit_length() - 1], at, tricks_now, bids, trump, gone_now | low,
                             players, must_trump, greedy_when_over, me, values)
            for aim in range(len(got[0])):
                total = sum(v[aim] for v in got)
                if aim == len(best):
                    best.append(got)
                    best_total.append(total)
                elif total > best_total[aim]:
                    best[aim], best_total[aim] = got, total
        for at_member, i in enumerate(members):
            out[i] = [best[aim][at_member][aim] for aim in range(len(best))]
    return out


def _advance(hands: list[int], trick: list[int], leader: int, tricks: list[int], bids: list[int], trump: int,
             gone: int, players: int, must_trump: bool, greedy_when_over: bool, me: int,
             seen: list[int]) -> tuple[bool, int, int]:
    """The others play :func:`policy` until it is ``me``'s turn or the hand is over; ``hands``, ``trick``
    and ``tricks`` are changed in place and each card played is appended to ``seen``. Returns (the hand
    is over, the leader of the trick in progress, the cards gone)."""
    held = sum(h.bit_count() for h in hands)
    while True:
        if len(trick) == players:
            leader = _take(trick, leader, tricks, trump, players)
            trick.clear()
            if not hands[leader]:
                return True, leader, gone
        turn = (leader + len(trick)) % players
        if turn == me:
            return False, leader, gone
        hand = hands[turn]
        card = _policy_card(hand, trick, trump, _need(bids, tricks, turn, greedy_when_over), players, gone,
                            must_trump, held)
        held -= 1
        seen.append(card)
        gone |= _lay(hands, turn, card, trick)


def _lay(hands: list[int], seat: int, card: int, trick: list[int]) -> int:
    """``seat`` plays ``card`` to ``trick``; returns its bit (for the cards gone)."""
    bit = 1 << card
    hands[seat] ^= bit
    trick.append(card)
    return bit


def _take(trick: list[int], leader: int, tricks: list[int], trump: int, players: int) -> int:
    """Count the finished ``trick`` to its winner; returns the winner (who leads next)."""
    winner = (leader + trick_winner_at(trick, trump)) % players
    tricks[winner] += 1
    return winner


def _need(bids: list[int], tricks: list[int], seat: int, greedy_when_over: bool) -> int:
    need = bids[seat] - tricks[seat]
    return 13 if need < 0 and greedy_when_over else need


def _policy_card(hand: int, trick: list[int], trump: int, need: int, players: int, gone: int, must_trump: bool,
                 held: int) -> int:
    """:func:`policy` for the seat holding ``hand`` when ``held`` cards are left in all hands."""
    return policy(hand, trick, trump, need, players - len(trick) - 1, gone, must_trump, held - hand.bit_count())


def allowed_cards(hand: int, trick: list[int], trump: int, must_trump: bool) -> int:
    """The mask of the cards ``hand`` may play to ``trick``."""
    if not trick:
        return hand
    follow = hand & SUIT_MASK[trick[0] // 13]
    if follow:
        return follow
    if must_trump and trump != NO_TRUMP and hand & SUIT_MASK[trump]:
        return hand & SUIT_MASK[trump]
    return hand


def random_card(hand: int, trick: list[int], trump: int, must_trump: bool, rng: random.Random) -> int:
    """Any card ``hand`` may play to ``trick``."""
    allowed = allowed_cards(hand, trick, trump, must_trump)
    pick = rng.randrange(allowed.bit_count())
    while pick:
        allowed &= allowed - 1
        pick -= 1
    return lowest(allowed)


def hand_score(bid: int, took: int, cards: int, scoring: str) -> int:
    if bid == took:
        return 5 + cards if bid == 0 and scoring == "zero_bonus" else 10 + bid
    return took if scoring == "plus_tricks" else 0
