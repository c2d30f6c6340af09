"""The frame: the kept layer (the felt, the game's static drawing and the cards at rest, see
:mod:`.layer`), then every frame the game's under-layer, the cards that change (moving, lifted,
dragged, turning, shaking, marked, waiting for their face), the flights, the buttons and the game's
over-layer.

The static drawing is noted again when the view changes, and the cards at rest when they change; the
kept layer is repainted only where the notes differ, so a new view costs about what it changed. A card
drawn each frame is drawn after every card it overlaps that comes before it in the game's order, and
every card after it that it overlaps is drawn each frame too: the order the game built stays exact, to
the pixel."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Vec
from cardtable.arcade.cardart import PREMULTIPLIED, dimming
from cardtable.arcade.tables.parts.damage import Tracked
from cardtable.arcade.tables.parts.flights import FLIP_TIME
from cardtable.arcade.tables.parts.layer import Layer, Notebook, Op, Unnoted, copy, noting
from cardtable.arcade.tables.parts.palette import BAD, FELT, FELT_DARK, HINT, INK, Colour
from cardtable.arcade.tables.parts.pieces import Button, Sprite
from cardtable.arcade.tables.parts.warmup import shadow_offset

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

# the cursor's marker over a card, in table units: its gap to the card, how far it bobs, its size
MARKER_GAP, MARKER_BOB, MARKER_SIZE = 6, 6, 11
MIN_NOTE_PX = 12  # a button's second line ("the next hand") no smaller than this (10 px at 960x540 was)
BUTTON_NAME = "\0button"  # what a cached button image reports itself as, named when it is drawn
MARKER_REACH = MARKER_GAP + MARKER_BOB + MARKER_SIZE * 1.2  # what must stay clear above a marked card


class Renderer:
    """Draws the table's sprites and buttons; keeps the felt, the kept layer (the static drawing and the
    cards at rest, :mod:`.layer`), dimming and buttons."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.keep = True  # False: every frame drawn afresh, every card (the tests' reference)
        self._felt: pygame.Surface | None = None
        self._layer = Layer()
        self._dirty = True
        self._static_ops: list[Op] | None = None  # the static drawing noted (None: it could not be)
        self._card_ops: list[Op] = []  # the cards at rest, noted
        self._cards_key: tuple | None = None
        self._markers: dict[int, pygame.Rect] = {}  # id of a card at rest -> the room its marker bobs in
        self._ends: dict[object, int] = {}  # key of a card at rest -> how many of _card_ops draw it and before
        self._sprite_ops: dict[tuple, list[Op]] = {}  # each card at rest (how it lies, where) -> its notes
        self._sprite_era: tuple | None = None  # the art (and its epoch), scale and size they were noted with
        self._dims: dict[tuple[int, int], pygame.Surface] = {}
        self._buttons: dict[tuple, tuple[pygame.Surface, list[layout.Drawn]]] = {}

    def resize(self) -> None:
        self._felt = None
        self._buttons.clear()
        self._cards_key = None

    def invalidate(self) -> None:
        """The view changed: the static drawing is noted again with the next frame (and repainted where
        it changed)."""
        self._dirty = True

    @property
    def static_dirty(self) -> bool:
        return self._dirty or self._felt is None

    @property
    def noted(self) -> bool:
        """Whether the static drawing is on the kept layer as notes (not drawn straight: see
        :meth:`_note_static`)."""
        return self._static_ops is not None

    @property
    def repainted(self) -> int:
        """Pixels of the kept layer repainted by the last frame."""
        return self._layer.repainted

    def draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """Everything of a frame but the hint, the callouts and the messages drawn over it."""
        table = self.table
        if self._felt is None or self._felt.get_size() != table.size:
            self._felt = self._render_felt()
            self._layer.reset(self._felt)
            self._static_ops, self._cards_key = [], None
            self._dirty = True
        controls = table.controls
        lifted = controls.lifted()
        if not self.keep:
            copy(surface, self._felt)
            if table.views:
                table.draw_static(surface)
            self._dirty = False
            sprites = table.sprites
        else:
            if self._dirty or layout.is_recording():  # a recording hears what the static drawing reports
                self._note_static()
            sprites = self._note_cards(alpha, lifted)
            layer = self._layer.show((self._static_ops or []) + self._card_ops)
            if isinstance(surface, Tracked):  # the window keeps the last frame: put back what changed
                surface.restore(layer, self._layer, self._layer.patches)
            else:
                copy(surface, layer)
        table.reporter.report_groups()
        table.draw_under(surface, alpha)
        dragged = None
        u = table.u
        moving = table.motion.moving_keys() if layout.is_recording() else ()
        markers = self._markers if self.keep else {}
        motion, art = table.motion, table.art
        batch: list[tuple[pygame.Surface, Vec]] = []  # plain cards in a row, drawn with one fblits
        batch_flags = 0  # (how they are blitted: the plain backs as they are, the faces premultiplied)
        images: dict[tuple, tuple[pygame.Surface, int]] = {}  # the art's, and its pad (looked up once a frame)
        dragged_key = controls.dragged_key()  # (once a frame, not once a card)
        plain = self.plain(lifted)
        offset = shadow_offset(u)

        def flush() -> None:
            if batch:
                surface.fblits(batch, batch_flags)
                batch.clear()

        for sprite in sprites:
            room = markers.get(id(sprite))
            if room is not None:  # the card is on the layer, its marker bobs over it
                flush()
                self._draw_marker_of(surface, sprite, alpha, room)
                continue
            if dragged_key is not None and dragged_key == sprite.key:
                dragged = sprite
                continue
            # what draw_sprite draws of a plain back or a plain face, without its steps for the rest
            flags = plain(sprite)
            if flags is not None:
                look = (sprite.code, sprite.rect.size, sprite.flipped)
                found = images.get(look)
                if found is None:
                    if flags:
                        found = images[look] = (art.shadowed(*look, offset), art.glow_pad(look[1]))
                    else:
                        found = images[look] = (art.card(*look), 0)
                if flags != batch_flags:
                    flush()
                    batch_flags = flags
                at = motion.pos(sprite.key, alpha) or sprite.rect.topleft
                batch.append((found[0], (at[0] - found[1], at[1] - found[1])))
            else:
                flush()
                self.draw_sprite(surface, sprite, alpha, -7 * u if sprite is lifted else 0.0)
            if sprite.key in moving:  # where it is on its way (its group reports where it lands)
                at = table.motion.pos(sprite.key, alpha) or sprite.rect.topleft
                layout.report("cards", (round(at[0]), round(at[1]), *sprite.rect.size), f"flying {sprite.code or 'card'}",
                              owner=sprite.group)
        flush()
        if dragged is not None:
            self.draw_sprite(surface, dragged, alpha)
        table.flights.draw(surface, alpha, table.art)
        table.draw_buttons(surface)
        table.draw_over(surface, alpha)

    def plain(self, lifted: Sprite | None) -> Callable[[Sprite], int | None]:
        """A test of this frame's sprites: when :meth:`draw_sprite` would draw one as one blit of an image
        of the art where it is now, a back without a shadow or a face on its shadow (no glow, dimming or
        marker of its own, not lifted, shaking or turning, its face drawn already), the flags of that
        blit: 0 for the back, PREMULTIPLIED for the face; None when it draws more. Such cards in a row
        are drawn with one ``fblits``: the others' hands closing up after a card left them move dozens
        of backs a frame, and a hand of 25 re-centres after each play."""
        table = self.table
        shaking = {e.key for e in table.effects.items if e.kind == "shake"}
        turning = table.flights.flips
        ready = getattr(table.art, "has", None)
        replaying = table.replaying

        def flags(sprite: Sprite) -> int | None:
            if (sprite.glow is not None or sprite.dim or sprite is lifted
                    or (sprite.mark is not None and not replaying)):
                return None
            code = sprite.code
            if code is None:
                return None if sprite.shadow else 0
            if (not sprite.shadow or code in shaking or sprite.key in turning
                    or (ready is not None and not ready(sprite.rect.size, ("face", code, sprite.flipped)))):
                return None
            return PREMULTIPLIED

        return flags

    # -- the felt and the kept layer --------------------------------------------------------------

    def _render_felt(self) -> pygame.Surface:
        W, H, u = self.table.W, self.table.H, self.table.u
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                d = math.hypot((x - 31.5) / 32, (y - 17.5) / 20)
                t = min(1.0, d ** 1.6 * 0.75)
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK, strict=True)))
        felt = pygame.transform.smoothscale(small, (W, H))
        ring = pygame.Surface((W * 2, H * 2), pygame.SRCALPHA)
        box = pygame.Rect(0, 0, round(W * 2 * 0.56), round(H * 2 * 0.5))
        box.center = (W, round(H * 2 * 0.47))
        pygame.draw.ellipse(ring, (200, 235, 200, 34), box, max(2, round(4 * u)))
        felt.blit(pygame.transform.smoothscale(ring, (W, H)), (0, 0))
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def _note_static(self) -> None:
        """Note what the game's static drawing draws; drawing code that cannot be noted is drawn
        straight onto the layer (all of it repainted)."""
        table = self.table
        self._dirty = False
        book = Notebook(table.size)
        try:
            if table.views:
                with noting(book):
                    table.draw_static(book)  # type: ignore[arg-type]
        except (Unnoted, TypeError):  # drawn the old way: the felt and the static drawing as the base
            assert self._felt is not None
            static = self._felt.copy()
            table.draw_static(static)  # (raises again if the drawing itself is wrong)
            self._layer.reset(static)
            self._static_ops = None
            return
        if self._static_ops is None:
            self._layer.reset(self._felt)
        self._static_ops = book.ops

    def _note_cards(self, alpha: float, lifted: Sprite | None) -> list[Sprite]:
        """Note the cards at rest (drawn on the kept layer); the cards to draw this frame."""
        table = self.table
        under = table.under_areas()
        if under is None:
            resting, changing = [], table.sprites
        else:
            resting, changing = self._partition(alpha, lifted, under)
        lit = self.lit  # (a card with a halo or shade is noted again once its one image is made)
        key = tuple((s.key, s.code, s.rect.x, s.rect.y, s.rect.w, s.rect.h, s.flipped, s.glow, s.dim, s.shadow,
                     (s.glow is not None or s.dim) and s.shadow and lit(s)) for s in resting)
        art = table.art
        epoch = getattr(art, "epoch", None)
        era = (art, epoch, table.u, table.size)  # what a card's notes were taken with
        if key != self._cards_key or era != self._sprite_era:
            # a card at rest is noted as before if it lies as before and the art gives the same images
            # (no surface dropped since: see SurfaceCache.epoch); only the others are noted afresh
            kept = self._sprite_ops if epoch is not None and self._sprite_era == era else {}
            fresh: dict[tuple, list[Op]] = {}
            ops: list[Op] = []
            self._ends = {}
            motion = table.motion
            for sprite, look in zip(resting, key, strict=True):
                where = (look, motion.pos(sprite.key, alpha))
                noted = kept.get(where)
                if noted is None:
                    book = Notebook(table.size)
                    self.draw_sprite(book, sprite, alpha, marker=False)  # type: ignore[arg-type]
                    noted = book.ops
                fresh[where] = noted
                ops += noted
                self._ends[sprite.key] = len(ops)
            self._card_ops = ops
            self._cards_key = key
            self._sprite_ops, self._sprite_era = fresh, era
        return changing

    def _partition(self, alpha: float, lifted: Sprite | None,
                   under: list[pygame.Rect]) -> tuple[list[Sprite], list[Sprite]]:
        """The cards at rest that nothing drawn each frame goes under, and the others (in build order).
        A card at rest with the cursor's marker, where nothing drawn each frame comes near the marker, is
        both: the card on the layer, and the marker's room (``_markers``) drawn again each frame in the
        card's place in the order, from the layer's notes (see :meth:`_draw_marker_of`), not the card and
        every card after it in a hand."""
        table = self.table
        motion, u = table.motion, table.u
        moving = motion.moving_keys()
        shaking = {e.key for e in table.effects.items if e.kind == "shake"}
        art = table.art
        ready = getattr(art, "has", None)
        margin = round(16 * u) + 8
        busy = list(under)
        resting: list[Sprite] = []
        changing: list[Sprite] = []
        self._markers = markers = {}
        dragged_key = table.controls.dragged_key()
        turning = table.flights.flips
        pads: dict[tuple[int, int], int] = {}  # (glow_pad by size, worked out once a frame)
        for sprite in table.sprites:
            rect = sprite.rect
            size = rect.size
            pad = pads.get(size)
            if pad is None:
                pad = pads[size] = art.glow_pad(size)
            area = rect.inflate(2 * (pad + margin), 2 * (pad + margin))
            changes = (sprite.key in moving or sprite is lifted or (dragged_key is not None and dragged_key == sprite.key)
                       or (sprite.code is not None and (sprite.code in shaking or sprite.key in turning
                                                        or (ready is not None
                                                            and not ready(size, ("face", sprite.code, sprite.flipped))))))
            marked = sprite.mark is not None and not table.replaying
            areas = [area]
            if sprite.key in moving:
                at = motion.pos(sprite.key, alpha) or rect.topleft
                areas = self._path(pygame.Rect(round(at[0]), round(at[1]), rect.w, rect.h), rect, pad + margin)
            room = self._marker_room(sprite) if marked and not changes else None
            if room is not None and room.inflate(2 * margin, 2 * margin).collidelist(busy) >= 0:
                room = None  # (the card and its marker drawn each frame, as a card that changes)
            if changes or area.collidelist(busy) >= 0 or (marked and room is None):
                if sprite.mark is not None:
                    reach = 2 * round((MARKER_REACH + MARKER_BOB) * u + margin)
                    areas = [a.inflate(0, reach) for a in areas]
                changing.append(sprite)
                busy += areas
            else:
                resting.append(sprite)
                if room is not None:
                    changing.append(sprite)
                    markers[id(sprite)] = room
        return resting, changing

    @staticmethod
    def _path(now: pygame.Rect, rest: pygame.Rect, pad: int) -> list[pygame.Rect]:
        """Where a card gliding from ``now`` to ``rest`` is drawn on its way, ``pad`` wider all round:
        the card every half of its size along the straight line (a glide keeps to it; a snap back
        overshoots the end and returns, from wherever it is now). Cards at rest that this touches are
        drawn each frame while it glides, not the many more that the box round both ends touched (a
        capture flying corner to corner across Go-Stop's table took a dozen cards off the layer)."""
        dx, dy = rest.x - now.x, rest.y - now.y
        steps = max(1, math.ceil(max(abs(dx) / max(1, rest.w / 2), abs(dy) / max(1, rest.h / 2))))
        if steps <= 2:  # a short way (a hand closing up): the box round both ends, one rectangle for
            # the cards after it to test (a frame of Tractor's hands closing up has dozens of these)
            return [now.union(rest).inflate(2 * pad, 2 * pad)]
        return [pygame.Rect(now.x + round(dx * k / steps), now.y + round(dy * k / steps), rest.w, rest.h).inflate(2 * pad, 2 * pad)
                for k in range(steps + 1)]

    def _marker_room(self, sprite: Sprite) -> pygame.Rect:
        """Every pixel :meth:`draw_marker` may touch over (or under) ``sprite`` at rest, as it bobs."""
        u, rect = self.table.u, sprite.rect
        s = MARKER_SIZE * u
        cx = rect.x + rect.w / 2
        if sprite.flipped:
            top = rect.bottom + MARKER_GAP * u
            bottom = top + MARKER_BOB * u + s * 1.2 + 2
        else:
            bottom = rect.y - MARKER_GAP * u + 2
            top = rect.y - (MARKER_GAP + MARKER_BOB) * u - s * 1.2
        left, top_px = math.floor(cx - s) - 3, math.floor(top) - 3
        return pygame.Rect(left, top_px, math.ceil(cx + s + 1) + 3 - left, math.ceil(bottom) + 3 - top_px)

    def _draw_marker_of(self, surface: pygame.Surface, sprite: Sprite, alpha: float, room: pygame.Rect) -> None:
        """The cursor's marker of ``sprite``, a card at rest on the layer: its room drawn again from the
        layer's notes, clipped to it (the felt, what is drawn up to the card, the marker, what is drawn
        after), so that the cards after it in the order lie over the marker as when drawn afresh."""
        x, y = self.table.motion.pos(sprite.key, alpha) or sprite.rect.topleft
        static = self._static_ops or []
        ops = static + self._card_ops
        self._layer.redraw(surface, room, ops, len(static) + self._ends[sprite.key],
                           lambda target: self._draw_marks(target, sprite, x, y, card=False))

    # -- cards ------------------------------------------------------------------------------------

    def _dim(self, size: tuple[int, int]) -> pygame.Surface:
        surface = self._dims.get(size)
        if surface is None:
            surface = self._dims[size] = dimming(size)
        return surface

    def draw_sprite(self, surface: pygame.Surface, sprite: Sprite, alpha: float, lift: float = 0.0,
                    marker: bool = True) -> None:
        """Draw ``sprite`` where it is now (``marker``: and the cursor's marker over it, if it has one)."""
        table = self.table
        art, u, motion = table.art, table.u, table.motion
        pos = motion.pos(sprite.key, alpha) or sprite.rect.topleft
        drag, hover = table.controls.drag, table.controls.hover
        if drag is not None and drag.active and drag.key == sprite.key and hover is not None:
            pos = (hover[0] - drag.grab[0], hover[1] - drag.grab[1])
            motion.jump(sprite.key, pos)  # let go anywhere, it glides back from here
        x, y = pos[0], pos[1] + (lift if not sprite.flipped else -lift)
        if sprite.code is not None:
            shake = table.effects.shake_offset(sprite.code)
            if shake:
                x += shake * 8 * u
        size = sprite.rect.size
        turning = table.flights.turning(sprite.key) if sprite.code is not None else None
        stand_in = table.warmup.stand_in(sprite.code, size, sprite.flipped) if turning is None else None
        if stand_in is not None:  # the real face is drawn on a later tick: meanwhile, a scaled one
            if sprite.shadow:
                pad = art.glow_pad(size)
                surface.blit(art.shadow(size), (x - pad + 2 * u, y - pad + 4 * u))
            surface.blit(stand_in, (x, y))
            self._draw_marks(surface, sprite, x, y, marker=marker)
            return
        if sprite.shadow and turning is None and self.lit(sprite):  # the card, its shadow (and halo, and
            # shade): one blit
            pad = art.glow_pad(size)
            shadowed = art.shadowed(sprite.code, size, sprite.flipped, shadow_offset(u), sprite.glow, sprite.dim)
            surface.blit(shadowed, (x - pad, y - pad), special_flags=PREMULTIPLIED)
            self._draw_marks(surface, sprite, x, y, card=False, marker=marker)
            return
        if sprite.shadow:
            pad = art.glow_pad(size)
            surface.blit(art.shadow(size), (x - pad + 2 * u, y - pad + 4 * u))
        if sprite.glow is not None:
            pad = art.glow_pad(size)
            surface.blit(art.glow(size, sprite.glow), (x - pad, y - pad))
        if turning is not None:
            t = 1 - max(0.0, turning) / FLIP_TIME
            image = art.card(sprite.code if t >= 0.5 else None, size, sprite.flipped)
            width = max(1, round(size[0] * abs(math.cos(math.pi * t))))
            surface.blit(pygame.transform.scale(image, (width, size[1])), (x + (size[0] - width) / 2, y))
            return
        surface.blit(art.card(sprite.code, size, sprite.flipped), (x, y))
        self._draw_marks(surface, sprite, x, y, marker=marker)

    def lit(self, sprite: Sprite) -> bool:
        """Whether ``sprite``, a card on its shadow, is drawn as one image of the art: always without a
        halo or shade (the image is made when first needed), else when the image with them is made
        already (on an idle tick: see :meth:`.warmup.Warmup.queue`)."""
        if sprite.glow is None and not sprite.dim:
            return True
        art = self.table.art
        has = getattr(art, "has", None)
        return has is not None and has(sprite.rect.size, art.lit_key(sprite.code, sprite.flipped, shadow_offset(self.table.u),
                                                                    sprite.glow, sprite.dim))

    def _draw_marks(self, surface: pygame.Surface, sprite: Sprite, x: float, y: float, card: bool = True,
                    marker: bool = True) -> None:
        """What goes over a card: the dimming of a card that cannot be played (``card``), the cursor's
        marker (``marker``)."""
        size = sprite.rect.size
        if sprite.dim and card:
            surface.blit(self._dim(size), (x, y))
        if marker and sprite.mark is not None and not self.table.replaying:  # a replay offers no controls
            moving = sprite.key in self.table.motion.moving_keys()
            with layout.quiet() if moving else nullcontext():  # where it lands counts
                self.draw_marker(surface, (x + size[0] / 2, y), sprite.mark, below=sprite.flipped,
                                 height=size[1], owner=sprite.group)

    def draw_marker(self, surface: pygame.Surface, top_centre: Vec, colour: Colour, below: bool = False,
                    height: float = 0.0, owner: str = "") -> None:
        """A bouncing triangle pointing at a card: the keyboard/gamepad cursor. It reports the whole
        room it bobs through (a ``badge`` that may touch ``owner``, the card's group)."""
        u = self.table.u
        bob = (math.sin(self.table.clock * 6) + 1) * MARKER_BOB / 2 * u
        s = MARKER_SIZE * u
        x = top_centre[0]
        if below:
            near = top_centre[1] + height + MARKER_GAP * u
            y = near + bob
            points = [(x, y), (x - s, y + s * 1.2), (x + s, y + s * 1.2)]
            room = pygame.Rect(round(x - s), round(near), round(2 * s), round((MARKER_REACH - MARKER_GAP) * u))
        else:
            near = top_centre[1] - MARKER_GAP * u
            y = near - bob
            points = [(x, y), (x - s, y - s * 1.2), (x + s, y - s * 1.2)]
            room = pygame.Rect(round(x - s), round(top_centre[1] - MARKER_REACH * u), round(2 * s),
                               round((MARKER_REACH - MARKER_GAP) * u))
        pygame.draw.polygon(surface, (0, 0, 0), [(px + 1, py + 2) for px, py in points])
        pygame.draw.polygon(surface, colour, points)
        layout.report("badge", room, "cursor", owner=owner)

    # -- buttons ----------------------------------------------------------------------------------

    def draw_buttons(self, surface: pygame.Surface) -> None:
        table = self.table
        buttons = table.buttons
        labels = Counter(b.label for b in buttons)
        recording = layout.is_recording()
        hover = table.controls.hover if table.controls.mouse_active else None
        for i, button in enumerate(buttons):
            if not table.offered(button):
                continue
            rect = button.rect
            name = f"button {button.label}" if labels[button.label] == 1 else f"button {button.label} ({i + 1})"
            hovered = hover is not None and rect.collidepoint(hover)
            if button.hinted:
                self._hint_ring(surface, rect)
            key = (rect.size, button.label, button.note, button.enabled, button.focus, hovered,
                   id(button.icon) if button.icon is not None else None)
            made = self._buttons.get(key)
            if made is None:  # a button is one cached image (and what it reports): one blit a frame
                if len(self._buttons) > 200:
                    self._buttons.clear()
                colour, border = self._button_look(button, hovered)
                image = table.ink.panel(rect.size, colour, border=border).copy()
                with layout.recording() as parts:  # (under a stand-in name: Rummy's "+ (7)" becomes
                    # "+ (8)" when a meld is added before it, and its image is the same)
                    self._paint_button(image, button, image.get_rect(), hovered, BUTTON_NAME, on_panel=True)
                made = self._buttons[key] = (image.premul_alpha(), parts)  # (blitted as cards are: faster)
            image, parts = made
            surface.blit(image, rect, special_flags=PREMULTIPLIED)
            if recording:
                for part in parts:
                    layout.report(part.kind, part.box.move(rect.topleft), name if part.name == BUTTON_NAME else part.name,
                                  name if part.owner == BUTTON_NAME else part.owner or None)

    def _hint_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The magenta ring round a button the Hint button suggests."""
        u = self.table.u
        pad = max(2, round(4 * u))
        pygame.draw.rect(surface, HINT, rect.inflate(2 * pad, 2 * pad), width=max(2, round(3 * u)),
                         border_radius=max(4, round(12 * u)))

    @staticmethod
    def _button_look(button: Button, hovered: bool) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        """A button's panel colour and border."""
        if not button.enabled:
            colour = (40, 50, 45, 200)
        elif button.focus or hovered:
            colour = (236, 190, 70, 245)
        else:
            colour = (20, 70, 48, 235)
        return colour, (255, 240, 190, 230) if button.focus else (255, 255, 255, 70)

    def _paint_button(self, surface: pygame.Surface, button: Button, rect: pygame.Rect, hovered: bool,
                      name: str, on_panel: bool = False) -> None:
        """Draw ``button`` at ``rect`` of ``surface`` (``on_panel``: the surface is its panel already)."""
        ink, u = self.table.ink, self.table.u
        if not on_panel:
            colour, border = self._button_look(button, hovered)
            surface.blit(ink.panel(rect.size, colour, border=border), rect)
        layout.report("button", rect, name)
        ink_colour = (30, 24, 10) if button.enabled and (button.focus or hovered) else (INK if button.enabled else (120, 130, 125))
        px = min(rect.height * 0.55, 30 * u)
        cx = rect.centerx
        room = rect.width - 12 * u - (button.icon.get_width() + 6 * u if button.icon is not None else 0)
        px = ink.fit(button.label, px, room)
        if button.icon is not None:  # the icon and the words centred together
            words = max(ink.font(px).size(button.label)[0], ink.font(max(MIN_NOTE_PX, px * 0.5)).size(button.note)[0])
            gap = 6 * u
            left = rect.centerx - (button.icon.get_width() + gap + words) / 2
            surface.blit(button.icon, button.icon.get_rect(midleft=(round(left), rect.centery)))
            cx = left + button.icon.get_width() + gap + words / 2
        with layout.part_of(name):
            if button.note:
                ink.blit_text(surface, button.label, px, ink_colour, "center", (cx, rect.centery - px * 0.22), False)
                ink.blit_text(surface, button.note, max(MIN_NOTE_PX, px * 0.5), BAD if not button.enabled else ink_colour,
                              "center", (cx, rect.bottom - px * 0.42), False)
            else:
                ink.blit_text(surface, button.label, px, ink_colour, "center", (cx, rect.centery), False)
        if not button.enabled and button.note:
            pygame.draw.line(surface, BAD, (rect.left + 6, rect.bottom - 6), (rect.right - 6, rect.top + 6), 2)
