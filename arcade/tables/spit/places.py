"""Each player's places on the Spit table: the face-down stacks with their face-up cards, the cursor
over the places' tops, and what the keys, a click or a drop do there: turn up a face-down top, play or
move the card under the cursor, fill an empty place (with a card whose move uncovers one to turn up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.base import LEGAL, SOFT, Action, Sprite

if TYPE_CHECKING:
    from cardtable.arcade.tables.spit.table import SpitTable

Sent = list[tuple[int, Action]]


class Places:
    """The layouts of the two players (their sprites, the cursor over them, the moves made there)."""

    def __init__(self, table: SpitTable) -> None:
        self.table = table

    def layout_of(self, seat: int) -> list[dict[str, Any]]:
        layouts = self.table.view_of(seat).get("layouts") or []
        return layouts[seat] if seat < len(layouts) else []

    def tops(self, seat: int) -> list[str | None]:
        """The face-up top of each place (None: face down or empty), a card on its way to a pile gone."""
        pending = self.table.outbox.pending_cards(seat)
        out: list[str | None] = []
        for place in self.layout_of(seat):
            up = [c for c in place.get("up") or [] if c not in pending]
            out.append(up[-1] if up else None)
        return out

    @staticmethod
    def face_up(seat: int, view: dict[str, Any]) -> list[str]:
        """Every face-up card of ``seat``'s layout in ``view``."""
        layouts = view.get("layouts") or []
        if seat >= len(layouts):
            return []
        return [c for place in layouts[seat] for c in place.get("up") or []]

    def keep_cursor(self, seat: int) -> None:
        """Keep a local cursor on a place that holds cards."""
        t = self.table
        if seat not in t.local_seats:
            return
        layout = self.layout_of(seat)
        if not layout:
            return
        state = t.controls.inputs[seat]
        filled = [i for i, place in enumerate(layout) if place.get("up") or place.get("down")]
        if filled and state.cursor % len(layout) not in filled:
            current = state.cursor % len(layout)
            state.cursor = min(filled, key=lambda i: (abs(i - current), i))

    def build(self, seat: int, size: tuple[int, int], pending: dict[str, Any], phase: str | None) -> None:
        """The sprites of ``seat``'s places: face-down stacks, face-up cards spread towards the piles."""
        t = self.table
        seating, colour = t.seating, t.sides.seat_colour(seat)
        layout = self.layout_of(seat)
        local = seat in t.controls.inputs and seat in t.local_seats
        cursor = t.controls.inputs[seat].cursor % max(1, len(layout)) if local else -1
        device = t.controls.inputs[seat].device if local else "mouse"
        legal = t.legals.get(seat, []) if local else []
        playable = {a.get("card") for a in legal if a.get("type") == "play"}
        turnable = {a.get("stock") for a in legal if a.get("type") == "turn"}
        movable = {a.get("card") for a in legal if a.get("type") in ("move", "stack")}
        selected = t.controls.inputs[seat].selected if local else None
        direction = seating.spread(seat)
        flipped = t.sides.flipped(seat)
        for i, place in enumerate(layout):
            base = seating.place_rect(seat, i)
            down = int(place.get("down") or 0)
            up = [c for c in place.get("up") or [] if c not in pending]
            shown_down = min(down, 5)
            is_cursor = i == cursor and device != "mouse" and phase == "play" and not t.replaying
            for j in range(shown_down):
                rect = base.move(0, round(j * seating.step() * direction))
                top_back = j == shown_down - 1 and not up
                glow = SOFT if top_back and i in turnable else None
                if top_back and is_cursor:
                    glow = colour
                t.sprites.append(Sprite(
                    ("down", seat, i, j), None, rect, flipped=flipped, shadow=j == 0, glow=glow,
                    hit=("turn", i) if top_back and local else None, seat=seat if local else None,
                    origin=seating.spit_stack_rect(seat).topleft,
                    delay=0.03 * (i + j), mark=colour if top_back and is_cursor else None,
                    group=f"hand {seat}",
                ))
            for k, card in enumerate(up):
                offset = shown_down * seating.step() + k * seating.up_step(seat, len(up))
                rect = base.move(0, round(offset * direction))
                top = k == len(up) - 1
                glow = None
                if top and card in playable:
                    glow = LEGAL
                elif top and card in movable:
                    glow = SOFT
                if top and (is_cursor or card == selected):
                    glow = colour
                lift = round(size[1] * 0.1 * direction) if card == selected else 0
                t.sprites.append(Sprite(
                    card, card, rect.move(0, lift), flipped=flipped, glow=glow,
                    hit=("card", i, card) if top and local else None, seat=seat if local else None,
                    origin=base.topleft,
                    mark=colour if top and is_cursor else None, group=f"hand {seat}",
                ))

    def draw_empty_cursor(self, surface: pygame.Surface) -> None:
        """A cursor resting on an empty place (confirm fills it): the place glows in the player's
        colour under the marker a card under the cursor gets."""
        t = self.table
        if t.view.get("phase") != "play":
            return
        for seat in t.local_seats:
            state = t.controls.inputs.get(seat)
            cards = self.tops(seat)
            if state is None or state.device == "mouse" or not cards:
                continue
            index = state.cursor % len(cards)
            place = self.layout_of(seat)[index]
            if place.get("up") or place.get("down"):
                continue
            rect = t.seating.place_rect(seat, index)
            pad = t.art.glow_pad(rect.size)
            colour = t.sides.seat_colour(seat)
            surface.blit(t.art.glow(rect.size, colour), (rect.x - pad, rect.y - pad))
            t.renderer.draw_marker(surface, (rect.centerx, rect.top), colour, below=t.sides.flipped(seat),
                                   height=rect.height)

    # -- input ----------------------------------------------------------------------------------

    def moves_of(self, seat: int, card: str) -> list[Action]:
        """The moves of ``card`` onto an empty place or a card of its rank."""
        return [a for a in self.table.legals.get(seat, []) if a.get("card") == card and a.get("type") in ("move", "stack")]

    def act(self, seat: int, index: int, pile: int | None) -> Sent:
        """Confirm on place ``index``: turn its top up, fill it, or play (else move) its card."""
        t = self.table
        layout = self.layout_of(seat)
        if not layout:
            return []
        index %= len(layout)
        turn = t.find(seat, type="turn", stock=index)
        if turn:
            return [(seat, turn[0])]
        card = self.tops(seat)[index]
        if card is None:  # an empty place: fill it with a card whose move uncovers one to turn up
            fill = t.find(seat, type="move", stock=index)
            if fill:
                return [(seat, fill[0])]
            if t.legals.get(seat):
                t.race.refuse(seat, None, "Nothing can move here now")
            return []
        action = t.cursors.choose_play(seat, card, pile)
        if action is not None:
            return [(seat, action)]
        moves = self.moves_of(seat, card)
        if moves:
            return [(seat, moves[0])]
        t.race.refuse(seat, card, "No move for that card now")
        return []

    def click(self, sprite: Sprite) -> Sent:
        """A click on a face-down top turns it up; on a card it plays when one pile takes it, else
        selects it (for a pile or an empty place)."""
        t = self.table
        seat = sprite.seat
        if seat is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "turn":
            found = t.find(seat, type="turn", stock=sprite.hit[1])
            return [(seat, found[0])] if found else []
        if sprite.hit[0] != "card":
            return []
        card = sprite.hit[2]
        sent = t.race.pick(seat, card)
        state = t.controls.inputs[seat]
        if not sent and state.selected and not t.cursors.plays_for(seat, card) and not self.moves_of(seat, card):
            state.selected = None
            t.race.refuse(seat, card, "No move for that card now")
        return sent

    def dropped(self, seat: int, card: str, pos: tuple[int, int]) -> Sent:
        """A card dropped on one of your empty places moves there."""
        t = self.table
        for i in range(t.seating.places(seat)):
            if t.seating.place_rect(seat, i).collidepoint(pos):
                found = t.find(seat, card=card, stock=i)
                if found:
                    return [(seat, found[0])]
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> Sent:
        """A click on an empty place moves the selected card there."""
        t = self.table
        for s in [seat] if seat is not None else t.local_seats:
            selected = t.controls.inputs[s].selected if s in t.controls.inputs else None
            if selected is None:
                continue
            for i in range(t.seating.places(s)):
                if t.seating.place_rect(s, i).collidepoint(pos):
                    found = t.find(s, card=selected, stock=i)
                    t.controls.inputs[s].selected = None
                    if found:
                        return [(s, found[0])]
                    t.race.refuse(s, selected, "It can't go there")
        return []
