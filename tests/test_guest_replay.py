"""A guest's own replay of a LAN table (on 127.0.0.1): the client records what it received for its seats,
its History entry points at that recording, and the replay viewer steps forward and back through exactly
the views it got live, none of them holding a card the seat could not see (the host's log of the same
game says what each seat saw). Couch seats, a spectator, a client that comes back mid-game, a torn or
oversized recording."""

from __future__ import annotations

import os
import random
import stat
from typing import Any

import pygame
import pytest

from cardtable.engine.bots import get_bot
from cardtable.netplay.host import start_local_table
from cardtable.netplay.replay import RecordedReplay, Replay, load
from tests.lan import press, run_until

Live = dict[int | None, dict[int, dict[str, Any]]]  # seat -> version -> the view message received


@pytest.fixture()
def app(lan_app):
    return lan_app


class Guest:
    """Plays the seats of ``app``'s session with a random bot, from the views the app received, and
    keeps every view message the session handed the app (the live views)."""

    def __init__(self, app: Any, seed: int = 1) -> None:
        self.app = app
        self.live: Live = {}
        self.acted: dict[int, int] = {}
        self.rng = random.Random(seed)
        self.bot: Any = None
        session = app.session
        original = session.client.poll

        def poll() -> list[dict[str, Any]]:
            messages = original()
            for message in messages:
                if message.get("type") == "view":
                    self.live.setdefault(message.get("seat"), {})[message["version"]] = message
            return messages

        session.client.poll = poll

    def play(self) -> None:
        """One action for every local seat that has something to do in its newest view."""
        for seat, views in self.live.items():
            if seat is None:
                continue
            newest = views[max(views)]
            if newest["legal"] and newest["result"] is None and self.acted.get(seat, -1) < newest["version"]:
                if self.bot is None:
                    self.bot = get_bot(self.app.session.welcome["table"]["game"], "random")
                self.acted[seat] = newest["version"]
                self.app.session.send(seat, self.bot.choose(newest["view"], newest["legal"], self.rng))


def join(app: Any, port: int, seats: int = 1) -> Guest:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.table import TableScene

    app.session = sessions.join("127.0.0.1", port, app.settings.name, seats=seats)
    guest = Guest(app)
    app.push(TableScene(app))
    assert run_until(app, lambda: app.scene.name == "table" and app.session.welcome is not None, 10)
    return guest


def play_to_the_end(app: Any, guest: Guest, seconds: float = 60.0) -> None:
    def over() -> bool:
        guest.play()
        return app.scene.name == "results"

    assert run_until(app, over, seconds)


def host_views(log: str, seat: int | None) -> dict[int, dict[str, Any]]:
    """What the host's log says ``seat`` saw at every version (its views, rebuilt from the actions)."""
    replay = Replay(log)
    out = {}
    for step in range(replay.steps + 1):
        replay.goto(step)
        out[step] = replay.view(seat)
    return out


def check_against_the_host(recording: RecordedReplay, log: str) -> None:
    """Every view in the recording is the view the host's log gives that seat at that version: no card
    beyond what the seat could see (and a view of another seat never got in)."""
    truth = {seat: host_views(log, seat) for seat in recording.viewpoints()}
    for frame in recording.frames:
        for seat, view in frame.views.items():
            assert view == truth[seat][frame.version], (seat, frame.version)


def test_a_guest_watches_its_own_replay_of_a_lan_game_from_the_history(app, tmp_path) -> None:
    log = str(tmp_path / "host.ctlog")
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=7, log=log, bot_speed=0.0,
                              name="Porch")
    try:
        guest = join(app, table.port)
        table.start_game()
        play_to_the_end(app, guest)
        results = app.scene
        assert results.log and results.log.endswith(".ctrec")
        assert os.path.dirname(results.log) == str(tmp_path / "data" / "logs")
        assert stat.S_IMODE(os.stat(results.log).st_mode) == 0o600
    finally:
        app.end_session()
        table.stop()
    from cardtable.netplay import history

    entry = history.entries()[0]
    assert entry.seats == [0] and entry.log == results.log and entry.has_replay()
    live = guest.live[0]
    recording = load(entry.log)
    assert isinstance(recording, RecordedReplay)
    assert recording.viewpoints() == [0]
    assert [recording.version(k) for k in range(recording.steps + 1)] == sorted(live)
    assert recording.steps == max(live) > 40  # every version, from the deal to the end
    order = [*range(recording.steps + 1), *range(recording.steps, -1, -1), 17, 3, 29, recording.steps, 0]
    for step in order:
        recording.goto(step)
        assert recording.view(0) == live[recording.version(step)]["view"], step
    recording.goto(0)
    while recording.forward():
        assert recording.seat_events(0) == live[recording.version(recording.step)]["events"]
    assert recording.result() == recording.final_result == live[max(live)]["result"]
    assert recording.missed(recording.steps) == 0
    check_against_the_host(recording, log)
    assert recording.names[0] == "Ann" and recording.names[1].startswith("Bot 2")


def test_the_replay_of_a_guest_opens_from_its_results_and_its_history_by_keys_pad_and_mouse(app, tmp_path) -> None:
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=3, bot_speed=0.0)
    try:
        guest = join(app, table.port)
        table.start_game()
        play_to_the_end(app, guest)
        live = guest.live[0]
        results = app.scene
        results.ring.focus_name("replay")
        press(app, "confirm")  # "Watch the replay" on the results
        scene = app.scene
        assert scene.name == "replay" and scene.seat == 0 and scene.replay.recorded
        press(app, "confirm")  # pause
        assert not scene.playing
        scene.goto(0)
        for _ in range(4):
            press(app, "right")
        assert scene.current_view() == live[scene.replay.version(4)]["view"]
        app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT, instance_id=3))
        app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT, instance_id=3))
        app.step(2)
        assert scene.replay.step == 3 and scene.current_view() == live[scene.replay.version(3)]["view"]
        app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.buttons["end"].center, button=1))
        app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.buttons["end"].center, button=1))
        app.step(2)
        assert scene.replay.step == scene.replay.steps
        press(app, "back")  # the replay's menu offers only this computer's seat
        menu = app.scene
        assert menu.name == "replay_menu"
        menu.ring.focus_name("seat")
        press(app, "left")
        assert scene.seat == 0
        menu.ring.focus_name("leave")
        press(app, "confirm")
        assert app.scene.name == "results"
    finally:
        app.end_session()
        table.stop()
    app.home()
    from cardtable.arcade.scenes.history import HistoryScene

    app.push(HistoryScene(app))
    entry = app.scene.entries[0]
    app.scene.ring.focus_name(f"entry:{entry.id}")
    press(app, "confirm")
    assert app.scene.name == "results" and app.scene.entry is not None
    app.scene.ring.focus_name("replay")
    press(app, "confirm", "pad")
    assert app.scene.name == "replay" and app.scene.replay.path == entry.log
