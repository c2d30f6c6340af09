"""``cardtable shot``: render one scene headless to a PNG.

``--scene`` is one of SCENES; for ``table`` (and ``pause``, ``results``) the game is dealt from
``--seed`` and played by bots in this process for ``--actions`` actions (``results``: to the end);
``replay`` plays such a game to the end into a table log (a temporary file) and shows its replay at
step ``--actions``; ``guest_replay`` turns that log into the recording a guest at seat 0 would have made
(away from the table for a few actions just before ``--actions``) and shows it there; ``history`` is the History of this user (``CARDTABLE_DATA_DIR``); ``quit`` the title's
"Quit cardtable?". The LAN pictures are made in process too, with the host's messages written out:
``join_error`` (a closed port, in words), ``host_lobby`` and ``host_pause`` (the host's address and PIN),
``presence`` (notices and seat badges), ``watching`` (a spectator offered a free seat), ``rejoin`` (the
title offering a kept seat) and ``leave`` (the host asked before ending a table with people at it).
"""

from __future__ import annotations

import os
from typing import Any

SCENES = ("title", "play", "host", "join", "lobby", "table", "pause", "results", "settings", "rules", "keyboard",
          "history", "replay", "quit", "join_error", "host_lobby", "host_pause", "presence", "watching", "rejoin",
          "leave", "guest_replay")
ALIASES = {"setup": "play", "local": "play", "local_setup": "play", "host_setup": "host", "help": "rules"}


def table_config(game_name: str, seed: int, players: int | None = None) -> Any:
    from cardtable.arcade.session import BOT, YOU, SeatSpec, TableConfig, available_games

    game = available_games()[game_name]
    if players is None:
        players = 2 if game.realtime else min(game.max_players, max(game.min_players, 4))
    seats = [SeatSpec(YOU, name="You")] + [SeatSpec(BOT, "normal") for _ in range(players - 1)]
    return TableConfig(game=game_name, players=players, seats=seats, seed=seed, name="Shot table")


def direct_session(game_name: str, seed: int, players: int | None, actions: int, to_end: bool = False) -> Any:
    """A started in-process table after ``actions`` bot actions (every seat played by a bot)."""
    from cardtable.arcade.session import DirectSession

    session = DirectSession(table_config(game_name, seed, players), bots_everywhere=True)
    session.request({"type": "start"})
    done = 0
    while (to_end or done < actions) and session.bot_step():
        done += 1
        if done > 20000:
            break
    session.frozen = True
    session.outbox = present(session.outbox)
    return session


def present(outbox: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages a table needs to show the present moment: the welcome and lobby, each seat's latest
    view (without its events: no stale flights) and the result, not every intermediate push."""
    last: dict[Any, dict[str, Any]] = {}
    kept = []
    for message in outbox:
        if message.get("type") == "view":
            last[message.get("seat")] = {**message, "events": []}
        elif message.get("type") in ("welcome", "lobby", "result"):
            kept.append(message)
    return kept[:2] + list(last.values()) + kept[2:]


def bot_game_log(game_name: str, seed: int, players: int | None, path: str) -> str:
    """Play a whole game by bots in this process and write it as a table log at ``path``."""
    import random

    from cardtable.engine import get_game
    from cardtable.engine.bots import get_bot
    from cardtable.netplay.protocol import PROTOCOL_VERSION
    from cardtable.netplay.tablelog import TableLog

    config = table_config(game_name, seed, players)
    game = get_game(game_name)
    options = game.resolve_options(config.players, config.options or None)
    seats = [{"name": "You" if s.kind == "you" else f"{s.level} bot", "kind": "person" if s.kind == "you" else "bot",
              "level": None if s.kind == "you" else s.level, "token": None} for s in config.seats]
    log = TableLog.create(path, {"protocol": PROTOCOL_VERSION, "game": game_name, "players": config.players,
                                 "seed": seed, "options": options, "name": config.name}, seats)
    state = game.new(config.players, seed, options)
    rng = random.Random(seed)
    bots = [get_bot(game_name, "normal") for _ in range(config.players)]
    step = 0
    while game.result(state) is None and step < 20000:
        ready = [s for s in game.to_act(state) if game.legal(state, s)]
        if not ready:
            break
        seat = rng.choice(ready) if game.realtime else ready[0]
        action = bots[seat].choose(game.view(state, seat), game.legal(state, seat), rng)
        game.apply(state, seat, action)
        step += 1
        log.action(step, seat, action, 1_700_000_000.0 + step * 0.8, None)
    log.close()
    return path


def guest_recording(log: str, folder: str, seat: int, away: range) -> str:
    """The recording (netplay.recording) a guest at ``seat`` would have made of the game in ``log``: the
    views the host pushed that seat, except while it was away (``away``: versions), when it came back."""
    from pathlib import Path

    from cardtable.netplay.recording import Recorder
    from cardtable.netplay.replay import Replay

    replay = Replay(log)
    welcome = {"type": "welcome", "seats": [seat], "table": {
        "id": "shot", "name": replay.header["name"], "game": replay.game.name, "title": replay.game.title,
        "players": replay.players, "options": replay.header["options"]}}
    lobby = {"type": "lobby", "seats": [{"seat": i, **s} for i, s in enumerate(replay.seat_records)]}
    recorder = None
    for step in range(replay.steps + 1):
        replay.goto(step)
        if step in away:
            if recorder is not None:
                recorder.close()
            recorder = None
            continue
        if recorder is None:
            recorder = Recorder(folder=Path(folder), clock=lambda step=step: replay.time_of(step) or 1_700_000_000.0)
            recorder.feed(welcome)
            recorder.feed(lobby)
        recorder.feed({"type": "view", "seat": seat, "version": step, "view": replay.view(seat),
                       "events": replay.seat_events(seat), "result": replay.result()})
    assert recorder is not None and recorder.path is not None
    recorder.close()
    return recorder.path


def person(seat: int, name: str, connected: bool = True, bot: bool = False) -> dict[str, Any]:
    return {"seat": seat, "kind": "person", "name": name, "connected": connected, "bot_playing": bot}


def lan_table(app: Any, game_name: str, seed: int, players: int | None, actions: int, watching: bool = False) -> Any:
    """A table scene whose lobby has people in it: Ann (here), Bo (a bot plays for him), Cy (away)."""
    from cardtable.arcade.scenes import table

    session = direct_session(game_name, seed, players, actions)
    n = session.config.players
    names = ["Ann", "Bo", "Cy", "Dee", "Eve"]
    seats = [person(i, names[i]) for i in range(n)]
    if watching:
        top = n // 2  # the seat facing the bottom one: its player left long ago and the seat is free
        seats[top] = {**person(top, names[top], connected=False, bot=True), "free": True}
        session.local_seats = []
        game, state = session.game, session.state
        session.outbox = [{**session.outbox[0], "seats": []},
                          {"type": "lobby", "seats": seats, "started": True, "spectators": 2, "watching": ["Zoe", "Kim"]},
                          {"type": "view", "seat": None, "version": 1, "view": game.view(state, None), "legal": [],
                           "events": [], "result": None}]
    else:
        session.outbox = [m if m.get("type") != "lobby" else {"type": "lobby", "seats": seats, "started": True,
                                                                "spectators": 0} for m in session.outbox]
    app.session = session
    scene = table.TableScene(app)
    app.push(scene)
    app.step(2)
    if not watching and n > 1:
        after = [dict(s) for s in seats]
        after[1] = person(1, "Bo", connected=False, bot=True)
        if n > 2:
            after[2] = person(2, "Cy", connected=False)
        scene.presence.on_lobby({"type": "lobby", "seats": after, "started": True, "spectators": 1, "watching": ["Zoe"]})
        scene.names = [s["name"] for s in after]
        scene.table.set_names(scene.names)
    return scene


def hosting(session: Any, address: str = "192.168.1.20:47800", pin: str = "4821") -> None:
    """Dress an in-process session as a hosted LAN table (its address and PIN are what the pictures show)."""
    session.local_table = True
    session.advertised = True
    session.lan_address = address
    session.config.pin = pin


def lan_scene(app: Any, scene: str, game_name: str, seed: int, actions: int, players: int | None) -> None:
    from cardtable.arcade.scenes import confirm, join, lobby, pause

    if scene == "join_error":
        from cardtable.arcade.words import explain_join

        app.push(join.JoinScene(app))
        said = explain_join("could not connect to 192.168.1.20:47800: [Errno 111] Connect call failed", "192.168.1.20",
                            47800)
        app.push(confirm.DialogScene(app, said.title, said.lines, [("Try again", lambda: None, "retry"),
                                                                   ("Back", lambda: None, "back")], kind=said.code))
    elif scene == "host_lobby":
        from cardtable.arcade.session import DirectSession

        app.session = DirectSession(table_config(game_name, seed, players))
        hosting(app.session)
        app.push(lobby.LobbyScene(app))
    elif scene in ("host_pause", "leave"):
        scene_obj = lan_table(app, game_name, seed, players, actions)
        hosting(app.session)
        app.push(pause.PauseScene(app, scene_obj))
        if scene == "leave":
            app.step(2)
            app.scene.ring.focus_name("leave")
            app.scene.quit_table()
    elif scene == "presence":
        lan_table(app, game_name, seed, players, actions)
    elif scene == "watching":
        lan_table(app, game_name, seed, players, actions, watching=True)
    elif scene == "rejoin":
        from cardtable.netplay.discovery import TableInfo
        from cardtable.netplay.seatstore import HeldSeat

        listed = TableInfo("Kitchen._cardtable._tcp.local.", "Kitchen table", "192.168.1.20", 47800, game_name, 3, 4,
                           False, True, 1, table_id="4f2a")
        app.scene.rejoinable = [(HeldSeat("4f2a", "token", "Kitchen table"), listed)]
        app.scene.rebuild()
        app.scene.ring.focus_name(f"rejoin:{listed.key}")


def build_scene(app: Any, scene: str, game_name: str, seed: int, actions: int, players: int | None) -> None:
    """Put ``app`` in ``scene`` (for the tables, with a frozen in-process game)."""
    from cardtable.arcade.scenes import join, keyboard, lobby, pause, results, rules, settings, setup, table

    scene = ALIASES.get(scene, scene)
    if scene in ("join_error", "host_lobby", "host_pause", "presence", "watching", "rejoin", "leave"):
        lan_scene(app, scene, game_name, seed, actions, players)
    elif scene == "title":
        pass
    elif scene == "play":
        app.settings.last_game = game_name
        app.push(setup.LocalSetupScene(app))
    elif scene == "host":
        app.settings.last_game = game_name
        app.push(setup.HostSetupScene(app))
    elif scene == "join":
        app.push(join.JoinScene(app))
    elif scene == "settings":
        app.push(settings.SettingsScene(app))
    elif scene == "rules":
        app.push(rules.RulesScene(app, game_name))
    elif scene == "history":
        from cardtable.arcade.scenes.history import HistoryScene

        app.push(HistoryScene(app))
    elif scene == "quit":
        app.scenes[-1].quit()
    elif scene == "replay":
        import tempfile

        from cardtable.arcade.scenes.replay import ReplayScene
        from cardtable.netplay.replay import Replay

        folder = tempfile.mkdtemp(prefix="cardtable-shot-")
        replay = Replay(bot_game_log(game_name, seed, players, f"{folder}/shot.ctlog"))
        replay.goto(actions)
        replay_scene = ReplayScene(app, replay, 0)
        replay_scene.playing = False
        app.push(replay_scene)
    elif scene == "guest_replay":
        import tempfile

        from cardtable.arcade.scenes.replay import ReplayScene
        from cardtable.netplay.replay import RecordedReplay

        folder = tempfile.mkdtemp(prefix="cardtable-shot-")
        log = bot_game_log(game_name, seed, players, f"{folder}/shot.ctlog")
        recorded = RecordedReplay(guest_recording(log, folder, 0, range(max(1, actions - 6), max(1, actions))))
        recorded.goto(next((k for k in range(recorded.steps + 1) if recorded.version(k) >= actions), recorded.steps))
        replay_scene = ReplayScene(app, recorded, 0)
        replay_scene.playing = False
        app.push(replay_scene)
    elif scene == "keyboard":
        app.push(keyboard.KeyboardScene(app, "Your name", app.settings.name, lambda text: None))
    elif scene == "lobby":
        from cardtable.arcade.session import DirectSession

        config = table_config(game_name, seed, players)
        app.session = DirectSession(config)
        app.push(lobby.LobbyScene(app))
    elif scene in ("table", "pause"):
        app.session = direct_session(game_name, seed, players, actions)
        scene_obj = table.TableScene(app)
        app.push(scene_obj)
        if scene == "pause":
            app.step(2)
            app.push(pause.PauseScene(app, scene_obj))
    elif scene == "results":
        import tempfile

        from cardtable.netplay.replay import Replay

        log = bot_game_log(game_name, seed, players, f"{tempfile.mkdtemp(prefix='cardtable-shot-')}/game.ctlog")
        replay = Replay(log)  # its log makes the review and the "Watch this moment" buttons
        config = table_config(game_name, seed, players)
        names = [s.name or f"{s.level} bot" for s in config.seats]
        app.push(results.ResultsScene(app, replay.final_result or {}, names, replay.game.title, [0], config,
                                      game_name=game_name, log=log))
    else:
        raise ValueError(f"unknown scene {scene!r} (one of {', '.join(SCENES)})")


def render(scene: str, out: str, game_name: str = "oh_hell", seed: int = 1, actions: int = 0,
           players: int | None = None, size: tuple[int, int] = (1280, 720), settle: int = 150) -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    build_scene(app, scene, game_name, seed, actions, players)
    for _ in range(settle // 10):
        app.step(10)
    app.screenshot(out)
    app.shutdown_quietly()
    return out


def run(args: Any) -> int:
    from cardtable.arcade.app import parse_size

    render(args.scene, args.out, args.game, args.seed, args.actions, args.players, parse_size(args.size))
    print(args.out)
    return 0
