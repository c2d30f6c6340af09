"""What the Speed table says: the table's message (get ready, press Ready, waiting, who is stuck,
the winner), a stuck player's own message (Flip!) and each local player's hints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.tables.base import GOLD, Colour, Hint

if TYPE_CHECKING:
    from cardtable.arcade.tables.speed.table import SpeedTable

Message = tuple[str, Colour] | None


class Words:
    """The Speed table's messages and hints, from the view, the legal lists and the countdown."""

    def __init__(self, table: SpeedTable) -> None:
        self.table = table

    def _is(self, seat: int) -> str:
        """"You are" / "Ann is": the verb goes with the name."""
        who = self.table.name(seat)
        return f"{who} {'are' if who == 'You' else 'is'}"

    def table_message(self) -> Message:
        t = self.table
        view = t.view
        phase = view.get("phase")
        single = t.sides.arrangement == "single"
        if phase == "ready":
            if t.countdown.running:
                return ("Get ready: the centre cards turn when the count ends", GOLD)
            waiting = [s for s in (0, 1) if not (view.get("ready") or [False, False])[s]]
            if not waiting:
                return None
            if all(s in t.local_seats for s in waiting) or (single and t.sides.bottom in waiting):
                return ("Press Ready: the centre cards turn when both players are ready", GOLD)
            remote = [s for s in waiting if s not in t.local_seats]
            return (f"Waiting for {t.name(remote[0])} to be ready", GOLD) if remote else None
        if phase == "play":
            asked = view.get("flip_asked") or [False, False]
            if any(asked) and not all(asked):
                who = [s for s in (0, 1) if asked[s]][0]
                if single or who not in t.local_seats:
                    other = t.name(1 - who)
                    other = "you" if other == "You" else other
                    return (f"{self._is(who)} stuck: the side piles turn when {other} can't play either", GOLD)
        if phase == "over":
            rounds = view.get("rounds") or []
            winner = rounds[-1].get("winner") if rounds else None
            if isinstance(winner, int):
                return (f"{t.plates.wins(winner)}!", GOLD)
            return ("A draw: nobody can play any more", GOLD)
        return None

    def seat_message(self, seat: int) -> Message:
        t = self.table
        if t.view.get("phase") != "play" or not t.find(seat, type="flip"):
            return None
        other = 1 - seat
        if (t.view.get("flip_asked") or [False, False])[other]:
            return (f"{t.name(other)} is stuck too: Flip! turns the side piles", GOLD)
        you = "You're" if t.name(seat) == "You" else f"{t.name(seat)}, you're"
        return (f"{you} stuck: Flip! (the side piles turn when both players are)", GOLD)

    def hints(self, seat: int) -> list[Hint]:
        t = self.table
        phase = t.view.get("phase")
        legal = t.legals.get(seat, [])
        if phase == "ready":
            if t.countdown.running:
                return [((), "look at your hand: play starts at the end of the count")]
            if any(x.get("type") == "ready" for x in legal):
                return [(("confirm",), "Ready"), t.mouse_hint(seat, "or click Ready")]
            return [((), "ready: waiting for the other player")]
        if phase == "play":
            if any(x.get("type") == "flip" for x in legal):
                return [(("confirm",), "flip the side piles")]
            hints = [(("left", "right"), "choose"), (("confirm",), "play"),
                     (("pile_a", "pile_b"), "play on the left / right pile")]
            if any(x.get("type") == "draw" for x in legal):
                hints.append((("confirm",), "draw (on an empty slot)"))
            return [*hints, t.mouse_hint(seat, "click a card, then a pile")]
        return []
