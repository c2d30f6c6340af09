"""Spit (docs/RULES.md, "Spit"): one scenario per rule and option, random playouts, views."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardtable.engine.cards import adjacent, is_red, standard_deck
from cardtable.engine.core import IllegalAction, state_hash
from cardtable.engine.spit import GAME, SpitState, deal_layout
from tests.playout import assert_no_leak, playout

OPTS = {"stock_piles": 5, "stack_equal": False, "alternate_colors": False, "clearer_chooses": False}


def table(
    layouts: list[list[str]],
    piles: list[str],
    spit_cards: tuple[str, str] = ("", ""),
    phase: str = "play",
    in_use: list[bool] | None = None,
    fill: bool = True,
    **options: object,
) -> SpitState:
    """A hand-built state. A place is written ``"down down / up up"`` (bottom to top); a spit pile
    ``"bottom ... top"``. Cards not mentioned go under spit pile 0 (``fill``) so all 52 are in play."""
    opts = {**OPTS, **options}
    places: list[list[list[str]]] = []
    ups: list[list[int]] = []
    for layout in layouts:
        seat_places, seat_up = [], []
        for text in layout + [""] * (opts["stock_piles"] - len(layout)):
            down, _, up = text.rpartition("/") if "/" in text else ("", "", text)
            down_cards, up_cards = down.split(), up.split()
            seat_places.append(down_cards + up_cards)
            seat_up.append(len(up_cards))
        places.append(seat_places)
        ups.append(seat_up)
    state = SpitState(
        seed=1, options=opts, draws=1, phase=phase, layouts=places, up=ups,
        spit_cards=[text.split() for text in spit_cards], spit_piles=[text.split() for text in piles],
    )
    state.in_use = in_use if in_use is not None else [bool(p) for p in state.spit_piles]
    if phase != "ready":
        state.ready = [True, True]
    if fill:
        rest = Counter(standard_deck()) - Counter(GAME.cards(state))
        state.spit_piles[0][:0] = sorted(rest)
    if phase == "play":
        state.stuck = not (GAME._can_progress(state, 0) or GAME._can_progress(state, 1))
    GAME.check(state)
    return state


def types(state: SpitState, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal(state, seat)}


def rejected(state: SpitState, seat: int, action: dict, match: str | None = None) -> None:
    before = state_hash(GAME, state)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, seat, action)
    assert state_hash(GAME, state) == before


# -- deal and start ------------------------------------------------------------------------------


@pytest.mark.parametrize("piles, sizes, spit", [(5, [1, 2, 3, 4, 5], 11), (4, [1, 2, 3, 4], 16)])
def test_deal_splits_26_26_into_layout_and_spit_cards(piles: int, sizes: list[int], spit: int) -> None:
    state = GAME.new(2, 9, {"stock_piles": piles})
    assert state.phase == "ready" and state.spit_piles == [[], []]
    for seat in (0, 1):
        assert [len(p) for p in state.layouts[seat]] == sizes
        assert state.up[seat] == [1] * piles
        assert len(state.spit_cards[seat]) == spit
        assert GAME.cards_left(state, seat) == 26
    assert sorted(GAME.cards(state)) == sorted(standard_deck())
    assert GAME.new(2, 9, {"stock_piles": piles}) == state


def test_both_ready_then_each_turns_a_spit_card() -> None:
    state = GAME.new(2, 4)
    tops = [state.spit_cards[0][-1], state.spit_cards[1][-1]]
    face_up = state.layouts[0][4][-1]
    rejected(state, 0, {"type": "play", "card": face_up, "pile": 0}, "not started")
    assert GAME.legal(state, 0) == [{"type": "ready"}]
    GAME.apply(state, 0, {"type": "ready"})
    assert state.phase == "ready" and GAME.legal(state, 0) == [] and GAME.legal(state, 1) == [{"type": "ready"}]
    rejected(state, 0, {"type": "ready"}, "already")
    events = GAME.apply(state, 1, {"type": "ready"})
    assert state.phase == "play" and state.spit_piles == [[tops[0]], [tops[1]]]
    assert [len(c) for c in state.spit_cards] == [10, 10] and state.in_use == [True, True]
    assert [e["card"] for e in events if e["type"] == "flip"] == tops
    GAME.check(state)


# -- play ------------------------------------------------------------------------------------------


def test_play_onto_either_pile_ranks_wrap() -> None:
    state = table([["AS", "QH", "3C", "8D / KC"], ["5S"]], ["KD", "2H"])
    plays = {(a["card"], a["pile"]) for a in GAME.legal(state, 0) if a["type"] == "play"}
    assert plays == {("AS", 0), ("AS", 1), ("QH", 0), ("3C", 1)}
    rejected(state, 0, {"type": "play", "card": "3C", "pile": 0}, "not one above or below")
    rejected(state, 0, {"type": "play", "card": "8D", "pile": 0}, "not a face-up top card")
    rejected(state, 0, {"type": "play", "card": "5S", "pile": 0}, "not a face-up top card")
    GAME.apply(state, 0, {"type": "play", "card": "AS", "pile": 1})
    assert state.spit_piles[1][-1] == "AS" and state.layouts[0][0] == []
    GAME.apply(state, 0, {"type": "play", "card": "KC", "pile": 1})  # K takes an A
    assert state.spit_piles[1][-1] == "KC" and state.up[0][3] == 0
    GAME.apply(state, 0, {"type": "play", "card": "QH", "pile": 1})
    GAME.check(state)


def test_turn_up_the_face_down_top() -> None:
    state = table([["9H / 2C", "AD"], ["5S"]], ["KD", "3H"])
    assert "turn" not in types(state, 0)
    rejected(state, 0, {"type": "turn", "stock": 0}, "already face up")
    GAME.apply(state, 0, {"type": "play", "card": "2C", "pile": 1})
    assert {"type": "turn", "stock": 0} in GAME.legal(state, 0)
    rejected(state, 0, {"type": "play", "card": "9H", "pile": 0}, "not a face-up")
    events = GAME.apply(state, 0, {"type": "turn", "stock": 0})
    assert events[0] == {"type": "turn", "seat": 0, "stock": 0, "card": "9H"} and state.up[0][0] == 1
    rejected(state, 0, {"type": "turn", "stock": 3}, "empty")


def test_move_onto_an_empty_place_only_to_uncover_a_card() -> None:
    state = table([["8D / 6C", "7S", "2H 3H / 9S"], ["5S"]], ["JD", "JH"])
    moves = [a for a in GAME.legal(state, 0) if a["type"] == "move"]
    targets = {3, 4}
    assert {(a["card"], a["stock"]) for a in moves} == {(c, t) for c in ("6C", "9S") for t in targets}
    rejected(state, 0, {"type": "move", "card": "7S", "stock": 3}, "uncover")  # a lone card: no progress
    rejected(state, 0, {"type": "move", "card": "6C", "stock": 1}, "empty place")
    GAME.apply(state, 0, {"type": "move", "card": "9S", "stock": 4})
    assert state.layouts[0][4] == ["9S"] and state.layouts[0][2] == ["2H", "3H"] and state.up[0][2] == 0
    assert {"type": "turn", "stock": 2} in GAME.legal(state, 0)
    rejected(state, 0, {"type": "move", "card": "9S", "stock": 3}, "uncover")


def test_layout_never_grows_beyond_stock_piles() -> None:
    state = table([["8D / 6C", "7S", "2H", "3H", "4H"], ["5S"]], ["JD", "4D"])
    assert "move" not in types(state, 0)
    rejected(state, 0, {"type": "move", "card": "6C", "stock": 5}, "0 to 4")


def test_stack_equal_option() -> None:
    layout = [["8D / 7C", "7S", "2H / 7H", "KS"], ["5S"]]
    plain = table(layout, ["JD", "JH"])
    assert "stack" not in types(plain, 0)
    rejected(plain, 0, {"type": "stack", "card": "7C", "stock": 1}, "not allowed")
    state = table(layout, ["JD", "JH"], stack_equal=True)
    stacks = {(a["card"], a["stock"]) for a in GAME.legal(state, 0) if a["type"] == "stack"}
    # Not the lone 7S: the other 7s lie on face-down cards, so they stack onto it instead.
    assert stacks == {("7C", 1), ("7C", 2), ("7H", 0), ("7H", 1)}
    rejected(state, 0, {"type": "stack", "card": "7S", "stock": 0}, "onto this one instead")
    rejected(state, 0, {"type": "stack", "card": "KS", "stock": 1}, "not the rank")
    GAME.apply(state, 0, {"type": "stack", "card": "7C", "stock": 1})
    assert state.layouts[0][1] == ["7S", "7C"] and state.up[0][1] == 2 and state.up[0][0] == 0
    rejected(state, 0, {"type": "stack", "card": "7C", "stock": 2}, "uncover nothing and free no place")
    GAME.apply(state, 0, {"type": "turn", "stock": 0})
    GAME.check(state)
    lone = table([["7S", "7C", "KS"], ["QS"]], ["JD", "JH"], stack_equal=True)
    assert "stack" not in types(lone, 0)  # stacking a lone 7 would free a place nothing can use
    rejected(lone, 0, {"type": "stack", "card": "7S", "stock": 1}, "uncover nothing")


def test_a_lone_card_stacks_to_free_the_only_place_a_pile_can_move_into() -> None:
    state = table([["7S", "7C", "9H / KD", "QS", "JS"], ["4S"]], ["3D", "3H"], ("2C", "2H"), stack_equal=True)
    stacks = [(a["type"], a["card"], a["stock"]) for a in GAME.legal(state, 0)]
    assert stacks == [("stack", "7S", 1), ("stack", "7C", 0)]
    GAME.apply(state, 0, {"type": "stack", "card": "7S", "stock": 1})
    assert state.up[0][1] == 2 and GAME.legal(state, 0) == [{"type": "move", "card": "KD", "stock": 0}]
    GAME.apply(state, 0, {"type": "move", "card": "KD", "stock": 0})
    GAME.apply(state, 0, {"type": "turn", "stock": 2})


def test_a_run_on_face_down_cards_stacks_away_card_by_card() -> None:
    """The 7H, then the 7C go onto the lone 7S, uncovering the 8D; the 7S may not go onto the run
    (it could come back: play would go round in circles)."""
    state = table([["8D / 7C 7H", "7S", "9H / KD", "QS", "JS"], ["4S"]], ["3D", "3H"], ("2C", "2H"), stack_equal=True)
    assert GAME.legal(state, 0) == [{"type": "stack", "card": "7H", "stock": 1}]
    rejected(state, 0, {"type": "stack", "card": "7S", "stock": 0}, "onto this one instead")
    GAME.apply(state, 0, {"type": "stack", "card": "7H", "stock": 1})
    assert state.up[0][:2] == [1, 2]
    rejected(state, 0, {"type": "stack", "card": "7H", "stock": 0}, "free no place")
    GAME.apply(state, 0, {"type": "stack", "card": "7C", "stock": 1})
    assert state.layouts[0][1] == ["7S", "7H", "7C"] and state.up[0][0] == 0
    GAME.apply(state, 0, {"type": "turn", "stock": 0})


def test_a_stacked_run_moves_out_to_uncover_a_card() -> None:
    """One empty place takes the 6C; the 6S stacks onto it, uncovering the 2D: not stuck."""
    state = table([["2D / 6S 6C", "KS", "QS", "JS"], ["4S"]], ["9H", "9D"], ("JC", "AC"), stack_equal=True)
    assert not state.stuck
    assert GAME.legal(state, 0) == [{"type": "move", "card": "6C", "stock": 4}]
    rejected(state, 0, {"type": "move", "card": "KS", "stock": 4}, "uncovering")
    GAME.apply(state, 0, {"type": "move", "card": "6C", "stock": 4})
    assert state.layouts[0][0] == ["2D", "6S"] and state.up[0][0] == 1 and state.up[0][4] == 1
    rejected(state, 0, {"type": "stack", "card": "6C", "stock": 0}, "onto this one instead")
    GAME.apply(state, 0, {"type": "stack", "card": "6S", "stock": 4})
    GAME.apply(state, 0, {"type": "turn", "stock": 0})
    full = table([["2D / 6S 6C", "KS", "QS", "JS", "5S"], ["4S"]], ["9H", "9D"], ("JC", "AC"), stack_equal=True)
    assert full.stuck  # no empty place, no other 6


def test_stacked_run_plays_down_without_turning() -> None:
    state = table([["2D / 6S 6C"], ["5S"]], ["7D", "QH"], stack_equal=True)
    GAME.apply(state, 0, {"type": "play", "card": "6C", "pile": 0})
    assert state.up[0][0] == 1 and {"type": "play", "card": "6S", "pile": 0} not in GAME.legal(state, 0)
    assert {"type": "play", "card": "6S", "pile": 1} not in GAME.legal(state, 0)
    state = table([["2D / 6S 6C"], ["5S"]], ["7D", "5H"], stack_equal=True)
    GAME.apply(state, 0, {"type": "play", "card": "6C", "pile": 0})
    GAME.apply(state, 0, {"type": "play", "card": "6S", "pile": 1})
    assert state.spit_piles[1][-1] == "6S" and state.up[0][0] == 0


def test_conflicting_plays_first_one_stands() -> None:
    """Both race for the 6H: the host applies seat 0's 5C first; seat 1's 7D no longer fits."""
    state = table([["5C", "8S"], ["7D", "4S"]], ["6H", "TC"])
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    rejected(state, 1, {"type": "play", "card": "7D", "pile": 0}, "7D is not one above or below 5C")
    rejected(state, 0, {"type": "play", "card": "5C", "pile": 0}, "not a face-up top card")  # never taken back
    GAME.apply(state, 1, {"type": "play", "card": "4S", "pile": 0})
    assert state.spit_piles[0][-2:] == ["5C", "4S"]


def test_alternate_colors_option() -> None:
    layout = [["5H", "5S", "QD"], ["9C"]]
    plain = table(layout, ["4D", "KH"])
    assert {a["card"] for a in GAME.legal(plain, 0) if a["type"] == "play"} == {"5H", "5S", "QD"}
    state = table(layout, ["4D", "KH"], alternate_colors=True)
    assert {a["card"] for a in GAME.legal(state, 0) if a["type"] == "play"} == {"5S"}
    rejected(state, 0, {"type": "play", "card": "5H", "pile": 0}, "same colour")
    rejected(state, 0, {"type": "play", "card": "QD", "pile": 1}, "same colour")


# -- stuck and Spit! ---------------------------------------------------------------------------------


def test_stuck_both_call_spit_then_each_turns_a_spit_card() -> None:
    state = table([["9C", "JD"], ["2S", "4D"]], ["6H", "7C"], spit_cards=("TS 3H", "QC 5D"))
    assert state.stuck
    assert GAME.legal(state, 0) == [{"type": "spit"}] == GAME.legal(state, 1)
    rejected(state, 0, {"type": "play", "card": "9C", "pile": 0}, "stuck")
    GAME.apply(state, 0, {"type": "spit"})
    assert GAME.legal(state, 0) == [] and state.spit_piles[0][-1] == "6H"
    rejected(state, 0, {"type": "spit"}, "already")
    events = GAME.apply(state, 1, {"type": "spit"})
    assert [(e["seat"], e["card"]) for e in events if e["type"] == "flip"] == [(0, "3H"), (1, "5D")]
    assert state.spit_piles[0][-1] == "3H" and state.spit_piles[1][-1] == "5D"
    assert not state.stuck and state.called == [False, False]
    assert {(a["card"], a["pile"]) for a in GAME.legal(state, 1) if a["type"] == "play"} == {("2S", 0), ("4D", 0), ("4D", 1)}
    GAME.check(state)


def test_not_stuck_while_a_move_can_uncover_a_card() -> None:
    state = table([["9C / 8C"], ["2S"]], ["6H", "6D"], spit_cards=("TS", "QC"))
    assert not state.stuck and "spit" not in types(state, 0)
    rejected(state, 1, {"type": "spit"}, "not stuck")
    assert types(state, 1) == set()  # seat 1 waits; seat 0 can still move
    GAME.apply(state, 0, {"type": "move", "card": "8C", "stock": 1})
    GAME.apply(state, 0, {"type": "turn", "stock": 0})
    assert state.stuck


def test_options_decide_whether_the_players_are_stuck() -> None:
    """A same-colour play does not count with alternate_colors; a stack counts with stack_equal."""
    layout, piles, spit = [["5H"], ["QD"]], ["4D", "KH"], ("JS", "AC")
    assert not table(layout, piles, spit).stuck
    colours = table(layout, piles, spit, alternate_colors=True)
    assert colours.stuck and GAME.legal(colours, 0) == [{"type": "spit"}]
    full = [["8D / 7C", "7S", "KS", "KC", "2H"], ["4S"]]
    assert table(full, ["JD", "JH"], spit).stuck
    stacking = table(full, ["JD", "JH"], spit, stack_equal=True)
    assert not stacking.stuck and {"type": "stack", "card": "7C", "stock": 1} in GAME.legal(stacking, 0)
    GAME.apply(stacking, 0, {"type": "stack", "card": "7C", "stock": 1})
    assert not stacking.stuck  # the 8D is still to be turned
    GAME.apply(stacking, 0, {"type": "turn", "stock": 0})
    assert stacking.stuck  # a lone KS may not stack: it would free a place nothing can use


def test_repeat_flips_while_both_stay_stuck() -> None:
    state = table([["9C", "JD"], ["2S", "4D"]], ["6H", "7C"], spit_cards=("TS 6S", "QC 7D"))
    for seat in (0, 1):
        GAME.apply(state, seat, {"type": "spit"})
    assert state.stuck and [len(c) for c in state.spit_cards] == [1, 1]
    for seat in (1, 0):
        GAME.apply(state, seat, {"type": "spit"})
    assert state.spit_piles[0][-1] == "TS" and state.spit_piles[1][-1] == "QC" and not state.stuck


def test_player_without_spit_cards_does_not_turn_and_one_pile_stays() -> None:
    state = table([["9C", "JD"], ["2S", "4D"]], ["6H", "7C"], spit_cards=("", "QC 3D"))
    for seat in (0, 1):
        GAME.apply(state, seat, {"type": "spit"})
    assert state.in_use == [False, True] and state.spit_piles[1][-1] == "3D" and state.spit_piles[0][-1] == "6H"
    plays = {(a["card"], a["pile"]) for a in GAME.legal(state, 0) + GAME.legal(state, 1) if a["type"] == "play"}
    assert plays == {("2S", 1), ("4D", 1)}  # both play onto the one pile still in use
    rejected(state, 1, {"type": "play", "card": "2S", "pile": 0}, "not in use")
    GAME.apply(state, 1, {"type": "play", "card": "4D", "pile": 1})
    assert state.stuck
    for seat in (0, 1):
        GAME.apply(state, seat, {"type": "spit"})
    assert state.in_use == [False, True] and state.spit_piles[1][-1] == "QC"
    GAME.check(state)


# -- end of a round, slap, gathering --------------------------------------------------------------


def gathered(state: SpitState, seat: int, pile: int) -> Counter:
    return Counter(state.spit_piles[pile] + [c for p in state.layouts[seat] for c in p] + state.spit_cards[seat])


def test_emptying_the_layout_ends_the_round_and_the_first_slap_wins() -> None:
    state = table([["5C"], ["9D / 2S", "4D"]], ["6H", "TC"], spit_cards=("JS QS", "AH 8C"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    assert state.phase == "slap" and state.cleared == 0
    assert GAME.legal(state, 0) == GAME.legal(state, 1) == [{"type": "slap", "pile": 0}, {"type": "slap", "pile": 1}]
    rejected(state, 1, {"type": "play", "card": "4D", "pile": 0}, "round is over")
    expect = {1: gathered(state, 1, 1), 0: gathered(state, 0, 0)}
    assert sum(expect[1].values()) == 1 + 3 + 2  # the small pile, 3 layout cards, 2 spit cards
    events = GAME.apply(state, 1, {"type": "slap", "pile": 1})
    assert state.slapped == [1, 1] and events[0] == {"type": "slap", "seat": 1, "pile": 1}
    rejected(state, 0, {"type": "slap", "pile": 0}, "nothing to slap")
    for seat in (0, 1):
        layout_cards = [c for p in state.layouts[seat] for c in p]
        assert Counter(layout_cards + state.spit_cards[seat]) == expect[seat]
    assert state.phase == "ready" and state.round == 2 and state.spit_piles == [[], []] and state.draws == 2
    GAME.check(state)


def test_both_slap_the_same_pile_the_first_wins_it() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    rejected(state, 0, {"type": "ready"}, "round is over")
    expect = {1: gathered(state, 1, 1), 0: gathered(state, 0, 0)}
    GAME.apply(state, 1, {"type": "slap", "pile": 1})
    rejected(state, 0, {"type": "slap", "pile": 1}, "nothing to slap")  # too late: seat 0 gets pile 0
    for seat in (0, 1):
        assert Counter([c for p in state.layouts[seat] for c in p] + state.spit_cards[seat]) == expect[seat]
    assert GAME.view(state, 0)["slapped"] == {"seat": 1, "pile": 1}


def test_slap_on_the_other_pile_gives_the_slower_player_the_rest() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    expect0 = gathered(state, 0, 0)
    GAME.apply(state, 0, {"type": "slap", "pile": 0})
    assert Counter([c for p in state.layouts[0] for c in p] + state.spit_cards[0]) == expect0
    assert GAME.cards_left(state, 1) == 52 - sum(expect0.values())


def test_round_ends_when_both_stuck_without_spit_cards() -> None:
    state = table([["9C", "JD"], ["2S", "4D"]], ["6H", "7C"], spit_cards=("TS", "QC"))
    for seat in (0, 1):
        GAME.apply(state, seat, {"type": "spit"})
    assert state.phase == "play"
    GAME.apply(state, 0, {"type": "play", "card": "JD", "pile": 0})
    assert state.stuck is False and state.phase == "slap" and state.cleared == -1
    GAME.apply(state, 0, {"type": "slap", "pile": 1})
    assert state.phase == "ready" and state.round == 2
    GAME.check(state)


def test_clearer_chooses_option() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"), clearer_chooses=True)
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    assert state.phase == "choose" and GAME.legal(state, 1) == []
    assert GAME.legal(state, 0) == [{"type": "choose", "pile": 0}, {"type": "choose", "pile": 1}]
    rejected(state, 1, {"type": "choose", "pile": 1}, "only the player")
    rejected(state, 0, {"type": "slap", "pile": 1}, "nothing to slap")
    expect = gathered(state, 0, 1)
    GAME.apply(state, 0, {"type": "choose", "pile": 1})
    assert Counter([c for p in state.layouts[0] for c in p] + state.spit_cards[0]) == expect
    assert state.phase == "ready"


def test_view_reports_the_last_round_only() -> None:
    """``slapped`` and ``cleared`` describe the round that ended last, never an older one."""
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"), clearer_chooses=True)
    state.slapped, state.round, state.draws = [1, 1], 2, 2  # round 1 ended with a slap
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    GAME.apply(state, 0, {"type": "choose", "pile": 1})
    view = GAME.view(state, 1)
    assert view["slapped"] is None and view["cleared"] == 0 and view["round"] == 3
    GAME.check(state)


def test_clearer_chooses_does_not_apply_when_nobody_cleared() -> None:
    state = table([["9C", "JD"], ["2S"]], ["6H", "QC"], spit_cards=("5D", ""), clearer_chooses=True)
    GAME.apply(state, 0, {"type": "play", "card": "JD", "pile": 1})
    assert state.stuck
    GAME.apply(state, 0, {"type": "spit"})
    GAME.apply(state, 1, {"type": "spit"})
    assert state.phase == "slap"


# -- short player and the end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, piles, sizes, spit",
    [(15, 5, [1, 2, 3, 4, 5], 0), (14, 5, [1, 2, 3, 4, 4], 0), (8, 5, [1, 2, 3, 2, 0], 0),
     (1, 5, [1, 0, 0, 0, 0], 0), (26, 5, [1, 2, 3, 4, 5], 11), (10, 4, [1, 2, 3, 4], 0),
     (9, 4, [1, 2, 3, 3], 0), (40, 4, [1, 2, 3, 4], 30)],
)
def test_layout_sizes_and_the_short_player(count: int, piles: int, sizes: list[int], spit: int) -> None:
    cards = standard_deck()[:count]
    layout, up, spit_cards = deal_layout(cards, piles)
    assert [len(p) for p in layout] == sizes and len(spit_cards) == spit
    assert up == [1 if s else 0 for s in sizes]
    assert [c for p in layout for c in p] + spit_cards == cards


def test_short_player_has_one_spit_pile_in_use() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("KD", "AH"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    GAME.apply(state, 0, {"type": "slap", "pile": 1})  # seat 0 takes TC and keeps KD: a short player
    assert GAME.cards_left(state, 0) == 2 and state.spit_cards[0] == []
    assert [len(p) for p in state.layouts[0]] == [1, 1, 0, 0, 0]
    assert len(state.spit_cards[1]) == 50 - 15
    GAME.apply(state, 0, {"type": "ready"})
    GAME.apply(state, 1, {"type": "ready"})
    assert state.in_use == [False, True] and state.spit_piles[0] == [] and len(state.spit_piles[1]) == 1
    assert all(a["pile"] == 1 for a in GAME.legal(state, 0) + GAME.legal(state, 1) if a["type"] == "play")
    GAME.check(state)


def test_four_piles_short_player_below_ten_cards() -> None:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS QS KS 2C 3C 4C 8H 8S", "AH"), stock_piles=4)
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    GAME.apply(state, 0, {"type": "slap", "pile": 1})  # 8 spit cards and the TC: 9 cards
    assert [len(p) for p in state.layouts[0]] == [1, 2, 3, 3] and state.spit_cards[0] == []
    assert [len(p) for p in state.layouts[1]] == [1, 2, 3, 4] and len(state.spit_cards[1]) == 43 - 10
    for seat in (0, 1):
        GAME.apply(state, seat, {"type": "ready"})
    assert state.in_use == [False, True]
    GAME.check(state)


def test_end_rule_clearer_takes_no_centre_cards_and_wins() -> None:
    state = table([["5C"], ["9D / 2S", "QH"]], ["", "TC 6H"], spit_cards=("", "AH 3S"), in_use=[False, True])
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 1})
    assert state.phase == "over"
    result = GAME.result(state)
    assert result["winners"] == [0] and result["cards_left"] == [0, 52] and result["scores"] == [0, -52]
    assert GAME.to_act(state) == [] and GAME.legal(state, 0) == [] == GAME.legal(state, 1)
    rejected(state, 1, {"type": "ready"}, "over")
    GAME.check(state)


def test_end_rule_clearer_keeps_own_spit_cards_only() -> None:
    state = table(
        [["5C"], ["9D / 2S", "QH"]], ["TC 6H", ""], spit_cards=("AH 3S KD", ""), in_use=[True, False],
    )
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    assert state.phase == "ready" and GAME.cards_left(state, 0) == 3 and GAME.cards_left(state, 1) == 49
    assert sorted(c for p in state.layouts[0] for c in p) == ["3S", "AH", "KD"]
    assert GAME.result(state) is None


def test_two_piles_in_use_a_clearer_with_spit_cards_slaps() -> None:
    state = table([["5C"], ["2S"]], ["6H", "TC"], spit_cards=("KD", "AH"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    assert state.phase == "slap" and GAME.result(state) is None


@pytest.mark.parametrize("clearer_chooses", [False, True])
def test_a_clearer_with_no_spit_cards_has_no_cards_left_and_wins(clearer_chooses: bool) -> None:
    """Both piles are still in use (nobody has been stuck since seat 0 turned its last spit card),
    but seat 0 has got rid of every card: it wins rather than slapping for a pile."""
    state = table([["5C"], ["2S"]], ["6H", "TC"], spit_cards=("", "AH"), clearer_chooses=clearer_chooses)
    assert state.in_use == [True, True]
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    assert state.phase == "over"
    assert GAME.result(state)["winners"] == [0] and GAME.result(state)["cards_left"] == [0, 52]
    GAME.check(state)


# -- views -------------------------------------------------------------------------------------------


def test_view_shows_face_up_cards_and_counts_face_down_ones() -> None:
    state = table([["9D 8D / 2S", "4S / 7H"], ["3C / 4C"]], ["6H", "TC"], spit_cards=("AH", "KD QD"))
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["seat"] == seat and view["phase"] == "play" and view["to_act"] == [0, 1]
        assert view["layouts"][0][0] == {"up": ["2S"], "down": 2}
        assert view["layouts"][1][0] == {"up": ["4C"], "down": 1}
        assert view["spit_cards"] == [1, 2] and view["spit_piles"][1] == ["TC"]
        assert view["spit_sizes"] == [len(state.spit_piles[0]), 1]
        text = repr(view)
        for hidden in ("9D", "8D", "4S", "3C", "AH", "KD", "QD"):
            assert hidden not in text
        assert_no_leak(GAME, state, seat)


def test_garbage_is_rejected() -> None:
    state = table([["5C"], ["2S"]], ["6H", "TC"])
    for bad in ({"type": "play", "card": "ZZ", "pile": 0}, {"type": "play", "card": "5C", "pile": 2},
                {"type": "play", "card": "5C"}, {"type": "turn", "stock": -1}, {"type": "move", "card": 5},
                {"type": "slap", "pile": 0}, {"type": "fly"}, {"type": "ready"}):
        rejected(state, 0, bad)
    rejected(state, 2, {"type": "play", "card": "5C", "pile": 0}, "no seat")
    rejected(state, True, {"type": "play", "card": "5C", "pile": 0}, "no seat")


def test_seats_must_be_whole_numbers_0_or_1() -> None:
    state = table([["5C"], ["2S"]], ["6H", "TC"])
    for seat in (0.0, 1.0, True, False, None, "0", -1, 2, 10**30):
        rejected(state, seat, {"type": "play", "card": "5C", "pile": 0}, "no seat")
        assert GAME.legal(state, seat) == []
    ready = GAME.new(2, 3)
    rejected(ready, 1.0, {"type": "ready"}, "no seat")
    assert GAME.legal(ready, True) == []



def _in_play() -> SpitState:
    return table([["9D / 5C"], ["9H / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"))


def _at_slap() -> SpitState:
    state = table([["5C"], ["9D / 2S"]], ["6H", "TC"], spit_cards=("JS", "AH"))
    GAME.apply(state, 0, {"type": "play", "card": "5C", "pile": 0})
    return state


def _lose_spit_cards(state: SpitState) -> None:
    state.spit_piles[0].extend(state.spit_cards[0])
    state.spit_cards[0].clear()


BROKEN = {
    "a card lost": (_in_play, lambda s: s.spit_piles[0].pop(0)),
    "a card doubled": (_in_play, lambda s: s.spit_piles[0].append("AS")),
    "a deal without a shuffle": (lambda: GAME.new(2, 5), lambda s: setattr(s, "draws", 3)),
    "Spit! called before play": (lambda: GAME.new(2, 5), lambda s: setattr(s, "called", [True, False])),
    "a face-up count too big": (_in_play, lambda s: s.up[0].__setitem__(0, 3)),
    "a run without stack_equal": (_in_play, lambda s: s.up[0].__setitem__(0, 2)),
    "play with a seat not ready": (_in_play, lambda s: setattr(s, "ready", [True, False])),
    "a wrong stuck flag": (_in_play, lambda s: setattr(s, "stuck", True)),
    "a slap of seat 2": (_in_play, lambda s: setattr(s, "slapped", [2, 0])),
    "a clearer seat 3": (_in_play, lambda s: setattr(s, "cleared", 3)),
    "three spit piles in use": (_in_play, lambda s: s.in_use.append(True)),
    "an unknown option": (_in_play, lambda s: s.options.__setitem__("jokers", True)),
    "a slap with spit cards left and nobody out": (_at_slap, lambda s: setattr(s, "cleared", -1)),
    "a clearer with layout cards": (_at_slap, lambda s: setattr(s, "cleared", 1)),
    "a choice without clearer_chooses": (_at_slap, lambda s: setattr(s, "phase", "choose")),
    "a slap where the end rule applies": (_at_slap, lambda s: s.in_use.__setitem__(1, False)),
    "a slap by a clearer with no cards": (_at_slap, _lose_spit_cards),
    "stuck during the slap": (_at_slap, lambda s: setattr(s, "stuck", True)),
}


@pytest.mark.parametrize("broken", BROKEN)
def test_check_catches_broken_states(broken: str) -> None:
    build, damage = BROKEN[broken]
    state = build()
    GAME.check(state)
    damage(state)
    with pytest.raises(AssertionError):
        GAME.check(state)

# -- playouts ----------------------------------------------------------------------------------------

COMBOS = [dict(zip(OPTS, values, strict=True)) for values in itertools.product((5, 4), *[(False, True)] * 3)]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_playouts_keep_invariants_with_every_option(options: dict) -> None:
    for seed in range(6):
        state = GAME.new(2, seed, options)
        kinds: Counter = Counter()
        for _, action in playout(GAME, state, random.Random(seed), each=lambda s, *_: GAME.check(s)):
            kinds[action["type"]] += 1
        result = GAME.result(state)
        assert result["cards_left"][result["winners"][0]] == 0 and sum(result["cards_left"]) == 52
        assert kinds["play"] > 0 and kinds["ready"] >= 2


@pytest.mark.parametrize("alternate_colors", [False, True])
def test_listed_plays_are_exactly_the_fitting_cards(alternate_colors: bool) -> None:
    """legal()'s plays against a plain reading of the rule (cards.adjacent, is_red) along playouts."""
    for seed in range(3):
        state = GAME.new(2, seed, {"alternate_colors": alternate_colors})
        for _ in playout(GAME, state, random.Random(seed)):
            if state.phase != "play" or state.stuck:
                continue
            for seat in (0, 1):
                tops = [(p, state.spit_piles[p][-1]) for p in (0, 1) if state.in_use[p]]
                cards = [place[-1] for place, n in zip(state.layouts[seat], state.up[seat], strict=True) if n]
                expect = {(c, p) for c in cards for p, top in tops
                          if adjacent(c, top) and not (alternate_colors and is_red(c) == is_red(top))}
                assert {(a["card"], a["pile"]) for a in GAME.legal(state, seat) if a["type"] == "play"} == expect


def test_random_playouts_reach_every_phase() -> None:
    seen: Counter = Counter()
    for seed in range(20):
        state = GAME.new(2, 100 + seed, {"clearer_chooses": seed % 2 == 1})
        for _ in playout(GAME, state, random.Random(seed), each=lambda s, *_: seen.update([s.phase])):
            if state.stuck:
                seen["stuck"] += 1
            if sum(state.in_use) == 1 and state.phase == "play":
                seen["one pile"] += 1
    assert {"ready", "play", "slap", "choose", "over", "stuck", "one pile"} <= set(seen)


def _could_uncover(layout: list[list[str]], up: list[int], stack_equal: bool, depth: int = 6) -> bool:
    """Whether some sequence of moves (any face-up top onto an empty place) and, with stack_equal,
    stacks (any face-up top onto a face-up top of the same rank) leaves a face-down card on top."""
    frontier = [(tuple(map(tuple, layout)), tuple(up))]
    seen = set(frontier)
    for _ in range(depth):
        following = []
        for places, ups in frontier:
            for i, place in enumerate(places):
                if not ups[i]:
                    continue
                for j, other in enumerate(places):
                    if j == i or (other and not (stack_equal and ups[j] and other[-1][0] == place[-1][0])):
                        continue
                    new_places, new_ups = list(places), list(ups)
                    new_places[i], new_places[j] = place[:-1], other + place[-1:]
                    new_ups[i], new_ups[j] = ups[i] - 1, ups[j] + 1
                    if new_places[i] and not new_ups[i]:
                        return True
                    key = (tuple(new_places), tuple(new_ups))
                    if key not in seen:
                        seen.add(key)
                        following.append(key)
        frontier = following
    return False


@pytest.mark.parametrize("stack_equal", [False, True])
def test_stuck_players_could_not_uncover_a_card_any_way(stack_equal: bool) -> None:
    stuck = 0
    for seed in range(4):
        state = GAME.new(2, seed, {"stack_equal": stack_equal})
        for _ in playout(GAME, state, random.Random(seed)):
            if state.phase == "play" and state.stuck and not any(state.called):
                stuck += 1
                for seat in (0, 1):
                    assert not _could_uncover(state.layouts[seat], state.up[seat], stack_equal), (seed, seat)
    assert stuck > 10


def test_moves_and_stacks_cannot_go_round_in_circles() -> None:
    """Between two plays, turns or flips a seat can move or stack only a few times (no livelock)."""
    for seed, options in enumerate(COMBOS):
        state = GAME.new(2, seed, options)
        run = [0, 0]
        for seat, action in playout(GAME, state, random.Random(seed)):
            if action["type"] in ("move", "stack"):
                run[seat] += 1
                assert run[seat] <= 2 * options["stock_piles"], (seed, options)
            else:
                run[seat] = 0  # only this seat's own plays and turns give it new cards to move

