"""After the game: the score sheet of every game, the History of finished tables in the user's data folder,
and the way from the results to the History and the replay (by keys and pad)."""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any

import pygame
import pytest

from cardtable.arcade.scoresheet import score_sheet
from cardtable.engine import get_game
from cardtable.netplay import history
from tests.lan import press, run_until

GAMES = {"oh_hell": 4, "tractor": 4, "go_stop": 3, "rummy": 3, "spit": 2, "speed": 2}


def played_out(name: str, players: int, seed: int) -> dict:
    game = get_game(name)
    state = game.new(players, seed, {"hands": 3} if name == "go_stop" else None)
    rng = random.Random(seed)
    while game.result(state) is None:
        seat = rng.choice([s for s in game.to_act(state) if game.legal(state, s)])
        action = game.sample(state, seat, rng)
        if action["type"] != "leave":
            game.apply(state, seat, action)
    game.check(state)
    return game.result(state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_a_score_sheet_that_adds_up(name: str) -> None:
    players = GAMES[name]
    result = played_out(name, players, 2)
    names = [f"P{s}" for s in range(players)]
    sheet = score_sheet(name, result, names)
    assert sheet.rows, "a score sheet with no hand or round"
    assert all(len(row) == len(sheet.columns) for row in sheet.rows)
    assert len(sheet.totals) == len(sheet.columns)
    per_seat = len(sheet.columns) - players  # the player columns are the last ones
    if name == "oh_hell":
        assert len(sheet.rows) == len(result["sheet"])
        points = [sum(int(row[per_seat + s].split()[-1]) for row in sheet.rows) for s in range(players)]
        assert points == result["scores"]
    elif name == "go_stop":
        assert len(sheet.rows) == result["hands"] == 3
        chips = [sum(int(row[per_seat + s]) for row in sheet.rows) for s in range(players)]
        assert chips == result["scores"]
    elif name == "rummy":
        hands = [row for row in sheet.rows if row[0] != "Bonuses"]
        won = [sum(int(row[per_seat + s].split()[-1]) for row in hands) for s in range(players)]
        assert won == result["before_bonuses"]
    elif name == "tractor":
        assert len(sheet.rows) == result["rounds"] and sheet.totals[-2:] == [
            "won" if lv > 14 else sheet.totals[-2 + t] for t, lv in enumerate(result["levels"])]
    elif name == "spit":
        assert [int(c) for c in sheet.rows[-1][per_seat:]] == result["cards_left"]
    elif name == "speed":
        assert len(sheet.rows) == len(result["rounds"])
        assert [sum(int(row[per_seat + s]) for row in sheet.rows) for s in range(players)] == result["scores"]


def test_a_result_without_history_gives_an_empty_sheet() -> None:
    sheet = score_sheet("tractor", {"scores": [3, 15, 3, 15], "winners": [1, 3], "levels": [3, 15]}, list("ABCD"))
    assert not sheet and sheet.totals[-2:] == ["3", "won"]


# -- the store ---------------------------------------------------------------------------------------


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def entry(n: int, log: str | None = None) -> history.Finished:
    return history.Finished(game="oh_hell", title="Oh Hell", players=["You", "Bo"], result={"scores": [n, 0],
                            "winners": [0]}, seats=[0], finished=1000.0 + n, log=log)


def test_history_keeps_the_newest_and_skips_broken_lines(data, monkeypatch) -> None:
    monkeypatch.setattr(history, "KEEP", 3)
    logs = []
    for n in range(5):
        path = history.new_log_path("oh_hell")
        open(path, "wb").close()
        logs.append(path)
        history.record(entry(n, path))
    with open(history.history_path(), "a", encoding="utf-8") as handle:
        handle.write("{not json\n[1, 2]\n" + json.dumps({"game": 3}) + "\n")
    kept = history.entries()
    assert [e.result["scores"][0] for e in kept] == [4, 3, 2]  # newest first
    assert [os.path.exists(p) for p in logs] == [False, False, True, True, True]  # dropped entries' logs go
    assert history.remove(kept[0].id) and not os.path.exists(logs[4])
    assert not history.remove("nope")
    assert [e.result["scores"][0] for e in history.entries()] == [3, 2]


def test_logs_of_unfinished_tables_are_tidied_after_a_week(data) -> None:
    orphan = history.new_log_path("spit")
    open(orphan, "wb").close()
    history.tidy_logs([], now=time.time())
    assert os.path.exists(orphan)  # a table may still be going
    history.tidy_logs([], now=time.time() + history.ORPHAN_AGE + 60)
    assert not os.path.exists(orphan)


# -- from the game's end to the History and the replay ------------------------------------------------


@pytest.fixture()
def app(data, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Ann"))
    application.step(2)
    yield application
    application.shutdown_quietly()


def play_local_game(app) -> None:
    """Oh Hell against two random bots, our seat played by the first legal action (through the host)."""
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.table import TableScene

    config = sessions.TableConfig("oh_hell", 3, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(level="random"),
                                                 sessions.SeatSpec(level="random")], seed=8, bot_speed=0.0)
    app.session = sessions.start_local(config, "Ann")
    app.push(TableScene(app, auto_start=True))
    deadline = time.monotonic() + 60
    sent: set[int] = set()
    while app.scene.name in ("table", "hand_review") and time.monotonic() < deadline:
        app.step(2)
        if app.scene.name == "hand_review":  # each hand's review (the game waits): Next hand
            app.scene.back()
            continue
        if app.scene.name != "table":
            break
        table = app.scene.table
        legal = table.legals.get(0) if table is not None else None
        version = len(app.scene.views.get(0, {}).get("sheet") or []) * 1000 + app.scene.messages
        if legal and app.scene.result is None and version not in sent:
            sent.add(version)
            app.session.send(0, legal[0])
    assert run_until(app, lambda: app.scene.name == "results", 10)


def test_a_finished_game_goes_to_the_history_with_its_replay(app) -> None:
    play_local_game(app)
    results = app.scene
    kept = history.entries()
    assert len(kept) == 1
    finished = kept[0]
    assert finished.game == "oh_hell" and finished.seats == [0] and finished.players[0] == "Ann"
    assert finished.result == results.result and finished.has_replay()
    assert results.sheet.rows and len(results.sheet.rows) == len(results.result["sheet"])
    # the replay, from the results (keyboard)
    results.ring.focus_name("replay")
    press(app, "confirm")
    assert app.scene.name == "replay" and app.scene.seat == 0
    assert app.scene.replay.steps == len(app.scene.replay.actions) > 50
    press(app, "back")
    app.scene.ring.focus_name("leave")
    press(app, "confirm")
    assert app.scene is results
    # the History, from the results (pad)
    results.ring.focus_name("history")
    press(app, "confirm", "pad1")
    assert app.scene.name == "history" and app.session is None
    assert app.scene.ring.focus_name(f"entry:{finished.id}")
    press(app, "confirm", "pad1")
    shown = app.scene
    assert shown.name == "results" and shown.entry.id == finished.id and shown.sheet.rows
    assert next(i for i in shown.ring.items if i.name == "replay").enabled
    shown.ring.focus_name("forget")
    press(app, "confirm", "pad1")
    assert app.scene.name == "dialog" and app.scene.ring.focused.name == "no"  # the safe answer first
    press(app, "left", "pad1")
    press(app, "confirm", "pad1")
    assert app.scene.name == "history" and not app.scene.entries
    assert not history.entries() and not os.path.exists(finished.log)
    press(app, "back", "pad1")
    assert app.scene.name == "results"


def test_the_history_is_on_the_title_and_scrolls(app, monkeypatch) -> None:
    for n in range(40):
        history.record(entry(n))
    app.scene.ring.focus_name("history")
    press(app, "confirm")
    scene = app.scene
    assert scene.name == "history" and len(scene.entries) == 40 and scene.shown < 40
    first = scene.ring.focused.name
    assert first == f"entry:{scene.entries[0].id}"
    for _ in range(scene.shown + 3):
        press(app, "down")
    assert scene.top > 0 and scene.ring.focused.name == f"entry:{scene.entries[scene.shown + 3].id}"
    for _ in range(scene.shown + 3):
        press(app, "up")
    assert scene.top == 0 and scene.ring.focused.name == first
    press(app, "back")
    assert app.scene.name == "title"


def test_quitting_from_the_title_asks_first(app) -> None:
    press(app, "back")
    assert app.scene.name == "title" and app.scene.ring.focused.name == "quit"
    press(app, "confirm")
    assert app.scene.name == "dialog" and app.scene.kind == "quit" and app.running
    press(app, "confirm")  # "Stay" has the focus
    assert app.scene.name == "title" and app.running
    press(app, "back")  # Esc with the focus on Quit asks too; Esc again is "Stay"
    assert app.scene.name == "dialog"
    press(app, "back")
    assert app.scene.name == "title" and app.running
    press(app, "back")
    press(app, "left")
    press(app, "confirm")
    assert not app.running


def test_history_screens_at_the_smallest_window(app, tmp_path) -> None:
    for n in range(12):
        history.record(entry(n))
    app.resize((960, 540))
    app.scene.ring.focus_name("history")
    press(app, "confirm")
    rects = [item.rect for item in app.scene.ring.items]
    assert all(app.screen.get_rect().contains(r) for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    pygame.image.save(app.screen, str(tmp_path / "history_960.png"))


def test_a_history_row_names_each_player_once() -> None:
    from types import SimpleNamespace

    from cardtable.arcade.scenes.history import describe

    def row(seats: list[int], winners: list[int]) -> str:
        return describe(SimpleNamespace(finished=0, players=["Ann", "Bot 2 (normal)", "Bot 3 (hard)"], seats=seats,
                                        winners=winners, title="Oh Hell"))

    assert row([0], [1]) == "Oh Hell  ·  Bot 2 won  ·  you lost  ·  with Bot 3"  # you are in it (issue 22)
    assert row([0], [0]) == "Oh Hell  ·  You won  ·  with Bot 2, Bot 3"
    assert row([], [2]) == "Oh Hell  ·  Bot 3 won  ·  with Ann, Bot 2  ·  watched"
    assert row([0, 1], [1]) == "Oh Hell  ·  Bot 2 won  ·  with Ann, Bot 3"  # a couch: its players by name
    assert row([0], []) == "Oh Hell  ·  a draw  ·  with Bot 2, Bot 3"


def test_the_ranking_is_one_size_and_weight_on_every_row(monkeypatch) -> None:
    """Spit's ranking mixed faces: the winner's name bold, the other's regular and shrunk on its own,
    the "cards left" words a size larger (issue 22). Every name and score is now one size, bold."""
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade import ui_theme
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.results import ResultsScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session

    session = direct_session("spit", 3, None, 0, to_end=True)
    for size in ((960, 540), (1280, 720)):
        app = App(size=size, fullscreen=False, settings=Settings())
        try:
            scene = ResultsScene(app, session.result or {}, ["You", "Bot 2 (normal)"], "Spit", [0], session.config)
            app.push(scene)
            app.step(2)
            said: list[tuple[str, int, bool]] = []
            text = ui_theme.text
            monkeypatch.setattr(ui_theme, "text", lambda surface, words, px, *a, bold=False, said=said, text=text, **k:
                                said.append((words, px, bold)) or text(surface, words, px, *a, bold=bold, **k))
            scene._draw_ranking(pygame.Surface(size), size[1] < 700)
            monkeypatch.setattr(ui_theme, "text", text)
            names = [entry for entry in said if not entry[0].endswith(".")]
            assert len(names) == 4 and len({px for _, px, _ in said}) == 1 and all(bold for *_, bold in names)
        finally:
            app.shutdown_quietly()


def test_the_data_folder_its_logs_and_the_history_are_this_users_only(data, monkeypatch) -> None:
    """Made 0700 and 0600 from the start whatever the umask (it used to give a 0755 data folder and
    files written under the umask before any chmod); a data folder already there at 0755 is closed."""
    import stat

    from cardtable.netplay import seatstore
    from cardtable.netplay.recording import Recorder

    def mode(path: object) -> int:
        return stat.S_IMODE(os.stat(str(path)).st_mode)

    created: list[tuple[str, int]] = []
    real_open = os.open

    def watched_open(path: Any, flags: int, mode: int = 0o777, *rest: Any) -> int:
        if flags & os.O_CREAT:
            created.append((os.path.basename(str(path)), mode))
        return real_open(path, flags, mode, *rest)

    monkeypatch.setattr(os, "open", watched_open)
    old = os.umask(0o022)
    try:
        log = history.new_log_path("oh_hell")
        assert mode(data) == 0o700 and mode(os.path.dirname(log)) == 0o700
        history.record(entry(1, log))
        history._write_all(history.entries())
        seatstore.remember(seatstore.HeldSeat("t1", "tok", host_key="ab" * 32))
        assert mode(history.history_path()) == 0o600 and mode(seatstore.store_path()) == 0o600
        assert ("history.jsonl", 0o600) in created  # created 0600: never readable by others for a moment
        assert sorted(p.name for p in data.iterdir()) == ["history.jsonl", "logs", "seats.json"]  # no .tmp left
        os.chmod(data, 0o755)
        history.new_log_path("oh_hell")
        assert mode(data) == 0o700
        recorder = Recorder(("127.0.0.1", 1), folder=data / "guest" / "recordings")  # a guest's recording
        recorder.feed({"type": "welcome", "seats": [0], "table": {"id": "t1", "game": "oh_hell", "players": 2}})
        recorder.feed({"type": "view", "seat": 0, "version": 1, "view": {}, "legal": [], "events": [], "result": None})
        assert recorder.path is not None and recorder.error is None
        assert mode(data / "guest") == 0o700 and mode(data / "guest" / "recordings") == 0o700
        assert mode(recorder.path) == 0o600
        recorder.close()
    finally:
        os.umask(old)
