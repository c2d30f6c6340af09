"""Speed: a scenario per rule and option of docs/RULES.md, "Speed", random playouts, bots."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.engine import IllegalAction, state_hash
from cardtable.engine.bots import get_bot
from cardtable.engine.speed import DECK, GAME, SpeedState
from cardtable.engine.tournament import run_tournament
from tests.playout import assert_no_leak, playout


def rig(
    hands: list[list[str]],
    tops: list[str],
    stocks: list[list[str]] | None = None,
    sides: list[list[str]] | None = None,
    options: dict[str, Any] | None = None,
) -> SpeedState:
    """A round in play; every card not placed lies face up under the two centre tops."""
    stocks = stocks or [[], []]
    sides = sides or [[], []]
    placed = [c for group in (hands, stocks, sides) for p in group for c in p] + tops
    assert len(set(placed)) == len(placed)
    rest = [c for c in DECK if c not in set(placed)]
    half = len(rest) // 2
    state = SpeedState(seed=5, options=GAME.resolve_options(2, options), phase="play", ready=[True, True],
                       hands=[list(h) for h in hands], stocks=[list(s) for s in stocks],
                       sides=[list(s) for s in sides], centre=[rest[:half] + [tops[0]], rest[half:] + [tops[1]]])
    GAME.check(state)
    return state


def act(state: SpeedState, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    events = GAME.apply(state, seat, action)
    GAME.check(state)
    return events


def rejects(state: SpeedState, seat: Any, action: Any, match: str | None = None) -> None:
    before = state_hash(GAME, state)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, seat, action)
    assert state_hash(GAME, state) == before


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# -- the deal and the start -------------------------------------------------------------------------


@pytest.mark.parametrize(("deal", "stock", "side"), [("15", 10, 10), ("20", 15, 5)])
def test_deals(deal: str, stock: int, side: int) -> None:
    state = GAME.new(2, 3, {"deal": deal})
    assert [len(h) for h in state.hands] == [5, 5]
    assert [len(s) for s in state.stocks] == [stock, stock]
    assert [len(s) for s in state.sides] == [side, side]
    assert [len(p) for p in state.centre] == [1, 1]
    assert sorted(c for g in (state.hands, state.stocks, state.sides, state.centre) for p in g for c in p) \
        == sorted(DECK)


def test_nothing_is_face_up_until_both_are_ready() -> None:
    state = GAME.new(2, 4)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["centre"] == [None, None] and view["phase"] == "ready"
        assert_no_leak(GAME, state, seat)
    assert GAME.legal(state, 0) == [{"type": "ready"}]
    card = state.hands[0][0]
    rejects(state, 0, {"type": "play", "card": card, "pile": 0}, "ready")
    rejects(state, 0, {"type": "flip"}, "ready")
    assert types(act(state, 0, {"type": "ready"})) == ["ready"]
    assert GAME.to_act(state) == [1] and GAME.legal(state, 0) == []
    rejects(state, 0, {"type": "ready"}, "already")
    events = act(state, 1, {"type": "ready"})
    assert events[-1] == {"type": "start", "centre": [state.centre[0][-1], state.centre[1][-1]]}
    assert GAME.view(state, 0)["centre"] == [state.centre[0][-1], state.centre[1][-1]]
    assert GAME.to_act(state) == [0, 1]


def test_views_hide_the_other_hand_and_the_piles() -> None:
    state = GAME.new(2, 8)
    view = GAME.view(state, 1)
    assert sorted(view["hand"]) == sorted(state.hands[1])
    hidden = Counter(GAME.hidden(state, 1))
    for card in state.hands[0] + state.stocks[1] + state.sides[0]:
        assert hidden[card] == 1
    assert GAME.view(state, None)["hand"] == [] and GAME.view(state, None)["stuck"] is None


# -- playing ----------------------------------------------------------------------------------------


def test_plays_onto_either_pile_one_rank_apart_with_wrap() -> None:
    state = rig([["KD", "2C", "8S", "6D", "9C"], ["4S", "4H", "4D", "4C", "5S"]], ["AS", "7H"])
    plays = {(a["card"], a["pile"]) for a in GAME.legal(state, 0) if a["type"] == "play"}
    assert plays == {("KD", 0), ("2C", 0), ("8S", 1), ("6D", 1)}
    rejects(state, 0, {"type": "play", "card": "9C", "pile": 1}, "rank")
    rejects(state, 0, {"type": "play", "card": "KD", "pile": 1}, "rank")
    rejects(state, 0, {"type": "play", "card": "4S", "pile": 0}, "not in your hand")
    rejects(state, 0, {"type": "play", "card": "KD", "pile": 2}, "pile")
    rejects(state, 0, {"type": "play", "card": "KD"}, "pile")
    rejects(state, 0, {"type": "play", "card": "XX", "pile": 0})
    events = act(state, 0, {"type": "play", "card": "KD", "pile": 0})
    assert events == [{"type": "play", "seat": 0, "card": "KD", "pile": 0}]
    assert state.centre[0][-1] == "KD"
    assert {(a["card"], a["pile"]) for a in GAME.legal(state, 0) if a["type"] == "play"} == {("8S", 1), ("6D", 1)}


def test_auto_draw_keeps_five_cards() -> None:
    state = rig([["KD", "2C", "8S", "6D", "9C"], ["4S", "4H", "4D", "4C", "5S"]], ["AS", "7H"],
                stocks=[["3H", "QC"], ["JH"]])
    events = act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    assert types(events) == ["play", "draw"] and "QC" not in str(events)
    assert len(state.hands[0]) == 5 and "QC" in state.hands[0] and state.stocks[0] == ["3H"]
    assert all(a["type"] != "draw" for a in GAME.legal(state, 0))
    rejects(state, 0, {"type": "draw"}, "auto_draw")


def test_draw_action_without_auto_draw() -> None:
    state = rig([["KD", "2C", "8S", "6D", "9C"], ["4S", "4H", "4D", "3S", "5S"]], ["AS", "7H"],
                stocks=[["3H", "QC"], ["JH"]], options={"auto_draw": False})
    rejects(state, 0, {"type": "draw"}, "5 cards")
    act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    assert len(state.hands[0]) == 4 and {"type": "draw"} in GAME.legal(state, 0)
    assert types(act(state, 0, {"type": "draw"})) == ["draw"]
    assert "QC" in state.hands[0] and state.stocks[0] == ["3H"]
    act(state, 1, {"type": "play", "card": "3S", "pile": 0})
    act(state, 1, {"type": "draw"})
    assert state.stocks[1] == [] and "JH" in state.hands[1]
    act(state, 1, {"type": "play", "card": "4S", "pile": 0})
    rejects(state, 1, {"type": "draw"}, "empty")


# -- stuck and flipping -----------------------------------------------------------------------------


def test_stuck_counts_possible_draws() -> None:
    state = rig([["9C", "9D", "9H", "9S"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"],
                stocks=[["JC"], []], sides=[["2D"], ["5D"]], options={"auto_draw": False})
    assert not GAME.stuck(state, 0) and {"type": "flip"} not in GAME.legal(state, 0)
    rejects(state, 0, {"type": "flip"}, "still")
    act(state, 0, {"type": "draw"})
    assert GAME.stuck(state, 0) and GAME.legal(state, 0) == [{"type": "flip"}]
    assert GAME.view(state, 0)["stuck"] is True


def test_one_stuck_player_flips_nothing() -> None:
    state = rig([["9C", "9D", "9H", "9S", "5C"], ["2S", "4H", "4D", "4C", "3S"]], ["AS", "KH"],
                sides=[["2D"], ["5D"]])
    assert GAME.stuck(state, 0) and not GAME.stuck(state, 1)
    assert types(act(state, 0, {"type": "flip"})) == ["flip_asked"]
    assert [len(s) for s in state.sides] == [1, 1] and state.flip_asked == [True, False]
    assert GAME.legal(state, 0) == []
    rejects(state, 0, {"type": "flip"}, "already")
    rejects(state, 1, {"type": "flip"}, "still")
    act(state, 1, {"type": "play", "card": "2S", "pile": 0})
    assert state.flip_asked == [False, False]


def test_both_stuck_flip_both_side_piles_at_once() -> None:
    state = rig([["9C", "9D", "9H", "9S", "5C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"],
                sides=[["6H", "2D"], ["7H", "5D"]])
    act(state, 1, {"type": "flip"})
    events = act(state, 0, {"type": "flip"})
    assert events[-1] == {"type": "flip", "cards": ["2D", "5D"]}
    assert [p[-1] for p in state.centre] == ["2D", "5D"] and state.sides == [["6H"], ["7H"]]
    assert state.flip_asked == [False, False]
    assert not GAME.stuck(state, 1)


def test_an_empty_side_pile_is_skipped_until_both_are_empty() -> None:
    state = rig([["9C", "9D", "9H", "9S", "5C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"],
                sides=[[], ["JD", "QD"]])
    act(state, 0, {"type": "flip"})
    events = act(state, 1, {"type": "flip"})
    assert events[-1] == {"type": "flip", "cards": [None, "QD"]} and state.sides == [[], ["JD"]]


def test_side_piles_are_rebuilt_from_under_the_centre_tops() -> None:
    state = rig([["9C", "9D", "9H", "9S", "5C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"])
    under = [sorted(state.centre[i][:-1]) for i in (0, 1)]
    draws = state.draws
    act(state, 0, {"type": "flip"})
    events = act(state, 1, {"type": "flip"})
    assert types(events) == ["flip_asked", "rebuild", "flip"]
    assert state.draws == draws + 2 and state.rebuilds == 1
    for i in (0, 1):
        assert state.centre[i][0] == ("AS", "KH")[i] and len(state.centre[i]) == 2
        assert sorted(state.sides[i] + state.centre[i][1:]) == under[i]
    again = rig([["9C", "9D", "9H", "9S", "5C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"])
    act(again, 0, {"type": "flip"})
    act(again, 1, {"type": "flip"})
    assert again.sides == state.sides  # the shuffle comes from the seed and the draw counter


def dead_end_state(stock0: list[str], stock1: list[str]) -> SpeedState:
    """Hands of 7s, 8s and 9s whose neighbours all sit in the stockpiles: nobody can ever play."""
    return rig([["7S", "7H", "7D", "7C", "9S"], ["9H", "9D", "9C", "8S", "8H"]], ["AS", "KH"],
               stocks=[stock0, stock1])


def flip_until_the_round_ends(state: SpeedState) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for _ in range(200):
        if state.phase != "play":
            return events
        events += act(state, 0, {"type": "flip"})
        events += act(state, 1, {"type": "flip"})
    raise AssertionError("no dead end")


def test_dead_end_fewer_cards_wins() -> None:
    state = dead_end_state(["6S", "6H", "6D", "6C"], ["8D", "8C", "TS", "TH", "TD", "TC"])
    events = flip_until_the_round_ends(state)
    assert types(events).count("rebuild") == 1
    over = next(e for e in events if e["type"] == "round_over")
    assert over["reason"] == "dead_end" and over["winner"] == 0 and over["points"] == [6, 0]
    result = GAME.result(state)
    assert result["winners"] == [0] and result["reason"] == "dead_end" and result["scores"] == [6, 0]


def test_dead_end_with_equal_cards_is_a_draw() -> None:
    state = dead_end_state(["6S", "6H", "6D", "6C", "8D"], ["8C", "TS", "TH", "TD", "TC"])
    flip_until_the_round_ends(state)
    assert GAME.result(state)["winners"] == [] and GAME.result(state)["scores"] == [0, 0]


def test_a_hand_play_resets_the_rebuild_count() -> None:
    state = rig([["9C", "9D", "9H", "9S", "2C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"])
    state.rebuilds = 1
    act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    assert state.rebuilds == 0


# -- the end ----------------------------------------------------------------------------------------


def test_first_out_wins_the_round() -> None:
    state = rig([["2C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"], stocks=[[], ["5C", "6C", "7C"]])
    events = act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    assert events[-2]["type"] == "round_over" and events[-1]["type"] == "game_over"
    assert state.phase == "over" and GAME.to_act(state) == [] and GAME.legal(state, 1) == []
    result = GAME.result(state)
    assert result["winners"] == [0] and result["reason"] == "out" and result["scores"] == [3, 0]
    rejects(state, 1, {"type": "play", "card": "3S", "pile": 0}, "over")


def test_events_and_results_share_no_list_with_the_state() -> None:
    state = rig([["2C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"], stocks=[[], ["5C", "6C", "7C"]])
    events = act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    before = state_hash(GAME, state)
    for event in events:
        for value in event.values():
            if isinstance(value, list):
                value.append(99)
    result = GAME.result(state)
    result["scores"].append(99)
    result["rounds"][0]["points"].append(99)
    assert state_hash(GAME, state) == before and state.rounds[0]["points"] == [3, 0]
    GAME.check(state)
    state = GAME.new(2, 13, {"score_to": 3, "auto_draw": False})
    for seat, _ in playout(GAME, state, random.Random(13)):
        before = state_hash(GAME, state)
        for data in (GAME.view(state, seat), GAME.dump(state), GAME.legal(state, seat)):
            for value in data.values() if isinstance(data, dict) else [data]:
                if isinstance(value, list):
                    value.append(99)
        assert state_hash(GAME, state) == before


def test_score_to_plays_fresh_rounds_until_the_target() -> None:
    state = rig([["2C"], ["4S", "4H", "4D", "4C", "3S"]], ["AS", "KH"], stocks=[[], ["5C", "6C", "7C"]],
                options={"score_to": 5})
    events = act(state, 0, {"type": "play", "card": "2C", "pile": 0})
    assert types(events)[-2:] == ["round_over", "deal"]
    assert state.phase == "ready" and state.round == 2 and state.scores == [3, 0]
    assert GAME.result(state) is None
    assert [len(h) for h in state.hands] == [5, 5] and [len(s) for s in state.sides] == [10, 10]
    rng = random.Random(2)
    for _ in playout(GAME, state, rng, each=lambda s, *_: GAME.check(s)):
        pass
    result = GAME.result(state)
    assert max(result["scores"]) >= 5 and result["winners"] == [result["scores"].index(max(result["scores"]))]
    assert sum(r["points"][0] for r in result["rounds"]) == result["scores"][0]


def test_bad_actions_change_nothing() -> None:
    state = GAME.new(2, 1)
    act(state, 0, {"type": "ready"})
    act(state, 1, {"type": "ready"})
    for action in [None, [], {}, {"type": 1}, {"type": "slap"}, {"type": "play", "card": None, "pile": 0},
                   {"type": "play", "card": "AS", "pile": True}, {"type": "play", "cards": ["AS"], "pile": 0},
                   {"type": "draw"}]:
        rejects(state, 0, action)
    rejects(state, 2, {"type": "flip"}, "seat")


def test_check_catches_broken_states() -> None:
    state = GAME.new(2, 6)

    def broken(change: Any) -> None:
        clone = GAME.clone(state)
        GAME.check(clone)
        change(clone)
        with pytest.raises(AssertionError):
            GAME.check(clone)

    broken(lambda s: s.stocks[0].append(s.hands[0].pop()))  # a hand of 4 before the start
    broken(lambda s: s.hands[0].append(s.hands[1][0]))  # a card twice
    broken(lambda s: s.rounds.append({"winner": 0, "reason": "out", "points": [0, 2]}))
    broken(lambda s: s.scores.__setitem__(1, 3))
    action = next(a for a in GAME.legal(rig([["2C"], ["4S"]], ["AS", "KH"]), 0) if a["type"] == "play")
    with pytest.raises(TypeError, match="read-only"):
        action["pile"] = 1  # legal() hands out the same play actions again: nobody may change them
    assert action["pile"] == 0


# -- playouts ---------------------------------------------------------------------------------------


OPTION_SETS = [{}, {"deal": "20"}, {"auto_draw": False}, {"deal": "20", "auto_draw": False, "score_to": 4},
               {"score_to": 2}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_playouts_keep_invariants(options: dict[str, Any]) -> None:
    for seed in range(6):
        state = GAME.new(2, seed, options)

        def each(s: SpeedState, seat: int, action: dict[str, Any]) -> None:
            GAME.check(s)
            assert_no_leak(GAME, s, 1 - seat)

        for _ in playout(GAME, state, random.Random(seed), each=each):
            pass
        assert GAME.result(state) is not None


# -- bots -------------------------------------------------------------------------------------------


def test_bots_answer_with_legal_actions_and_react_by_level() -> None:
    medians = {}
    for level in ("random", "easy", "normal", "hard"):
        bot = get_bot("speed", level)
        state = GAME.new(2, 9, {"auto_draw": False})
        rng = random.Random(9)
        delays = []
        for _ in range(300):
            if GAME.result(state) is not None:
                break
            seat = rng.choice([s for s in GAME.to_act(state) if GAME.legal(state, s)])
            view = GAME.view(state, seat)
            action = bot.choose(view, GAME.legal(state, seat), rng)
            assert action in GAME.legal(state, seat)
            if view["phase"] == "play" and action["type"] == "play":
                delays.append(bot.delay(view, rng))
            GAME.apply(state, seat, action)
        medians[level] = sorted(delays)[len(delays) // 2]
    assert medians["easy"] > medians["normal"] > medians["hard"]
    assert 0.8 < medians["easy"] < 1.5 and 0.4 < medians["normal"] < 0.8 and 0.2 < medians["hard"] < 0.45


def win_rate(levels: list[str], games: int, seed: int, options: dict[str, Any] | None = None) -> float:
    summary = run_tournament("speed", levels, games, seed, options).summary()["per_level"]
    return summary[levels[0]]["win_rate"]


def test_normal_beats_random_clearly() -> None:
    assert win_rate(["normal", "random"], 20, 10) >= 0.7
    assert win_rate(["normal", "random"], 10, 30, {"auto_draw": False, "deal": "20"}) >= 0.7


def test_hard_beats_normal_and_normal_beats_easy() -> None:
    assert win_rate(["hard", "normal"], 20, 50) >= 0.7
    assert win_rate(["normal", "easy"], 20, 70) >= 0.7
