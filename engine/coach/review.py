"""After a game: the few moments that decided it for one seat, each at the action where it happened.

``review(game_name, seat, turns, names) -> list[Moment]`` reads one seat's side of a game only: for
each action of the game (a :class:`Turn`), the seat's view before it, the events the seat was shown
after it and, when the action was the seat's own, its legal actions and the action taken. So a
sentence can only name a card the seat saw. Moments, best first (at most :data:`MOST`):

- ``blunder``: the seat's own plainly worse plays (:func:`cardtable.engine.coach.blunder`);
- ``swing``: the biggest turns of the hand's score for the seat, from the events: the trick that broke
  an Oh Hell bid, a Go that cost points when another player stopped, the Tractor trick whose points
  went to the other side.

``Moment.step`` is the number of actions before the moment: a replay opened there shows the table the
seat faced, and its next step is the move itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.coach import Action, View, blunder, s
from cardtable.engine.coach import names as card_names

Event = dict[str, Any]
MOST = 3


@dataclass(frozen=True)
class Turn:
    """One action of the game as ``seat`` saw it: ``step`` actions came before it."""

    step: int
    view: View
    events: list[Event]
    legal: list[Action] | None = None  # the seat's own move: its legal actions
    action: Action | None = None  # ... and the one it took


@dataclass(frozen=True)
class Moment:
    step: int
    sentence: str
    kind: str  # "blunder" or "swing"
    weight: float = 0.0


@dataclass
class _Context:
    seat: int
    names: Sequence[str] = field(default_factory=list)

    def who(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return f"Seat {seat + 1}"


def review(game_name: str, seat: int, turns: Sequence[Turn], names: Sequence[str] = ()) -> list[Moment]:
    """Up to :data:`MOST` moments of the game for ``seat``: its blunders first (earliest first), then the
    swings, biggest first; the list is then put in the order they happened."""
    context = _Context(seat, names)
    mistakes = [m for m in (_blunder(game_name, t) for t in turns) if m is not None]
    swing = SWINGS.get(game_name)
    swings = sorted(swing(context, turns) if swing else [], key=lambda m: -m.weight)
    taken = {m.step for m in mistakes}
    chosen = mistakes[:MOST] + [m for m in swings if m.step not in taken][: max(0, MOST - len(mistakes))]
    return sorted(chosen, key=lambda m: m.step)


def _blunder(game_name: str, turn: Turn) -> Moment | None:
    if turn.action is None or not turn.legal:
        return None
    why = blunder(game_name, turn.view, turn.legal, turn.action)
    if why is None:
        return None
    return Moment(turn.step, f"{_move(turn.action)}: {why}", "blunder", 100.0)


def _move(action: Action) -> str:
    cards = action.get("cards") or ([action["card"]] if action.get("card") else [])
    verb = {"go": "Go", "stop": "Stop"}.get(str(action.get("type")))
    return verb or (f"you played {card_names(cards)}" if cards else f"your {action.get('type')}")


# -- Oh Hell -------------------------------------------------------------------------------------------


def _oh_hell(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    mine: dict[str, int] = {}  # my cards played this hand -> the step
    tricks: list[tuple[int, Event, str]] = []  # (trick number, trick event, my card)
    trump: str | None = None
    for turn in turns:
        trump = turn.view.get("trump") if turn.view.get("trump") is not None else trump
        for event in turn.events:
            kind = event.get("type")
            if kind == "deal":
                mine, tricks, trump = {}, [], event.get("trump")
            elif kind == "play" and event.get("seat") == me and event.get("card"):
                mine[event["card"]] = turn.step
            elif kind == "trick":
                cards = event.get("cards") or []
                n = len(cards)
                mine_at = (me - int(event.get("leader", 0))) % n if n else 0
                if n and mine_at < n:
                    tricks.append((len(tricks) + 1, event, cards[mine_at]))
            elif kind == "hand_over":
                moment = _oh_hell_hand(context, event, tricks, mine, trump)
                if moment is not None:
                    out.append(moment)
    return out


def _oh_hell_hand(context: _Context, event: Event, tricks: list[tuple[int, Event, str]], mine: dict[str, int],
                  trump: str | None) -> Moment | None:
    me = context.seat
    bids, taken = event.get("bids") or [], event.get("tricks") or []
    if me >= len(bids) or me >= len(taken) or bids[me] is None:
        return None
    bid, won, hand = int(bids[me]), int(taken[me]), event.get("hand")
    head = f"Hand {hand}: " if hand else ""
    off = won - bid
    if off == 0:
        return None
    short = off < 0
    candidates = [(number, trick, card) for number, trick, card in tricks
                  if (trick.get("winner") != me) == short and card in mine]
    if not candidates:
        return None
    # Short: the lost trick with my highest card (the one that came closest); over: my lowest winner.
    number, trick, card = (max if short else min)(candidates, key=lambda c: _rank(c[2]))
    by = "one" if abs(off) == 1 else str(abs(off))
    if short:
        cards = trick.get("cards") or []
        leader = int(trick.get("leader", 0))
        winner = int(trick.get("winner", 0))
        best = cards[(winner - leader) % len(cards)] if cards else ""
        trumped = trump and best.endswith(trump) and not card.endswith(trump)
        how = f"was trumped by {best}" if trumped else f"lost to {best}"
        sentence = f"{head}your bid of {bid} missed by {by}: {card} {how} in trick {number}"
    else:
        sentence = f"{head}your bid of {bid} went over by {by}: {card} took trick {number}"
    return Moment(mine[card], sentence, "swing", 10.0 + bid + abs(off))


RANKS = "23456789TJQKA"


def _rank(card: str) -> int:
    face = card[:-1]
    return RANKS.index("T" if face == "10" else face) if face in RANKS or face == "10" else -1


# -- Go-Stop -------------------------------------------------------------------------------------------


def _go_stop(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    gone: tuple[int, int] | None = None  # (step, my score when I called it) of my last Go this hand
    hands = 0
    for turn in turns:
        for event in turn.events:
            kind = event.get("type")
            if kind == "deal":
                gone = None
            elif kind == "go" and event.get("seat") == me:
                scores = turn.view.get("scores") or []
                gone = (turn.step, int(scores[me]) if me < len(scores) and isinstance(scores[me], int) else 0)
            elif kind == "hand_over":
                hands += 1
                moment = _go_stop_hand(context, event, gone, hands)
                if moment is not None:
                    out.append(moment)
                gone = None
    return out


def _go_stop_hand(context: _Context, event: Event, gone: tuple[int, int] | None, hand: int) -> Moment | None:
    winner, payments = event.get("winner"), event.get("payments") or []
    me = context.seat
    if gone is None or not isinstance(winner, int) or me >= len(payments):
        return None
    step, at = gone
    paid = int(payments[me])
    score = event.get("score")
    if winner != me and paid < 0:
        sentence = f"Hand {hand}: Go at {s(at, 'point')} cost {-paid} when {context.who(winner)} stopped at {score}"
    elif winner == me and paid > 0:
        sentence = f"Hand {hand}: Go at {s(at, 'point')} paid: you stopped at {score} and took {paid}"
    else:
        return None
    return Moment(step, sentence, "swing", float(abs(paid)))


# -- Tractor -------------------------------------------------------------------------------------------


def _tractor(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    mine_step: int | None = None
    mine: list[str] = []
    number, rounds = 0, 1
    for turn in turns:
        for event in turn.events:
            kind = event.get("type")
            if kind == "round_over":
                number, rounds = 0, rounds + 1
            elif kind == "play" and event.get("seat") == me:
                mine_step, mine = turn.step, list(event.get("cards") or [])
            elif kind == "trick":
                number += 1
                winner, won = event.get("winner"), int(event.get("points") or 0)
                if isinstance(winner, int) and won and winner % 2 != me % 2 and mine_step is not None:
                    over = f" over your {card_names(mine)}" if mine else ""
                    out.append(Moment(mine_step, f"Round {rounds}, trick {number}: {won} points went to the other "
                                      f"side ({context.who(winner)} won it{over})", "swing", float(won)))
                mine_step = None
    return out


SWINGS: dict[str, Callable[[_Context, Sequence[Turn]], list[Moment]]] = {
    "oh_hell": _oh_hell, "go_stop": _go_stop, "tractor": _tractor}
