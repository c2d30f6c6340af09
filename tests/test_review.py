"""The after-game review: the moments that decided a game for one seat, from that seat's side only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.engine.coach.review import MOST, Turn, review

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|\d\d[A-Z]+\d?|[RB]J)\b")


def turn(step: int, events: list[dict[str, Any]], view: dict[str, Any] | None = None, **move: Any) -> Turn:
    return Turn(step, view or {}, events, move.get("legal"), move.get("action"))


def test_oh_hell_names_the_trick_that_broke_the_bid() -> None:
    deal = {"type": "deal", "hand": 4, "cards": 3, "dealer": 3, "trump": "S"}
    turns = [
        turn(0, [deal]),
        turn(1, [{"type": "play", "seat": 0, "card": "KH"}]),
        turn(2, [{"type": "play", "seat": 1, "card": "4S"},
                 {"type": "trick", "leader": 0, "winner": 1, "cards": ["KH", "4S"]}]),
        turn(3, [{"type": "play", "seat": 1, "card": "2D"}]),
        turn(4, [{"type": "play", "seat": 0, "card": "AD"},
                 {"type": "trick", "leader": 1, "winner": 0, "cards": ["2D", "AD"]}]),
        turn(5, [{"type": "play", "seat": 0, "card": "3C"}]),
        turn(6, [{"type": "play", "seat": 1, "card": "9C"},
                 {"type": "trick", "leader": 0, "winner": 1, "cards": ["3C", "9C"]},
                 {"type": "hand_over", "hand": 4, "bids": [2, 1], "tricks": [1, 2], "points": [0, 0]}]),
    ]
    moments = review("oh_hell", 0, turns, ["You", "Bo"])
    assert [(m.step, m.kind) for m in moments] == [(1, "swing")]  # KH, not the 3C that never could win
    assert moments[0].sentence == "Hand 4: your bid of 2 missed by one: KH was trumped by 4S in trick 1"


def test_oh_hell_over_the_bid_names_the_lowest_card_that_won() -> None:
    turns = [turn(0, [{"type": "deal", "hand": 2, "trump": None}]),
             turn(1, [{"type": "play", "seat": 0, "card": "QH"},
                      {"type": "trick", "leader": 1, "winner": 0, "cards": ["2H", "QH"]}]),
             turn(2, [{"type": "play", "seat": 0, "card": "5C"},
                      {"type": "trick", "leader": 1, "winner": 0, "cards": ["3C", "5C"]},
                      {"type": "hand_over", "hand": 2, "bids": [1, 0], "tricks": [2, 0]}])]
    (moment,) = review("oh_hell", 0, turns)
    assert (moment.step, moment.sentence) == (2, "Hand 2: your bid of 1 went over by one: 5C took trick 2")


def test_go_stop_a_go_that_cost_points() -> None:
    turns = [turn(0, [{"type": "deal", "dealer": 1, "hand": 1}]),
             turn(7, [{"type": "go", "seat": 0, "goes": 1}], {"scores": [5, 2]}),
             turn(8, [{"type": "stop", "seat": 1},
                      {"type": "hand_over", "reason": "stop", "winner": 1, "payments": [-10, 10], "score": 7,
                       "goes": 0}])]
    (moment,) = review("go_stop", 0, turns, ["You", "Bo"])
    assert (moment.step, moment.sentence) == (7, "Hand 1: Go at 5 points cost 10 when Bo stopped at 7")
    assert review("go_stop", 1, turns, ["You", "Bo"]) == []  # Bo called no Go


def test_tractor_ranks_the_biggest_tricks_lost_to_the_other_side() -> None:
    turns = []
    for k, won in enumerate([5, 40, 10, 25, 0]):
        turns.append(turn(2 * k, [{"type": "play", "seat": 0, "cards": ["3S"]}]))
        turns.append(turn(2 * k + 1, [{"type": "trick", "winner": 1 if k != 2 else 2, "points": won, "cards": []}]))
    moments = review("tractor", 0, turns, ["You", "West", "North", "East"])
    assert [m.step for m in moments] == [0, 2, 6]  # 40 and 25 and 5: the 10 went to partner North
    assert moments[1].sentence == "Round 1, trick 2: 40 points went to the other side (West won it over your 3S)"


def test_own_blunders_come_first() -> None:
    """Oh Hell, last to play, needing a trick: ducking with 5H while 3S ruffs for certain."""
    view = {"players": 2, "trick": [{"seat": 1, "card": "AD"}], "trump": "S", "hand": ["3S", "5H"], "seat": 0,
            "bids": [1, 0], "tricks": [0, 0], "leader": 1, "cards_this_hand": 2, "phase": "play"}
    from cardtable.engine.coach import blunder

    legal = [{"type": "play", "card": "3S"}, {"type": "play", "card": "5H"}]
    if blunder("oh_hell", view, legal, legal[1]) is None:
        pytest.skip("this view does not carry what the Oh Hell coach reads")
    turns = [turn(0, [{"type": "play", "seat": 0, "card": "5H"},
                      {"type": "trick", "leader": 1, "winner": 1, "cards": ["AD", "5H"]}], view,
                  legal=legal, action=legal[1])]
    (moment,) = review("oh_hell", 0, turns)
    assert moment.kind == "blunder" and moment.sentence.startswith("you played 5H: ducks a certain trick")


@pytest.mark.parametrize("game_name", ["oh_hell", "go_stop", "tractor"])
def test_a_real_game_names_only_cards_the_seat_saw(game_name: str, tmp_path: Any) -> None:
    from cardtable.arcade.shot import bot_game_log
    from cardtable.netplay.replay import Replay

    replay = Replay(bot_game_log(game_name, 1, None, str(tmp_path / "game.ctlog")))
    said = 0
    for seat in range(replay.players):
        turns = replay.turns(seat)
        seen = set(_strings([(t.view, t.events) for t in turns]))
        moments = review(game_name, seat, turns, replay.names)
        assert len(moments) <= MOST and [m.step for m in moments] == sorted(m.step for m in moments)
        for moment in moments:
            assert 0 <= moment.step < replay.steps
            said += 1
            for card in CARD.findall(moment.sentence):
                assert card in seen, f"{moment.sentence!r} names {card}, which seat {seat} never saw"
    assert said > 0


def _strings(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def test_results_screen_watch_this_moment_opens_the_replay_there(tmp_path: Any) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.replay import ReplayScene
    from cardtable.arcade.scenes.results import ResultsScene
    from cardtable.arcade.settings import Settings

    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    try:
        scene = ResultsScene.example_reviewed(app)
        app.push(scene)
        app.step(10)
        assert scene.moments and scene.shown_moments
        button = next(item for item in scene.ring.items if item.name == "moment_0")
        button.on_confirm()
        replay = app.scene
        assert isinstance(replay, ReplayScene) and replay.seat == 0
        assert replay.replay.step == scene.shown_moments[0].step
    finally:
        app.shutdown_quietly()
