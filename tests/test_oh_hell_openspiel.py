"""tools/oh_hell_openspiel.py and ``bench_bots openspiel``: the honest IS-MCTS is the baseline, the stock
resampler is reported with what it knows, deals split over processes (figures never asserted)."""

from __future__ import annotations

from typing import Any

import pytest

from tools import bench_bots
from tools import oh_hell_openspiel as os_glue

needs_openspiel = pytest.mark.skipif(not os_glue.available(), reason="open_spiel is optional and not installed here")


@needs_openspiel
def test_compare_defaults_to_the_honest_baseline_and_splits_deals_over_processes(tmp_path: Any) -> None:
    log = str(tmp_path / "deals.jsonl")
    report = os_glue.compare(2, sizes=(3,), jobs=2, log=log)
    assert os_glue.summarize(os_glue.read_log(log), 2, sizes=(3,), jobs=2) == report  # the log holds every deal
    assert report["ismcts"]["worlds"] == "honest_resample" and "note" not in report["ismcts"]
    assert report["jobs"] == 2 and report["hands"] == 4 and report["ours_by_size"]["3"]["seat_hands"] == 8
    assert report["time_cpu_ms"]["ours/all"]["decisions"] > 0
    assert report["time_cpu_ms"]["ismcts/all"]["decisions"] > 0
    alone = os_glue.compare(2, sizes=(3,), jobs=1)  # every decision has its own seed: the same play
    assert alone["points_per_seat_hand"] == report["points_per_seat_hand"]
    assert alone["ours_by_size"] == report["ours_by_size"]


@needs_openspiel
def test_paired_versions_meet_the_same_ismcts_where_they_play_alike() -> None:
    from cardtable.engine.bots import get_bot

    bots = {"hard": get_bot("oh_hell", "hard"), "again": get_bot("oh_hell", "hard"),
            "normal": get_bot("oh_hell", "normal")}
    report = os_glue.paired(3, bots, sizes=(3,))
    assert report["first"] == "hard" and "minus_first" not in report["hard"]
    again = report["again"]
    assert again["minus_first"] == 0 and again["minus_first_95"] == [0, 0] and again["deals_that_differ"] == 0
    assert again["points_per_seat_hand"] == report["hard"]["points_per_seat_hand"]
    # IS-MCTS's answers are shared, CPU time included: the same search is not paid for twice
    assert again["time_cpu_ms"]["ismcts/all"] == report["hard"]["time_cpu_ms"]["ismcts/all"]
    normal = report["normal"]
    # both sides are rounded to 3 places, so their difference may be 0.001 off
    assert normal["minus_first"] == pytest.approx(normal["difference"] - report["hard"]["difference"], abs=0.0015)
    assert normal["hands"] == 6


@needs_openspiel
def test_the_stock_resampler_is_reported_with_what_it_knows() -> None:
    report = os_glue.compare(1, sizes=(3,), honest=False)
    assert report["ismcts"]["worlds"] == "the game's resample_from_infostate"
    assert "exactly the cards in play" in report["ismcts"]["note"]


@needs_openspiel
def test_honest_worlds_deal_the_others_undealt_cards_too() -> None:
    import random

    lock = os_glue.Lockstep.start(5, 3)
    state = lock.theirs
    player = state.current_player()
    history = [int(a) for a in state.history()]
    dealt = {c for k, c in enumerate(history[2:2 + 4 * 3]) if k % 4 != player}
    rng = random.Random(1)
    drawn = set()
    for _ in range(20):
        world = os_glue.honest_resample(state, player, rng)
        cards = [int(a) for a in world.history()][2:2 + 4 * 3]
        assert [c for k, c in enumerate(cards) if k % 4 == player] == [
            c for k, c in enumerate(history[2:2 + 4 * 3]) if k % 4 == player]
        drawn |= {c for k, c in enumerate(cards) if k % 4 != player}
    assert drawn - dealt, "an honest sampler deals cards that were not dealt in the real deal"


def test_an_unknown_baseline_names_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_bots.main(["openspiel", "--os-baselines", "honest,oracle"])
    assert "'oracle'" in capsys.readouterr().err


def test_a_variant_is_a_labelled_bot_with_attributes_set() -> None:
    from cardtable.engine.bots.oh_hell import HardBot, NormalBot

    label, bot = os_glue.variant("w48=hard:bid_worlds=48,bid_steady=true")
    assert label == "w48" and isinstance(bot, HardBot)
    assert bot.bid_worlds == 48 and bot.bid_steady is True
    assert HardBot.bid_worlds != 48 and HardBot.bid_steady is False  # the class keeps its defaults
    assert os_glue.variant("steady:bid_steady=true")[1].bid_steady is True  # the hard bot unless named
    label, bot = os_glue.variant("normal")
    assert label == "normal" and type(bot) is NormalBot
    with pytest.raises(ValueError, match="no attribute 'bid_wrolds'"):
        os_glue.variant("x:bid_wrolds=64")


@needs_openspiel
def test_paired_runs_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    import json

    log = str(tmp_path / "p")
    assert os_glue.main(["paired", "--deals", "1", "--sizes", "3", "--bot", "hard",
                         "--bot", "noisy:bid_noise=0.3", "--log", log]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["first"] == "hard" and "minus_first" in report["noisy"]
    assert len(os_glue.read_log(f"{log}.noisy.jsonl")) == 1
