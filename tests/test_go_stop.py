"""Go-Stop scenarios (docs/RULES.md, "Go-Stop"): positions built by hand, one rule per test."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import IllegalAction, get_game, hwatu, state_hash
from cardtable.engine.go_stop import GAME, GoStopState
from tests.playout import assert_no_leak, playout


def make(
    hands: list[list[str]],
    table: list[str],
    stock: list[str],
    captures: list[list[str]] | None = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> GoStopState:
    """A position by hand: ``stock`` is listed top card first. Unlisted cards are simply not in play."""
    players = len(hands)
    opts = {"jokers": 0, **(options or {})}
    state = GAME.new(players, 1, opts)
    state.hands = [list(h) for h in hands]
    state.table = list(table)
    state.stock = list(reversed(stock))
    state.captures = [list(c) for c in captures] if captures else [[] for _ in range(players)]
    state.stacks = {}
    state.turn = turn
    state.dealer = turn
    state.phase = "play"
    state.last = None
    state.hand_number = 0
    state.history = []
    state.chips = [0] * players
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def act(state: GoStopState, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    return GAME.apply(state, seat, action)


def play(state: GoStopState, seat: int, card: str, **extra: Any) -> list[dict[str, Any]]:
    return act(state, seat, {"type": "play", "card": card, **extra})


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# -- scoring -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("cards", "points", "part"),
    [
        (["01B", "03B", "08B"], 3, "brights"),
        (["01B", "03B", "12B"], 2, "brights"),
        (["01B", "03B", "08B", "12B"], 4, "brights"),
        (["01B", "03B", "08B", "11B"], 4, "brights"),
        (["01B", "03B", "08B", "11B", "12B"], 15, "brights"),
        (["02A", "04A", "08A"], 5, "godori"),
        (["01R", "02R", "03R"], 3, "red_poem"),
        (["06R", "09R", "10R"], 3, "blue"),
        (["04R", "05R", "07R"], 3, "plain_red"),
    ],
)
def test_named_sets(cards: list[str], points: int, part: str) -> None:
    total, parts = hwatu.score(cards)
    assert total == points and parts == {part: points}


def test_two_brights_and_four_animals_score_nothing() -> None:
    assert hwatu.score(["01B", "12B", "05A", "06A", "07A", "09A"]) == (0, {})


def test_godori_with_two_more_animals_is_six_plus_one() -> None:
    total, parts = hwatu.score(["02A", "04A", "08A", "05A", "06A"])
    assert parts == {"godori": 5, "animals": 1} and total == 6
    assert hwatu.score(["02A", "04A", "08A", "05A", "06A", "07A"])[0] == 7


def test_ribbons_count_and_12R_belongs_to_no_set() -> None:
    assert hwatu.score(["01R", "02R", "12R", "04R"]) == (0, {})
    assert hwatu.score(["01R", "02R", "12R", "04R", "06R"]) == (1, {"ribbons": 1})
    total, parts = hwatu.score(["01R", "02R", "03R", "06R", "09R", "10R"])
    assert parts == {"ribbons": 2, "red_poem": 3, "blue": 3} and total == 8
    assert hwatu.score(["04R", "05R", "12R"]) == (0, {})


def test_junk_counts_doubles_and_jokers() -> None:
    nine = ["01P1", "01P2", "02P1", "02P2", "03P1", "03P2", "04P1", "04P2", "05P1"]
    assert hwatu.score(nine) == (0, {})
    assert hwatu.score([*nine, "05P2"]) == (1, {"junk": 1})
    assert hwatu.score([*nine, "11D"]) == (2, {"junk": 2})
    assert hwatu.score([*nine[:7], "12D"]) == (0, {})
    assert hwatu.score([*nine[:8], "12D"]) == (1, {"junk": 1})
    assert hwatu.score([*nine[:8], "J2", "J3"]) == (4, {"junk": 4})
    assert hwatu.tally(["J3", "11D", "01P1", "03B"])["junk"] == 6


def test_card_data() -> None:
    assert len(hwatu.CARDS) == 48 and len(set(hwatu.CARDS)) == 48
    kinds = [hwatu.kind(c) for c in hwatu.CARDS]
    assert kinds.count("B") == 5 and kinds.count("A") == 9 and kinds.count("R") == 10
    assert kinds.count("P") + kinds.count("D") == 24 and kinds.count("D") == 2
    assert all(hwatu.month(c) == m for m in hwatu.MONTHS for c in hwatu.MONTH_CARDS[m])
    assert hwatu.deck(2)[-2:] == ["J2", "J3"] and len(hwatu.deck(0)) == 48


# -- the deal ------------------------------------------------------------------------------------

def rigged(monkeypatch: pytest.MonkeyPatch, orders: list[list[str]]) -> None:
    """The next deals use these deck orders (then the real shuffle)."""
    queue = list(orders)
    real = hwatu.shuffled

    def shuffled(cards: list[str], rng: random.Random) -> list[str]:
        return list(queue.pop(0)) if queue else real(cards, rng)

    monkeypatch.setattr(hwatu, "shuffled", shuffled)


def deal_order(players: int, dealer: int, hands: list[list[str]], table: list[str], stock: list[str]) -> list[str]:
    """The deck order that deals these hands, table and stock (stock top first) in the order of docs/RULES.md, "Go-Stop", "Deal"."""
    hands = [list(h) for h in hands]
    table = list(table)
    if players == 2:
        packets = [((dealer + 1) % 2, 5), (dealer, 5), (-1, 4)] * 2
    else:
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        packets = [(s, 4) for s in order] + [(-1, 3)] + [(s, 3) for s in order] + [(-1, 3)]
    out: list[str] = []
    for who, count in packets:
        source = table if who < 0 else hands[who]
        out += source[:count]
        del source[:count]
    return out + list(stock)


def first_dealer(players: int, seed: int) -> int:
    return GAME.new(players, seed, {"jokers": 0}).dealer


BY_ROUND = [hwatu.MONTH_CARDS[m][i] for i in range(4) for m in hwatu.MONTHS]


def test_two_player_deal_order(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = [*BY_ROUND, "J2", "J3"]
    rigged(monkeypatch, [deck])
    state = GAME.new(2, 5, {"jokers": 2})
    d, o = state.dealer, 1 - state.dealer
    assert state.hands[o] == deck[0:5] + deck[14:19]
    assert state.hands[d] == deck[5:10] + deck[19:24]
    assert sorted(state.table) == sorted(deck[10:14] + deck[24:28])
    assert state.stock[::-1] == deck[28:]
    assert state.turn == d and state.phase == "play"


def test_three_player_deal_order(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = list(BY_ROUND)
    rigged(monkeypatch, [deck])
    state = GAME.new(3, 9, {"jokers": 0})
    d = state.dealer
    first, second = (d + 1) % 3, (d + 2) % 3
    assert state.hands[first] == deck[0:4] + deck[15:18]
    assert state.hands[second] == deck[4:8] + deck[18:21]
    assert state.hands[d] == deck[8:12] + deck[21:24]
    assert state.table == deck[12:15] + deck[24:27]
    assert len(state.stock) == 21 and state.turn == d


def spread_deal(players: int, jokers_on_table: int = 0) -> tuple[list[list[str]], list[str], list[str]]:
    """A deal with no four of a month in any hand or on the table."""
    by_round = BY_ROUND
    size, table_size = (10, 8) if players == 2 else (7, 6)
    hands = [by_round[i * size:(i + 1) * size] for i in range(players)]
    rest = by_round[players * size:]
    return hands, rest[:table_size], rest[table_size:]


def test_jokers_dealt_to_the_table_go_to_the_dealer_and_are_replaced_cascading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dealer = first_dealer(2, 4)
    hands, table, stock = spread_deal(2)
    replaced = table[0]
    rigged(monkeypatch, [deal_order(2, dealer, hands, ["J2", *table[1:]], ["J3", replaced, *stock])])
    state = GAME.new(2, 4, {"jokers": 2})
    assert state.captures[dealer] == ["J2", "J3"]
    assert replaced in state.table and len(state.table) == 8
    assert len(state.stock) == 20
    GAME.check(state)


def test_four_of_a_month_on_the_table_is_a_misdeal(monkeypatch: pytest.MonkeyPatch) -> None:
    dealer = first_dealer(2, 6)
    pool = [c for c in BY_ROUND if hwatu.month(c) != "12"]
    bad = deal_order(2, dealer, [pool[:10], pool[10:20]], [*hwatu.MONTH_CARDS["12"], *pool[20:24]], pool[24:])
    hands, table, stock = spread_deal(2)
    rigged(monkeypatch, [bad, deal_order(2, dealer, hands, table, stock)])
    state = GAME.new(2, 6, {"jokers": 0})
    assert sorted(state.table) == sorted(table) and state.dealer == dealer
    assert state.draw == 3


def test_four_in_one_hand_wins_at_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    dealer = first_dealer(3, 2)
    winner = (dealer + 1) % 3
    four = list(hwatu.MONTH_CARDS["05"])
    pool = [c for c in BY_ROUND if c not in four]
    hands = [pool[:7], pool[7:14], pool[14:21]]
    hands[winner] = four + pool[21:24]
    others = [s for s in range(3) if s != winner]
    rest = [c for c in pool if not any(c in h for h in hands)]
    rigged(monkeypatch, [deal_order(3, dealer, hands, rest[:6], rest[6:])])
    state = GAME.new(3, 2, {"jokers": 0})
    assert state.phase == "hand_over" and state.last["reason"] == "four"
    assert state.chips[winner] == 10 and all(state.chips[s] == -5 for s in others)
    assert state.dealer == winner and GAME.to_act(state) == [winner]
    view = GAME.view(state, others[0])
    assert sorted(view["revealed"][winner]) == sorted(four)
    assert_no_leak(GAME, state, others[0])


def test_two_fours_cancel_and_the_same_dealer_redeals(monkeypatch: pytest.MonkeyPatch) -> None:
    dealer = first_dealer(2, 3)
    pool = [c for c in BY_ROUND if hwatu.month(c) not in ("05", "06")]
    hands = [list(hwatu.MONTH_CARDS["05"]) + pool[:6], list(hwatu.MONTH_CARDS["06"]) + pool[6:12]]
    bad = deal_order(2, dealer, hands, pool[12:20], pool[20:])
    good = deal_order(2, dealer, *spread_deal(2))
    rigged(monkeypatch, [bad, good])
    state = GAME.new(2, 3, {"jokers": 0})
    assert state.phase == "play" and state.chips == [0, 0] and state.dealer == dealer and state.draw == 3


def test_two_fours_in_one_hand_still_win_at_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    dealer = first_dealer(2, 3)
    winner = 1 - dealer
    pool = [c for c in BY_ROUND if hwatu.month(c) not in ("05", "06")]
    hands = [pool[:10], pool[10:20]]
    hands[winner] = list(hwatu.MONTH_CARDS["05"]) + list(hwatu.MONTH_CARDS["06"]) + pool[:2]
    hands[dealer] = pool[2:12]
    rigged(monkeypatch, [deal_order(2, dealer, hands, pool[12:20], pool[20:])])
    state = GAME.new(2, 3, {"jokers": 0})
    assert state.phase == "hand_over" and state.last["reason"] == "four"
    assert state.chips[winner] == 5 and state.chips[dealer] == -5 and state.draw == 2


def test_three_dealt_of_a_month_are_a_stack_taken_by_the_fourth() -> None:
    state = make([["05A", "01B"], ["02P1"]], ["05R", "05P1", "05P2", "09P1"], ["10P1", "11P1"],
                 captures=[[], ["03P1", "03P2"]], stacks={"05": -1})
    events = play(state, 0, "05A")
    assert "stack" in types(events)
    assert sorted(state.captures[0]) == sorted(["05A", "05R", "05P1", "05P2", "03P1"])
    assert state.captures[1] == ["03P2"] and state.stacks == {}


def test_deal_stacks_three_table_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    dealer = first_dealer(2, 8)
    hands, table, stock = spread_deal(2)
    three = ["09A", "09R", "09P1"]
    moved = [c for c in table if c not in three][:3]
    table = three + [c for c in table if c not in three and c not in moved][:5]
    hands = [[c for c in h if c not in three] for h in hands]
    pool = [c for c in hwatu.CARDS if c not in table and c not in hands[0] and c not in hands[1]]
    hands = [h + pool[:10 - len(h)] if i == 0 else h for i, h in enumerate(hands)]
    pool = [c for c in pool if c not in hands[0]]
    hands[1] = hands[1] + pool[:10 - len(hands[1])]
    pool = [c for c in pool if c not in hands[1]]
    rigged(monkeypatch, [deal_order(2, dealer, hands, table, pool)])
    state = GAME.new(2, 8, {"jokers": 0})
    assert state.stacks.get("09") == -1
    GAME.check(state)


# -- the turn ------------------------------------------------------------------------------------

def test_a_card_matching_nothing_stays_and_a_single_match_is_captured() -> None:
    state = make([["01B", "02P1"], ["06P1"]], ["03P1", "04P1"], ["04A", "10P1"])
    events = play(state, 0, "01B")
    assert "01B" in state.table
    assert sorted(state.captures[0]) == ["04A", "04P1"] and types(events)[-1] != "sweep"
    assert state.turn == 1


def test_the_capture_choice_for_two_matches_is_a_separate_decision() -> None:
    state = make([["01P1", "05P1"], ["06P1"]], ["01B", "01R", "09P1"], ["10P1", "11P1"])
    play(state, 0, "01P1")
    assert state.phase == "choose" and GAME.to_act(state) == [0]
    assert GAME.legal(state, 0) == [{"type": "choose", "card": "01B"}, {"type": "choose", "card": "01R"}]
    assert GAME.view(state, 1)["choice_for"] == "played"
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "choose", "card": "09P1"})
    act(state, 0, {"type": "choose", "card": "01B"})
    assert sorted(state.captures[0]) == ["01B", "01P1"] and "01R" in state.table
    assert state.turn == 1 and state.phase == "play"


def test_a_turned_card_matching_two_is_also_chosen() -> None:
    state = make([["05P1", "06P1"], ["07P1"]], ["02A", "02P1", "09P1"], ["02P2", "11P1"])
    play(state, 0, "05P1")
    assert state.phase == "choose" and GAME.view(state, 0)["choice_for"] == "turned"
    act(state, 0, {"type": "choose", "card": "02A"})
    assert sorted(state.captures[0]) == ["02A", "02P2"] and "02P1" in state.table


def ppuk_position(maker_has_fourth: bool) -> GoStopState:
    """Seat 0 plays 03P1 on 03B and turns 03R: ppuk. The fourth, 03P2, is then in a hand."""
    hands = [["03P1", "07P1"], ["11P1", "12A"]]
    (hands[0] if maker_has_fourth else hands[1]).append("03P2")
    hands[0 if not maker_has_fourth else 1].append("10A")
    return make(hands, ["03B", "08P1"], ["03R", "09P1", "09P2", "12D", "06P2", "04P2"],
                captures=[["01P1", "01P2"], ["02P1", "02P2"]])


def test_ppuk_then_captured_by_another_player_takes_one_junk_each() -> None:
    state = ppuk_position(maker_has_fourth=False)
    events = play(state, 0, "03P1")
    assert "ppuk" in types(events) and state.stacks == {"03": 0}
    assert sorted(c for c in state.table if c.startswith("03")) == ["03B", "03P1", "03R"]
    assert state.captures[0] == ["01P1", "01P2"]
    events = play(state, 1, "03P2")
    assert "stack" in types(events) and "ja_ppuk" not in types(events)
    assert {"03B", "03P1", "03R", "03P2"} <= set(state.captures[1])
    assert state.captures[0] == ["01P2"] and "01P1" in state.captures[1]


def test_ja_ppuk_captured_by_its_maker_takes_two_junk_each() -> None:
    state = ppuk_position(maker_has_fourth=True)
    play(state, 0, "03P1")
    play(state, 1, "10A")
    events = play(state, 0, "03P2")
    assert "ja_ppuk" in types(events)
    assert {"03B", "03P1", "03R", "03P2", "02P1", "02P2"} <= set(state.captures[0])
    assert state.captures[1] == []


def test_with_three_players_a_stack_capture_takes_from_each_opponent() -> None:
    state = make([["03P1", "07P1"], ["03P2", "10A"], ["11P1", "12A"]], ["03B", "08P1"],
                 ["03R", "09P1", "09P2", "12D", "06P2"],
                 captures=[["01P1", "01P2"], [], ["02P1", "11D"]])
    play(state, 0, "03P1")
    assert state.stacks == {"03": 0}
    events = play(state, 1, "03P2")
    assert [e["from"] for e in events if e["type"] == "stole"] == [0, 2]
    assert state.captures[0] == ["01P2"] and state.captures[2] == ["11D"]


def test_ja_ppuk_with_three_players_takes_two_from_each() -> None:
    state = make([["03P1", "03P2"], ["10A", "06A"], ["11P1", "12A"]], ["03B", "08P1"],
                 ["03R", "09P1", "04P1", "12D", "06P2"],
                 captures=[[], ["01P1", "11D", "01P2"], ["02P1"]])
    play(state, 0, "03P1")
    play(state, 1, "10A")
    play(state, 2, "11P1")
    events = play(state, 0, "03P2")
    assert "ja_ppuk" in types(events)
    assert state.captures[1] == ["11D"] and state.captures[2] == []
    assert [e["card"] for e in events if e["type"] == "stole"] == ["01P1", "01P2", "02P1"]


def test_kiss_captures_both_and_steals() -> None:
    state = make([["06A", "07P1"], ["11P1"]], ["01B", "02P1"], ["06P1", "12A"],
                 captures=[[], ["04P1", "04P2"]])
    events = play(state, 0, "06A")
    assert "kiss" in types(events) and "sweep" not in types(events)
    assert sorted(state.captures[0]) == ["04P1", "06A", "06P1"]


def test_ttadak_captures_all_four_and_steals() -> None:
    state = make([["08A", "07P1"], ["11P1"]], ["08B", "08P1", "02P1"], ["08P2", "12A"],
                 captures=[[], ["04P1"]])
    play(state, 0, "08A")
    assert state.phase == "choose"
    events = act(state, 0, {"type": "choose", "card": "08P1"})
    assert "ttadak" in types(events)
    assert sorted(state.captures[0]) == ["04P1", "08A", "08B", "08P1", "08P2"]
    assert state.table == ["02P1"]


def test_sweeping_the_table_steals() -> None:
    state = make([["02A", "07P1"], ["11P1"]], ["02P1", "09P1"], ["09A", "12A"],
                 captures=[[], ["04P1", "11D"]])
    events = play(state, 0, "02A")
    assert "sweep" in types(events) and state.table == []
    assert sorted(state.captures[0]) == ["02A", "02P1", "04P1", "09A", "09P1"]
    assert state.captures[1] == ["11D"]


def test_a_kiss_that_sweeps_takes_two() -> None:
    state = make([["06A", "07P1"], ["11P1"]], [], ["06P1", "12A"], captures=[[], ["04P1", "04P2", "11D"]])
    events = play(state, 0, "06A")
    assert types(events).count("stole") == 2
    assert state.captures[1] == ["11D"]


def test_stealing_from_a_player_with_no_junk_and_one_with_only_a_double() -> None:
    state = make([["06A", "07P1"], ["11P1"], ["12A"]], ["01B"], ["06P1", "10P1"],
                 captures=[[], ["03B", "05A"], ["12D"]])
    events = play(state, 0, "06A")
    assert "kiss" in types(events)
    assert state.captures[1] == ["03B", "05A"]
    assert state.captures[2] == [] and "12D" in state.captures[0]
    assert [e["from"] for e in events if e["type"] == "stole"] == [2]


def test_single_junk_is_given_before_a_double() -> None:
    state = make([["06A", "07P1"], ["11P1"]], ["01B"], ["06P1", "10P1"], captures=[[], ["11D", "J3", "05P2"]],
                 options={"jokers": 2})
    play(state, 0, "06A")
    assert sorted(state.captures[1]) == ["11D", "J3"]


def test_shaking_shows_the_three_cards_and_doubles_the_payment() -> None:
    state = make([["05A", "05R", "05P1", "02P1"], ["11P1", "12A"]], ["09P1"], ["10P1", "10P2", "03P1", "04P1"])
    legal = GAME.legal(state, 0)
    assert {"type": "play", "card": "05A", "shake": True} in legal
    assert {"type": "play", "card": "02P1", "shake": True} not in legal
    with pytest.raises(IllegalAction):
        play(state, 0, "02P1", shake=True)
    play(state, 0, "05A", shake=True)
    assert state.shakes[0] == ["05"]
    view = GAME.view(state, 1)
    assert sorted(view["revealed"][0]) == ["05P1", "05R"]
    assert_no_leak(GAME, state, 1)
    assert GAME.view(state, 0)["revealed"][0] == []
    assert all("shake" not in a for a in GAME.legal(state, 0) if a.get("card", "").startswith("05"))
    state.captures[0] = ["01B", "03B", "08B"]
    pays, why = GAME.payments(state, 0)
    assert why[1] == ["shake", "gwang_bak"] and pays[1] == -12


def test_bomb_with_two_flip_only_turns() -> None:
    hand0 = ["07A", "07R", "07P1", "01P1"]
    state = make([hand0, ["11P1", "12A", "10A", "09A"]], ["07P2", "03P1"],
                 ["02P1", "04P1", "05P1", "06P1", "08P1", "09P1", "10P1", "11P2"],
                 captures=[[], ["04P2"]])
    legal = GAME.legal(state, 0)
    assert {"type": "bomb", "cards": ["07A", "07P1", "07R"]} in legal
    assert {"type": "flip"} not in legal
    events = act(state, 0, {"type": "bomb", "cards": ["07R", "07A", "07P1"]})
    assert "bomb" in types(events)
    assert {"07A", "07R", "07P1", "07P2", "04P2"} <= set(state.captures[0])
    assert state.hands[0] == ["01P1"] and state.flips[0] == 2 and state.bombs[0] == ["07"]
    act(state, 1, {"type": "play", "card": "11P1"})
    assert {"type": "flip"} in GAME.legal(state, 0)
    act(state, 0, {"type": "flip"})
    assert state.flips[0] == 1 and state.hands[0] == ["01P1"]
    act(state, 1, {"type": "play", "card": "12A"})
    play(state, 0, "01P1")
    act(state, 1, {"type": "play", "card": "10A"})
    assert GAME.legal(state, 0) == [{"type": "flip"}]
    act(state, 0, {"type": "flip"})
    assert state.flips[0] == 0 and GAME.to_act(state) == [1]
    pays, why = GAME.payments(state, 0)
    assert why[1].count("shake") == 1


def test_bomb_options_off() -> None:
    state = make([["07A", "07R", "07P1", "01P1"], ["11P1"]], ["07P2"], ["02P1", "04P1"],
                 captures=[[], ["04P2"]], options={"bomb_steals": False, "bomb_shakes": False})
    act(state, 0, {"type": "bomb", "cards": ["07A", "07R", "07P1"]})
    assert state.captures[1] == ["04P2"]
    assert GAME.payments(state, 0)[1][1] == []


def test_no_bomb_after_shaking_that_month() -> None:
    state = make([["07A", "07R", "07P1", "01P1"], ["11P1"]], ["03P1"], ["02P1", "04P1", "05P1", "06P1"])
    play(state, 0, "07A", shake=True)
    state.table.append("07P2")
    play(state, 1, "11P1")
    assert not [a for a in GAME.legal(state, 0) if a["type"] == "bomb"]


def test_a_joker_from_hand_turns_the_stock_twice() -> None:
    state = make([["J2", "01P1"], ["11P1"]], ["03B", "05P1"], ["03P1", "05A", "12A"],
                 options={"jokers": 2})
    events = play(state, 0, "J2")
    assert types(events).count("turned") == 2
    assert sorted(state.captures[0]) == ["03B", "03P1", "05A", "05P1", "J2"]
    assert state.stock == ["12A"] and state.hands[0] == ["01P1"]


def test_the_card_turned_for_a_joker_counts_as_played_for_a_kiss() -> None:
    state = make([["J3", "01P1"], ["11P1"]], ["09P1"], ["06A", "06P1", "12A"], captures=[[], ["04P1"]],
                 options={"jokers": 2})
    events = play(state, 0, "J3")
    assert "kiss" in types(events)
    assert "04P1" in state.captures[0]


def test_a_joker_turned_from_the_stock_is_captured_and_the_next_card_turned() -> None:
    state = make([["03P1", "01P1"], ["11P1"]], ["09P1", "05P1"], ["J3", "05A", "12A"],
                 options={"jokers": 2})
    play(state, 0, "03P1")
    assert sorted(state.captures[0]) == ["05A", "05P1", "J3"]
    assert "03P1" in state.table


# -- Go, Stop and payment ------------------------------------------------------------------------

SIX = ["01B", "03B", "08B", "06R", "09R", "10R", "04R"]  # 3 brights + blue ribbons = 6


def go_position(hand: list[str], stock: list[str], table: list[str], **fields: Any) -> GoStopState:
    return make([hand, ["11P1", "11P2", "10A", "12A"]], table, stock,
                captures=[list(SIX), ["09P1", "09P2", "11B"]], **fields)


def test_go_at_seven_then_no_offer_until_the_score_rises() -> None:
    state = go_position(["07R", "05P1", "05P2"], ["12B", "09A", "03P2", "10P1", "07P2", "12D"],
                        ["07P1", "02P1", "04P1"])
    assert hwatu.score(state.captures[0])[0] == 6
    play(state, 0, "07R")  # five ribbons: 6 + 1 = 7
    assert state.phase == "go_stop" and GAME.legal(state, 0) == [{"type": "go"}, {"type": "stop"}]
    act(state, 0, {"type": "go"})
    assert state.goes[0] == 1 and state.go_scores[0] == 7 and state.turn == 1
    play(state, 1, "11P1")
    play(state, 0, "05P1")
    assert score_of_seat(state, 0) == 7
    assert state.phase == "play" and state.turn == 1


def score_of_seat(state: GoStopState, seat: int) -> int:
    return hwatu.score(state.captures[seat])[0]


def test_a_go_offer_again_when_the_score_rises_and_stop_pays() -> None:
    state = go_position(["07R", "01R", "05P1"], ["12B", "09A", "10P1", "03P2"], ["07P1", "01P2", "04P1"])
    play(state, 0, "07R")
    act(state, 0, {"type": "go"})
    play(state, 1, "11P1")
    play(state, 0, "01R")  # six ribbons: 8 points
    assert state.phase == "go_stop" and score_of_seat(state, 0) == 8
    act(state, 0, {"type": "stop"})
    assert state.phase == "hand_over" and state.last["winner"] == 0
    assert state.last["score"] == 8 and state.last["goes"] == 1
    assert state.chips == [9, -9] and state.dealer == 0


def test_the_last_card_forces_stop() -> None:
    state = go_position(["07R"], ["12B"], ["07P1"])
    state.hands[1] = []
    events = play(state, 0, "07R")
    assert "auto_stop" in types(events) and state.phase == "hand_over"
    assert state.last["winner"] == 0 and state.chips == [7, -7]


def test_go_bonuses_and_the_doubling_after_more_than_three_goes() -> None:
    state = make([["01P1"], ["02P1"]], [], [], captures=[["01B", "03B", "08B", "05A", "06A"], ["03P1"]])
    assert hwatu.score(state.captures[0])[0] == 3
    state.goes = [3, 0]
    pays, why = GAME.payments(state, 0)
    assert pays == [(3 + 3) * 2, -(3 + 3) * 2] and why[1] == ["gwang_bak"]
    state.captures[1].append("11B")
    state.goes = [4, 0]
    pays, why = GAME.payments(state, 0)
    assert why[1] == ["goes"] and pays[1] == -(3 + 4) * 2
    state.options["go_double_after"] = 4
    assert GAME.payments(state, 0)[0][1] == -7


def test_gwang_bak_pi_bak_seven_animals_and_shaking_multiply() -> None:
    animals = ["02A", "04A", "05A", "06A", "07A", "09A", "10A"]  # 7 animals: 3 points, x2
    junk = ["01P1", "01P2", "02P1", "02P2", "03P1", "03P2", "04P1", "04P2", "05P1", "05P2"]
    winner = ["01B", "03B", "08B", *animals, *junk]  # 3 + 3 + 1 = 7
    state = make([["07P1"], ["07P2"], ["12A"]], [], [],
                 captures=[winner, ["11B", "06P1", "06P2", "09P1", "09P2", "10P1", "10P2"], ["11P1", "12D"]])
    assert hwatu.score(winner)[0] == 7
    pays, why = GAME.payments(state, 0)
    assert why[1] == ["animals"] and pays[1] == -14
    assert sorted(why[2]) == ["animals", "gwang_bak", "pi_bak"] and pays[2] == -56
    state.shakes[0] = ["05", "06"]
    pays, why = GAME.payments(state, 0)
    assert pays[1] == -56 and pays[2] == -224 and pays[0] == 280
    state.options["pibak_max"] = 2
    assert "pi_bak" not in GAME.payments(state, 0)[1][2]


def test_pi_bak_counts_a_player_with_no_junk() -> None:
    junk = ["01P1", "01P2", "02P1", "02P2", "03P1", "03P2", "04P1", "04P2", "05P1", "05P2"]
    state = make([["07P1"], ["07P2"]], [], [], captures=[junk, ["11B"]])
    assert GAME.payments(state, 0)[1][1] == ["pi_bak"]


def test_pi_bak_at_exactly_pibak_max_junk_and_not_one_more() -> None:
    junk = ["01P1", "01P2", "02P1", "02P2", "03P1", "03P2", "04P1", "04P2", "05P1", "05P2"]
    five = ["06P1", "06P2", "08P1", "08P2", "09P1"]  # one junk each: 5
    state = make([["07P1"], ["07P2"]], [], [], captures=[junk, five])
    assert hwatu.tally(state.captures[1])["junk"] == state.options["pibak_max"] == 5
    assert GAME.payments(state, 0)[1][1] == ["pi_bak"]
    state.captures[1].append("09P2")  # 6: more than pibak_max
    assert GAME.payments(state, 0)[1][1] == []
    state.options["pibak_max"] = 6
    assert GAME.payments(state, 0)[1][1] == ["pi_bak"]


def test_nagari_doubles_the_next_hand_only() -> None:
    state = make([["05P1"], ["06P1"]], ["09P1"], ["10P1", "11P1"])
    play(state, 0, "05P1")
    events = play(state, 1, "06P1")
    assert "hand_over" in types(events) and state.last["reason"] == "nagari"
    assert state.doubled and state.chips == [0, 0] and state.phase == "hand_over"
    dealer = state.dealer
    assert GAME.to_act(state) == [dealer]
    act(state, dealer, {"type": "deal"})
    assert state.doubled and state.dealer == dealer and state.phase in ("play", "hand_over")
    state.captures = [["01B", "03B", "08B"], ["11B"]]
    pays, why = GAME.payments(state, 0)
    assert why[1] == ["nagari"] and pays[1] == -6


def test_a_go_caller_who_does_not_raise_the_score_ends_in_nagari() -> None:
    state = go_position(["07R", "05P1"], ["12B", "03P2", "10P1", "10P2"], ["07P1"])
    state.hands[1] = ["11P1", "11P2"]
    play(state, 0, "07R")
    act(state, 0, {"type": "go"})
    play(state, 1, "11P1")
    play(state, 0, "05P1")
    play(state, 1, "11P2")
    assert state.last["reason"] == "nagari" and state.chips == [0, 0]


def test_the_winner_deals_next_and_hands_ends_the_game() -> None:
    state = go_position(["07R", "05P1"], ["12B", "09A", "03P2"], ["07P1"], options={"hands": 1})
    state.dealer = 1
    play(state, 0, "07R")
    act(state, 0, {"type": "stop"})
    result = GAME.result(state)
    assert state.phase == "over" and result == {"scores": state.chips, "winners": [0], "hands": 1,
                                                "history": [{"hand": 1, **state.last}]}
    assert result["history"][0]["payments"] == state.chips  # the score sheet adds up to the chips
    assert state.dealer == 0 and GAME.to_act(state) == [] and GAME.legal(state, 0) == []


def test_a_default_game_ends_after_three_hands_with_its_results() -> None:
    """A first game reaches a results screen: nobody has to leave the table to end it."""
    state = GAME.new(3, 5)
    rng = random.Random(5)
    for _ in range(2000):  # three hands take a few hundred actions; open-ended would never end
        if state.phase == "over":
            break
        seat = GAME.to_act(state)[0]
        choices = [a for a in GAME.legal(state, seat) if a["type"] != "leave"]
        GAME.apply(state, seat, rng.choice(choices))
    assert GAME.result(state)["hands"] == state.hand_number == 3


def test_leave_ends_the_table_between_hands() -> None:
    state = make([["05P1"], ["06P1"]], ["09P1"], ["10P1", "11P1"])
    play(state, 0, "05P1")
    play(state, 1, "06P1")
    other = 1 - state.dealer
    with pytest.raises(IllegalAction):
        act(state, other, {"type": "leave"})
    act(state, state.dealer, {"type": "leave"})
    assert GAME.result(state)["winners"] == [0, 1]


def test_target_option_and_defaults() -> None:
    assert GAME.view(GAME.new(2, 1), 0)["target"] == 7
    assert GAME.view(GAME.new(3, 1), 0)["target"] == 3
    assert GAME.view(GAME.new(2, 1, {"target": 5}), 0)["target"] == 5
    with pytest.raises(ValueError, match="target"):
        GAME.new(2, 1, {"target": -1})
    with pytest.raises(ValueError, match="jokers"):
        GAME.new(2, 1, {"jokers": 1})


# -- contract details ----------------------------------------------------------------------------

def test_illegal_actions_leave_the_state_untouched() -> None:
    state = GAME.new(2, 17)
    seat = GAME.to_act(state)[0]
    before = state_hash(GAME, state)
    bad = [{"type": "play", "card": "ZZ"}, {"type": "play"}, {"type": "bomb", "cards": ["01B"]},
           {"type": "flip"}, {"type": "go"}, {"type": "choose", "card": "01B"}, {"type": "deal"},
           {"type": "play", "card": state.hands[seat][0], "shake": "yes"}, {"type": "leave"}]
    for action in bad:
        with pytest.raises(IllegalAction):
            act(state, seat, action)
    with pytest.raises(IllegalAction, match="turn"):
        act(state, 1 - seat, {"type": "play", "card": state.hands[1 - seat][0]})
    assert state_hash(GAME, state) == before


def test_views_show_stock_size_only_and_captures_to_all() -> None:
    state = GAME.new(3, 4)
    rng = random.Random(4)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        act(state, seat, GAME.sample(state, seat, rng))
    view = GAME.view(state, 0)
    assert isinstance(view["stock"], int)
    assert view["hand"] == hwatu.sort_hand(state.hands[0])
    assert [sorted(c) for c in view["captures"]] == [sorted(c) for c in state.captures]
    spectator = GAME.view(state, None)
    assert spectator["hand"] == [] and spectator["seat"] is None


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("options", [{}, {"jokers": 0}, {"hands": 3, "target": 3},
                                     {"bomb_steals": False, "bomb_shakes": False, "pibak_max": 7}])
def test_random_playouts_check_every_action(players: int, options: dict[str, Any]) -> None:
    for seed in range(12):
        state = GAME.new(players, seed, options)
        GAME.check(state)
        for _ in playout(GAME, state, random.Random(seed), each=lambda s, *_: GAME.check(s)):
            pass
        result = GAME.result(state)
        assert sum(result["scores"]) == 0
        if options.get("hands"):
            assert 1 <= result["hands"] <= 3


def test_registered() -> None:
    assert get_game("go_stop") is GAME
