"""Oh Hell (docs/RULES.md, "Oh Hell"): 3-7 players bid how many tricks they will take, then try to take
exactly that many.

Actions
    ``{"type": "bid", "bid": n}``     0 <= n <= cards in this hand (the hook may forbid one value
                                      for the dealer)
    ``{"type": "play", "card": "QH"}`` one card from the hand; follow the led suit if you can
                                      (with ``must_trump``, a trump when void in it if you have one)

``legal()`` hands out actions built once (it is benchmarked): read-only dicts
(``engine.core.FrozenAction``); ``dict(action)`` is a copy to change (``sample()`` returns one).

Legality has one source: :func:`allowed_cards` says which cards may be played (the state keeps its
answer for the seat to play, ``allowed``) and :meth:`OhHell.bid_refusal` whether a seat may bid (a
number) now; ``legal()``, ``apply()`` and the reasons ``apply()`` gives for a refusal all ask them.

Events
    ``{"type": "deal", "hand": h, "cards": k, "dealer": d, "trump_card": c | None, "trump": s | None}``
    ``{"type": "bid", "seat": s, "bid": n}`` (with ``simultaneous_bids`` the value is left out until
    ``{"type": "bids_revealed", "bids": [...]}``)
    ``{"type": "play", "seat": s, "card": c}``
    ``{"type": "trick", "leader": s, "winner": s, "cards": [c, ...]}`` (cards in play order from the leader)
    ``{"type": "hand_over", "hand": h, "bids": [...], "tricks": [...], "points": [...], "scores": [...]}``
    ``{"type": "game_over", "scores": [...], "winners": [...]}``

View (of a seat; ``None`` is a spectator)
    ``seat, players, phase ("bid" | "play" | "over"), to_act, hand, hand_sizes, dealer, scores,
    options``, and ``turn`` (the seat to act in turn order, or None), ``trump_card`` and ``trump``
    (None when there is no trump), ``bids`` (a seat's bid, or None while not yet bid; with
    ``simultaneous_bids`` other seats' bids stay None until all are in), ``has_bid`` (who has bid),
    ``tricks`` (taken this hand, per seat), ``trick`` (``[{"seat", "card"}, ...]`` in play order),
    ``last_trick`` (``{"leader", "winner", "cards": [{"seat", "card"}]}`` or None), ``leader``,
    ``played`` (cards of this hand's finished tricks before the last one: each card is shown once),
    ``hand_number`` (1-based), ``hands_total``, ``cards_this_hand``, ``schedule`` (cards per hand),
    ``sheet`` (one row per finished hand: ``{"cards", "trump", "bids", "tricks", "points"}``).

Options (defaults first)
    ``schedule``: ``"up"`` 1..N | ``"down"`` N..1 | ``"up_down"`` 1..N..1 | ``"down_up"`` N..1..N,
        where N is 15/13/10/8/7 for 3/4/5/6/7 players (the turning hand is played once).
    ``hook``: False. The dealer may not bid so that the bids add up to the cards in the hand
        (ignored with ``simultaneous_bids``).
    ``simultaneous_bids``: False. Everyone bids at once; bids are revealed when all are in.
    ``must_trump``: False ("La Podrida"). Void in the led suit, you must play a trump if you have one.
    ``scoring``: ``"exact"`` 10 + bid when exact, else 0 | ``"plus_tricks"`` and 1 per trick taken
        when missed | ``"zero_bonus"`` a made bid of 0 scores 5 + cards in the hand.

Decisions: seat 0 deals the first hand; the deal passes to the next seat each hand. The last hand
played has no trump, and neither has a hand that leaves no card to turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import floor
from typing import Any, NoReturn

from cardtable.engine.cards import high_value, sort_hand, standard_deck
from cardtable.engine.core import Action, Event, FrozenAction, Game, IllegalAction, Option, View, rng_for

BID, PLAY, OVER = "bid", "play", "over"
ANY_BID: Any = object()  # OhHell.bid_refusal's default: may the seat bid at all?
MAX_CARDS = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
DECK: tuple[str, ...] = tuple(standard_deck())
DECK_SET = frozenset(DECK)
HIGH: dict[str, int] = {card: high_value(card) for card in DECK}
# Hands are bit masks over DECK (suit by suit, 13 bits each): legality is a few integer operations and
# a table lookup from a suit's 13 bits to the play actions of those cards.
BIT: dict[str, int] = {card: 1 << i for i, card in enumerate(DECK)}


class PlayAction(FrozenAction):
    """One of legal()'s read-only play actions: ``{"type": "play", "card": c}`` that also carries its
    card (``code``) and the card's ``bit``, so apply() need not read the map (it reads any other)."""

    __slots__ = ("code", "bit")

    def __init__(self, card: str) -> None:
        super().__init__(type="play", card=card)
        self.code, self.bit = card, BIT[card]


# Every action a player could send, made once and read-only: legal() hands out these.
BID_ACTIONS: tuple[FrozenAction, ...] = tuple(FrozenAction(type="bid", bid=n) for n in range(16))
PLAY_ACTIONS: dict[str, PlayAction] = {card: PlayAction(card) for card in DECK}
# By seat and card, the event of a play: apply() hands out a copy (copying a small dict costs less
# than building one), so events stay the caller's own.
PLAY_EVENTS: tuple[dict[str, dict[str, Any]], ...] = tuple(
    {card: {"type": "play", "seat": seat, "card": card} for card in DECK} for seat in range(7)
)
# By seat and bid, the event of a bid in turn (copied like PLAY_EVENTS).
BID_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    tuple({"type": "bid", "seat": seat, "bid": n} for n in range(16)) for seat in range(7)
)
_BIT_OF = BIT.__getitem__
SUIT_SHIFT: dict[str, int] = {suit: 13 * i for i, suit in enumerate("SHDC")}
SUIT_MASK: dict[str, int] = {suit: 0x1FFF << shift for suit, shift in SUIT_SHIFT.items()}
SUIT_PLAYS: dict[str, tuple[list[PlayAction], ...]] = {
    suit: tuple([PLAY_ACTIONS[DECK[shift + r]] for r in range(13) if bits >> r & 1] for bits in range(1 << 13))
    for suit, shift in SUIT_SHIFT.items()
}
_S, _H, _D, _C = (SUIT_PLAYS[suit] for suit in "SHDC")
# By a suit's mask: where the suit sits in a hand mask, and its table of plays (one look-up for legal()).
SUIT_TABLES: dict[int, tuple[int, tuple[list[PlayAction], ...]]] = {
    SUIT_MASK[suit]: (SUIT_SHIFT[suit], SUIT_PLAYS[suit]) for suit in "SHDC"
}
SUIT_MASK_OF: dict[str, int] = {card: SUIT_MASK[card[1]] for card in DECK}  # the mask of a card's suit
ANY_CARD = (1 << len(DECK)) - 1  # allowed_cards(): every card may be played

assert DECK[:13] == tuple(r + "S" for r in "A23456789TJQK") and DECK[13][1] == "H" and DECK[26][1] == "D"


def hand_mask(cards: list[str]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def hand_cards(mask: int) -> list[str]:
    """The cards of a hand mask, in DECK order."""
    return [card for card, bit in BIT.items() if mask & bit]


BID_LISTS: tuple[list[FrozenAction], ...] = tuple(list(BID_ACTIONS[: k + 1]) for k in range(16))
# (position, cards still unshuffled) for the first k steps of a Fisher-Yates shuffle of the deck.
SHUFFLE_STEPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((i, len(DECK) - i) for i in range(k)) for k in range(len(DECK) + 1)
)


def deal_orders(seed: int, players: int, schedule: list[int]) -> list[list[str]]:
    """For each hand, the cards it uses in shuffled order: ``players * cards`` for the hands, then the
    trump card unless it is the last hand (or the deck is used up). Only that many cards are shuffled
    (the first steps of a Fisher-Yates shuffle): the rest of the deck stays unseen and unused.

    Each step takes ``floor(random() * span)``: for a product that is never negative that is the same
    whole number as ``int(random() * span)`` (the draw every seed has always used), at half the cost of
    calling ``int``."""
    rnd = rng_for(seed, 0).random
    orders = []
    last = len(schedule) - 1
    for index, count in enumerate(schedule):
        dealt = players * count
        need = min(dealt + (0 if index == last else 1), len(DECK))
        deck = list(DECK)
        for i, span in SHUFFLE_STEPS[need]:
            j = i + floor(rnd() * span)
            deck[i], deck[j] = deck[j], deck[i]
        orders.append(deck[:need])
    return orders


def hand_schedule(players: int, schedule: str) -> list[int]:
    """Cards dealt in each hand, in order."""
    top = MAX_CARDS[players]
    up = list(range(1, top + 1))
    down = up[::-1]
    if schedule == "up":
        return up
    if schedule == "down":
        return down
    if schedule == "up_down":
        return up + down[1:]
    return down + up[1:]


@dataclass(slots=True)
class OhHellState:
    players: int
    seed: int
    options: dict[str, Any]
    schedule: list[int]
    hand_index: int = 0
    dealer: int = 0
    phase: str = BID
    turn: int = 0
    leader: int = 0
    hands: list[int] = field(default_factory=list)  # bit masks over DECK: see hand_cards()
    # Per hand, the shuffled cards it uses: the hands in deal order, then the card turned for trump.
    # Drawn in new() from one rng_for(seed, 0), so a deal costs no reseeding; never shown to anyone.
    orders: list[list[str]] = field(default_factory=list)
    trump_card: str | None = None
    trump: str | None = None
    bids: list[int | None] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    trick: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    last_trick: list[str] = field(default_factory=list)
    last_leader: int = -1
    last_winner: int = -1
    scores: list[int] = field(default_factory=list)
    sheet: list[dict[str, Any]] = field(default_factory=list)
    # In the play phase, allowed_cards() of the hand of the seat to play: the rule's answer, worked out
    # once each time the turn moves, which legal() and apply() read (check() proves it current). It
    # follows from the rest, so dump() leaves it out and load() works it out again.
    allowed: int = field(default=0, compare=False)


# By trump (None: no trump) and led suit, each card's strength in a trick: a trump 22-34, a card of the
# led suit 2-14, any other 0. The strongest card wins; no two cards of a trick are equally strong.
STRENGTH: dict[str | None, dict[str, dict[str, int]]] = {
    trump: {led: {card: HIGH[card] + 20 if card[1] == trump else HIGH[card] if card[1] == led else 0 for card in DECK}
            for led in "SHDC"}
    for trump in (*"SHDC", None)
}


def trick_winner(cards: list[str], leader: int, players: int, trump: str | None) -> int:
    """The seat that wins ``cards`` (in play order from ``leader``): highest trump, else highest of
    the led suit."""
    strength = STRENGTH[trump][cards[0][1]]
    best = best_at = at = 0
    for card in cards:
        if strength[card] > best:
            best, best_at = strength[card], at
        at += 1  # noqa: SIM113 (a counter costs less than enumerate() here: measured)
    return (leader + best_at) % players


def allowed_cards(state: OhHellState, hand: int) -> int:
    """The cards ``hand`` (a mask) may play to the trick in ``state``, as the mask of a whole suit (the
    led suit's or the trump's) or :data:`ANY_CARD`: the rule of play, the one place it is written
    (docs/RULES.md, "Oh Hell", "Play"). ``legal()``, ``apply()`` and the refusals all ask it; a card
    may be played when ``hand & bit & allowed_cards(state, hand)``.

    Follow the led suit if you can; otherwise anything, or with ``must_trump`` a trump if you have one.
    (The trump and the option are read only when the hand cannot follow: most plays never need them.)"""
    trick = state.trick
    if not trick:
        return ANY_CARD
    led = SUIT_MASK_OF[trick[0]]
    if hand & led:
        return led
    trump = state.trump
    if trump is not None and state.options["must_trump"] and hand & SUIT_MASK[trump]:
        return SUIT_MASK[trump]
    return ANY_CARD


def play_refusal(state: OhHellState, hand: int, card: str) -> str | None:
    """Why ``card`` (a card code) may not be played from ``hand`` to the trick in ``state``, or None
    when it may. The verdict is :func:`allowed_cards`'s; this only puts it in words."""
    bit = BIT[card]
    if not hand & bit:
        return f"{card} is not in your hand"
    allowed = allowed_cards(state, hand)
    if bit & allowed:
        return None
    if allowed == SUIT_MASK_OF[state.trick[0]]:
        return f"you must follow suit ({state.trick[0][1]})"
    return f"you have a trump: you must play one ({state.trump})"


def play_card(action: Any) -> str | None:
    """The card of a play action (a map with type "play" and a card code), else None."""
    if isinstance(action, dict) and action.get("type") == "play":
        card = action.get("card")
        if type(card) is str and card in DECK_SET:
            return card
    return None


def hand_points(bid: int, took: int, cards: int, scoring: str) -> int:
    """One seat's score for one hand."""
    if bid == took:
        if bid == 0 and scoring == "zero_bonus":
            return 5 + cards
        return 10 + bid
    return took if scoring == "plus_tricks" else 0


def copy_sheet(sheet: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The score sheet with fresh rows and lists: what views, results and dumps hand out."""
    return [{"cards": r["cards"], "trump": r["trump"], "bids": list(r["bids"]), "tricks": list(r["tricks"]),
             "points": list(r["points"])} for r in sheet]


class OhHell(Game):
    name = "oh_hell"
    title = "Oh Hell"
    min_players = 3
    max_players = 7
    realtime = False
    option_specs = {
        "schedule": Option("up", "How many cards each hand deals, from hand to hand (N: the most each player "
                           "can get).", choices=("up", "down", "up_down", "down_up"), label="Cards per hand",
                           words=(("up", "1 up to N"), ("down", "N down to 1"), ("up_down", "1 up to N, then down"),
                                  ("down_up", "N down to 1, then up"))),
        "hook": Option(False, "The dealer may not bid so that the bids add up to the number of tricks.",
                       label="Dealer's hook"),
        "simultaneous_bids": Option(False, "Everyone bids at the same time; the bids are shown together.",
                                    label="Bid all at once"),
        "must_trump": Option(False, "With no card of the suit led, you must play a trump if you have one.",
                             label="Must trump"),
        "scoring": Option("exact", "Exact: 10 + bid if made exactly; Plus tricks: a miss scores 1 a trick; Zero "
                          "bonus: a made 0 scores 5 + cards.",
                          choices=("exact", "plus_tricks", "zero_bonus"), label="Scoring",
                          words=(("exact", "Exact"), ("plus_tricks", "Plus tricks"), ("zero_bonus", "Zero bonus"))),
    }

    # -- setting up -------------------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> OhHellState:
        resolved = self.resolve_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        state = OhHellState(
            players=players,
            seed=seed,
            options=resolved,
            schedule=hand_schedule(players, resolved["schedule"]),
            scores=[0] * players,
        )
        state.orders = deal_orders(seed, players, state.schedule)
        self._deal(state, [])
        return state

    def _deal(self, state: OhHellState, events: list[Event]) -> None:
        """Deal the current hand from its shuffled order; turn the trump card."""
        n = state.players
        count = state.schedule[state.hand_index]
        order = state.orders[state.hand_index]
        first = (state.dealer + 1) % n
        hands = [0] * n
        for i in range(n):
            hands[(first + i) % n] = sum(map(_BIT_OF, order[i * count:(i + 1) * count]))  # distinct bits: sum = or
        trump_card = order[n * count] if len(order) > n * count else None
        state.hands = hands
        state.trump_card = trump_card
        state.trump = trump_card[1] if trump_card else None
        state.bids = [None] * n
        state.tricks = [0] * n
        state.trick = []
        state.played = []
        state.last_trick = []
        state.last_leader = state.last_winner = -1
        state.phase = BID
        state.turn = state.leader = first
        events.append({"type": "deal", "hand": state.hand_index + 1, "cards": count, "dealer": state.dealer,
                       "trump_card": trump_card, "trump": state.trump})

    # -- whose move -------------------------------------------------------------------------------

    def to_act(self, state: OhHellState) -> list[int]:
        if state.phase == PLAY:
            return [state.turn]
        if state.phase == BID:
            if state.options["simultaneous_bids"]:
                return [s for s, b in enumerate(state.bids) if b is None]
            return [state.turn]
        return []

    def forbidden_bid(self, state: OhHellState, seat: int) -> int | None:
        """The bid the hook forbids ``seat`` now, if any."""
        opts = state.options
        if not opts["hook"] or opts["simultaneous_bids"] or seat != state.dealer:
            return None
        others = sum(b for s, b in enumerate(state.bids) if s != seat and b is not None)
        target = state.schedule[state.hand_index] - others
        return target if target >= 0 else None

    def bid_refusal(self, state: OhHellState, seat: int, bid: Any = ANY_BID) -> str | None:
        """Why ``seat`` may not bid ``bid`` now (by default: why it may not bid at all), or None when it
        may: the rule of bidding, for ``legal()`` and ``apply()`` alike (docs/RULES.md, "Oh Hell",
        "Bidding"). Whose bid it is; then 0 up to the cards in the hand, but not the hook's number."""
        if type(seat) is not int or not 0 <= seat < state.players:
            return f"there is no seat {seat!r} at this table"
        if state.phase != BID:
            return "bidding is over" if state.phase == PLAY else "the game is over"
        if state.options["simultaneous_bids"]:
            if state.bids[seat] is not None:
                return "you have already bid this hand"
        elif seat != state.turn:
            return f"it is seat {state.turn}'s turn to bid"
        if bid is ANY_BID:
            return None
        count = state.schedule[state.hand_index]
        if type(bid) is not int or not 0 <= bid <= count:
            return f"a bid is a whole number from 0 to {count}"
        if state.options["hook"] and bid == self.forbidden_bid(state, seat):
            return f"the hook: as dealer you may not bid {bid}, the bids would add up to {count}"
        return None

    def legal(self, state: OhHellState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            if seat != state.turn or type(seat) is not int:  # a bool or float seat is no seat
                return []
            hand = state.hands[seat]
            allowed = state.allowed
            if allowed != ANY_CARD:
                shift, plays = SUIT_TABLES[allowed]
                return plays[(hand >> shift) & 0x1FFF][:]
            return [*_S[hand & 0x1FFF], *_H[(hand >> 13) & 0x1FFF], *_D[(hand >> 26) & 0x1FFF], *_C[hand >> 39]]
        if phase == BID and self.bid_refusal(state, seat) is None:
            count = state.schedule[state.hand_index]
            banned = self.forbidden_bid(state, seat) if state.options["hook"] else None
            if banned is not None:
                return [BID_ACTIONS[n] for n in range(count + 1) if n != banned]
            return BID_LISTS[count][:]
        return []

    def sample(self, state: OhHellState, seat: int, rng: random.Random) -> Action:
        actions = self.legal(state, seat)
        if not actions:
            raise IllegalAction("you have nothing to do now")
        return dict(actions[rng.randrange(len(actions))])

    # -- playing ----------------------------------------------------------------------------------

    def apply(self, state: OhHellState, seat: int, action: Action) -> list[Event]:
        if type(seat) is int and seat == state.turn and state.phase == PLAY:
            # A legal play is carried out here, inline (random playouts are benchmarked); anything else
            # goes to _apply_checked(), which says what is wrong. legal()'s own actions carry their card.
            try:
                card, bit = action.code, action.bit  # type: ignore[attr-defined]
            except AttributeError:  # not one of legal()'s PlayActions: read the map
                card = play_card(action)
                if card is None:
                    return self._apply_checked(state, seat, action)
                bit = BIT[card]
            hand = state.hands[seat]
            trick = state.trick
            if hand & bit & state.allowed:
                state.hands[seat] = hand ^ bit
                trick.append(card)
                if len(trick) != state.players:
                    state.turn = turn = (seat + 1) % state.players
                    state.allowed = allowed_cards(state, state.hands[turn])
                    return [PLAY_EVENTS[seat][card].copy()]
                leader = state.leader
                winner = trick_winner(trick, leader, state.players, state.trump)
                state.tricks[winner] += 1
                state.played += trick
                state.last_trick = trick
                state.last_leader = leader
                state.last_winner = winner
                state.trick = []
                state.leader = state.turn = winner
                state.allowed = allowed_cards(state, state.hands[winner])
                events: list[Event] = [PLAY_EVENTS[seat][card].copy(),
                                       {"type": "trick", "leader": leader, "winner": winner, "cards": trick[:]}]
                if not state.hands[winner]:
                    self._finish_hand(state, events)
                return events
        elif isinstance(action, dict) and action.get("type") == "bid":
            return self._bid(state, seat, action)
        return self._apply_checked(state, seat, action)

    def _apply_checked(self, state: OhHellState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a map with a 'type', not {type(action).__name__}")
        if type(seat) is not int or not 0 <= seat < state.players:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        kind = action.get("type")
        if kind == "play":
            self._refuse_play(state, seat, action.get("card"))
        if kind == "bid":
            return self._bid(state, seat, action)
        if not isinstance(kind, str):
            raise IllegalAction("the action has no 'type'")
        raise IllegalAction(f"Oh Hell has no {kind!r} action (bid or play)")

    def _bid(self, state: OhHellState, seat: int, action: Action) -> list[Event]:
        bid = action.get("bid")
        reason = self.bid_refusal(state, seat, bid)
        if reason is not None:
            raise IllegalAction(reason)
        state.bids[seat] = bid
        if state.options["simultaneous_bids"]:
            events: list[Event] = [{"type": "bid", "seat": seat}]
            if None not in state.bids:
                events.append({"type": "bids_revealed", "bids": list(state.bids)})
                self._start_play(state)
            return events
        events = [BID_EVENTS[seat][bid].copy()]
        if seat == state.dealer:
            self._start_play(state)
        else:
            state.turn = (seat + 1) % state.players
        return events

    def _start_play(self, state: OhHellState) -> None:
        """Bidding is over: the leader plays first."""
        state.phase = PLAY
        state.turn = state.leader
        state.allowed = allowed_cards(state, state.hands[state.turn])

    def _refuse_play(self, state: OhHellState, seat: int, card: Any) -> NoReturn:
        """Why ``card`` may not be played by ``seat`` now. apply() carries out every legal play itself,
        so a play that reaches here is illegal."""
        if seat != state.turn or state.phase != PLAY:
            if state.phase == BID:
                raise IllegalAction("it is time to bid, not to play")
            if state.phase == OVER:
                raise IllegalAction("the game is over")
            raise IllegalAction(f"it is seat {state.turn}'s turn to play")
        if type(card) is not str or card not in DECK_SET:
            raise IllegalAction("'card' must be a card code from your hand")
        reason = play_refusal(state, state.hands[seat], card)
        if reason is None:
            raise AssertionError(f"apply() refused a legal play: seat {seat}, {card}")
        raise IllegalAction(reason)

    def _finish_hand(self, state: OhHellState, events: list[Event]) -> None:
        count = state.schedule[state.hand_index]
        scoring = state.options["scoring"]
        bids: list[int] = state.bids  # type: ignore[assignment]
        tricks = state.tricks
        if scoring == "exact":
            points = [10 + b if b == t else 0 for b, t in zip(bids, tricks, strict=True)]
        else:
            points = [hand_points(b, t, count, scoring) for b, t in zip(bids, tricks, strict=True)]
        scores = state.scores
        for s, p in enumerate(points):
            scores[s] += p
        # The hand's lists move to the sheet: the next deal makes new ones.
        state.sheet.append({"cards": count, "trump": state.trump, "bids": bids, "tricks": tricks, "points": points})
        events.append({"type": "hand_over", "hand": state.hand_index + 1, "bids": bids[:], "tricks": tricks[:],
                       "points": points[:], "scores": scores[:]})
        if state.hand_index + 1 >= len(state.schedule):
            state.phase = OVER
            result = self.result(state)
            events.append({"type": "game_over", "scores": scores[:], "winners": result["winners"]})  # type: ignore[index]
            return
        state.hand_index += 1
        state.dealer = (state.dealer + 1) % state.players
        self._deal(state, events)

    # -- reading ----------------------------------------------------------------------------------

    def result(self, state: OhHellState) -> dict[str, Any] | None:
        if state.phase != OVER:
            return None
        best = max(state.scores)
        return {"scores": list(state.scores), "winners": [s for s, v in enumerate(state.scores) if v == best],
                "sheet": copy_sheet(state.sheet)}

    def view(self, state: OhHellState, seat: int | None) -> View:
        n = state.players
        hidden_bids = state.options["simultaneous_bids"] and state.phase == BID
        if hidden_bids:
            bids = [b if s == seat else None for s, b in enumerate(state.bids)]
        else:
            bids = list(state.bids)
        leader = state.leader
        last = None
        if state.last_trick:
            last = {"leader": state.last_leader, "winner": state.last_winner,
                    "cards": [{"seat": (state.last_leader + i) % n, "card": c}
                              for i, c in enumerate(state.last_trick)]}
        return {
            "seat": seat,
            "players": n,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "turn": state.turn if state.phase != OVER else None,
            "hand": sort_hand(hand_cards(state.hands[seat])) if seat is not None else [],
            "hand_sizes": [h.bit_count() for h in state.hands],
            "dealer": state.dealer,
            "scores": list(state.scores),
            "options": dict(state.options),
            "trump_card": state.trump_card,
            "trump": state.trump,
            "bids": bids,
            "has_bid": [b is not None for b in state.bids],
            "tricks": list(state.tricks),
            "trick": [{"seat": (leader + i) % n, "card": c} for i, c in enumerate(state.trick)],
            "last_trick": last,
            "leader": leader,
            "hand_number": state.hand_index + 1,
            "hands_total": len(state.schedule),
            "cards_this_hand": state.schedule[state.hand_index],
            "schedule": list(state.schedule),
            "played": state.played[: len(state.played) - len(state.last_trick)],
            "sheet": copy_sheet(state.sheet),
        }

    def cards(self, state: OhHellState) -> list[str]:
        return list(DECK)

    def stock(self, state: OhHellState) -> list[str]:
        """The cards nobody sees this hand (undealt, not turned)."""
        seen = set(state.played)
        seen.update(state.trick)
        for hand in state.hands:
            seen.update(hand_cards(hand))
        if state.trump_card:
            seen.add(state.trump_card)
        return [c for c in DECK if c not in seen]

    def hidden(self, state: OhHellState, seat: int | None) -> list[str]:
        out = self.stock(state)
        for s, hand in enumerate(state.hands):
            if s != seat:
                out.extend(hand_cards(hand))
        return out

    # -- storage ----------------------------------------------------------------------------------

    def dump(self, state: OhHellState) -> dict[str, Any]:
        return {
            "players": state.players,
            "seed": state.seed,
            "options": dict(state.options),
            "schedule": list(state.schedule),
            "hand_index": state.hand_index,
            "dealer": state.dealer,
            "phase": state.phase,
            "turn": state.turn,
            "leader": state.leader,
            "hands": list(state.hands),
            "orders": [list(o) for o in state.orders],
            "trump_card": state.trump_card,
            "trump": state.trump,
            "bids": list(state.bids),
            "tricks": list(state.tricks),
            "trick": list(state.trick),
            "played": list(state.played),
            "last_trick": list(state.last_trick),
            "last_leader": state.last_leader,
            "last_winner": state.last_winner,
            "scores": list(state.scores),
            "sheet": copy_sheet(state.sheet),
        }

    def load(self, data: dict[str, Any]) -> OhHellState:
        state = OhHellState(**self.dump(_Loaded(data)))  # type: ignore[arg-type]
        if state.phase == PLAY:
            state.allowed = allowed_cards(state, state.hands[state.turn])
        return state

    def clone(self, state: OhHellState) -> OhHellState:
        # Slots set one by one: the dataclass __init__ would also test every default factory.
        copy = _new_state(OhHellState)
        copy.players, copy.seed, copy.options, copy.schedule = state.players, state.seed, state.options, state.schedule
        copy.hand_index, copy.dealer, copy.phase, copy.turn = state.hand_index, state.dealer, state.phase, state.turn
        copy.leader, copy.hands, copy.orders = state.leader, state.hands[:], state.orders
        copy.trump_card, copy.trump, copy.bids, copy.tricks = state.trump_card, state.trump, state.bids[:], state.tricks[:]
        copy.trick, copy.played, copy.last_trick = state.trick[:], state.played[:], state.last_trick
        copy.last_leader, copy.last_winner = state.last_leader, state.last_winner
        copy.scores, copy.sheet, copy.allowed = state.scores[:], state.sheet[:], state.allowed
        return copy

    # -- invariants -------------------------------------------------------------------------------

    def check(self, state: OhHellState) -> None:
        n = state.players
        assert 3 <= n <= 7
        assert state.schedule == hand_schedule(n, state.options["schedule"])
        assert 0 <= state.hand_index < len(state.schedule)
        assert state.dealer == state.hand_index % n
        count = state.schedule[state.hand_index]
        assert len(state.orders) == len(state.schedule)
        everything = [c for h in state.hands for c in hand_cards(h)] + state.played + state.trick
        if state.trump_card is not None:
            everything.append(state.trump_card)
            assert state.trump == state.trump_card[1]
        else:
            assert state.trump is None
        assert len(set(everything)) == len(everything) and set(everything) <= DECK_SET
        assert sorted(everything) == sorted(state.orders[state.hand_index]), "cards are not conserved"
        last = state.hand_index == len(state.schedule) - 1
        assert not (last and state.trump_card), "the last hand has no trump"
        if not last and state.phase != OVER:
            assert (state.trump_card is None) == (n * count == len(DECK))
        done = sum(state.tricks)
        assert len(state.played) == done * n
        assert len(state.trick) < n
        first = (state.dealer + 1) % n
        for s in range(n):
            offset = (s - state.leader) % n
            expected = count - done - (1 if offset < len(state.trick) else 0)
            if state.phase == OVER:
                expected = 0
            held = state.hands[s].bit_count()
            assert held == expected, f"seat {s} holds {held}, expected {expected}"
        if state.phase == BID:
            assert done == 0 and not state.trick
            assert state.leader == first
            if not state.options["simultaneous_bids"]:
                placed = sum(b is not None for b in state.bids)
                assert state.turn == (first + placed) % n
                assert all((state.bids[(first + i) % n] is not None) == (i < placed) for i in range(n))
        elif state.phase == PLAY:
            assert None not in state.bids
            assert all(0 <= b <= count for b in state.bids)  # type: ignore[operator]
            assert state.turn == (state.leader + len(state.trick)) % n
            assert state.allowed == allowed_cards(state, state.hands[state.turn]), "allowed is not the rule's answer"
            if state.options["hook"] and not state.options["simultaneous_bids"]:
                assert sum(state.bids) != count  # type: ignore[arg-type]
        else:
            assert state.phase == OVER and state.hand_index == len(state.schedule) - 1
        assert len(state.sheet) == state.hand_index + (1 if state.phase == OVER else 0)
        totals = [0] * n
        for row in state.sheet:
            for s in range(n):
                totals[s] += row["points"][s]
                assert row["points"][s] == hand_points(row["bids"][s], row["tricks"][s], row["cards"],
                                                      state.options["scoring"])
            assert sum(row["tricks"]) == row["cards"]
        assert totals == state.scores, "scores do not add up to the sheet"
        assert all(0 <= t <= count for t in state.tricks)
        if state.last_trick:
            assert len(state.last_trick) == n and state.played[-n:] == state.last_trick
            assert state.last_winner == trick_winner(state.last_trick, state.last_leader, n, state.trump)
            assert state.phase == OVER or state.leader == state.last_winner, "the last trick's winner leads"
        else:
            assert not state.played and state.last_leader == state.last_winner == -1


_new_state = object.__new__


class _Loaded:
    """Adapts a dumped dict to the attribute reads of :meth:`OhHell.dump` (one copy routine, not two)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)


GAME = OhHell()
