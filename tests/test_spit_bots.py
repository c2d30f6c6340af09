"""Spit bots: legal choices from the view alone, sensible slaps, reaction times, and strength."""

from __future__ import annotations

import copy
import random
import statistics

from cardtable.engine.bots import get_bot
from cardtable.engine.spit import GAME
from cardtable.engine.tournament import play_game
from tests.playout import playout
from tests.test_spit import table

SEEDS = range(16)


def wins(strong: str, weak: str) -> int:
    """Games ``strong`` wins against ``weak`` over SEEDS, seats alternating, interleaved by reaction times."""
    won = 0
    for seed in SEEDS:
        levels = [strong, weak] if seed % 2 == 0 else [weak, strong]
        record = play_game("spit", levels, seed)
        won += levels[record.winners[0]] == strong
    return won


def test_normal_clearly_beats_random() -> None:
    assert wins("normal", "random") >= 13


def test_hard_clearly_beats_easy() -> None:
    assert wins("hard", "easy") >= 13


def test_reaction_times_order_the_levels() -> None:
    view = GAME.view(GAME.new(2, 1), 0)
    medians = {}
    for level in ("easy", "normal", "hard"):
        rng = random.Random(level)
        medians[level] = statistics.median(get_bot("spit", level).delay(view, rng) for _ in range(301))
    assert 1.0 < medians["easy"] < 1.4 and 0.55 < medians["normal"] < 0.85 and 0.25 < medians["hard"] < 0.45


def test_bots_slap_and_choose_the_smaller_pile() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"))  # pile 0 holds the rest
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    for level in ("normal", "hard"):
        for seat in (0, 1):
            action = get_bot("spit", level).choose(GAME.view(state, seat), GAME.legal(state, seat), random.Random(0))
            assert action == {"type": "slap", "pile": 1}
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"), clearer_chooses=True)
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    action = get_bot("spit", "normal").choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action == {"type": "choose", "pile": 1}


def test_bots_play_before_turning_and_move_to_uncover() -> None:
    state = table([["9H / 2C", "8D / 4S", "QS"], ["5S"]], ["KD", "AH"])
    GAME.apply(state, 0, {"type": "play", "card": "QS", "pile": 0})
    bot = get_bot("spit", "normal")
    action = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action == {"type": "play", "card": "2C", "pile": 1}
    state = table([["9H 8H / 3C"], ["5S"]], ["JD", "JH"], spit_cards=("AD", ""))
    action = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action["type"] == "move" and action["card"] == "3C"


def test_hard_covers_the_opponents_play() -> None:
    # 4S fits both piles; on pile 1 it covers the 5D the opponent's 6C could follow.
    state = table([["4S"], ["6C", "9D"]], ["3H", "5D"])
    action = get_bot("spit", "hard").choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action == {"type": "play", "card": "4S", "pile": 1}


def test_every_level_finishes_games_with_legal_actions() -> None:
    options = [{"stack_equal": True, "stock_piles": 4}, {"alternate_colors": True, "clearer_chooses": True}]
    for seed, levels in enumerate([("random", "easy"), ("hard", "normal"), ("easy", "hard")]):
        for opts in options:
            record = play_game("spit", list(levels), seed, opts)
            assert sorted(record.result["cards_left"]) == [0, 52]


def test_bots_choose_a_listed_action_from_the_view_alone() -> None:
    """Along a random game, every level picks one of the listed actions and leaves view and list as
    they were (a bot gets nothing else: no state)."""
    state = GAME.new(2, 4, {"stack_equal": True})
    rng = random.Random(4)
    bots = [get_bot("spit", level) for level in ("random", "easy", "normal", "hard")]
    for step, _ in enumerate(playout(GAME, state, rng)):
        if step % 5:
            continue
        for seat in (0, 1):
            legal = GAME.legal(state, seat)
            if not legal:
                continue
            view = GAME.view(state, seat)
            before = copy.deepcopy((view, legal))
            for bot in bots:
                assert bot.choose(view, legal, random.Random(step)) in legal
            assert (view, legal) == before
