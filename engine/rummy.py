"""Manipulation Rummy (Carousel), 2-5 players: docs/RULES.md, "Manipulation Rummy".

Cards: 2 players use one deck and one ``JK``; 3-5 players two decks and two ``JK``. Ten cards each; the
rest is the draw pile. There is no discard pile. The first dealer is drawn at random; the deal passes
left; the player left of the dealer starts.

**Table and jokers.** The table is a list of melds, each a list of strings. A real card is its code
(``"5H"``); a joker on the table is ONE string ``"JK=<card>"`` naming the card it stands for
(``"JK=5H"``), so a view never shows a card code for a joker's name. In a hand a joker is plain ``"JK"``.

**Actions** (``seat`` is the acting seat; all actions are only legal for the seat in ``to_act``):

- ``{"type": "draw"}``: draw the top card of the pile (the first, second or third draw of the turn;
  the third draw ends the turn).
- ``{"type": "meld", "table": [["5H", "6H", "JK=7H"], ["QS", "QD", "QC"], ...]}``: after the first or
  second draw (or in a last turn), submit the whole new table. Legal when every meld is a group (3-4
  cards of one rank, no two identical) or a sequence (3+ consecutive cards of one suit, ace low or high,
  never K-A-2), the new table holds exactly the old table's cards plus at least one card from the hand,
  every joker is named, and a joker already on the table keeps its name unless a real card of that name
  takes its place (for each name: jokers still of that name + real cards of that name on the new table
  >= the old table's jokers of that name). Melding ends the turn.
- ``{"type": "pass"}``: end the turn without drawing (the pile is empty, or in a last turn); in the
  ``knock`` phase: do not knock.
- ``{"type": "knock"}``: in the ``knock`` phase (the turn is over and the hand is worth 5 or less):
  end the hand at once.

In ``legal()`` a meld is the template ``{"type": "meld", "choose": {"table": "...", "from": hand}}``.

**Phases:** ``turn`` (drawing and melding), ``knock`` (the player whose turn ended may knock),
``over`` (the game has ended). ``last_turns`` > 0 while the pile is empty and everyone plays one last
turn without drawing.

**View:** ``seat, players, phase, to_act, hand, hand_sizes, dealer, scores, options`` plus ``table``
(melds with named jokers), ``draw_pile`` (its size), ``drawn`` (cards drawn this turn), ``turn``,
``last_turns``, ``hand_value`` (own), ``hands_won``, ``hand_number``, ``decks`` and ``last_hand`` (the
previous hand's values, knocker, winners and points; no cards).

**Game end.** When one or more players reach ``target`` (150), each of them gets +100 and every
*other* player +25 for each hand they won, and the highest total wins (docs/RULES.md,
"Manipulation Rummy", "End of the game").

**Result:** ``scores`` (with the end bonuses), ``winners``, ``reached``, ``hands_won``,
``before_bonuses`` and ``history``: every hand's ``last_hand`` record (hand values, knocker, winners,
points) with its number under ``hand``, the score sheet of hand scores.

**Options:** ``target`` (default 150): the score that ends the game.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from cardtable.engine.cards import RANKS, SUITS, shuffled, standard_deck
from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    View,
    check_action_shape,
    pick,
    rng_for,
)

JOKER = "JK"
NAMED = "JK="
KNOCK_LIMIT = 5
GOING_OUT_BONUS = 25
UNDERCUT_BONUS = 10
TARGET_BONUS = 100
HAND_WON_BONUS = 25
HAND_SIZE = 10
REAL_CARDS = frozenset(standard_deck())
_POINTS = {r: (10 if r in "TJQK" else (1 if r == "A" else int(r))) for r in RANKS}
_POINTS["T"] = 10
_LOW = {r: i + 1 for i, r in enumerate(RANKS)}


def card_points(card: str) -> int:
    """Joker 25, J Q K 10, 2-10 face value, A 1."""
    return 25 if card == JOKER else _POINTS[card[0]]


def hand_value(hand: list[str]) -> int:
    return sum(card_points(c) for c in hand)


def name_of(entry: str) -> str:
    """The card a table entry stands for: itself, or a joker's name."""
    return entry[3:] if entry.startswith(NAMED) else entry


def raw_of(entry: str) -> str:
    """The physical card of a table entry: ``JK`` for a named joker."""
    return JOKER if entry.startswith(NAMED) else entry


def table_cards(table: list[list[str]]) -> list[str]:
    return [raw_of(e) for meld in table for e in meld]


def meld_problem(meld: list[str]) -> str | None:
    """None when ``meld`` (table entries) is a legal group or sequence, else the reason."""
    names = [name_of(e) for e in meld]
    shown = _shown(meld)
    if len(names) < 3:
        return f"{shown}: a meld needs at least 3 cards"
    ranks = {n[0] for n in names}
    suits = {n[1] for n in names}
    if len(ranks) == 1:
        if len(names) > 4:
            return f"{shown}: a group has at most 4 cards"
        if len(suits) != len(names):
            return f"{shown}: a group may not hold two identical cards"
        return None
    if len(suits) != 1:
        return f"{shown}: neither a group (one rank) nor a sequence (one suit)"
    low = sorted(_LOW[n[0]] for n in names)
    if len(set(low)) != len(low):
        return f"{shown}: a sequence may not hold two cards of one rank"
    if low[-1] - low[0] == len(low) - 1:
        return None
    high = sorted(14 if v == 1 else v for v in low)
    if high[-1] - high[0] == len(high) - 1:
        return None
    if 1 in low and 13 in low and 2 in low:
        return f"{shown}: an ace is low (A-2-3) or high (Q-K-A), never both: K-A-2 is not a sequence"
    return f"{shown}: the cards of a sequence must be consecutive"


def _shown(meld: list[str]) -> str:
    """A meld for a reason: its cards, cut after 13 so that a reason stays short."""
    if not meld:
        return "an empty meld"
    return " ".join(meld[:13]) + (" ..." if len(meld) > 13 else "")


def parse_entry(entry: Any) -> str:
    """A submitted table entry, checked: a real card code or ``JK=<card>``."""
    if not isinstance(entry, str):
        raise IllegalAction("each card in a meld must be a card code such as '5H' or a named joker 'JK=5H'")
    if entry in REAL_CARDS:
        return entry
    if entry == JOKER:
        raise IllegalAction("name every joker you lay: write it as 'JK=5H' (the card it stands for)")
    if entry.startswith(NAMED) and entry[3:] in REAL_CARDS:
        return entry
    raise IllegalAction(f"{entry!r} is not a card of this game (cards look like '5H', jokers like 'JK=5H')")


def meld_move_problem(old: list[list[str]], new: list[list[str]], hand: list[str]) -> str | None:
    """Why replacing table ``old`` by ``new`` with cards from ``hand`` is illegal, or None.

    ``new`` must already be parsed (a list of lists of valid entries).
    """
    if not old and not new:
        return "the first meld of the hand must lay at least one group or sequence"
    for meld in new:
        problem = meld_problem(meld)
        if problem is not None:
            return problem
    old_raw, new_raw = Counter(table_cards(old)), Counter(table_cards(new))
    lost = old_raw - new_raw
    if lost:
        return (
            f"the new table is missing {' '.join(sorted(lost.elements()))}: a table card may not go back "
            "to a hand or leave the table"
        )
    played = new_raw - old_raw
    if not played:
        return "a meld must add at least one card from your hand"
    short = played - Counter(hand)
    if short:
        return f"you do not hold {' '.join(sorted(short.elements()))}"
    old_jokers = Counter(e[3:] for m in old for e in m if e.startswith(NAMED))
    if old_jokers:
        new_names = Counter(name_of(e) for m in new for e in m)
        for name, count in sorted(old_jokers.items()):
            if new_names[name] < count:
                return (
                    f"the joker named {name} must keep its name unless a real {name} takes its place "
                    "on the table"
                )
    return None


def simple_additions(table: list[list[str]], hand: list[str]) -> list[list[list[str]]]:
    """New tables made by one simple step: one hand card added to a meld (a joker named to fit), or a
    new meld of three hand cards. The cheap moves of ``sample()`` and the random bot."""
    found: list[list[list[str]]] = []
    reals = sorted(set(c for c in hand if c != JOKER))
    for i, meld in enumerate(table):
        for entry in _fits(meld, reals, JOKER in hand):
            grown = sorted_meld([*meld, entry])
            found.append([*table[:i], grown, *table[i + 1 :]])
    for meld in _hand_triples(reals):
        found.append([*table, meld])
    return found


def _fits(meld: list[str], reals: list[str], joker: bool) -> list[str]:
    names = [name_of(e) for e in meld]
    options: list[str] = []
    if len({n[0] for n in names}) == 1:
        if len(names) < 4:
            have = {n[1] for n in names}
            options += [c for c in reals if c[0] == names[0][0] and c[1] not in have]
            if joker:
                options += [NAMED + names[0][0] + s for s in SUITS if s not in have][:1]
        return options
    for card in _run_ends(names):
        if card in reals:
            options.append(card)
        elif joker:
            options.append(NAMED + card)
    return options


def _run_ends(names: list[str]) -> list[str]:
    suit = names[0][1]
    values = sorted(_LOW[n[0]] for n in names)
    if values[0] == 1 and values[-1] != len(values):
        values = sorted(14 if v == 1 else v for v in values)
    ends = []
    if values[0] > 1 and not (values[0] == 2 and values[-1] == 14):
        ends.append(_rank_char(values[0] - 1) + suit)
    if values[-1] < 14 and not (values[-1] == 13 and values[0] == 1):
        ends.append(_rank_char(values[-1] + 1) + suit)
    return ends


def _rank_char(value: int) -> str:
    return "A" if value in (1, 14) else RANKS[value - 1]


def _hand_triples(reals: list[str]) -> list[list[str]]:
    """Three-card groups and sequences made of distinct hand cards."""
    have = set(reals)
    melds: list[list[str]] = []
    by_rank: dict[str, list[str]] = {}
    for c in reals:
        by_rank.setdefault(c[0], []).append(c)
    for cards in by_rank.values():
        if len(cards) >= 3:
            melds.append(sorted_meld(cards[:3]))
    for c in reals:
        v = _LOW[c[0]]
        for start in (v,):
            run = [_rank_char(start + k) + c[1] for k in range(3)] if start <= 12 else []
            if run and all(x in have for x in run):
                melds.append(run)
    return melds


def sorted_meld(meld: list[str]) -> list[str]:
    """A meld in a tidy order: a group by suit, a sequence by rank (ace where it stands)."""
    names = [name_of(e) for e in meld]
    if len({n[0] for n in names}) == 1:
        return sorted(meld, key=lambda e: SUITS.index(name_of(e)[1]))
    low = [_LOW[n[0]] for n in names]
    high_ace = 1 in low and 13 in low
    return sorted(meld, key=lambda e: (14 if high_ace and name_of(e)[0] == "A" else _LOW[name_of(e)[0]]))


@dataclass(slots=True)
class RummyState:
    players: int
    seed: int
    options: dict[str, Any]
    draws: int = 0
    dealer: int = 0
    turn: int = 0
    phase: str = "turn"
    hands: list[list[str]] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    drawn: int = 0
    last_turns: int = 0
    scores: list[int] = field(default_factory=list)
    hands_won: list[int] = field(default_factory=list)
    hand_number: int = 0
    last_hand: dict[str, Any] | None = None
    final: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # every finished hand's ``last_hand``


class Rummy(Game):
    name = "rummy"
    title = "Manipulation Rummy"
    min_players = 2
    max_players = 5
    option_specs = {
        "target": Option(150, "The game ends when a player's score reaches this.", kind=int, minimum=1,
                         maximum=10000, label="Play to", unit="points"),
    }

    # -- setup ------------------------------------------------------------------------------------

    def deck(self, players: int) -> list[str]:
        decks = 1 if players == 2 else 2
        return standard_deck(decks) + [JOKER] * decks

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RummyState:
        resolved = self.resolve_options(players, options)
        state = RummyState(
            players=players,
            seed=seed,
            options=resolved,
            scores=[0] * players,
            hands_won=[0] * players,
        )
        state.dealer = rng_for(seed, 0).randrange(players)
        state.draws = 1
        self._deal(state)
        return state

    def _deal(self, state: RummyState) -> None:
        deck = shuffled(self.deck(state.players), rng_for(state.seed, state.draws))
        state.draws += 1
        state.hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(state.players)]
        state.pile = deck[state.players * HAND_SIZE :]
        state.table = []
        state.turn = (state.dealer + 1) % state.players
        state.phase = "turn"
        state.drawn = 0
        state.last_turns = 0
        state.hand_number += 1

    # -- queries ----------------------------------------------------------------------------------

    def to_act(self, state: RummyState) -> list[int]:
        return [] if state.phase == "over" else [state.turn]

    def _may_meld(self, state: RummyState) -> bool:
        return state.phase == "turn" and (state.last_turns > 0 or 1 <= state.drawn <= 2)

    def legal(self, state: RummyState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "knock":
            return [{"type": "knock"}, {"type": "pass"}]
        actions: list[Action] = []
        if state.last_turns == 0 and state.pile:
            actions.append({"type": "draw"})
        elif state.last_turns > 0 or state.drawn > 0:
            actions.append({"type": "pass"})
        if self._may_meld(state):
            actions.append(
                {
                    "type": "meld",
                    "choose": {
                        "table": "the whole new table: a list of melds, each a list of cards; "
                        "a joker as 'JK=<card it stands for>'",
                        "from": list(state.hands[seat]),
                    },
                }
            )
        return actions

    def sample(self, state: RummyState, seat: int, rng: random.Random) -> Action:
        legal = self.legal(state, seat)
        concrete = [a for a in legal if "choose" not in a]
        if len(concrete) < len(legal) and rng.random() < 0.5:
            tables = simple_additions(state.table, state.hands[seat])
            if tables:
                return {"type": "meld", "table": pick(rng, tables)}
        return pick(rng, concrete)

    # -- actions ----------------------------------------------------------------------------------

    def apply(self, state: RummyState, seat: int, action: Action) -> list[Event]:
        kind = check_action_shape(action)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if state.phase == "over":
            raise IllegalAction("the game is over")
        handler = {"draw": self._draw, "meld": self._meld, "pass": self._pass, "knock": self._knock}.get(kind)
        if handler is None:
            raise IllegalAction(f"unknown action {kind!r} (draw, meld, pass or knock)")
        if seat != state.turn:
            raise IllegalAction("it is not your turn")
        return handler(state, seat, action)

    def _draw(self, state: RummyState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "turn", "your turn is over: knock or pass")
        self.require(state.last_turns == 0, "this is your last turn: the draw pile is empty")
        self.require(bool(state.pile), "the draw pile is empty: meld or pass")
        state.hands[seat].append(state.pile.pop())
        state.hands[seat].sort()
        state.drawn += 1
        events: list[Event] = [{"type": "draw", "seat": seat, "draw": state.drawn, "pile": len(state.pile)}]
        if state.drawn == 3:
            events += self._end_turn(state, seat)
        return events

    def _meld(self, state: RummyState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "turn" or state.drawn != 3, "you may not meld after your third draw")
        self.require(state.phase == "turn", "your turn is over: knock or pass")
        self.require(
            state.last_turns > 0 or state.drawn > 0, "draw a card first: a turn starts with a draw"
        )
        raw = action.get("table")
        if not isinstance(raw, list) or not all(isinstance(m, list) for m in raw):
            raise IllegalAction("'table' must be the whole new table: a list of melds, each a list of cards")
        in_play = len(self.cards(state))
        if sum(len(m) for m in raw) > in_play:
            raise IllegalAction(f"the new table holds more cards than the {in_play} of this game")
        new = [[parse_entry(e) for e in meld] for meld in raw]
        hand = state.hands[seat]
        problem = meld_move_problem(state.table, new, hand)
        if problem is not None:
            raise IllegalAction(problem)
        played = Counter(table_cards(new)) - Counter(table_cards(state.table))
        left = Counter(hand) - played
        state.hands[seat] = sorted(left.elements())
        state.table = [sorted_meld(m) for m in new]
        events: list[Event] = [
            {"type": "meld", "seat": seat, "table": [list(m) for m in state.table],
             "played": sorted(played.elements())}
        ]
        if not state.hands[seat]:
            events.append({"type": "out", "seat": seat})
            return events + self._end_hand(state, knocker=seat)
        return events + self._end_turn(state, seat)

    def _pass(self, state: RummyState, seat: int, action: Action) -> list[Event]:
        if state.phase == "knock":
            return [{"type": "no_knock", "seat": seat}, *self._next_turn(state, seat)]
        self.require(
            state.last_turns > 0 or (state.drawn > 0 and not state.pile),
            "you may only pass when the draw pile is empty; draw a card",
        )
        return [{"type": "pass", "seat": seat}, *self._end_turn(state, seat)]

    def _knock(self, state: RummyState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "knock", "you may knock only at the end of your turn")
        value = hand_value(state.hands[seat])
        self.require(value <= KNOCK_LIMIT, f"your hand is worth {value}: you may knock only at 5 or less")
        return [{"type": "knock", "seat": seat, "value": value}, *self._end_hand(state, knocker=seat)]

    # -- flow -------------------------------------------------------------------------------------

    def _end_turn(self, state: RummyState, seat: int) -> list[Event]:
        if hand_value(state.hands[seat]) <= KNOCK_LIMIT:
            state.phase = "knock"
            return []
        return self._next_turn(state, seat)

    def _next_turn(self, state: RummyState, seat: int) -> list[Event]:
        events: list[Event] = []
        if state.last_turns > 0:
            state.last_turns -= 1
            if state.last_turns == 0:
                return self._end_hand(state, knocker=None)
        elif not state.pile:
            state.last_turns = state.players
            events.append({"type": "last_turns", "from": (seat + 1) % state.players})
        state.turn = (seat + 1) % state.players
        state.phase = "turn"
        state.drawn = 0
        return events

    def _end_hand(self, state: RummyState, knocker: int | None) -> list[Event]:
        values = [hand_value(h) for h in state.hands]
        winners, points = score_hand(values, knocker)
        for s in range(state.players):
            state.scores[s] += points[s]
        for s in winners:
            state.hands_won[s] += 1
        state.last_hand = {"values": values, "knocker": knocker, "winners": winners, "points": points}
        state.history = [*state.history, {"hand": state.hand_number, **_copy_last(state.last_hand)}]
        events: list[Event] = [{"type": "hand_over", **state.last_hand}]
        target = state.options["target"]
        reached = [s for s in range(state.players) if state.scores[s] >= target]
        if reached:
            final = list(state.scores)
            for s in reached:
                final[s] += TARGET_BONUS
            for s in range(state.players):
                if s not in reached:
                    final[s] += HAND_WON_BONUS * state.hands_won[s]
            best = max(final)
            state.final = {
                "scores": final,
                "winners": [s for s in range(state.players) if final[s] == best],
                "reached": reached,
                "hands_won": list(state.hands_won),
                "before_bonuses": list(state.scores),
            }
            state.phase = "over"
            state.drawn = 0
            events.append({"type": "game_over", **state.final})
            return events
        state.dealer = (state.dealer + 1) % state.players
        self._deal(state)
        events.append({"type": "deal", "dealer": state.dealer, "hand_number": state.hand_number})
        return events

    # -- views and bookkeeping --------------------------------------------------------------------

    def view(self, state: RummyState, seat: int | None) -> View:
        hand = list(state.hands[seat]) if seat is not None else []
        return {
            "seat": seat,
            "players": state.players,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "turn": state.turn,
            "hand": hand,
            "hand_value": hand_value(hand),
            "hand_sizes": [len(h) for h in state.hands],
            "dealer": state.dealer,
            "scores": list(state.final["scores"]) if state.final else list(state.scores),
            "hands_won": list(state.hands_won),
            "options": dict(state.options),
            "table": [list(m) for m in state.table],
            "draw_pile": len(state.pile),
            "drawn": state.drawn,
            "last_turns": state.last_turns,
            "hand_number": state.hand_number,
            "last_hand": _copy_last(state.last_hand),
            "decks": 1 if state.players == 2 else 2,
        }

    def result(self, state: RummyState) -> dict[str, Any] | None:
        if state.final is None:
            return None
        result: dict[str, Any] = {k: list(v) for k, v in state.final.items()}
        result["history"] = [_copy_last(hand) for hand in state.history]
        return result

    def dump(self, state: RummyState) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for f in fields(RummyState):
            value = getattr(state, f.name)
            if f.name in ("hands", "table"):
                value = [list(x) for x in value]
            elif f.name in ("last_hand", "final"):
                value = _copy_last(value)
            elif isinstance(value, list | dict):
                value = type(value)(value)
            data[f.name] = value
        return data

    def load(self, data: dict[str, Any]) -> RummyState:
        state = RummyState(**{f.name: data[f.name] for f in fields(RummyState) if f.name in data or f.name != "history"})
        return self.clone(state)

    def clone(self, state: RummyState) -> RummyState:
        return RummyState(
            players=state.players,
            seed=state.seed,
            options=dict(state.options),
            draws=state.draws,
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            hands=[list(h) for h in state.hands],
            table=[list(m) for m in state.table],
            pile=list(state.pile),
            drawn=state.drawn,
            last_turns=state.last_turns,
            scores=list(state.scores),
            hands_won=list(state.hands_won),
            hand_number=state.hand_number,
            last_hand=_copy_last(state.last_hand),
            final=_copy_last(state.final),
            history=list(state.history),
        )

    def cards(self, state: RummyState) -> list[str]:
        return self.deck(state.players)

    def hidden(self, state: RummyState, seat: int | None) -> list[str]:
        out = list(state.pile)
        for s, hand in enumerate(state.hands):
            if s != seat:
                out += hand
        return out

    def check(self, state: RummyState) -> None:
        here = Counter(state.pile) + Counter(table_cards(state.table))
        for hand in state.hands:
            here += Counter(hand)
        assert here == Counter(self.deck(state.players)), "cards are not conserved"
        assert len(state.hands) == state.players and len(state.scores) == state.players
        for meld in state.table:
            assert meld_problem(meld) is None, f"illegal meld on the table: {meld}"
        assert state.phase in ("turn", "knock", "over")
        assert 0 <= state.turn < state.players and 0 <= state.dealer < state.players
        assert 0 <= state.drawn <= 3
        assert 0 <= state.last_turns <= state.players
        if state.last_turns:
            assert not state.pile, "last turns while the pile still has cards"
        if state.phase == "knock":
            assert hand_value(state.hands[state.turn]) <= KNOCK_LIMIT
        if state.phase == "turn":
            assert state.drawn < 3 and all(state.hands), "an empty hand while the hand goes on"
        assert all(s >= 0 for s in state.scores)
        assert (state.final is not None) == (state.phase == "over")
        assert len(state.history) == state.hand_number - (state.phase != "over"), "a hand missing from the history"
        won = [sum(hand["points"][s] for hand in state.history) for s in range(state.players)]
        assert won == state.scores, "the scores are not the history's points"


def score_hand(values: list[int], knocker: int | None) -> tuple[list[int], list[int]]:
    """(winners, points per seat) for a hand ending with these hand values.

    The lowest hand wins and scores the sum of the differences to every other hand; a winner who is
    not the knocker gets +10 (undercut); a knocker tied with one other loses to them, tied with two or
    more scores 0 while each of them scores as a winner; without a knocker (empty pile) ties share
    and there is no undercut bonus. A winner with no cards left gets +25.
    """
    low = min(values)
    tied = [s for s, v in enumerate(values) if v == low]
    if knocker is not None and knocker in tied and len(tied) > 1:
        winners = [s for s in tied if s != knocker]
    else:
        winners = tied
    points = [0] * len(values)
    for s in winners:
        points[s] = sum(v - low for v in values)
        if knocker is not None and s != knocker:
            points[s] += UNDERCUT_BONUS
        if values[s] == 0:
            points[s] += GOING_OUT_BONUS
    return winners, points


def _copy_last(data: dict[str, Any] | None) -> dict[str, Any] | None:
    if data is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in data.items()}


GAME = Rummy()
