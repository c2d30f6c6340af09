"""Pieces the turn-game tables share (Go-Stop, Tractor, Rummy): couch play with a privacy screen, a
row of action buttons that a keyboard or gamepad walks through, and buttons that wait for the cards."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.tables.base import GOLD, INK, Action, Button, Sprite, Table, fan


class CouchPlay:
    """Several local seats sharing one screen in a turn game: the seat at the bottom is the local seat
    whose turn it is, and a privacy screen hides everything until that player confirms (or clicks).
    Mixed in before :class:`Table`; the table's ``after_view`` calls :meth:`couch_after_view` first."""

    _shown: int | None = None
    privacy: bool = False

    @property
    def me(self) -> int | None:
        if self._shown is not None and len(self.local_seats) > 1:  # type: ignore[attr-defined]
            return self._shown
        return Table.me.fget(self)  # type: ignore[attr-defined]

    def couch_after_view(self) -> None:
        seats = self.local_seats  # type: ignore[attr-defined]
        if len(seats) < 2:
            return
        acting = next((s for s in seats if self.legals.get(s)), None)  # type: ignore[attr-defined]
        if acting is not None and acting != self._shown:
            self._shown = acting
            self.privacy = True

    def needs_privacy(self) -> bool:
        return self.privacy

    def spectator_backs(self, size: tuple[int, int], top: float, width: float) -> None:
        """A spectator sees the bottom seat's hand as backs."""
        t: Any = self
        me = t.me
        if t.local_seats or me is None or t.view.get("hand"):
            return
        sizes = t.view.get("hand_sizes") or []
        count = sizes[me] if me < len(sizes) else 0
        for j, rect in enumerate(fan(count, t.W / 2, top, size, width, size[0] * 0.6)):
            t.sprites.append(Sprite(("back", me, j), None, rect, group=f"hand {me}"))

    def privacy_done(self) -> None:
        self.privacy = False
        self.relayout()  # type: ignore[attr-defined]

    def handle(self, command: Any, seat: int | None) -> list[tuple[int, Action]]:
        if self.privacy:
            if getattr(command, "kind", "") in ("confirm", "click"):
                self.privacy_done()
            return []
        return super().handle(command, seat)  # type: ignore[misc]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)  # type: ignore[misc]
        if self.privacy:
            t: Any = self
            surface.fill((6, 20, 14))
            me = t.me if t.me is not None else 0
            t.ink.blit_text(surface, f"Pass the screen to {t.name(me)}", 54 * t.u, GOLD, "center", (t.W / 2, t.H * 0.42))
            t.ink.blit_text(surface, f"Press {t.controls.hint_label('confirm', me)} (or click) when only you can see it",
                        28 * t.u, INK, "center", (t.W / 2, t.H * 0.52))


class ActionMenu:
    """The seat's action buttons as a "menu" zone beside the hand: ``zone[seat]`` is ``"hand"`` or
    ``"menu"`` and ``menu_focus[seat]`` the focused button. The table defines ``menu_entries(seat)``,
    a list of ``(label, note, action, hit)``."""

    zone: dict[int, str]
    menu_focus: dict[int, int]

    def menu_entries(self, me: int) -> list[tuple[str, str, Action | None, tuple | None]]:
        raise NotImplementedError

    def move_menu_focus(self, seat: int, step: int) -> None:
        n = len(self.menu_entries(seat))
        if n:
            self.menu_focus[seat] = (self.menu_focus.get(seat, 0) + step) % n

    def focused_entry(self, seat: int) -> tuple[str, str, Action | None, tuple | None] | None:
        """The focused button's entry; None (and the focus back on the hand) when there are none."""
        entries = self.menu_entries(seat)
        if not entries:
            self.zone[seat] = "hand"
            return None
        return entries[self.menu_focus.get(seat, 0) % len(entries)]


class WaitingButtons:
    """A seat's buttons wait while cards still fly into its hand (a deal, a draw: the player has not
    seen what they bring), and any button waits while a banner or a rising label passes over it (they
    are drawn over the buttons): it is drawn, and pressed, once they have gone. Cards in motion pass
    under the buttons (drawn after them), which stay. Mixed in before :class:`Table`."""

    def offered(self, button: Button) -> bool:
        t: Any = self
        if button.seat is not None and t.arriving(button.seat):
            return False
        return button.rect.collidelist(t.callouts.showing()) < 0

    def shown(self, seat: int, hit: tuple | None = None, action: Action | None = None) -> bool:
        """Whether the seat's button that does ``hit`` (or sends ``action``) may act: it is drawn, or
        there is none (the keys act on the place itself). A button held back acts by no key or pad (a
        click finds only the buttons drawn: ``controls.button_at``)."""
        t: Any = self
        return all(t.offered(b) for b in t.buttons if b.seat in (None, seat) and b.hit == hit and b.action == action)

    def arriving(self, seat: int | None) -> bool:
        """Whether cards still fly into ``seat``'s hand from elsewhere: a card of it in motion whose
        middle, where it is drawn this frame or where it is, is not level with the hand's row (cards
        closing up or spreading out in the hand, when its spacing changes, slide along the row, however
        far, and bring nothing new: a Hint step that took three cards slid the last one 1.6 cards' widths)."""
        t: Any = self
        moving = t.motion.moving_keys()
        if seat is None or not moving:
            return False
        mine = [s for s in t.sprites if s.group == f"hand {seat}"]
        if not mine:
            return False
        box = mine[0].rect.unionall([s.rect for s in mine[1:]])
        for sprite in mine:
            if sprite.key in moving:
                for alpha in (0.0, 1.0):
                    middle = t.motion.pos(sprite.key, alpha)[1] + sprite.rect.h / 2
                    if not box.top <= middle < box.bottom:
                        return True
        return False
