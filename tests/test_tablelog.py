"""Table logs are tamper-evident: every record is chained to the one before, so an edit, a removal, an
insertion or a move is reported with the record's number; malformed records get a clear error, never a
traceback; files are private and keep only hashes of seat tokens."""

from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path
from typing import Any

import msgpack
import pytest

from cardtable.cli import main as cli_main
from cardtable.engine import get_game
from cardtable.engine.core import state_hash
from cardtable.netplay.identity import HostIdentity
from cardtable.netplay.protocol import PROTOCOL_VERSION, token_digest
from cardtable.netplay.tablelog import LogError, TableLog, _read, chain_hash, replay_records

SECRET = "a-seat-token-nobody-may-read"
HOST = HostIdentity.generate()  # the host that writes the logs here


def _write(path: Path, actions: int | None = None, end: bool = True, signer: HostIdentity | None = HOST,
           header: dict[str, Any] | None = None, change: tuple[int, int] | None = None) -> None:
    """A game of Oh Hell played by random choices, logged as a host logs it (``change``: (n, k) plays the
    k-th other legal action at action n, so the game goes another way from there)."""
    game = get_game("oh_hell")
    options = game.resolve_options(3, None)
    header = header or {"protocol": PROTOCOL_VERSION, "game": "oh_hell", "players": 3, "seed": 4,
                        "options": options, "name": "t"}
    seats = [{"name": "Ada", "kind": "person", "level": None, "token": SECRET},
             {"name": "normal bot", "kind": "bot", "level": "normal"},
             {"name": "normal bot", "kind": "bot", "level": "normal"}]
    log = TableLog.create(str(path), header, seats, signer=signer)
    state, rng, n = game.new(3, 4, options), random.Random(4), 0
    while game.result(state) is None and (actions is None or n < actions):
        seat = next(s for s in game.to_act(state) if game.legal(state, s))
        action = game.sample(state, seat, rng)
        if change is not None and n + 1 == change[0]:
            action = [other for other in game.legal(state, seat) if other != action][change[1]]
        game.apply(state, seat, action)
        n += 1
        log.action(n, seat, action, 1000.0 + n, state_hash(game, state) if n % 8 == 0 else None)
    if end and game.result(state) is not None:
        log.end(game.result(state), state_hash(game, state))
    log.close()


def _records(path: Path) -> list[dict[str, Any]]:
    return _read(str(path))[0]


def _save(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_bytes(b"".join(msgpack.packb(r, use_bin_type=True) for r in records))


def _fails(path: Path) -> LogError:
    with pytest.raises(LogError) as caught:
        replay_records(str(path))
    return caught.value


@pytest.fixture()
def log(tmp_path: Path) -> Path:
    path = tmp_path / "game.ctlog"
    _write(path)
    return path


def test_a_log_is_private_and_keeps_only_token_hashes(log: Path) -> None:
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    assert SECRET.encode() not in log.read_bytes()
    start = _records(log)[1]
    assert start["seats"][0]["token_hash"] == token_digest(SECRET) and "token" not in start["seats"][0]
    replayed = replay_records(str(log))
    assert replayed.ended and replayed.complete and replayed.result is not None


def test_every_record_is_chained_to_the_one_before(log: Path) -> None:
    records = _records(log)
    assert [r["i"] for r in records] == list(range(len(records)))
    assert records[0]["prev"] == "" and all(r["prev"] == p["chain"] for p, r in zip(records, records[1:], strict=False))
    assert all(r["chain"] == chain_hash(r) for r in records)


@pytest.mark.parametrize("where", [-2, -5, -7])
def test_replacing_one_of_the_last_actions_is_found(log: Path, where: int) -> None:
    records = _records(log)
    index = len(records) + where
    records[index]["seat"] = (records[index]["seat"] + 1) % 3
    _save(log, records)
    error = _fails(log)
    assert (error.record, error.problem) == (index, "edited") and f"record {index}" in str(error)


def test_rewriting_the_start_record_or_a_number_or_a_time_is_found(log: Path) -> None:
    original = log.read_bytes()
    for index, key, value in ((1, "seats", []), (0, "name", "other"), (5, "n", 99), (9, "t", 0.0)):
        log.write_bytes(original)
        records = _records(log)
        records[index][key] = value
        _save(log, records)
        assert (_fails(log).record, _fails(log).problem) == (index, "edited"), key


def test_removing_inserting_or_moving_a_record_is_found(log: Path) -> None:
    records = _records(log)
    _save(log, records[:10] + records[11:])
    assert (_fails(log).record, _fails(log).problem) == (10, "missing")
    _save(log, records[:10] + [records[4]] + records[10:])
    assert (_fails(log).record, _fails(log).problem) == (10, "inserted")
    _save(log, records[:10] + [records[11], records[10]] + records[12:])
    assert _fails(log).record == 10


def test_a_record_whose_own_chain_holds_but_follows_another_is_found(log: Path) -> None:
    """Only the ``prev`` link catches these: each record's ``i`` and ``chain`` are recomputed and hold."""
    records = _records(log)
    removed = records[:10] + records[11:]  # action 9 taken out, the later records renumbered
    for number, record in enumerate(removed[10:], start=10):
        record["i"] = number
        record["chain"] = chain_hash(record)
    _save(log, removed)
    error = _fails(log)
    assert (error.record, error.problem) == (10, "broken chain") and "does not follow record 9" in str(error)
    records[7]["prev"] = records[5]["chain"]  # a record relinked to an older one
    records[7]["chain"] = chain_hash(records[7])
    _save(log, records)
    assert (_fails(log).record, _fails(log).problem) == (7, "broken chain")


def test_removing_every_hash_is_found(log: Path) -> None:
    records = _records(log)
    for record in records:
        for key in ("chain", "prev", "hash"):
            record.pop(key, None)
    _save(log, records[:-1])  # and the end record
    error = _fails(log)
    assert (error.record, error.problem) == (0, "unchained")


def test_a_malformed_record_gets_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    """Records with a correct chain (written by anyone who recomputed it) are still checked."""
    path = tmp_path / "odd.ctlog"
    _write(path, actions=3, end=False, signer=None)  # written by anyone: no key, no signatures
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "action", "n": 4, "action": {"type": "bid", "bid": 0}, "t": 1.0}, "'seat' is missing"),
        ({"type": "action", "n": 4, "seat": "0", "action": {}, "t": 1.0}, "'seat' has the wrong type"),
        ({"type": "action", "n": 4, "seat": 7, "action": {}, "t": 1.0}, "there is no seat 7"),
        ({"type": "action", "n": 9, "seat": 0, "action": {}, "t": 1.0}, "numbered 9"),
        ({"type": "action", "n": 4, "seat": 0, "action": {"type": "explode"}, "t": 1.0}, "does not apply"),
        ({"type": "teleport"}, "unknown record type"),
        ({"type": "end", "result": "won"}, "'result' has the wrong type"),
    ]
    base = path.read_bytes()
    records = _records(path)
    for record, message in cases:
        path.write_bytes(base)
        writer = TableLog(open(path, "ab"), len(records), records[-1]["chain"])  # noqa: SIM115
        writer.write(record)
        writer.close()
        error = _fails(path)
        assert error.record == len(records) and message in str(error), (message, str(error))


def test_a_bad_header_or_start_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.ctlog"
    for header, seats, message in (
        ({"game": "poker", "players": 3}, None, "unknown game 'poker'"),
        ({"game": "oh_hell", "players": 99}, None, "99 players"),
        ({"game": "oh_hell", "players": 3}, [{"name": "x", "kind": "wizard"}] * 3, "kind 'wizard'"),
        ({"game": "oh_hell", "players": 3}, [{"name": "x", "kind": "bot"}], "1 seats for 3 players"),
    ):
        full = {"protocol": PROTOCOL_VERSION, "seed": 1, "options": {}, "name": "t", **header}
        TableLog.create(str(path), full, seats or [{"name": "x", "kind": "bot", "level": "normal"}] * 3).close()
        error = _fails(path)
        assert error.problem == "schema" and message in str(error), str(error)


def test_a_cut_log_replays_and_says_where_it_stops(log: Path, tmp_path: Path) -> None:
    records = _records(log)
    cut = tmp_path / "cut.ctlog"
    _save(cut, records[:-1])  # the end record is gone: a crash, or someone cut it
    replayed = replay_records(str(cut))
    assert not replayed.complete and f"after record {len(records) - 2}" in replayed.report()["note"]
    data = cut.read_bytes()
    cut.write_bytes(data + msgpack.packb(records[-1], use_bin_type=True)[:-4])
    assert replay_records(str(cut)).report()["torn_bytes"] > 0


def test_replay_verify_reports_exactly_what_is_wrong(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["replay", str(log), "--verify"]) == 0
    good = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert good["ok"] and good["complete"] and good["records"] == len(_records(log))
    records = _records(log)
    records[7]["action"] = {"type": "bid", "bid": 1}
    _save(log, records)
    assert cli_main(["replay", str(log), "--verify"]) == 1
    bad = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert bad == {"ok": False, "error": bad["error"], "record": 7, "problem": "edited"}
    assert "record 7" in bad["error"]


def test_appending_continues_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "resumed.ctlog"
    _write(path, actions=5, end=False)
    data = path.read_bytes()
    path.write_bytes(data[:-3])  # a crash mid-record
    replayed = replay_records(str(path))
    writer = TableLog.append(str(path), signer=HOST)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    writer.closed("the host is closing")
    writer.close()
    again = replay_records(str(path))
    assert len(again.actions) == len(replayed.actions) == 4 and again.closed and again.complete


def test_resuming_a_finished_table_starts_nothing_and_changes_nothing(log: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.netplay.host import Host

    before = log.read_bytes()
    with pytest.raises(LogError) as caught:
        Host.resume(str(log))
    assert caught.value.problem == "finished" and "nothing to resume" in str(caught.value)
    assert cli_main(["host", "--resume", str(log), "--no-advertise", "--interface", "127.0.0.1"]) == 1
    assert "nothing to resume" in capsys.readouterr().out
    assert log.read_bytes() == before and replay_records(str(log)).ended
    # the last action ended the game but the host died before its end record: nothing to play either
    cut = tmp_path / "cut.ctlog"
    _save(cut, _records(log)[:-1])
    with pytest.raises(LogError):
        Host.resume(str(cut))
    assert len(_read(str(cut))[0]) == len(_records(log)) - 1


def _verify(log: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, dict[str, Any]]:
    code = cli_main(["replay", str(log), "--verify", *more])
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_a_host_signs_its_log_and_verify_says_who(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = _records(log)
    assert records[0]["key"] == HOST.public_key.hex() and "sig" in records[-1] and records[-1]["type"] == "end"
    actions = [r for r in records if r["type"] == "action"]
    assert [r["n"] for r in actions if "sig" in r] == list(range(64, len(actions) + 1, 64))
    code, report = _verify(log, capsys, "--key", HOST.fingerprint.lower())
    assert code == 0 and report["signer"] == HOST.fingerprint and report["signed_through"] == len(records) - 1
    assert not report["this_host"]  # not this computer's key: a key made for the test


def test_a_forged_log_is_refused(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A different legal move at action 7 and every hash, the end record and the chain recomputed: the
    host's signatures no longer hold, and the forger's own key is not the host's."""
    header = {k: v for k, v in _records(log)[0].items() if k not in ("type", "log", "created", "i", "prev", "chain")}
    forged = tmp_path / "forged.ctlog"
    _write(forged, signer=None, header=header, change=(7, 0))  # the host's key claimed, nothing signed
    seventh = [[r for r in _records(path) if r.get("n") == 7][0] for path in (forged, log)]
    assert seventh[0]["action"] != seventh[1]["action"] and seventh[0]["seat"] == seventh[1]["seat"]
    code, report = _verify(forged, capsys)
    assert code == 1 and report["problem"] == "signature" and "not signed" in report["error"]
    forger = HostIdentity.generate()
    _write(forged, signer=forger, header=header, change=(7, 0))  # signed, but by another key than the header's
    records = _records(forged)
    records[0]["key"] = HOST.public_key.hex()
    for number, record in enumerate(records):  # the chain recomputed over the host's key
        record["prev"] = records[number - 1]["chain"] if number else ""
        record["chain"] = chain_hash(record)
    _save(forged, records)
    code, report = _verify(forged, capsys)
    assert code == 1 and report["problem"] == "signature" and "does not hold" in report["error"]
    _write(forged, signer=forger, change=(7, 0))  # the forger's own key: it holds, but names the forger
    code, report = _verify(forged, capsys)
    assert code == 0 and report["signer"] == forger.fingerprint != HOST.fingerprint
    code, report = _verify(forged, capsys, "--key", HOST.fingerprint)
    assert code == 1 and report["problem"] == "signer"
    _write(forged, signer=None, change=(7, 0))  # no key at all: nothing shows who wrote it
    code, report = _verify(forged, capsys)
    assert code == 1 and report["problem"] == "unsigned"


def test_removed_signatures_are_found(log: Path) -> None:
    records = _records(log)
    del records[-1]["sig"]  # not in the chain hash: only the signature check sees it
    _save(log, records)
    assert (_fails(log).record, _fails(log).problem) == (len(records) - 1, "signature")


def test_a_signed_log_goes_on_only_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "resumed.ctlog"
    _write(path, actions=70, end=False)
    with pytest.raises(LogError) as caught:
        TableLog.append(str(path), signer=HostIdentity.generate())
    assert caught.value.problem == "key" and HOST.fingerprint in str(caught.value)
    writer = TableLog.append(str(path), signer=HOST)
    writer.closed("the host is closing")
    writer.close()
    again = replay_records(str(path))
    assert again.closed and again.signed.through == again.records - 1
    assert replay_records(str(path)).report()["signer"] == HOST.fingerprint
