"""``cardtable host | tables | join | replay``: the headless LAN commands (arguments: arcade/cli.py)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import signal
import sys
from typing import TYPE_CHECKING, Any

from cardtable.engine.core import option_pairs
from cardtable.netplay.protocol import clean_name

if TYPE_CHECKING:
    from cardtable.netplay.host import HostConfig


def _option_pairs(pairs: list[str]) -> dict[str, Any]:
    try:
        return option_pairs(pairs)
    except ValueError as error:
        raise SystemExit(str(error)) from None


def _say(text: str) -> None:
    print(text, flush=True)


def new_pin() -> str:
    """A random 6-digit PIN (with the table's lockout, decades of guessing)."""
    return f"{secrets.randbelow(10**6):06}"


def _config(args: argparse.Namespace) -> HostConfig:
    from cardtable.netplay.host import HostConfig

    pin = new_pin() if args.pin == "auto" else args.pin
    if args.pin == "auto":
        _say(f"PIN {pin}")
    return HostConfig(
        name=clean_name(args.name, "cardtable"),
        pin=pin,
        auto_start=True,
        bot_speed=getattr(args, "bot_speed", 1.0),
        turn_clock=getattr(args, "turn_clock", 60.0),
        open_seats=getattr(args, "open_seats", False),
        takeover=getattr(args, "takeover", 30.0),
        max_hold=getattr(args, "hold_cap", 100.0) / 1000.0,
        silence=getattr(args, "silence", 15.0),
    )


def host(args: argparse.Namespace) -> int:
    """A headless host: prints its address and port, runs until the game is over (or Ctrl-C)."""
    return asyncio.run(_host(args))


async def _host(args: argparse.Namespace) -> int:
    from cardtable.engine import get_game
    from cardtable.netplay.discovery import Advertiser, local_addresses
    from cardtable.netplay.host import Host
    from cardtable.netplay.host.seats import clock_problem
    from cardtable.netplay.tablelog import LogError

    config = _config(args)
    problem = clock_problem(config.turn_clock)
    if problem is not None:
        _say(f"cannot host: --turn-clock {problem}")
        return 2
    if args.resume:
        try:
            table = Host.resume(args.resume, config)
        except LogError as error:
            _say(f"cannot resume: {error}")
            return 1
    else:
        try:
            game = get_game(args.game)
            players = args.players or max(game.min_players, min(4, game.max_players, len(args.bots) + 1))
            if len(args.bots) >= players:
                raise ValueError(f"{len(args.bots)} bots leave no seat for a person at {players} players")
            seats: list[str | None] = [None] * (players - len(args.bots)) + list(args.bots)
            table = Host(game, players, seats=seats, options=_option_pairs(args.option), seed=args.seed,
                         config=config, log_path=args.log)
        except ValueError as error:
            _say(f"cannot host: {error}")
            return 2
    listen = args.interface or "0.0.0.0"
    port = await table.serve(listen, args.port)
    shown = args.interface or local_addresses()[0]
    _say(f"hosting {table.config.name!r}: {table.game.title} for {table.players} "
         f"on {shown}:{port} (seed {table.seed})")
    _say(f"table key {table.identity.fingerprint}: the join list shows the same for this table")
    _say(json.dumps({"address": shown, "port": port, "game": table.game.name, "players": table.players,
                     "fingerprint": table.identity.fingerprint}))
    advertiser = None
    if not args.no_advertise:
        advertiser = Advertiser(table, [args.interface] if args.interface else None, port)
        try:
            await advertiser.start()
        except OSError as error:
            _say(f"not advertised on the LAN ({error}); join with the address above")
            advertiser = None
    if table.started:
        table.begin_resumed()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)

    async def until_over() -> None:
        while table.result is None:
            await asyncio.sleep(0.1)
        _say(json.dumps({"result": table.result, "actions": table.applied}))
        await asyncio.sleep(getattr(args, "linger", 3.0))
        stop.set()

    watcher = asyncio.create_task(until_over())
    await stop.wait()
    watcher.cancel()
    if advertiser is not None:
        await advertiser.close()
    await table.close()
    return 0


def tables(args: argparse.Namespace) -> int:
    """Browse the LAN for ``--timeout`` seconds and print the tables found."""
    from cardtable.netplay.discovery import browse, listings

    found = asyncio.run(browse([args.interface] if args.interface else None, args.timeout))
    if args.json:  # a table in a conflict (one id, another key seen too) says so
        _say(json.dumps([{**t.as_dict(), "conflict": listing.conflict} for listing in listings(found)
                         for t in listing.tables]))
        return 0
    if not found:
        _say("no tables found (a manual address always works: cardtable join HOST:PORT)")
    for listing in listings(found):
        if listing.conflict:
            _say(f"CONFLICT: {len(listing.tables)} hosts claim table {listing.table.table_id} "
                 f"({listing.table.name}); compare the key with the host's screen:")
        for t in listing.tables:
            state = "playing" if t.started else "lobby"
            lock = " PIN" if t.pin else ""
            extra = "" if t.compatible else f" (protocol {t.protocol}: other version)"
            indent = "  " if listing.conflict else ""
            _say(f"{indent}{t.name:24} {t.game:10} {t.taken}/{t.seats} {state}{lock}  {t.address}:{t.port}"
                 f"  key {t.fingerprint or '?'}{extra}")
    return 0


def _address(text: str) -> tuple[str, int]:
    host_part, sep, port_text = text.rpartition(":")
    if not sep or not port_text.isdigit():
        raise SystemExit(f"join needs HOST:PORT, not {text!r}")
    return host_part.strip("[]") or "127.0.0.1", int(port_text)


def join(args: argparse.Namespace) -> int:
    """Join a table; a bot plays the seat. Prints the result as JSON."""
    return asyncio.run(_join(args))


async def _join(args: argparse.Namespace) -> int:
    from cardtable.netplay import identity, seatstore
    from cardtable.netplay.botclient import play_as_bot
    from cardtable.netplay.client import AsyncClient, JoinError

    address, port = _address(args.address)
    token, key = getattr(args, "token", None), getattr(args, "key", None)
    if token is not None and key is None:
        _say("a seat token goes only to the table it came from: give its key too (--key, printed when you joined)")
        return 2
    held = seatstore.at_address(address, port) if token is None else None
    if held is not None:  # a seat kept here from an earlier join: back to it, if the host proves the same key
        token, key = held.token, held.key_bytes
    client = AsyncClient(address, port, args.name, pin=args.pin, token=token, host_key=key,
                         seats=getattr(args, "seats", 1))
    try:
        welcome = await client.connect()
    except JoinError as error:
        _say(f"could not join: {error.reason}")
        return 1
    _say(f"joined {welcome['table']['name']!r} ({welcome['table']['title']}) as seat(s) {welcome['seats']}")
    if not welcome["seats"]:
        _say("no seat free: watching only")
    else:
        fingerprint = identity.fingerprint(client.host_key) if isinstance(client.host_key, bytes) else client.host_key
        kept = seatstore.from_welcome(welcome, address, port)
        if kept is not None:
            seatstore.remember(kept)
        # the token is a password for the seat: kept 0600 in the data folder, never printed
        _say(f"seat kept in {seatstore.store_path()} (readable by you only): run the same join again to come "
             f"back to it; the table's key is {fingerprint}")
    run = await play_as_bot(client, args.bot, bot_speed=getattr(args, "bot_speed", 1.0),
                            stop_after=getattr(args, "leave_after", None))
    await client.close()
    _say(json.dumps({"result": run.result, "hash": run.hash, "sent": run.sent, "rejected": run.rejected,
                     "closed": run.closed}))
    return 0 if run.result is not None or getattr(args, "leave_after", None) is not None else 1


def replay(args: argparse.Namespace) -> int:
    """Check a table log (its hash chain, signatures and schema always; ``--verify``: every recorded state
    hash too, and that a host signed it, with ``--key`` that host) and replay it; or check a guest's recording (its chain and its views). Prints JSON: what is in it, or exactly what is wrong and in which record."""
    from cardtable.netplay.recording import is_recording
    from cardtable.netplay.replay import RecordedReplay
    from cardtable.netplay.tablelog import LogError, replay_records

    try:
        if is_recording(args.log):  # a guest's own recording: what it received, nothing to re-verify
            _say(json.dumps({"ok": True, **RecordedReplay(args.log).report()}))
            return 0
        done = replay_records(args.log, verify=args.verify)
        if args.verify:
            _check_signer(done.signed.signer, getattr(args, "key", None))
    except LogError as error:
        _say(json.dumps({"ok": False, "error": str(error), "record": error.record, "problem": error.problem}))
        return 1
    except OSError as error:
        _say(json.dumps({"ok": False, "error": str(error), "record": None, "problem": "unreadable"}))
        return 1
    _say(json.dumps({"ok": True, **done.report(), "this_host": done.signed.signer == _own_fingerprint(),
                     "verified": args.verify}))
    return 0


def _check_signer(signer: str | None, wanted: str | None) -> None:
    """``--verify``'s demand on who signed: someone (a log nobody signed could be anyone's), and with
    ``--key`` that host (a forger can sign with a key of their own)."""
    from cardtable.netplay.tablelog import LogError

    if signer is None:
        raise LogError("the log is not signed: nothing shows which host wrote it (anyone who can write the "
                       "file could have)", 0, "unsigned")
    if wanted is not None and signer != wanted.strip().upper():
        raise LogError(f"signed by host key {signer}, not {wanted.strip().upper()}", 0, "signer")


def _own_fingerprint() -> str | None:
    """This computer's host key's fingerprint, if it has one (never made here)."""
    from cardtable.netplay import identity

    if not identity.key_path().exists():
        return None
    try:
        return identity.load_or_create().fingerprint
    except identity.IdentityError:
        return None


if __name__ == "__main__":
    sys.exit(0)
