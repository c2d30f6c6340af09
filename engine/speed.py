"""Speed (docs/RULES.md, "Speed"): two players race to get rid of their cards onto two centre piles.

Real time: both seats may act at any moment; the host orders the actions.

Actions
    ``{"type": "ready"}``                      this seat is ready; when both are, the centre cards turn up
    ``{"type": "play", "card": "7H", "pile": 0 | 1}``  a hand card one rank above or below that centre
                                               pile's top (A is next to K and 2)
    ``{"type": "draw"}``                       only with ``auto_draw`` off: take the top stockpile card
                                               while holding fewer than 5
    ``{"type": "flip"}``                       "I am stuck": when both players have asked, a card from each
                                               side pile turns onto the centre pile of the same index

``legal()`` hands out play actions built once: read-only dicts (``engine.core.FrozenAction``);
``dict(action)`` is a copy to change (``sample()`` returns one).

Events
    ``{"type": "ready", "seat": s}``, ``{"type": "start", "centre": [c0, c1]}``,
    ``{"type": "play", "seat": s, "card": c, "pile": p}``, ``{"type": "draw", "seat": s}`` (the card is
    private), ``{"type": "flip_asked", "seat": s}``, ``{"type": "rebuild", "sizes": [n0, n1]}``,
    ``{"type": "flip", "cards": [c0 | None, c1 | None]}``,
    ``{"type": "round_over", "round": r, "winner": s | None, "reason": "out" | "dead_end",
    "points": [p0, p1], "scores": [...]}``, ``{"type": "deal", "round": r}``,
    ``{"type": "game_over", "scores": [...], "winners": [...]}``

View
    ``seat, players, phase ("ready" | "play" | "over"), to_act, hand, hand_sizes, scores, options``, and
    ``stock_sizes``, ``side_sizes``, ``centre`` (the two top cards; None while face down),
    ``centre_sizes``, ``ready`` (per seat), ``flip_asked`` (per seat), ``stuck`` (this seat cannot play
    or draw; None for a spectator: nobody learns whether the opponent could play), ``rebuilds``
    (side-pile rebuilds since the last card played from a hand), ``round``, ``rounds`` (finished rounds:
    ``{"winner", "reason", "points"}``).

Options (defaults first)
    ``deal``: ``"15"`` 15 cards each, side piles of 10 | ``"20"`` 20 cards each, side piles of 5.
    ``auto_draw``: True, a played card is replaced from the stockpile at once; False, ``draw`` actions.
    ``score_to``: 0 = a single round; else the round winner scores one point per card left in the
        opponent's stockpile and the first to reach ``score_to`` wins the match (each round dealt fresh).

Decisions (docs/RULES.md, "Speed", where each is explained): ranks wrap (A next to K and 2). A seat
is *stuck* when no hand card fits either centre top and it cannot draw (5 cards held or an empty stockpile). Side piles flip together; a side pile
already empty is skipped, and when both are empty the cards under each centre top are shuffled into the
side pile of the same index before the flip. If the side piles are to be rebuilt a second time with no
card played from a hand since the first rebuild (or there is nothing to rebuild), the round ends: fewer
cards left (hand and stockpile) wins, equal is a draw. The dead-end winner also scores the opponent's
stockpile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.cards import RANKS, sort_hand, standard_deck
from cardtable.engine.core import Action, Event, FrozenAction, Game, IllegalAction, Option, View, rng_for

READY, PLAY, OVER = "ready", "play", "over"
HAND = 5
DECK: tuple[str, ...] = tuple(standard_deck())
DECK_SET = frozenset(DECK)
# Cards that may go on a top card: one rank above or below, wrapping.
_NEAR_RANKS = {r: {RANKS[(i - 1) % 13], RANKS[(i + 1) % 13]} for i, r in enumerate(RANKS)}
FITS: dict[str, frozenset[str]] = {c: frozenset(d for d in DECK if d[0] in _NEAR_RANKS[c[0]]) for c in DECK}
DEALS = {"15": (15, 10), "20": (20, 5)}
# The play actions, made once per (pile, card) and read-only: legal() hands out these.
PLAY_ON: tuple[dict[str, FrozenAction], dict[str, FrozenAction]] = tuple(  # type: ignore[assignment]
    {c: FrozenAction(type="play", card=c, pile=pile) for c in DECK} for pile in (0, 1)
)


@dataclass(slots=True)
class SpeedState:
    seed: int
    options: dict[str, Any]
    draws: int = 0
    round: int = 1
    phase: str = READY
    ready: list[bool] = field(default_factory=lambda: [False, False])
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    stocks: list[list[str]] = field(default_factory=lambda: [[], []])
    sides: list[list[str]] = field(default_factory=lambda: [[], []])
    centre: list[list[str]] = field(default_factory=lambda: [[], []])
    flip_asked: list[bool] = field(default_factory=lambda: [False, False])
    rebuilds: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    rounds: list[dict[str, Any]] = field(default_factory=list)


def fits(card: str, top: str) -> bool:
    return card in FITS[top]


class Speed(Game):
    name = "speed"
    title = "Speed"
    min_players = 2
    max_players = 2
    realtime = True
    option_specs = {
        "deal": Option("15", "15 cards each with side piles of 10, or 20 cards each with side piles of 5.",
                       choices=("15", "20"), label="Deal", words=(("15", "15 cards each"), ("20", "20 cards each"))),
        "auto_draw": Option(True, "Your hand refills to five as soon as you play (off: you draw with a press).",
                            label="Draw automatically"),
        "score_to": Option(0, "One round, or rounds until a player has this many points (1 a card left in the "
                           "loser's stockpile).", kind=int, minimum=0, maximum=1000, label="Play to",
                           words=((0, "One round"),), unit="points"),
    }

    # -- dealing ----------------------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> SpeedState:
        resolved = self.resolve_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        state = SpeedState(seed=seed, options=resolved)
        self._deal(state)
        return state

    def _shuffled(self, state: SpeedState, cards: list[str]) -> list[str]:
        deck = list(cards)
        rng_for(state.seed, state.draws).shuffle(deck)
        state.draws += 1
        return deck

    def _deal(self, state: SpeedState) -> None:
        each, side = DEALS[state.options["deal"]]
        deck = self._shuffled(state, list(DECK))
        piles = [deck[:each], deck[each:2 * each]]
        rest = deck[2 * each:]
        state.hands = [p[:HAND] for p in piles]
        state.stocks = [p[HAND:] for p in piles]
        state.sides = [rest[:side], rest[side:2 * side]]
        state.centre = [[rest[2 * side]], [rest[2 * side + 1]]]
        state.phase = READY
        state.ready = [False, False]
        state.flip_asked = [False, False]
        state.rebuilds = 0

    # -- who may do what --------------------------------------------------------------------------

    def to_act(self, state: SpeedState) -> list[int]:
        if state.phase == PLAY:
            return [0, 1]
        if state.phase == READY:
            return [s for s in (0, 1) if not state.ready[s]]
        return []

    def plays(self, state: SpeedState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        fit0, fit1 = FITS[state.centre[0][-1]], FITS[state.centre[1][-1]]
        on0, on1 = PLAY_ON
        return [on0[c] for c in hand if c in fit0] + [on1[c] for c in hand if c in fit1]

    def can_draw(self, state: SpeedState, seat: int) -> bool:
        return not state.options["auto_draw"] and len(state.hands[seat]) < HAND and bool(state.stocks[seat])

    def stuck(self, state: SpeedState, seat: int) -> bool:
        """``seat`` can neither play a card nor draw one (docs/RULES.md, "Speed", "Stuck": a possible draw counts)."""
        if state.phase != PLAY or self.can_draw(state, seat):
            return False
        fit0, fit1 = FITS[state.centre[0][-1]], FITS[state.centre[1][-1]]
        return not any(c in fit0 or c in fit1 for c in state.hands[seat])

    def legal(self, state: SpeedState, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < 2:
            return []
        if state.phase == READY:
            return [] if state.ready[seat] else [{"type": "ready"}]
        if state.phase != PLAY:
            return []
        actions = self.plays(state, seat)
        if self.can_draw(state, seat):
            actions.append({"type": "draw"})
        elif not actions and not state.flip_asked[seat]:
            actions.append({"type": "flip"})
        return actions

    def sample(self, state: SpeedState, seat: int, rng: random.Random) -> Action:
        actions = self.legal(state, seat)
        if not actions:
            raise IllegalAction("you have nothing to do now")
        return dict(actions[rng.randrange(len(actions))])

    # -- acting -----------------------------------------------------------------------------------

    def apply(self, state: SpeedState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a map with a 'type', not {type(action).__name__}")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise IllegalAction("the action has no 'type'")
        if type(seat) is not int or not 0 <= seat < 2:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        if kind == "play":
            return self._play(state, seat, action)
        if kind == "draw":
            return self._draw(state, seat, action)
        if kind == "flip":
            return self._flip(state, seat, action)
        if kind == "ready":
            return self._ready(state, seat, action)
        raise IllegalAction(f"Speed has no {kind!r} action (ready, play, draw or flip)")

    def _ready(self, state: SpeedState, seat: int, action: Action) -> list[Event]:
        if state.phase != READY:
            raise IllegalAction("the round has started already")
        if state.ready[seat]:
            raise IllegalAction("you are ready already")
        state.ready[seat] = True
        events: list[Event] = [{"type": "ready", "seat": seat}]
        if all(state.ready):
            state.phase = PLAY
            events.append({"type": "start", "centre": [state.centre[0][-1], state.centre[1][-1]]})
        return events

    def _started(self, state: SpeedState) -> None:
        if state.phase != PLAY:
            raise IllegalAction("wait until both players are ready")

    def _play(self, state: SpeedState, seat: int, action: Action) -> list[Event]:
        self._started(state)
        card, pile = action.get("card"), action.get("pile")
        if type(card) is not str or card not in DECK_SET:
            raise IllegalAction("'card' must be a card code from your hand")
        if type(pile) is not int or pile not in (0, 1):
            raise IllegalAction("'pile' must be 0 or 1 (the centre pile to play on)")
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(f"{card} is not in your hand")
        top = state.centre[pile][-1]
        if card not in FITS[top]:
            raise IllegalAction(f"{card} is not one rank above or below {top}")
        hand.remove(card)
        state.centre[pile].append(card)
        state.rebuilds = 0
        state.flip_asked = [False, False]
        events: list[Event] = [{"type": "play", "seat": seat, "card": card, "pile": pile}]
        stock = state.stocks[seat]
        if state.options["auto_draw"] and stock:
            hand.append(stock.pop())
            events.append({"type": "draw", "seat": seat})
        if not hand and not stock:
            self._end_round(state, seat, "out", events)
        return events

    def _draw(self, state: SpeedState, seat: int, action: Action) -> list[Event]:
        self._started(state)
        if state.options["auto_draw"]:
            raise IllegalAction("cards are drawn for you after each play (auto_draw is on)")
        if len(state.hands[seat]) >= HAND:
            raise IllegalAction(f"you already hold {HAND} cards")
        if not state.stocks[seat]:
            raise IllegalAction("your stockpile is empty")
        state.hands[seat].append(state.stocks[seat].pop())
        return [{"type": "draw", "seat": seat}]

    def _flip(self, state: SpeedState, seat: int, action: Action) -> list[Event]:
        self._started(state)
        if state.flip_asked[seat]:
            raise IllegalAction("you have asked to flip already; wait for the other player")
        if not self.stuck(state, seat):
            raise IllegalAction("you can still play or draw a card")
        state.flip_asked[seat] = True
        events: list[Event] = [{"type": "flip_asked", "seat": seat}]
        if all(state.flip_asked):
            state.flip_asked = [False, False]
            self._turn_side_piles(state, events)
        return events

    def _turn_side_piles(self, state: SpeedState, events: list[Event]) -> None:
        """Both players are stuck: a card from each side pile onto its centre pile, rebuilding first
        when both side piles are empty (or ending the round at a dead end)."""
        if not state.sides[0] and not state.sides[1]:
            under = [state.centre[i][:-1] for i in (0, 1)]
            if state.rebuilds >= 1 or not (under[0] or under[1]):
                self._dead_end(state, events)
                return
            state.rebuilds += 1
            for i in (0, 1):
                state.sides[i] = self._shuffled(state, under[i]) if under[i] else []
                state.centre[i] = state.centre[i][-1:]
            events.append({"type": "rebuild", "sizes": [len(state.sides[0]), len(state.sides[1])]})
        turned: list[str | None] = [None, None]
        for i in (0, 1):
            if state.sides[i]:
                card = state.sides[i].pop()
                state.centre[i].append(card)
                turned[i] = card
        events.append({"type": "flip", "cards": turned})

    # -- ends -------------------------------------------------------------------------------------

    def _dead_end(self, state: SpeedState, events: list[Event]) -> None:
        left = [len(state.hands[s]) + len(state.stocks[s]) for s in (0, 1)]
        winner = None if left[0] == left[1] else (0 if left[0] < left[1] else 1)
        self._end_round(state, winner, "dead_end", events)

    def _end_round(self, state: SpeedState, winner: int | None, reason: str, events: list[Event]) -> None:
        points = [0, 0]
        if winner is not None:
            points[winner] = len(state.stocks[1 - winner])
            state.scores[winner] += points[winner]
        state.rounds.append({"winner": winner, "reason": reason, "points": points})
        events.append({"type": "round_over", "round": state.round, "winner": winner, "reason": reason,
                       "points": points[:], "scores": list(state.scores)})
        target = state.options["score_to"]
        if target == 0 or max(state.scores) >= target:
            state.phase = OVER
            events.append({"type": "game_over", "scores": list(state.scores),
                           "winners": self.result(state)["winners"]})  # type: ignore[index]
            return
        state.round += 1
        self._deal(state)
        events.append({"type": "deal", "round": state.round})

    def result(self, state: SpeedState) -> dict[str, Any] | None:
        if state.phase != OVER:
            return None
        last = state.rounds[-1]
        if state.options["score_to"] == 0:
            winners = [] if last["winner"] is None else [last["winner"]]
        else:
            best = max(state.scores)
            winners = [s for s in (0, 1) if state.scores[s] == best]
        return {"scores": list(state.scores), "winners": winners, "reason": last["reason"],
                "rounds": [dict(r, points=list(r["points"])) for r in state.rounds]}

    # -- reading ----------------------------------------------------------------------------------

    def view(self, state: SpeedState, seat: int | None) -> View:
        face_up = state.phase != READY
        return {
            "seat": seat,
            "players": 2,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "hand": sort_hand(state.hands[seat], ace_high=False) if seat is not None else [],
            "hand_sizes": [len(h) for h in state.hands],
            "scores": list(state.scores),
            "options": dict(state.options),
            "stock_sizes": [len(s) for s in state.stocks],
            "side_sizes": [len(s) for s in state.sides],
            "centre": [p[-1] if face_up else None for p in state.centre],
            "centre_sizes": [len(p) for p in state.centre],
            "ready": list(state.ready),
            "flip_asked": list(state.flip_asked),
            "stuck": self.stuck(state, seat) if seat is not None else None,
            "rebuilds": state.rebuilds,
            "round": state.round,
            "rounds": [dict(r, points=list(r["points"])) for r in state.rounds],
        }

    def cards(self, state: SpeedState) -> list[str]:
        return list(DECK)

    def hidden(self, state: SpeedState, seat: int | None) -> list[str]:
        out: list[str] = []
        for s in (0, 1):
            if s != seat:
                out.extend(state.hands[s])
            out.extend(state.stocks[s])
            out.extend(state.sides[s])
            pile = state.centre[s]
            out.extend(pile[:-1] if state.phase != READY else pile)
        return out

    # -- storage ----------------------------------------------------------------------------------

    def dump(self, state: SpeedState) -> dict[str, Any]:
        return {
            "seed": state.seed,
            "options": dict(state.options),
            "draws": state.draws,
            "round": state.round,
            "phase": state.phase,
            "ready": list(state.ready),
            "hands": [list(h) for h in state.hands],
            "stocks": [list(s) for s in state.stocks],
            "sides": [list(s) for s in state.sides],
            "centre": [list(p) for p in state.centre],
            "flip_asked": list(state.flip_asked),
            "rebuilds": state.rebuilds,
            "scores": list(state.scores),
            "rounds": [dict(r, points=list(r["points"])) for r in state.rounds],
        }

    def load(self, data: dict[str, Any]) -> SpeedState:
        return SpeedState(**self.dump(_Loaded(data)))  # type: ignore[arg-type]

    def clone(self, state: SpeedState) -> SpeedState:
        return SpeedState(
            state.seed, state.options, state.draws, state.round, state.phase, state.ready[:],
            [h[:] for h in state.hands], [s[:] for s in state.stocks], [s[:] for s in state.sides],
            [p[:] for p in state.centre], state.flip_asked[:], state.rebuilds, state.scores[:], state.rounds[:],
        )

    # -- invariants -------------------------------------------------------------------------------

    def check(self, state: SpeedState) -> None:
        everything = [c for group in (state.hands, state.stocks, state.sides, state.centre) for p in group for c in p]
        assert sorted(everything) == sorted(DECK), "cards are not conserved"
        assert state.phase in (READY, PLAY, OVER)
        for s in (0, 1):
            assert len(state.hands[s]) <= HAND
            if state.options["auto_draw"] and state.phase != OVER:
                assert len(state.hands[s]) == HAND or not state.stocks[s], "a hand was not refilled"
            assert state.centre[s], "a centre pile is empty"
            if state.flip_asked[s]:
                assert self.stuck(state, s), "a seat asked to flip but can play"
        assert not all(state.flip_asked), "both asked but nothing flipped"
        if state.phase == READY:
            assert not all(state.ready) and not any(state.flip_asked)
            assert all(len(p) == 1 for p in state.centre) and state.rebuilds == 0
            each, side = DEALS[state.options["deal"]]
            assert [len(h) + len(s) for h, s in zip(state.hands, state.stocks, strict=True)] == [each, each]
            assert [len(h) for h in state.hands] == [HAND, HAND], "a hand of 5 is drawn before the start"
            assert [len(s) for s in state.sides] == [side, side]
        elif state.phase == PLAY:
            assert all(state.ready)
            assert all(state.hands[s] or state.stocks[s] for s in (0, 1)), "a round with a winner goes on"
        assert 0 <= state.rebuilds <= 1
        assert len(state.rounds) == state.round - (0 if state.phase == OVER else 1)
        for r in state.rounds:
            assert r["reason"] in ("out", "dead_end") and r["winner"] in (None, 0, 1)
            assert all(p == 0 for s, p in enumerate(r["points"]) if s != r["winner"]), "only the winner scores"
        totals = [sum(r["points"][s] for r in state.rounds) for s in (0, 1)]
        assert totals == state.scores, "scores do not add up to the rounds"
        target = state.options["score_to"]
        if state.phase == OVER:
            assert target == 0 or max(state.scores) >= target
        else:
            assert target == 0 or max(state.scores) < target


class _Loaded:
    """Adapts a dumped dict to the attribute reads of :meth:`Speed.dump`."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)


GAME = Speed()
