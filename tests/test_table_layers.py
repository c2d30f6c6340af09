"""The kept layer (arcade/tables/parts/renderer.py, layer.py): cards at rest are drawn once onto it
with the static drawing, the rest every frame, a new view repaints only what changed, and the frame is
the same to the pixel as drawing everything afresh. Warming (parts/warmup.py) makes faces and text
sizes ready on still ticks only, a little at a time, so that no frame pays for much of it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cardtable.arcade import fonts
from cardtable.arcade.cardart import PREMULTIPLIED, CardArt
from cardtable.arcade.tables.base import Sprite, Table
from cardtable.arcade.tables.parts import warmup


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


class Row(Table):
    """A row of overlapping cards; ``moved`` sends the first (drawn under the others) across them."""

    moved = False

    def build(self) -> None:
        w, h = self.card_px(0.25)
        first = pygame.Rect(100 + (260 if self.moved else 0), 200, w, h)
        self.sprites = [Sprite("a", "AS", first)]
        self.sprites += [Sprite(code, code, pygame.Rect(160 + 60 * i, 210, w, h)) for i, code in enumerate(("KH", "QD", "JC"))]
        self.sprites.append(Sprite("far", "2C", pygame.Rect(800, 380, w, h)))


def frames(layered: bool, count: int) -> list[bytes]:
    table = Row("row", [0], CardArt(), (960, 540))
    if not layered:
        table.under_areas = lambda: None  # every card drawn every frame, as before the card layer
    return played(table, count, 30)


def played(table: Any, count: int, move_at: int) -> list[bytes]:
    """``count`` frames of ``table`` (a :class:`Row` or alike) from its first view, its card moved (its
    ``moved`` set, laid out again) at frame ``move_at``: each frame's pixels."""
    table.set_view(0, {"phase": "play"}, [], [])
    surface = pygame.Surface(table.size)
    out = []
    for i in range(count):
        if i == move_at:
            table.moved = True
            table.relayout()
        table.tick(1 / 120)
        table.draw(surface, 0.5)
        out.append(pygame.image.tobytes(surface, "RGB"))
    return out


def test_the_card_layer_draws_the_same_pixels_as_drawing_every_card() -> None:
    """The first card glides under the three after it: they are drawn over it every frame it moves
    (the order the game built stays), and the frames match drawing every card, frame by frame."""
    direct, layered = frames(False, 80), frames(True, 80)
    assert [i for i, (a, b) in enumerate(zip(direct, layered, strict=True)) if a != b] == []


def logged_one_by_one(table: Table) -> list[object]:
    """The keys of the cards ``table`` draws from now on, in order: every card drawn one by one through
    ``draw_sprite`` (none in a row with one fblits, see Renderer.plain), which logs it."""
    drawn: list[object] = []
    draw = table.renderer.draw_sprite
    table.renderer.draw_sprite = lambda target, sprite, *rest, **kw: (drawn.append(sprite.key)  # type: ignore[method-assign]
                                                                      or draw(target, sprite, *rest, **kw))
    table.renderer.plain = lambda lifted: lambda sprite: None  # type: ignore[method-assign]
    return drawn


def test_cards_at_rest_are_drawn_once() -> None:
    table = Row("row", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    surface = pygame.Surface(table.size)
    for _ in range(30):  # the faces are drawn and the cards hold still
        table.tick(1 / 120)
        table.draw(surface, 0.5)
    drawn = logged_one_by_one(table)
    table.tick(1 / 120)
    table.draw(surface, 0.5)
    assert drawn == []
    table.moved = True
    table.relayout()
    for _ in range(3):
        table.tick(1 / 120)
        table.draw(surface, 0.5)
    assert set(drawn[-4:]) == {"a", "KH", "QD", "JC"} and "far" not in drawn[-4:]


def test_a_card_at_rest_that_lies_as_before_is_not_noted_again() -> None:
    """A new set of cards at rest (one came to rest elsewhere): only that card is noted afresh, the
    others' notes are kept (the art gave the same images since)."""
    table = Row("row", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    surface = pygame.Surface(table.size)
    for _ in range(30):
        table.tick(1 / 120)
        table.draw(surface, 0.5)
    table.sprites[-1].rect.x += 40  # "far" lies elsewhere (no glide: it is at rest there at once)
    table.motion.jump("far", table.sprites[-1].rect.topleft)
    noted = logged_one_by_one(table)
    table.draw(surface, 0.5)
    assert noted == ["far"]
    fresh = pygame.Surface(table.size)
    table.renderer.keep = False
    table.draw(fresh, 0.5)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_cards_at_rest_take_the_art_s_new_images_at_once() -> None:
    """The art drops its images and draws them anew (a setting changed under the table): a card at
    rest that lies as before (a back, whose image is always ready) is noted again and drawn anew."""
    class Backed(Row):
        def build(self) -> None:
            super().build()
            w, h = self.card_px(0.25)
            self.sprites.append(Sprite("back", None, pygame.Rect(600, 60, w, h)))

    def run(keep: bool) -> list[bytes]:
        table = Backed("row", [0], CardArt(), (960, 540))
        table.renderer.keep = keep
        table.set_view(0, {"phase": "play"}, [], [])
        surface = pygame.Surface(table.size)
        out = []
        for i in range(40):
            if i == 30:
                table.art.back_colour = (150, 30, 30)
                table.art.clear()
            table.tick(1 / 120)
            table.draw(surface, 0.5)
            out.append(pygame.image.tobytes(surface, "RGB"))
        return out

    kept, fresh = run(True), run(False)
    assert kept[29] != kept[39]  # (the back is red)
    assert [i for i, (a, b) in enumerate(zip(kept, fresh, strict=True)) if a != b] == []

class Marked(Row):
    """A row with the cursor's marker over one card at rest (``marked``: its key)."""

    marked = "a"
    cover = False  # a card last in the order, over the first card's marker

    def build(self) -> None:
        super().build()
        for sprite in self.sprites:
            if sprite.key == self.marked:
                sprite.mark = (255, 210, 80)
        if self.cover:
            w, h = self.card_px(0.25)
            self.sprites.append(Sprite("cover", "9S", pygame.Rect(146, 60, w, h)))


@pytest.mark.parametrize(("marked", "cover"), [("a", False), ("KH", False), ("JC", False), ("a", True)])
def test_a_card_at_rest_stays_on_the_layer_while_its_marker_bobs(marked: str, cover: bool) -> None:
    """The marked card lies on the layer, and so do the cards after it in the row (no card is drawn each
    frame): the marker's room is drawn again each frame, the cards after it over the marker (a card
    laid over the first card's marker hides part of it); every frame is the frame drawn afresh, and the
    marker moves."""
    def run(keep: bool) -> tuple[list[bytes], list[list[object]]]:
        table = Marked("row", [0], CardArt(), (960, 540))
        table.marked, table.cover = marked, cover
        table.renderer.keep = keep
        table.set_view(0, {"phase": "play"}, [], [])
        surface = pygame.Surface(table.size)
        drawn = logged_one_by_one(table)
        out, per_frame = [], []
        for _ in range(60):
            drawn.clear()
            table.tick(1 / 120)
            table.draw(surface, 0.5)
            out.append(pygame.image.tobytes(surface, "RGB"))
            per_frame.append(list(drawn))
        return out, per_frame

    kept, per_frame = run(True)
    fresh, _ = run(False)
    assert [i for i, (a, b) in enumerate(zip(kept, fresh, strict=True)) if a != b] == []
    assert per_frame[-1] == []
    assert kept[-1] != kept[-20]  # the marker bobs


class Labelled(Row):
    """A row whose static drawing says how many views it has seen, and whose cards come and go."""

    def draw_static(self, surface: pygame.Surface) -> None:
        views = self.view.get("n", 0)
        self.ink.blit_text(surface, f"view {views}", 30 * self.u, (255, 255, 255), "topleft", (20, 20))
        pygame.draw.circle(surface, (250, 250, 245), (300 + 40 * (views % 3), 40), 12)

    def build(self) -> None:
        super().build()
        if self.view.get("n", 0) % 2:
            self.sprites = self.sprites[1:]


def test_a_new_view_repaints_only_what_changed_and_draws_the_same_pixels() -> None:
    """The kept layer through new views: the label, the chip and the cards that came or went are
    repainted, the rest of the window is not, and every frame equals drawing everything afresh."""
    def run(keep: bool) -> tuple[list[bytes], list[int]]:
        table = Labelled("row", [0], CardArt(), (960, 540))
        table.renderer.keep = keep
        surface = pygame.Surface(table.size)
        out, repainted = [], []
        for i in range(40):
            if i % 10 == 0:
                table.set_view(0, {"phase": "play", "n": i // 10}, [], [])
            table.tick(1 / 120)
            table.draw(surface, 0.5)
            out.append(pygame.image.tobytes(surface, "RGB"))
            repainted.append(table.renderer.repainted)
        return out, repainted

    kept, repainted = run(True)
    fresh, _ = run(False)
    assert [i for i, (a, b) in enumerate(zip(kept, fresh, strict=True)) if a != b] == []
    window = 960 * 540
    assert repainted[0] == window  # the first frame paints it all
    assert 0 < repainted[10] < window / 4 and 0 < repainted[20] < window / 4  # a new view: only its changes
    assert repainted[5] == 0  # nothing changed: nothing repainted


def _table_frames(game: str, keep: bool, frames: int = 72, every: int = 6) -> tuple[list[bytes], int]:
    """A bot-played stretch of ``game``'s table at 960x540 (the bench's busiest moment): each frame's
    pixels and how many frames drew the static layer straight (not noted)."""
    from cardtable.arcade.app import App
    from cardtable.arcade.loop import TICK
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session
    from cardtable.bench import frame

    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    session = direct_session(game, frame.SEED, None, frame.BUSIEST[game][0](frame.trace(game, limit=400)))
    app.session = session
    scene = TableScene(app)
    app.push(scene)
    out, straight = [], 0
    for i in range(frames):
        if i % every == every - 1 and session.result is None:
            session.bot_step()
        app.tick(TICK)
        table = scene.table
        if table is not None:
            table.renderer.keep = keep
            table.warmup.stand_in = lambda *_: None  # every face drawn at once: both runs alike
        app.render((i % 10) / 10)
        out.append(pygame.image.tobytes(app.screen, "RGB"))
        straight += table is not None and not table.renderer.noted
        if app.scene is not scene:
            break
    app.shutdown_quietly()
    return out, straight


@pytest.mark.parametrize("game", ["spit", "speed", "oh_hell", "go_stop", "rummy", "tractor"])
def test_every_table_draws_the_same_pixels_with_its_layer_kept(game: str) -> None:
    """Cards played, gathered and dealt while the game goes on: every frame with the kept layer is
    the frame drawn afresh; and every table's static drawing can be noted (none is drawn straight,
    which would repaint the whole layer with each new view)."""
    kept, straight = _table_frames(game, True)
    fresh, _ = _table_frames(game, False)
    assert len(kept) == len(fresh)
    assert [i for i, (a, b) in enumerate(zip(kept, fresh, strict=True)) if a != b] == []
    assert straight == 0


def counting_faces(table: Table) -> list[str]:
    drawn: list[str] = []
    face = table.art.face
    table.art.face = lambda code, *rest: drawn.append(code) or face(code, *rest)  # type: ignore[method-assign]
    return drawn


def test_faces_are_warmed_only_while_nothing_moves() -> None:
    table = Row("row", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    drawn = counting_faces(table)
    table.tick(1 / 120)  # the tick that brought the view: no warming
    table.tick(1 / 120)
    assert len(drawn) == 1  # an idle tick: one face
    table.moved = True
    table.relayout()
    ticks = 0
    while table.motion.moving:
        table.tick(1 / 120)
        ticks += 1
    assert ticks > 10 and len(drawn) == 1  # none while the card glides
    table.tick(1 / 120)
    assert len(drawn) == 2


def _render_spy(rendered: list[tuple[int, str]]) -> object:
    """A stand-in for fonts.font whose fonts note each (point size, text) rendered."""
    font = fonts.font

    def spy(size: int, bold: bool = False) -> pygame.font.Font:
        real = font(size, bold)

        class Spy:
            def render(self, text: str, *rest: object) -> pygame.Surface:
                rendered.append((size, text))
                return real.render(text, *rest)

        return Spy()  # type: ignore[return-value]

    return spy


def test_a_tick_makes_ready_a_few_cards_on_their_shadows_then_every_text_sizes_first_glyph() -> None:
    """The cards on their shadows come first, a few a tick (a frame that needed a dozen of them new
    took 1-3 ms at 1920x1080); then a text size's first glyph, which costs most (the font's tables are
    read then): every size gets its first, one size a tick from the largest down; then each size gets
    the rest of its glyphs, a few a tick."""
    table = Row("row", [0], CardArt(), (1920, 1080))
    table.warmup.expect("callouts", ())  # (no banner sizes first: see the next test)
    table.sounds.preload()  # (nor sounds)
    table.set_view(0, {"phase": "play"}, [], [])
    table.tick(1 / 120)
    while table.warmup._faces:
        table.tick(1 / 120)
    rendered: list[tuple[int, str]] = []
    font = fonts.font
    spy = _render_spy(rendered)
    largest, smallest = fonts.point_size(90 * table.u), fonts.point_size(8)
    first = warmup.GLYPHS[0]
    shadowed = ("shadowed", "AS", False, warmup.shadow_offset(table.u))
    warmup.fonts.font = spy  # type: ignore[assignment]
    try:
        cards, ticks = len(table.warmup._on_shadows), 0
        assert cards >= 52 and not table.art.has(table.sprites[0].rect.size, shadowed)
        while table.warmup._on_shadows:
            table.tick(1 / 120)
            ticks += 1
        assert ticks == -(-cards // warmup.SHADOWED_PER_TICK) and rendered == []  # no glyphs meanwhile
        assert table.art.has(table.sprites[0].rect.size, shadowed)
        for _ in range(30):
            table.tick(1 / 120)
        assert rendered == [(largest - i, first) for i in range(30)]
        while table.warmup._fonts:
            table.tick(1 / 120)
        assert len(rendered) == largest - smallest + 1
        per_size = len(warmup.chunks()) - 1
        for _ in range(2 * per_size):
            table.tick(1 / 120)
    finally:
        warmup.fonts.font = font  # type: ignore[assignment]
    rest = rendered[largest - smallest + 1:]
    assert all(len(text) <= warmup.GLYPHS_PER_TICK for _, text in rest)
    assert [size for size, _ in rest] == [largest] * per_size + [largest - 1] * per_size  # then a size at a time
    assert first + "".join(text for size, text in rest if size == largest) == warmup.GLYPHS


def test_the_glyphs_of_the_text_sizes_in_use_come_next_then_the_banners() -> None:
    """After the faces, the glyphs of the sizes the table has set text at (a new line of words at a
    size whose glyphs are cold cost 0.3-0.6 ms), all of each in turn; then those of the sizes its
    banners and rising labels will use; then the rest, as above."""
    table = Row("row", [0], CardArt(), (1920, 1080))
    table.sounds.preload()  # (the sounds ready: see the next test)
    table.set_view(0, {"phase": "play"}, [], [])
    table.tick(1 / 120)
    while table.warmup._faces:
        table.tick(1 / 120)
    table.ink.text("score 3", 21 * table.u)
    table.ink.text("Bot 2 played 9 animal", 17 * table.u)
    used = [fonts.point_size(round(21 * table.u)), fonts.point_size(round(17 * table.u))]
    expected = table.warmup.expected()
    assert expected and not set(used) & set(expected)
    rendered: list[tuple[int, str]] = []
    font = fonts.font
    warmup.fonts.font = _render_spy(rendered)  # type: ignore[assignment]
    try:
        for _ in range(len(warmup.chunks()) * (len(used) + len(expected))):
            table.tick(1 / 120)
        while table.warmup._on_shadows:  # (then the cards on their shadows, no glyphs: see above)
            table.tick(1 / 120)
        table.tick(1 / 120)
    finally:
        warmup.fonts.font = font  # type: ignore[assignment]
    sizes = [size for size, _ in rendered]
    assert sizes[:-1] == [size for size in used + expected for _ in warmup.chunks()]
    assert "".join(text for size, text in rendered if size == used[0]) == warmup.GLYPHS
    assert sizes[-1] == fonts.point_size(90 * table.u)  # then the other sizes' first glyphs, largest first


def test_a_sound_whose_wav_is_ready_is_made_playable_before_the_other_text_sizes() -> None:
    """A sound's first play cost up to 1.1 ms in a frame with a new view: one whose WAV is ready is
    made playable on an idle tick right after the glyphs of the sizes in use."""
    from cardtable.arcade import sound

    table = Row("row", [0], CardArt(), (960, 540))
    table.warmup.expect("callouts", ())
    sounds = table.warmup.sounds = sound.Sounds()
    if not sounds.available:
        pytest.skip("no mixer here")
    sound.wav("trick")  # (ready: built, or read from the cache folder)
    table.set_view(0, {"phase": "play"}, [], [])
    table.tick(1 / 120)
    while table.warmup._faces:
        table.tick(1 / 120)
    fonts_left = len(table.warmup._fonts)
    while sounds._sounds.keys() < sound._WAVS.keys() and len(table.warmup._fonts) == fonts_left:
        table.tick(1 / 120)
    assert "trick" in sounds._sounds and len(table.warmup._fonts) == fonts_left


def test_damage_is_merged_into_a_few_rectangles_covering_all_of_it() -> None:
    import random

    from cardtable.arcade.tables.parts import layer

    rng = random.Random(3)
    for count in (1, 5, 40, 120):
        boxes = [(rng.randrange(1900), rng.randrange(1060), rng.randrange(1, 200), rng.randrange(1, 150))
                 for _ in range(count)]
        patches = layer.merged(boxes)
        assert 1 <= len(patches) <= layer.MAX_PATCHES
        painted = pygame.Surface((2200, 1300))
        for patch in patches:
            painted.fill((255, 255, 255), patch)
        for box in boxes:  # every damaged pixel is in a patch
            rect = pygame.Rect(box)
            assert pygame.mask.from_threshold(painted.subsurface(rect), (255, 255, 255), (1, 1, 1, 255)).count() == rect.w * rect.h


def test_overlapping_damage_is_joined_before_anything_is_wasted() -> None:
    from cardtable.arcade.tables.parts import layer

    overlapping = [(0, 0, 10, 10), (5, 5, 10, 10), (12, 12, 5, 5), (100, 100, 4, 4)]
    assert sorted(map(tuple, layer.merged(overlapping))) == [(0, 0, 17, 17), (100, 100, 4, 4)]
    apart = [(i * 100, 0, 10, 10) for i in range(8)]  # eight apart: the two nearest pairs are joined
    assert sorted(map(tuple, layer.merged(apart, limit=6, free=0))) == [
        (0, 0, 110, 10), (200, 0, 110, 10), (400, 0, 10, 10), (500, 0, 10, 10), (600, 0, 10, 10), (700, 0, 10, 10)]


def test_damage_far_apart_stays_apart_and_near_damage_is_joined() -> None:
    """Labels changed across the window (a score top left, a count bottom right) are repainted as
    themselves, not as one rectangle spanning the window; two labels side by side are one patch."""
    from cardtable.arcade.tables.parts import layer

    far = [(20, 20, 80, 20), (1800, 1000, 80, 20), (20, 1000, 80, 20), (1800, 20, 80, 20)]
    assert sorted(map(tuple, layer.merged(far))) == sorted(far)
    near = [(20, 20, 80, 20), (104, 20, 60, 20)]  # 4 px apart: the union wastes 80 px
    assert list(map(tuple, layer.merged(near))) == [(20, 20, 144, 20)]
    ring = [(0, 0, 10, 10), (40, 0, 10, 10), (0, 40, 10, 10), (40, 40, 10, 10), (20, 20, 10, 10)]
    patches = layer.merged(ring, free=10_000)  # unions that reach over a third rectangle take it in
    assert [tuple(p) for p in patches] == [(0, 0, 50, 50)]


def test_the_layer_repaints_to_the_pixels_of_painting_afresh_through_any_edits() -> None:
    """Operations coming, going, changing and moving in the order (the quick look when what stays
    keeps its order, the full comparison otherwise): the layer is the window painted afresh."""
    import random

    from cardtable.arcade.tables.parts import layer

    rng = random.Random(5)
    felt = pygame.Surface((200, 120))
    felt.fill((10, 90, 40))

    def op(n: int) -> layer.Op:
        box = (rng.randrange(180), rng.randrange(100), rng.randrange(4, 60), rng.randrange(4, 50))
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        return layer.Op(("fill", n), box, lambda surface: surface.fill(colour, box))

    kept = layer.Layer()
    kept.reset(felt)
    ops = [op(n) for n in range(12)]
    made = 12
    for step in range(300):
        ops = list(ops)
        for _ in range(rng.randrange(1, 4)):
            kind = rng.randrange(4)
            if kind == 0 or not ops:
                ops.insert(rng.randrange(len(ops) + 1), op(made))
                made += 1
            elif kind == 1:
                ops.pop(rng.randrange(len(ops)))
            elif kind == 2:  # moved in the order
                ops.insert(rng.randrange(len(ops)), ops.pop(rng.randrange(len(ops))))
            else:  # changed in place
                ops[rng.randrange(len(ops))] = op(made)
                made += 1
        shown = kept.show(ops)
        fresh = felt.copy()
        for o in ops:
            o.draw(fresh)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB"), step


class Backs(Table):
    """Two others' hands of backs without shadows (one hand turned), a face, a dimmed and a marked back
    among them, and my hand of faces on their shadows (one upside down, one glowing, one dimmed) with a
    back among them; ``moved`` closes the hands up (every card glides, some off the window's edge)."""

    moved = False

    def build(self) -> None:
        w, h = self.card_px(0.12)
        step = 9 if self.moved else 14
        self.sprites = [Sprite(("top", i), None, pygame.Rect(-20 + step * i, 30, w, h), flipped=True, shadow=False)
                        for i in range(20)]
        self.sprites.append(Sprite("face", "QH", pygame.Rect(90, 40, w, h)))
        self.sprites += [Sprite(("side", i), None, pygame.Rect(700 + step * i, 300 - 3 * i, w, h), shadow=False)
                         for i in range(20)]
        self.sprites[25].dim = True
        self.sprites[30].mark = (255, 210, 80)
        hand = ["2S", "7H", "9H", "TD", "JD", "QC", "KC", "AS", "3H", "4C"]
        fan = 3 * step
        self.sprites += [Sprite(("hand", code), code, pygame.Rect(200 + fan * i, 400 - (i == 4) * 20, w, h),
                                flipped=i == 6, glow=(90, 220, 255) if i == 2 else None, dim=i == 8)
                         for i, code in enumerate(hand)]
        self.sprites.insert(-5, Sprite("among", None, pygame.Rect(200 + fan * 5 - 10, 420, w, h), shadow=False))


def test_plain_cards_drawn_in_a_row_are_the_cards_drawn_one_by_one() -> None:
    """The backs and the faces on their shadows the renderer draws with one fblits (Renderer.plain) are
    drawn as draw_sprite draws them, frame for frame while they glide, between a dimmed, a glowing and
    a marked card and a back among the faces."""
    def run(batched: bool, keep: bool) -> list[bytes]:
        table = Backs("backs", [0], CardArt(), (960, 540))
        table.renderer.keep = keep
        if not batched:
            table.renderer.plain = lambda lifted: lambda sprite: None  # type: ignore[method-assign]
        table.set_view(0, {"phase": "play"}, [], [])
        surface = pygame.Surface(table.size)
        out = []
        for i in range(50):
            if i == 10:
                table.moved = True
                table.relayout()
            table.tick(1 / 120)
            table.draw(surface, (i % 10) / 10)
            out.append(pygame.image.tobytes(surface, "RGB"))
        if batched:  # (the plain faces: all but the glowing and the dimmed one)
            plain = table.renderer.plain(None)
            assert ([s.code for s in table.sprites if plain(s) == PREMULTIPLIED]
                    == ["QH", "2S", "7H", "TD", "JD", "QC", "KC", "AS", "4C"])
        return out

    for keep in (False, True):
        batched, single = run(True, keep), run(False, keep)
        assert batched[10] != batched[30]  # (they moved)
        assert [i for i, (a, b) in enumerate(zip(batched, single, strict=True)) if a != b] == []
