"""Oh Hell: a scenario per rule and option of docs/RULES.md, "Oh Hell", random playouts, bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import IllegalAction, state_hash
from cardtable.engine.oh_hell import (
    GAME,
    OhHellState,
    hand_cards,
    hand_mask,
    hand_points,
    hand_schedule,
    trick_winner,
)
from cardtable.engine.tournament import run_tournament
from tests.playout import assert_no_leak, playout


def rig(
    hands: list[list[str]],
    trump_card: str | None = None,
    hand_index: int = 0,
    options: dict[str, Any] | None = None,
) -> OhHellState:
    """A state in the bidding of hand ``hand_index`` with the given hands and turned card."""
    players = len(hands)
    state = GAME.new(players, 0, options)
    state.hand_index = hand_index
    state.dealer = hand_index % players
    assert all(len(h) == state.schedule[hand_index] for h in hands)
    state.hands = [hand_mask(h) for h in hands]
    state.trump_card = trump_card
    state.trump = trump_card[1] if trump_card else None
    first = (state.dealer + 1) % players
    order = [c for i in range(players) for c in hands[(first + i) % players]] + ([trump_card] if trump_card else [])
    state.orders = list(state.orders)
    state.orders[hand_index] = order
    state.sheet = [{"cards": state.schedule[i], "trump": None, "bids": [0] * players,
                    "tricks": [0] * players, "points": [0] * players} for i in range(hand_index)]
    state.sheet = [dict(r, tricks=[r["cards"]] + [0] * (players - 1)) for r in state.sheet]
    for row in state.sheet:
        row["points"] = [hand_points(b, t, row["cards"], state.options["scoring"])
                         for b, t in zip(row["bids"], row["tricks"], strict=True)]
    state.scores = [sum(r["points"][s] for r in state.sheet) for s in range(players)]
    state.leader = state.turn = (state.dealer + 1) % players
    GAME.check(state)
    return state


def bid_all(state: OhHellState, bids: dict[int, int]) -> None:
    while state.phase == "bid" and GAME.to_act(state)[0] in bids:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, {"type": "bid", "bid": bids[seat]})


def play(state: OhHellState, seat: int, card: str) -> list[dict[str, Any]]:
    events = GAME.apply(state, seat, {"type": "play", "card": card})
    GAME.check(state)
    return events


def rejects(state: OhHellState, seat: Any, action: Any, match: str | None = None) -> None:
    before = state_hash(GAME, state)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, seat, action)
    assert state_hash(GAME, state) == before


# -- hands, deal, dealer, trump -----------------------------------------------------------------------


def test_number_of_hands_by_players() -> None:
    assert [len(hand_schedule(n, "up")) for n in range(3, 8)] == [15, 13, 10, 8, 7]


def test_schedules() -> None:
    assert hand_schedule(7, "up") == [1, 2, 3, 4, 5, 6, 7]
    assert hand_schedule(7, "down") == [7, 6, 5, 4, 3, 2, 1]
    assert hand_schedule(7, "up_down") == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert hand_schedule(7, "down_up") == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    for name in ("up", "down", "up_down", "down_up"):
        state = GAME.new(5, 3, {"schedule": name})
        assert state.schedule == hand_schedule(5, name)
        assert [len(hand_cards(h)) for h in state.hands] == [state.schedule[0]] * 5


def test_hand_k_deals_k_cards_and_the_deal_passes_left() -> None:
    state = GAME.new(4, 9)
    rng = random.Random(9)
    seen = []
    while state.hand_index < 4:
        if not seen or seen[-1][0] != state.hand_index:
            seen.append((state.hand_index, state.dealer, [len(hand_cards(h)) for h in state.hands], state.turn))
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.sample(state, seat, rng))
    assert seen == [(0, 0, [1] * 4, 1), (1, 1, [2] * 4, 2), (2, 2, [3] * 4, 3), (3, 3, [4] * 4, 0)]


def test_trump_is_the_next_card_turned_up() -> None:
    state = GAME.new(3, 4)
    assert state.trump_card is not None and state.trump == state.trump_card[1]
    view = GAME.view(state, 0)
    assert view["trump_card"] == state.trump_card and view["trump"] == state.trump
    dealt = {c for h in state.hands for c in hand_cards(h)}
    assert state.trump_card not in dealt and state.trump_card not in GAME.stock(state)


def test_last_hand_has_no_trump_even_with_cards_left() -> None:
    for schedule in ("up", "down", "up_down", "down_up"):
        state = GAME.new(5, 2, {"schedule": schedule})
        rng = random.Random(2)
        while state.hand_index < len(state.schedule) - 1:
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, GAME.sample(state, seat, rng))
        assert state.trump_card is None and state.trump is None
        assert len(GAME.stock(state)) == 52 - 5 * state.schedule[-1]


def test_no_trump_when_no_card_is_left() -> None:
    state = GAME.new(4, 1, {"schedule": "down"})
    assert state.schedule[0] == 13 and state.trump is None and GAME.stock(state) == []


def test_a_card_is_turned_in_every_hand_but_the_last_and_a_full_deal() -> None:
    from cardtable.engine.oh_hell import deal_orders

    for players in range(3, 8):
        for schedule in ("up", "down", "up_down", "down_up"):
            counts = hand_schedule(players, schedule)
            orders = deal_orders(1, players, counts)
            for index, count in enumerate(counts):
                turned = index < len(counts) - 1 and players * count < 52
                assert len(orders[index]) == players * count + turned, (players, schedule, index)
                assert len(set(orders[index])) == len(orders[index])


def test_the_turning_hand_of_four_players_has_no_trump() -> None:
    state = GAME.new(4, 5, {"schedule": "up_down"})
    rng = random.Random(5)
    while state.schedule[state.hand_index] != 13:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.sample(state, seat, rng))
    assert state.hand_index == 12 and state.trump is None and GAME.view(state, 0)["trump_card"] is None
    assert GAME.stock(state) == [] and state.dealer == 0 and GAME.to_act(state) == [1]


def test_turning_hand_is_played_once() -> None:
    assert hand_schedule(3, "up_down").count(15) == 1
    assert hand_schedule(3, "down_up").count(1) == 1


# -- bidding ------------------------------------------------------------------------------------------


def test_bidding_starts_left_of_dealer_and_goes_round() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1)
    assert state.dealer == 1
    order = []
    while state.phase == "bid":
        seat = GAME.to_act(state)[0]
        order.append(seat)
        assert [a["bid"] for a in GAME.legal(state, seat)] == [0, 1, 2]
        events = GAME.apply(state, seat, {"type": "bid", "bid": 1})
        assert events == [{"type": "bid", "seat": seat, "bid": 1}]
    assert order == [2, 0, 1]
    assert state.phase == "play" and state.leader == 2 and GAME.to_act(state) == [2]
    assert GAME.view(state, 0)["bids"] == [1, 1, 1]


def test_bids_are_checked() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1)
    rejects(state, 2, {"type": "bid", "bid": 3}, "0 to 2")
    rejects(state, 2, {"type": "bid", "bid": True})
    rejects(state, 2, {"type": "bid", "bid": "1"})
    rejects(state, 0, {"type": "bid", "bid": 1}, "turn")
    rejects(state, 2, {"type": "play", "card": "6S"}, "bid")


def test_hook_forbids_the_dealer_to_make_bids_add_up() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1, options={"hook": True})
    GAME.apply(state, 2, {"type": "bid", "bid": 1})
    GAME.apply(state, 0, {"type": "bid", "bid": 0})
    assert [a["bid"] for a in GAME.legal(state, 1)] == [0, 2]
    rejects(state, 1, {"type": "bid", "bid": 1}, "hook")
    GAME.apply(state, 1, {"type": "bid", "bid": 2})
    assert state.phase == "play"


def test_hook_never_applies_without_the_option_or_to_others() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1, options={"hook": True})
    GAME.apply(state, 2, {"type": "bid", "bid": 2})
    assert [a["bid"] for a in GAME.legal(state, 0)] == [0, 1, 2]
    plain = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1)
    bid_all(plain, {2: 1, 0: 0})
    assert plain.phase == "bid"
    assert [a["bid"] for a in GAME.legal(plain, 1)] == [0, 1, 2]


def test_simultaneous_bids_are_hidden_until_all_are_in() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1,
                options={"simultaneous_bids": True, "hook": True})
    assert GAME.to_act(state) == [0, 1, 2]
    events = GAME.apply(state, 0, {"type": "bid", "bid": 2})
    assert events == [{"type": "bid", "seat": 0}]
    assert GAME.view(state, 0)["bids"] == [2, None, None]
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view["bids"] == [None, None, None]
        assert view["has_bid"] == [True, False, False]
    assert GAME.to_act(state) == [1, 2] and GAME.legal(state, 0) == []
    rejects(state, 0, {"type": "bid", "bid": 1}, "already")
    GAME.apply(state, 2, {"type": "bid", "bid": 0})
    # the hook is ignored with simultaneous bids: the dealer (seat 1) may make them add up
    assert [a["bid"] for a in GAME.legal(state, 1)] == [0, 1, 2]
    events = GAME.apply(state, 1, {"type": "bid", "bid": 0})
    assert events[-1] == {"type": "bids_revealed", "bids": [2, 0, 0]}
    assert GAME.view(state, 1)["bids"] == [2, 0, 0]
    assert state.phase == "play" and GAME.to_act(state) == [2]


# -- play ---------------------------------------------------------------------------------------------


def three_in_play(options: dict[str, Any] | None = None) -> OhHellState:
    """Three players with 3 cards each, hearts trump, seat 1 leads."""
    state = rig([["AS", "2H", "3D"], ["KS", "5C", "9D"], ["4C", "7H", "QD"]], "TH", hand_index=2,
                options=options)
    state.hand_index = 2
    bid_all(state, {0: 1, 1: 1, 2: 1})
    return state


def test_leader_is_left_of_dealer_and_must_follow_suit() -> None:
    state = three_in_play()
    assert state.dealer == 2 and state.leader == 0
    play(state, 0, "3D")
    assert sorted(a["card"] for a in GAME.legal(state, 1)) == ["9D"]
    rejects(state, 1, {"type": "play", "card": "KS"}, "follow suit")
    rejects(state, 1, {"type": "play", "card": "QD"}, "not in your hand")
    rejects(state, 2, {"type": "play", "card": "QD"}, "turn")


def test_void_may_play_anything_without_must_trump() -> None:
    state = three_in_play()
    play(state, 0, "AS")
    play(state, 1, "KS")
    assert sorted(a["card"] for a in GAME.legal(state, 2)) == ["4C", "7H", "QD"]


def test_must_trump_forces_a_trump_when_void() -> None:
    state = three_in_play({"must_trump": True})
    play(state, 0, "AS")
    play(state, 1, "KS")
    assert [a["card"] for a in GAME.legal(state, 2)] == ["7H"]
    rejects(state, 2, {"type": "play", "card": "4C"}, "trump")
    play(state, 2, "7H")
    assert state.tricks == [0, 0, 1] and state.leader == 2


def test_must_trump_needs_no_overtrump() -> None:
    state = rig([["2S", "AH"], ["3S", "KH"], ["4S", "2H"]], "TH", hand_index=1, options={"must_trump": True})
    bid_all(state, {2: 0, 0: 1, 1: 1})
    play(state, 2, "4S")
    play(state, 0, "2S")
    play(state, 1, "3S")
    assert state.leader == 2
    play(state, 2, "2H")
    assert sorted(a["card"] for a in GAME.legal(state, 0)) == ["AH"]


def test_hand_masks() -> None:
    cards = ["AS", "KS", "2H", "TD", "QC"]
    assert hand_cards(hand_mask(cards)) == cards
    assert hand_mask([]) == 0 and hand_cards(0) == []


def test_trick_winners() -> None:
    assert trick_winner(["5D", "KD", "2D"], 0, 3, "H") == 1
    assert trick_winner(["5D", "AS", "2D"], 0, 3, "H") == 0  # off-suit never wins
    assert trick_winner(["5D", "KD", "2H"], 1, 3, "H") == 0  # a trump wins (seat 1+2 mod 3)
    assert trick_winner(["5D", "3H", "QH", "AD"], 2, 4, "H") == 0  # highest trump
    assert trick_winner(["5D", "3H", "AD"], 0, 3, None) == 2  # no trump: highest of the led suit


def test_winner_leads_next_and_tricks_are_counted() -> None:
    state = three_in_play()
    play(state, 0, "3D")
    play(state, 1, "9D")
    events = play(state, 2, "QD")
    assert events[-1] == {"type": "trick", "leader": 0, "winner": 2, "cards": ["3D", "9D", "QD"]}
    assert state.tricks == [0, 0, 1] and state.leader == 2 and GAME.to_act(state) == [2]
    view = GAME.view(state, 0)
    assert view["last_trick"] == {"leader": 0, "winner": 2, "cards": [
        {"seat": 0, "card": "3D"}, {"seat": 1, "card": "9D"}, {"seat": 2, "card": "QD"}]}
    play(state, 2, "4C")
    view = GAME.view(state, 1)
    assert view["trick"] == [{"seat": 2, "card": "4C"}] and view["tricks"] == [0, 0, 1]


# -- scoring and the end ------------------------------------------------------------------------------


def test_scoring_options() -> None:
    assert hand_points(4, 4, 7, "exact") == 14
    assert hand_points(0, 0, 7, "exact") == 10
    assert hand_points(3, 4, 7, "exact") == 0
    assert hand_points(3, 4, 7, "plus_tricks") == 4
    assert hand_points(3, 3, 7, "plus_tricks") == 13
    assert hand_points(0, 0, 7, "zero_bonus") == 12
    assert hand_points(2, 2, 7, "zero_bonus") == 12
    assert hand_points(2, 1, 7, "zero_bonus") == 0


@pytest.mark.parametrize(("scoring", "points"), [("exact", [11, 10, 0]), ("plus_tricks", [11, 10, 2]),
                                                 ("zero_bonus", [11, 8, 0])])
def test_a_hand_is_scored_on_the_sheet(scoring: str, points: list[int]) -> None:
    state = three_in_play({"scoring": scoring})
    state.bids = [1, 0, 1]
    for seat, card in [(0, "3D"), (1, "9D"), (2, "QD"), (2, "4C"), (0, "2H"), (1, "5C"),
                       (0, "AS"), (1, "KS"), (2, "7H")]:
        events = play(state, seat, card)
    hand_over = next(e for e in events if e["type"] == "hand_over")
    assert hand_over["tricks"] == [1, 0, 2] and hand_over["points"] == points
    assert state.sheet[-1]["points"] == points and state.hand_index == 3 and state.dealer == 0
    assert GAME.view(state, 0)["sheet"][-1]["bids"] == [1, 0, 1]


def test_zero_bonus_pays_five_plus_cards_for_a_made_nil() -> None:
    state = three_in_play({"scoring": "zero_bonus"})
    state.bids = [0, 0, 3]
    for seat, card in [(0, "3D"), (1, "9D"), (2, "QD"), (2, "4C"), (0, "2H"), (1, "5C"),
                       (0, "AS"), (1, "KS"), (2, "7H")]:
        events = play(state, seat, card)
    hand_over = next(e for e in events if e["type"] == "hand_over")
    assert hand_over["tricks"] == [1, 0, 2] and hand_over["points"] == [0, 8, 0]


def test_the_end_and_shared_wins() -> None:
    state = rig([["AS"], ["KS"], ["2S"]], None, hand_index=14, options={"schedule": "down"})
    bid_all(state, {0: 1, 1: 0, 2: 0})
    state.scores = [sum(r["points"][s] for r in state.sheet) for s in range(3)]
    play(state, 0, "AS")
    play(state, 1, "KS")
    events = play(state, 2, "2S")
    assert state.phase == "over" and GAME.to_act(state) == []
    result = GAME.result(state)
    scores = result["scores"]
    assert scores == [s for s in state.scores]
    assert events[-1]["type"] == "game_over"
    assert result["winners"] == [s for s in range(3) if scores[s] == max(scores)]
    assert scores[1] == scores[2] > scores[0] and result["winners"] == [1, 2]  # a tie shares the win
    rejects(state, 0, {"type": "bid", "bid": 0}, "over")


def test_bad_actions_change_nothing() -> None:
    state = three_in_play()
    for action in [None, {"type": "play"}, {"type": "play", "card": 5}, {"type": "play", "card": ["3D"]},
                   {"type": "play", "card": "ZZ"}, {"type": "bid", "bid": 1}, {"type": "dance"}, {}]:
        rejects(state, 0, action)
    rejects(state, 7, {"type": "play", "card": "3D"}, "seat")
    rejects(state, True, {"type": "play", "card": "KS"})


def test_legal_lists_nothing_for_a_seat_that_is_not_a_whole_number() -> None:
    for options in ({}, {"simultaneous_bids": True}):
        state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1, options=options)
        assert GAME.legal(state, 2)
        for seat in (True, 2.0, -1, 3, 10**20, None, "2"):
            assert GAME.legal(state, seat) == []
    state = three_in_play()
    assert GAME.to_act(state) == [0] and GAME.legal(state, 0)
    for seat in (False, 0.0, -3, None):
        assert GAME.legal(state, seat) == []


def test_apply_checks_seat_and_values_before_anything_changes() -> None:
    state = rig([["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], "AD", hand_index=1)
    for seat in (2.0, True, -1, -4, 3, 10**20, None, "2"):
        rejects(state, seat, {"type": "bid", "bid": 1}, "seat")
    for bid in (1.0, True, False, -1, 3, 10**20, None, "1", [1]):
        rejects(state, 2, {"type": "bid", "bid": bid}, "whole number")
    state = three_in_play()
    for seat in (0.0, False, -3, 10**20):
        rejects(state, seat, {"type": "play", "card": "3D"}, "seat")
    for card in ("3d", "ZZ", b"3D", ["3D"], None, 3):
        rejects(state, 0, {"type": "play", "card": card}, "card code")


def scribble(data: Any) -> None:
    """Append to every list and add a key to every dict in ``data``."""
    if isinstance(data, list):
        for item in data:
            scribble(item)
        data.append("scribbled")
    elif isinstance(data, dict):
        for item in list(data.values()):
            scribble(item)
        data["scribbled"] = True


def test_events_views_and_results_share_nothing_with_the_state() -> None:
    state = GAME.new(3, 12, {"schedule": "down"})
    rng = random.Random(12)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        events = GAME.apply(state, seat, GAME.sample(state, seat, rng))
        before = state_hash(GAME, state)
        scribble(events)
        scribble(GAME.view(state, seat))
        scribble(GAME.dump(state))
        assert state_hash(GAME, state) == before
    before = state_hash(GAME, state)
    scribble(GAME.result(state))
    assert state_hash(GAME, state) == before
    GAME.check(state)


def broken(state: OhHellState, change: Any) -> None:
    """``change(state)`` breaks an invariant that check() must notice."""
    clone = GAME.clone(state)
    GAME.check(clone)
    change(clone)
    with pytest.raises(AssertionError):
        GAME.check(clone)


def test_check_catches_broken_states() -> None:
    state = three_in_play()
    play(state, 0, "3D")
    play(state, 1, "9D")
    play(state, 2, "QD")
    broken(state, lambda s: setattr(s, "last_winner", 0))
    broken(state, lambda s: setattr(s, "leader", 0))
    broken(state, lambda s: s.tricks.__setitem__(2, 0))
    broken(state, lambda s: s.scores.__setitem__(0, 5))
    broken(state, lambda s: s.hands.__setitem__(0, s.hands[0] | hand_mask(["KS"])))
    broken(state, lambda s: s.played.reverse())
    broken(state, lambda s: setattr(s, "trump", "S"))


def test_legal_actions_are_read_only() -> None:
    state = three_in_play()
    action = GAME.legal(state, 0)[0]
    card = action["card"]
    with pytest.raises(TypeError, match="read-only"):
        action["card"] = "KH"  # legal() hands out the same actions again: nobody may change them
    assert GAME.legal(state, 0)[0]["card"] == card
    mine = dict(action)  # a copy to change
    mine["card"] = "KH"
    assert action["card"] == card and type(GAME.sample(state, 0, random.Random(1))) is dict


# -- views, playouts ----------------------------------------------------------------------------------


def test_views_show_own_hand_only() -> None:
    state = GAME.new(5, 6)
    view = GAME.view(state, 2)
    assert sorted(view["hand"]) == sorted(hand_cards(state.hands[2]))
    for key in ("seat", "players", "phase", "to_act", "hand", "hand_sizes", "dealer", "scores", "options",
                "trump_card", "trump", "bids", "tricks", "trick", "last_trick", "leader", "hand_number",
                "cards_this_hand", "sheet"):
        assert key in view
    assert GAME.view(state, None)["hand"] == []


OPTION_SETS = [
    {},
    {"schedule": "down", "hook": True, "must_trump": True, "scoring": "plus_tricks"},
    {"schedule": "up_down", "simultaneous_bids": True, "scoring": "zero_bonus"},
    {"schedule": "down_up", "simultaneous_bids": True, "hook": True, "must_trump": True},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_playouts_all_player_counts(options: dict[str, Any]) -> None:
    for players in range(3, 8):
        for seed in range(2):
            state = GAME.new(players, seed, options)
            GAME.check(state)

            def each(s: OhHellState, seat: int, action: dict[str, Any], players: int = players) -> None:
                GAME.check(s)
                if s.phase != "over" and seat == 0:
                    assert_no_leak(GAME, s, (seat + 1) % players)

            for _ in playout(GAME, state, random.Random(seed), each=each):
                pass
            assert GAME.result(state) is not None
            assert len(state.sheet) == len(hand_schedule(players, options.get("schedule", "up")))


# -- bots ---------------------------------------------------------------------------------------------


def test_normal_beats_random_on_score_per_seat() -> None:
    levels = ["normal", "random", "random", "random"]
    summary = run_tournament("oh_hell", levels, 8, seed=100).summary()["per_level"]
    assert summary["normal"]["mean_score"] > 2 * summary["random"]["mean_score"]
    assert summary["normal"]["win_rate"] >= 0.6


def test_normal_beats_easy_and_easy_beats_random() -> None:
    vs_easy = run_tournament("oh_hell", ["normal", "easy", "easy"], 6, seed=200).summary()["per_level"]
    assert vs_easy["normal"]["mean_score"] > vs_easy["easy"]["mean_score"]
    vs_random = run_tournament("oh_hell", ["easy", "random", "random"], 6, seed=300).summary()["per_level"]
    assert vs_random["easy"]["mean_score"] > vs_random["random"]["mean_score"]


def test_hard_beats_normal() -> None:
    summary = run_tournament("oh_hell", ["hard", "normal", "normal", "normal"], 4, seed=400).summary()["per_level"]
    assert summary["hard"]["mean_score"] > summary["normal"]["mean_score"]


def test_bots_answer_every_decision_with_a_legal_action() -> None:
    from cardtable.engine.bots import get_bot

    for level in ("random", "easy", "normal", "hard"):
        bot = get_bot("oh_hell", level)
        state = GAME.new(3, 5, {"schedule": "down", "must_trump": True, "simultaneous_bids": True})
        rng = random.Random(5)
        for _ in range(20):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            action = bot.choose(view, GAME.legal(state, seat), rng)
            assert action in GAME.legal(state, seat)
            assert bot.delay(view, rng) > 0
            GAME.apply(state, seat, action)


def test_hard_bids_a_short_hand_for_what_its_own_best_play_makes() -> None:
    """With 3 cards our own cards in the bidding playouts are searched, not played by the policy with its
    random cards: AH 5H QC (hearts trump) is bid 2, the ace and a ruff, never 3. (Played by the policy,
    half the seeds bid 3: that needs the queen and the five to win as well.)"""
    from cardtable.engine.bots.oh_hell import HardBot

    hands = [["KD", "JC", "4C"], ["QC", "5H", "AH"], ["5D", "QH", "7S"], ["6C", "3C", "TH"]]
    state = rig(hands, "JH", hand_index=2, options={"hook": True, "scoring": "plus_tricks"})
    bid_all(state, {3: 0, 0: 1})
    assert GAME.to_act(state) == [1]
    view, legal = GAME.view(state, 1), GAME.legal(state, 1)
    bids = [HardBot().choose(view, legal, random.Random(seed))["bid"] for seed in range(6)]
    assert bids == [2] * 6
