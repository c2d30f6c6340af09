"""The game tables driven headless by random playouts and random input.

Every phase of each game is drawn (also after a resize); every action a table returns from
``handle()`` is in the seat's legal list (or fills a template) and the engine accepts it; a rejected
real-time play snaps back; Oh Hell couch play hides the hand between local players.
Set ``TABLE_SHOTS=/some/dir`` to keep a PNG of each phase.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable.arcade.cardart import CardArt
from cardtable.arcade.input import Command
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.base import Table
from cardtable.arcade.tables.generic import GenericTable
from cardtable.arcade.tables.oh_hell import OhHellTable
from cardtable.arcade.tables.realtime import RealtimeTable
from cardtable.arcade.tables.speed import SpeedTable
from cardtable.arcade.tables.spit import SpitTable
from cardtable.engine import get_game
from cardtable.engine.core import IllegalAction

KINDS = ("left", "right", "up", "down", "confirm", "pile_a", "pile_b", "alt", "back", "click", "click", "click")


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def is_instance_of_legal(action: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    if action in legal:
        return True
    return any(
        "choose" in t and t.get("type") == action.get("type")
        and all(action.get(k) == v for k, v in t.items() if k != "choose")
        for t in legal
    )


class Driver:
    """A game state, a table for the local seats, and the pushes between them."""

    def __init__(self, name: str, players: int, local: list[int], seed: int, options: dict | None = None,
                 size: tuple[int, int] = (1280, 720), generic: bool = False) -> None:
        self.game = get_game(name)
        self.state = self.game.new(players, seed, options)
        self.local = local
        self.table: Table = GenericTable(name, local, CardArt(), size) if generic else \
            make_table(name, local, CardArt(), size)
        self.surface = pygame.Surface(size)
        self.rng = random.Random(seed)
        self.phases: set[str] = set()
        self.sent = 0
        self.asked = 0
        self.push([])

    def push(self, events: list[dict[str, Any]]) -> None:
        for seat in self.local:
            self.table.set_view(seat, self.game.view(self.state, seat), self.game.legal(self.state, seat), events)

    def draw(self, shots: Path | None = None, tag: str = "") -> None:
        self.table.draw(self.surface, self.rng.random())
        phase = str(self.game.view(self.state, self.local[0]).get("phase"))
        if phase not in self.phases:
            self.phases.add(phase)
            if shots is not None:
                pygame.image.save(self.surface, shots / f"{self.game.name}{tag}_{phase}.png")

    def command(self) -> None:
        for _ in range(120):  # a player acts on what is on screen: the cards dealt have landed (Oh Hell
            if not self.table.motion.moving:  # offers a bid only then)
                break
            self.table.tick(1 / 120)
        seat = self.rng.choice(self.local)
        kind = self.rng.choice(KINDS)
        device = "keyboard" if seat == self.local[0] else "pad1"
        pos = None
        if kind == "click":
            device = "mouse"
            targets = [s.rect.center for s in self.table.sprites if s.hit is not None]
            targets += [b.rect.center for b in self.table.buttons]
            if isinstance(self.table, RealtimeTable):
                targets += [self.table.seating.pile_rect(p).center for p in (0, 1)]
            pos = self.rng.choice(targets) if targets and self.rng.random() < 0.9 else (
                self.rng.randrange(self.table.W), self.rng.randrange(self.table.H))
        routed: int | None = seat
        if device == "mouse" or (len(self.local) > 1 and not self.game.realtime):
            routed = None
        for s, action in self.table.handle(Command(kind, device, pos=pos), routed):
            assert s in self.local
            legal = self.game.legal(self.state, s)
            if not is_instance_of_legal(action, legal):  # an attempt sent so the host says why not
                with pytest.raises(IllegalAction) as refused:
                    self.game.apply(self.state, s, action)
                self.table.reject(s, action, refused.value.reason)
                self.asked += 1
                continue
            events = self.game.apply(self.state, s, action)
            self.sent += 1
            self.push(events)

    def step(self) -> bool:
        if self.game.result(self.state) is not None:
            return False
        if self.rng.random() < 0.45:
            self.command()
        else:
            seats = [s for s in self.game.to_act(self.state) if self.game.legal(self.state, s)]
            if not seats:
                return False
            seat = self.rng.choice(seats)
            events = self.game.apply(self.state, seat, self.game.sample(self.state, seat, self.rng))
            self.push(events)
        for _ in range(4):
            self.table.tick(1 / 120)
        return True


def shots_dir() -> Path | None:
    where = os.environ.get("TABLE_SHOTS")
    if not where:
        return None
    path = Path(where)
    path.mkdir(parents=True, exist_ok=True)
    return path


CASES = [
    ("speed", 2, [0], 1, None, {"ready", "play", "over"}),
    ("speed", 2, [0, 1], 2, {"auto_draw": False}, {"ready", "play", "over"}),
    ("spit", 2, [0], 3, None, {"ready", "play", "over"}),
    ("spit", 2, [0, 1], 4, {"clearer_chooses": True, "stack_equal": True}, {"ready", "play", "over"}),
    ("oh_hell", 4, [0], 5, {"hook": True}, {"bid", "play", "over"}),
    ("oh_hell", 3, [0, 2], 6, {"simultaneous_bids": True}, {"bid", "play", "over"}),
    ("oh_hell", 7, [3], 7, {"schedule": "down"}, {"bid", "play", "over"}),
]


@pytest.mark.parametrize(("name", "players", "local", "seed", "options", "phases"), CASES)
def test_table_draws_every_phase_and_sends_only_legal_actions(
    name: str, players: int, local: list[int], seed: int, options: dict | None, phases: set[str]
) -> None:
    driver = Driver(name, players, local, seed, options)
    shots = shots_dir()
    tag = f"_{len(local)}local"
    steps = 0
    while driver.step() and steps < 6000:
        steps += 1
        if steps == 150:
            driver.table.resize((960, 540))
            driver.surface = pygame.Surface((960, 540))
            tag += "_small"
            driver.phases.clear()
        if steps % 3 == 0:
            driver.draw(shots, tag)
    driver.push([])
    driver.draw(shots, tag)
    assert driver.game.result(driver.state) is not None, "the playout did not finish"
    seen = set(driver.phases)
    driver.table.resize((1280, 720))
    driver.surface = pygame.Surface((1280, 720))
    driver.draw()
    assert driver.sent > 0, "the table never produced an action"
    assert phases & seen, seen


def test_every_phase_is_drawn() -> None:
    """Across the playouts above each game shows all its phases (slap for Spit, too)."""
    wanted = {"speed": {"ready", "play", "over"}, "spit": {"ready", "play", "slap", "over"},
              "oh_hell": {"bid", "play", "over"}}
    for name, phases in wanted.items():
        seen: set[str] = set()
        for seed in range(3):
            players = 4 if name == "oh_hell" else 2
            driver = Driver(name, players, [0], seed, size=(640, 360))
            steps = 0
            while driver.step():
                steps += 1
                phase = driver.game.view(driver.state, 0).get("phase")
                if phase not in driver.phases or steps % 9 == 0:
                    driver.draw()
            seen |= driver.phases
            driver.push([])
            driver.draw()
            seen |= driver.phases
        assert phases <= seen, (name, seen)


def test_make_table_picks_each_game_its_table() -> None:
    art = CardArt()
    assert isinstance(make_table("speed", [0], art, (800, 600)), SpeedTable)
    assert isinstance(make_table("spit", [0], art, (800, 600)), SpitTable)
    assert isinstance(make_table("oh_hell", [0], art, (800, 600)), OhHellTable)
    assert isinstance(make_table("no_such_game", [0], art, (800, 600)), GenericTable)


@pytest.mark.parametrize("name", ["rummy", "go_stop", "tractor"])
def test_generic_table_plays_other_games(name: str) -> None:
    players = {"rummy": 3, "go_stop": 2, "tractor": 4}[name]
    driver = Driver(name, players, [0], 11, size=(960, 540), generic=True)
    for i in range(300):
        if not driver.step():
            break
        if i % 10 == 0:
            driver.draw()
    assert driver.phases


def speed_in_play(seed: int) -> Driver:
    driver = Driver("speed", 2, [0], seed)
    for seat in (0, 1):
        driver.push(driver.game.apply(driver.state, seat, {"type": "ready"}))
    return driver


def test_realtime_play_shows_at_once_and_snaps_back_on_reject() -> None:
    for seed in range(20):
        driver = speed_in_play(seed)
        table = driver.table
        plays = [a for a in driver.game.legal(driver.state, 0) if a["type"] == "play"]
        if plays:
            break
    else:
        pytest.fail("no playable card in 20 deals")
    action = plays[0]
    card, pile = action["card"], action["pile"]
    hand = table.hand.cards(0)
    table.controls.inputs[0].cursor = hand.index(card)
    table.controls.inputs[0].device = "keyboard"
    out = table.handle(Command("pile_a" if pile == 0 else "pile_b", "keyboard"), 0)
    assert out == [(0, action)]
    on_pile = [s for s in table.sprites if s.key == card]
    assert on_pile and on_pile[0].rect.topleft == table.seating.pile_rect(pile).topleft, "not shown on the pile at once"
    assert card not in table.hand.cards(0)
    table.reject(0, action, "too late: the pile has changed")
    assert not table.outbox.pending
    back = [s for s in table.sprites if s.key == card]
    assert back and back[0].hit == ("hand", card), "the card did not go back to the hand"
    assert any("too late" in t[0].lower() for t in table.toasts)
    for _ in range(60):
        table.tick(1 / 120)
    assert table.motion.pos(card) == back[0].rect.topleft


def test_confirmed_play_clears_the_pending_card() -> None:
    driver = speed_in_play(0)
    table = driver.table
    for seed in range(1, 20):
        if any(a["type"] == "play" for a in driver.game.legal(driver.state, 0)):
            break
        driver = speed_in_play(seed)
        table = driver.table
    action = next(a for a in driver.game.legal(driver.state, 0) if a["type"] == "play")
    table.controls.inputs[0].cursor = table.hand.cards(0).index(action["card"])
    out = table.handle(Command("pile_a" if action["pile"] == 0 else "pile_b", "pad3"), 0)
    assert out == [(0, action)] and table.outbox.pending
    driver.push(driver.game.apply(driver.state, 0, action))
    assert not table.outbox.pending


def test_handle_never_returns_an_action_that_is_not_legal() -> None:
    for seed in range(4):
        driver = Driver("spit", 2, [0, 1], seed)
        for _ in range(400):
            if driver.game.result(driver.state) is not None:
                break
            driver.command()
            driver.table.tick(1 / 60)


def test_oh_hell_couch_privacy_between_local_players() -> None:
    driver = Driver("oh_hell", 3, [0, 1], 2)
    table = driver.table
    assert isinstance(table, OhHellTable)
    saw_privacy = False
    for _ in range(200):
        if table.needs_privacy():
            saw_privacy = True
            hand_faces = [s for s in table.sprites if s.hit and s.hit[0] == "hand" and s.code is not None]
            assert not hand_faces, "a hand is face up behind the privacy screen"
            assert table.handle(Command("confirm", "keyboard"), None) == []
            assert not table.needs_privacy()
            continue
        acting = [s for s in driver.game.to_act(driver.state) if driver.game.legal(driver.state, s)]
        if not acting:
            break
        seat = acting[0]
        if seat in (0, 1):
            assert table.me == seat
            out = table.handle(Command("confirm", "keyboard"), None)
            if not out:
                out = [(seat, driver.game.legal(driver.state, seat)[0])]
            for s, action in out:
                assert s == seat
                driver.push(driver.game.apply(driver.state, s, action))
        else:
            driver.push(driver.game.apply(driver.state, seat, driver.game.sample(driver.state, seat, driver.rng)))
    assert saw_privacy


def test_oh_hell_hook_bid_is_shown_struck_and_the_host_says_why() -> None:
    for seed in range(30):
        driver = Driver("oh_hell", 3, [0], seed, {"hook": True})
        game, state = driver.game, driver.state
        while state.phase == "bid" and game.to_act(state) != [0]:
            seat = game.to_act(state)[0]
            driver.push(game.apply(state, seat, game.legal(state, seat)[0]))
        if state.phase == "bid" and state.dealer == 0:
            break
    else:
        pytest.skip("no deal where seat 0 deals and bids last")
    table = driver.table
    struck = [b for b in table.buttons if not b.enabled]
    assert len(struck) == 1 and struck[0].note == "hook"
    tried = table.handle(Command("click", "mouse", pos=struck[0].rect.center), None)
    assert tried == [(0, {"type": "bid", "bid": struck[0].hit[1]})]  # sent, so the host says why not
    with pytest.raises(IllegalAction) as refused:
        driver.game.apply(driver.state, 0, tried[0][1])
    table.reject(0, tried[0][1], refused.value.reason)
    assert any("hook" in t[0].lower() for t in table.toasts)
    ok = next(b for b in table.buttons if b.enabled)
    assert table.handle(Command("click", "mouse", pos=ok.rect.center), None) == [(0, ok.action)]


@pytest.mark.parametrize(("name", "players"), [("speed", 2), ("spit", 2), ("oh_hell", 4)])
def test_spectator_table_draws_and_sends_nothing(name: str, players: int) -> None:
    game = get_game(name)
    state = game.new(players, 3)
    rng = random.Random(3)
    table = make_table(name, [], CardArt(), (800, 600))
    surface = pygame.Surface((800, 600))
    for _ in range(120):
        if game.result(state) is not None:
            break
        seat = rng.choice([s for s in game.to_act(state) if game.legal(state, s)])
        table.set_view(None, game.view(state, None), [], game.apply(state, seat, game.sample(state, seat, rng)))
        table.tick(1 / 30)
        table.draw(surface, 1.0)
        assert table.handle(Command("click", "mouse", pos=(400, 300)), None) == []
        assert table.handle(Command("confirm", "keyboard"), None) == []


def test_drag_a_card_onto_a_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Press on a card that fits both piles (it is only selected), move with the button held, let go on a
    pile: the play goes out; let go elsewhere: nothing is sent."""
    for seed in range(200):
        driver = speed_in_play(seed)
        plays = [a for a in driver.game.legal(driver.state, 0) if a["type"] == "play"]
        both = [c for c in {a["card"] for a in plays} if sum(a["card"] == c for a in plays) == 2]
        if both:
            break
    else:
        pytest.skip("no deal with a card that fits both piles")
    table = driver.table
    card = both[0]
    sprite = next(s for s in table.sprites if s.key == card)
    pressed = [True]
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a, **k: (pressed[0], False, False))
    assert table.handle(Command("click", "mouse", pos=sprite.rect.center), None) == []
    target = table.seating.pile_rect(1).center
    assert table.handle(Command("point", "mouse", pos=(target[0], target[1] - 40)), None) == []
    table.draw(driver.surface, 1.0)
    pressed[0] = False
    out = table.handle(Command("point", "mouse", pos=target), None)
    assert out == [(0, {"type": "play", "card": card, "pile": 1})]
    assert table.outbox.pending
    table.reject(0, out[0][1], "too late")
    pressed[0] = True
    sprite = next(s for s in table.sprites if s.key == card)
    table.handle(Command("click", "mouse", pos=sprite.rect.center), None)
    table.handle(Command("point", "mouse", pos=(5, 5)), None)
    pressed[0] = False
    assert table.handle(Command("point", "mouse", pos=(6, 6)), None) == []


def test_oh_hell_deals_the_next_hand_after_the_last_trick_has_flown() -> None:
    """The hand's last trick stays in the middle, then shrinks into its winner's hand; only then are the
    new cards dealt and 'Hand N over' shown (where the trick lay); the cards land beside, not on, plates."""
    driver = Driver("oh_hell", 4, [0], 5)
    table = driver.table
    while True:
        seats = [s for s in driver.game.to_act(driver.state) if driver.game.legal(driver.state, s)]
        seat = seats[0]
        events = driver.game.apply(driver.state, seat, driver.game.sample(driver.state, seat, driver.rng))
        driver.push(events)
        if any(e.get("type") == "hand_over" for e in events):
            break
        for _ in range(240):
            table.tick(1 / 120)
    assert table.flights.ghosts and table.pacing.deal_wait > 0
    assert not [s for s in table.sprites if s.key != "trump"], "new hand shown over the last trick"
    assert not [e for e in table.effects.items if e.kind == "banner"]
    winner = next(e["winner"] for e in events if e.get("type") == "trick")
    small = table.card_px(0.085)
    end = table.pacing.ends[table.flights.ghosts[0].key]
    plate_y = table.seating.plate_centre(winner)[1]
    assert end[1] + small[1] <= plate_y - 20 * table.u  # lands above the winner's plate
    for _ in range(int(1.3 * 120)):
        table.tick(1 / 120)
    assert not table.flights.ghosts and table.pacing.deal_wait > 0  # "Hand N over" shows first
    assert [e for e in table.effects.items if e.kind == "banner" and "over" in e.text]
    assert not [s for s in table.sprites if s.key != "trump"], "new hand dealt under the banner"
    for _ in range(int(1.45 * 120)):
        table.tick(1 / 120)
    assert table.pacing.deal_wait == 0 and not [e for e in table.effects.items if e.kind == "banner"]
    assert any(isinstance(s.key, str) and s.code for s in table.sprites if s.key != "trump")


def oh_hell_when(wanted: Any) -> Driver | None:
    """An Oh Hell table for seat 0 of 4, the bots played on until ``wanted(seat 0's legal plays, its
    hand)`` in the first of 40 deals that comes to it, then the last trick flown off, "Hand N over"
    shown and the hand dealt; None if no deal does."""
    for seed in range(40):
        driver = Driver("oh_hell", 4, [0], seed)
        game, state = driver.game, driver.state
        for _ in range(400):
            if wanted([a for a in game.legal(state, 0) if a.get("type") == "play"], game.view(state, 0)["hand"]):
                for _ in range(400):
                    driver.table.tick(1 / 120)
                return driver
            seat = next(s for s in game.to_act(state) if game.legal(state, s))
            driver.push(game.apply(state, seat, game.sample(state, seat, driver.rng)))
    return None


def test_oh_hell_illegal_card_shows_the_hosts_reason_in_table_words() -> None:
    """Playing a card that does not follow suit is sent; the host's reason shows with the suit spelled
    out (not the local guess), and the card stays in the hand."""
    driver = oh_hell_when(lambda plays, hand: bool(plays) and len(plays) < len(hand))
    if driver is None:
        pytest.skip("no position with an illegal card")
    game, state, table = driver.game, driver.state, driver.table
    plays = [a["card"] for a in game.legal(state, 0) if a.get("type") == "play"]
    hand = game.view(state, 0)["hand"]
    bad = next(c for c in hand if c not in plays)
    sprite = next(s for s in table.sprites if s.hit == ("hand", bad))
    tried = table.handle(Command("click", "mouse", pos=sprite.rect.center), None)
    assert tried == [(0, {"type": "play", "card": bad})]
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 0, tried[0][1])
    table.reject(0, tried[0][1], refused.value.reason)
    shown = table.toasts[-1][0]
    assert shown[0].isupper() and ("follow suit" in shown or "trump" in shown)
    assert any(word in shown for word in ("spades", "hearts", "diamonds", "clubs")), shown
    assert any(s.hit == ("hand", bad) for s in table.sprites)


def test_a_turn_table_sends_one_action_then_waits_for_the_hosts_answer() -> None:
    """Confirm pressed twice before the host answered: one play goes (the second was made on the old
    position, and the host refused it with a reason about a position the player never saw); after a
    refusal the seat may send again, and after the host's next view."""
    driver = oh_hell_when(lambda plays, hand: bool(plays))
    assert driver is not None, "no position where seat 0 plays"
    game, state, table = driver.game, driver.state, driver.table
    plays = [a for a in game.legal(state, 0) if a.get("type") == "play"]
    table.controls.inputs[0].cursor = game.view(state, 0)["hand"].index(plays[0]["card"])
    confirm = Command("confirm", "keyboard")
    assert table.handle(confirm, 0) == [(0, plays[0])]
    assert table.handle(confirm, 0) == []  # no answer yet: nothing more goes
    table.reject(0, plays[0], "the host was busy")
    assert table.handle(confirm, 0) == [(0, plays[0])]
    driver.push(game.apply(state, 0, plays[0]))
    assert 0 not in table.outbox.awaiting


def test_a_realtime_table_sends_as_fast_as_the_player_presses() -> None:
    driver = speed_in_play(0)
    for seed in range(1, 20):
        if sum(a["type"] == "play" for a in driver.game.legal(driver.state, 0)) >= 2:
            break
        driver = speed_in_play(seed)
    table = driver.table
    sent = []
    for action in [a for a in driver.game.legal(driver.state, 0) if a["type"] == "play"][:2]:
        table.controls.inputs[0].cursor = table.hand.cards(0).index(action["card"])
        sent += table.handle(Command("pile_a" if action["pile"] == 0 else "pile_b", "keyboard"), 0)
    assert len(sent) == 2 and not table.outbox.awaiting


def test_host_reasons_name_cards_as_players_say_them() -> None:
    driver = speed_in_play(1)
    driver.table.reject(0, {"type": "play", "card": "TD", "pile": 0}, "TD is not one rank above or below 7C")
    assert driver.table.toasts[-1][0] == "10 of diamonds is not one rank above or below 7 of clubs"


def test_spit_hint_after_calling_spit_waits_for_the_other_player() -> None:
    driver = Driver("spit", 2, [0], 2)
    driver.push(driver.game.apply(driver.state, 0, {"type": "ready"}))
    hints = [words for _, words in filter(None, driver.table.hints_for(0))]
    assert hints and hints[0].startswith("waiting for") and "Spit" in hints[0]
    driver.push(driver.game.apply(driver.state, 1, {"type": "ready"}))
    words = " ".join(w for _, w in filter(None, driver.table.hints_for(0)))
    assert "Spit" not in words or "waiting" not in words


def test_oh_hell_card_out_of_turn_says_whose_turn_it_is() -> None:
    driver = Driver("oh_hell", 4, [0], 3)
    game, state, table = driver.game, driver.state, driver.table
    table.set_names(["You", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"])
    while not (state.phase == "play" and 0 not in game.to_act(state)):
        seat = next(s for s in game.to_act(state) if game.legal(state, s))
        driver.push(game.apply(state, seat, game.sample(state, seat, driver.rng)))
    for _ in range(200):
        table.tick(1 / 120)
    sprite = next(s for s in table.sprites if s.hit and s.hit[0] == "hand")
    tried = table.handle(Command("click", "mouse", pos=sprite.rect.center), None)
    assert tried and tried[0][1]["type"] == "play"
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 0, tried[0][1])
    table.reject(0, tried[0][1], refused.value.reason)
    turn = game.to_act(state)[0]
    assert f"{table.name(turn)}'s turn" in table.toasts[-1][0]
    table.pacing.deal_wait = 1.0
    assert table.handle(Command("confirm", "keyboard"), 0) == []  # nothing played blind during a deal
