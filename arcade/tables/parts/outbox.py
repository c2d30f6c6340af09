"""What a table sends the host. An action the seat's legal list holds goes as it is, and a real-time
play is shown made at once (optimistic) until the host's next view carries it out or rejects it. An
attempt the list does not hold goes too, marked by nothing on the table, so that the host's refusal
tells the player why (the table never decides legality: the host does).

At a turn game's table a seat sends one action, then waits for the host's answer (its next view or
a refusal) before it sends another: a second press of the key before the answer came was made on
the old position (the same card again, a bid after the bids were over), and the host refused it with
a reason about a position the player never saw. Real-time tables send as fast as the players press."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.parts.pieces import Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table


@dataclass(slots=True)
class Pending:
    """A real-time play shown before the host confirms it."""

    seat: int
    action: Action
    card: str
    ttl: float = 1.5


ANSWER_WAIT = 2.0  # seconds a turn game's seat waits for the host's answer before it may send again


class Outbox:
    """Optimistic plays waiting for the host, and the attempts to send for the host to explain."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pending: list[Pending] = []
        self.asks: list[tuple[int, Action]] = []  # attempts not in the legal list: the host says why
        self.awaiting: dict[int, float] = {}  # turn games: seat -> seconds it still waits for an answer

    def send(self, out: list[tuple[int | None, Action]]) -> list[tuple[int, Action]]:
        """Of what the table's input produced, the legal actions (each told to ``Table.on_send``),
        then the attempts asked for since the last send; at a turn game's table, none for a seat
        still waiting for the host's answer, and one action a seat."""
        table = self.table
        listed = [(s, a, True) for s, a in out if s is not None and table.is_legal(s, a)]
        sent: list[tuple[int, Action]] = []
        for s, a, legal in [*listed, *((s, a, False) for s, a in self.asks)]:
            if s in self.awaiting:  # (at a turn game's table, also after the seat's first action here)
                continue
            sent.append((s, a))
            if legal:
                table.on_send(s, a)  # (an attempt is not shown as played: the host rejects it with its reason)
            if not table.realtime:
                self.awaiting[s] = ANSWER_WAIT
        self.asks = []
        return sent

    def answered(self, seat: int) -> None:
        """The host answered ``seat`` (a view or a refusal): it may send again."""
        self.awaiting.pop(seat, None)

    def ask(self, seat: int | None, action: Action, card: str | None = None) -> None:
        """Send an attempt the legal list does not hold, so the player reads the host's reason."""
        if card is not None:
            self.table.effects.add(Effect("shake", key=card, duration=0.3))
        if seat is not None and not any(s == seat and a == action for s, a in self.asks):
            self.asks.append((seat, action))

    def show(self, seat: int, action: Action) -> None:
        """A real-time play of a card is shown made until the host answers."""
        if action.get("type") == "play" and isinstance(action.get("card"), str):
            self.pending.append(Pending(seat, action, action["card"]))

    def withdraw(self, seat: int, action: Action) -> bool:
        """The host rejected ``action``: it is no longer shown made. True if it was."""
        before = len(self.pending)
        self.pending = [p for p in self.pending if not (p.seat == seat and p.action == action)]
        return len(self.pending) != before

    def resolve(self, seat: int, own: list[str]) -> None:
        """Drop optimistic plays the host has carried out (the card is no longer among ``own``, the
        cards ``seat`` could still play)."""
        if self.pending:
            mine = set(own)
            self.pending = [p for p in self.pending if p.seat != seat or p.card in mine]

    def pending_cards(self, seat: int | None = None) -> dict[str, Pending]:
        return {p.card: p for p in self.pending if seat is None or p.seat == seat}

    def tick(self, dt: float) -> bool:
        """Age the optimistic plays and the waits for an answer; True when a play ran out (the host
        never answered: show it back)."""
        if self.awaiting:
            self.awaiting = {s: left - dt for s, left in self.awaiting.items() if left > dt}
        if not self.pending:
            return False
        expired = False
        for p in self.pending:
            p.ttl -= dt
            expired = expired or p.ttl <= 0
        if expired:
            self.pending = [p for p in self.pending if p.ttl > 0]
        return expired
