"""Go-Stop (2-3 players, hwatu): docs/RULES.md, "Go-Stop".

Card codes and the named sets live in :mod:`engine.hwatu`. Seats play in order 0, 1, 2 (the "right"
of the rule text); the dealer starts each hand.

Actions (exact shapes):

- ``{"type": "play", "card": c}`` play card ``c`` from hand (a joker too); add ``"shake": True`` to
  show the three cards of ``c``'s month you hold (heundeum) as you play the first of them.
- ``{"type": "bomb", "cards": [a, b, c]}`` the three cards of a month you hold, with its fourth on the
  table (you have not shaken that month): capture all four, then turn the stock.
- ``{"type": "flip"}`` after a bomb, twice in the hand: play no card, only turn the stock.
- ``{"type": "choose", "card": c}`` the played or turned card matched two table cards: take ``c``.
- ``{"type": "go"}`` / ``{"type": "stop"}`` when your score reached the target (or rose after a Go).
- ``{"type": "deal"}`` between hands, the next dealer deals the next hand.
- ``{"type": "leave"}`` between hands, the next dealer ends the table instead: the game is over and
  the chips are the final scores. This is how ``hands=0`` ("play on until the players leave") ends
  (with a number of hands set, the default, it ends the table early). A host seating people with bots should keep ``leave``
  for the people.

Phases: ``play`` (the turn's seat plays, bombs or flips), ``choose`` (it picks one of two matches),
``go_stop``, ``hand_over`` (the next dealer deals or leaves; ``last`` tells how the hand ended) and
``over``.

View fields: the shared ``seat, players, phase, to_act, hand, hand_sizes, dealer, scores, options``
(``scores``: each player's score in this hand; ``dealer`` in ``hand_over`` is the next dealer) plus
``turn``; ``table``: piles of cards by month in the order they came; ``stacks``: ``{month: maker}``
for every stack of three on the table (maker -1: dealt so); ``choice_for``: ``"played"`` or
``"turned"`` in the ``choose`` phase (the cards are in the legal actions); ``captures``: every seat's
captured cards sorted by kind; ``revealed``: per seat the cards of their hand that everyone has seen
(shaken or shown at the deal; empty for the viewer's own seat, whose ``hand`` holds them);
``shakes`` and ``bombs``: per seat the months shaken and bombed; ``flips``: flip-only turns left;
``stock``: the number of cards in the stock; ``score_parts``: per seat ``{combination: points}``;
``goes`` and ``go_scores``: Goes called and the score at the last Go; ``chips``; ``target``;
``hand_number``: hands finished so far; ``doubled``: this hand's payment doubles (the last was a
nagari); ``last``: how the previous hand ended (``reason`` stop/four/nagari, ``winner``,
``payments`` per seat, ``multipliers`` per seat, ``score``, ``goes``).

Result: ``scores`` (the chips), ``winners``, ``hands`` (hands finished) and ``history``: every finished
hand's ``last`` record with its number under ``hand`` (the score sheet of payments per hand; the
payments of each seat add up to its chips).

Options (defaults): ``jokers`` 2 (0 or 2); ``target`` 0 (0 means 3 with three players and 7 with
two); ``go_double_after`` 3 (the payment doubles once when the winner called more Goes than this);
``pibak_max`` 5 (an opponent with this many junk or fewer, zero included, pays pi-bak);
``bomb_steals`` True (a bomb takes one junk from each opponent); ``bomb_shakes`` True (a bomb counts as
a shake for the payment); ``hands`` 3 (the number of hands, nagaris and wins at the deal included,
misdeals and cancelled deals not: a first game ends with its results; 0 plays on until the next dealer
leaves).

Decisions (docs/RULES.md, "Go-Stop", where each is explained): "no cards left in hand" for the
automatic Stop means no turn left (no card and no flip); junk is given up single first, then doubles, then ``J2``, ``J3``;
a win at the deal (four of a month in one hand) is also doubled after a nagari.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from cardtable.engine import hwatu
from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    View,
    check_action_shape,
    one_card,
    pick,
    rng_for,
)
from cardtable.engine.hwatu import MONTH_OF, junk_value, month

PLAYING = ("play", "choose", "go_stop")
FOUR_PAYMENT = 5
_GIVE_ORDER = {"P": 0, "D": 1, "J": 2}


@dataclass(slots=True)
class GoStopState:
    players: int
    seed: int
    options: dict[str, Any]
    draw: int = 0
    phase: str = "play"
    dealer: int = 0
    turn: int = 0
    hands: list[list[str]] = field(default_factory=list)
    table: list[str] = field(default_factory=list)
    stacks: dict[str, int] = field(default_factory=dict)
    captures: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # the top card is the last one
    shown: list[list[str]] = field(default_factory=list)
    shakes: list[list[str]] = field(default_factory=list)
    bombs: list[list[str]] = field(default_factory=list)
    flips: list[int] = field(default_factory=list)
    goes: list[int] = field(default_factory=list)
    go_scores: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    hand_number: int = 0
    doubled: bool = False
    # the turn in progress
    played: str = ""
    played_kind: str = ""  # "" none, "alone", "pair", "two" (chose one of two), "stack"
    played_match: list[str] = field(default_factory=list)
    turned: str = ""
    choice: list[str] = field(default_factory=list)
    steals: int = 0
    last: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # every finished hand's ``last``


def target_of(state: GoStopState) -> int:
    target = state.options["target"]
    return target or (3 if state.players == 3 else 7)


def score_of(state: GoStopState, seat: int) -> int:
    return hwatu.score(state.captures[seat])[0]


def turns_left(state: GoStopState, seat: int) -> int:
    return len(state.hands[seat]) + state.flips[seat]


def table_of_month(state: GoStopState, m: str) -> list[str]:
    return [c for c in state.table if MONTH_OF[c] == m]


def hand_months(hand: list[str]) -> dict[str, int]:
    """``{month: cards of it in hand}`` (jokers left out)."""
    counts: dict[str, int] = {}
    for c in hand:
        m = MONTH_OF[c]
        if m:
            counts[m] = counts.get(m, 0) + 1
    return counts


class GoStop(Game):
    name = "go_stop"
    title = "Go-Stop"
    min_players = 2
    max_players = 3
    option_specs: ClassVar[dict[str, Option]] = {
        "jokers": Option(2, "Jokers in the deck: none, or two (they count as 2 and 3 junk).", choices=(0, 2),
                         label="Jokers", words=((0, "None"), (2, "Two"))),
        "target": Option(0, "The score at which you may Go or Stop; Auto is 3 with three players, 7 with two.",
                         kind=int, minimum=0, maximum=100, label="Points to Go or Stop",
                         words=((0, "Auto (3 or 7)"),), unit="points"),
        "go_double_after": Option(3, "The payment doubles when the winner called more Goes than this.", kind=int,
                                  minimum=1, maximum=20, label="Goes before double", unit="Goes"),
        "pibak_max": Option(5, "Pi-bak: when the winner scored for junk, an opponent with this much junk or less "
                            "pays double.", kind=int, minimum=0, maximum=30, label="Pi-bak at", unit="junk"),
        "bomb_steals": Option(True, "A bomb takes one junk from each opponent.", label="Bomb steals junk"),
        "bomb_shakes": Option(True, "A bomb doubles the payment, as a shake does.", label="Bomb counts as shake"),
        "hands": Option(3, "How many hands to play; Open-ended plays on until the players leave.", kind=int,
                        minimum=0, maximum=10000, label="Hands", words=((0, "Open-ended"), (1, "1 hand")),
                        unit="hands"),
    }

    # -- setup ----------------------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> GoStopState:
        resolved = self.resolve_options(players, options)
        state = GoStopState(players=players, seed=seed, options=resolved)
        state.chips = [0] * players
        state.dealer = rng_for(seed, 0).randrange(players)
        state.draw = 1
        self._deal(state, [])
        return state

    def _reset_hand(self, state: GoStopState) -> None:
        n = state.players
        state.captures = [[] for _ in range(n)]
        state.shown = [[] for _ in range(n)]
        state.shakes = [[] for _ in range(n)]
        state.bombs = [[] for _ in range(n)]
        state.flips = [0] * n
        state.goes = [0] * n
        state.go_scores = [0] * n
        state.stacks = {}
        self._clear_turn(state)

    @staticmethod
    def _clear_turn(state: GoStopState) -> None:
        state.played = ""
        state.played_kind = ""
        state.played_match = []
        state.turned = ""
        state.choice = []
        state.steals = 0

    def _deal(self, state: GoStopState, events: list[Event]) -> None:
        """Deal a hand (docs/RULES.md, "Go-Stop", "Deal"); redeal on a misdeal or cancelling fours; settle a four."""
        n, d = state.players, state.dealer
        while True:
            rng = rng_for(state.seed, state.draw)
            state.draw += 1
            cards = hwatu.shuffled(hwatu.deck(state.options["jokers"]), rng)
            hands: list[list[str]] = [[] for _ in range(n)]
            table: list[str] = []
            if n == 2:
                packets = [((d + 1) % 2, 5), (d, 5), (-1, 4)] * 2
            else:
                order = [(d + 1) % 3, (d + 2) % 3, d]
                packets = [(s, 4) for s in order] + [(-1, 3)] + [(s, 3) for s in order] + [(-1, 3)]
            pos = 0
            for who, count in packets:
                (table if who < 0 else hands[who]).extend(cards[pos:pos + count])
                pos += count
            state.stock = cards[pos:][::-1]
            state.hands = hands
            state.table = table
            self._reset_hand(state)
            events.append({"type": "deal", "dealer": d, "hand": state.hand_number + 1})
            while any(hwatu.is_joker(c) for c in state.table):
                joker = next(c for c in state.table if hwatu.is_joker(c))
                state.table.remove(joker)
                state.captures[d].append(joker)
                events.append({"type": "joker", "seat": d, "card": joker, "from": "table"})
                if state.stock:
                    state.table.append(state.stock.pop())
            on_table = Counter(month(c) for c in state.table)
            if any(count == 4 for count in on_table.values()):
                events.append({"type": "misdeal"})
                continue
            fours = [(s, m) for s in range(n) for m, k in hand_months(hands[s]).items() if k == 4]
            four_seats = sorted({s for s, _ in fours})
            if len(four_seats) >= 2:
                events.append({"type": "fours_cancel", "seats": four_seats})
                continue
            state.stacks = {m: -1 for m, k in on_table.items() if k == 3}
            state.turn = d
            state.phase = "play"
            if fours:
                self._win_at_deal(state, fours[0][0], fours[0][1], events)
            return

    # -- queries --------------------------------------------------------------------------------

    def to_act(self, state: GoStopState) -> list[int]:
        if state.phase in PLAYING:
            return [state.turn]
        if state.phase == "hand_over":
            return [state.dealer]
        return []

    def legal(self, state: GoStopState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "hand_over":
            return [{"type": "deal"}, {"type": "leave"}] if seat == state.dealer else []
        if phase not in PLAYING or seat != state.turn:
            return []
        if phase == "choose":
            return [{"type": "choose", "card": c} for c in state.choice]
        if phase == "go_stop":
            return [{"type": "go"}, {"type": "stop"}]
        hand = state.hands[seat]
        counts = hand_months(hand)
        shaken = state.shakes[seat]
        actions: list[Action] = []
        for card in hand:
            actions.append({"type": "play", "card": card})
            m = MONTH_OF[card]
            if m and counts.get(m) == 3 and m not in shaken:
                actions.append({"type": "play", "card": card, "shake": True})
        for m, count in counts.items():
            if count == 3 and m not in shaken and len(table_of_month(state, m)) == 1:
                actions.append({"type": "bomb", "cards": sorted(c for c in hand if MONTH_OF[c] == m)})
        if state.flips[seat] > 0:
            actions.append({"type": "flip"})
        return actions

    def sample(self, state: GoStopState, seat: int, rng: random.Random) -> Action:
        return pick(rng, self.legal(state, seat))

    def result(self, state: GoStopState) -> dict[str, Any] | None:
        if state.phase != "over":
            return None
        best = max(state.chips)
        return {
            "scores": list(state.chips),
            "winners": [s for s, c in enumerate(state.chips) if c == best],
            "hands": state.hand_number,
            "history": _deep(state.history),
        }

    # -- actions --------------------------------------------------------------------------------

    def apply(self, state: GoStopState, seat: int, action: Action) -> list[Event]:
        kind = check_action_shape(action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"Go-Stop has no action {kind!r}")
        if state.phase == "over":
            raise IllegalAction("the game is over")
        if seat not in self.to_act(state):
            raise IllegalAction("it is not your turn")
        events: list[Event] = []
        getattr(self, handler)(state, seat, action, events)
        return events

    _HANDLERS: ClassVar[dict[str, str]] = {
        "play": "_do_play", "bomb": "_do_bomb", "flip": "_do_flip", "choose": "_do_choose",
        "go": "_do_go", "stop": "_do_stop", "deal": "_do_deal", "leave": "_do_leave",
    }

    def _need_phase(self, state: GoStopState, phase: str, what: str) -> None:
        self.require(state.phase == phase, f"you cannot {what} now")

    def _do_play(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "play", "play a card")
        card = one_card(action)
        hand = state.hands[seat]
        self.require(card in hand, f"{card} is not in your hand")
        shake = action.get("shake", False)
        self.require(isinstance(shake, bool), "'shake' must be true or false")
        m = month(card)
        if shake:
            self.require(bool(m) and hand_months(hand).get(m) == 3 and m not in state.shakes[seat],
                         "you can shake only when you hold three cards of that month")
        hand.remove(card)
        events.append({"type": "played", "seat": seat, "card": card, "shake": shake})
        if shake:
            three = [c for c in hand if month(c) == m] + [card]
            state.shakes[seat].append(m)
            state.shown[seat].extend(three)
            events.append({"type": "shake", "seat": seat, "cards": hwatu.sort_hand(three)})
        if hwatu.is_joker(card):
            state.captures[seat].append(card)
            first = self._draw(state, seat, events)
            if not first:
                self._finish_turn(state, seat, events)
                return
            card = first
        self._place_played(state, seat, card, events)

    def _do_bomb(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "play", "bomb")
        cards = action.get("cards")
        self.require(isinstance(cards, list) and len(cards) == 3 and all(isinstance(c, str) for c in cards),
                     "a bomb is the three cards of one month")
        hand = state.hands[seat]
        self.require(len(set(cards)) == 3 and all(c in hand for c in cards), "those cards are not in your hand")
        m = month(cards[0])
        self.require(bool(m) and all(month(c) == m for c in cards), "a bomb is three cards of one month")
        self.require(m not in state.shakes[seat], "you shook that month, so it cannot bomb")
        fourth = table_of_month(state, m)
        self.require(len(fourth) == 1, "a bomb needs the fourth card of the month on the table")
        for c in cards:
            hand.remove(c)
        state.bombs[seat].append(m)
        state.flips[seat] += 2
        if state.options["bomb_steals"]:
            state.steals += 1
        events.append({"type": "bomb", "seat": seat, "cards": sorted(cards)})
        self._capture(state, seat, fourth + sorted(cards), events, from_table=fourth)
        self._turn_stock(state, seat, events)

    def _do_flip(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "play", "flip")
        self.require(state.flips[seat] > 0, "you have no flip-only turn left")
        state.flips[seat] -= 1
        events.append({"type": "flip", "seat": seat})
        self._turn_stock(state, seat, events)

    def _do_choose(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "choose", "choose a card")
        card = one_card(action)
        self.require(card in state.choice, f"{card} is not one of the cards you may take")
        state.choice = []
        if state.turned:
            turned = state.turned
            state.turned = ""
            self._capture(state, seat, [turned, card], events)
            self._finish_turn(state, seat, events)
        else:
            state.played_match = [card]
            self._turn_stock(state, seat, events)

    def _do_go(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "go_stop", "call Go")
        state.goes[seat] += 1
        state.go_scores[seat] = score_of(state, seat)
        events.append({"type": "go", "seat": seat, "goes": state.goes[seat]})
        self._advance(state, events)

    def _do_stop(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "go_stop", "call Stop")
        self._win(state, seat, events)

    def _do_deal(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "hand_over", "deal")
        self._deal(state, events)

    def _do_leave(self, state: GoStopState, seat: int, action: Action, events: list[Event]) -> None:
        self._need_phase(state, "hand_over", "leave")
        state.phase = "over"
        events.append({"type": "game_over", "chips": list(state.chips)})

    # -- the turn -------------------------------------------------------------------------------

    def _draw(self, state: GoStopState, seat: int, events: list[Event]) -> str:
        """Turn stock cards until one is not a joker (jokers go to ``seat``'s captures); "" if none."""
        while state.stock:
            card = state.stock.pop()
            if hwatu.is_joker(card):
                state.captures[seat].append(card)
                events.append({"type": "joker", "seat": seat, "card": card, "from": "stock"})
                continue
            events.append({"type": "turned", "seat": seat, "card": card})
            return card
        return ""

    def _capture(self, state: GoStopState, seat: int, cards: list[str], events: list[Event],
                 from_table: list[str] | None = None) -> None:
        for c in cards if from_table is None else from_table:
            state.table.remove(c)
        state.captures[seat].extend(cards)
        events.append({"type": "captured", "seat": seat, "cards": list(cards)})

    def _capture_stack(self, state: GoStopState, seat: int, card: str, events: list[Event]) -> None:
        m = month(card)
        maker = state.stacks.pop(m)
        own = maker == seat
        state.steals += 2 if own else 1
        events.append({"type": "ja_ppuk" if own else "stack", "seat": seat, "month": m})
        self._capture(state, seat, table_of_month(state, m), events)

    def _place_played(self, state: GoStopState, seat: int, card: str, events: list[Event]) -> None:
        m = month(card)
        matches = table_of_month(state, m)
        state.table.append(card)
        state.played = card
        if len(matches) == 3:
            state.played_kind = "stack"
            self._capture_stack(state, seat, card, events)
        elif len(matches) == 2:
            state.played_kind = "two"
            state.choice = sorted(matches)
            state.phase = "choose"
            return
        elif matches:
            state.played_kind = "pair"
            state.played_match = matches
        else:
            state.played_kind = "alone"
        self._turn_stock(state, seat, events)

    def _turn_stock(self, state: GoStopState, seat: int, events: list[Event]) -> None:
        state.phase = "play"
        card = self._draw(state, seat, events)
        played, kind = state.played, state.played_kind
        if not card:
            if kind in ("pair", "two"):
                self._capture(state, seat, [played, *state.played_match], events)
            self._finish_turn(state, seat, events)
            return
        m = month(card)
        if played and m == month(played) and kind != "stack":
            state.table.append(card)
            if kind == "alone":
                state.steals += 1
                events.append({"type": "kiss", "seat": seat})
                self._capture(state, seat, [played, card], events)
            elif kind == "pair":
                state.stacks[m] = seat
                events.append({"type": "ppuk", "seat": seat, "month": m})
            else:
                state.steals += 1
                events.append({"type": "ttadak", "seat": seat})
                self._capture(state, seat, table_of_month(state, m), events)
            self._finish_turn(state, seat, events)
            return
        if kind in ("pair", "two"):
            self._capture(state, seat, [played, *state.played_match], events)
        matches = table_of_month(state, m)
        state.table.append(card)
        if len(matches) == 3:
            self._capture_stack(state, seat, card, events)
        elif len(matches) == 2:
            state.turned = card
            state.choice = sorted(matches)
            state.phase = "choose"
            return
        elif matches:
            self._capture(state, seat, [card, matches[0]], events)
        self._finish_turn(state, seat, events)

    def _finish_turn(self, state: GoStopState, seat: int, events: list[Event]) -> None:
        if not state.table and any(e["type"] == "captured" for e in events):
            state.steals += 1
            events.append({"type": "sweep", "seat": seat})
        if state.steals:
            self._steal(state, seat, state.steals, events)
        self._clear_turn(state)
        state.phase = "play"
        total = score_of(state, seat)
        if total >= target_of(state) and (state.goes[seat] == 0 or total > state.go_scores[seat]):
            if turns_left(state, seat) == 0:
                events.append({"type": "auto_stop", "seat": seat})
                self._win(state, seat, events)
            else:
                state.phase = "go_stop"
            return
        self._advance(state, events)

    def _steal(self, state: GoStopState, seat: int, count: int, events: list[Event]) -> None:
        for other in range(state.players):
            if other == seat:
                continue
            pile = state.captures[other]
            for _ in range(count):
                junk = [c for c in pile if junk_value(c)]
                if not junk:
                    break
                card = min(junk, key=lambda c: (_GIVE_ORDER[hwatu.kind(c)], junk_value(c), c))
                pile.remove(card)
                state.captures[seat].append(card)
                events.append({"type": "stole", "seat": seat, "from": other, "card": card})

    def _advance(self, state: GoStopState, events: list[Event]) -> None:
        state.phase = "play"
        for step in range(1, state.players + 1):
            nxt = (state.turn + step) % state.players
            if turns_left(state, nxt):
                state.turn = nxt
                return
        self._nagari(state, events)

    # -- the end of a hand ----------------------------------------------------------------------

    def _end_hand(self, state: GoStopState, last: dict[str, Any], events: list[Event]) -> None:
        state.hand_number += 1
        state.last = last
        state.history = [*state.history, {"hand": state.hand_number, **_deep(last)}]
        self._clear_turn(state)
        events.append({"type": "hand_over", **last})
        hands = state.options["hands"]
        state.phase = "over" if hands and state.hand_number >= hands else "hand_over"
        if state.phase == "over":
            events.append({"type": "game_over", "chips": list(state.chips)})

    def _nagari(self, state: GoStopState, events: list[Event]) -> None:
        state.doubled = True
        n = state.players
        self._end_hand(state, {"reason": "nagari", "winner": None, "payments": [0] * n,
                               "multipliers": [[] for _ in range(n)], "score": 0, "goes": 0}, events)

    def _win_at_deal(self, state: GoStopState, winner: int, m: str, events: list[Event]) -> None:
        state.shown[winner] = [c for c in state.hands[winner] if month(c) == m]
        each = FOUR_PAYMENT * (2 if state.doubled else 1)
        payments = [-each] * state.players
        payments[winner] = each * (state.players - 1)
        multipliers = [["nagari"] if state.doubled and s != winner else [] for s in range(state.players)]
        self._pay(state, winner, payments)
        state.phase = "hand_over"
        self._end_hand(state, {"reason": "four", "winner": winner, "month": m, "payments": payments,
                               "multipliers": multipliers, "score": 0, "goes": 0}, events)

    def _pay(self, state: GoStopState, winner: int, payments: list[int]) -> None:
        for s, p in enumerate(payments):
            state.chips[s] += p
        state.dealer = winner
        state.doubled = False

    def payments(self, state: GoStopState, winner: int) -> tuple[list[int], list[list[str]]]:
        """What each seat gains (the winner) or pays if ``winner`` stops now, and why (multipliers)."""
        opts = state.options
        total, parts = hwatu.score(state.captures[winner])
        mine = hwatu.tally(state.captures[winner])
        base = total + state.goes[winner]
        common: list[str] = []
        if state.goes[winner] > opts["go_double_after"]:
            common.append("goes")
        shakes = len(state.shakes[winner]) + (len(state.bombs[winner]) if opts["bomb_shakes"] else 0)
        common.extend(["shake"] * shakes)
        if mine["animals"] >= 7:
            common.append("animals")
        if state.doubled:
            common.append("nagari")
        pays = [0] * state.players
        why: list[list[str]] = [[] for _ in range(state.players)]
        for other in range(state.players):
            if other == winner:
                continue
            theirs = hwatu.tally(state.captures[other])
            reasons = list(common)
            if "brights" in parts and theirs["brights"] == 0:
                reasons.append("gwang_bak")
            if "junk" in parts and theirs["junk"] <= opts["pibak_max"]:
                reasons.append("pi_bak")
            amount = base * 2 ** len(reasons)
            pays[other] = -amount
            pays[winner] += amount
            why[other] = reasons
        return pays, why

    def _win(self, state: GoStopState, winner: int, events: list[Event]) -> None:
        pays, why = self.payments(state, winner)
        total = score_of(state, winner)
        goes = state.goes[winner]
        events.append({"type": "stop", "seat": winner, "score": total})
        self._pay(state, winner, pays)
        self._end_hand(state, {"reason": "stop", "winner": winner, "payments": pays, "multipliers": why,
                               "score": total, "goes": goes}, events)

    # -- views ----------------------------------------------------------------------------------

    def view(self, state: GoStopState, seat: int | None) -> View:
        n = state.players
        piles: dict[str, list[str]] = {}
        for c in state.table:
            piles.setdefault(month(c), []).append(c)
        scored = [hwatu.score(cap) for cap in state.captures]
        revealed = [
            [] if s == seat else [c for c in state.hands[s] if c in state.shown[s]] for s in range(n)
        ]
        return {
            "seat": seat,
            "players": n,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "turn": state.turn,
            "dealer": state.dealer,
            "hand": hwatu.sort_hand(state.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in state.hands],
            "table": list(piles.values()),
            "stacks": dict(state.stacks),
            "choice_for": ("turned" if state.turned else "played") if state.phase == "choose" else None,
            "captures": [hwatu.sort_cards(cap) for cap in state.captures],
            "revealed": revealed,
            "shakes": [list(m) for m in state.shakes],
            "bombs": [list(m) for m in state.bombs],
            "flips": list(state.flips),
            "stock": len(state.stock),
            "scores": [s for s, _ in scored],
            "score_parts": [parts for _, parts in scored],
            "goes": list(state.goes),
            "go_scores": list(state.go_scores),
            "chips": list(state.chips),
            "target": target_of(state),
            "hand_number": state.hand_number,
            "doubled": state.doubled,
            "last": state.last,
            "options": dict(state.options),
        }

    def cards(self, state: GoStopState) -> list[str]:
        out = [c for h in state.hands for c in h]
        out += state.table + state.stock
        for cap in state.captures:
            out += cap
        return out

    def hidden(self, state: GoStopState, seat: int | None) -> list[str]:
        out = list(state.stock)
        for s, h in enumerate(state.hands):
            if s != seat:
                shown = state.shown[s]
                out += [c for c in h if c not in shown]
        return out

    # -- persistence ----------------------------------------------------------------------------

    def dump(self, state: GoStopState) -> dict[str, Any]:
        return _deep({f.name: getattr(state, f.name) for f in fields(GoStopState)})

    def load(self, data: dict[str, Any]) -> GoStopState:
        names = {f.name for f in fields(GoStopState)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown state fields {sorted(unknown)}")
        return GoStopState(**_deep(data))

    def clone(self, state: GoStopState) -> GoStopState:
        return GoStopState(
            players=state.players, seed=state.seed, options=dict(state.options), draw=state.draw,
            phase=state.phase, dealer=state.dealer, turn=state.turn,
            hands=[list(h) for h in state.hands], table=list(state.table), stacks=dict(state.stacks),
            captures=[list(c) for c in state.captures], stock=list(state.stock),
            shown=[list(c) for c in state.shown], shakes=[list(c) for c in state.shakes],
            bombs=[list(c) for c in state.bombs], flips=list(state.flips), goes=list(state.goes),
            go_scores=list(state.go_scores), chips=list(state.chips), hand_number=state.hand_number,
            doubled=state.doubled, played=state.played, played_kind=state.played_kind,
            played_match=list(state.played_match), turned=state.turned, choice=list(state.choice),
            steals=state.steals, last=_deep(state.last) if state.last is not None else None,
            history=list(state.history),
        )

    # -- invariants -----------------------------------------------------------------------------

    def check(self, state: GoStopState) -> None:
        n = state.players
        everything = Counter(self.cards(state))
        assert everything == Counter(hwatu.deck(state.options["jokers"])), "cards lost or duplicated"
        assert sum(state.chips) == 0, "chips do not add up to zero"
        assert len(state.history) == state.hand_number, "a hand missing from the history"
        paid = [sum(hand["payments"][s] for hand in state.history) for s in range(n)]
        assert paid == state.chips, "the chips are not the history's payments"
        assert 0 <= state.dealer < n and 0 <= state.turn < n
        for name in ("hands", "captures", "shown", "shakes", "bombs", "flips", "goes", "go_scores", "chips"):
            assert len(getattr(state, name)) == n, f"{name} has the wrong length"
        assert not any(hwatu.is_joker(c) for c in state.table), "a joker lies on the table"
        on_table = Counter(month(c) for c in state.table)
        assert all(k < 4 for k in on_table.values()), "four of a month on the table"
        for m, maker in state.stacks.items():
            assert on_table[m] == 3, f"stack of {m} is not three cards"
            assert -1 <= maker < n
        if state.phase not in PLAYING:
            return
        for s in range(n):
            assert state.flips[s] >= 0 and state.goes[s] >= 0
            assert len(state.bombs[s]) * 2 >= state.flips[s], "more flips than bombs give"
        if state.phase == "choose":
            assert len(state.choice) == 2 and all(c in state.table for c in state.choice)
            assert len({month(c) for c in state.choice}) == 1
            return
        assert not state.choice and not state.played and not state.turned and not state.steals
        if state.phase == "play":
            left = [turns_left(state, s) for s in range(n)]
            assert left[state.turn] > 0, "the seat to play has no turn left"
            assert max(left) - min(left) <= 1, f"turns left are uneven: {left}"
            jokers = sum(1 for h in state.hands for c in h if hwatu.is_joker(c))
            jokers += sum(1 for c in state.stock if hwatu.is_joker(c))
            assert len(state.stock) == sum(left) + jokers, "the stock does not match the turns left"
        if state.phase == "go_stop":
            total = score_of(state, state.turn)
            assert total >= target_of(state)


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


GAME = GoStop()
