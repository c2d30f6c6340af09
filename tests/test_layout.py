"""Layout: what the renderers report drawing, and the rules it must keep (arcade/layout.py)."""

from __future__ import annotations

import doctest

import pygame
import pytest

from cardtable.arcade import fonts, layout


@pytest.mark.parametrize("module", [layout, fonts])
def test_docstring_examples(module) -> None:
    assert doctest.testmod(module).failed == 0


def test_overlaps_are_found_and_owned_items_may_touch_their_owner() -> None:
    with layout.recording() as items:
        layout.report("panel", pygame.Rect(10, 10, 200, 80), "plate 1")
        with layout.part_of("plate 1"):
            layout.report("label", pygame.Rect(20, 20, 100, 20), "Ann")
            layout.report("label", pygame.Rect(20, 35, 100, 20), "score 3")  # collides with "Ann"
            layout.report("badge", pygame.Rect(200, 5, 20, 20), "dealer")
        layout.report("hand", pygame.Rect(100, 60, 300, 100), "hand 0")
    found = layout.problems(items, (960, 540))
    assert sorted(found) == ['hand "hand 0" overlaps panel "plate 1" by 110x30 px',
                             'label "score 3" overlaps label "Ann" by 100x5 px']


def test_backdrops_hold_things_but_not_the_title_or_the_hints() -> None:
    with layout.recording() as items:
        layout.report("title", pygame.Rect(300, 20, 300, 50), "Settings")
        layout.report("backdrop", pygame.Rect(200, 60, 500, 400), "menu panel")
        layout.report("button", pygame.Rect(220, 100, 200, 40), "Back")
        layout.report("hints", pygame.Rect(500, 450, 400, 30), "hint bar")
    assert layout.problems(items, (960, 540)) == [
        'backdrop "menu panel" overlaps title "Settings" by 300x10 px',
        'hints "hint bar" overlaps backdrop "menu panel" by 200x10 px']


def test_an_overlay_covers_the_table_but_not_the_hints_and_what_is_on_it_keeps_apart() -> None:
    with layout.recording() as items:
        layout.report("cards", pygame.Rect(300, 200, 100, 140), "pile 3")
        layout.report("overlay", pygame.Rect(200, 150, 500, 300), "result")
        with layout.part_of("result"):
            layout.report("button", pygame.Rect(250, 380, 150, 40), "Deal")
            with layout.part_of("Deal"):
                layout.report("label", pygame.Rect(260, 390, 60, 20), "Deal")
            layout.report("button", pygame.Rect(390, 380, 150, 40), "Leave")
        layout.report("hints", pygame.Rect(300, 440, 300, 30), "hint bar")
    assert sorted(layout.problems(items, (960, 540))) == [
        'button "Leave" overlaps button "Deal" by 10x40 px',
        'hints "hint bar" overlaps overlay "result" by 300x10 px']


def test_a_card_in_motion_passes_under_a_button_drawn_after_it_but_not_over_one() -> None:
    """Items are reported in the order they are drawn: a flying card drawn before a button lies under
    it (the button hides it), one drawn after covers it; a rising label over a button covers it either way."""
    card, button = (pygame.Rect(100, 100, 60, 90), "flying 7H"), (pygame.Rect(120, 150, 150, 40), "Draw")
    for order, expected in ((("cards", "button"), []), (("button", "cards"), ['cards "flying 7H" covers button "Draw" by 40x40 px'])):
        with layout.recording() as items:
            for kind in order:
                layout.report(kind, *(card if kind == "cards" else button))
        assert layout.problems(items, (960, 540)) == expected, order
    with layout.recording() as items:
        layout.report("badge", pygame.Rect(130, 140, 80, 20), "rising +1 junk")
        layout.report("button", *button)
    assert layout.problems(items, (960, 540)) == ['badge "rising +1 junk" covers button "Draw" by 80x10 px']


def test_a_rising_label_keeps_two_pixels_from_text_at_rest_but_not_from_another_rising_label() -> None:
    """Go-Stop's "+1 junk from Bot 2" rose 1 px left of "Brights 0" at 960x540: one line to the eye.
    Labels rising one under another are lines of one list."""
    with layout.recording() as items:
        layout.report("label", pygame.Rect(177, 380, 49, 12), "Brights 0")
        layout.report("badge", pygame.Rect(2, 370, 174, 20), "rising +1 junk from Bot 2")
        layout.report("badge", pygame.Rect(2, 390, 100, 20), "rising bonus card!")
        layout.report("badge", pygame.Rect(300, 370, 100, 20), "rising +1 trick")
        layout.report("label", pygame.Rect(402, 370, 60, 20), "score 3")
    assert layout.problems(items, (960, 540)) == [
        'badge "rising +1 junk from Bot 2" comes within 2 px of label "Brights 0"']


def test_outside_the_window_and_too_short_fields_are_problems() -> None:
    with layout.recording() as items:
        layout.report("label", pygame.Rect(900, 10, 100, 20), "long")
        layout.report("field", pygame.Rect(10, 100, 300, 20), "name")
    assert layout.problems(items, (960, 540)) == [
        'label "long" at (900, 10, 100, 20) is outside the 960x540 window',
        'field "name" is 20 px tall (at least 30)']


def test_reporting_outside_a_recording_costs_nothing_and_kinds_are_checked() -> None:
    layout.report("label", pygame.Rect(0, 0, 5, 5))  # no recording: ignored
    with layout.recording() as items, layout.quiet():
        layout.report("label", pygame.Rect(0, 0, 5, 5))
    assert items == []
    with layout.recording(), pytest.raises(ValueError, match="unknown layout kind"):
        layout.report("blob", pygame.Rect(0, 0, 5, 5))


def test_tables_report_text_plates_buttons_hints_and_card_groups() -> None:
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Button, Sprite, Table

    class Probe(Table):
        def build(self) -> None:
            self.sprites = [Sprite(("h", i), "AS", pygame.Rect(100 + 30 * i, 400, 50, 70), group="hand 0")
                            for i in range(3)]
            self.buttons = [Button(pygame.Rect(600, 400, 120, 40), "Go", {"type": "go"}, 0)]

        def draw_static(self, surface: pygame.Surface) -> None:
            self.plates.draw(surface, 0, (100, 100), [("score 3", (255, 255, 255))])

        def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
            self.hint_bar.draw(surface, [(("confirm",), "play")])

    table = Probe("probe", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    kinds = {(d.kind, d.name) for d in table.reporter.layout_items()}
    assert {("hand", "hand 0"), ("panel", "plate 0"), ("button", "button Go"), ("label", "Go"),
            ("hints", "Enter play")} <= kinds
    hand = next(d for d in table.reporter.layout_items() if d.kind == "hand")
    assert hand.rect == (100, 400, 110, 70)


def test_floating_labels_said_at_one_place_go_under_each_other() -> None:
    """Go-Stop said "+1 junk from Bo" and "+1 junk from You" at one seat in the same instant: one
    smudge of text. A label said where another still floats goes under it, and they rise together."""
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Table

    class Probe(Table):
        def build(self) -> None:
            self.sprites = []

    table = Probe("probe", [0], CardArt(), (960, 540))
    table.callouts.float_text("+1 junk from Bot 3 (normal)", (300, 100))
    table.effects.tick(0.1)
    table.callouts.float_text("+1 junk from You", (300, 100))
    table.callouts.float_text("bonus card!", (300, 100))
    for _ in range(4):
        rects = [table.callouts.float_rect(e.text, e.size, e.pos, e.progress) for e in table.effects.items]
        assert len(rects) == 3 and all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1:])
        table.effects.tick(0.2)
    table.effects.clear()
    table.callouts.float_text("later", (300, 100))
    assert table.effects.items[0].pos == (300, 100)


def test_floating_labels_stay_inside_the_window_all_the_way_up() -> None:
    """"+1 trick" said at a seat along the top edge rose out of the window; a label said near an edge
    now rises inside it, and one a table adds straight to the effects stops at the edge."""
    from cardtable.arcade.anim import Effect
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Table

    table = Table("probe", [0], CardArt(), (960, 540))
    window = pygame.Rect(0, 0, 960, 540)
    table.callouts.float_text("+1 trick", (480, 6))
    table.callouts.float_text("melds 3 cards", (955, 530))
    table.effects.add(Effect("float", "+1 trick", (100, 4), size=0.6))
    for progress in (0.0, 0.5, 1.0):
        rects = [table.callouts.float_rect(e.text, e.size, e.pos, progress) for e in table.effects.items]
        assert all(window.contains(r) for r in rects), rects
    said = table.effects.items[0]
    start, end = (table.callouts.float_rect(said.text, said.size, said.pos, p) for p in (0.0, 1.0))
    assert end.top < start.top  # it still rises


def test_every_text_uses_the_shipped_typeface() -> None:
    import json
    import pathlib

    from cardtable.arcade import ui_theme

    assert fonts.REGULAR.exists() and fonts.BOLD.exists() and (fonts.FONT_DIR / "OFL.txt").exists()
    for block in ui_theme.theme_data().values():
        if isinstance(block, dict) and "font" in block:
            assert block["font"]["regular_path"] == str(fonts.REGULAR)
            assert block["font"]["bold_path"] == str(fonts.BOLD)
    assert json.loads(ui_theme.THEME_PATH.read_text())  # the file on disk stays plain JSON
    root = pathlib.Path(__file__).resolve().parents[1]
    for folder in ("arcade", "bench", "cardtable"):
        for source in (root / folder).rglob("*.py"):
            code = source.read_text(encoding="utf-8")
            assert "SysFont" not in code and "Font(None" not in code, f"{source} uses a system or default font"


# -- every table and every scene at three sizes ---------------------------------------------------

SIZES = ((960, 540), (1280, 720), (1920, 1080))
GAMES = ("spit", "speed", "oh_hell", "go_stop", "rummy", "tractor")


def config(game: str, players: int | None, couch: bool = False, seed: int = 3):
    """The shot's table (you and bots), or two people on one screen (``couch``: Spit and Speed)."""
    from cardtable.arcade.session import LOCAL, YOU, SeatSpec, TableConfig
    from cardtable.arcade.shot import table_config

    if couch:
        return TableConfig(game=game, players=2, seats=[SeatSpec(YOU, name="Ann"), SeatSpec(LOCAL, name="Bo")],
                           seed=3, name="Couch table")
    return table_config(game, seed, players)


def table_moments(game: str, players: int | None, seed: int = 3, limit: int = 400,
                  couch: bool = False) -> dict[int, list[dict]]:
    """A real bot playout frozen at several moments: the first of each phase, the first of each phase
    in which seat 0 is to act (its cursor, lifted card and buttons showing), when seat 0 holds the most
    cards, halfway and the last action (within ``limit``). Two passes of one seeded game: the first
    finds the moments, the second keeps the table's messages there (see shot.present)."""
    from cardtable.arcade.session import DirectSession
    from cardtable.arcade.shot import present

    def start() -> DirectSession:
        session = DirectSession(config(game, players, couch), bots_everywhere=True)
        session.request({"type": "start"})
        return session

    session, firsts, mine, most, n = start(), {}, {}, (-1, 0), 0
    while session.result is None and n < limit:
        view = session.game.view(session.state, 0)
        firsts.setdefault(view.get("phase"), n)
        if session.game.legal(session.state, 0):
            mine.setdefault(view.get("phase"), n)
        most = max(most, (len(view.get("hand") or []), -n))
        if not session.bot_step():
            break
        n += 1
    wanted = set(firsts.values()) | set(mine.values()) | {-most[1], n // 2, n}
    session, frozen = start(), {}
    for k in range(n + 1):
        if k in wanted:
            frozen[k] = present(session.outbox)
        if k == n or not session.bot_step():
            break
    return frozen


def table_problems(game: str, players: int | None = None, card_size: str = "medium",
                   sizes: tuple[tuple[int, int], ...] = SIZES, device: str = "keyboard", couch: bool = False,
                   hints: bool = False, prepare=None) -> list[str]:
    import copy

    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import DirectSession
    from cardtable.arcade.settings import Settings

    found = []
    moments = table_moments(game, players, couch=couch)
    tips: dict[int, object] = {}
    for size in sizes:
        settings = Settings()
        settings.card_size = card_size
        app = App(size=size, fullscreen=False, settings=settings)
        app.mapper.last_device = device
        for at, messages in moments.items():
            session = DirectSession(config(game, players, couch), bots_everywhere=True)
            session.frozen = True
            session.outbox = copy.deepcopy(messages)
            app.session = session
            app.push(TableScene(app))
            app.step(30)  # flights land, faces are drawn
            if hints and not show_a_hint(app.scene.table, tips, at):
                app.pop()
                continue
            if hints:
                app.step(60)  # the cards the hint moves land (in flight they are the motion test's)
            if prepare is not None:
                prepare(app.scene.table)
            found += [f"{game} {size[0]}x{size[1]} after {at} actions: {p}"
                      for p in layout.problems(app.layout_items(), size)]
            app.pop()
        app.shutdown_quietly()
    return found


def show_a_hint(table, tips: dict[int, object], at: int) -> bool:
    """Show the Hint button's answer for seat 0 at this moment (worked out once for every size);
    False when seat 0 has nothing to do."""
    from cardtable.engine.bots.hint import hint

    legal = table.legals.get(0)
    if not legal:
        return False
    if at not in tips:
        tips[at] = hint(table.game_name, table.views[0], legal)
    if tips[at] is None:
        return False
    table.hint_plate.show(0, tips[at])
    return True


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_covers_nothing_at_any_table(game, monkeypatch) -> None:
    """The Hint button's plate at every moment seat 0 has something to do: it lies clear of name
    plates, labels, cards, buttons and the hint bar (Rummy's plate covered the top opponent's plate)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert table_problems(game, sizes=SIZES[:2], hints=True) == []


@pytest.mark.parametrize("card_size", ["medium", "large"])
def test_tractor_my_plate_clears_the_marker_over_a_chosen_card(card_size, monkeypatch) -> None:
    """The cursor on a card you chose: the card stands up and the marker bobs above it (it covered
    "attackers" on your name plate at 960x540)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")

    def choose_the_cursors_card(table) -> None:
        me = table.me
        if table.legals.get(me) and me in table.controls.inputs and table.picking.shown_cards():
            table.picking.selected[me] = {table.controls.inputs[me].cursor % len(table.picking.shown_cards())}
            table.relayout()

    assert table_problems("tractor", card_size=card_size, sizes=SIZES[:2], prepare=choose_the_cursors_card) == []


def test_go_stop_labels_about_my_captures_rise_clear_of_my_prompt(monkeypatch) -> None:
    """"+1 junk from Bo" about my captures started on the prompt line and rose through "Your turn: play
    a card"; it starts above the prompt now."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    prompts, crossings = [], []

    def check(table) -> None:
        with layout.recording() as items:
            table.draw(pygame.Surface(table.size), 1.0)
        mine = [pygame.Rect(d.rect) for d in items if d.kind == "label" and d.name.startswith("Your turn")]
        prompts.extend(mine)
        for progress in (0.0, 0.5, 1.0):
            rect = table.callouts.float_rect("+1 junk from Bot 3 (normal)", 0.6, table.seating.seat_point(table.me), progress)
            crossings.extend(f"{rect} over {p}" for p in mine if rect.colliderect(p))

    table_problems("go_stop", sizes=SIZES[:2], prepare=check)
    assert prompts and crossings == []


@pytest.mark.parametrize("game", GAMES)
def test_every_table_lays_out_without_overlaps_at_three_sizes(game, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert table_problems(game) == []


@pytest.mark.parametrize(("game", "players"), [("go_stop", 2), ("rummy", 5), ("oh_hell", 7), ("oh_hell", 3)])
def test_crowded_tables_with_large_cards_at_the_smallest_window(game, players, monkeypatch) -> None:
    """The most players (or the fewest, whose hands are biggest), large cards, 960x540, a pad's
    wider menu badge ("Start Menu"); no text under MIN_TEXT_PX (Go-Stop for two set "brights 2 · red
    poem 3 · junk 2" at 10 px on your plate)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    with layout.text_sizes() as sizes:
        found = table_problems(game, players, "large", ((960, 540),), device="pad0")
    assert found == [] and small_texts(sizes) == []


def with_badges(word: str):
    """A ``prepare`` for :func:`table_problems`: every seat's plate wears a chip saying ``word`` (a LAN
    table's turn clock, "away", "bot plays"), drawn until each stands where the frame before puts it."""

    def prepare(table) -> None:
        table.set_badges({seat: word for seat in range(8)})  # (a seat the table has not, shows none)
        table.renderer.invalidate()
        surface = pygame.Surface(table.size)
        for _ in range(4):
            table.draw(surface, 1.0)

    return prepare


@pytest.mark.parametrize("players", [7, 3])
def test_a_turn_clock_chip_on_every_plate_of_a_crowded_oh_hell_table(players, monkeypatch) -> None:
    """At 960x540 with large cards, the turn clock's chip across the top of a side seat's plate lay
    under the small hand of the seat above it (7 players); it goes beside the plate there. Its words
    were 11 px."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    with layout.text_sizes() as sizes:
        found = table_problems("oh_hell", players, "large", ((960, 540),), device="pad0", prepare=with_badges("20 s"))
    assert found == [] and small_texts(sizes) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_chip_on_every_plate_covers_nothing(game, monkeypatch) -> None:
    """A LAN table's chips ("bot plays", "away", the turn clock's seconds) on every plate at 960x540:
    Go-Stop's across the top of your plate came 1 px into "You (dealer)" (its own plate's words were
    not kept clear of)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert table_problems(game, sizes=SIZES[:1], prepare=with_badges("bot plays")) == []


@pytest.mark.parametrize("game", ["spit", "speed"])
def test_two_people_on_one_screen_lay_out_without_overlaps(game, monkeypatch) -> None:
    """Spit and Speed with both seats on this screen (each player's half), at the three sizes."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert table_problems(game, couch=True) == []


SCENES_PER_GAME = ("play", "host", "lobby", "rules", "pause")
SCENES_ONCE = ("title", "join", "settings", "keyboard")


def scene_problems(scene: str, game: str, sizes: tuple[tuple[int, int], ...] = SIZES,
                   players: int | None = None) -> list[str]:
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import build_scene

    found = []
    for size in sizes:
        app = App(size=size, fullscreen=False, settings=Settings())
        app.lan_interfaces = ["127.0.0.1"]
        build_scene(app, scene, game, 3, 10, players)
        app.step(10)
        found += [f"{scene} ({game}) {size[0]}x{size[1]}: {p}" for p in layout.problems(app.layout_items(), size)]
        found += [f"{scene} ({game}) {size[0]}x{size[1]}: {p}" for p in clipped_buttons(app)]
        app.shutdown_quietly()
    return found


def spectator_touching(game: str, notices: bool) -> list[str]:
    """What a spectator's "Watching" chip and offer of a free seat (and with ``notices``, two presence
    notices) touch (inflated by 1 px) of the rest of the frame, at 960x540 and 1280x720, and the
    frame's layout problems."""
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import build_scene

    touching = []
    for size in SIZES[:2]:
        app = App(size=size, fullscreen=False, settings=Settings())
        try:
            build_scene(app, "watching", game, 3, 10, None)
            if notices:  # "Ann left - a bot plays for Ann until Ann is back", "Lee is watching"
                lobby = app.scene.presence.lobby
                seats = [dict(s) for s in lobby["seats"]]
                seats[0].update(connected=False, bot_playing=True)
                app.scene.presence.on_lobby({**lobby, "seats": seats, "spectators": 3, "watching": ["Zoe", "Kim", "Lee"]})
            app.step(10)
            items = app.layout_items()
            assert app.scene.watching and app.scene.presence.take_rect.width > 0
            ours = [d for d in items if d.name in ("Watching", "Take the seat") or d.name.startswith("notice ")]
            assert [d.kind for d in ours] == ["badge"] * (2 if notices else 0) + ["badge", "button"]
            drawn = [d for d in items if d not in ours and d.owner not in {d.name for d in ours}]
            assert any(d.kind == "hand" for d in drawn)
            touching += [f"{size}: {mine.name} touches {d.describe()}" for mine in ours
                         for d in drawn + [o for o in ours if o is not mine] if mine.box.inflate(2, 2).colliderect(d.box)]
            # a seat badge ("bot plays") of a player who left, drawn by the table, comes 1-2 px into that
            # seat's hand or the menu badge at 960x540 when a spectator watches: the tables' to fix
            # (issue 22: arcade/tables/ is being split), not the chip's or the offer's
            touching += [f"{size}: {p}" for p in layout.problems(items, size)]
        finally:
            app.shutdown_quietly()
    return touching


@pytest.mark.parametrize("game", GAMES)
def test_a_spectators_chip_and_offer_touch_nothing_the_table_drew(game, monkeypatch) -> None:
    """The "Watching" chip and the offer of a free seat stood on the top seat's cards (Speed, Oh Hell),
    name plates (Rummy, Go-Stop, Tractor) and captures at 960x540 (issue 10); they go where they touch
    nothing the frame reported, at both sizes of the issue."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert spectator_touching(game, notices=False) == []


@pytest.mark.parametrize("game", GAMES)
def test_presence_notices_touch_nothing_the_table_drew(game, monkeypatch) -> None:
    """Two presence notices under the menu badge covered Bo's name plate in Go-Stop and the empty
    stockpile in Speed at 960x540 (issue 10); they go where they touch nothing the frame reported, and
    a spectator's chip and offer still keep clear of them, at both sizes of the issue."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert spectator_touching(game, notices=True) == []


def test_the_rules_say_how_to_scroll_with_the_device_in_use(monkeypatch) -> None:
    """"more (Down)" told a mouse user to press a key; the wheel scrolls there."""
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.rules import RulesScene
    from cardtable.arcade.settings import Settings

    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    try:
        app.push(RulesScene(app))
        app.step(2)
        for device, key in (("keyboard", "Down"), ("mouse", "Wheel"), ("pad0", "D-pad")):
            app.mapper.last_device = device
            assert f"more  ({key})" in [d.name for d in app.layout_items()], device
    finally:
        app.shutdown_quietly()


def clipped_buttons(app) -> list[str]:
    """Buttons whose text's line is taller than the button (pygame-gui clips it: "Rejoin" read "Reioin");
    a cycler's arrows (one small sign, no ascender or descender) fit any row."""
    out = []
    for element in app.manager.get_root_container().elements:
        if type(element).__name__ == "UIButton" and element.visible and element.text not in ("", "<", ">"):
            line = element.font.size(element.text)[1]
            if line > element.rect.height - 2:
                out.append(f'button "{element.text}" is {element.rect.height} px tall for a {line} px line')
    return out


def test_the_title_with_two_tables_to_rejoin_fits_its_buttons_at_the_smallest_window(monkeypatch) -> None:
    from types import SimpleNamespace

    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    try:
        app.step(2)
        title = app.scene
        title.rejoinable = [(None, SimpleNamespace(name=f"{who}'s table", key=who)) for who in ("Ann", "Bo")]
        title.rebuild()
        app.step(2)
        assert len(title.ring.items) == 10  # two Rejoin rows and the eight entries
        assert clipped_buttons(app) == []
        assert layout.problems(app.layout_items(), app.size) == []
    finally:
        app.shutdown_quietly()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_scene_lays_out_without_overlaps_at_three_sizes(game, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert [p for scene in SCENES_PER_GAME for p in scene_problems(scene, game)] == []


def test_a_lobby_of_seven_seats_clears_the_hint_bar(monkeypatch) -> None:
    """Oh Hell for seven at 960x540: the lobby's Start and Leave lay under the hint bar and its panel ran
    out of the window (the host's "Others join..." line too); its rows close up there."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert [p for scene in ("lobby", "host_lobby") for p in scene_problems(scene, "oh_hell", SIZES[:2], 7)] == []


def test_the_other_scenes_lay_out_without_overlaps_at_three_sizes(monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    assert [p for scene in SCENES_ONCE for p in scene_problems(scene, "oh_hell")] == []


@pytest.mark.parametrize("game", GAMES)
def test_results_of_a_real_game_lay_out_without_overlaps(game, monkeypatch) -> None:
    """The results scene after a whole bot game (footnote above the hint bar)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.results import ResultsScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session

    session = direct_session(game, 3, None, 0, to_end=True)
    names = [s.name or f"{s.level} bot" for s in session.config.seats]
    found = []
    for size in SIZES:
        app = App(size=size, fullscreen=False, settings=Settings())
        app.push(ResultsScene(app, session.result or {}, names, session.game.title, session.local_seats,
                              session.config))
        app.step(5)
        found += [f"{size}: {p}" for p in layout.problems(app.layout_items(), size)]
        app.shutdown_quietly()
    assert found == []


@pytest.mark.parametrize("game", ["oh_hell", "spit"])
def test_the_pause_menu_of_a_hosted_game_keeps_its_note_off_the_hint_bar(game, monkeypatch) -> None:
    """The tallest pause menu: a hosted table's address row, and the line saying whether the game goes on
    while it is open (a turn game's and a real-time game's words)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import build_scene

    found, notes = [], []
    for size in SIZES:
        app = App(size=size, fullscreen=False, settings=Settings())
        app.lan_interfaces = ["127.0.0.1"]
        build_scene(app, "host_pause", game, 3, 10, None)
        app.step(10)
        items = app.layout_items()
        notes += [i.name for i in items if "menu is open" in i.name]
        found += [f"{size}: {p}" for p in layout.problems(items, size)]
        app.shutdown_quietly()
    assert len(notes) == len(SIZES)
    assert found == []


# -- in motion: deals, flying cards, rising labels, banners; text sizes -------------------------------

MIN_TEXT_PX = 12  # at 960x540, in the tables' text size (capitals about 0.46 px tall, see arcade/fonts.py)


def motion_problems(items: list, size: tuple[int, int], me: int | None) -> list[str]:
    """A frame in motion: the layout's rules (things in motion included, see arcade/layout.py), and no
    button offered while cards still fly into your hand (from elsewhere: not cards closing up or
    spreading out in it, whose middles stay level with the hand's row, however far they slide along
    it: Rummy's first card moved 48 px out when a Hint step left fewer cards to spread, its middle 13 px
    left of the new box; the last one slid 1.6 cards' widths when a step took three)."""
    found = layout.problems(items, size)
    hands = [i.box for i in items if i.kind == "hand" and i.name == f"hand {me}"]
    arriving = [i for i in items if layout.in_motion(i) and i.kind == "cards" and i.owner == f"hand {me}"
                and not any(h.top <= i.box.centery < h.bottom for h in hands)]
    buttons = [i for i in items if i.kind == "button"]
    if arriving and buttons:
        found.append(f"{buttons[0].describe()} offered while {len(arriving)} cards still fly into hand {me}")
    return found


def played_in_motion(game: str, size: tuple[int, int], actions: int = 40, looks: tuple[int, ...] = (1, 8, 24),
                     players: int | None = None, seed: int = 3) -> tuple[list[str], list[tuple[str, float]]]:
    """A seeded bot game from its deal, ``actions`` actions, each followed by its animation: the frames
    ``looks`` ticks after it are checked (:func:`motion_problems`). Returns the problems (each once)
    and every text size set meanwhile."""
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import DirectSession
    from cardtable.arcade.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    session = DirectSession(config(game, players, seed=seed), bots_everywhere=True)
    session.frozen = True  # the bots act when the test says
    session.request({"type": "start"})
    app.session = session
    found: dict[str, None] = {}
    try:
        with layout.text_sizes() as sizes:
            app.push(TableScene(app))
            for n in range(actions + 1):
                for tick in range(1, max(looks) + 1):
                    app.step(1)
                    if tick in looks and app.scene.table is not None:
                        for p in motion_problems(app.layout_items(), size, app.scene.table.me):
                            found.setdefault(f"{game} {size[0]}x{size[1]} action {n} +{tick}: {p}")
                if n == actions or not session.bot_step():
                    break
    finally:
        app.shutdown_quietly()
    return list(found), sizes


def small_texts(sizes: list[tuple[str, float]]) -> list[str]:
    return sorted({f'"{text}" at {px:g} px' for text, px in sizes if round(px) < MIN_TEXT_PX})


def buttons_while_cards_pass(game: str, size: tuple[int, int], actions: int = 20) -> tuple[list[str], int]:
    """A seeded bot game, frame by frame: the buttons a card in motion passes under that were not drawn
    though neither their seat's cards still flew in nor a banner or rising label passed over them (each
    once), and how many times a drawn button had a card in motion under it."""
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import DirectSession
    from cardtable.arcade.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    session = DirectSession(config(game, None), bots_everywhere=True)
    session.frozen = True
    session.request({"type": "start"})
    app.session = session
    vanished: dict[str, None] = {}
    under = 0
    try:
        app.push(TableScene(app))
        for n in range(actions + 1):
            for tick in range(1, 31):
                app.step(1)
                table = app.scene.table
                items = app.layout_items()
                flying = [i.box for i in items if layout.in_motion(i) and i.kind == "cards"]
                drawn = {i.rect for i in items if i.kind == "button"}
                for button in table.buttons:
                    if button.rect.collidelist(flying) < 0:
                        continue
                    if tuple(button.rect) in drawn:
                        under += 1
                    elif not (button.seat is not None and table.arriving(button.seat)) \
                            and button.rect.collidelist(table.callouts.showing()) < 0:
                        vanished.setdefault(f"{game} {size[0]}x{size[1]} action {n} +{tick}: {button.label}")
            if n == actions or not session.bot_step():
                break
    finally:
        app.shutdown_quietly()
    return list(vanished), under


def test_a_button_stays_drawn_while_cards_pass_under_it(monkeypatch) -> None:
    """Rummy's Meld, Draw, Hint and "+" vanished for ~0.2 s while a card glided to a meld or into the
    hand across them: the cards are drawn under the buttons, which stay."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    vanished, under = buttons_while_cards_pass("rummy", (960, 540))
    assert vanished == [] and under > 0


IN_MOTION = [
    "spit", "speed",
    "oh_hell",  # a card you play while your hand is still being dealt rose from the bottom edge
    "go_stop",  # rising labels over the result, its buttons and texts; the result under its last banner
    "rummy",  # cards flying over the "+" buttons, Draw and Hint; the hand-over banner over a "+"
    "tractor",
]


@pytest.mark.parametrize("game", IN_MOTION)
def test_every_table_in_motion_at_three_sizes(game, monkeypatch) -> None:
    """Deals, cards played and gathered, rising labels and banners, frame by frame after each action,
    at the three sizes: nothing in motion covers a button or the hint bar, nothing leaves the window,
    no button is offered while your cards still fly in, and no text is set under MIN_TEXT_PX at
    960x540."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    found, texts = [], []
    for size in SIZES:
        problems, sizes = played_in_motion(game, size)
        found += problems
        if size == SIZES[0]:
            texts = small_texts(sizes)
    assert found == [] and texts == []


def test_oh_hell_dealt_by_you_deals_inside_the_window(monkeypatch) -> None:
    """Oh Hell for three: a hand you dealt flew from your seat's centre, the cards' corners there, so they
    started below the window's edge and over the hint bar (its 40th action, at every size)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    found, _ = played_in_motion("oh_hell", (960, 540), players=3)
    assert found == []


def test_rummys_final_scores_wait_for_the_last_hands_banner(monkeypatch) -> None:
    """Rummy (seed 8, a short game): "Hand over: Bot 3 (normal) +223" was drawn over the final scores;
    they show once the banner has gone."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    found, _ = played_in_motion("rummy", (960, 540), actions=50, seed=8)
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_no_table_text_under_the_minimum_at_the_smallest_window(game, monkeypatch) -> None:
    """Every moment the layout test looks at (each phase, your turns, the fullest hand, the end), at
    960x540: no text set under MIN_TEXT_PX (the score sheet's 8 px, Tractor's last-trick names and the
    10 px "S" of its starter key)."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    with layout.text_sizes() as sizes:
        table_problems(game, sizes=SIZES[:1])
    assert sizes and small_texts(sizes) == []


def test_a_hands_review_over_the_table_sets_its_moments_at_12_px_or_more_clear_of_their_buttons(monkeypatch) -> None:
    """Go-Stop's "Hand 2 over" at 960x540 (seen under Xvfb): a long moment was set at 11 px and ran under
    its "Watch this moment" button. One size for every line, never under 12, a long one cut with "…"."""
    from types import SimpleNamespace

    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.results import HandReviewScene
    from cardtable.arcade.settings import Settings

    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    long = ("You played 07B: lays the bush clover ribbon for the others to take while your paulownia double junk "
            "captures the paulownia junk")
    for size in SIZES[:2]:
        app = App(size=size, fullscreen=False, settings=Settings())
        try:
            scene = next(HandReviewScene.examples(app))
            app.push(scene)
            app.step(2)
            scene.moments = [SimpleNamespace(sentence=long, kind="blunder", step=3),
                             SimpleNamespace(sentence="Bo stopped at 11 points: you paid 24", kind="swing", step=9)]
            scene.rebuild()
            app.step(2)
            with layout.text_sizes() as sizes:
                items = app.layout_items()
            assert layout.problems(items, size) == []
            lines = [px for text, px in sizes if text.startswith(("You played", "Bo stopped"))]
            assert len(lines) == 2 and min(lines) >= 12 and len(set(lines)) == 1, sizes
        finally:
            app.shutdown_quietly()
