"""The ``cardtable`` command: the client by default, and the tools as subcommands.

Each subcommand's module is imported only when it runs, so ``cardtable sim`` never loads pygame.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

# subcommand -> (module, function); the function takes the parsed arguments and returns an exit code.
HANDLERS: dict[str, tuple[str, str]] = {
    "play": ("cardtable.arcade.app", "run"),
    "sim": ("cardtable.bench.sim", "run_sim"),
    "bench": ("cardtable.bench.sim", "run_bench"),
    "host": ("cardtable.netplay.commands", "host"),
    "tables": ("cardtable.netplay.commands", "tables"),
    "join": ("cardtable.netplay.commands", "join"),
    "replay": ("cardtable.netplay.commands", "replay"),
    "shot": ("cardtable.arcade.shot", "run"),
}


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _address(text: str) -> str:
    """An IPv4 address as written (``--interface``), or a clear error naming it."""
    import ipaddress

    try:
        return str(ipaddress.IPv4Address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IPv4 address: {text!r}") from None


def options_help() -> str:
    """Every game's options in the words the setup screens use (the engine's Option specs)."""
    from cardtable.engine import GAMES
    from cardtable.engine.core import describe_options

    parts = ["game options (--option NAME=VALUE):"]
    for game in GAMES.values():
        lines = describe_options(game)
        if lines:
            parts.append(f"  {game.name} ({game.title}):")
            parts += [f"    {line}" for line in lines]
    return "\n".join(parts)


def build_parser(with_options: bool = False) -> argparse.ArgumentParser:
    """The command line; ``with_options`` adds the game options to the help of host and sim (it loads the
    engine, so only when help was asked for)."""
    parser = argparse.ArgumentParser(prog="cardtable", description="A card-game table for people in one room.")
    epilog = options_help() if with_options else None
    wide = argparse.RawDescriptionHelpFormatter
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("--fullscreen", action="store_true")
    play.add_argument("--size", default=None, help="window size WxH, e.g. 1280x720")
    play.add_argument("--interface", type=_address, default=None,
                      help="the one address to look for tables on and to open yours to the LAN on "
                           "(default: every LAN interface), e.g. 127.0.0.1 to test on one machine")

    sim = sub.add_parser("sim", help="a bot tournament run in process; JSON on the last line", epilog=epilog,
                         formatter_class=wide)
    sim.add_argument("--game", required=True)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", type=_csv, default=None, help="one level per seat, e.g. normal,random")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    bench = sub.add_parser("bench", help="benchmarks that print JSON")
    bench.add_argument("what", choices=["engine", "net", "frame", "abuse"])
    bench.add_argument("--seconds", type=float, default=None, help="time budget per measurement")
    bench.add_argument("--games", type=_csv, default=None, help="only these games")
    bench.add_argument("--sizes", type=_csv, default=None, help="frame: window sizes (default 1280x720,1920x1080)")
    bench.add_argument("--runs", type=int, default=None,
                       help="frame: run this many times, each in a fresh process; report the medians")

    host = sub.add_parser("host", help="a headless LAN host", epilog=epilog, formatter_class=wide)
    host.add_argument("--game", default="oh_hell")
    host.add_argument("--players", type=int, default=None)
    host.add_argument("--bots", type=_csv, default=[], help="bot levels for the seats not kept for people")
    host.add_argument("--name", default="cardtable")
    host.add_argument("--port", type=int, default=0)
    host.add_argument("--interface", default=None, help="address to listen and advertise on")
    host.add_argument("--pin", default=None, help='the table\'s PIN; "auto": a random 6-digit one (printed)')
    host.add_argument("--log", default=None)
    host.add_argument("--resume", default=None)
    host.add_argument("--seed", type=int, default=None)
    host.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    host.add_argument("--no-advertise", action="store_true")
    host.add_argument("--bot-speed", type=float, default=1.0, help="bot delay factor (0 = full speed)")
    host.add_argument("--turn-clock", type=float, default=60.0,
                      help="seconds a player may hold the game up before their seat's bot plays (0: no clock)")
    host.add_argument("--open-seats", action="store_true",
                      help="watchers may take a bot's seat mid-game without the owner's yes")
    host.add_argument("--takeover", type=float, default=30.0, help="seconds away before a bot plays a seat")
    host.add_argument("--hold-cap", type=float, default=100.0, metavar="MS",
                      help="real-time games: the longest an action waits for an earlier press still on the "
                           "wire (docs/PROTOCOL.md, Fair races); more covers slower links, and delays every action")
    host.add_argument("--silence", type=float, default=15.0,
                      help="seconds without a word from a player's machine before it counts as gone")
    host.add_argument("--linger", type=float, default=3.0, help="seconds to stay up after the game ends")

    tables = sub.add_parser("tables", help="the live list of tables on the LAN")
    tables.add_argument("--interface", default=None)
    tables.add_argument("--timeout", type=float, default=3.0)
    tables.add_argument("--json", action="store_true")

    join = sub.add_parser("join", help="a headless client whose seat is played by a bot")
    join.add_argument("address", help="HOST:PORT")
    join.add_argument("--name", default="bot")
    join.add_argument("--bot", default="normal")
    join.add_argument("--pin", default=None)
    join.add_argument("--token", default=None, help="the seat token of an earlier connection: its seats come back")
    join.add_argument("--key", default=None, help="the table's key (its fingerprint, as the host shows it); "
                      "needed with --token: the token goes to no other table")
    join.add_argument("--leave-after", type=int, default=None, help="leave after sending this many actions")
    join.add_argument("--seats", type=int, default=1, help="how many seats this client takes")
    join.add_argument("--bot-speed", type=float, default=1.0, help="bot delay factor (0 = full speed)")

    replay = sub.add_parser("replay", help="check a table log (or a guest's recording) and print its result, or watch it (--watch)")
    replay.add_argument("log")
    replay.add_argument("--verify", action="store_true",
                        help="check every state hash and that a host signed the log (say who: its key's fingerprint)")
    replay.add_argument("--key", default=None, metavar="FINGERPRINT",
                        help="with --verify: refuse a log not signed by this host key (its lobby shows it)")
    replay.add_argument("--watch", action="store_true", help="open the replay viewer window")
    replay.add_argument("--seat", type=int, default=None, help="watch from this seat (default: a spectator's view)")
    replay.add_argument("--size", default=None, help="window size WxH (with --watch)")

    shot = sub.add_parser("shot", help="render a scene headless to a PNG")
    shot.add_argument("--game", default="oh_hell")
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--scene", default="table")
    shot.add_argument("--out", required=True)
    shot.add_argument("--actions", type=int, default=0)
    shot.add_argument("--players", type=int, default=None)
    shot.add_argument("--size", default="1280x720")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for JSON and addresses
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(with_options="-h" in argv or "--help" in argv).parse_args(argv)
    command = args.command or "play"
    if args.command is None:
        args = build_parser().parse_args(["play", *(argv or [])])
    if command == "replay" and args.watch:
        module_name, function = "cardtable.arcade.app", "run_replay"
    elif command == "bench" and args.what != "engine":
        module_name, function = {"net": ("cardtable.bench.net", "run"), "frame": ("cardtable.bench.frame", "run"),
                                 "abuse": ("cardtable.bench.abuse", "run")}[args.what]
    else:
        module_name, function = HANDLERS[command]
    handler = getattr(importlib.import_module(module_name), function)
    return int(handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
