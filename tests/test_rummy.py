"""Manipulation Rummy: a scenario for each rule of docs/RULES.md, "Manipulation Rummy", random playouts, bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import IllegalAction, get_game, state_hash
from cardtable.engine.bots import get_bot
from cardtable.engine.rummy import GAME, RummyState, meld_problem, score_hand, table_cards
from tests.playout import playout


def make(
    players: int,
    hands: list[list[str]],
    table: list[list[str]] | None = None,
    top: list[str] | None = None,
    turn: int = 0,
    drawn: int = 1,
) -> RummyState:
    """A state with these hands and table; the rest of the deck is the pile (``top`` drawn first)."""
    state = GAME.new(players, 1)
    table = table or []
    rest = Counter(GAME.deck(players)) - Counter(table_cards(table))
    for hand in hands:
        rest -= Counter(hand)
    assert all(n >= 0 for n in rest.values())
    pile = sorted(rest.elements())
    for card in top or []:
        pile.remove(card)
    pile += list(reversed(top or []))
    state.hands = [sorted(h) for h in hands]
    state.table = [list(m) for m in table]
    state.pile = pile
    state.turn = turn
    state.dealer = (turn - 1) % players
    state.drawn = drawn
    GAME.check(state)
    return state


def meld(state: RummyState, seat: int, table: list[list[str]]) -> list[dict]:
    return GAME.apply(state, seat, {"type": "meld", "table": table})


def rejected(state: RummyState, seat: int, action: dict, words: str) -> None:
    before = state_hash(GAME, state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert words in info.value.reason, info.value.reason
    assert state_hash(GAME, state) == before


# -- cards, deal, turns ----------------------------------------------------------------------------


def test_decks_by_player_count_and_deal() -> None:
    two = GAME.new(2, 5)
    assert Counter(GAME.cards(two))["JK"] == 1 and len(GAME.cards(two)) == 53
    for players in (3, 4, 5):
        state = GAME.new(players, 5)
        cards = GAME.cards(state)
        assert len(cards) == 106 and Counter(cards)["JK"] == 2 and Counter(cards)["8S"] == 2
        assert all(len(h) == 10 for h in state.hands)
        assert len(state.pile) == 106 - 10 * players
        assert state.turn == (state.dealer + 1) % players
        assert state.table == []
    dealers = {GAME.new(4, seed).dealer for seed in range(20)}
    assert len(dealers) > 1


def test_no_discard_pile() -> None:
    state = GAME.new(2, 3)
    seat = state.turn
    rejected(state, seat, {"type": "discard", "card": state.hands[seat][0]}, "unknown action")
    assert "discard" not in GAME.view(state, seat)


def test_turn_draws_and_meld_windows() -> None:
    state = make(2, [["2C", "5D", "9S", "KH"], ["3C"]], top=["4H", "6S", "7D"], drawn=0)
    assert [a["type"] for a in GAME.legal(state, 0)] == ["draw"]
    rejected(state, 0, {"type": "meld", "table": [["2C", "3C", "4C"]]}, "draw a card first")
    GAME.apply(state, 0, {"type": "draw"})
    assert {a["type"] for a in GAME.legal(state, 0)} == {"draw", "meld"}
    GAME.apply(state, 0, {"type": "draw"})
    assert {a["type"] for a in GAME.legal(state, 0)} == {"draw", "meld"}
    GAME.apply(state, 0, {"type": "draw"})
    assert state.turn == 1 and state.drawn == 0 and len(state.hands[0]) == 7
    rejected(state, 0, {"type": "draw"}, "not your turn")


def test_meld_after_third_draw_is_illegal() -> None:
    state = make(2, [["AC"], ["3C"]], top=["AD", "2S", "AH"], drawn=0)
    for _ in range(3):
        GAME.apply(state, 0, {"type": "draw"})
    assert state.phase == "knock" and state.turn == 0
    rejected(state, 0, {"type": "meld", "table": [["AH", "AD", "AC"]]}, "third draw")
    GAME.apply(state, 0, {"type": "pass"})
    rejected(state, 0, {"type": "meld", "table": [["AH", "AD", "AC"]]}, "not your turn")


def test_meld_ends_turn() -> None:
    state = make(2, [["5H", "6H", "7H", "KC", "KD"], ["3C"]])
    meld(state, 0, [["5H", "6H", "7H"]])
    assert state.turn == 1 and state.hands[0] == ["KC", "KD"] and state.table == [["5H", "6H", "7H"]]


def test_dealer_rotation_after_a_hand() -> None:
    state = make(2, [["5H", "6H", "7H"], ["3C", "KD"]])
    dealer = state.dealer
    meld(state, 0, [["5H", "6H", "7H"]])
    assert state.hand_number == 2 and state.dealer == (dealer + 1) % 2
    assert state.turn == (state.dealer + 1) % 2 and all(len(h) == 10 for h in state.hands)


# -- melds -----------------------------------------------------------------------------------------


def test_meld_shapes() -> None:
    assert meld_problem(["QS", "KS", "AS"]) is None
    assert meld_problem(["AS", "2S", "3S"]) is None
    assert "never both" in meld_problem(["KS", "AS", "2S"])
    assert meld_problem(["8S", "8H", "8D", "8C"]) is None
    assert "at most 4" in meld_problem(["8S", "8H", "8D", "8C", "8S"])
    assert "two identical" in meld_problem(["8S", "8S", "8H"])
    assert "at least 3" in meld_problem(["8S", "8H"])
    assert "consecutive" in meld_problem(["4S", "5S", "7S"])
    assert meld_problem(["4S", "JK=5S", "6S"]) is None
    assert "two identical" in meld_problem(["8H", "JK=8H", "8C"])


def test_splitting_a_run_for_a_new_group_with_two_hand_cards() -> None:
    state = make(3, [["8S", "8C", "KD"], ["3C"], ["4C"]], table=[["4H", "5H", "6H", "7H", "8H"]])
    meld(state, 0, [["4H", "5H", "6H", "7H"], ["8H", "8S", "8C"]])
    assert state.hands[0] == ["KD"]


def test_taking_a_table_card_back_is_illegal() -> None:
    state = make(3, [["8S", "8C", "KD"], ["3C"], ["4C"]], table=[["4H", "5H", "6H", "7H", "8H"]])
    action = {"type": "meld", "table": [["4H", "5H", "6H"], ["8H", "8S", "8C"]]}
    rejected(state, 0, action, "missing 7H")


def test_two_card_meld_left_on_the_table_is_illegal() -> None:
    state = make(2, [["9H", "KD"], ["3C"]], table=[["5H", "6H", "7H", "8H"]])
    rejected(state, 0, {"type": "meld", "table": [["5H", "6H"], ["7H", "8H", "9H"]]}, "at least 3")


def test_duplicate_cards_in_a_group_and_five_card_group_are_illegal() -> None:
    state = make(3, [["8S", "8D", "KD"], ["3C"], ["4C"]], table=[["8S", "8H", "8C"]])
    rejected(state, 0, {"type": "meld", "table": [["8S", "8S", "8H", "8C"]]}, "two identical")
    rejected(state, 0, {"type": "meld", "table": [["8S", "8S", "8H", "8D", "8C"]]}, "at most 4")
    meld(state, 0, [["8S", "8H", "8D", "8C"]])


def test_ace_high_and_low_but_not_around_the_corner() -> None:
    state = make(2, [["QS", "KS", "AS", "2S", "3S", "9D"], ["3C"]])
    rejected(state, 0, {"type": "meld", "table": [["KS", "AS", "2S"]]}, "never both")
    meld(state, 0, [["QS", "KS", "AS"]])
    state = make(2, [["AS", "2S", "3S", "9D"], ["3C"]])
    meld(state, 0, [["AS", "2S", "3S"]])


def test_not_holding_the_card_and_unknown_cards() -> None:
    state = make(2, [["9D", "KD"], ["9C"]], table=[["5H", "6H", "7H"]])
    rejected(state, 0, {"type": "meld", "table": [["5H", "6H", "7H", "8H"]]}, "do not hold 8H")
    rejected(state, 0, {"type": "meld", "table": [["5H", "6H", "7H"]]}, "at least one card")
    rejected(state, 0, {"type": "meld", "table": [["5H", "6H", "7H", "ZZ"]]}, "not a card")
    rejected(state, 0, {"type": "meld", "table": "5H"}, "list of melds")


def test_a_table_larger_than_the_deck_is_refused_with_a_short_reason() -> None:
    state = make(2, [["5H", "KD"], ["3C"]], table=[["6H", "7H", "8H"]])
    huge = {"type": "meld", "table": [["5H", "6H", "7H", "8H"]] + [["5H"] * 40] * 50}
    rejected(state, 0, huge, "more cards than the 53")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, huge)
    assert len(info.value.reason) < 200
    long_meld = {"type": "meld", "table": [["6H", "7H", "8H"], ["5H"] * 50]}
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, long_meld)
    assert len(info.value.reason) < 200


def test_an_empty_meld_is_refused_with_a_readable_reason() -> None:
    state = make(2, [["5H", "KD"], ["3C"]], table=[["6H", "7H", "8H"]])
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, {"type": "meld", "table": [["5H", "6H", "7H", "8H"], []]})
    assert info.value.reason == "an empty meld: a meld needs at least 3 cards"


def test_first_meld_lays_a_group_or_sequence() -> None:
    state = make(2, [["9D", "KD", "9C"], ["3C"]])
    rejected(state, 0, {"type": "meld", "table": []}, "first meld")
    rejected(state, 0, {"type": "meld", "table": [["9D", "9C"]]}, "at least 3")


# -- jokers ----------------------------------------------------------------------------------------


def test_jokers_must_be_named() -> None:
    state = make(2, [["JK", "9D", "9C", "KD"], ["3C"]])
    rejected(state, 0, {"type": "meld", "table": [["JK", "9D", "9C"]]}, "name every joker")
    meld(state, 0, [["9D", "JK=9S", "9C"]])
    assert state.table == [["JK=9S", "9D", "9C"]]


def test_joker_moved_with_its_name_kept_is_legal() -> None:
    table = [["7S", "7D", "7C", "JK=7H"], ["4H", "5H", "6H"]]
    state = make(2, [["8H", "KD"], ["3C"]], table=table)
    meld(state, 0, [["7S", "7D", "7C"], ["4H", "5H", "6H", "JK=7H", "8H"]])


def test_joker_renamed_without_being_replaced_is_illegal() -> None:
    table = [["7S", "7D", "7C", "JK=7H"], ["4C", "5C", "6C"]]
    state = make(2, [["8C", "KD"], ["3D"]], table=table)
    rejected(state, 0, {"type": "meld", "table": [["7S", "7D", "7C"], ["4C", "5C", "6C", "JK=7C", "8C"]]},
             "keep its name")


def test_joker_replaced_by_its_card_is_reused_at_once_and_stays() -> None:
    table = [["7S", "7D", "JK=7H"], ["4C", "5C", "6C"]]
    state = make(2, [["7H", "KD"], ["3D"]], table=table)
    action = {"type": "meld", "table": [["7S", "7D", "7H"], ["4C", "5C", "6C"]]}
    rejected(state, 0, action, "missing JK")
    action = {"type": "meld", "table": [["7S", "7D", "7H"], ["4C", "5C", "6C"], ["JK=7C"]]}
    rejected(state, 0, action, "at least 3")
    meld(state, 0, [["7S", "7D", "7H"], ["4C", "5C", "6C", "JK=7C"]])
    assert state.hands[0] == ["KD"] and "JK=7C" in state.table[1]


def test_joker_replaced_by_a_card_from_another_meld() -> None:
    table = [["7S", "7D", "JK=7H"], ["4H", "5H", "6H", "7H"], ["9C", "TC", "JC"]]
    state = make(2, [["7C", "KD"], ["3D"]], table=table)
    meld(state, 0, [["7S", "7D", "7H", "7C"], ["4H", "5H", "6H"], ["JK=8C", "9C", "TC", "JC"]])


ADVERSARIAL_TABLE = [["7S", "7D", "JK=7H"], ["4C", "5C", "6C"]]
ADVERSARIAL_HAND = ["7H", "9C", "9D", "9S", "KD"]


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C", "7C"]], "do not hold 7C"),  # not in hand
        ([["7S", "7D", "JK=7H"], ["4C", "5C"], ["9C", "9S", "KD"]], "at least 3"),
        ([["7S", "7D", "JK=7H"], ["5C", "6C", "9C"], ["9C", "9S", "JK=9H"]], "consecutive"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", "JK=9H"]], "do not hold JK"),  # a real card as a joker
        ([["7S", "7D", "JK=7H", "7H"], ["4C", "5C", "6C", "9C"]], "two identical"),
        ([["7S", "7D", "JK=7H"], ["5C", "6C", "7H"], ["9C", "9S", "KD"]], "neither a group"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", "JK=ZZ"]], "not a card"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", "JK="]], "not a card"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", "JK=JK"]], "not a card"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", 9]], "card code"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ("9C", "9S", "9H")], "list of melds"),
        ([["7S", "7D", "JK=7C"], ["4C", "5C", "6C"], ["9C", "9D", "9S"]], "keep its name"),
        ([["7S", "7D", "7H"], ["4C", "5C", "6C"], ["9C", "9D", "9S"]], "missing JK"),  # freed joker pocketed
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C", "JK=3C"]], "do not hold JK"),
        ([["7S", "7D", "JK=7H"], ["4C", "5C", "6C"], ["9C", "9S", "9C"]], "two identical"),
        ([["7S", "7D", "7H"], ["JK=3C", "4C", "5C"], ["6C", "9C", "9S"]], "neither a group"),
        ([["7S", "7D", "7H"], ["4C", "5C", "JK=6C"], ["9C", "9D", "9S"]], "missing 6C"),  # pocket 6C, add 7H
    ],
)
def test_adversarial_tables_are_refused_and_change_nothing(table: list, words: str) -> None:
    state = make(2, [ADVERSARIAL_HAND, ["3D"]], table=ADVERSARIAL_TABLE)
    rejected(state, 0, {"type": "meld", "table": table}, words)


def test_a_table_card_pocketed_while_a_hand_card_is_added_is_refused() -> None:
    state = make(3, [["8S", "KD"], ["3C"], ["4C"]], table=[["4H", "5H", "6H", "7H"], ["8C", "8D", "8H"]])
    rejected(state, 0, {"type": "meld", "table": [["4H", "5H", "6H"], ["8C", "8D", "8H", "8S"]]}, "missing 7H")
    rejected(state, 0, {"type": "meld", "table": [["4H", "5H", "6H", "7H"], ["8S", "8D", "8H"]]}, "missing 8C")


def test_jokers_at_the_ends_of_sequences() -> None:
    state = make(2, [["JK", "KH", "AH", "9D"], ["3C"]])
    rejected(state, 0, {"type": "meld", "table": [["KH", "AH", "JK=2H"]]}, "never both")
    rejected(state, 0, {"type": "meld", "table": [["JK=KH", "AH", "2H"]]}, "never both")
    meld(state, 0, [["JK=QH", "KH", "AH"]])
    assert state.table == [["JK=QH", "KH", "AH"]]

# -- knocking, going out, empty pile ---------------------------------------------------------------


def test_knocking_at_five_is_allowed() -> None:
    state = make(2, [["2C", "3D", "9S", "TS", "JS"], ["KC", "KD"]])
    meld(state, 0, [["9S", "TS", "JS"]])
    assert state.phase == "knock" and state.turn == 0
    assert {a["type"] for a in GAME.legal(state, 0)} == {"knock", "pass"}
    events = GAME.apply(state, 0, {"type": "knock"})
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["winners"] == [0] and over["points"] == [20 - 5, 0] and over["knocker"] == 0


def test_knocking_at_six_is_refused() -> None:
    state = make(2, [["2C", "4D", "9S", "TS", "JS"], ["KC", "KD"]])
    meld(state, 0, [["9S", "TS", "JS"]])
    assert state.phase == "turn" and state.turn == 1
    rejected(state, 1, {"type": "knock"}, "only at the end of your turn")
    state.phase, state.turn = "knock", 0  # forced: the rule itself still refuses 6
    rejected(state, 0, {"type": "knock"}, "worth 6")


def test_choosing_not_to_knock_passes_the_turn() -> None:
    state = make(2, [["2C", "3D", "9S", "TS", "JS"], ["KC", "KD"]])
    meld(state, 0, [["9S", "TS", "JS"]])
    GAME.apply(state, 0, {"type": "pass"})
    assert state.phase == "turn" and state.turn == 1 and state.hand_number == 1


def test_going_out_scores_25_more() -> None:
    state = make(3, [["5H", "6H", "7H"], ["KC", "KD"], ["2S"]])
    events = meld(state, 0, [["5H", "6H", "7H"]])
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["winners"] == [0] and over["points"][0] == 20 + 2 + 25
    assert state.scores == [47, 0, 0] and state.hands_won == [1, 0, 0]


def test_empty_pile_gives_everyone_one_last_turn() -> None:
    state = make(3, [["9S", "TS", "KD"], ["2C", "KC", "QH"], ["3C", "8D", "8H"]], top=["2D"], drawn=0)
    state.pile = state.pile[-1:]  # only 2D left: put the other cards out of play for this test
    GAME.apply(state, 0, {"type": "draw"})
    assert not state.pile and {a["type"] for a in GAME.legal(state, 0)} == {"pass", "meld"}
    GAME.apply(state, 0, {"type": "pass"})
    assert state.last_turns == 3 and state.turn == 1
    assert {a["type"] for a in GAME.legal(state, 1)} == {"pass", "meld"}
    rejected(state, 1, {"type": "draw"}, "last turn")
    GAME.apply(state, 1, {"type": "pass"})
    GAME.apply(state, 2, {"type": "pass"})
    assert state.turn == 0 and state.hand_number == 1
    events = GAME.apply(state, 0, {"type": "pass"})
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["knocker"] is None and over["values"] == [31, 22, 19]
    assert over["winners"] == [2] and over["points"][2] == (31 - 19) + (22 - 19)


# -- scoring and game end --------------------------------------------------------------------------


def test_two_player_scoring_and_undercut() -> None:
    assert score_hand([4, 20], knocker=0) == ([0], [16, 0])
    assert score_hand([4, 3], knocker=0) == ([1], [0, 1 + 10])
    assert score_hand([4, 4], knocker=0) == ([1], [0, 10])


def test_multi_player_scoring_undercut_and_ties() -> None:
    assert score_hand([5, 20, 30], knocker=0) == ([0], [0 + 15 + 25, 0, 0])
    assert score_hand([5, 2, 30], knocker=0) == ([1], [0, 3 + 28 + 10, 0])
    assert score_hand([5, 5, 30, 8], knocker=0) == ([1], [0, 25 + 3 + 10, 0, 0])
    assert score_hand([5, 5, 5, 9], knocker=0) == ([1, 2], [0, 4 + 10, 4 + 10, 0])
    assert score_hand([5, 2, 2, 9], knocker=0) == ([1, 2], [0, 3 + 7 + 10, 3 + 7 + 10, 0])
    assert score_hand([9, 4, 4], knocker=None) == ([1, 2], [0, 5, 5])
    assert score_hand([0, 12, 7], knocker=0) == ([0], [12 + 7 + 25, 0, 0])


def test_game_end_at_150_with_bonuses() -> None:
    state = make(3, [["5H", "6H", "7H"], ["KC", "KD"], ["2S"]])
    state.scores = [120, 140, 30]
    state.hands_won = [2, 3, 1]
    events = meld(state, 0, [["5H", "6H", "7H"]])
    assert state.phase == "over" and any(e["type"] == "game_over" for e in events)
    before = [120 + 47, 140, 30]
    assert GAME.result(state)["before_bonuses"] == before
    # +100 for reaching 150; +25 a hand won for each *other* player (the seed text's reading)
    assert GAME.result(state)["scores"] == [before[0] + 100, 140 + 3 * 25, 30 + 25]
    assert GAME.result(state)["winners"] == [0]
    assert GAME.legal(state, 1) == [] and GAME.to_act(state) == []


def test_target_option() -> None:
    assert GAME.options == {"target": 150}
    with pytest.raises(ValueError, match="target"):
        GAME.new(2, 1, {"target": 0})


# -- views -----------------------------------------------------------------------------------------


def test_view_shows_own_hand_and_named_jokers_only() -> None:
    state = make(2, [["JK", "9D", "9C", "KH"], ["3C", "4C"]])
    meld(state, 0, [["9D", "JK=9S", "9C"]])
    view = GAME.view(state, 1)
    assert view["hand"] == ["3C", "4C"] and view["hand_sizes"] == [1, 2]
    assert view["table"] == [["JK=9S", "9D", "9C"]] and view["draw_pile"] == len(state.pile)
    assert "KH" not in str(view)
    assert GAME.view(state, None)["hand"] == []


# -- random playouts -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_invariants(players: int) -> None:
    game = get_game("rummy")
    for seed in range(3):
        state = game.new(players, seed)
        count = sum(1 for _ in playout(game, state, random.Random(seed), each=lambda s, *_: game.check(s)))
        assert count < 20000 and game.result(state) is not None


def test_sample_sometimes_melds() -> None:
    state = GAME.new(3, 4)
    kinds = Counter(a["type"] for _, a in playout(GAME, state, random.Random(4)))
    assert kinds["meld"] > 0 and kinds["draw"] > kinds["meld"]


# -- bots ------------------------------------------------------------------------------------------


def play(levels: list[str], seed: int) -> dict:
    state = GAME.new(len(levels), seed)
    bots = [get_bot("rummy", level) for level in levels]
    rng = random.Random(seed)
    for _ in range(20000):
        if GAME.result(state) is not None:
            return GAME.result(state)
        seat = GAME.to_act(state)[0]
        action = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        GAME.apply(state, seat, action)
    raise AssertionError("bot game did not end")


def test_every_bot_level_plays_legal_moves() -> None:
    for level in ("random", "easy", "normal", "hard"):
        result = play([level, "random", "easy"], seed=2)
        assert len(result["scores"]) == 3


def test_normal_beats_random() -> None:
    wins = 0
    for seed in range(6):
        levels = ["normal", "random"] if seed % 2 == 0 else ["random", "normal"]
        wins += (seed % 2) in play(levels, seed)["winners"]
    assert wins >= 5


def test_hard_beats_normal_more_often_than_not() -> None:
    wins = 0.0
    for seed in range(6):
        levels = ["hard", "normal"] if seed % 2 == 0 else ["normal", "hard"]
        winners = play(levels, 100 + seed)["winners"]
        wins += ((seed % 2) in winners) / len(winners)
    assert wins >= 4


def test_pass_only_when_the_pile_is_empty() -> None:
    state = make(2, [["2C", "5D", "9S", "KH"], ["3C"]])
    rejected(state, 0, {"type": "pass"}, "only pass when the draw pile is empty")


def test_last_turn_melds_without_drawing_and_may_knock() -> None:
    # (decision) a last turn is a turn: it may end with a knock at 5 or less
    state = make(2, [["9S", "TS", "KD"], ["2C", "3C", "4C", "AD", "KC"]], top=["2D"], drawn=0)
    state.pile = state.pile[-1:]
    GAME.apply(state, 0, {"type": "draw"})
    GAME.apply(state, 0, {"type": "pass"})
    assert state.last_turns == 2 and state.turn == 1
    meld(state, 1, [["2C", "3C", "4C"]])
    assert state.hands[1] == ["AD", "KC"] and state.turn == 0 and state.last_turns == 1
    events = GAME.apply(state, 0, {"type": "pass"})
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["knocker"] is None and over["winners"] == [1] and over["points"] == [0, 31 - 11]
    state = make(2, [["9S", "TS", "KD"], ["2C", "3C", "4C", "AD", "2H"]], top=["2D"], drawn=0)
    state.pile = state.pile[-1:]
    GAME.apply(state, 0, {"type": "draw"})
    GAME.apply(state, 0, {"type": "pass"})
    meld(state, 1, [["2C", "3C", "4C"]])
    assert state.phase == "knock" and state.turn == 1
    events = GAME.apply(state, 1, {"type": "knock"})
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["knocker"] == 1 and over["winners"] == [1] and over["values"] == [31, 3]


def test_a_replaced_joker_may_be_renamed_into_the_same_meld() -> None:
    state = make(2, [ADVERSARIAL_HAND, ["3D"]], table=ADVERSARIAL_TABLE)
    meld(state, 0, [["7S", "7H", "7D", "JK=7C"], ["4C", "5C", "6C"]])
    assert state.hands[0] == ["9C", "9D", "9S", "KD"]
