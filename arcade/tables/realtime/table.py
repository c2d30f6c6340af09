"""The real-time table itself: the hooks a table scene and the framework call, answered by its parts
(see the package's docstring); the game's table says what is its own."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from cardtable.arcade.tables.base import GOLD, Action, Button, Colour, Hint, Sprite, Table, Toast
from cardtable.arcade.tables.realtime.calls import Calls
from cardtable.arcade.tables.realtime.cursors import Cursors
from cardtable.arcade.tables.realtime.messages import Messages
from cardtable.arcade.tables.realtime.pile_marks import PileMarks
from cardtable.arcade.tables.realtime.race import Race
from cardtable.arcade.tables.realtime.sides import SINGLE, Sides
from cardtable.arcade.tables.realtime.turned import Turned


class RealtimeSeating(Protocol):
    """Where a real-time game puts its piles and messages (the game's ``seating`` part)."""

    def pile_rect(self, pile: int) -> pygame.Rect: ...

    def beside(self, seat: int) -> pygame.Rect:
        """Side by side: the outermost card of the piles' row on ``seat``'s side (the button goes beyond)."""
        ...

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        """Where a message for ``seat`` goes (None: the table's message)."""
        ...


class RealtimeWords(Protocol):
    """What a real-time game says (the game's ``words`` part)."""

    def table_message(self) -> tuple[str, Colour] | None: ...

    def seat_message(self, seat: int) -> tuple[str, Colour] | None: ...

    def hints(self, seat: int) -> list[Hint]: ...


class RealtimeTable(Table):
    """Base of the Spit and Speed tables, composed of :attr:`sides` who sits where, :attr:`turned` a
    seat's labels, plate and hints, :attr:`cursors` the seats' cursors and targets, :attr:`race` the
    input turned into plays, :attr:`messages` the messages and couch toasts, :attr:`pile_marks` the
    piles' glow and tabs; the game adds :attr:`seating` (where things sit), :attr:`words` (its messages
    and hints) and :attr:`calls` (its call buttons)."""

    realtime = True
    seating: RealtimeSeating
    words: RealtimeWords
    calls: Calls

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.sides = Sides(self)
        self.turned = Turned(self)
        self.cursors = Cursors(self)
        self.race = Race(self)
        self.messages = Messages(self)
        self.pile_marks = PileMarks(self)
        super().__init__(*args, **kwargs)

    def set_couch_layout(self, layout: str) -> None:
        """Side by side or face to face (for two players on this screen)."""
        if self.sides.set_layout(layout):
            self.resize(self.size)

    def view_of(self, seat: int) -> dict[str, Any]:
        """The freshest view that shows ``seat``'s public cards (any local seat's view will do)."""
        if seat in self.views:
            return self.views[seat]
        return self.view

    def name(self, seat: int) -> str:
        if not self.plates.names and seat not in self.local_seats:
            return "Opponent"
        return super().name(seat)

    def offered(self, button: Button) -> bool:
        """A call (Ready, Spit!, Flip!) waits until the seat's cards have landed: a dealt layout, a
        card drawn into the hand may change what the player wants to call."""
        return button.seat is None or not self.arriving(button.seat)

    def banner_y(self) -> float:
        if self.sides.side_by_side:
            return self.seating.pile_rect(0).centery
        return self.seating.pile_rect(0).top - 62 * self.u

    def toast_place(self) -> tuple[float, int]:
        below_piles = self.seating.pile_rect(0).bottom + 30 * self.u
        return below_piles + 20 * self.u, 1

    def toast_groups(self) -> list[tuple[list[Toast], tuple[float, float], float]]:
        if self.sides.arrangement == SINGLE:
            return super().toast_groups()
        return []  # each player's own, drawn by messages.draw_toasts (turned for a player across the table)

    def on_event(self, event: dict[str, Any]) -> None:
        """What both games tell alike: the other player's play heard, the deal, the game's winner."""
        kind = event.get("type")
        if kind == "play" and event.get("seat") not in self.local_seats:
            self.sounds.play("play")
        elif kind == "deal":
            self.sounds.play("deal")
        elif kind == "game_over":
            winners = event.get("winners") or []
            if winners:
                self.callouts.banner(f"{self.plates.wins(winners[0])}!", GOLD, 3.0)

    # -- the game's hooks -----------------------------------------------------------------------

    def table_message(self) -> tuple[str, Colour] | None:
        """What the whole table needs to know now ("Slap a pile!"), if anything."""
        return self.words.table_message()

    def seat_message(self, seat: int) -> tuple[str, Colour] | None:
        """What this local player needs to know now (why they cannot call Spit! yet), if anything."""
        return self.words.seat_message(seat)

    def hints_for(self, seat: int) -> list[Hint]:
        """The hints of a local seat now."""
        return self.words.hints(seat)

    def cursor_cards(self, seat: int) -> list[str | None]:
        """The cards under the cursor positions of ``seat``, left to right as that seat sees them."""
        return []

    def piles(self) -> int:
        return 2

    def pile_for_button(self, seat: int, which: int) -> int:
        """The pile ``pile_a`` (which=0) or ``pile_b`` (1) means for ``seat``: the pile on their left first."""
        return which if not self.sides.flipped(seat) else 1 - which

    def pile_glow(self, pile: int) -> tuple[int, int, int] | None:
        return self.pile_marks.glow(pile)

    def confirm_move(self, seat: int) -> list[tuple[int, Action]]:
        """The confirm key of a local seat with no call listed (play the card under the cursor...)."""
        return []

    def pile_clicked(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        """A click on a pile with no card selected."""
        return []

    def dropped_elsewhere(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return []

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        return []

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        """Per-frame drawing of the game over the cards (a countdown)."""

    # -- the framework's hooks, answered by the parts -------------------------------------------

    def mouse_hint(self, seat: int | None, words: str) -> Hint | None:
        """A hint about the mouse, only for a player who is using it (each player here has a device)."""
        return ((), words) if self.controls.device(seat) == "mouse" else None

    def follow_hint(self, seat: int, tip: Any) -> None:
        self.cursors.follow(seat, tip)

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        self.cursors.nav(kind, seat)
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        """Confirm calls when a call is listed (once the seat's cards have landed), else the game's move."""
        if seat is None:
            return []
        called = self.calls.confirm(seat)
        return called if called is not None else self.confirm_move(seat)

    def on_pile(self, seat: int | None, which: int) -> list[tuple[int, Action]]:
        return self.race.pile_button(seat, which)

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return self.race.click(pos, seat)

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        return self.race.drop(seat, card, pos)

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        self.messages.draw_all(surface)
        self.draw_extra(surface, alpha)
        self.messages.draw_toasts(surface)
        for seat in self.local_seats:
            self.turned.draw_hints(surface, seat)

    def draw_under(self, surface: pygame.Surface, alpha: float) -> None:
        self.pile_marks.draw(surface)

    def under_areas(self) -> list[pygame.Rect]:
        return self.pile_marks.areas()


__all__ = ["Hint", "RealtimeSeating", "RealtimeTable", "RealtimeWords"]
