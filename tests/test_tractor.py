"""Tractor (docs/RULES.md, "Tractor"): a scenario for each rule and option, random playouts, views."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import IllegalAction, get_game, state_hash
from cardtable.engine.tractor import (
    BURY,
    DECLARE,
    DRAW,
    OVER,
    PLAY,
    TractorState,
    level_change,
)
from cardtable.engine.tractor_shapes import DECK, card_order, decompose, points
from tests.playout import assert_no_leak, playout

GAME = get_game("tractor")


def table(hands: list[list[str]], trump: str | None = "H", rank: str = "2", declarers: int = 0, starter: int = 0,
          turn: int | None = None, kitty: list[str] | None = None, score: int = 0,
          levels: tuple[int, int] = (2, 2), **options) -> TractorState:
    """A state in the play phase with the given hands (not the whole pack: no check())."""
    state = TractorState(seed=1, options=GAME.resolve_options(4, options))
    state.phase = PLAY
    state.hands = [list(h) for h in hands]
    state.kitty = list(kitty or [])
    state.trump_suit = trump
    state.trump_rank = rank
    state.no_trump = trump is None
    state.declarers = declarers
    state.starter = starter
    state.turn = starter if turn is None else turn
    state.score = score
    state.score_log = [score] if score else []
    state.levels = list(levels)
    return state


def shape(cards: list[str], trump: str | None, rank: str | None, **kw) -> list[tuple[int, int]]:
    return [(u[0], u[1]) for u in decompose(cards, card_order(trump, rank, **kw))]


def play_trick(state: TractorState, plays: list[list[str]]) -> list[dict]:
    events: list[dict] = []
    for cards in plays:
        events += GAME.apply(state, state.turn, {"type": "play", "cards": cards})
    return events


# -- cards, order, shapes ------------------------------------------------------------------------


def test_the_pack_is_two_decks_and_four_jokers_with_200_points() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 108 and len(counts) == 54
    assert set(counts.values()) == {2}
    assert counts["BJ"] == counts["RJ"] == 2
    assert points(DECK) == 200
    state = GAME.new(4, 1)
    assert Counter(GAME.cards(state)) == counts


def test_trump_order_with_a_trump_suit() -> None:
    o = card_order("H", "2")
    ladder = ["RJ", "BJ", "2H", "2S", "AH", "KH", "3H"]
    assert all(o[a][0] == "T" for a in ladder)
    assert [o[c][1] for c in ladder] == sorted((o[c][1] for c in ladder), reverse=True)
    assert o["2S"] == o["2C"] == o["2D"], "off-suit rank cards are equal"
    assert o["AS"][0] == "S" and o["AS"][1] > o["KS"][1] > o["3S"][1]
    assert "2S" not in [c for c in o if o[c][0] == "S"]


def test_no_trump_order_black_joker_high_by_default() -> None:
    o = card_order(None, None)
    assert o["BJ"][1] > o["RJ"][1] and o["BJ"][0] == o["RJ"][0] == "T"
    assert o["2H"][0] == "H" and o["2H"][1] < o["3H"][1], "rank cards are plain in a no-trump round"
    assert all(o[c][0] != "T" for c in o if c not in ("BJ", "RJ"))
    o = card_order(None, None, True, False)
    assert o["RJ"][1] > o["BJ"][1]


def test_tractors_skip_the_trump_rank() -> None:
    assert shape(["3D", "3D", "5D", "5D"], "S", "4") == [(2, 2)]
    assert shape(["3D", "3D", "5D", "5D"], "D", "4") == [(2, 2)], "in the trump suit too"
    assert shape(["3D", "3D", "5D", "5D"], "S", "4", rank_skip=False) == [(2, 1), (2, 1)]


def test_trump_ladder_tractors() -> None:
    assert shape(["2S", "2S", "2C", "2C"], "H", "2") == [(2, 1), (2, 1)], "off-suit rank pairs are equal"
    assert shape(["AH", "AH", "2S", "2S"], "H", "2") == [(2, 2)]
    assert shape(["2S", "2S", "2H", "2H"], "H", "2") == [(2, 2)]
    assert shape(["2H", "2H", "BJ", "BJ"], "H", "2") == [(2, 2)]
    assert shape(["BJ", "BJ", "RJ", "RJ"], "H", "2") == [(2, 2)]
    assert shape(["BJ", "BJ", "RJ", "RJ"], None, None) == [(2, 2)]
    assert shape(["AH", "AH", "2S", "2S", "2H", "2H", "BJ", "BJ"], "H", "2") == [(2, 4)]
    assert shape(["KH", "KH", "2S", "2S"], "H", "2") == [(2, 1), (2, 1)]


def test_decomposition_of_a_throw() -> None:
    o = card_order("S", "2")
    units = decompose(["AD", "KD", "KD", "QD", "QD", "9D", "7D", "7D"], o)
    assert [(u[0], u[1]) for u in units] == [(2, 2), (2, 1), (1, 1), (1, 1)]
    assert sorted(units[0][3]) == ["KD", "KD", "QD", "QD"]


# -- the draw and declarations -------------------------------------------------------------------


def test_the_draw_goes_against_the_play_from_the_starter() -> None:
    state = GAME.new(4, 5)
    assert state.phase == DRAW and GAME.to_act(state) == [0]
    order = []
    for _ in range(8):
        order.append(state.turn)
        GAME.apply(state, state.turn, {"type": "draw"})
    assert order == [0, 3, 2, 1, 0, 3, 2, 1]
    view = GAME.view(state, 1)
    assert view["draw_pile"] == 100 and view["hand_sizes"] == [2, 2, 2, 2]


def draw_all(state: TractorState, declare: dict[int, list[str]] | None = None) -> None:
    """Draw every card; a seat in ``declare`` declares those cards as soon as it can."""
    declare = dict(declare or {})
    while state.phase == DRAW:
        seat = state.turn
        want = declare.get(seat)
        if want and {"type": "declare", "cards": want} in GAME.legal(state, seat):
            GAME.apply(state, seat, {"type": "declare", "cards": want})
            del declare[seat]
        GAME.apply(state, seat, {"type": "draw"})


def test_nobody_declares_in_the_first_round_redeal() -> None:
    state = GAME.new(4, 5)
    draw_all(state)
    assert state.phase == DECLARE and [len(h) for h in state.hands] == [25] * 4 and len(state.kitty) == 8
    events = []
    for _ in range(4):
        events += GAME.apply(state, state.turn, {"type": "pass"})
    assert {"type": "redeal"} in events
    assert state.phase == DRAW and state.round == 1 and state.draws == 2
    assert sum(len(h) for h in state.hands) == 0 and len(state.deck) == 108
    GAME.check(state)


def test_single_overridden_by_pair_then_joker_pair_which_stands() -> None:
    state = table([["2S", "3C"], ["2D", "2D"], ["BJ", "BJ", "2C"], ["RJ", "RJ", "2H", "2H"]],
                  kitty=["3S"] * 8)
    state.phase, state.trump_suit, state.round, state.declarers, state.starter = DRAW, None, 1, -1, -1
    for seat, cards in [(0, ["2S"]), (1, ["2D", "2D"]), (2, ["BJ", "BJ"])]:
        state.turn = seat
        GAME.apply(state, seat, {"type": "declare", "cards": cards})
    assert [d["kind"] for d in state.declarations] == ["single", "pair", "jokers"]
    state.turn = 3
    assert GAME.legal(state, 3) == [{"type": "draw"}], "a joker pair cannot be overridden"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 3, {"type": "declare", "cards": ["RJ", "RJ"]})
    state.phase, state.finals, state.turn, state.first_drawer = DECLARE, 0, 0, 0
    for _ in range(4):
        GAME.apply(state, state.turn, {"type": "pass"})
    assert state.phase == BURY and state.no_trump and state.trump_suit is None
    assert state.starter == 2 and state.declarers == 0 and state.turn == 2
    assert GAME.view(state, 0)["trump"] == {"rank": None, "suit": None, "no_trump": True, "final": True}


def test_declaration_rules_single_pair_and_reinforce() -> None:
    state = table([["2S", "2S", "2H", "3C"], ["2D", "2D", "BJ", "BJ"], ["2C"], ["RJ"]])
    state.phase = DRAW
    state.trump_suit = None
    state.turn = 0
    legal = GAME.legal(state, 0)
    assert {"type": "declare", "cards": ["2S"]} in legal and {"type": "declare", "cards": ["2S", "2S"]} in legal
    assert {"type": "declare", "cards": ["3C"]} not in legal
    GAME.apply(state, 0, {"type": "declare", "cards": ["2S"]})
    assert state.trump_suit == "S"
    assert [a for a in GAME.legal(state, 0) if a["type"] == "declare"] == [], "no self-override by default"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "declare", "cards": ["2S", "2S"]})
    state.turn = 1
    legal = GAME.legal(state, 1)
    assert {"type": "declare", "cards": ["2D"]} not in legal, "a single cannot override a single"
    assert {"type": "declare", "cards": ["2D", "2D"]} in legal
    state.turn = 0
    reinforcing = table([["2S", "2S", "2H", "3C"], [], [], []], reinforce=True)
    reinforcing.phase, reinforcing.trump_suit = DRAW, None
    GAME.apply(reinforcing, 0, {"type": "declare", "cards": ["2S"]})
    assert GAME.legal(reinforcing, 0)[1:] == [{"type": "declare", "cards": ["2S", "2S"]}]
    GAME.apply(reinforcing, 0, {"type": "declare", "cards": ["2S", "2S"]})
    assert reinforcing.declarations[-1]["kind"] == "pair" and reinforcing.shown[0] == ["2S", "2S"]


def test_declared_cards_are_public_and_hidden_accounts_for_them() -> None:
    state = GAME.new(4, 9)
    while state.phase == DRAW:
        seat = state.turn
        singles = [a for a in GAME.legal(state, seat) if a["type"] == "declare" and len(a["cards"]) == 1]
        if singles and state.declaration is None:
            GAME.apply(state, seat, singles[0])
            declarer, card = seat, singles[0]["cards"][0]
        GAME.apply(state, seat, {"type": "draw"})
    other = (declarer + 1) % 4
    assert GAME.view(state, other)["shown"][declarer] == [card]
    assert GAME.view(state, declarer)["shown"][declarer] == []
    assert card in GAME.view(state, declarer)["hand"]
    hidden_other = Counter(GAME.hidden(state, other))
    assert hidden_other[card] == Counter(state.hands[declarer])[card] - 1 + sum(
        Counter(state.hands[s])[card] for s in range(4) if s not in (declarer, other)) + state.kitty.count(card)
    for seat in (0, 1, 2, 3, None):
        assert_no_leak(GAME, state, seat)


def test_later_round_without_declaration_turns_the_kitty() -> None:
    state = GAME.new(4, 3)
    draw_all(state)
    state.declarers, state.starter, state.round, state.trump_rank = 1, 1, 2, "5"
    state.turn = state.first_drawer = 1
    state.kitty = ["3C", "BJ", "KD", "5H", "5S", "AC", "2D", "4D"]
    for _ in range(4):
        events = GAME.apply(state, state.turn, {"type": "pass"})
    reveal = next(e for e in events if e["type"] == "kitty_reveal")
    assert reveal["cards"] == ["3C", "BJ", "KD", "5H"] and state.trump_suit == "H"
    assert state.phase == BURY and state.turn == 1
    assert GAME.view(state, 0)["kitty_revealed"] == ["3C", "BJ", "KD", "5H"]
    assert GAME.view(state, 1)["kitty_revealed"] == [] and len(GAME.view(state, 1)["kitty"]) == 8
    for seat in (0, 1, 2, 3, None):
        assert_no_leak(GAME, state, seat)
    # no card of the rank: the highest non-joker turned fixes the suit, the first of equals
    state2 = GAME.new(4, 3)
    draw_all(state2)
    state2.declarers, state2.starter, state2.round, state2.trump_rank = 0, 0, 2, "5"
    state2.turn = state2.first_drawer = 0
    state2.kitty = ["3C", "KD", "RJ", "KS", "9H", "QC", "2D", "4D"]
    for _ in range(4):
        events = GAME.apply(state2, state2.turn, {"type": "pass"})
    assert state2.trump_suit == "D" and state2.revealed == 8


def test_first_round_declarer_becomes_starter_and_buries() -> None:
    state = GAME.new(4, 11)
    draw_all(state)
    seat = state.turn
    while not [a for a in GAME.legal(state, seat) if a["type"] == "declare"]:
        GAME.apply(state, seat, {"type": "pass"})
        seat = state.turn
    action = [a for a in GAME.legal(state, seat) if a["type"] == "declare"][0]
    GAME.apply(state, seat, action)
    while state.phase == DECLARE:
        GAME.apply(state, state.turn, {"type": "pass"})
    assert state.phase == BURY and state.starter == seat and state.declarers == seat % 2
    template = GAME.legal(state, seat)[0]
    assert template["type"] == "bury" and template["choose"]["count"] == 8 and len(template["choose"]["from"]) == 33
    view = GAME.view(state, seat)
    assert sorted(view["kitty"]) == sorted(state.kitty)
    assert GAME.view(state, (seat + 1) % 4)["kitty"] == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, {"type": "bury", "cards": state.kitty[:7]})
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, {"type": "bury", "cards": state.kitty[:7] + ["ZZ"]})
    bury = state.hands[seat][:8]
    GAME.apply(state, seat, {"type": "bury", "cards": bury})
    assert state.phase == PLAY and sorted(state.kitty) == sorted(bury) and len(state.hands[seat]) == 25
    assert GAME.view(state, seat)["kitty"] == []
    assert GAME.legal(state, seat) and GAME.to_act(state) == [seat]
    GAME.check(state)


# -- leads and follows ---------------------------------------------------------------------------


def test_a_tractor_around_the_rank_is_one_lead_not_a_throw() -> None:
    state = table([["3D", "3D", "5D", "5D", "6C"], ["7D", "7D", "8D", "8D", "9C"], ["2S", "3S", "4S", "5S", "6S"],
                   ["2H", "3H", "4H", "5H", "6H"]], trump="S", rank="4")
    events = play_trick(state, [["3D", "3D", "5D", "5D"]])
    assert not [e for e in events if e["type"] == "throw_failed"]
    assert state.trick[0]["cards"] == ["3D", "3D", "5D", "5D"]


def test_following_a_pair() -> None:
    hands = [["8D", "8D", "3C"], ["9D", "9D", "JD"], ["3D", "KD", "4C"], ["5D", "6C", "7C"]]
    state = table(hands, turn=0)
    GAME.apply(state, 0, {"type": "play", "cards": ["8D", "8D"]})
    with pytest.raises(IllegalAction, match="pair"):
        GAME.apply(state, 1, {"type": "play", "cards": ["9D", "JD"]})
    GAME.apply(state, 1, {"type": "play", "cards": ["9D", "9D"]})
    with pytest.raises(IllegalAction, match="follow"):
        GAME.apply(state, 2, {"type": "play", "cards": ["3D", "4C"]})
    GAME.apply(state, 2, {"type": "play", "cards": ["3D", "KD"]})
    assert GAME.legal(state, 3) == [{"type": "play", "choose": {"from": ["5D", "6C", "7C"], "count": 2,
                                                                 "include": ["5D"]}}]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 3, {"type": "play", "cards": ["6C", "7C"]})
    events = GAME.apply(state, 3, {"type": "play", "cards": ["5D", "6C"]})
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 1 and trick["points"] == 15


def test_a_triple_held_against_a_pair_lead_must_give_the_pair() -> None:
    hands = [["7H", "7H", "3C"], ["2S", "2S", "2C"], ["4H", "5H", "6C"], ["8C", "9C", "TC"]]
    state = table(hands, trump="H", rank="2")
    GAME.apply(state, 0, {"type": "play", "cards": ["7H", "7H"]})
    legal = GAME.legal(state, 1)
    assert legal[0]["choose"]["count"] == 2
    with pytest.raises(IllegalAction, match="pair"):
        GAME.apply(state, 1, {"type": "play", "cards": ["2S", "2C"]})
    GAME.apply(state, 1, {"type": "play", "cards": ["2S", "2S"]})
    events = play_trick(state, [["4H", "5H"], ["8C", "9C"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1


def test_following_a_tractor_with_pairs_that_are_not_consecutive() -> None:
    hands = [["3D", "3D", "4D", "4D", "AC"], ["7D", "7D", "9D", "9D", "JD"], ["5D", "6D", "8D", "QC", "KC"],
             ["2C", "3C", "4C", "5C", "6C"]]
    state = table(hands, trump="S", rank="2")
    GAME.apply(state, 0, {"type": "play", "cards": ["3D", "3D", "4D", "4D"]})
    with pytest.raises(IllegalAction, match="2 pairs"):
        GAME.apply(state, 1, {"type": "play", "cards": ["7D", "7D", "9D", "JD"]})
    GAME.apply(state, 1, {"type": "play", "cards": ["7D", "7D", "9D", "9D"]})
    with pytest.raises(IllegalAction, match="follow"):
        GAME.apply(state, 2, {"type": "play", "cards": ["5D", "6D", "QC", "KC"]})
    events = play_trick(state, [["5D", "6D", "8D", "QC"], ["2C", "3C", "4C", "5C"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 0, "two pairs are no tractor"


def test_a_higher_tractor_of_the_suit_wins_and_trumps_beat_it() -> None:
    hands = [["3D", "3D", "4D", "4D"], ["7D", "7D", "8D", "8D"], ["5S", "5S", "6S", "6S"], ["KS", "KS", "9C", "9C"]]
    state = table(hands, trump="S", rank="2")
    events = play_trick(state, [["3D", "3D", "4D", "4D"], ["7D", "7D", "8D", "8D"], ["5S", "5S", "6S", "6S"],
                                ["KS", "KS", "9C", "9C"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 2


def test_a_lead_is_of_one_suit() -> None:
    state = table([["3D", "3C", "4D"], ["5D"] * 1 + ["6D", "7D"], ["8D", "9D", "TD"], ["JD", "QD", "KD"]])
    with pytest.raises(IllegalAction, match="one suit"):
        GAME.apply(state, 0, {"type": "play", "cards": ["3D", "3C"]})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "play", "cards": ["3D", "3D"]})


# -- throws --------------------------------------------------------------------------------------


def throw_table(**options) -> TractorState:
    hands = [["AD", "KD", "KD", "3C", "4C"], ["QD", "QD", "JD", "5C", "6C"], ["7H", "8H", "8H", "9H", "TC"],
             ["2D", "3S", "3S", "4S", "5S"]]
    return table(hands, trump="H", rank="2", declarers=1, starter=1, turn=0, **options)


def test_a_throw_nobody_can_beat_stands() -> None:
    state = throw_table()
    events = play_trick(state, [["AD", "KD", "KD"]])
    assert not [e for e in events if e["type"] == "throw_failed"]
    assert state.trick[0]["cards"] == ["AD", "KD", "KD"]
    with pytest.raises(IllegalAction, match="follow"):
        GAME.apply(state, 1, {"type": "play", "cards": ["QD", "JD", "5C"]})
    events = play_trick(state, [["QD", "QD", "JD"], ["8H", "8H", "7H"], ["2D", "3S", "4S"]])
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 2, "a trump pair and single match the throw's shape"


def test_trumping_a_throw_needs_the_same_shape() -> None:
    state = throw_table()
    events = play_trick(state, [["AD", "KD", "KD"], ["QD", "QD", "JD"], ["7H", "8H", "9H"], ["2D", "3S", "4S"]])
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 0, "three trump singles do not match a pair and a single"


def test_a_failed_throw_leads_the_smallest_beatable_unit_and_pays() -> None:
    hands = [["AD", "QD", "QD", "9D", "3C"], ["KD", "KD", "TD", "5C", "6C"], ["7H", "8H", "9H", "TH", "TC"],
             ["3S", "4S", "5S", "6S", "7S"]]
    state = table(hands, trump="H", rank="2", declarers=1, starter=1, turn=0, score=30)
    events = GAME.apply(state, 0, {"type": "play", "cards": ["AD", "QD", "QD", "9D"]})
    failed = next(e for e in events if e["type"] == "throw_failed")
    assert failed["led"] == ["9D"] and failed["beaten_by"] == 1 and failed["penalty"] == 30
    assert state.trick[0]["cards"] == ["9D"] and sorted(state.hands[0]) == ["3C", "AD", "QD", "QD"]
    assert state.score == 0, "an attacker's failed throw is taken off the attackers' points, not below 0"
    assert sorted(GAME.view(state, 1)["shown"][0]) == ["AD", "QD", "QD"]
    assert GAME.view(state, 0)["shown"][0] == []


def test_a_declarers_failed_throw_adds_to_the_attackers_and_the_penalty_option() -> None:
    hands = [["AD", "QD", "QD", "3C"], ["KD", "KD", "5C", "6C"], ["7H", "8H", "9H", "TC"], ["3S", "4S", "5S", "6S"]]
    state = table(hands, trump="H", rank="2", declarers=0, starter=0, score=20)
    GAME.apply(state, 0, {"type": "play", "cards": ["AD", "QD", "QD"]})
    assert state.trick[0]["cards"] == ["QD", "QD"] and state.score == 30
    state = table(hands, trump="H", rank="2", declarers=0, starter=0, score=20, throw_penalty_per_card=25)
    GAME.apply(state, 0, {"type": "play", "cards": ["AD", "QD", "QD"]})
    assert state.score == 45


# -- winning tricks ------------------------------------------------------------------------------


def test_first_of_equal_plays_wins() -> None:
    hands = [["5D", "3C"], ["2S", "4C"], ["2C", "6C"], ["9D", "7C"]]
    state = table(hands, trump="H", rank="2")
    events = play_trick(state, [["5D"], ["2S"], ["2C"], ["9D"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1
    hands = [["5D", "5D"], ["2S", "2S"], ["2C", "2C"], ["9D", "9D"]]
    state = table(hands, trump="H", rank="2")
    events = play_trick(state, [["5D", "5D"], ["2S", "2S"], ["2C", "2C"], ["9D", "9D"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1


def test_off_suit_discards_never_win_and_points_go_to_attackers_only() -> None:
    hands = [["5D", "3C"], ["KC", "4C"], ["TD", "6C"], ["4D", "7C"]]
    state = table(hands, trump="H", rank="2", declarers=1, starter=1, turn=0)
    events = play_trick(state, [["5D"], ["KC"], ["TD"], ["4D"]])
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == 2 and trick["points"] == 25 and state.score == 25 and state.taken == [25, 0]
    events = play_trick(state, [["6C"], ["7C"], ["3C"], ["4C"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 3
    assert state.last_round["trick_points"] == [25, 0] and state.last_round["attackers_points"] == 25


# -- the last trick, the kitty, levelling, the end ---------------------------------------------------


KITTY = ["KD", "TD", "5C", "3S", "4S", "6S", "7S", "8S"]  # 25 points


def last_trick(lead: list[str], others: list[list[str]], multiplier: str = "cards") -> dict:
    """Seat 1 (an attacker) leads the last trick and wins it; returns the round summary."""
    hands = [others[2], lead, others[0], others[1]]
    state = table(hands, trump="H", rank="2", declarers=0, starter=0, turn=1, kitty=KITTY,
                  kitty_multiplier=multiplier)
    play_trick(state, [lead, *others])
    return state.last_round


def test_kitty_multiplier_for_single_pair_tractor_and_throw() -> None:
    single = last_trick(["AD"], [["3D"], ["4D"], ["6D"]])
    assert single["bonus"] == 25 * 2 and single["attackers_points"] == 50
    pair = last_trick(["AD", "AD"], [["3D", "4D"], ["6D", "7D"], ["8D", "9D"]])
    assert pair["bonus"] == 25 * 4
    tractor = [["3D", "4D", "6D", "7D"], ["8D", "9D", "JD", "JD"], ["3C", "4C", "6C", "7C"]]
    assert last_trick(["AD", "AD", "KD", "KD"], tractor)["bonus"] == 25 * 8 + 0
    throw = [["3D", "4D", "6D"], ["8D", "9D", "JD"], ["3C", "4C", "6C"]]
    assert last_trick(["AD", "AD", "KD"], throw)["bonus"] == 25 * 6
    assert last_trick(["AD", "AD", "KD"], throw, "unit")["bonus"] == 25 * 4
    assert last_trick(["AD", "AD", "KD", "KD"], tractor, "unit")["bonus"] == 25 * 8
    assert last_trick(["AD"], [["3D"], ["4D"], ["6D"]], "unit")["bonus"] == 25 * 2


def test_kitty_counts_nothing_when_the_declarers_win_the_last_trick() -> None:
    hands = [["AD"], ["3D"], ["4D"], ["6D"]]
    state = table(hands, trump="H", rank="2", declarers=0, starter=0, kitty=KITTY)
    play_trick(state, [["AD"], ["3D"], ["4D"], ["6D"]])
    assert state.last_round["bonus"] == 0 and state.last_round["attackers_points"] == 0


@pytest.mark.parametrize(
    ("score", "keep", "gain"),
    [(0, True, 3), (5, True, 2), (35, True, 2), (40, True, 1), (75, True, 1), (80, False, 0), (115, False, 0),
     (120, False, 1), (155, False, 1), (160, False, 2), (195, False, 2), (200, False, 3), (235, False, 3),
     (240, False, 4), (275, False, 4), (280, False, 5)],
)
def test_levelling_bands(score: int, keep: bool, gain: int) -> None:
    assert level_change(score) == (keep, gain)
    state = table([["3D"], ["4D"], ["7D"], ["8D"]], trump="H", rank="5", declarers=1, starter=3, turn=0,
                  kitty=["3S"] * 8, score=score, levels=(4, 5))
    play_trick(state, [["3D"], ["4D"], ["7D"], ["8D"]])
    assert state.score == 0 and state.round == 2 and state.phase == DRAW
    if keep:
        assert state.levels == [4, 5 + gain] and state.declarers == 1 and state.starter == 1
    else:
        assert state.levels == [4 + gain, 5] and state.declarers == 0 and state.starter == 0
    assert state.trump_rank == "23456789TJQKA"[state.levels[state.declarers] - 2]
    assert state.turn == state.starter, "the new starter draws first"


def test_the_game_ends_when_a_level_would_pass_the_ace() -> None:
    state = table([["3D"], ["4D"], ["6D"], ["7D"]], trump="H", rank="A", declarers=0, starter=0,
                  kitty=["3S"] * 8, levels=(14, 9))
    events = play_trick(state, [["3D"], ["4D"], ["6D"], ["7D"]])
    assert state.phase == OVER and GAME.to_act(state) == []
    assert {"type": "game_over", "winners": [0, 2], "levels": [17, 9]} in events
    result = GAME.result(state)
    assert result["winners"] == [0, 2] and result["scores"] == [17, 9, 17, 9]
    assert GAME.legal(state, 0) == []
    # attackers at king taking 160: +2 passes the ace
    state = table([["3D"], ["KD"], ["5D"], ["6D"]], trump="H", rank="9", declarers=0, starter=0,
                  kitty=["3S"] * 8, levels=(9, 13), score=150)
    play_trick(state, [["3D"], ["KD"], ["5D"], ["6D"]])
    assert state.phase == OVER and GAME.result(state)["winners"] == [1, 3]
    # at king taking 40-75 (+1) the declarers reach the ace and play on
    state = table([["3D"], ["4D"], ["5D"], ["6D"]], trump="H", rank="K", declarers=0, starter=0,
                  kitty=["3S"] * 8, levels=(13, 9), score=45)
    play_trick(state, [["3D"], ["4D"], ["5D"], ["6D"]])
    assert state.phase == DRAW and state.levels == [14, 9] and state.trump_rank == "A"


def test_no_trump_round_plays_rank_cards_in_their_suits() -> None:
    hands = [["2D", "3C"], ["AD", "4C"], ["BJ", "6C"], ["RJ", "7C"]]
    state = table(hands, trump=None, rank="2")
    events = play_trick(state, [["2D"], ["AD"], ["BJ"], ["RJ"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 2, "BJ is high in no-trump"
    state = table(hands, trump=None, rank="2", nt_black_high=False)
    events = play_trick(state, [["2D"], ["AD"], ["BJ"], ["RJ"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 3


def test_rank_skip_option_off_breaks_the_tractor() -> None:
    hands = [["3D", "3D", "5D", "5D"], ["6D", "6D", "7D", "8D"], ["9D", "9D", "QD", "KD"], ["AD", "2C", "3C", "4C"]]
    state = table(hands, trump="S", rank="4", rank_skip=False, turn=0)
    events = GAME.apply(state, 0, {"type": "play", "cards": ["3D", "3D", "5D", "5D"]})
    failed = next(e for e in events if e["type"] == "throw_failed")
    assert failed["led"] == ["3D", "3D"]


def test_a_void_seat_trumping_a_tractor_needs_a_trump_tractor() -> None:
    hands = [["8D", "8D", "9D", "9D"], ["3H", "3H", "5H", "5H"], ["3D", "4D", "5D", "6D"], ["2C", "2C", "AH", "AH"]]
    state = table(hands, trump="H", rank="2")
    events = play_trick(state, hands)
    assert next(e for e in events if e["type"] == "trick")["winner"] == 3, "3H3H 5H5H is no tractor with rank 2"


def test_the_trump_ladder_holds_with_rank_skip_off() -> None:
    order = card_order("H", "4", rank_skip=False)
    assert [(u[0], u[1]) for u in decompose(["AH", "AH", "4S", "4S"], order)] == [(2, 2)]
    assert [(u[0], u[1]) for u in decompose(["4S", "4S", "4C", "4C"], order)] == [(2, 1), (2, 1)]


def test_a_failed_trump_throw_leads_the_beatable_joker() -> None:
    hands = [["RJ", "BJ", "3C"], ["RJ", "4C", "5C"], ["7H", "8H", "TC"], ["3S", "4S", "5S"]]
    state = table(hands, trump="H", rank="2", declarers=1, starter=1, turn=0, score=40)
    events = GAME.apply(state, 0, {"type": "play", "cards": ["RJ", "BJ"]})
    failed = next(e for e in events if e["type"] == "throw_failed")
    assert failed["led"] == ["BJ"] and failed["beaten_by"] == 1 and state.score == 30
    events = play_trick(state, [["RJ"], ["7H"], ["3S"]])
    assert next(e for e in events if e["type"] == "trick")["winner"] == 1


# -- whole hands ---------------------------------------------------------------------------------


def test_points_are_200_every_hand_and_invariants_hold() -> None:
    for seed, options in [(0, {}), (1, {"reinforce": True, "kitty_multiplier": "unit"}),
                          (2, {"rank_skip": False, "nt_black_high": False, "throw_penalty_per_card": 0})]:
        state = GAME.new(4, seed, options)
        rounds = 0
        for _seat, _action in playout(GAME, state, random.Random(seed), max_actions=20000,
                                      each=lambda s, *_: GAME.check(s)):
            summary = state.last_round
            if summary is not None and summary["round"] > rounds:
                rounds = summary["round"]
                assert sum(summary["trick_points"]) + summary["kitty_points"] == 200
        assert rounds >= 5 and GAME.result(state) is not None


def test_views_never_show_the_draw_pile_or_the_buried_kitty() -> None:
    state = GAME.new(4, 4)
    rng = random.Random(4)
    for step, _ in enumerate(playout(GAME, state, rng, max_actions=20000)):
        if step > 900:
            break
        if step % 3:
            continue
        for seat in (0, 1, 2, 3, None):
            view = GAME.view(state, seat)
            if state.phase != BURY or seat != state.starter:
                assert view["kitty"] == []
            assert Counter(view["hand"]) == Counter(state.hands[seat] if seat is not None else [])
            assert_no_leak(GAME, state, seat)


def test_illegal_actions_leave_the_state_alone() -> None:
    state = GAME.new(4, 2)
    before = state_hash(GAME, state)
    for action in [{"type": "draw", "cards": ["AS"]}, {"type": "declare", "cards": ["AS"]},
                   {"type": "declare", "cards": "2S"}, {"type": "play", "cards": ["AS"]}, {"type": "bury"}]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(state, 1, {"type": "draw"})
    assert state_hash(GAME, state) == before


def test_sample_follows_are_always_legal() -> None:
    rng = random.Random(7)
    state = GAME.new(4, 7)
    for _ in playout(GAME, state, rng, max_actions=1500):
        if state.phase == PLAY and state.trick:
            seat = state.turn
            for _ in range(5):
                action = GAME.sample(state, seat, rng)
                clone = GAME.clone(state)
                GAME.apply(clone, seat, action)
        if state.round > 2:
            break
