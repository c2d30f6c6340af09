"""legal() and apply() can never disagree, in any of the six games: a property test over random
positions (docs/RULES.md is what both implement).

At a random position of a random game (players, options, seed and moves drawn by hypothesis), for
every seat: every action legal() lists applies (and check() holds after it), and so does sample();
every action apply() accepts is one legal() lists, or fits one of its templates; and near misses of the
legal actions (a card not in hand, another card, a wrong count, a wrong number, a wrong type, a wrong
seat, not a map at all) are refused with an IllegalAction that gives a reason, leaving the state
exactly as it was (its dump unchanged). A refused action is never one legal() lists.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import GAMES, Game
from cardtable.engine.core import IllegalAction, Option

NAMES = sorted(GAMES)


def strict(action: Any) -> str:
    """An action as text that tells ``True`` from ``1`` (``==`` on dicts does not)."""
    return json.dumps(action, sort_keys=True, default=repr)


def option_values(spec: Option) -> list[Any]:
    if spec.choices is not None:
        return list(spec.choices)
    if (spec.kind or type(spec.default)) is bool:
        return [False, True]
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else low + 10
    return sorted({spec.default, low, min(high, low + 1), min(high, max(low, spec.default) + 3)})


@st.composite
def positions(draw: st.DrawFn, name: str) -> tuple[Game, Any, random.Random]:
    """A game, a state reached by random legal play, and a random source for the probes."""
    game = GAMES[name]
    players = draw(st.integers(game.min_players, game.max_players))
    options = {option: draw(st.sampled_from(option_values(spec))) for option, spec in game.option_specs.items()}
    state = game.new(players, draw(st.integers(0, 2**31)), options)
    rng = random.Random(draw(st.integers(0, 2**31)))
    reach = draw(st.sampled_from([3, 10, 30, 60, 120, 250, 400]))  # short games need short playouts
    for _ in range(draw(st.integers(0, reach))):
        if not step(game, state, rng):
            break
    return game, state, rng


def step(game: Game, state: Any, rng: random.Random) -> bool:
    """One random legal action, if any seat has one (never Go-Stop's leave, which ends the table at
    once: positions then reach later hands)."""
    seats = [s for s in game.to_act(state) if game.legal(state, s)]
    if not seats or game.result(state) is not None:
        return False
    seat = rng.choice(seats)
    action = game.sample(state, seat, rng)
    if action["type"] == "leave":
        action = {"type": "deal"}
    game.apply(state, seat, action)
    return True


def covered(action: Any, legal: list[dict[str, Any]]) -> bool:
    """Whether ``action`` is one of ``legal`` or fits one of its templates."""
    if strict(action) in {strict(a) for a in legal if "choose" not in a}:
        return True
    for template in legal:
        if "choose" not in template or template["type"] != action.get("type"):
            continue
        choose = template["choose"]
        if "table" in choose:  # a rummy meld: apply() checks the whole new table
            return True
        cards = action.get("cards")
        if not isinstance(cards, list) or Counter(cards) - Counter(choose["from"]):
            continue
        if "count" in choose and len(cards) != choose["count"]:
            continue
        if "min" in choose and not choose["min"] <= len(cards) <= choose["max"]:
            continue
        if Counter(choose.get("include", [])) - Counter(cards):
            continue
        return True
    return False


def concrete(game: Game, state: Any, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> list[Any]:
    """legal()'s concrete actions, sample()'s picks, and actions made from its templates (some legal,
    some not: a template leaves the rest to apply())."""
    found: list[Any] = [a for a in legal if "choose" not in a]
    if legal:
        found += [game.sample(state, seat, rng) for _ in range(3)]
    for template in legal:
        choose = template.get("choose", {})
        pool = choose.get("from")
        if not isinstance(pool, list) or "table" in choose or not pool:
            continue
        sizes = [choose["count"]] if "count" in choose else [choose.get("min", 1), choose.get("max", 1)]
        for size in sizes:
            for _ in range(2):
                if size <= len(pool):
                    found.append({"type": template["type"], "cards": rng.sample(pool, size)})
    return found


def near_misses(action: Any, everything: list[str], rng: random.Random) -> list[Any]:
    """Actions close to ``action`` that are mostly illegal: every other card or none, a card list one
    longer or shorter or with a card changed, another number, a wrong type."""
    if not isinstance(action, dict):
        return []
    others = rng.sample(everything, min(4, len(everything)))
    out: list[Any] = [{k: v for k, v in action.items() if k != "type"}, {**action, "type": "no_such_action"},
                      {**action, "type": 7}]
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            out += [{**action, key: "yes"}, {**action, key: 1}]
        elif isinstance(value, int):
            out += [{**action, key: v} for v in (value - 1, value + 1, value + 2, -1, 99, True, str(value), None)]
        elif isinstance(value, str):  # a card: every card of the game, held or not, and non-cards
            out += [{**action, key: v} for v in (*everything, "ZZ", "", 7, None, [value])]
        elif isinstance(value, list) and all(isinstance(c, str) for c in value):
            out += [{**action, key: v} for v in (value[:-1], [*value, others[0]], [*value, *value[:1]],
                                                  [others[0], *value[1:]], [], "AS", [7] * len(value))]
            out += [{k: v for k, v in action.items() if k != key}]
        elif isinstance(value, list):  # a rummy table: a list of melds
            melds = [list(m) for m in value]
            if melds and melds[0]:
                short = [melds[0][1:], *melds[1:]]
                out += [{**action, key: short}, {**action, key: [*melds, [others[0]]]},
                        {**action, key: [[*melds[0], others[0]], *melds[1:]]}, {**action, key: [["JK"], *melds]},
                        {**action, key: [[7], *melds]}]
    return out + [[action], None, "play"]


def check_refused(game: Game, state: Any, before: dict[str, Any], seat: Any, action: Any,
                  legal: list[dict[str, Any]]) -> None:
    clone = game.clone(state)
    try:
        game.apply(clone, seat, action)
    except IllegalAction as refusal:
        assert isinstance(refusal.reason, str) and refusal.reason.strip(), f"no reason for {action!r}"
        assert game.dump(clone) == before, f"refusing {action!r} (seat {seat!r}) changed the state"
        assert not any(strict(action) == strict(a) for a in legal), f"legal() lists {action!r}, apply() refused it"
        return
    assert isinstance(seat, int) and not isinstance(seat, bool), f"seat {seat!r} was let act"
    assert covered(action, legal), f"apply() accepted {action!r} for seat {seat}, legal() does not list it"
    game.check(clone)


def agree(game: Game, state: Any, rng: random.Random) -> None:
    game.check(state)
    before = game.dump(state)
    players = game.view(state, None)["players"]
    everything = sorted(set(game.cards(state)))
    for seat in range(players):
        legal = game.legal(state, seat)
        for action in legal:
            if "choose" not in action:
                clone = game.clone(state)
                game.apply(clone, seat, action)  # every listed action applies
                game.check(clone)
        probes = concrete(game, state, seat, legal, rng)
        for action in list(probes):
            probes += near_misses(action, everything, rng)
        for other in range(players):  # what another seat may do, tried by this one
            if other != seat:
                probes += [a for a in game.legal(state, other) if "choose" not in a]
        for action in probes:
            check_refused(game, state, before, seat, action, legal)
    for action in [a for s in range(players) for a in game.legal(state, s) if "choose" not in a][:3]:
        for seat in (players, -1, True, 0.0, None, "0"):
            check_refused(game, state, before, seat, action, [])
    assert game.dump(state) == before


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_legal_and_apply_agree(name: str, data: st.DataObject) -> None:
    """At a random position and the three that follow it (a phase that lasts one action, such as
    Go-Stop's choice of two matches, is met that way too)."""
    game, state, rng = data.draw(positions(name))
    for _ in range(4):
        agree(game, state, rng)
        if not step(game, state, rng):
            break


@pytest.mark.parametrize("name", NAMES)
def test_callers_cannot_change_what_legal_hands_out(name: str) -> None:
    """No shared mutable action: changing an action legal() gave either fails (a read-only action) or
    changes nothing the engine hands out next."""
    game = GAMES[name]
    state = game.new(game.min_players, 3)
    rng = random.Random(3)
    for _ in range(60):
        for seat in game.to_act(state):
            first = game.legal(state, seat)
            expected = [strict(a) for a in first]
            for action in first:
                with contextlib.suppress(TypeError):  # a read-only action refuses
                    action["type"] = "changed"
            assert [strict(a) for a in game.legal(state, seat)] == expected
        seats = [s for s in game.to_act(state) if game.legal(state, s)]
        if not seats:
            break
        seat = rng.choice(seats)
        game.apply(state, seat, game.sample(state, seat, rng))


def test_a_disagreement_is_caught() -> None:
    """The check fails when apply() accepts what legal() leaves out, or refuses what it lists."""
    game = GAMES["oh_hell"]
    state = game.new(4, 1)
    seat = game.to_act(state)[0]
    legal = game.legal(state, seat)
    before = game.dump(state)
    with pytest.raises(AssertionError, match="does not list it"):
        check_refused(game, state, before, seat, legal[0], legal[1:])
    with pytest.raises(AssertionError, match="refused it"):
        check_refused(game, state, before, seat, {"type": "bid", "bid": 99}, [*legal, {"type": "bid", "bid": 99}])
