"""``normal`` and ``hard`` never play a move the coach calls plainly worse (engine/coach ``blunder``): on the
positions of issue 18 and on those tools/blunders.py found in bot games (tests/data/blunders/GAME.json,
each with the blunder on offer; Oh Hell's found where the earlier ``hard`` played them). Oh Hell's
positions worse by points over sampled deals are tests/test_oh_hell_blunders.py's."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import get_game
from cardtable.engine.bots import get_bot
from cardtable.engine.coach import blunder

DATA = Path(__file__).parent / "data" / "blunders"
GAMES = ("go_stop", "oh_hell", "rummy", "spit", "speed", "tractor")
LEVELS = ("normal", "hard")


def stored(game: str) -> list[dict[str, Any]]:
    return json.loads((DATA / f"{game}.json").read_text())


def played_blunder(game: str, level: str, view: dict[str, Any], legal: list[dict[str, Any]], seed: int) -> str | None:
    action = get_bot(game, level).choose(copy.deepcopy(view), copy.deepcopy(legal), random.Random(seed))
    return blunder(game, view, legal, action)


@pytest.mark.parametrize("game", GAMES)
def test_the_found_positions_each_offer_a_blunder(game: str) -> None:
    positions = stored(game)
    assert len(positions) >= 10
    for p in positions:
        assert p["game"] == game
        assert blunder(game, p["view"], p["legal"], p["worse"]) is not None, p["note"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_bots_play_no_blunder_on_the_found_positions(game: str, level: str) -> None:
    for i, p in enumerate(stored(game)):
        for seed in (i, i + 100, *([p["seed"]] if "seed" in p else [])):  # "seed": the rng a bot failed with
            why = played_blunder(game, level, p["view"], p["legal"], seed)
            assert why is None, f"{level} at {p['note']}: {why}"


def tractor_trick(hands: list[list[str]], trick: list[list[str]], trump: str, rank: str, declarers: int) -> Any:
    """A Tractor state in the play, last seat to play: ``trick`` led by seat 0."""
    game = get_game("tractor")
    state = game.new(4, seed=1)
    state.phase, state.trump_suit, state.trump_rank = "play", trump, rank
    state.declarers, state.starter, state.deck = declarers, declarers, []
    state.hands = hands
    state.trick = [{"seat": s, "cards": cards} for s, cards in enumerate(trick)]
    state.turn = len(trick)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_tractor_attackers_keep_the_five_from_the_declarers_trick(level: str) -> None:
    """Issue 18: attacking, last to 2S JD QH (trump hearts, rank 2) that the declarers win, normal and hard
    threw 5S while 9S and QC were legal (cost() weighed a 5 like a 9)."""
    game = get_game("tractor")
    state = tractor_trick([["4C"], ["5D"], ["3H"], ["5S", "9S", "QC"]], [["2S"], ["JD"], ["QH"]], "H", "2", 0)
    view, legal = game.view(state, 3), game.legal(state, 3)
    assert blunder("tractor", view, legal, {"type": "play", "cards": ["5S"]}) is not None
    for seed in range(12):
        assert played_blunder("tractor", level, view, legal, seed) is None


@pytest.mark.parametrize("level", LEVELS)
def test_tractor_wins_with_the_lower_trump(level: str) -> None:
    """Last to a trick it can win with 4H or AH (trump hearts): the ace is wasted on it."""
    game = get_game("tractor")
    state = tractor_trick([["6S"], ["9S"], ["QS"], ["4H", "AH", "3C"]], [["7S"], ["9S"], ["QS"]], "H", "2", 1)
    view, legal = game.view(state, 3), game.legal(state, 3)
    assert blunder("tractor", view, legal, {"type": "play", "cards": ["AH"]}) is not None
    for seed in range(4):
        assert played_blunder("tractor", level, view, legal, seed) is None


@pytest.mark.parametrize("level", LEVELS)
def test_go_stop_stops_with_one_turn_and_no_capture(level: str) -> None:
    """Go with one card left that captures nothing: only a lucky stock card could add a point, while
    Stop's chips are certain (hard's rollouts called Go here)."""
    game = get_game("go_stop")
    state = game.new(2, seed=5)
    state.phase, state.turn = "go_stop", 0
    state.hands = [["11P2"], ["03P1"]]
    state.table = ["01P1", "04P2"]
    state.captures[0] = ["01B", "03B", "08B", "02P1", "02P2", "05P1", "05P2", "06P1", "06P2", "07P1", "07P2",
                         "09P1", "09P2", "10P1", "10P2", "11D"]
    state.flips = [0, 0]
    view, legal = game.view(state, 0), game.legal(state, 0)
    assert view["scores"][0] >= view["target"]
    assert blunder("go_stop", view, legal, {"type": "go"}) is not None
    for seed in range(3):
        assert played_blunder("go_stop", level, view, legal, seed) is None
