"""Bot tournaments and the ``cardtable sim`` / ``cardtable bench engine`` commands."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from cardtable.engine.tournament import play_game, run_tournament, seatings


def test_a_game_is_the_same_from_the_same_seed() -> None:
    a = play_game("oh_hell", ["normal", "random", "easy"], seed=4)
    b = play_game("oh_hell", ["normal", "random", "easy"], seed=4)
    assert (a.scores, a.winners, a.actions) == (b.scores, b.winners, b.actions)
    assert a.actions > 0 and len(a.scores) == 3


def test_real_time_seats_interleave_by_reaction_time() -> None:
    record = play_game("spit", ["hard", "easy"], seed=2)
    assert record.sim_seconds > 0
    assert record.winners and all(w in (0, 1) for w in record.winners)


def test_seatings_rotate_levels_round_the_table() -> None:
    assert list(seatings(["a", "b", "c"], 4, rotate=True)) == [
        ["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]]
    assert list(seatings(["a", "b"], 2, rotate=False)) == [["a", "b"], ["a", "b"]]


def test_standings_count_every_seat_once_per_game() -> None:
    summary = run_tournament("spit", ["normal", "random"], games=6, seed=10).summary()
    assert summary["games"] == 6
    assert sum(row["seats_played"] for row in summary["per_level"].values()) == 12
    assert sum(row["seats_played"] for row in summary["per_seat"].values()) == 12
    wins = sum(row["wins"] for row in summary["per_level"].values())
    assert wins >= 6 - summary["draws"]  # a shared win counts for every winner


def test_sim_command_prints_json_on_its_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "oh_hell", "--players", "3", "--games", "3", "--seed", "1",
                 "--bots", "normal,random,random", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    report = json.loads(last)
    assert report["games"] == 3 and report["game"] == "oh_hell"
    assert set(report["per_level"]) == {"normal", "random"}
    assert report["actions_per_second"] > 0 and report["games_per_second"] > 0


def test_sim_refuses_unknown_levels_and_bad_options() -> None:
    with pytest.raises(SystemExit, match="no 'genius' bot"):
        main(["sim", "--game", "spit", "--bots", "genius,random", "--games", "1", "--quiet"])
    with pytest.raises(ValueError, match="stock_piles"):
        main(["sim", "--game", "spit", "--bots", "random,random", "--games", "1", "--quiet",
              "--option", "stock_piles=7"])


def test_bench_engine_reports_every_asked_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "spit,oh_hell", "--seconds", "0.2"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(report["games"]) == {"spit", "oh_hell"}
    assert report["games"]["spit"]["actions_per_second"] > 0
    assert "oh_hell_vs_openspiel" in report
