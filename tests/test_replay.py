"""The replay of a table log steps forward and back to the very views the live game pushed, with the
state hash of every step equal to the host's; the replay viewer scene shows them by keys, pad and mouse."""

from __future__ import annotations

import asyncio
from typing import Any

import pygame
import pytest

from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import start_local_table
from cardtable.netplay.protocol import decode_all
from cardtable.netplay.replay import Replay

Live = dict[int, dict[str, Any]]  # version -> the view message


async def _live_game(port: int) -> tuple[bytes, bytes]:
    """Seat 0 played by a bot client, a spectator watching; both captured byte for byte."""
    seat_tap, watch_tap = bytearray(), bytearray()
    player = AsyncClient("127.0.0.1", port, "Ann", tap=seat_tap.extend)
    watcher = AsyncClient("127.0.0.1", port, "Bo", seats=0, tap=watch_tap.extend)
    await player.connect()
    await watcher.connect()
    assert watcher.seats == []
    player.send({"type": "start"})
    run = await asyncio.wait_for(play_as_bot(player, "random", bot_speed=0.0, seed=5), 60)
    assert run.result is not None
    for _ in range(250):  # the spectator has seen the end too
        if any(m["type"] == "result" for m in decode_all(bytes(watch_tap))):
            break
        await asyncio.sleep(0.02)
    await player.close()
    await watcher.close()
    return bytes(seat_tap), bytes(watch_tap)


def _views(capture: bytes) -> Live:
    return {m["version"]: m for m in decode_all(capture) if m["type"] == "view"}


@pytest.fixture(scope="module")
def live_oh_hell(tmp_path_factory) -> tuple[str, Live, Live]:
    log = str(tmp_path_factory.mktemp("replay") / "oh_hell.ctlog")
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=11, log=log, bot_speed=0.0,
                              hash_every=1)
    try:
        seat_capture, watch_capture = asyncio.run(_live_game(table.port))
    finally:
        table.stop()
    return log, _views(seat_capture), _views(watch_capture)


def test_replay_steps_forward_and_back_to_the_live_views_and_hashes(live_oh_hell) -> None:
    log, seat_views, watch_views = live_oh_hell
    replay = Replay(log, checkpoint=8)
    assert replay.steps == max(seat_views) and replay.steps > 40
    assert set(seat_views) == set(range(replay.steps + 1))  # a view for every version
    order = [*range(replay.steps + 1), *range(replay.steps, -1, -1), 37, 3, 29, replay.steps, 0]
    for step in order:
        replay.goto(step)
        assert replay.step == step
        assert replay.view(0) == seat_views[step]["view"], step
        assert replay.view(None) == watch_views[step]["view"], step
        if step:
            assert replay.hash() == replay.recorded_hash(step), step  # the host's hash after that action
    replay.goto(0)
    while replay.forward():  # one step at a time: the events each seat was sent, too
        assert replay.seat_events(0) == seat_views[replay.step]["events"]
        assert replay.seat_events(None) == watch_views[replay.step]["events"]
    assert replay.result() == replay.final_result == seat_views[replay.steps]["result"]
    while replay.back():
        assert replay.view(0) == seat_views[replay.step]["view"]


def test_replay_refuses_a_log_whose_hash_was_altered(live_oh_hell, tmp_path) -> None:
    import msgpack

    from cardtable.netplay.replay import LogError
    from cardtable.netplay.tablelog import _read

    log, _, _ = live_oh_hell
    records, _ = _read(log)
    records[12]["hash"] = "0" * len(records[12]["hash"])
    bad = tmp_path / "bad.ctlog"
    bad.write_bytes(b"".join(msgpack.packb(r, use_bin_type=True) for r in records))
    with pytest.raises(LogError, match="hash"):
        Replay(str(bad))


# -- the viewer scene ----------------------------------------------------------------------------------


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings())
    application.step(2)
    yield application
    application.shutdown_quietly()


def key(app, k: int) -> None:
    app.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(2)


def pad(app, button: int) -> None:
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=3))
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=3))
    app.step(2)


def click(app, pos: tuple[int, int]) -> None:
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(2)


def test_viewer_steps_by_keys_pad_and_mouse_to_the_live_views(app, live_oh_hell) -> None:
    from cardtable.arcade.scenes.replay import open_replay

    log, seat_views, watch_views = live_oh_hell
    assert open_replay(app, log, 0)
    scene = app.scene
    assert scene.name == "replay" and scene.playing
    key(app, pygame.K_SPACE)  # pause
    assert not scene.playing
    scene.goto(0)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert scene.replay.step == 5 and scene.current_view() == seat_views[5]["view"]
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert scene.replay.step == 3 and scene.current_view() == seat_views[3]["view"]
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert scene.speed == 2.0
    app.step(2)
    click(app, scene.buttons["end"].center)
    assert scene.replay.step == scene.replay.steps
    click(app, scene.buttons["back"].center)
    assert scene.current_view() == seat_views[scene.replay.steps - 1]["view"]
    bar = scene.progress_rect
    click(app, (bar.x + bar.width // 2, bar.centery))
    assert abs(scene.replay.step - scene.replay.steps // 2) <= 1
    # the replay menu: whose view (the spectator's), then back to the replay
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "replay_menu"
    app.scene.ring.focus_name("seat")
    key(app, pygame.K_LEFT)  # seat 0 -> spectator
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.seat is None
    step = scene.replay.step
    assert scene.current_view() == watch_views[step]["view"]
    # playing on by itself, at the fastest speed
    scene.speed_index = len(scene_speeds()) - 1
    key(app, pygame.K_RETURN)
    assert scene.playing
    for _ in range(30):
        app.step(12)
    assert scene.replay.step > step
    assert scene.current_view() == watch_views[scene.replay.step]["view"]
    # leaving by the menu
    key(app, pygame.K_ESCAPE)
    app.scene.ring.focus_name("leave")
    key(app, pygame.K_RETURN)
    assert app.scene.name == "title"


def scene_speeds() -> tuple[float, ...]:
    from cardtable.arcade.scenes.replay import SPEEDS

    return SPEEDS


def test_a_log_that_cannot_be_replayed_gets_a_dialog(app, tmp_path) -> None:
    from cardtable.arcade.scenes.replay import open_replay

    broken = tmp_path / "broken.ctlog"
    broken.write_bytes(b"\x81\xa4type\xa6header")
    assert not open_replay(app, str(broken))
    assert app.scene.name == "dialog" and app.scene.kind == "replay_error"
    assert "not a table log" in " ".join(app.scene.lines)
    key(app, pygame.K_RETURN)
    assert app.scene.name == "title"
