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
    (won,) = review("go_stop", 1, turns, ["You", "Bo"])  # Bo called no Go: the hand's result
    assert (won.step, won.sentence) == (8, "Hand 1: you stopped at 7 points and took 10")


def test_go_stop_a_hand_without_a_go_says_what_doubled_the_payment() -> None:
    turns = [turn(0, [{"type": "deal", "dealer": 1, "hand": 2}]),
             turn(9, [{"type": "stop", "seat": 1},
                      {"type": "hand_over", "reason": "stop", "winner": 1, "payments": [-12, 12], "score": 3,
                       "goes": 0, "multipliers": [["gwang_bak", "pi_bak"], []]}])]
    (moment,) = review("go_stop", 0, turns, ["You", "Bo"])
    assert (moment.step, moment.sentence) == (9, "Hand 2: Bo stopped at 3 points: you paid 12, doubled twice for "
                                                 "gwang-bak (no bright of yours) and pi-bak (too little junk)")
    assert [c.kind for c in moment.claims] == ["paid", "stopped", "doubled"]
    nagari = [turn(3, [{"type": "hand_over", "reason": "nagari", "winner": None, "payments": [0, 0], "score": 0}])]
    assert review("go_stop", 0, nagari, ["You", "Bo"]) == []  # nobody won: nothing to say


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
            "bids": [1, 0], "tricks": [0, 0], "leader": 1, "cards_this_hand": 2, "phase": "play",
            "played": [], "last_trick": None, "trump_card": None, "options": {}}
    legal = [{"type": "play", "card": "3S"}, {"type": "play", "card": "5H"}]
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


@pytest.fixture()
def reviewed_results() -> Any:
    """A 960x540 app showing an Oh Hell game's results with its review done: (app, scene)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.results import ResultsScene
    from cardtable.arcade.settings import Settings

    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    try:
        scene = ResultsScene.example_reviewed(app)
        app.push(scene)
        app.step(10)
        yield app, scene
    finally:
        app.shutdown_quietly()


def test_results_screen_watch_this_moment_opens_the_replay_there(reviewed_results: Any) -> None:
    from cardtable.arcade.scenes.replay import ReplayScene

    app, scene = reviewed_results
    assert scene.moments and scene.shown_moments
    button = next(item for item in scene.ring.items if item.name == "moment_0")
    button.on_confirm()
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.seat == 0
    assert replay.replay.step == scene.shown_moments[0].step


def test_results_screen_sets_every_moment_at_one_size_of_12_px_or_more(reviewed_results: Any) -> None:
    """A long line was set smaller than its neighbour (13 beside 16 points), or under 12 points to fit."""
    import dataclasses

    from cardtable.arcade import fonts, layout

    app, scene = reviewed_results
    first, *rest = scene.shown_moments
    long = "Hand 3: " + "Bot 3 stopped at 5 points and you paid double for it, " * 4
    scene.shown_moments = [dataclasses.replace(first, sentence="you bid 2"),
                           *(dataclasses.replace(m, sentence=long) for m in rest[:1])]
    with layout.text_sizes() as sizes:
        app.step(1)
    said = [(text, px) for text, px in sizes if text.startswith(("You bid 2", "Hand 3: Bot 3"))]
    assert len(said) == 2 and said[0][1] == said[1][1] >= 12 / fonts.POINT_PER_PX, said  # 12 pt
    assert said[1][0].endswith("\u2026") and said[1][0] != long


# -- every claim of every moment is true of the game (checked against the engine's state) ----------------

TRUTH_SEEDS = {"oh_hell": (1, 2), "go_stop": (1, 2, 3, 4, 5, 6), "tractor": (1,), "rummy": (1, 2, 3),
               "spit": (1, 2, 3), "speed": (1, 2, 9)}  # speed 9: a round lost with cards in the stockpile


SAID = {"oh_hell": {"bid", "tricks", "lost", "won"}, "go_stop": {"go", "paid", "stopped", "doubled"}, "tractor": {"trick_lost"},
        "rummy": {"went_out", "knocked", "cards_left", "hand_value", "laid", "rebuilt", "hand_after"},
        "spit": {"cleared", "cards_left", "slapped", "pile_sizes"}, "speed": {"won_round", "cards_left", "stuck"}}
"""The claim kinds these games bring up: each is checked at least once."""


class Game:
    """A bot game replayed in the engine: every step's events, and the state before chosen steps."""

    def __init__(self, replay: Any, keep: set[int]) -> None:
        self.game = replay.game
        self.actions = [(r["seat"], r["action"]) for r in replay.actions]
        state = self.game.new(replay.players, replay.header["seed"], replay.header.get("options"))
        self.events: list[list[dict[str, Any]]] = []
        self.before: dict[int, Any] = {}
        self.after: dict[int, Any] = {}
        for step, (seat, action) in enumerate(self.actions):
            if step in keep:
                self.before[step] = self.game.clone(state)
            self.events.append(self.game.apply(state, seat, action))
            if step in keep:
                self.after[step] = self.game.clone(state)

    def find(self, start: int, kind: str, **fields: Any) -> tuple[int, dict[str, Any]]:
        """The first event of ``kind`` (with ``fields``) at or after step ``start``."""
        for step in range(start, len(self.events)):
            for event in self.events[step]:
                if event.get("type") == kind and all(event.get(k) == v for k, v in fields.items()):
                    return step, event
        raise AssertionError(f"no {kind} {fields} after step {start}")

    def tricks_of_hand(self, hand: int) -> list[dict[str, Any]]:
        """Oh Hell: the trick events of hand ``hand``, in order."""
        tricks: list[dict[str, Any]] = []
        number = 1
        for events in self.events:
            for event in events:
                if event.get("type") == "trick" and number == hand:
                    tricks.append(event)
                elif event.get("type") == "hand_over":
                    if number == hand:
                        return tricks
                    number += 1
        return tricks


def holds(name: str, g: Game, seat: int, moment: Any, c: Any) -> bool:
    from cardtable.engine.rummy import hand_value
    from cardtable.engine.tractor import team

    k = moment.step
    kind = c.kind
    if name == "oh_hell":
        _, over = g.find(0, "hand_over", hand=moment.hand)
        if kind in ("bid", "tricks"):
            return over["bids" if kind == "bid" else "tricks"][c.seat] == c.number
        trick = g.tricks_of_hand(moment.hand)[c.number - 1]
        cards, leader, winner = trick["cards"], trick["leader"], trick["winner"]
        mine = cards[(seat - leader) % len(cards)]
        if kind == "lost":
            return mine == c.cards[0] and winner != seat and cards[(winner - leader) % len(cards)] == c.cards[1]
        return kind == "won" and mine == c.cards[0] and winner == seat
    if name == "go_stop":
        from cardtable.engine.go_stop import score_of

        if kind == "go":
            return g.actions[k] == (seat, {"type": "go"}) and score_of(g.before[k], seat) == c.number
        _, over = g.find(k, "hand_over")
        if kind == "paid":
            return over["winner"] == c.seat and over["payments"][seat] == c.number
        if kind == "doubled":
            return c.seat == seat and over["multipliers"][seat] == c.text.split(",") and len(c.text.split(",")) == c.number
        return kind == "stopped" and over["winner"] == c.seat and over["score"] == c.number
    if name == "tractor":
        _, trick = g.find(k, "trick")  # mine is its last play or one before
        acted, action = g.actions[k]
        return (kind == "trick_lost" and acted == seat and sorted(action["cards"]) == sorted(c.cards)
                and trick["winner"] == c.seat and team(c.seat) != team(seat) and trick["points"] == c.number)
    before, after, events = g.before.get(k), g.after.get(k), g.events[k]
    if name == "rummy":
        if kind in ("went_out", "knocked"):
            event = "out" if kind == "went_out" else "knock"
            knocked = kind == "went_out" or hand_value(before.hands[c.seat]) == c.number
            return knocked and any(e["type"] == event and e["seat"] == c.seat for e in events)
        if kind == "cards_left":
            return len(before.hands[c.seat]) == c.number
        if kind == "hand_value":
            return hand_value(before.hands[c.seat]) == c.number
        if kind == "hand_after":
            return len(after.hands[c.seat]) == c.number
        if kind == "laid":
            from collections import Counter

            table = g.actions[k][1]["table"]  # the new table (after a hand's last meld, the state's is the next deal's)
            on = Counter(x.split("=")[0] for m in table for x in m) - Counter(x.split("=")[0] for m in before.table for x in m)
            return g.actions[k][0] == c.seat and sorted(on.elements()) == sorted(x.split("=")[0] for x in c.cards) \
                and len(c.cards) == c.number
        if kind == "rebuilt":
            old = [tuple(sorted(m)) for m in before.table]
            new = [tuple(sorted(m)) for m in g.actions[k][1]["table"]]
            left = list(new)
            for meld in old:
                if meld in left:
                    left.remove(meld)
            return len(old) - (len(new) - len(left)) == c.number
        return False
    if name == "spit":
        if kind == "cleared":
            return any(e["type"] == "round_over" and e["cleared"] == c.seat for e in events)
        if kind == "cards_left":
            return g.game.cards_left(before, c.seat) == c.number
        slap = next(e for e in events if e["type"] == "slap")
        if kind == "slapped":
            return slap["seat"] == c.seat and len(before.spit_piles[1 - slap["pile"]]) == c.number
        return kind == "pile_sizes" and len(before.spit_piles[slap["pile"]]) == c.number
    if name == "speed":
        if kind == "won_round":
            return any(e["type"] == "round_over" and e["winner"] == c.seat for e in events)
        if kind == "cards_left":
            return len(before.hands[c.seat]) + len(before.stocks[c.seat]) == c.number
        if kind == "stuck":
            state = g.game.clone(before)
            plays, step = 0, k
            while step < len(g.actions) and state.phase == "play" and g.game.stuck(state, seat):
                events = g.game.apply(state, *g.actions[step])
                plays += sum(1 for e in events if e["type"] == "play" and e["seat"] != seat)
                step += 1
                if any(e["type"] == "round_over" for e in events):
                    break
            return plays == c.number
    return False


@pytest.mark.parametrize("game_name", list(TRUTH_SEEDS))
def test_each_hand_review_says_only_what_happened(game_name: str, tmp_path: Any) -> None:
    """Over whole bot games, hand by hand and seat by seat: each moment's claims are checked against the
    engine's own replay of the game (its state before and after the step, its events)."""
    from cardtable.engine.coach.review import hand_turns
    from cardtable.netplay.replay import Replay

    kinds: set[str] = set()
    for seed in TRUTH_SEEDS[game_name]:
        replay = Replay(bot_log(game_name, seed, tmp_path))
        said: list[tuple[int, Any]] = []
        for seat in range(replay.players):
            start = 0
            while (turns := hand_turns(replay, game_name, seat, start)) is not None:
                moments = review(game_name, seat, turns, replay.names)
                assert all(start <= m.step <= turns[-1].step for m in moments)  # within the hand
                said += [(seat, m) for m in moments]
                start = turns[-1].step + 1
        g = Game(replay, {m.step for _, m in said})
        for seat, moment in said:
            assert moment.kind == "blunder" or moment.claims, f"{moment.sentence!r} claims nothing"
            for c in moment.claims:
                kinds.add(c.kind)
                assert holds(game_name, g, seat, moment, c), f"seat {seat}, {moment.sentence!r}: {c} is not so"
    assert kinds >= SAID[game_name], f"never said: {SAID[game_name] - kinds}"


def bot_log(game_name: str, seed: int, folder: Any) -> str:
    from cardtable.arcade.shot import bot_game_log

    return bot_game_log(game_name, seed, None, str(folder / f"{game_name}{seed}.ctlog"))


# -- the review off the frame, after each hand -------------------------------------------------------


class Held:
    """An executor that keeps the work until the test runs it: nothing depends on a thread's timing."""

    def __init__(self) -> None:
        self.work: list[tuple[Any, Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        from concurrent.futures import Future

        future: Future[Any] = Future()
        self.work.append((future, lambda: fn(*args, **kwargs)))
        return future

    def run(self) -> None:
        for future, work in self.work:
            future.set_result(work())
        self.work.clear()


def make_app(size: tuple[int, int] = (960, 540)) -> Any:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    return App(size=size, fullscreen=False, settings=Settings())


def test_results_screen_says_reviewing_until_the_review_is_ready() -> None:
    from cardtable.arcade.scenes.results import ResultsScene

    app = make_app()
    held = Held()
    try:
        scene = ResultsScene.example_reviewed(app, executor=held)
        app.push(scene)
        app.step(3)
        assert held.work and scene.job is not None and not scene.moments  # built without the review
        assert scene.reviewing_rect.width and not any(n.startswith("moment_") for n in scene.controls())
        held.run()
        app.step(1)
        assert scene.job is None and scene.moments and not scene.reviewing_rect.width
        assert "moment_0" in scene.controls()
    finally:
        app.shutdown_quietly()


class ScriptedSession:
    """A local table's session that hands the scene a recorded game's views, one action per poll, and
    can be paused (as a game against bots can)."""

    can_pause = True
    pauses_at_once = True
    private = True
    keeps_history = False
    frozen = True  # no routine actions of the table's own

    def __init__(self, log: str, seat: int) -> None:
        from types import SimpleNamespace

        from cardtable.netplay.replay import Replay

        self.local_table = SimpleNamespace(host=SimpleNamespace(log_path=log))
        self.replay = Replay(log)
        self.seat = seat
        self.paused = False
        self.until = 0  # the bots play up to this step, then wait for the test
        self.config = None
        seats = [{"seat": s, "kind": "person" if s == seat else "bot", "name": "You" if s == seat else f"Bot {s + 1}"}
                 for s in range(self.replay.players)]
        self.outbox: list[dict[str, Any]] = [
            {"type": "welcome", "seats": [seat], "owner": True,
             "table": {"game": self.replay.game.name, "title": self.replay.game.title, "started": True}},
            {"type": "lobby", "seats": seats, "started": True}]

    def poll(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        if not out and not self.paused and self.replay.step < min(self.until, self.replay.steps):
            self.replay.forward()
            r = self.replay
            out = [{"type": "view", "seat": self.seat, "version": r.step, "view": r.view(self.seat),
                    "legal": [], "events": r.seat_events(self.seat), "result": r.result()}]
        return out

    def pause(self, paused: bool) -> None:
        self.paused = paused

    def send(self, *args: Any) -> None:
        pass

    def tick(self, dt: float) -> None:
        pass

    def request(self, message: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.parametrize("game_name", ["oh_hell", "rummy"])
def test_each_hand_opens_its_review_over_the_table(game_name: str, tmp_path: Any) -> None:
    """At a table, a hand's end brings that hand's review once the table's banner had its time (ticks,
    not the clock); the game waits under it; "Next hand" goes back and the next hand is reviewed alone."""
    from cardtable.arcade.loop import TICK
    from cardtable.arcade.scenes.results import HAND_PAUSE, INLINE, HandReviews, HandReviewScene
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.engine.coach.review import hand_turns
    from cardtable.netplay.replay import Replay

    log = bot_log(game_name, 1, tmp_path)
    replay = Replay(log)
    first = hand_turns(replay, game_name, 0, 0)
    second = hand_turns(replay, game_name, 0, first[-1].step + 1)
    app = make_app()
    try:
        app.session = session = ScriptedSession(log, 0)
        session.until = first[-1].step + 1
        table = TableScene(app)
        table.hand_reviews = HandReviews(INLINE)
        app.push(table)
        for _ in range(first[-1].step + 2):  # the welcome, then one action a tick up to the hand's end
            app.step(1, render=False)
        assert app.scene is table and table.hand_reviews.pending is not None
        assert session.paused  # the next hand waits while the table's banner shows
        app.step(int(HAND_PAUSE / TICK) + 2, render=False)
        shown = app.scene
        assert isinstance(shown, HandReviewScene) and session.paused  # the bots wait
        app.step(1)
        assert shown.title == "Hand 1 over"
        assert shown.names[0] == "You"
        assert [m.sentence for m in shown.moments] == [m.sentence for m in review(game_name, 0, first, shown.names)]
        assert shown.controls()[0] == "next" and shown.focused_control() == "next"
        shown.ring.focused.on_confirm()
        assert app.scene is table and not session.paused
        session.until = second[-1].step + 1
        for _ in range(second[-1].step - first[-1].step + int(HAND_PAUSE / TICK) + 2):
            app.step(1, render=False)
        again = app.scene
        assert isinstance(again, HandReviewScene) and again.start == first[-1].step + 1
        app.step(1)
        assert again.title == "Hand 2 over"
        assert all(first[-1].step < m.step <= second[-1].step for m in again.moments)
    finally:
        app.shutdown_quietly()


def test_speed_says_the_longest_stuck_stretch_of_a_round_once() -> None:
    stuck = {"stuck": True, "phase": "play", "round": 1, "hand": ["2C"]}
    free = {"stuck": False, "phase": "play", "round": 1, "hand": ["2C"]}
    bot = {"type": "play", "seat": 1, "card": "9H"}
    turns = [turn(0, [bot], stuck), turn(1, [bot], stuck), turn(2, [], free),
             turn(3, [bot], stuck), turn(4, [bot], stuck), turn(5, [bot], stuck), turn(6, [], free)]
    (moment,) = review("speed", 0, turns, ["You", "Bo"])
    assert (moment.step, moment.sentence) == (3, "Round 1: you were stuck while Bo played 3 cards")
