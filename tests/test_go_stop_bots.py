"""Go-Stop bots: legal choices from views only, the normal heuristics, hard's search, and who beats whom."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import hwatu
from cardtable.engine.bots import bot_levels, get_bot
from cardtable.engine.bots import go_stop as go_stop_bots
from cardtable.engine.bots.go_stop import HardBot, Knowledge, determinize, want_go
from cardtable.engine.go_stop import GAME
from cardtable.engine.tournament import play_game
from tests.test_go_stop import make


def test_levels() -> None:
    assert bot_levels("go_stop") == ["random", "easy", "normal", "hard"]


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 3])
def test_bots_choose_legal_actions(level: str, players: int) -> None:
    bot = HardBot(budget=8) if level == "hard" else get_bot("go_stop", level)
    for seed in range(2 if level == "hard" else 6):
        state = GAME.new(players, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal(state, seat)
            action = bot.choose(GAME.view(state, seat), legal, rng)
            assert action in legal
            GAME.apply(state, seat, action)
            GAME.check(state)
        assert bot.delay(GAME.view(state, 0), rng) > 0


def test_a_bot_leaves_after_a_paid_hand_and_deals_when_leave_is_withheld() -> None:
    state = make([["05P1"], ["06P1"]], ["09P1"], ["10P1", "11P1"])
    state.phase, state.doubled = "hand_over", False
    state.options["hands"] = 0  # open-ended: leaving is how the table ends
    view = GAME.view(state, state.dealer)
    bot = get_bot("go_stop", "normal")
    legal = GAME.legal(state, state.dealer)
    assert bot.choose(view, legal, random.Random(0)) == {"type": "leave"}
    assert bot.choose(view, [{"type": "deal"}], random.Random(0)) == {"type": "deal"}
    state.doubled = True
    assert bot.choose(GAME.view(state, state.dealer), legal, random.Random(0)) == {"type": "deal"}
    state.options["hands"] = 5
    state.doubled = False
    assert bot.choose(GAME.view(state, state.dealer), legal, random.Random(0)) == {"type": "deal"}


def test_normal_takes_the_bright_and_bombs_and_shakes() -> None:
    bot = get_bot("go_stop", "normal")
    state = make([["01P1", "05P1", "07P2"], ["11P1"]], ["01B", "05P2", "09P1"], ["10P1", "12A"])
    action = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action == {"type": "play", "card": "01P1"}
    state = make([["07A", "07R", "07P1", "01P1"], ["11P1"]], ["07P2", "03P1"], ["02P1", "04P1"])
    action = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action["type"] == "bomb"
    state = make([["07A", "07R", "07P1", "01P1"], ["11P1"]], ["03P1"], ["02P1", "04P1"])
    action = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert action.get("shake") is True


def test_normal_takes_the_card_an_opponent_needs_for_a_set() -> None:
    bot = get_bot("go_stop", "normal")
    state = make([["02P1", "06P1"], ["11P1"]], ["02A", "02P2", "06A"], ["10P1", "12A"],
                 captures=[[], ["04A", "08A"]])
    play = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert play == {"type": "play", "card": "02P1"}
    GAME.apply(state, 0, play)
    choice = bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0))
    assert choice == {"type": "choose", "card": "02A"}


def test_normal_goes_with_time_and_no_threat_and_stops_under_threat() -> None:
    state = make([["05P1", "06P1", "07P1", "09P1"], ["11P1"]], [], [],
                 captures=[["01B", "03B", "08B", "06R", "09R", "10R", "04R", "07R"], ["11P2"]])
    k = Knowledge.from_view(GAME.view(state, 0))
    assert want_go(k, 4)
    assert not want_go(k, 1)
    state.captures[1] = ["11P2", "02A", "04A", "12R", "01R", "02R", "05A", "06A", "07A", "09A", "05R", "10A"]
    assert not want_go(Knowledge.from_view(GAME.view(state, 0)), 4)


def test_easy_always_stops() -> None:
    state = make([["05P1"], ["11P1"]], [], [])
    state.phase = "go_stop"
    bot = get_bot("go_stop", "easy")
    assert bot.choose(GAME.view(state, 0), GAME.legal(state, 0), random.Random(0)) == {"type": "stop"}


@pytest.mark.parametrize("players", [2, 3])
def test_determinize_is_consistent_with_the_view(players: int) -> None:
    state = GAME.new(players, 13)
    rng = random.Random(13)
    for _ in range(9):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.sample(state, seat, rng))
    while state.phase != "play":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.sample(state, seat, rng))
    me = state.turn
    world = determinize(GAME.view(state, me), random.Random(1))
    GAME.check(world)
    assert world.hands[me] == sorted(world.hands[me], key=lambda c: (hwatu.month(c) or "99", c))
    assert Counter(world.hands[me]) == Counter(state.hands[me])
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.stock) == len(state.stock)
    assert [sorted(c) for c in world.captures] == [sorted(c) for c in state.captures]
    assert sorted(world.table) == sorted(state.table) and world.stacks == state.stacks


def test_hard_is_deterministic_for_a_given_rng() -> None:
    state = GAME.new(2, 5)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal(state, seat)
    bot = HardBot(budget=24)
    assert bot.choose(view, legal, random.Random(9)) == bot.choose(view, legal, random.Random(9))


def chip_balance(levels: list[str], games: int, seed: int = 100) -> dict[str, float]:
    totals: Counter[str] = Counter()
    for i in range(games):
        shift = i % len(levels)
        seating = levels[shift:] + levels[:shift]
        record = play_game("go_stop", seating, seed + i)
        for level, chips in zip(seating, record.scores, strict=True):
            totals[level] += chips
    return dict(totals)


def test_normal_beats_random_clearly() -> None:
    two = chip_balance(["normal", "random"], 40)
    assert two["normal"] > 200
    three = chip_balance(["normal", "random", "random"], 30)
    assert three["normal"] > 100


class SmallHard(HardBot):
    def __init__(self) -> None:
        super().__init__(budget=12, width=3)


def test_hard_beats_random(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(go_stop_bots.BOTS, "hard", SmallHard)
    totals = chip_balance(["hard", "random"], 8)
    assert totals["hard"] > 40


def test_hard_leaves_the_normal_choice_only_on_clear_evidence() -> None:
    bot = HardBot(confidence=1.0)
    assert bot._edge([2.0, 2.0, 2.0]) == 2.0
    assert bot._edge([5.0, -5.0, 5.0, -4.0]) == 0.0
    assert bot._edge([-1.0, -2.0]) == 0.0
