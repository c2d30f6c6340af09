"""A guest's own replay of a LAN table (on 127.0.0.1): the client records what it received for its seats,
its History entry points at that recording, and the replay viewer steps forward and back through exactly
the views it got live, none of them holding a card the seat could not see (the host's log of the same
game says what each seat saw). Couch seats, a spectator, a client that comes back mid-game, a torn or
oversized recording."""

from __future__ import annotations

import os
import random
import stat
import time
from pathlib import Path
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


def check_live(recording: RecordedReplay, live: Live) -> None:
    """Each step of the recording, forward and back, shows every recorded seat the view it got live."""
    for seat, views in live.items():
        assert [recording.version(k) for k in range(recording.steps + 1)] == sorted(views), seat
    for step in [*range(recording.steps + 1), *range(recording.steps, -1, -1)]:
        recording.goto(step)
        for seat, views in live.items():
            assert recording.view(seat) == views[recording.version(step)]["view"], (seat, step)


def test_a_couch_guest_records_both_its_seats(app, tmp_path) -> None:
    log = str(tmp_path / "host.ctlog")
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=4, log=log, bot_speed=0.0)
    try:
        guest = join(app, table.port, seats=2)
        assert app.session.local_seats == [0, 1]
        table.start_game()
        play_to_the_end(app, guest)
        path = app.scene.log
        app.scene.ring.focus_name("replay")
        press(app, "confirm")
        scene = app.scene
        assert scene.name == "replay" and scene.seat == 0  # two seats here: the first one's view
        assert scene.replay.viewpoints() == [0, 1]
        assert scene.replay.label(0) == "Ann (seat 1)" and scene.viewer() == "View of Ann (seat 1)"
        press(app, "back")
        app.scene.ring.focus_name("seat")
        press(app, "right")
        assert scene.seat == 1
        press(app, "left")
        press(app, "left")  # the Cycler goes round: only this computer's two seats, no spectator
        assert scene.seat == 1
    finally:
        app.end_session()
        table.stop()
    recording = load(path)
    check_live(recording, guest.live)
    check_against_the_host(recording, log)


def test_a_spectator_records_the_spectator_view(app, tmp_path) -> None:
    log = str(tmp_path / "host.ctlog")
    table = start_local_table("speed", 2, seats=["random", "random"], seed=2, log=log, bot_speed=0.05)
    try:
        guest = join(app, table.port, seats=0)
        table.start_game()
        play_to_the_end(app, guest)
        path = app.scene.log
    finally:
        app.end_session()
        table.stop()
    from cardtable.netplay import history

    entry = history.entries()[0]
    assert entry.seats == [] and entry.log == path
    recording = load(path)
    assert recording.viewpoints() == [None]
    check_live(recording, guest.live)
    check_against_the_host(recording, log)


def crash(app: Any) -> None:
    """The client dies without a word: its connection drops, nothing is said to the host."""
    client = app.session.client
    client.abort()
    app.session = None
    app.shutdown_quietly()


def test_a_guest_that_crashes_and_comes_back_goes_on_with_the_same_recording(tmp_path, monkeypatch) -> None:
    """Ann's client dies on her turn; a bot plays for her, Bo plays, and the table goes on until Bo's next
    turn (Bo waits); Ann's new client rejoins with the kept token: the recording goes on in the same file and says
    how many actions it did not see."""
    from cardtable.netplay.client import NetClient
    from tests.lan import make_app

    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    log = str(tmp_path / "host.ctlog")
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=8, log=log, bot_speed=0.0,
                              takeover=0.2)
    bo = NetClient("127.0.0.1", table.port, "Bo")
    bo_views: dict[int, dict[str, Any]] = {}
    bo_bot, rng, bo_acted = get_bot("oh_hell", "random"), random.Random(3), [-1]

    def bo_plays(go: bool = True) -> None:
        for message in bo.poll():
            if message.get("type") == "view":
                bo_views[message["version"]] = message
        newest = bo_views[max(bo_views)] if bo_views else None
        if go and newest and newest["legal"] and newest["result"] is None and bo_acted[0] < newest["version"]:
            bo_acted[0] = newest["version"]
            bo.send_action(1, bo_bot.choose(newest["view"], newest["legal"], rng))

    first = make_app()
    second = None
    try:
        guest = join(first, table.port)
        bo.start()
        assert bo.wait_for("welcome") is not None
        table.start_game()

        def anns_turn_later_on() -> bool:
            bo_plays()
            views = guest.live.get(0) or {}
            newest = views[max(views)] if views else None
            if newest is not None and newest["version"] >= 12 and newest["legal"]:
                return True
            guest.play()
            return False

        assert run_until(first, anns_turn_later_on, 30)
        before = dict(guest.live[0])
        path = first.session.recording
        crash(first)
        away_from = max(before)

        def bos_second_turn_while_ann_is_away() -> bool:
            """A bot plays for Ann, Bo plays once, then waits for Ann at his next turn."""
            bo_plays(go=bo_acted[0] <= away_from)
            newest = bo_views[max(bo_views)]
            return away_from < bo_acted[0] < newest["version"] and bool(newest["legal"])

        deadline = time.monotonic() + 20
        while not bos_second_turn_while_ann_is_away() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert bos_second_turn_while_ann_is_away()
        second = make_app()
        guest2 = join(second, table.port)
        assert second.session.local_seats == [0]  # the same seat, by the token kept on disk

        def over() -> bool:
            bo_plays()
            guest2.play()
            return second.scene.name == "results"

        assert run_until(second, over, 60)
        assert second.scene.log == path  # the same recording, continued
        entry_log = second.scene.log
    finally:
        bo.close()
        if second is not None:
            second.end_session()
            second.shutdown_quietly()
        table.stop()
    recording = load(entry_log)
    after = guest2.live[0]
    back_at = min(after)
    assert back_at > away_from + 1
    live = {0: {**before, **after}}
    check_live(recording, live)
    step = [recording.version(k) for k in range(recording.steps + 1)].index(back_at)
    assert recording.rejoined(step) and recording.missed(step) == back_at - away_from - 1
    assert sum(recording.missed(k) for k in range(recording.steps + 1)) == back_at - away_from - 1
    check_against_the_host(recording, log)


# -- the recorder on its own (made-up messages) -------------------------------------------------------


def _welcome(seats: list[int], table_id: str = "t1") -> dict[str, Any]:
    return {"type": "welcome", "seats": seats, "token": "x",
            "table": {"id": table_id, "name": "Den", "game": "oh_hell", "title": "Oh Hell", "players": 3,
                      "options": {}}}


def _view(seat: int | None, version: int, size: int = 10) -> dict[str, Any]:
    return {"type": "view", "seat": seat, "version": version, "view": {"n": version, "pad": chr(97 + version % 26) * size},
            "legal": [{"type": "secret"}], "events": [{"type": "played", "n": version}], "result": None}


def test_the_recorder_keeps_each_view_once_and_never_what_it_was_not_sent(tmp_path) -> None:
    from cardtable.netplay.recording import Recorder

    clock = iter(range(100, 200))
    recorder = Recorder(("127.0.0.1", 5000), folder=tmp_path, clock=lambda: float(next(clock)))
    recorder.feed(_welcome([2]))
    recorder.feed({"type": "lobby", "seats": [{"seat": 0, "kind": "person", "name": "Cy", "connected": True},
                                              {"seat": 1, "kind": "bot", "name": "normal bot", "level": "normal"},
                                              {"seat": 2, "kind": "person", "name": "Ann"}]})
    assert recorder.path is None  # nothing on disk before the game
    for version in (0, 1, 1, 0, 3):  # a view pushed again on reconnect, an old one: kept once
        recorder.feed(_view(2, version))
    recorder.feed({"type": "result", "result": {"winners": [2], "scores": [1, 2, 3]}, "hash": "h"})
    recorder.feed(_view(2, 4))  # after the end: nothing more
    replay = load(str(recorder.path))
    assert [replay.version(k) for k in range(replay.steps + 1)] == [0, 1, 3]
    assert replay.missed(2) == 1 and replay.names == ["Cy", "Bot 2 (normal)", "Ann"]
    assert replay.final_result == {"winners": [2], "scores": [1, 2, 3]}
    assert replay.gap_before(2) == 1.0  # seconds between the two views as they arrived
    assert b"secret" not in Path(str(recorder.path)).read_bytes()  # the seat's legal actions are not kept


def test_a_recording_stops_at_its_size_limit_and_says_so(tmp_path) -> None:
    from cardtable.netplay.recording import Recorder

    recorder = Recorder(folder=tmp_path, max_bytes=4000)
    recorder.feed(_welcome([0]))
    for version in range(40):
        recorder.feed(_view(0, version, size=300))
    assert recorder.done and os.path.getsize(str(recorder.path)) < 4000 + 800
    replay = load(str(recorder.path))
    assert 5 < replay.steps < 39 and "size limit" in replay.stopped
    again = Recorder(folder=tmp_path, max_bytes=4000)  # coming back to that table: nothing more, same file
    again.feed(_welcome([0]))
    again.feed(_view(0, 45))
    assert again.path == recorder.path and again.done and load(str(again.path)).steps == replay.steps


def test_a_torn_recording_plays_and_is_continued_whole(tmp_path) -> None:
    """A client killed in the middle of writing leaves half a record: it plays up to it, and a new
    client at the same table drops it and goes on (the chain stays whole)."""
    from cardtable.netplay.recording import Recorder
    from cardtable.netplay.tablelog import _check_chain, _read

    first = Recorder(folder=tmp_path)
    first.feed(_welcome([0]))
    for version in range(5):
        first.feed(_view(0, version))
    path = str(first.path)
    first.log.handle.write(b"\x87\xa4type\xa4view")  # half a record
    first.log.handle.flush()
    assert load(path).steps == 4
    second = Recorder(folder=tmp_path)
    second.feed(_welcome([0]))
    for version in (4, 8, 9):
        second.feed(_view(0, version))
    assert second.path == path
    records, _ = _read(path)
    _check_chain(path, records)
    replay = load(path)
    assert [replay.version(k) for k in range(replay.steps + 1)] == [0, 1, 2, 3, 4, 8, 9]
    assert replay.rejoined(5) and replay.missed(5) == 3
    other = Recorder(folder=tmp_path)  # another table's id: a recording of its own
    other.feed(_welcome([1], table_id="t2"))
    other.feed(_view(1, 0))
    assert other.path != path


def test_recordings_stay_within_their_budget(tmp_path) -> None:
    from cardtable.netplay.recording import Recorder

    paths = []
    for n in range(4):
        recorder = Recorder(folder=tmp_path, budget=6000)
        recorder.feed(_welcome([0], table_id=f"t{n}"))
        for version in range(8):
            recorder.feed(_view(0, version, size=200))
        recorder.close()
        os.utime(str(recorder.path), (1000 + n, 1000 + n))
        paths.append(str(recorder.path))
    kept = [p for p in paths if os.path.exists(p)]
    assert paths[-1] in kept and len(kept) < 4
    assert sum(os.path.getsize(p) for p in kept) <= 6000 + os.path.getsize(paths[-1])


def test_the_viewer_says_where_a_recording_has_holes(app, tmp_path) -> None:
    from cardtable.arcade.scenes.replay import open_replay
    from cardtable.netplay.recording import Recorder

    recorder = Recorder(folder=tmp_path)
    recorder.feed(_welcome([0]))
    for version in (2, 3):
        recorder.feed(_view(0, version))
    recorder.close()
    again = Recorder(folder=tmp_path)
    again.feed(_welcome([0]))
    again.feed(_view(0, 7))
    assert open_replay(app, str(recorder.path), None)
    scene = app.scene
    assert scene.seat == 0 and scene.gap_note() == "Joined after 2 actions"
    scene.goto(2)
    assert scene.gap_note() == "Away: 3 actions not seen before this" and scene.holes == [2]
    app.step(2)


def test_cardtable_replay_reports_a_recording(tmp_path, capsys) -> None:
    from cardtable.cli import main
    from cardtable.netplay.recording import Recorder

    recorder = Recorder(folder=tmp_path)
    recorder.feed(_welcome([1]))
    for version in (0, 1, 5):
        recorder.feed(_view(1, version))
    recorder.close()
    assert main(["replay", str(recorder.path)]) == 0
    import json

    said = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert said["ok"] and said["recording"] and said["viewpoints"] == [1] and said["missed"] == 3
    assert said["steps"] == 2 and not said["ended"]


def test_a_spectator_who_takes_a_seat_is_replayed_as_it_saw_the_table(app, tmp_path) -> None:
    """It watched (seat nil views), took seat 1 (a `seats` message), then played: the replay shows the
    spectator's view until then and seat 1's after, whichever of the two is chosen."""
    from cardtable.arcade.scenes.replay import open_replay
    from cardtable.netplay.recording import Recorder

    recorder = Recorder(folder=tmp_path)
    recorder.feed(_welcome([]))
    for version in (5, 6):
        recorder.feed(_view(None, version))
    recorder.feed({"type": "seats", "seats": [1], "token": "y"})
    for version in (6, 7):
        recorder.feed(_view(1, version))
    recorder.close()
    replay = load(str(recorder.path))
    assert replay.viewpoints() == [None, 1] and replay.steps == 2
    assert open_replay(app, str(recorder.path), None)
    scene = app.scene
    assert scene.shown is None and scene.current_view() == _view(None, 5)["view"]
    assert scene.viewer() == "Spectator's view" and scene.gap_note() == "Joined after 5 actions"
    scene.playing = False
    scene.forward()  # version 6: both views arrived; the spectator's is the one chosen
    assert scene.shown is None
    scene.forward()
    assert scene.shown == 1 and scene.current_view()["n"] == 7 and scene.viewer() == "Player 2's view"
    scene.set_seat(1)
    scene.goto(0)
    assert scene.shown is None  # seat 1 had no view yet: what this computer saw then
    app.step(2)


def test_a_guest_goes_on_recording_when_the_host_resumes_on_another_port(app, tmp_path) -> None:
    """The host stops mid-game (the guest is sent back to the title, saying so) and comes back from its
    log on another port; the guest rejoins with its kept token and the same recording goes on."""
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.netplay.host import resume_local_table

    log = str(tmp_path / "host.ctlog")
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=12, log=log, bot_speed=0.0)
    resumed = None
    try:
        guest = join(app, table.port)
        table.start_game()

        def a_while_in() -> bool:
            guest.play()
            return max(guest.live.get(0) or {0: None}) >= 15

        assert run_until(app, a_while_in, 30)
        path = app.session.recording
        table.stop()
        assert run_until(app, lambda: app.scene.name == "dialog" and app.scene.kind == "table_gone", 20)
        press(app, "confirm")
        resumed = resume_local_table(log, bot_speed=0.0)
        assert resumed.port != table.port
        app.session = sessions.join("127.0.0.1", resumed.port, app.settings.name, table_id=resumed.host.table_id)
        before = guest.live
        guest = Guest(app)
        app.push(TableScene(app))
        play_to_the_end(app, guest)
        assert app.scene.log == path
    finally:
        app.end_session()
        table.stop()
        if resumed is not None:
            resumed.stop()
    recording = load(path)
    check_live(recording, {0: {**before[0], **guest.live[0]}})
    check_against_the_host(recording, log)
    assert any(recording.rejoined(k) for k in range(recording.steps + 1))


def test_the_host_keeps_its_log_and_records_nothing_of_its_own(tmp_path, monkeypatch) -> None:
    from cardtable.arcade import session as sessions

    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    config = sessions.TableConfig("oh_hell", 3, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(level="random"),
                                                 sessions.SeatSpec(level="random")], seed=1)
    session = sessions.start_local(config, "Ann", ["127.0.0.1"])
    try:
        assert session.recorder is None and session.recording is None
        assert session.local_table.host.log_path.endswith(".ctlog")
    finally:
        session.close()


def test_a_recording_keeps_what_changed_and_a_whole_view_now_and_then(tmp_path) -> None:
    from cardtable.netplay.recording import KEYFRAME, Recorder
    from cardtable.netplay.tablelog import _read

    views = [{"hand": ["AS", "KD"][: 1 + n % 2], "turn": n % 3, **({"trick": [n]} if n % 5 else {})}
             for n in range(2 * KEYFRAME + 5)]
    recorder = Recorder(folder=tmp_path)
    recorder.feed(_welcome([0]))
    for version, view in enumerate(views):
        recorder.feed({"type": "view", "seat": 0, "version": version, "view": view, "events": [], "result": None})
    recorder.close()
    again = Recorder(folder=tmp_path)  # coming back: its first view is whole again
    again.feed(_welcome([0]))
    again.feed({"type": "view", "seat": 0, "version": len(views) + 3, "view": views[1], "events": [], "result": None})
    kept = [r for r in _read(str(recorder.path))[0] if r["type"] == "view"]
    assert "view" in kept[0] and kept[1]["changed"] == {"hand": ["AS", "KD"], "turn": 1, "trick": [1]}
    assert kept[5]["dropped"] == ["trick"]
    assert [i for i, r in enumerate(kept) if "view" in r] == [0, KEYFRAME, 2 * KEYFRAME, len(views)]
    replay = load(str(recorder.path))
    for step, view in enumerate([*views, views[1]]):
        replay.goto(step)
        assert replay.view(0) == view, step
