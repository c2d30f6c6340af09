"""Tractor's automatic draw (``Table.auto_actions``): the draw phase runs without a press per card.

- Through the table and the engine: the local seat's 25 draws happen with no input at all, each one
  listed and accepted by the engine, never two from one view, never before the pause.
- Declaring during the automatic draw: a Declare button chosen (keyboard) or under the pointer holds
  the draw; pressing it declares; drawing then goes on by itself.
- Through the table scene with an in-process session: the scene polls and sends the draws, and not
  while its pause menu is open.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from cardtable.arcade.cardart import CardArt
from cardtable.arcade.input import Command
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.tractor import AUTO_DRAW_IDLE, AUTO_DRAW_PAUSE, TractorTable
from cardtable.engine import get_game
from cardtable.engine.bots import get_bot

TICK = 1 / 120
Action = dict[str, Any]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


class Drive:
    """An engine state, a Tractor table for seat 0, random bots for the others (applied at once)."""

    def __init__(self, seed: int) -> None:
        self.game = get_game("tractor")
        self.state = self.game.new(4, seed, None)
        self.table = make_table("tractor", [0], CardArt(), (1280, 720))
        assert isinstance(self.table, TractorTable)
        self.bot = get_bot("tractor", "random")
        self.rng = random.Random(seed)
        self.surface = pygame.Surface((1280, 720))
        self.auto_draws = 0
        self.push([])

    def push(self, events: list[dict[str, Any]]) -> None:
        self.table.set_view(0, self.game.view(self.state, 0), self.game.legal(self.state, 0), events)

    def phase(self) -> str:
        return str(self.state.phase)

    def mine(self) -> bool:
        return 0 in self.game.to_act(self.state) and bool(self.game.legal(self.state, 0))

    def bots_play(self) -> None:
        """The other seats act until it is seat 0's turn or the draw phase is over."""
        while self.phase() == "draw" and not self.mine():
            seat = self.game.to_act(self.state)[0]
            legal = self.game.legal(self.state, seat)
            action = self.bot.choose(self.game.view(self.state, seat), legal, self.rng)
            self.push(self.game.apply(self.state, seat, action))

    def apply(self, sends: list[tuple[int, Action]]) -> None:
        for seat, action in sends:
            assert seat == 0
            assert action in self.game.legal(self.state, 0), action
            self.push(self.game.apply(self.state, 0, action))  # an IllegalAction fails the test

    def tick_until_auto(self, limit: int = 600) -> tuple[int, list[tuple[int, Action]]]:
        """Ticks (and the table's auto actions) until it sends something; (ticks taken, sends)."""
        for n in range(1, limit + 1):
            self.table.tick(TICK)
            sends = self.table.auto_actions()
            if sends:
                return n, sends
        return limit, []


def test_tractor_draw_phase_completes_with_no_input() -> None:
    d = Drive(3)
    pause_ticks = round(AUTO_DRAW_PAUSE / TICK)
    while d.phase() == "draw":
        d.bots_play()
        if d.phase() != "draw":
            break
        n, sends = d.tick_until_auto()
        assert sends == [(0, {"type": "draw"})], "seat 0 is to draw but the table did not"
        assert n >= pause_ticks - 1, "the card before must show for the pause"
        for _ in range(200):  # the host has not answered yet: no second draw from the same view
            d.table.tick(TICK)
            assert d.table.auto_actions() == []
        d.apply(sends)
        d.auto_draws += 1
        if d.auto_draws == 1:
            d.table.draw(d.surface, 1.0)
    assert d.auto_draws == 25
    assert len(d.game.view(d.state, 0)["hand"]) == 25
    assert d.phase() == "declare"
    for _ in range(240):  # the last say is a real choice: never made for the player
        d.table.tick(TICK)
        assert d.table.auto_actions() == []


def first_declare(d: Drive) -> None:
    """Play the draw automatically until seat 0 may declare on its turn."""
    while d.phase() == "draw":
        d.bots_play()
        if any(a["type"] == "declare" for a in d.game.legal(d.state, 0)):
            return
        _n, sends = d.tick_until_auto()
        d.apply(sends)
    pytest.fail("seat 0 never could declare")


def test_declaring_by_keyboard_during_auto_draw() -> None:
    d = Drive(15)  # seat 0 may first declare with 22 cards drawn automatically
    first_declare(d)
    table = d.table
    assert table.zone.get(0) == "menu"
    d.apply(table.handle(Command("right", "keyboard"), 0))  # from Draw to the first Declare button
    for _ in range(round(3 * AUTO_DRAW_IDLE / TICK)):
        table.tick(TICK)
        assert table.auto_actions() == [], "a chosen Declare button holds the automatic draw"
    assert "Declare" in table.autodraw.held(0)
    sends = table.handle(Command("confirm", "keyboard"), 0)
    assert [a["type"] for _s, a in sends] == ["declare"]
    d.apply(sends)
    view = d.game.view(d.state, 0)
    assert view["declaration"]["seat"] == 0 and view["phase"] == "draw"
    n, sends = d.tick_until_auto()
    assert sends == [(0, {"type": "draw"})], "drawing goes on after the declaration"
    assert n >= round(AUTO_DRAW_IDLE / TICK) - 1, "not at once after a press"
    d.apply(sends)


def test_pointer_on_a_declare_button_holds_the_draw_and_a_click_declares() -> None:
    d = Drive(12)  # seat 0 may first declare with 7 cards drawn
    first_declare(d)
    table = d.table
    button = next(b for b in table.buttons if (b.action or {}).get("type") == "declare")
    table.handle(Command("point", "mouse", pos=button.rect.center), None)
    for _ in range(round(3 * AUTO_DRAW_IDLE / TICK)):
        table.tick(TICK)
        assert table.auto_actions() == []
    sends = table.handle(Command("click", "mouse", pos=button.rect.center), None)
    assert [a["type"] for _s, a in sends] == ["declare"]
    d.apply(sends)
    table.handle(Command("point", "mouse", pos=(5, 700)), None)
    _n, sends = d.tick_until_auto()
    assert sends == [(0, {"type": "draw"})]


def test_a_manual_draw_is_not_followed_by_an_automatic_one_from_the_same_view() -> None:
    d = Drive(5)
    d.bots_play()
    table = d.table
    button = next(b for b in table.buttons if (b.action or {}).get("type") == "draw")
    sends = table.handle(Command("click", "mouse", pos=button.rect.center), None)
    assert sends == [(0, {"type": "draw"})]
    for _ in range(round(3 * AUTO_DRAW_IDLE / TICK)):
        table.tick(TICK)
        assert table.auto_actions() == []


def test_other_tables_send_nothing_on_their_own() -> None:
    game = get_game("oh_hell")
    state = game.new(4, 1, None)
    table = make_table("oh_hell", [0], CardArt(), (1280, 720))
    table.set_view(0, game.view(state, 0), game.legal(state, 0), [])
    for _ in range(120):
        table.tick(TICK)
        assert table.auto_actions() == []


def test_table_scene_sends_the_automatic_draws(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.pause import PauseScene
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import BOT, YOU, DirectSession, SeatSpec, TableConfig
    from cardtable.arcade.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    try:
        seats = [SeatSpec(YOU)] + [SeatSpec(BOT, "random")] * 3
        session = DirectSession(TableConfig(game="tractor", players=4, seats=seats, seed=3, bot_speed=0.02))
        app.session = session
        scene = TableScene(app, auto_start=True)
        app.push(scene)
        app.step(30, render=False)
        pause = PauseScene(app, scene)
        app.push(pause)
        for _ in range(20):
            app.step(30, render=False)
        assert session.state.phase == "draw" and session.state.turn == 0, "the game waits under the menu"
        held = len(session.state.hands[0])
        app.step(120, render=False)
        assert len(session.state.hands[0]) == held
        app.pop()
        for _ in range(400):
            app.step(30, render=False)
            if session.state.phase != "draw":
                break
        assert session.state.phase == "declare", "the draw phase ends with no input from seat 0"
        assert len(session.state.hands[0]) == 25
        assert not scene.failures
    finally:
        app.shutdown_quietly()


def draw_phase_seconds(bot_speed: str, monkeypatch) -> float:
    """Simulated seconds (fixed ticks, no wall clock) the draw phase of a local game with three bots
    takes at ``bot_speed``, seat 0 drawing automatically."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.loop import TICK as APP_TICK
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import BOT, YOU, DirectSession, SeatSpec, TableConfig
    from cardtable.arcade.settings import Settings

    settings = Settings()
    settings.bot_speed = bot_speed
    app = App(size=(960, 540), fullscreen=False, settings=settings)
    try:
        seats = [SeatSpec(YOU)] + [SeatSpec(BOT, "normal")] * 3
        session = DirectSession(TableConfig(game="tractor", players=4, seats=seats, seed=11,
                                            bot_speed=settings.bot_delay_factor()))
        app.session = session
        app.push(TableScene(app, auto_start=True))
        ticks = 0
        while session.state.phase != "draw" and ticks < 600:
            app.step(1, render=False)
            ticks += 1
        start = ticks
        while session.state.phase == "draw" and ticks < start + 120 * 120:
            app.step(1, render=False)
            ticks += 1
        assert session.state.phase != "draw"
        return (ticks - start) * APP_TICK
    finally:
        app.shutdown_quietly()


def test_the_draw_phase_deals_about_eight_cards_a_second_and_follows_the_bot_speed(monkeypatch) -> None:
    """100 cards round the table (the kitty's 8 stay): about 12.5 s at normal speed, longer relaxed,
    quicker fast. The local seat's automatic draw waits AUTO_DRAW_PAUSE times the same factor."""
    normal = draw_phase_seconds("normal", monkeypatch)
    assert 100 / 10 <= normal <= 100 / 6.5, f"{100 / normal:.1f} cards a second"
    relaxed = draw_phase_seconds("relaxed", monkeypatch)
    fast = draw_phase_seconds("fast", monkeypatch)
    assert fast < normal * 0.6 and relaxed > normal * 1.3
    table = make_table("tractor", [0], CardArt(), (1280, 720))
    assert table.pace == 1.0
