"""The engine contract (docs/DESIGN.md), run against every registered game."""

from __future__ import annotations

import random

import msgpack
import pytest

from cardtable.engine import GAMES, IllegalAction, get_game, state_hash
from tests.playout import actors, assert_no_leak, playout

NAMES = sorted(GAMES)
SEEDS = range(4)


def seat_counts(game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def test_registry_names_games() -> None:
    for name, game in GAMES.items():
        assert game.name == name and game.title
        assert get_game(name) is game
    with pytest.raises(ValueError, match="unknown game"):
        get_game("snap")


@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_keep_invariants(name: str) -> None:
    game = GAMES[name]
    for players in seat_counts(game):
        for seed in SEEDS:
            state = game.new(players, seed)
            game.check(state)
            for _ in playout(game, state, random.Random(seed), each=lambda s, *_: game.check(s)):
                pass
            result = game.result(state)
            assert len(result["scores"]) == players
            assert all(0 <= w < players for w in result["winners"])


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_and_actions_same_hash(name: str) -> None:
    game = GAMES[name]
    players = game.min_players
    a, b = game.new(players, 11), game.new(players, 11)
    assert state_hash(game, a) == state_hash(game, b)
    assert state_hash(game, game.new(players, 12)) != state_hash(game, a)
    for seat, action in playout(game, a, random.Random(5), max_actions=100000):
        game.apply(b, seat, action)
        assert state_hash(game, a) == state_hash(game, b)


@pytest.mark.parametrize("name", NAMES)
def test_dump_load_round_trip_through_msgpack(name: str) -> None:
    game = GAMES[name]
    state = game.new(game.max_players, 3)
    rng = random.Random(3)
    for step, _ in enumerate(playout(game, state, rng)):
        if step % 7:
            continue
        packed = msgpack.packb(game.dump(state), use_bin_type=True)
        loaded = game.load(msgpack.unpackb(packed, raw=False, strict_map_key=True))
        assert loaded == state
        assert state_hash(game, loaded) == state_hash(game, state)
        clone = game.clone(state)
        assert clone == state and clone is not state
        if game.result(clone) is None:
            seats = actors(game, clone)
            seat = seats[0]
            game.apply(clone, seat, game.sample(clone, seat, random.Random(step)))
            assert state_hash(game, state) != state_hash(game, clone) or game.dump(clone) == game.dump(state)
            game.check(state)


GARBAGE = [None, 5, "play", [], {}, {"type": 3}, {"type": "no-such-action"}, {"type": "play", "card": "ZZ"},
           {"type": "play", "cards": "AS"}, {"type": "play", "card": ["AS"]}, {"type": "bid", "bid": -1},
           {"type": "play", "cards": [None]}, {"type": "meld", "table": 7}]


@pytest.mark.parametrize("name", NAMES)
def test_garbage_and_out_of_turn_actions_change_nothing(name: str) -> None:
    game = GAMES[name]
    for players in seat_counts(game):
        state = game.new(players, 21)
        rng = random.Random(21)
        for step, _ in enumerate(playout(game, state, rng)):
            if step % 23:
                continue
            before = state_hash(game, state)
            for seat in range(players):
                legal = game.legal(state, seat)
                for garbage in GARBAGE + [{"type": t} for t in {a["type"] for a in legal}]:
                    if garbage in legal:
                        continue
                    with pytest.raises(IllegalAction) as info:
                        game.apply(state, seat, garbage)
                    assert info.value.reason
                    assert state_hash(game, state) == before
            if not game.realtime:
                acting = actors(game, state)
                idle = [s for s in range(players) if s not in game.to_act(state)]
                for seat in idle:
                    assert game.legal(state, seat) == []
                    if acting:
                        action = game.sample(state, acting[0], rng)
                        with pytest.raises(IllegalAction):
                            game.apply(state, seat, action)
                        assert state_hash(game, state) == before
            with pytest.raises(IllegalAction):
                game.apply(state, players + 3, {"type": "pass"})


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_action_applies(name: str) -> None:
    game = GAMES[name]
    state = game.new(game.min_players, 8)
    for step, _ in enumerate(playout(game, state, random.Random(8))):
        if step % 3:
            continue
        for seat in actors(game, state):
            for action in game.legal(state, seat):
                if "choose" in action:
                    continue
                clone = game.clone(state)
                game.apply(clone, seat, action)
                game.check(clone)


@pytest.mark.parametrize("name", NAMES)
def test_views_hold_no_hidden_card(name: str) -> None:
    game = GAMES[name]
    for players in seat_counts(game):
        state = game.new(players, 31)
        seats = [*range(players), None]

        def look(s, *_, seats=seats):
            for seat in seats:
                assert_no_leak(game, s, seat)
                view = game.view(s, seat)
                msgpack.packb(view, use_bin_type=True)
                if seat is not None:
                    assert view["seat"] == seat

        look(state)
        for _ in playout(game, state, random.Random(31), each=look):
            pass


@pytest.mark.parametrize("name", NAMES)
def test_bad_options_name_themselves(name: str) -> None:
    game = GAMES[name]
    with pytest.raises(ValueError, match="no_such_option"):
        game.new(game.min_players, 1, {"no_such_option": True})
    with pytest.raises(ValueError):
        game.new(game.max_players + 1, 1)
    for option, default in game.options.items():
        with pytest.raises(ValueError, match=option):
            game.new(game.min_players, 1, {option: object()})
        assert game.new(game.min_players, 1, {option: default}) is not None
