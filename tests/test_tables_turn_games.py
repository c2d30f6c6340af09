"""The Go-Stop, Tractor and Manipulation Rummy tables, driven headless.

- Random playouts with random input draw every phase (also after a resize); every action ``handle()``
  returns is listed by ``legal`` or fills a template, listed ones are accepted by the engine (applied
  on a clone), template fills are accepted or refused with a reason the table shows.
- One hand / round of each game against bots, the local seat driven only through ``handle()`` with
  synthetic Commands (mouse for Go-Stop and Rummy, keyboard for Tractor).
- The rummy meld editor builds the table the player means; the tractor selection survives a refusal.
- The hwatu art draws every card, distinct by kind, cached per size.
Set ``TABLE_SHOTS=/some/dir`` to keep PNGs of each phase.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable.arcade.cardart import CardArt
from cardtable.arcade.hwatu_art import HwatuArt, hwatu_size
from cardtable.arcade.input import Command
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.go_stop import GoStopTable
from cardtable.arcade.tables.rummy import RummyTable, Tile, joker_names
from cardtable.arcade.tables.tractor import TractorTable
from cardtable.engine import IllegalAction, get_game, hwatu
from cardtable.engine.bots import get_bot

KINDS = ("left", "right", "up", "down", "confirm", "alt", "back", "click", "click", "click", "click")
Action = dict[str, Any]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def shots_dir() -> Path | None:
    where = os.environ.get("TABLE_SHOTS")
    if not where:
        return None
    path = Path(where)
    path.mkdir(parents=True, exist_ok=True)
    return path


def fills(action: Action, legal: list[Action]) -> tuple[bool, bool]:
    """(listed or fills a template, is a template fill)."""
    if action in legal:
        return True, False
    for t in legal:
        if ("choose" in t and t.get("type") == action.get("type") and "choose" not in action
                and all(action.get(k) == v for k, v in t.items() if k != "choose")):
            return True, True
    return False, False


class Harness:
    """An engine state, a table for seat 0, bots for the others."""

    def __init__(self, name: str, players: int, seed: int, options: dict | None = None,
                 size: tuple[int, int] = (1280, 720)) -> None:
        self.game = get_game(name)
        self.state = self.game.new(players, seed, options)
        self.me = 0
        self.table = make_table(name, [0], CardArt(), size)
        self.surface = pygame.Surface(size)
        self.rng = random.Random(seed)
        self.bot = get_bot(name, "random")
        self.phases: set[str] = set()
        self.sent = 0
        self.refused = 0
        self.push([])

    def push(self, events: list[dict[str, Any]]) -> None:
        self.table.set_view(0, self.game.view(self.state, 0), self.game.legal(self.state, 0), events)

    def phase(self) -> str:
        return str(self.game.view(self.state, 0).get("phase"))

    def draw(self, shots: Path | None = None, tag: str = "") -> None:
        self.table.draw(self.surface, 0.5)
        phase = self.phase() + ("_me" if self.game.legal(self.state, 0) else "")
        if phase not in self.phases:
            self.phases.add(phase)
            if shots is not None:
                self.ticks(60)
                self.table.draw(self.surface, 1.0)
                pygame.image.save(self.surface, shots / f"{self.game.name}{tag}_{phase}.png")
                size = self.surface.get_size()
                other = pygame.Surface((960, 540) if size[0] != 960 else (1280, 720))
                self.table.resize(other.get_size())
                self.ticks(60)
                self.table.draw(other, 1.0)
                pygame.image.save(other, shots / f"{self.game.name}{tag}_{phase}_{other.get_width()}.png")
                self.table.resize(size)

    def ticks(self, n: int = 4) -> None:
        for _ in range(n):
            self.table.tick(1 / 120)

    def send(self, out: list[tuple[int, Action]]) -> list[tuple[int, Action]]:
        """Apply what the table sent, as the host would: listed actions must be accepted."""
        for seat, action in out:
            assert seat == 0
            legal = self.game.legal(self.state, 0)
            ok, template = fills(action, legal)
            assert ok, (action, legal)
            probe = self.game.clone(self.state)
            try:
                self.game.apply(probe, 0, action)
            except IllegalAction as exc:
                assert template, f"a listed action was refused: {action} ({exc})"
                assert str(exc)
                self.refused += 1
                self.table.reject(0, action, str(exc))
                continue
            events = self.game.apply(self.state, 0, action)
            self.sent += 1
            self.push(events)
        return out

    def command(self, kind: str, pos: tuple[int, int] | None = None, device: str = "keyboard") -> list:
        seat = None if device == "mouse" else 0
        return self.send(self.table.handle(Command(kind, device, pos=pos), seat))

    def click(self, pos: tuple[int, int]) -> list:
        return self.command("click", (round(pos[0]), round(pos[1])), "mouse")

    def random_command(self) -> None:
        kind = self.rng.choice(KINDS)
        if kind != "click":
            self.command(kind)
            return
        targets = [self.sprite_point(s) for s in self.table.sprites if s.hit is not None]
        targets += [b.rect.center for b in self.table.buttons]
        pos = self.rng.choice(targets) if targets and self.rng.random() < 0.9 else (
            self.rng.randrange(self.table.W), self.rng.randrange(self.table.H))
        self.click(pos)

    def sprite_point(self, sprite: Any) -> tuple[int, int]:
        """A point on the visible part of a sprite (fans overlap to the right)."""
        at = self.table.motion.pos(sprite.key) or sprite.rect.topleft
        return (round(at[0] + 4), round(at[1] + sprite.rect.height * 0.6))

    def bot_turns(self) -> bool:
        """Let the bots act until seat 0 may act or the game ends; False when it ended."""
        for _ in range(2000):
            if self.game.result(self.state) is not None:
                return False
            if self.game.legal(self.state, 0):
                return True
            seats = [s for s in self.game.to_act(self.state) if s != 0 and self.game.legal(self.state, s)]
            if not seats:
                return False
            seat = seats[0]
            view = self.game.view(self.state, seat)
            action = self.bot.choose(view, self.game.legal(self.state, seat), self.rng)
            self.push(self.game.apply(self.state, seat, action))
            self.ticks(2)
        return False

    def random_step(self) -> bool:
        if self.game.result(self.state) is not None:
            return False
        if self.rng.random() < 0.4:
            self.random_command()
        else:
            seats = [s for s in self.game.to_act(self.state) if self.game.legal(self.state, s)]
            if not seats:
                return False
            seat = self.rng.choice(seats)
            action = self.game.sample(self.state, seat, self.rng)
            if action.get("type") == "leave":
                action = {"type": "deal"}
            self.push(self.game.apply(self.state, seat, action))
        self.ticks(24)  # (a button waits while its seat's cards fly in: held back, it acts by no key)
        return True


PLAYOUTS = [
    ("go_stop", 2, 1, {"hands": 2}, {"play", "hand_over", "over"}, 1500),
    ("go_stop", 3, 2, {"hands": 2}, {"play", "hand_over", "over"}, 1500),
    ("tractor", 4, 3, None, {"draw", "declare", "bury", "play"}, 420),
    ("rummy", 3, 4, None, {"turn", "over"}, 1600),
    ("rummy", 2, 6, None, {"turn"}, 300),
]


@pytest.mark.parametrize(("name", "players", "seed", "options", "phases", "cap"), PLAYOUTS)
def test_every_phase_draws_and_only_legal_actions_are_sent(
    name: str, players: int, seed: int, options: dict | None, phases: set[str], cap: int
) -> None:
    h = Harness(name, players, seed, options)
    shots = shots_dir()
    tag = f"_{players}p"
    steps = 0
    seen: set[str] = set()
    while steps < cap and h.random_step():
        steps += 1
        if steps == cap // 2:
            h.table.resize((960, 540))
            h.surface = pygame.Surface((960, 540))
            tag += "_small"
            seen |= h.phases
            h.phases.clear()
        if steps % 7 == 0 or h.phase() + ("_me" if h.game.legal(h.state, 0) else "") not in h.phases:
            h.draw(shots, tag)
    h.push([])
    h.draw(shots, tag)
    seen |= h.phases
    h.table.resize((1280, 720))
    h.surface = pygame.Surface((1280, 720))
    h.draw()
    assert h.sent > 0, "the table never produced an accepted action"
    missing = phases - {p.removesuffix("_me") for p in seen}
    assert not missing, (missing, seen)


def test_make_table_picks_the_turn_game_tables() -> None:
    art = CardArt()
    assert isinstance(make_table("go_stop", [0], art, (800, 600)), GoStopTable)
    assert isinstance(make_table("tractor", [0], art, (800, 600)), TractorTable)
    assert isinstance(make_table("rummy", [0], art, (800, 600)), RummyTable)


# -- full games through handle() ---------------------------------------------------------------


def find_button(table: Any, action: Action | None = None, hit: tuple | None = None) -> Any:
    for b in table.buttons:
        if (action is not None and b.action == action) or (hit is not None and b.hit == hit):
            return b
    return None


def go_stop_turn(h: Harness, target: Action) -> None:
    """Make ``target`` happen with mouse clicks only."""
    table = h.table
    button = find_button(table, target)
    if button is None and target["type"] in ("play", "bomb"):
        card = target.get("card") or target["cards"][0]
        sprite = next(s for s in table.sprites if s.hit == ("hand", card))
        out = h.click(h.sprite_point(sprite))
        if out:
            assert out == [(0, target)], (out, target)
            return
        button = find_button(table, target)
    if button is None:
        sprite = next(s for s in table.sprites if s.hit == ("choose", target.get("card")))
        assert h.click(h.sprite_point(sprite)) == [(0, target)]
        return
    assert h.click(button.rect.center) == [(0, target)], target


def test_go_stop_capture_and_stack_labels_read_at_the_smallest_window(monkeypatch) -> None:
    """At 960x540 every capture label (each player's Brights, Animals, Ribbons, Junk) and a stack's label
    are drawn at 15 px or more, and a stack names its maker without the bot's level."""
    h = Harness("go_stop", 3, 4, size=(960, 540))
    month = hwatu.month(h.game.view(h.state, 0)["table"][0][0])
    h.state.stacks[month] = 1
    drawn: list[tuple[str, float]] = []
    blit_text = h.table.ink.blit_text

    def spy(surface: pygame.Surface, text: str, px: float, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append((text, px))
        return blit_text(surface, text, px, *args, **kwargs)

    monkeypatch.setattr(h.table.ink, "blit_text", spy)
    h.push([])
    h.table.draw(h.surface, 1.0)
    captures = [(t, px) for t, px in drawn if t.split()[0] in ("Brights", "Animals", "Ribbons", "Junk")]
    stacks = [(t, px) for t, px in drawn if t.startswith("stack")]
    assert len(captures) == 3 * 4 and all(px >= 15 for _, px in captures), captures
    assert stacks == [(f"stack: {h.table.name(1).split(' (')[0]}", stacks[0][1])] and stacks[0][1] >= 15
    assert "(" not in stacks[0][0]


def test_go_stop_hand_against_bots_by_mouse() -> None:
    h = Harness("go_stop", 2, 21, {"hands": 1})
    kinds: Counter = Counter()
    for _ in range(200):
        if not h.bot_turns():
            break
        view = h.game.view(h.state, 0)
        legal = h.game.legal(h.state, 0)
        target = h.bot.choose(view, legal, h.rng)
        if target["type"] == "leave":
            target = {"type": "deal"}
        before = h.sent
        go_stop_turn(h, target)
        assert h.sent == before + 1
        kinds[target["type"]] += 1
        h.ticks(10)
        if kinds.total() % 5 == 0:
            h.draw()
    assert h.game.result(h.state) is not None, "the hand did not end"
    assert kinds["play"] >= 5


def cursor_to(h: Harness, index: int) -> None:
    """Right until the cursor is on card ``index`` (it steps over cards the seat may not use)."""
    for _ in range(len(h.table.picking.shown_cards())):  # type: ignore[attr-defined]
        if h.table.controls.inputs[0].cursor == index:
            return
        h.command("right")
    assert h.table.controls.inputs[0].cursor == index


def tractor_keys(h: Harness, target: Action) -> None:
    """Make ``target`` happen with the keyboard only."""
    table: TractorTable = h.table  # type: ignore[assignment]
    entries = table.menu_entries(0)
    index = next((i for i, e in enumerate(entries) if e[2] == target), None)
    if target["type"] in ("draw", "declare", "pass") or index is not None and target["type"] != "play":
        assert index is not None, (target, entries)
        if table.zone.get(0) != "menu":
            h.command("alt")
        for _ in range((index - table.menu_focus.get(0, 0)) % len(entries)):
            h.command("right")
        out = h.command("confirm")
        assert out == [(0, target)], (out, target)
        return
    cards = table.picking.shown_cards()
    if table.zone.get(0) == "menu":
        h.command("alt")
    if not table.picking.selecting():
        cursor_to(h, cards.index(target["cards"][0]))
        out = h.command("confirm")
        assert out == [(0, target)], (out, target)
        return
    h.command("back")
    want = Counter(target["cards"])
    for i, card in enumerate(cards):
        if want[card] <= 0:
            continue
        want[card] -= 1
        cursor_to(h, i)
        assert h.command("confirm") == []
    h.command("alt")
    out = h.command("confirm")
    assert len(out) == 1 and out[0][1]["type"] == target["type"], (out, target)
    assert Counter(out[0][1]["cards"]) == Counter(target["cards"])


def test_tractor_round_against_bots_by_keyboard() -> None:
    h = Harness("tractor", 4, 8)
    kinds: Counter = Counter()
    for _ in range(400):
        if not h.bot_turns() or h.game.view(h.state, 0).get("round", 1) > 1:
            break
        view = h.game.view(h.state, 0)
        legal = h.game.legal(h.state, 0)
        target = h.bot.choose(view, legal, h.rng)
        before = h.sent + h.refused
        tractor_keys(h, target)
        assert h.sent + h.refused == before + 1
        kinds[target["type"]] += 1
        h.ticks(2)
        if kinds.total() % 15 == 0:
            h.draw()
    assert h.game.view(h.state, 0).get("round", 1) > 1 or h.game.result(h.state) is not None, kinds
    assert h.refused == 0
    assert kinds["play"] >= 20 and kinds["draw"] >= 20, kinds


def rummy_turn(h: Harness, target: Action) -> None:
    """Mouse only: melds come from the Hint button, the rest from the action buttons (once the cards
    dealt or drawn have landed in the hand: until then the buttons wait for them)."""
    table: RummyTable = h.table  # type: ignore[assignment]
    h.ticks(60)
    if target["type"] == "meld":
        h.click(find_button(table, hit=("hint",)).rect.center)
        meld = find_button(table, hit=("meld",))
        if meld.action is not None:
            out = h.click(meld.rect.center)
            assert len(out) == 1 and out[0][1]["type"] == "meld"
            return
        target = next(a for a in h.game.legal(h.state, 0) if a["type"] in ("draw", "pass"))
    button = find_button(table, target)
    assert button is not None, (target, [b.label for b in table.buttons])
    assert h.click(button.rect.center) == [(0, target)]


def test_rummy_hand_against_bots_by_mouse() -> None:
    h = Harness("rummy", 2, 5)
    kinds: Counter = Counter()
    for _ in range(120):
        if not h.bot_turns() or h.game.view(h.state, 0).get("hand_number", 1) > 1:
            break
        view = h.game.view(h.state, 0)
        legal = h.game.legal(h.state, 0)
        target = h.bot.choose(view, legal, h.rng)
        before = h.sent
        rummy_turn(h, target)
        assert h.sent == before + 1, "the table's action was refused"
        kinds[target["type"]] += 1
        h.ticks(2)
        if kinds.total() % 6 == 0:
            h.draw()
    assert kinds["draw"] >= 3, kinds
    assert h.refused == 0


# -- the editors ---------------------------------------------------------------------------------


def rummy_position(table: list[list[str]], hand: list[str]) -> Harness:
    h = Harness("rummy", 2, 31)
    s = h.state
    s.turn, s.phase, s.drawn = 0, "turn", 1
    s.hands[0] = list(hand)
    s.table = [list(m) for m in table]
    h.push([])
    h.ticks(120)  # the new hand lands (until then the seat's buttons, "+" included, wait for it)
    return h


def click_hand(h: Harness, card: str) -> None:
    table: RummyTable = h.table  # type: ignore[assignment]
    h.ticks(40)  # let the cards glide to their places
    i = table.editor.hand_left().index(card)
    sprite = next(s for s in table.sprites if s.hit == ("hand", i))
    h.click(h.sprite_point(sprite))


def test_rummy_editor_builds_the_table_the_player_means() -> None:
    h = rummy_position([["5H", "6H", "7H"], ["QS", "QD", "QC"]], ["8H", "9S", "9D", "9C", "JK", "2C"])
    table: RummyTable = h.table  # type: ignore[assignment]
    click_hand(h, "8H")
    h.click(find_button(table, hit=("to", 0)).rect.center)
    assert [t.text for t in table.editor.work[0]] == ["5H", "6H", "7H", "8H"]
    for card in ("9S", "9D", "9C"):
        click_hand(h, card)
    h.click(find_button(table, hit=("to", None)).rect.center)
    assert [t.text for t in table.editor.work[2]] == ["9S", "9D", "9C"]
    # take a table card (QS) to the new meld, then undo everything
    sprite = next(s for s in table.sprites if s.hit == ("tile", 1, 0))
    h.click(h.sprite_point(sprite))
    h.click(find_button(table, hit=("to", 2)).rect.center)
    assert [t.text for t in table.editor.work[1]] == ["QD", "QC"]
    h.click(find_button(table, hit=("reset",)).rect.center)
    assert table.editor.work is None and len(table.editor.hand_left()) == 6
    # a joker from the hand is named from its meld
    for card in ("JK", "9S", "9D"):
        click_hand(h, card)
    h.click(find_button(table, hit=("to", None)).rect.center)
    assert sorted(t.text for t in table.editor.work[2]) == ["9D", "9S", "JK=9H"]
    click_hand(h, "8H")
    h.click(find_button(table, hit=("to", 0)).rect.center)
    h.draw(shots_dir(), "_editor")
    out = h.click(find_button(table, hit=("meld",)).rect.center)
    assert len(out) == 1 and h.sent == 1, (out, h.refused)
    assert h.state.table and sorted(h.state.hands[0]) == ["2C", "9C"]


def test_rummy_editor_take_back_rename_and_a_refusal() -> None:
    h = rummy_position([["5H", "6H", "7H"]], ["JK", "2C", "KD"])
    table: RummyTable = h.table  # type: ignore[assignment]
    click_hand(h, "JK")
    h.click(find_button(table, hit=("to", 0)).rect.center)
    assert [t.text for t in table.editor.work[0]][-1] in ("JK=8H", "JK=4H")
    h.ticks(40)
    joker = next(s for s in table.sprites if s.code == "JK" and s.hit and s.hit[0] == "tile")
    h.click(h.sprite_point(joker))
    before = table.editor.work[0][joker.hit[2]].text
    h.click(find_button(table, hit=("rename",)).rect.center)
    assert any(t.text.startswith("JK=") and t.text != before for t in table.editor.work[0])
    h.click(find_button(table, hit=("back",)).rect.center)
    assert [t.text for t in table.editor.work[0]] == ["5H", "6H", "7H"] and "JK" in table.editor.hand_left()
    click_hand(h, "2C")
    h.click(find_button(table, hit=("to", None)).rect.center)
    h.click(find_button(table, hit=("meld",)).rect.center)  # a meld of one card: the host says no
    assert h.refused == 1 and h.sent == 0
    assert table.editor.work is not None and any(t[1] == (240, 90, 80) for t in table.toasts)


def test_joker_names() -> None:
    assert joker_names([Tile("9S", False), Tile("9D", False), Tile("JK", True)]) == ["9H"]
    assert joker_names([Tile("5H", False), Tile("7H", False), Tile("JK", True)]) == ["6H"]
    assert joker_names([Tile("QH", False), Tile("KH", False), Tile("JK", True)]) == ["AH"]
    assert joker_names([Tile("JK", True)]) == []


def tractor_at(phase: str, seed: int = 3) -> Harness:
    h = Harness("tractor", 4, seed)
    for _ in range(3000):
        seats = h.game.to_act(h.state)
        view = h.game.view(h.state, seats[0])
        if view["phase"] == phase and 0 in seats:
            break
        seat = seats[0]
        h.state_action = h.game.sample(h.state, seat, h.rng)
        h.game.apply(h.state, seat, h.state_action)
    h.push([])
    return h


def test_tractor_bury_selects_eight_and_keeps_them_on_refusal() -> None:
    for seed in range(3, 12):
        h = tractor_at("bury", seed)
        if h.game.legal(h.state, 0):
            break
    else:
        pytest.fail("seat 0 never buried")
    table: TractorTable = h.table  # type: ignore[assignment]
    cards = table.picking.shown_cards()
    assert len(cards) == 33
    h.ticks(60)  # the kitty's cards glide in
    for i in range(9):
        sprite = next(s for s in table.sprites if s.hit == ("hand", i))
        h.click(h.sprite_point(sprite))
    assert len(table.picking.selected[0]) == 8, "a ninth card was taken"
    h.draw(shots_dir(), "_bury")
    action = table.picking.selected_action(0)
    assert action is not None and len(action["cards"]) == 8
    assert h.table.handle(Command("alt", "keyboard"), 0) == []
    out = h.table.handle(Command("confirm", "keyboard"), 0)
    assert out == [(0, action)]
    table.reject(0, action, "test refusal")
    assert len(table.picking.selected[0]) == 8
    h.send(out)
    assert h.phase() == "play"


# -- hwatu art -----------------------------------------------------------------------------------


def test_hwatu_art_draws_every_card_cached_and_readable() -> None:
    art = HwatuArt(CardArt())
    for height in (60, 140):
        size = hwatu_size(height)
        for code in (*hwatu.CARDS, *hwatu.JOKERS):
            face = art.face(code, size)
            assert face.get_size() == size
            assert art.face(code, size) is face
        assert art.back(size).get_size() == size

    def pixels(code: str) -> bytes:
        return pygame.image.tobytes(art.face(code, hwatu_size(100)), "RGBA")

    junk = pixels("01P1")
    for code in ("01B", "01R", "03B"):
        assert pixels(code) != junk, code
    assert pixels("11D") != pixels("11P1")
    assert pixels("J2") != pixels("J3")
    assert art.face("AS", (50, 70)).get_size() == (50, 70)  # anything else falls back to French art


@pytest.mark.parametrize("name", ["go_stop", "tractor", "rummy"])
def test_couch_play_shows_the_acting_seat_behind_a_privacy_screen(name: str) -> None:
    players = {"go_stop": 2, "tractor": 4, "rummy": 2}[name]
    game = get_game(name)
    state = game.new(players, 13)
    local = [0, 1]
    table = make_table(name, local, CardArt(), (960, 540))
    surface = pygame.Surface((960, 540))
    rng = random.Random(13)

    def push(events: list) -> None:
        for seat in local:
            table.set_view(seat, game.view(state, seat), game.legal(state, seat), events)

    push([])
    switches = 0
    for _ in range(60):
        acting = [s for s in game.to_act(state) if game.legal(state, s)]
        seat = acting[0]
        if seat in local:
            if table.needs_privacy():
                assert table.me == seat
                table.draw(surface, 0.5)
                assert table.handle(Command("left", "keyboard"), None) == []
                assert table.handle(Command("confirm", "keyboard"), None) == []
                assert not table.needs_privacy()
                switches += 1
            action = game.sample(state, seat, rng)
            if action["type"] == "leave":
                action = {"type": "deal"}
        else:
            action = game.sample(state, seat, rng)
        push(game.apply(state, seat, action))
        table.draw(surface, 0.5)
    assert switches >= 2


@pytest.mark.parametrize("name", ["go_stop", "tractor", "rummy"])
def test_rare_phases_draw_from_edited_views(name: str) -> None:
    """A table is a function of the view: the game's end (and rummy's knock) drawn from edited views."""
    players = {"go_stop": 3, "tractor": 4, "rummy": 3}[name]
    h = Harness(name, players, 17)
    for _ in range(150):
        if not h.random_step():
            break
    view = dict(h.game.view(h.state, 0))
    shots = shots_dir()
    cases: list[tuple[str, dict, list[Action]]] = [("over", {**view, "phase": "over", "to_act": [], "winners": [0]}, [])]
    if name == "rummy":
        knock = [{"type": "knock"}, {"type": "pass"}]
        cases.append(("knock", {**view, "phase": "knock", "to_act": [0], "turn": 0, "hand_value": 4}, knock))
    for phase, edited, legal in cases:
        for size in ((1280, 720), (960, 540)):
            h.table.resize(size)
            h.table.set_view(0, edited, legal, [])
            h.ticks(60)
            surface = pygame.Surface(size)
            h.table.draw(surface, 1.0)
            if shots is not None:
                pygame.image.save(surface, shots / f"{name}_edited_{phase}_{size[0]}.png")
        if phase == "knock":
            button = find_button(h.table, {"type": "knock"})
            assert button is not None
            assert h.table.handle(Command("click", "mouse", pos=button.rect.center), None) == [(0, {"type": "knock"})]


def key(h: Harness, kind: str, times: int = 1) -> list:
    out: list = []
    for _ in range(times):
        out += h.command(kind)
    return out


def test_go_stop_shake_menu_by_keyboard() -> None:
    for seed in range(200):
        h = Harness("go_stop", 2, seed)
        if not h.bot_turns():
            continue
        shakes = [a for a in h.game.legal(h.state, 0) if a.get("shake")]
        if shakes:
            break
    else:
        pytest.fail("no shake in 200 deals")
    table: GoStopTable = h.table  # type: ignore[assignment]
    target = shakes[0]
    hand = list(h.game.view(h.state, 0)["hand"])
    if table.zone.get(0) == "menu":
        key(h, "alt")
    key(h, "right", (hand.index(target["card"]) - table.controls.inputs[0].cursor) % len(hand))
    assert key(h, "confirm") == []
    assert table.zone.get(0) == "menu" and table.picking.picked.get(0) == target["card"]
    entries = table.menu_entries(0)
    assert entries[-1][0] == "Cancel"
    index = next(i for i, e in enumerate(entries) if e[2] == target)
    key(h, "right", (index - table.menu_focus.get(0, 0)) % len(entries))
    assert key(h, "confirm") == [(0, target)]
    assert h.sent == 1


def test_rummy_a_button_held_back_acts_by_no_key_pad_or_click() -> None:
    """Enter on Draw while the card just drawn still flew into the hand (Draw not drawn: its seat's
    buttons wait for the cards) drew again; a button not drawn acts by no key, pad button or click."""
    h = Harness("rummy", 3, 0)
    assert h.bot_turns()
    table: RummyTable = h.table  # type: ignore[assignment]
    assert table.keys.zone == "menu" and key(h, "confirm") == [(0, {"type": "draw"})]
    h.ticks(2)
    draw = find_button(table, {"type": "draw"})
    assert draw is not None and draw.focus and table.arriving(0) and not table.offered(draw)
    assert key(h, "confirm") == [] and h.command("confirm", device="pad0") == [] and h.click(draw.rect.center) == []
    assert h.sent == 1
    key(h, "down")  # to the hand: a card is selected (no button in that)
    key(h, "confirm")
    key(h, "up")  # to the table, on the new meld's place: its "+ new" is held back too
    new = find_button(table, hit=("to", None))
    assert table.keys.current() == ("to", None) and not table.offered(new)
    assert key(h, "confirm") == [] and table.editor.has_selection() and not table.editor.melds()
    h.ticks(120)
    assert table.offered(new) and key(h, "confirm") == [] and len(table.editor.melds()) == 1
    table.keys.focus_button(action={"type": "draw"})
    assert table.offered(draw) and key(h, "confirm") == [(0, {"type": "draw"})]


def test_go_stop_a_button_held_back_is_not_pressed_by_enter() -> None:
    """A rising label over the focused button holds it back (it is drawn over the buttons): Enter then
    does nothing, and presses it once the label has gone."""
    from cardtable.arcade.anim import Effect

    for seed in range(200):
        h = Harness("go_stop", 2, seed)
        if h.bot_turns() and any(a.get("shake") for a in h.game.legal(h.state, 0)):
            break
    else:
        pytest.fail("no shake in 200 deals")
    table: GoStopTable = h.table  # type: ignore[assignment]
    target = next(a for a in h.game.legal(h.state, 0) if a.get("shake"))
    hand = list(h.game.view(h.state, 0)["hand"])
    if table.zone.get(0) == "menu":
        key(h, "alt")
    key(h, "right", (hand.index(target["card"]) - table.controls.inputs[0].cursor) % len(hand))
    key(h, "confirm")
    entries = table.menu_entries(0)
    index = next(i for i, e in enumerate(entries) if e[2] == target)
    key(h, "right", (index - table.menu_focus.get(0, 0)) % len(entries))
    button = find_button(table, target)
    table.effects.add(Effect("float", "+1 junk", button.rect.center, size=0.6))
    assert not table.offered(button) and key(h, "confirm") == []
    h.ticks(400)
    assert table.offered(button) and key(h, "confirm") == [(0, target)]


def test_go_stop_score_lines_on_the_plates_read_at_the_smallest_window() -> None:
    """At 960x540 an opponent's "brights 3 · red poem 3 · junk 5" was set at 10 px to fit its plate: the
    score lines are 12 px or more, wrapped where the plate has room (yours), cut with "…" where it
    has not (an opponent's: the score line above gives the total), and inside their plates."""
    from cardtable.arcade import layout

    h = Harness("go_stop", 3, 4, size=(960, 540))
    view = dict(h.game.view(h.state, 0))
    view["score_parts"] = [{"brights": 3, "animals": 2, "ribbons": 1, "junk": 5},
                           {"brights": 3, "red_poem": 3, "junk": 5}, {"godori": 5, "animals": 2, "plain_red": 3}]
    h.table.set_view(0, view, h.game.legal(h.state, 0), [])
    with layout.text_sizes() as sizes, layout.recording() as items:
        h.table.draw(h.surface, 1.0)
    lines = [(text, px) for text, px in sizes if "\u00b7" in text or text.endswith("\u2026")]
    assert lines and all(round(px) >= 12 for _, px in lines), lines
    assert any(text.endswith("\u2026") for text, _ in lines)
    plates = {d.name: d.box for d in items if d.name.startswith("plate ")}
    for d in items:
        if d.kind == "label" and ("\u00b7" in d.name or d.name.endswith("\u2026")):
            assert plates[d.owner].contains(d.box), (d.name, d.rect, d.owner)
