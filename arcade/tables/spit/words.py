"""What the Spit table says: the table's message (the round, "both call Spit!", "Slap a pile!", who
cleared and chooses, the winner), a player's own message (why they cannot call Spit! yet) and each
local player's hints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.tables.base import GOLD, Colour, Hint

if TYPE_CHECKING:
    from cardtable.arcade.tables.spit.table import SpitTable

Message = tuple[str, Colour] | None


class Words:
    """The Spit table's messages and hints, from the view and the legal lists."""

    def __init__(self, table: SpitTable) -> None:
        self.table = table

    def table_message(self) -> Message:
        t = self.table
        view = t.view
        phase = view.get("phase")
        if phase == "ready":
            head = f"Round {view.get('round', 1)}"
            if t.slap.verdict:
                return (f"{t.slap.verdict}  \u00b7  {head}: call Spit! to start", GOLD)
            return (f"{head}: both call Spit! to turn the first cards", GOLD)
        if phase == "play" and view.get("stuck"):
            return ("Nobody can play: both call Spit!", GOLD)
        if phase == "slap":
            sizes = view.get("spit_sizes") or [0, 0]
            return (f"Slap a pile! The smaller has {min(sizes)} cards: the first slap takes it", GOLD)
        if phase == "choose":
            cleared = view.get("cleared")
            who = t.name(cleared) if isinstance(cleared, int) else "The player who cleared"
            verb = "choose" if who == "You" else "chooses"
            return (f"{who} cleared the layout first and {verb} a pile", GOLD)
        if phase == "over":
            winner = view.get("winner")
            if isinstance(winner, int):
                return (f"{t.plates.wins(winner)} the game!", GOLD)
        return None

    def seat_message(self, seat: int) -> Message:
        """Why this player cannot call Spit! although no card of theirs fits a spit pile."""
        view = self.table.view
        if view.get("phase") != "play" or view.get("stuck"):
            return None
        legal = self.table.legals.get(seat, [])
        if not legal or any(a.get("type") == "play" for a in legal):
            return None
        kinds = {a.get("type") for a in legal}
        if "move" in kinds:
            return ("Before Spit!: move a card into your empty place, then turn up the card under it", GOLD)
        if "turn" in kinds:
            return ("Before Spit!: turn up your face-down card", GOLD)
        if "stack" in kinds:
            return ("Before Spit!: stack a card on one of the same rank", GOLD)
        return None

    def hints(self, seat: int) -> list[Hint]:
        t = self.table
        phase = t.view.get("phase")
        legal = t.legals.get(seat, [])
        if phase == "ready" or (phase == "play" and t.view.get("stuck")):
            if any(x.get("type") in ("ready", "spit") for x in legal):
                return [(("confirm",), "Spit!"), t.mouse_hint(seat, "or click Spit!")]
            other = 1 - seat
            return [((), f"waiting for {t.name(other)} to call Spit!")]
        sizes = t.view.get("spit_sizes") or [0, 0]
        left, right = t.pile_for_button(seat, 0), t.pile_for_button(seat, 1)
        if phase == "slap":
            return [(("pile_a",), f"slap the left pile ({sizes[left]})"),
                    (("pile_b",), f"slap the right pile ({sizes[right]})"), t.mouse_hint(seat, "or click a pile")]
        if phase == "choose":
            if not legal:
                return []
            return [(("pile_a",), f"take the left pile ({sizes[left]})"),
                    (("pile_b",), f"take the right pile ({sizes[right]})"), t.mouse_hint(seat, "or click a pile")]
        if phase == "play":
            if not legal:
                other = t.name(1 - seat)
                return [((), f"nothing to do: Spit! once {'you are' if other == 'You' else other + ' is'} stuck too")]
            return [(("left", "right"), "choose"), (("confirm",), "play, turn up, move"),
                    (("pile_a", "pile_b"), "left / right pile"), t.mouse_hint(seat, "click a card, then a pile")]
        return []
