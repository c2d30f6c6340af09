"""The table: what every game's table is, composed of parts that each own one concern
(:mod:`cardtable.arcade.tables.parts`).

Data flows one way. The host's views (and each seat's legal list) come in through :meth:`Table.set_view`;
the game's :meth:`Table.build` turns them into :class:`Sprite` s and :class:`Button` s; the parts move,
draw and report those. Commands from the players come in through :meth:`Table.handle`, reach the game's
input hooks (``on_click``, ``on_nav``...), and go out to the host as actions: those the legal list holds
(real-time plays shown made at once), and attempts it does not hold, sent so that the host's refusal
says why. The table never decides legality; the host does.

A game's table states what is particular to its game: ``build()``, ``draw_static``/``draw_under``/
``draw_over``, its input hooks and its events; the rest is the parts'.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Effect, Effects, Motion
from cardtable.arcade.cardart import CardArt, card_size
from cardtable.arcade.sound import Sounds, get_sounds
from cardtable.arcade.tables.parts.callouts import Callouts
from cardtable.arcade.tables.parts.controls import Controls, Drag, SeatInput
from cardtable.arcade.tables.parts.flights import FLIP_TIME, Flights, Ghost
from cardtable.arcade.tables.parts.hint_bar import ARROWS, Hint, HintBar
from cardtable.arcade.tables.parts.hint_plate import HINT_TIME, HintPlate
from cardtable.arcade.tables.parts.ink import Ink
from cardtable.arcade.tables.parts.outbox import Outbox, Pending
from cardtable.arcade.tables.parts.palette import (
    BAD,
    CYAN,
    FELT,
    FELT_DARK,
    GOLD,
    HINT,
    INK,
    LEGAL,
    MENU_CORNER,
    MENU_STRIP,
    MUTED,
    PANEL,
    SOFT,
    Colour,
)
from cardtable.arcade.tables.parts.pieces import (
    CARD_CODE,
    Action,
    Button,
    Sprite,
    action_matches,
    card_words,
    describe,
    fan,
)
from cardtable.arcade.tables.parts.placing import clear_spot, nearest_clear
from cardtable.arcade.tables.parts.plates import Plates
from cardtable.arcade.tables.parts.renderer import MARKER_REACH, Renderer
from cardtable.arcade.tables.parts.reporter import Reporter
from cardtable.arcade.tables.parts.toasts import READ_TIME, Toast, Toasts
from cardtable.arcade.tables.parts.warmup import WARM_CODES, Look, Warmup


class Table:
    """The base of every game table: the views of the local seats, the sprites and buttons the game
    builds from them, and the parts that show them and take the players' input."""

    game_name = ""
    offer_hint = False  # the table scene says so: the Hint button works here (the hint bar names it)
    realtime = False
    deck: tuple[str, ...] = WARM_CODES  # the faces drawn ahead at each card size in use
    # the looks (halo, shaded) a player's cards take when the turn comes to them, each card on its
    # shadow in such a look made one image ahead (see warm_lit): the legal ones lit, the others shaded
    hand_looks: tuple[tuple[Colour | None, bool], ...] = ()

    def __init__(self, game_name: str, local_seats: list[int], art: CardArt, size: tuple[int, int]) -> None:
        self.game_name = game_name
        self.local_seats = list(local_seats)
        self.art = art
        self.sounds: Sounds = get_sounds()
        self.views: dict[int, dict[str, Any]] = {}
        self.legals: dict[int, list[Action]] = {}
        self.replaying = False  # a replay: the seat shown is called by its name, not "You", and offered no controls
        self.pace = 1.0  # the bot-speed setting's delay factor: moves the table makes by itself follow it
        self.clock = 0.0
        self.sprites: list[Sprite] = []
        self.buttons: list[Button] = []
        self.motion = Motion()
        self.effects = Effects()
        self.ink = Ink()
        self.warmup = Warmup(art, self.sounds, self.ink.sizes)
        self.flights = Flights(self.motion)
        self.callouts = Callouts(self, self.effects)
        self.toasts = Toasts(self)
        self.controls = Controls(self, self.local_seats)
        self.outbox = Outbox(self)
        self.hint_plate = HintPlate(self)
        self.hint_bar = HintBar(self)
        self.plates = Plates(self)
        self.reporter = Reporter(self)
        self.scene_marks: list[pygame.Rect] = []  # what the scene draws over the table (its menu badge)
        self.renderer = Renderer(self)
        self._card_scale = 1.0  # settings "card size" (the property relayouts when it changes)
        self._first_layout = True
        self.resize(size)

    @property
    def card_scale(self) -> float:
        return self._card_scale

    @card_scale.setter
    def card_scale(self, value: float) -> None:
        self._card_scale = max(0.5, min(1.6, float(value)))
        self._first_layout = True
        self.relayout()

    # -- the contract with the table scene --------------------------------------------------------

    def set_view(self, seat: int, view: dict[str, Any], legal: list[Action], events: list[dict[str, Any]]) -> None:
        first = not self.views
        self.outbox.answered(seat)
        self.warmup.busy()
        if view != self.views.get(seat):  # the position changed: what was said about the old one goes
            self.toasts.position_changed(seat)
            self.hint_plate.position_changed(seat, legal)
        if isinstance(seat, int) and seat not in self.controls.inputs:
            self.controls.inputs[seat] = SeatInput()
        if seat == self.event_seat or (not self.local_seats and first):
            for event in events:  # handlers still see the previous view (where things were)
                self.on_event(event)
        self.views[seat] = view
        self.legals[seat] = list(legal)
        if self.outbox.pending:
            self.outbox.resolve(seat, self.own_cards(seat, view))
        self.after_view(seat, first)
        self.relayout()

    def reject(self, seat: int, action: Action, reason: str) -> None:
        self.outbox.answered(seat)
        card = action.get("card")
        if self.outbox.withdraw(seat, action) and isinstance(card, str):
            self.effects.add(Effect("shake", key=card, duration=0.35))
        reason = CARD_CODE.sub(lambda m: card_words(m.group(0)), reason or "Not allowed")
        self.toasts.add(reason[:1].upper() + reason[1:], BAD, seat=seat, until_change=True)
        self.sounds.play("reject")
        self.relayout(snap_back=True)

    def handle(self, command: Any, seat: int | None) -> list[tuple[int, Action]]:
        """A player's command: the actions it sends (see :class:`~.parts.outbox.Outbox`)."""
        out = self.controls.command(command, seat)
        if out is None:
            return []
        sent = self.outbox.send(out)
        self.relayout()
        return sent

    def auto_actions(self) -> list[tuple[int, Action]]:
        """Actions the table sends on its own for a local seat (routine moves with no choice in them,
        e.g. Tractor's draws). The table scene polls this every tick (not under its pause menu) and
        sends what it returns like ``handle()``'s actions; a table must not return the same action
        again before the host's next view."""
        return []

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.warmup.tick(self.motion.moving or bool(self.flights.flips))
        self.motion.tick(dt)
        self.effects.tick(dt)
        self.flights.tick(dt)
        if self.hint_plate.tick(dt):
            self.relayout()
        self.toasts.tick(dt)
        if self.outbox.tick(dt):
            self.relayout()
        self.on_tick(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.warmup.new_frame()
        # what a new layout draws is kept (reporter.drawn): a hint's plate, placed once, and what a scene
        # draws over the table (a spectator's chip) keep clear of it
        fresh = self.renderer.static_dirty or self.hint_plate.needs_spot
        if fresh:
            with layout.seen() as drawn:
                self.renderer.draw_table(surface, alpha)
            self.reporter.drawn = list(drawn)
            if not self.plates.badges_settled():
                self.renderer.invalidate()  # placed from the frame before: once more, from this one
        else:
            self.renderer.draw_table(surface, alpha)
        self.hint_plate.draw(surface)
        self.draw_callouts(surface)
        self.toasts.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(320, int(size[0])), max(200, int(size[1])))
        self.W, self.H = self.size
        self.u = min(self.W / 1280, self.H / 720)
        self.ink.resize(self.u)
        self.renderer.resize()
        self.callouts.resize()
        self.hint_bar.resize()
        self.plates.resize()
        self.warmup.resize(self.u)
        self._first_layout = True
        self.relayout()

    def relayout(self, snap_back: bool = False) -> None:
        """Build the sprites and buttons from the views again and send each card gliding to its place."""
        self.hint_plate.forget_spot()
        self.sprites = []
        self.buttons = []
        if self.views:
            self.build()
            self.hint_plate.mark()
        jump = self._first_layout and bool(self.views)
        for sprite in self.sprites:
            if jump:
                self.motion.jump(sprite.key, sprite.rect.topleft)
            else:
                self.motion.place(sprite.key, sprite.rect.topleft, origin=sprite.origin, delay=sprite.delay,
                                  back=snap_back, glide=sprite.glide)
        keep = {s.key for s in self.sprites} | {g.key for g in self.flights.ghosts}
        self.motion.retain(keep)
        self.warmup.queue(self.warm_sizes(), self.deck, self.warm_shadowed(), self.warm_lit())
        if self.views:
            self._first_layout = False
        self.renderer.invalidate()

    def needs_privacy(self) -> bool:
        return False

    def mark_scene(self, marks: list[pygame.Rect]) -> None:
        """Where the scene draws over the table (its menu badge): badges placed by the table keep clear."""
        marks = [pygame.Rect(m) for m in marks]
        if marks != self.scene_marks:
            self.scene_marks = marks
            self.renderer.invalidate()

    def set_badges(self, badges: dict[int, str]) -> None:
        """Who is away or played for by a bot (arcade.words.badges): a chip on the seat's name plate."""
        self.plates.badges = dict(badges)

    def set_names(self, names: list[str]) -> None:
        """Player names by seat (the framework knows them from the lobby)."""
        self.plates.names = [str(n)[:20] for n in names]
        self.relayout()

    # -- seats, views and legal lists -------------------------------------------------------------

    @property
    def event_seat(self) -> int | None:
        if self.local_seats:
            return self.local_seats[0]
        return next(iter(self.views), None)

    @property
    def me(self) -> int | None:
        """The seat drawn at the bottom of the screen."""
        if self.local_seats:
            return self.local_seats[0]
        seat = next(iter(self.views), None)
        return seat if isinstance(seat, int) else 0  # a spectator watches from seat 0's side

    def my_legal(self) -> list[Action]:
        """What the bottom seat may do now (nothing for a spectator's seat: no legal list comes)."""
        me = self.me
        return self.legals.get(me, []) if me is not None else []

    @property
    def view(self) -> dict[str, Any]:
        """The latest view of the bottom seat (any view when watching)."""
        me = self.me
        if me in self.views:
            return self.views[me]
        return next(iter(self.views.values()), {})

    def name(self, seat: int) -> str:
        """What the table calls ``seat`` (see :meth:`~.parts.plates.Plates.name`)."""
        return self.plates.name(seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        """``action`` is listed for ``seat`` or is a concrete instance of a listed template."""
        for legal in self.legals.get(seat, []):
            if legal == action:
                return True
            if "choose" in legal and legal.get("type") == action.get("type") and "choose" not in action:
                return all(action.get(k) == v for k, v in legal.items() if k != "choose")
        return False

    def find(self, seat: int | None, **fields: Any) -> list[Action]:
        if seat is None:
            return []
        return [a for a in self.legals.get(seat, []) if action_matches(a, fields)]

    def card_px(self, fraction: float) -> tuple[int, int]:
        """A card whose height is ``fraction`` of the window height (times the card-size setting)."""
        base = min(self.H, self.W * 9 / 16)  # tall windows keep 16:9 proportions between cards and text
        return card_size(round(base * fraction * self.card_scale))

    def arriving(self, seat: int | None) -> bool:
        """Whether cards still fly into ``seat``'s hand from elsewhere (a deal, a draw; not cards
        closing up in it): the player has not seen what they bring yet."""
        moving = self.motion.moving_keys()
        if seat is None or not moving:
            return False
        group = f"hand {seat}"
        mine = [s for s in self.sprites if s.group == group]
        if not mine:
            return False
        box = mine[0].rect.unionall([s.rect for s in mine[1:]])
        for sprite in mine:
            at = self.motion.current(sprite.key) if sprite.key in moving else None
            if at is not None and not box.collidepoint(at[0] + sprite.rect.w / 2, at[1] + sprite.rect.h / 2):
                return True
        return False

    def offered(self, button: Button) -> bool:
        """Whether ``button`` is offered now (drawn and pressable); a table may hold one back for a
        moment (a real-time call while the seat's cards still fly in)."""
        return True

    def mouse_hint(self, seat: int | None, words: str) -> Hint | None:
        """A hint about the mouse, only while the mouse is in use at this table (turn by turn, the
        players at one screen share it)."""
        return ((), words) if self.controls.mouse_active else None

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        """What the table's markers mean, as (icon ``px`` high, words) rows: drawn on the table and
        in the rules screen. None by default."""
        return []

    # -- hooks for a game's table -----------------------------------------------------------------

    def build(self) -> None:
        """Fill ``self.sprites`` and ``self.buttons`` from the views (and the cursors)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """Things that change only with the view: slots, labels, panels (drawn once per layout)."""

    def draw_under(self, surface: pygame.Surface, alpha: float) -> None:
        """Drawn every frame under the cards."""

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        """Drawn every frame over the cards (cursors, overlays)."""

    def under_areas(self) -> list[pygame.Rect] | None:
        """Where :meth:`draw_under` may draw (cards there are drawn every frame, over it); None:
        anywhere (every card is drawn every frame). The base draws nothing under the cards."""
        return [] if type(self).draw_under is Table.draw_under else None

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """The buttons, over the cards and under :meth:`draw_over`."""
        self.renderer.draw_buttons(surface)

    def draw_callouts(self, surface: pygame.Surface) -> None:
        """Banners and rising labels, over the frame and the hint's plate."""
        self.callouts.draw(surface)

    def warm_sizes(self) -> Iterable[tuple[tuple[int, int], bool]]:
        """The card sizes (and turns) whose faces of :attr:`deck` are drawn ahead: those of face-up cards."""
        return ((s.rect.size, s.flipped) for s in self.sprites if s.code is not None and len(s.code) == 2)

    def warm_shadowed(self) -> Iterable[tuple[tuple[int, int], bool]]:
        """The card sizes (and turns) at which each card of :attr:`deck` on its shadow is drawn ahead:
        those of face-up cards lying on their shadows."""
        return {(s.rect.size, s.flipped) for s in self.sprites if s.shadow and s.glow is None and s.code is not None}

    def warm_lit(self) -> list[Look]:
        """The local players' cards on their shadows in each of :attr:`hand_looks`, made one image each
        ahead: (code, size, flipped, glow, dim)."""
        return [(s.code, s.rect.size, s.flipped, glow, dim) for s in self.sprites
                if s.seat in self.local_seats and s.shadow and s.code is not None for glow, dim in self.hand_looks]

    def banner_y(self) -> float:
        return self.H / 2

    def toast_place(self) -> tuple[float, int]:
        """Where toasts go (centre y of the first) and how many show at once."""
        return self.H * 0.62, 3

    def toast_groups(self) -> list[tuple[list[Toast], tuple[float, float], float]]:
        """Which toasts go where: (toasts, centre of the first, width they may take). One group in the
        middle by default (see :meth:`toast_place`); a couch table gives each player their own."""
        y, count = self.toast_place()
        return [(self.toasts.items[-count:], (self.W / 2, y), self.W * 0.9)]

    def on_event(self, event: dict[str, Any]) -> None:
        """A public event from the host (sounds, banners, flights)."""

    def after_view(self, seat: int, first: bool) -> None:
        """Called after a new view was stored, before the layout."""

    def on_tick(self, dt: float) -> None:
        """Per-tick work of a subclass (countdowns)."""

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        button = self.controls.button_at(pos, seat)
        if button is not None and button.enabled and button.action is not None and button.seat is not None:
            return [(button.seat, button.action)]
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def follow_hint(self, seat: int, tip: Any) -> None:
        """Put ``seat``'s cursor on what the hint ``tip`` plays, so the confirm key plays it: here its
        first card in the seat's hand (tables whose cursor means more say so themselves)."""
        hand = list(self.views.get(seat, {}).get("hand") or [])
        if seat in self.controls.inputs and tip.cards and tip.cards[0] in hand:
            self.controls.inputs[seat].cursor = hand.index(tip.cards[0])

    def on_pile(self, seat: int | None, pile: int) -> list[tuple[int, Action]]:
        return []

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_recap(self, seat: int | None) -> list[tuple[int, Action]]:
        """The "recap" key (L, a pad's X): a table with a :class:`~.parts.recap.Recap` shows the others'
        last moves again (anyone may ask, a spectator too)."""
        return []

    def has_selection(self, seat: int) -> bool:
        """Whether ``seat`` has something selected that its back key (Esc, B) clears before it opens
        the menu."""
        return seat in self.controls.inputs and self.controls.inputs[seat].selected is not None

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat in self.controls.inputs:
            self.controls.inputs[seat].selected = None
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A card dragged by ``seat`` was let go at ``pos`` (subclasses: play it if it landed right)."""
        return []

    def on_send(self, seat: int, action: Action) -> None:
        """An action is about to go to the host: optimistic display, sound."""
        if self.realtime:
            self.outbox.show(seat, action)
        kind = action.get("type")
        self.sounds.play({"play": "play", "slap": "slap", "choose": "slap", "ready": "tick", "spit": "spit",
                          "bid": "tick", "flip": "spit"}.get(str(kind), "flip"))

    def own_cards(self, seat: int, view: dict[str, Any]) -> list[str]:
        """Cards ``seat`` could still play (hand, face-up layout tops): optimistic plays wait on these."""
        return list(view.get("hand") or [])


__all__ = [
    "ARROWS", "BAD", "CARD_CODE", "CYAN", "FELT", "FELT_DARK", "FLIP_TIME", "GOLD", "HINT", "HINT_TIME", "INK",
    "LEGAL", "MARKER_REACH", "MENU_CORNER", "MENU_STRIP", "MUTED", "PANEL", "READ_TIME", "SOFT", "WARM_CODES", "Action",
    "Button", "Colour", "Drag", "Ghost", "Hint", "Pending", "SeatInput", "Sprite", "Table", "Toast",
    "action_matches", "card_words", "clear_spot", "describe", "fan", "nearest_clear",
]
