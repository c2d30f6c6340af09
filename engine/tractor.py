"""Tractor (Sheng Ji; docs/RULES.md, "Tractor"): 4 players in two partnerships (seats 0+2 and 1+3) climb
from level 2 past the ace. Card order and shapes live in :mod:`engine.tractor_shapes`.

A round: the draw (one card at a time, the starter first, then *against* the playing direction:
s, s-1, ...) with declarations, a last say for each seat after the draw, the kitty (the starter takes
the 8 cards left and buries 8), 25 tricks, then levelling. Team 0 is seats 0 and 2, team 1 seats 1 and 3.

Actions
    ``{"type": "draw"}``             the seat whose turn it is to draw takes the next card
    ``{"type": "declare", "cards": ["2H"]}``        one card of the round's trump rank: its suit is trump
    ``{"type": "declare", "cards": ["2H", "2H"]}``  a pair of it (overrides a single; with option
                                     ``reinforce`` it also strengthens your own single of that card)
    ``{"type": "declare", "cards": ["BJ", "BJ"]}``  a joker pair (``RJ RJ`` too): no trump suit and no
                                     trump rank this round; it overrides anything and stands.
                                     Declaring is open to the seat whose turn it is to draw (before it
                                     draws) and to each seat in its last say after the draw.
    ``{"type": "pass"}``             the last say after the draw: no (further) declaration
    ``{"type": "bury", "cards": [8 cards]}``   the starter, from hand and kitty; legal() gives the
                                     template ``{"type": "bury", "choose": {"from": [...], "count": 8}}``
    ``{"type": "play", "cards": [...]}``   a lead (single, pair, tractor, or a throw of several units of
                                     one suit) or a follow of as many cards as were led. legal() lists the
                                     concrete singles, pairs and tractors a leader may lead plus a throw
                                     template ``{"type": "play", "choose": {"from": [...], "min": 2,
                                     "max": n, "same_suit": true}}``; a follow of one card is listed
                                     card by card, a longer follow is the template ``{"type": "play",
                                     "choose": {"from": [...], "count": n, "include": [...]}}``
                                     (``include``: cards that must be in it, when the hand holds fewer
                                     of the led suit than were led).

Events (public: no event names a card its seat has not shown)
    ``draw {seat}`` · ``declare {seat, cards, kind, suit}`` · ``pass {seat}`` · ``trump {suit, rank,
    declarers, starter}`` · ``redeal {}`` · ``kitty_reveal {cards, suit}`` · ``take_kitty {seat}`` ·
    ``bury {seat}`` · ``play {seat, cards}`` · ``throw_failed {seat, cards, led, beaten_by, penalty}`` ·
    ``trick {winner, points, cards}`` · ``round_over {kitty, kitty_points, bonus, attackers_points,
    declarers, change, levels}`` · ``game_over {winners, levels}``

View (``None`` is a spectator)
    ``seat, players, phase ("draw" | "declare" | "bury" | "play" | "over"), to_act, hand (sorted by the
    round's card order, trumps last), hand_sizes, dealer (the starter, or None before the first round's
    declaration stands), scores (each seat's team level), options``, and
    ``round, levels ([team0, team1], 2..14; 14 is the ace), declarers (team or None), starter,
    turn, trump ({"rank": "2" | None, "suit": "H" | None, "final": bool, "no_trump": bool}),
    declaration ({"seat", "kind": "single" | "pair" | "jokers", "suit"} or None), declarations
    (all of this round's, in order), shown (per seat, the cards everybody has seen that seat hold and it
    still holds: its declarations and a failed throw's cards; the seat's own entry is always empty, as
    they are in its hand), draw_pile (cards left to draw), kitty (the 8 cards: only for the starter, only
    in the bury phase), kitty_revealed (the kitty cards turned to fix trump, for the other seats, in the
    bury phase), kitty_revealed_count, trick (``[{"seat", "cards"}]``, the lead first), leader, winning
    (seat currently winning the trick), tricks (this round's finished tricks: ``{"leader", "plays",
    "winner", "points"}``), points (the attackers' points so far), taken ([team0, team1] card points won
    in tricks), last_round (the previous round's summary, without cards), winners.

Options (defaults first)
    ``rank_skip``: True. The trump rank is skipped when judging tractors (``3D 3D 5D 5D`` with rank 4).
    ``throw_penalty_per_card``: 10. Points charged per card taken back from a failed throw.
    ``reinforce``: False. A player may strengthen their own single declaration into a pair.
    ``nt_black_high``: True. In a no-trump round ``BJ`` ranks over ``RJ``, as the text says.
    ``kitty_multiplier``: ``"cards"`` 2 x the cards in the last trick's lead | ``"unit"`` 2 x the cards of
        its largest unit.

Result
    ``scores`` (each seat's team level), ``winners``, ``levels``, ``rounds`` (rounds played) and
    ``history``: every round's summary in order (``round, declarers, starter, attackers_points,
    kitty_points, bonus, trick_points, rising, gain, levels``: the score sheet of the levels per round).

Decisions (docs/RULES.md, "Tractor", where each is explained): the starter draws first (seat 0 in
the first round); a failed throw leads its smallest beatable unit (fewest cards, then lowest); the
attackers' points never go below 0; the starter's shown cards become hidden again once it has buried
(it may have buried them).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.core import (
    Action,
    Event,
    FrozenAction,
    Game,
    IllegalAction,
    Option,
    View,
    check_action_shape,
    rng_for,
)
from cardtable.engine.tractor_shapes import (
    CODES,
    DECK,
    TRUMP,
    Order,
    can_beat,
    card_order,
    decompose,
    kinds,
    level_rank,
    of_class,
    pair_codes,
    pair_count,
    points,
    shape_top,
    sort_key,
    tractors_in,
)

DRAW, DECLARE, BURY, PLAY, OVER = "draw", "declare", "bury", "play", "over"
PLAYERS = 4
HAND = 25
KITTY = 8
ACE = 14
STRENGTH = {"single": 1, "pair": 2, "jokers": 3}
DRAW_ACTION = FrozenAction(type="draw")  # read-only: legal() hands out the same one again and again
PASS_ACTION = FrozenAction(type="pass")


def team(seat: int) -> int:
    return seat % 2


@dataclass(slots=True)
class TractorState:
    seed: int
    options: dict[str, Any]
    draws: int = 0
    round: int = 1
    levels: list[int] = field(default_factory=lambda: [2, 2])
    declarers: int = -1
    starter: int = -1
    phase: str = DRAW
    turn: int = 0
    first_drawer: int = 0
    finals: int = 0
    deck: list[str] = field(default_factory=list)
    kitty: list[str] = field(default_factory=list)
    revealed: int = 0
    hands: list[list[str]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    shown: list[list[str]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    trump_rank: str = "2"
    trump_suit: str | None = None
    no_trump: bool = False
    declaration: dict[str, Any] | None = None
    declarations: list[dict[str, Any]] = field(default_factory=list)
    trick: list[dict[str, Any]] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    score: int = 0
    score_log: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    last_round: dict[str, Any] | None = None
    winner: int = -1
    history: list[dict[str, Any]] = field(default_factory=list)  # every finished round's summary


def order_of(state: TractorState) -> Order:
    opts = state.options
    if state.no_trump:
        return card_order(None, None, opts["rank_skip"], opts["nt_black_high"])
    return card_order(state.trump_suit, state.trump_rank, opts["rank_skip"], opts["nt_black_high"])


def declaration_kind(cards: list[str]) -> str:
    if len(cards) == 1:
        return "single"
    return "jokers" if cards[0] in ("BJ", "RJ") else "pair"


def declaration_options(hand: list[str], rank: str, current: dict[str, Any] | None, seat: int,
                        reinforce: bool) -> list[list[str]]:
    """The declarations ``seat`` may make now, as card lists."""
    if current is None:
        floor = 0
    elif current["seat"] == seat:
        if not (reinforce and len(current["cards"]) == 1):
            return []
        code = current["cards"][0]
        return [[code, code]] if hand.count(code) >= 2 else []
    else:
        floor = STRENGTH[declaration_kind(current["cards"])]
    found: list[list[str]] = []
    if floor < 2:
        for code in sorted({c for c in hand if c[0] == rank}):
            if floor < 1:
                found.append([code])
            if hand.count(code) >= 2:
                found.append([code, code])
    if floor < 3:
        found += [[j, j] for j in ("BJ", "RJ") if hand.count(j) >= 2]
    return found


def follow_error(hand: list[str], cards: list[str], lead: list[str], order: Order) -> str | None:
    """Why ``cards`` is not a legal follow to ``lead`` from ``hand`` (None when it is)."""
    n = len(lead)
    if len(cards) != n:
        return f"play {n} card{'s' if n > 1 else ''}, as many as were led"
    cls = order[lead[0]][0]
    suit = of_class(hand, order, cls)
    played = of_class(cards, order, cls)
    need = min(n, len(suit))
    if len(played) < need:
        return f"you must follow {suit_name(cls)} with {need} card{'s' if need > 1 else ''}"
    need_pairs = min(pair_count(lead), pair_count(suit))
    if pair_count(played) < need_pairs:
        return f"you must play {need_pairs} pair{'s' if need_pairs > 1 else ''} of {suit_name(cls)}"
    return None


def suit_name(cls: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", TRUMP: "trumps"}[cls]


def sample_follow(hand: list[str], lead: list[str], order: Order, rng: random.Random) -> list[str]:
    """A random legal follow, built by the obligations (never by rejection)."""
    n = len(lead)
    cls = order[lead[0]][0]
    suit = of_class(hand, order, cls)
    if len(suit) <= n:
        rest = [c for c in hand if order[c][0] != cls]
        return suit + rng.sample(rest, n - len(suit))
    codes = pair_codes(suit)
    chosen = rng.sample(codes, min(pair_count(lead), len(codes)))
    picked = [c for code in chosen for c in (code, code)]
    remaining = list(suit)
    for c in picked:
        remaining.remove(c)
    return picked + rng.sample(remaining, n - len(picked))


def lead_options(hand: list[str], order: Order) -> list[list[str]]:
    """Every single, pair and tractor ``hand`` can lead (throws are left to the template)."""
    found: list[list[str]] = [[c] for c in sorted(set(hand))]
    found += [[c, c] for c in sorted(pair_codes(hand))]
    by_class: dict[str, list[str]] = {}
    for c in hand:
        by_class.setdefault(order[c][0], []).append(c)
    for cards in by_class.values():
        found += tractors_in(cards, order)
    return found


def play_key(cards: list[str], lead_kinds: list[tuple[int, int]], lead_cls: str,
             order: Order) -> tuple[bool, int] | None:
    """How strong a play is against a lead of ``lead_kinds`` in ``lead_cls``; None if it cannot win."""
    cls = order[cards[0]][0]
    if cls != lead_cls and cls != TRUMP:
        return None
    if len(cards) == 1:
        return (cls == TRUMP, order[cards[0]][1])
    if any(order[c][0] != cls for c in cards):
        return None
    top = shape_top(lead_kinds, cards, order)
    return None if top is None else (cls == TRUMP, top)


_KINDS: dict[tuple[int, tuple[str, ...]], list[tuple[int, int]]] = {}


def lead_kinds_of(lead: list[str], order: Order) -> list[tuple[int, int]]:
    """The kinds of the units of a lead, largest first (remembered: tricks ask again and again)."""
    if len(lead) == 1:
        return [(1, 1)]
    key = (id(order), tuple(lead))
    found = _KINDS.get(key)
    if found is None:
        if len(_KINDS) > 4096:
            _KINDS.clear()
        found = _KINDS[key] = kinds(decompose(lead, order))
    return found


def winning_play(plays: list[dict[str, Any]], order: Order) -> int:
    """Index into ``plays`` (lead first) of the play winning so far: first of equals wins."""
    lead = plays[0]["cards"]
    lead_cls = order[lead[0]][0]
    lead_kinds = lead_kinds_of(lead, order)
    best = 0
    best_key = play_key(lead, lead_kinds, lead_cls, order) or (lead_cls == TRUMP, -1)
    for i in range(1, len(plays)):
        key = play_key(plays[i]["cards"], lead_kinds, lead_cls, order)
        if key is not None and key > best_key:
            best, best_key = i, key
    return best


def level_change(score: int) -> tuple[bool, int]:
    """(declarers keep declaring, levels gained by the side that goes up) for the attackers' points."""
    if score <= 0:
        return True, 3
    if score < 40:
        return True, 2
    if score < 80:
        return True, 1
    if score < 120:
        return False, 0
    return False, 1 + (score - 120) // 40


def kitty_factor(lead: list[str], order: Order, rule: str) -> int:
    if rule == "cards":
        return 2 * len(lead)
    return 2 * max(u[0] * u[1] for u in decompose(lead, order))


def remove_cards(hand: list[str], cards: list[str]) -> None:
    for c in cards:
        hand.remove(c)


def holds(hand: list[str], cards: list[str]) -> bool:
    return all(hand.count(c) >= cards.count(c) for c in set(cards))


class Tractor(Game):
    name = "tractor"
    title = "Tractor"
    min_players = 4
    max_players = 4
    option_specs = {
        "rank_skip": Option(True, "In plain suits a tractor jumps over the trump rank (with rank 4, 33 55 is a "
                            "tractor).", label="Tractors skip the rank"),
        "throw_penalty_per_card": Option(10, "Points charged for each card taken back from a failed throw.",
                                         kind=int, minimum=0, maximum=100, label="Failed throw costs",
                                         unit="a card"),
        "reinforce": Option(False, "You may strengthen your own single trump declaration into a pair.",
                            label="Reinforce own call"),
        "nt_black_high": Option(True, "In a no-trump round the black joker ranks above the red one (off: red "
                                "stays high).", label="No-trump: black joker high"),
        "kitty_multiplier": Option("cards", "Attackers who take the last trick get the kitty's points \u00d7 2 \u00d7 "
                                   "the cards led, or \u00d7 2 \u00d7 the largest unit.",
                                   choices=("cards", "unit"), label="Kitty bonus",
                                   words=(("cards", "2 \u00d7 cards led"), ("unit", "2 \u00d7 largest unit"))),
    }

    # -- setting up ------------------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> TractorState:
        resolved = self.resolve_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        state = TractorState(seed=seed, options=resolved)
        self._start_round(state)
        return state

    def _start_round(self, state: TractorState) -> None:
        """Shuffle the 108 and set up the draw; the starter (seat 0 in the first round) draws first."""
        deck = list(DECK)
        rng_for(state.seed, state.draws).shuffle(deck)
        state.draws += 1
        state.deck = deck
        state.kitty = []
        state.revealed = 0
        state.hands = [[] for _ in range(PLAYERS)]
        state.shown = [[] for _ in range(PLAYERS)]
        state.trump_rank = level_rank(state.levels[state.declarers]) if state.declarers >= 0 else "2"
        state.trump_suit = None
        state.no_trump = False
        state.declaration = None
        state.declarations = []
        state.trick = []
        state.tricks = []
        state.score = 0
        state.score_log = []
        state.taken = [0, 0]
        state.phase = DRAW
        state.first_drawer = state.starter if state.starter >= 0 else 0
        state.turn = state.first_drawer
        state.finals = 0

    # -- whose turn, what is legal ---------------------------------------------------------------

    def to_act(self, state: TractorState) -> list[int]:
        return [] if state.phase == OVER else [state.turn]

    def _declarations(self, state: TractorState, seat: int) -> list[list[str]]:
        return declaration_options(state.hands[seat], state.trump_rank, state.declaration, seat,
                                   state.options["reinforce"])

    def legal(self, state: TractorState, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase in (DRAW, DECLARE):
            extra = [{"type": "declare", "cards": cards} for cards in self._declarations(state, seat)]
            return [DRAW_ACTION if state.phase == DRAW else PASS_ACTION, *extra]
        hand = state.hands[seat]
        if state.phase == BURY:
            return [{"type": "bury", "choose": {"from": hand + state.kitty, "count": KITTY}}]
        order = order_of(state)
        if not state.trick:
            actions: list[Action] = [{"type": "play", "cards": cards} for cards in lead_options(hand, order)]
            if len(hand) > 1:
                actions.append({"type": "play", "choose": {"from": list(hand), "min": 2, "max": len(hand),
                                                            "same_suit": True}})
            return actions
        lead = state.trick[0]["cards"]
        cls = order[lead[0]][0]
        suit = of_class(hand, order, cls)
        if len(lead) == 1:
            pool = suit or hand
            return [{"type": "play", "cards": [c]} for c in sorted(set(pool))]
        if len(suit) >= len(lead):
            return [{"type": "play", "choose": {"from": suit, "count": len(lead), "include": []}}]
        return [{"type": "play", "choose": {"from": list(hand), "count": len(lead), "include": suit}}]

    def sample(self, state: TractorState, seat: int, rng: random.Random) -> Action:
        if state.phase == OVER or seat != state.turn:
            raise IllegalAction("it is not your turn")
        if state.phase in (DRAW, DECLARE):
            options = self.legal(state, seat)
            return dict(options[rng.randrange(len(options))])
        hand = state.hands[seat]
        if state.phase == BURY:
            return {"type": "bury", "cards": rng.sample(hand + state.kitty, KITTY)}
        order = order_of(state)
        if state.trick:
            return {"type": "play", "cards": sample_follow(hand, state.trick[0]["cards"], order, rng)}
        if len(hand) > 2 and rng.random() < 0.1:
            by_class: dict[str, list[str]] = {}
            for c in hand:
                by_class.setdefault(order[c][0], []).append(c)
            pools = [cards for cards in by_class.values() if len(cards) >= 2]
            if pools:
                pool = pools[rng.randrange(len(pools))]
                return {"type": "play", "cards": rng.sample(pool, rng.randint(2, min(len(pool), 6)))}
        options = lead_options(hand, order)
        return {"type": "play", "cards": options[rng.randrange(len(options))]}

    # -- acting ----------------------------------------------------------------------------------

    def apply(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        kind = check_action_shape(action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        if seat != state.turn:
            raise IllegalAction("it is not your turn")
        handlers = {
            DRAW: {"draw": self._draw, "declare": self._declare},
            DECLARE: {"pass": self._pass, "declare": self._declare},
            BURY: {"bury": self._bury},
            PLAY: {"play": self._play},
        }[state.phase]
        handler = handlers.get(kind)
        if handler is None:
            allowed = " or ".join(repr(k) for k in handlers)
            raise IllegalAction(f"now you may only {allowed}, not {kind!r}")
        return handler(state, seat, action)

    def _draw(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        if set(action) - {"type"}:
            raise IllegalAction("a draw takes no cards: just {'type': 'draw'}")
        state.hands[seat].append(state.deck.pop())
        events: list[Event] = [{"type": "draw", "seat": seat}]
        state.turn = (seat - 1) % PLAYERS
        if len(state.deck) == KITTY:
            state.kitty = state.deck
            state.deck = []
            state.phase = DECLARE
            state.finals = 0
            state.turn = state.first_drawer
        return events

    def _declare(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) or not 1 <= len(cards) <= 2:
            raise IllegalAction("a declaration shows one or two cards, e.g. {'type': 'declare', 'cards': ['2H']}")
        options = self._declarations(state, seat)
        if cards not in options:
            if not holds(state.hands[seat], cards):
                raise IllegalAction("you can only declare with cards in your hand")
            shown = " or ".join(" ".join(o) for o in options) or "nothing"
            raise IllegalAction(f"you cannot declare {' '.join(cards)} now (you may declare {shown})")
        kind = declaration_kind(cards)
        suit = None if kind == "jokers" else cards[0][1]
        state.declaration = {"seat": seat, "cards": list(cards)}
        state.declarations = [*state.declarations, {"seat": seat, "kind": kind, "suit": suit}]
        have = Counter(state.shown[seat])
        for code, n in Counter(cards).items():
            state.shown[seat].extend([code] * (n - have[code]))
        state.no_trump = kind == "jokers"
        state.trump_suit = suit
        events: list[Event] = [{"type": "declare", "seat": seat, "cards": list(cards), "kind": kind, "suit": suit}]
        if state.phase == DECLARE:
            events += self._next_final(state)
        return events

    def _pass(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        return [{"type": "pass", "seat": seat}, *self._next_final(state)]

    def _next_final(self, state: TractorState) -> list[Event]:
        """After a seat's last say: the next seat's, or trump is final."""
        state.finals += 1
        if state.finals < PLAYERS:
            state.turn = (state.turn - 1) % PLAYERS
            return []
        return self._trump_final(state)

    def _trump_final(self, state: TractorState) -> list[Event]:
        events: list[Event] = []
        if state.declaration is None:
            if state.declarers < 0:
                self._start_round(state)
                return [{"type": "redeal"}]
            events.append(self._reveal_kitty(state))
        elif state.declarers < 0:
            state.starter = state.declaration["seat"]
            state.declarers = team(state.starter)
        if state.no_trump:
            state.trump_suit = None
        events.append({"type": "trump", "suit": state.trump_suit, "rank": None if state.no_trump else state.trump_rank,
                       "declarers": state.declarers, "starter": state.starter})
        state.phase = BURY
        state.turn = state.starter
        events.append({"type": "take_kitty", "seat": state.starter})
        return events

    def _reveal_kitty(self, state: TractorState) -> Event:
        """Nobody declared (after the first round): turn kitty cards until one of the trump rank."""
        best = None
        for i, card in enumerate(state.kitty):
            if card in ("BJ", "RJ"):
                continue
            if card[0] == state.trump_rank:
                state.revealed = i + 1
                state.trump_suit = card[1]
                break
            if best is None or high(card) > high(best):
                best = card
        else:
            state.revealed = KITTY
            state.trump_suit = best[1] if best else "S"
        return {"type": "kitty_reveal", "cards": state.kitty[: state.revealed], "suit": state.trump_suit}

    def _bury(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction("bury with {'type': 'bury', 'cards': [8 cards]}")
        if len(cards) != KITTY:
            raise IllegalAction(f"bury exactly {KITTY} cards, not {len(cards)}")
        pool = state.hands[seat] + state.kitty
        if not holds(pool, cards):
            raise IllegalAction("you can only bury cards from your hand and the kitty")
        remove_cards(pool, cards)
        state.hands[seat] = pool
        state.kitty = list(cards)
        state.revealed = 0
        state.shown[seat] = []
        state.phase = PLAY
        state.turn = seat
        return [{"type": "bury", "seat": seat}]

    def _play(self, state: TractorState, seat: int, action: Action) -> list[Event]:
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) or not cards:
            raise IllegalAction("play with {'type': 'play', 'cards': [...]}")
        unknown = [c for c in cards if c not in CODES]
        if unknown:
            raise IllegalAction(f"{unknown[0]!r} is not a Tractor card")
        hand = state.hands[seat]
        if not holds(hand, cards):
            raise IllegalAction("you can only play cards from your hand")
        order = order_of(state)
        if state.trick:
            error = follow_error(hand, cards, state.trick[0]["cards"], order)
            if error:
                raise IllegalAction(error)
            return self._put(state, seat, list(cards), order, [])
        cls = order[cards[0]][0]
        if any(order[c][0] != cls for c in cards):
            raise IllegalAction("a lead is all of one suit (every trump counts as one suit)")
        events: list[Event] = []
        units = decompose(cards, order) if len(cards) > 1 else []
        led = self._check_throw(state, seat, cards, units, order, events) if len(units) > 1 else list(cards)
        return self._put(state, seat, led, order, events)

    def _check_throw(self, state: TractorState, seat: int, cards: list[str], units: list,
                     order: Order, events: list[Event]) -> list[str]:
        """A throw stands if no other seat can beat any of its units in that suit; else the smallest
        beatable unit is led and the penalty charged."""
        cls = order[cards[0]][0]
        beaten: list[tuple[int, int, Any]] = []
        for unit in units:
            for other in range(PLAYERS):
                if other != seat and can_beat(unit, of_class(state.hands[other], order, cls), order):
                    beaten.append((len(unit[3]), unit[2], unit, other))
                    break
        if not beaten:
            return list(cards)
        _, _, unit, by = min(beaten, key=lambda b: (b[0], b[1]))
        led = list(unit[3])
        back = list((Counter(cards) - Counter(led)).elements())
        penalty = state.options["throw_penalty_per_card"] * len(back)
        self._add_score(state, penalty if team(seat) == state.declarers else -penalty)
        state.shown[seat] = state.shown[seat] + back
        events.append({"type": "throw_failed", "seat": seat, "cards": list(cards), "led": led,
                       "beaten_by": by, "penalty": penalty})
        return led

    def _add_score(self, state: TractorState, delta: int) -> None:
        state.score = max(0, state.score + delta)
        state.score_log = [*state.score_log, delta]

    def _put(self, state: TractorState, seat: int, cards: list[str], order: Order,
             events: list[Event]) -> list[Event]:
        hand = state.hands[seat]
        remove_cards(hand, cards)
        if state.shown[seat]:
            left = Counter(state.shown[seat]) - Counter(cards)
            hold = Counter(hand)
            state.shown[seat] = [c for c, n in left.items() for _ in range(min(n, hold[c]))]
        state.trick = [*state.trick, {"seat": seat, "cards": cards}]
        events.append({"type": "play", "seat": seat, "cards": list(cards)})
        if len(state.trick) < PLAYERS:
            state.turn = (seat + 1) % PLAYERS
            return events
        best = state.trick[winning_play(state.trick, order)]["seat"]
        won = points(c for play in state.trick for c in play["cards"])
        state.taken[team(best)] += won
        if team(best) != state.declarers and won:
            self._add_score(state, won)
        state.tricks = [*state.tricks, {"leader": state.trick[0]["seat"], "plays": state.trick,
                                        "winner": best, "points": won}]
        events.append({"type": "trick", "winner": best, "points": won,
                       "cards": [c for play in state.trick for c in play["cards"]]})
        state.trick = []
        state.turn = best
        if not hand:
            events += self._end_round(state, order)
        return events

    def _end_round(self, state: TractorState, order: Order) -> list[Event]:
        last = state.tricks[-1]
        attackers = 1 - state.declarers
        kitty_points = points(state.kitty)
        bonus = 0
        if team(last["winner"]) == attackers and kitty_points:
            bonus = kitty_points * kitty_factor(last["plays"][0]["cards"], order,
                                                state.options["kitty_multiplier"])
            self._add_score(state, bonus)
        keep, gain = level_change(state.score)
        rising = state.declarers if keep else attackers
        levels = list(state.levels)
        levels[rising] += gain
        summary = {"round": state.round, "declarers": state.declarers, "starter": state.starter,
                   "attackers_points": state.score, "kitty_points": kitty_points, "bonus": bonus,
                   "trick_points": list(state.taken), "rising": rising, "gain": gain,
                   "levels": levels}
        events: list[Event] = [{"type": "round_over", "kitty": list(state.kitty), **summary}]
        state.last_round = summary
        state.history = [*state.history, summary]
        state.levels = levels
        if levels[rising] > ACE:
            state.winner = rising
            state.phase = OVER
            state.turn = -1
            events.append({"type": "game_over", "winners": self._winners(state), "levels": levels})
            return events
        state.starter = (state.starter + 2) % PLAYERS if keep else (state.starter + 1) % PLAYERS
        state.declarers = rising if keep else attackers
        state.round += 1
        self._start_round(state)
        return events

    # -- results and views -----------------------------------------------------------------------

    def _winners(self, state: TractorState) -> list[int]:
        return [s for s in range(PLAYERS) if team(s) == state.winner]

    def result(self, state: TractorState) -> dict[str, Any] | None:
        if state.phase != OVER:
            return None
        return {"scores": [state.levels[team(s)] for s in range(PLAYERS)], "winners": self._winners(state),
                "levels": list(state.levels), "rounds": state.round,
                "history": [_plain(summary) for summary in state.history]}

    def view(self, state: TractorState, seat: int | None) -> View:
        order = order_of(state)
        key = sort_key(order)
        me = seat if isinstance(seat, int) and 0 <= seat < PLAYERS else None
        bury = state.phase == BURY
        winning = None
        if state.trick:
            winning = state.trick[winning_play(state.trick, order)]["seat"]
        return {
            "seat": me,
            "players": PLAYERS,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "turn": state.turn if state.phase != OVER else None,
            "hand": sorted(state.hands[me], key=key) if me is not None else [],
            "hand_sizes": [len(h) for h in state.hands],
            "dealer": state.starter if state.starter >= 0 else None,
            "starter": state.starter if state.starter >= 0 else None,
            "scores": [state.levels[team(s)] for s in range(PLAYERS)],
            "options": dict(state.options),
            "round": state.round,
            "levels": list(state.levels),
            "declarers": state.declarers if state.declarers >= 0 else None,
            "trump": {"rank": None if state.no_trump else state.trump_rank, "suit": state.trump_suit,
                      "no_trump": state.no_trump, "final": state.phase in (BURY, PLAY)},
            "declaration": (None if state.declaration is None else state.declarations[-1]),
            "declarations": list(state.declarations),
            "shown": [[] if s == me else list(state.shown[s]) for s in range(PLAYERS)],
            "draw_pile": len(state.deck),
            "kitty": list(state.kitty) if bury and me == state.starter else [],
            "kitty_revealed": list(state.kitty[: state.revealed]) if bury and me != state.starter else [],
            "kitty_revealed_count": state.revealed if bury else 0,
            "trick": [{"seat": p["seat"], "cards": list(p["cards"])} for p in state.trick],
            "leader": state.trick[0]["seat"] if state.trick else (state.turn if state.phase == PLAY else None),
            "winning": winning,
            "tricks": [{"leader": t["leader"], "winner": t["winner"], "points": t["points"],
                        "plays": [{"seat": p["seat"], "cards": list(p["cards"])} for p in t["plays"]]}
                       for t in state.tricks],
            "points": state.score,
            "taken": list(state.taken),
            "last_round": None if state.last_round is None else dict(state.last_round),
            "winners": self._winners(state) if state.phase == OVER else [],
        }

    def cards(self, state: TractorState) -> list[str]:
        found = state.deck + state.kitty
        for hand in state.hands:
            found.extend(hand)
        for play in state.trick:
            found.extend(play["cards"])
        for trick in state.tricks:
            for play in trick["plays"]:
                found.extend(play["cards"])
        return found

    def hidden(self, state: TractorState, seat: int | None) -> list[str]:
        found = list(state.deck)
        if state.phase != BURY:
            found += state.kitty
        elif seat != state.starter:
            found += state.kitty[state.revealed :]
        for s, hand in enumerate(state.hands):
            if s != seat:
                found += (Counter(hand) - Counter(state.shown[s])).elements()
        return found

    # -- persistence and checks ------------------------------------------------------------------

    def dump(self, state: TractorState) -> dict[str, Any]:
        return {name: _plain(getattr(state, name)) for name in TractorState.__slots__}

    def load(self, data: dict[str, Any]) -> TractorState:
        defaults = {"history": []}  # dumps from before the round history
        return TractorState(**{name: _plain(data[name] if name in data else defaults[name])
                               for name in TractorState.__slots__})

    def clone(self, state: TractorState) -> TractorState:
        return TractorState(
            seed=state.seed, options=state.options, draws=state.draws, round=state.round,
            levels=list(state.levels), declarers=state.declarers, starter=state.starter, phase=state.phase,
            turn=state.turn, first_drawer=state.first_drawer, finals=state.finals, deck=list(state.deck),
            kitty=list(state.kitty), revealed=state.revealed, hands=[list(h) for h in state.hands],
            shown=[list(h) for h in state.shown], trump_rank=state.trump_rank, trump_suit=state.trump_suit,
            no_trump=state.no_trump, declaration=state.declaration, declarations=list(state.declarations),
            trick=list(state.trick), tricks=list(state.tricks), score=state.score,
            score_log=list(state.score_log), taken=list(state.taken), last_round=state.last_round,
            winner=state.winner, history=list(state.history),
        )

    def check(self, state: TractorState) -> None:
        assert Counter(self.cards(state)) == Counter(DECK), "the 108 cards are not all there"
        for s in range(PLAYERS):
            assert not Counter(state.shown[s]) - Counter(state.hands[s]), f"seat {s} shows cards it lacks"
        sizes = [len(h) for h in state.hands]
        if state.phase == DRAW:
            drawn = sum(sizes)
            assert len(state.deck) == len(DECK) - drawn and not state.kitty
            assert max(sizes) - min(sizes) <= 1
            assert state.turn == (state.first_drawer - drawn) % PLAYERS, "the draw goes s, s-1, ..."
        elif state.phase in (DECLARE, BURY):
            assert sizes == [HAND] * PLAYERS and len(state.kitty) == KITTY and not state.deck
            if state.phase == DECLARE:
                assert state.turn == (state.first_drawer - state.finals) % PLAYERS
            else:
                assert state.turn == state.starter
        elif state.phase == PLAY:
            assert len(state.kitty) == KITTY and not state.deck
            left = HAND - len(state.tricks)
            played = {p["seat"] for p in state.trick}
            for s in range(PLAYERS):
                lead = len(state.trick[0]["cards"]) if state.trick else 0
                done = sum(len(t["plays"][0]["cards"]) for t in state.tricks)
                expect = HAND - done - (lead if s in played else 0)
                assert sizes[s] == expect, f"seat {s} holds {sizes[s]} cards, expected {expect}"
            assert left >= 0
            if state.trick:
                assert state.turn == (state.trick[0]["seat"] + len(state.trick)) % PLAYERS
        if state.phase in (BURY, PLAY, OVER):
            assert state.declarers in (0, 1) and 0 <= state.starter < PLAYERS
        total = 0
        for delta in state.score_log:
            total = max(0, total + delta)
        assert total == state.score >= 0, "the attackers' points do not add up"
        won = [0, 0]
        for trick in state.tricks:
            assert trick["points"] == points(c for p in trick["plays"] for c in p["cards"])
            won[team(trick["winner"])] += trick["points"]
        assert won == state.taken, "trick points do not add up"
        assert points(DECK) == 200
        assert len(state.history) == state.round - (state.phase != OVER), "a round missing from the history"
        for before, summary in zip(state.history, state.history[1:], strict=False):
            climbed = list(before["levels"])
            climbed[summary["rising"]] += summary["gain"]
            assert summary["levels"] == climbed, "the round history does not add up"
        assert not state.history or state.history[-1]["levels"] == state.levels, "levels differ from the history"
        if state.phase == OVER:
            assert state.levels[state.winner] > ACE
        else:
            assert all(2 <= lv <= ACE for lv in state.levels)


def high(card: str) -> int:
    return "23456789TJQKA".index(card[0])


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


GAME = Tractor()
