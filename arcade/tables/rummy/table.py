"""The Rummy table itself: the sprites of the melds and the hand built from the view and the pending
table, the host's events told (sounds, banners, rising labels), and the players' input handed to the
parts that own it. The rest is its parts' (see the package's docstring)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import (
    ARROWS,
    GOLD,
    LEGAL,
    WARM_CODES,
    Action,
    Button,
    Sprite,
    Table,
    fan,
)
from cardtable.arcade.tables.rummy.board import Board
from cardtable.arcade.tables.rummy.buttons import ActionButtons
from cardtable.arcade.tables.rummy.editor import Editor
from cardtable.arcade.tables.rummy.keys import Keys
from cardtable.arcade.tables.rummy.narration import Narration
from cardtable.arcade.tables.rummy.seating import CURSOR_LIFT, PICKED_LIFT, Seating
from cardtable.arcade.tables.rummy.tiles import JOKER
from cardtable.arcade.tables.turn import CouchPlay, WaitingButtons


class RummyTable(CouchPlay, WaitingButtons, Table):
    """The Manipulation Rummy table (see the package's docstring), composed of its parts:
    :attr:`editor` the pending table and the selection, :attr:`seating` where things sit,
    :attr:`action_buttons` the button row, :attr:`keys` where the keyboard or pad is, :attr:`board`
    what is drawn around the cards, :attr:`narration` the others' turns in words."""

    deck = (*WARM_CODES, "JK")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.editor = Editor(self)
        self.seating = Seating(self)
        self.action_buttons = ActionButtons(self)
        self.keys = Keys(self)
        self.board = Board(self)
        self.narration = Narration(self)
        self._meld_seat: int | None = None  # who melded last: new table cards come from there
        super().__init__(*args, **kwargs)

    # -- state ----------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.view.get("players") or 2)

    def can_meld(self) -> bool:
        return any(a.get("type") == "meld" for a in self.my_legal())

    def editing(self) -> bool:
        """The bottom seat may meld now and plays at this screen: the editor is open."""
        return self.can_meld() and self.me in self.local_seats

    def after_view(self, seat: int, first: bool) -> None:
        previous = self.me
        self.couch_after_view()
        if self.me != previous:
            self.editor.forget()
        if seat != self.me:
            return
        self.editor.follow(self.views[seat])
        self.keys.follow(self.legals.get(seat, []))

    # -- layout ---------------------------------------------------------------------------------

    def banner_y(self) -> float:
        return self.H * 0.4

    def toast_place(self) -> tuple[float, int]:
        """Over the prompt line, not on it: the line says what to do next."""
        return self.seating.prompt_bottom() - 100 * self.u, 2

    def follow_hint(self, seat: int, tip: Any) -> None:
        """H: a meld is built a meld at a time like the Hint button's (the keys on Hint, so Enter builds
        the next); a draw, pass or knock puts the keys on its button."""
        if seat != self.me:
            return
        table = tip.action.get("table")
        if tip.action.get("type") == "meld" and isinstance(table, list) and self.editing():
            self.keys.focus_button(hit=("hint",))
            self.editor.hint_step(table)
            self.keys.after_hint(None)
        else:
            self.keys.focus_button(action=tip.action)

    def build(self) -> None:
        me = self.me
        if me is None:
            return
        editing = self.editing()
        keyboard = not self.controls.mouse_active
        placed = self._build_melds(me, editing, keyboard)
        self._build_hand(me, editing, keyboard, placed)
        self.action_buttons.build(me, self.keys.menu_focus if self.keys.zone == "menu" and keyboard else None)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = "cards" if self.editor.has_selection() else None

    def _build_melds(self, me: int, editing: bool, keyboard: bool) -> Counter:
        """The melds' sprites and "+" buttons; returns how many of each of your cards are on the table
        (their keys, ("h", code, n), go on in the hand)."""
        melds = self.editor.melds()
        flow = self.seating.flow([len(m) for m in melds], editing)
        stop = self.keys.current() if keyboard else None
        seen: Counter = Counter()
        table_seen: Counter = Counter()
        self.board.joker_names = {}
        pile = self.seating.stock_rect()
        mover = self.seating.plate_centre(self._meld_seat) if self._meld_seat is not None else pile.topleft
        for i, (meld, row) in enumerate(zip(melds, flow.cards, strict=True)):
            for j, (tile, rect) in enumerate(zip(meld, row, strict=True)):
                counter = seen if tile.from_hand else table_seen
                key = ("h" if tile.from_hand else "t", tile.code, counter[tile.code])
                counter[tile.code] += 1
                origin = mover
                if not tile.from_hand and not self.motion.known(key) and self._meld_seat == me:
                    origin = self.motion.current(("h", tile.code, 0)) or mover  # your meld: from your hand
                if tile.code == JOKER:
                    self.board.joker_names[key] = tile.name
                picked = (i, j) in self.editor.sel_table
                glow = GOLD if picked else (LEGAL if tile.from_hand else None)
                mark = GOLD if stop == ("tile", i, j) else None
                self.sprites.append(Sprite(key, tile.code, rect.move(0, -round(flow.size[1] * 0.12) if picked else 0),
                                           glow=glow, hit=("tile", i, j) if editing else None, seat=me, mark=mark,
                                           origin=origin, group=f"meld {i}"))
            if editing:
                self.buttons.append(Button(flow.pluses[i], "+", None, me, focus=stop == ("meld", i), hit=("to", i)))
        if editing and flow.new is not None:
            self.buttons.append(Button(flow.new, "+ new", None, me, note="meld", focus=stop == ("to", None),
                                       hit=("to", None)))
        return seen

    def _build_hand(self, me: int, editing: bool, keyboard: bool, seen: Counter) -> None:
        hand = self.editor.hand_left()
        hsize = self.seating.hand_size()
        top = self.seating.hand_top()
        pile = self.seating.stock_rect()
        hrects = fan(len(hand), self.W / 2 + 40 * self.u, top, hsize, self.W * 0.74, hsize[0] * 0.8)
        cursor = self.controls.inputs[me].cursor % len(hand) if hand and me in self.controls.inputs else -1
        for i, (card, rect) in enumerate(zip(hand, hrects, strict=True)):
            key = ("h", card, seen[card])
            seen[card] += 1
            picked = i in self.editor.sel_hand
            mark = GOLD if keyboard and editing and self.keys.zone == "hand" and i == cursor else None
            lift = PICKED_LIFT if picked else (CURSOR_LIFT if mark else 0.0)
            self.sprites.append(Sprite(key, card, rect.move(0, -round(hsize[1] * lift)), glow=GOLD if picked else None,
                                       hit=("hand", i) if editing else None, seat=me, mark=mark, origin=pile.topleft,
                                       delay=0.02 * i, group=f"hand {me}"))
        self.spectator_backs(hsize, top, self.W * 0.74)

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.board.draw_static(surface)

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        self.board.draw_joker_names(surface, alpha)
        stop = self.keys.current() if not self.controls.mouse_active else None
        if stop is not None and stop[0] != "tile":
            melds = self.editor.melds()
            boxes = self.seating.meld_boxes(self.seating.flow([len(m) for m in melds], True))
            self.board.draw_focus(surface, boxes[len(melds) if stop[1] is None else stop[1]])
        if self.view.get("phase") == "over" and not any(e.kind == "banner" for e in self.effects.items):
            self.board.draw_results(surface)  # (once the last hand's banner has gone: it was drawn over them)
        self.narration.draw(surface, self.seating.recap_band())
        self.hint_bar.draw(surface, [*self.key_hints(stop), self.narration.recap.key_hint()])

    def key_hints(self, stop: tuple | None) -> list:
        """What the keys do where they are, for the hint bar."""
        selected = self.editor.has_selection()
        if not self.my_legal():
            return [((), "waiting for the other players")]
        if self.keys.zone == "menu" or not self.can_meld():
            return [(ARROWS, "choose"), (("confirm",), "select"), (("alt",), "hand/table/buttons")]
        if stop is not None and stop[0] == "tile":
            return [(ARROWS, "card"), (("confirm",), "pick up"), (("pile_b",), "leave meld"),
                    (("back",), "unselect" if selected else "leave meld")]
        if stop is not None:
            hints = [(ARROWS, "meld"), (("confirm",), "put here")] if selected else [(ARROWS, "meld")]
            if stop[0] == "meld":
                hints.append((("pile_b",), "pick from meld"))
            return [*hints, (("alt",), "hand/table/buttons"), (("back",), "unselect") if selected else None]
        return [(ARROWS, "move"), (("confirm",), "select"), (("alt",), "hand/table/buttons"),
                (("back",), "unselect") if selected else None, self.mouse_hint(self.me, "or click")]

    # -- events ---------------------------------------------------------------------------------

    def on_tick(self, dt: float) -> None:
        self.narration.tick(dt)

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        self.narration.hear(event)  # before the view changes: it compares the old table with the new
        if kind == "draw":
            self.sounds.play("flip")
        elif kind == "meld" and isinstance(seat, int):
            self._meld_seat = seat
            self.sounds.play("play")
        elif kind == "knock" and isinstance(seat, int):
            self.callouts.banner(f"{self.name(seat)} knocks!", GOLD, 1.4, 0.7)
        elif kind == "last_turns":
            self.callouts.banner("The pile is empty: last turns", GOLD, 1.4, 0.6)
        elif kind == "hand_over":
            self.sounds.play("round")
            winners = event.get("winners") or []
            points = event.get("points") or []
            text = "Hand over"
            if winners:
                w = winners[0]
                text += f": {self.name(w)} +{points[w] if w < len(points) else 0}"
            self.callouts.banner(text, GOLD, 2.0, 0.7)
        elif kind == "deal":
            self._meld_seat = None
            self.sounds.play("deal")
        elif kind == "game_over":
            self.sounds.play("round")

    # -- input ----------------------------------------------------------------------------------

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        me = self.me
        if me is None or me not in self.local_seats:
            return []
        button = self.controls.button_at(pos, me)
        if button is not None:
            return self.action_buttons.press(me, button.hit, button.action)
        sprite = self.controls.sprite_at(pos, me)
        if sprite is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "hand":
            self.editor.toggle_hand(sprite.hit[1])
        elif sprite.hit[0] == "tile":
            self.editor.toggle_tile(sprite.hit[1], sprite.hit[2])
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A hand card dragged onto a meld's + (or the new-meld place) goes there."""
        button = self.controls.button_at(pos, seat)
        if button is None or button.hit is None or button.hit[0] != "to":
            return []
        editor = self.editor
        hand = editor.hand_left()
        if card in hand and not editor.sel_hand:
            editor.sel_hand = {hand.index(card)}
        editor.move_selection(button.hit[1])
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is not None and seat == self.me:
            self.keys.nav(kind, seat)
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        return self.keys.confirm(seat)

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        self.keys.alt()
        return []

    def on_recap(self, seat: int | None) -> list[tuple[int, Action]]:
        self.narration.recap.review()
        return []

    def on_pile(self, seat: int | None, pile: int) -> list[tuple[int, Action]]:
        """The open key (E, RB): into a meld's cards to pick them up, or out again."""
        if seat is not None and seat == self.me and pile == 1:
            self.keys.open_meld()
        return []

    def has_selection(self, seat: int) -> bool:
        """Back first clears the selection, then leaves a meld's cards, and only then opens the menu."""
        return self.editor.has_selection() or self.keys.inside()

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if self.editor.has_selection():
            self.editor.clear_selection()
        else:
            self.keys.back()
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        self.editor.clear_selection()

    def reject(self, seat: int, action: Action, reason: str) -> None:
        super().reject(seat, action, reason)
        if action.get("type") == "meld":
            self.effects.add(Effect("flash", duration=0.3))
