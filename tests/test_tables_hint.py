"""The Hint button at every table, headless: H (keyboard), a stick click (pad) and the pause menu (mouse,
keyboard or pad) show the hard bot's suggestion: its cards, pile or button glow and its reason is said.
Off at a LAN table unless its host allows hints in the lobby."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade.input import Command
from cardtable.arcade.tables.base import HINT

PLAYERS = {"spit": 2, "speed": 2, "go_stop": 2, "rummy": 2, "oh_hell": 4, "tractor": 4}


@pytest.fixture()
def app(lan_app):
    return lan_app


def table_scene(app, game: str, seed: int = 3):
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import BOT, YOU, DirectSession, SeatSpec, TableConfig

    seats = [SeatSpec(YOU)] + [SeatSpec(BOT, "random") for _ in range(PLAYERS[game] - 1)]
    app.session = DirectSession(TableConfig(game=game, players=PLAYERS[game], seats=seats, seed=seed, bot_speed=0.0))
    scene = TableScene(app, auto_start=True)
    app.push(scene)
    for _ in range(400):
        app.step(1)
        if scene.table is not None and scene.table.legals.get(0):
            break
    assert scene.table.legals.get(0), f"{game}: the local seat never had anything to do"
    return scene


def wait_for_hint(app, scene) -> None:
    for _ in range(200):
        job = scene.hinting.job
        if job is not None:
            job.thread.join(10)
        app.step(1)
        if scene.hinting.job is None and scene.table.hint_plate.hinted is not None:
            return
    raise AssertionError("no hint was shown")


def shown(scene) -> tuple:
    table = scene.table
    seat, tip, _ = table.hint_plate.hinted
    assert seat == 0
    assert table.hint_plate.targets() or any(t.text.startswith("Hint: ") for t in table.toasts)
    glowing = [s for s in table.sprites if s.glow == HINT]
    lit = [b for b in table.buttons if b.hinted]
    return tip, glowing, lit


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_h_shows_the_hard_bots_suggestion(app, game: str) -> None:
    scene = table_scene(app, game)
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(2)
    wait_for_hint(app, scene)
    tip, glowing, lit = shown(scene)
    assert tip.action in scene.table.legals[0] or "choose" in str(scene.table.legals[0])
    if tip.cards and tip.action["type"] == "play":
        assert {s.code for s in glowing} >= set(tip.cards)
    if tip.pile is not None:
        assert any(s.hit == ("pile", tip.pile) for s in glowing)
    if not tip.cards and tip.pile is None:
        assert lit or tip.reason, tip
    surface = pygame.Surface(app.size)
    scene.table.draw(surface, 1.0)


@pytest.mark.parametrize("game", ["oh_hell", "speed"])
def test_a_pad_stick_click_and_the_pause_menu_give_hints_too(app, game: str) -> None:
    scene = table_scene(app, game)
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_LEFTSTICK, instance_id=7))
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_LEFTSTICK, instance_id=7))
    app.step(2)
    wait_for_hint(app, scene)
    scene.table.hint_plate.hinted = None
    app.feed(Command("menu", "mouse"))
    app.step(2)
    assert app.scene.name == "pause"
    app.scene.ring.focus_name("hint")
    app.feed(Command("confirm", "keyboard"))
    app.step(2)
    assert app.scene is scene
    wait_for_hint(app, scene)
    shown(scene)


def test_the_hint_goes_when_the_position_changes(app) -> None:
    scene = table_scene(app, "oh_hell")
    scene.hinting.ask(0)
    wait_for_hint(app, scene)
    tip = scene.table.hint_plate.hinted[1]
    app.session.send(0, tip.action)
    for _ in range(20):
        app.step(1)
        if scene.table.hint_plate.hinted is None:
            break
    assert scene.table.hint_plate.hinted is None
    assert not any(s.glow == HINT for s in scene.table.sprites)


def test_no_hints_at_a_lan_table_unless_the_host_allows_them(app) -> None:
    scene = table_scene(app, "oh_hell")
    scene.app.session.private = False  # as if this table were open to the LAN
    scene.hinting.ask(0)
    app.step(2)
    assert scene.hinting.job is None and scene.table.hint_plate.hinted is None
    assert any("Hints are off" in t.text for t in scene.table.toasts)
    app.feed(Command("menu", "keyboard"))
    app.step(2)
    hint = next(item for item in app.scene.ring.items if item.name == "hint")  # in its place, disabled
    assert not hint.enabled and hint.element.text == "Hint (off at this table)"
    app.scene.back()
    app.step(1)
    scene.on_message({"type": "lobby", "seats": [], "started": True, "hints": True})
    scene.hinting.ask(0)
    wait_for_hint(app, scene)


@pytest.mark.parametrize("game", ["oh_hell", "go_stop", "rummy", "tractor"])
def test_the_hints_plate_covers_no_button_and_no_card_of_the_hand_at_the_smallest_window(tmp_path, monkeypatch,
                                                                                        game: str) -> None:
    """The plate sits over the cards it lights, or beside or under the lit button or pile, wherever it
    covers nothing the player may want next (Oh Hell's plate once hid the other bid buttons)."""
    from cardtable.arcade import layout
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    app.lan_interfaces = ["127.0.0.1"]
    try:
        scene = table_scene(app, game, seed=1)
        app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
        app.step(2)
        wait_for_hint(app, scene)
        items = app.layout_items()
        plates = [i for i in items if i.name == "hint"]
        assert len(plates) == 1
        plate = pygame.Rect(plates[0].rect)
        buttons = [b.rect for b in scene.table.buttons]
        hand = [s.rect for s in scene.table.sprites if s.seat == 0 and s.group.startswith("hand")]
        assert plate.collidelist(buttons) < 0 and plate.collidelist(hand) < 0
        assert layout.problems(items, app.size) == []
    finally:
        app.shutdown_quietly()


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_hint_bar_names_the_hint_button_while_you_have_something_to_do(app, game: str) -> None:
    """A newcomer learns from the table itself that H (a stick click on a pad) suggests a move; not
    at a LAN table whose host keeps hints off."""
    scene = table_scene(app, game)
    table = scene.table
    if table.realtime:  # the real-time tables move on by themselves: the bar's contents, for a position
        table.legals[0] = [{"type": "flip"}]
        assert (("hint",), "hint") in table.hint_bar.with_hint_button(0, [])
    else:
        bars: list[list] = []
        draw = table.hint_bar.image
        table.hint_bar.image = lambda seat, hints, *rest: bars.append(list(hints)) or draw(seat, hints, *rest)
        app.step(1)
        assert bars and (("hint",), "hint") in bars[-1]
    scene.hinting.by_host, app.session.private = False, False
    app.step(1)
    table.legals[0] = [{"type": "flip"}] if table.realtime else table.legals[0]
    assert (("hint",), "hint") not in table.hint_bar.with_hint_button(0, [])


def test_an_oh_hell_seat_that_bids_later_reads_to_bid_not_bidding(app) -> None:
    """Only the seat deciding now is "bidding..."; the others still to bid read "to bid"."""
    scene = table_scene(app, "oh_hell")
    table = scene.table
    plates: dict[int, list[str]] = {}
    plate = table.plates.draw

    def spy(surface, seat, centre, lines, *args, **kwargs):
        plates[seat] = [text for text, _ in lines]
        return plate(surface, seat, centre, lines, *args, **kwargs)

    table.plates.draw = spy
    view = dict(table.views[0])
    assert view["phase"] == "bid" and view["turn"] == 0
    # a later hand: seat 1 deals, so seats 2 and 3 have bid and seat 1 bids after seat 0
    view.update(dealer=1, bids=[None, None, 1, 0], has_bid=[False, False, True, True])
    table.set_view(0, view, table.legals[0], [])
    app.step(1)
    assert plates[0][0] == "bidding..."
    assert plates[1][0] == "to bid"
    assert plates[2][0].startswith("bid 1")


def test_the_settings_controls_list_names_the_hint_keys() -> None:
    """The Hint button has keys of its own; the Controls list in Settings says which."""
    from cardtable.arcade.input import _KEY_LABELS, _PAD_LABELS, _SPLIT_P1_LABELS
    from cardtable.arcade.scenes.settings import BINDINGS

    row = next(r for r in BINDINGS if r[0].startswith("Hint"))
    assert row[1] == _KEY_LABELS["hint"] and _PAD_LABELS["hint"] in row[2] and _SPLIT_P1_LABELS["hint"] in row[3]


def test_the_hint_button_is_not_offered_while_there_is_nothing_to_choose(app) -> None:
    """Speed's count: the only action is Ready (the table sends it): no "hint" in the bar then."""
    scene = table_scene(app, "speed")
    table = scene.table
    assert table.offer_hint
    table.legals[0] = [{"type": "ready"}]
    assert (("hint",), "hint") not in table.hint_bar.with_hint_button(0, [])
    table.legals[0] = [{"type": "ready"}, {"type": "flip"}]
    assert (("hint",), "hint") in table.hint_bar.with_hint_button(0, [])


def test_tractor_tells_a_mouse_user_the_buttons_can_be_clicked(app) -> None:
    scene = table_scene(app, "tractor")
    table = scene.table
    bars: list[list] = []
    draw = table.hint_bar.draw
    table.hint_bar.draw = lambda surface, hints, *rest, **kw: bars.append(list(hints)) or draw(surface, hints, *rest, **kw)
    table.legals[0] = [{"type": "pass"}]
    table.zone[0] = "menu"
    table.controls.mouse_active = True
    app.step(1)
    assert ((), "or click a button") in bars[-1]
    table.controls.mouse_active = False
    app.step(1)
    assert ((), "or click a button") not in bars[-1]


@pytest.mark.parametrize("game", ["go_stop", "oh_hell", "tractor"])
def test_h_then_enter_plays_the_hinted_action(app, game: str) -> None:
    scene = table_scene(app, game)
    table = scene.table
    hand = list(table.views[0].get("hand") or [])
    table.controls.inputs[0].cursor = len(hand) - 1  # away from where the hint will point, most likely
    if game == "oh_hell":
        table.bidding.focus[0] = 0
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(2)
    wait_for_hint(app, scene)
    tip = table.hint_plate.hinted[1]
    chosen = table.on_confirm(0)
    assert chosen == [(0, tip.action)] or (game == "go_stop" and table.picking.picked.get(0) == tip.action.get("card")), (
        tip, chosen)


@pytest.mark.parametrize("game", ["rummy", "tractor"])
def test_esc_clears_a_selection_before_it_opens_the_menu(app, game: str) -> None:
    from cardtable.arcade.scenes.table import TableScene

    scene = table_scene(app, game)
    table = scene.table
    if game == "rummy":
        table.editor.sel_hand.add(0)
    else:
        table.picking.selected[0] = {0}
    assert table.has_selection(0)
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(2)
    assert not table.has_selection(0)
    assert isinstance(app.scenes[-1], TableScene), "Esc opened the menu over a selection"
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(2)
    assert not isinstance(app.scenes[-1], TableScene), "Esc with nothing selected opens the menu"


def test_a_hint_lights_the_card_in_the_hand_not_its_twin_on_the_table() -> None:
    """Two decks hold two of a card: Rummy's table may show one KD (built before the hand) while the
    hint plays the other, from the hand."""
    from types import SimpleNamespace

    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Sprite, Table

    pygame.init()
    table = Table("probe", [0], CardArt(), (960, 540))
    on_table = Sprite(("t", "KD", 0), "KD", pygame.Rect(100, 100, 60, 90), seat=0, group="meld 0")
    in_hand = Sprite(("h", "KD", 0), "KD", pygame.Rect(100, 400, 60, 90), seat=0, group="hand 0")
    other = Sprite(("h", "3C", 0), "3C", pygame.Rect(170, 400, 60, 90), seat=0, group="hand 0")
    table.sprites = [on_table, in_hand, other]
    tip = SimpleNamespace(cards=["KD"], pile=None, place=None, action={"type": "meld"})
    assert table.hint_plate.sprites(0, tip) == [in_hand]


@pytest.mark.parametrize("game", ["spit", "speed"])
def test_a_real_time_hint_moves_the_cursor_and_target_so_confirm_plays_it(game: str) -> None:
    """Spit and Speed: the hint's card gets the cursor and its pile the target, wherever they were."""
    import random
    from types import SimpleNamespace

    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables import make_table
    from cardtable.engine import get_game

    pygame.init()
    engine, rng, checked = get_game(game), random.Random(4), 0
    state = engine.new(2, 4, None)
    table = make_table(game, [0], CardArt(), (960, 540))
    for _ in range(300):
        legal = engine.legal(state, 0)
        table.set_view(0, engine.view(state, 0), legal, [])
        for play in [a for a in legal if a.get("type") == "play"]:
            inputs = table.controls.inputs[0]
            cards = table.cursor_cards(0)
            inputs.cursor = (cards.index(play["card"]) + 1) % len(cards)  # elsewhere
            inputs.target = 1 - play["pile"]
            table.follow_hint(0, SimpleNamespace(action=play, cards=(play["card"],), pile=play["pile"], place=None))
            assert table.on_confirm(0) == [(0, play)]
            checked += 1
        seats = [s for s in range(2) if engine.legal(state, s)]
        if not seats:
            break
        seat = rng.choice(seats)
        engine.apply(state, seat, rng.choice(engine.legal(state, seat)))
    assert checked >= 5


def test_nothing_to_do_goes_when_the_turn_comes(app) -> None:
    """H while a bot plays says "Nothing to do just now"; once the seat's view changes (its turn) the
    words go after a moment to read them, rather than stand over "Your turn"."""
    scene = table_scene(app, "go_stop")
    table = scene.table
    legal, table.legals[0] = table.legals[0], []
    scene.hinting.ask(0)
    table.legals[0] = legal
    assert [t.text for t in table.toasts.items] == ["Nothing to do just now"]
    table.toasts.position_changed(0)  # what a new view for the seat does
    for _ in range(90):  # 1.5 s, less than the 2.6 s a toast stands otherwise
        table.toasts.tick(1 / 60)
    assert table.toasts.items == []
