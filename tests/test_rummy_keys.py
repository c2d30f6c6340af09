"""Manipulation Rummy by keyboard and pad (issue 22 item 5): on the table the keys move meld by meld,
a table card is picked up only after the open key (E, a pad's RB) stepped into its meld, Back clears a
selection, then leaves the meld, and only then opens the menu; the Hint builds one meld a step (each
step a whole table, said on the prompt line, no message over that line); melds sit in the middle."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.engine.rummy import meld_move_problem, parse_entry
from tests.test_tables_hint import table_scene
from tests.test_tables_turn_games import Harness, key, rummy_position

TABLE = [["5H", "6H", "7H"], ["QS", "QD", "QC"], ["2S", "3S", "4S", "5S"]]
HAND = ["8H", "9S", "9D", "9C", "JK", "2C", "KD", "KH"]


def on_table(h: Harness) -> None:
    """The keys to the table's first meld (Tab walks hand -> table -> buttons)."""
    for _ in range(3):
        if h.table.keys.zone == "table":
            break
        key(h, "alt")
    h.table.keys.go_to_meld(0)
    assert h.table.keys.current() == ("meld", 0)


def test_left_and_right_jump_from_meld_to_meld() -> None:
    h = rummy_position(TABLE, HAND)
    keys = h.table.keys
    on_table(h)
    walked = []
    for _ in range(4):
        key(h, "right")
        walked.append(keys.current())
    assert walked == [("meld", 1), ("meld", 2), ("to", None), ("meld", 0)]
    key(h, "left")
    assert keys.current() == ("to", None)


def test_enter_on_a_meld_never_picks_up_its_cards() -> None:
    h = rummy_position(TABLE, HAND)
    on_table(h)
    key(h, "right")
    key(h, "confirm")
    assert not h.table.editor.sel_table and h.table.editor.work is None
    assert any("E to pick from this meld" in t.text for t in h.table.toasts)


def test_the_open_key_walks_a_melds_cards_and_enter_picks_one_up() -> None:
    h = rummy_position(TABLE, HAND)
    table = h.table
    on_table(h)
    key(h, "right")
    key(h, "pile_b")
    assert table.keys.current() == ("tile", 1, 0)
    key(h, "right")
    assert table.keys.current() == ("tile", 1, 1)  # inside, Right walks the meld's cards
    key(h, "confirm")
    assert table.editor.sel_table == {(1, 1)}
    key(h, "pile_b")  # out again: Right jumps melds
    assert table.keys.current() == ("meld", 1)
    key(h, "right", 2)
    assert table.keys.current() == ("to", None)
    key(h, "confirm")
    assert [[t.text for t in m] for m in table.editor.work] == [*TABLE[:1], ["QS", "QC"], TABLE[2], ["QD"]]
    assert table.keys.current() == ("meld", 3), "the keys stay with the meld just made"


def test_a_hand_card_onto_a_meld_and_the_meld_sent_by_keys() -> None:
    h = rummy_position([["5H", "6H", "7H"]], ["8H", "2C", "KD"])
    table = h.table
    while table.keys.zone != "hand":
        key(h, "alt")
    hand = table.editor.hand_left()
    key(h, "right", (hand.index("8H") - table.controls.inputs[0].cursor) % len(hand))
    key(h, "confirm")
    assert table.editor.sel_hand == {hand.index("8H")}
    key(h, "up")
    assert table.keys.current() == ("meld", 0)
    key(h, "confirm")
    assert [t.text for t in table.editor.work[0]] == ["5H", "6H", "7H", "8H"]
    while table.keys.zone != "menu":
        key(h, "alt")
    entries = table.action_buttons.entries()
    index = next(i for i, e in enumerate(entries) if e[3] == ("meld",))
    key(h, "right", (index - table.keys.menu_focus) % len(entries))
    assert key(h, "confirm") == [(0, {"type": "meld", "table": [["5H", "6H", "7H", "8H"]]})]
    assert h.sent == 1


def test_the_key_bar_names_the_open_key_and_what_enter_does_there() -> None:
    h = rummy_position(TABLE, HAND)
    table = h.table
    on_table(h)
    words = [w for _k, w in filter(None, table.key_hints(table.keys.current()))]
    assert "pick from meld" in words and "pick up" not in words
    key(h, "pile_b")
    words = [w for _k, w in filter(None, table.key_hints(table.keys.current()))]
    assert "pick up" in words and "leave meld" in words


# -- in the app: real keys and a pad -------------------------------------------------------------


@pytest.fixture()
def app(lan_app):
    return lan_app


def rummy_scene(app):
    """A table scene at seat 0's turn, the table and hand of :data:`TABLE` and :data:`HAND` (seat 0
    draws once, so it may meld)."""
    scene = table_scene(app, "rummy")
    state = app.session.state
    state.hands[0], state.table = list(HAND), [list(m) for m in TABLE]
    app.session.send(0, {"type": "draw"})
    app.step(120)  # the drawn card lands (until then the seat's buttons, "+" included, wait for it)
    assert scene.table.can_meld()
    return scene


def keyboard(app, *names: str) -> None:
    for name in names:
        k = getattr(pygame, f"K_{name}")
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            app.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
        app.step(2)


def test_esc_clears_the_selection_then_leaves_the_meld_then_opens_the_menu(app) -> None:
    from cardtable.arcade.scenes.table import TableScene

    scene = rummy_scene(app)
    table = scene.table
    table.keys.go_to_meld(1)
    keyboard(app, "e", "RETURN")
    assert table.editor.sel_table == {(1, 0)}
    keyboard(app, "ESCAPE")
    assert not table.editor.sel_table and table.keys.current() == ("tile", 1, 0)
    assert isinstance(app.scenes[-1], TableScene)
    keyboard(app, "ESCAPE")
    assert table.keys.current() == ("meld", 1)
    assert isinstance(app.scenes[-1], TableScene), "Esc opened the menu while the keys were in a meld"
    keyboard(app, "ESCAPE")
    assert not isinstance(app.scenes[-1], TableScene), "Esc with nothing to clear opens the menu"


def test_by_pad_a_table_card_moves_to_a_new_meld_and_a_hand_card_onto_a_meld(app) -> None:
    scene = rummy_scene(app)
    table = scene.table
    pad = 7
    app.mapper.controllers[pad] = object()

    def press(*buttons: int) -> None:
        for button in buttons:
            for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                app.post(pygame.event.Event(kind, button=button, instance_id=pad))
            app.step(2)

    right, up, a, b, rb, y = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_UP,
                              pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
                              pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_Y)
    while table.keys.zone != "table":
        press(y)
    table.keys.go_to_meld(0)
    press(right)
    assert table.keys.current() == ("meld", 1)
    press(a)
    assert not table.editor.sel_table, "A on a meld picked a card up"
    press(rb, right, a)  # into the queens, the second, picked up
    assert table.editor.sel_table == {(1, 1)}
    press(rb, right, right, a)  # out, past the spades to the new meld's place, put there
    assert [t.text for t in table.editor.work[-1]] == ["QD"]
    assert table.keys.current() == ("meld", 3)
    press(rb, b)  # B leaves a meld's cards before it opens the menu
    assert app.scenes[-1] is scene and table.keys.current() == ("meld", 3)
    while table.keys.zone != "hand":
        press(y)
    hand = table.editor.hand_left()
    for _ in range((hand.index("8H") - table.controls.inputs[0].cursor) % len(hand)):
        press(right)
    press(a, up)
    assert table.keys.zone == "table"
    table.keys.go_to_meld(0)
    press(a)
    assert [t.text for t in table.editor.work[0]] == ["5H", "6H", "7H", "8H"]


# -- the Hint, the prompt line and the middle of the table ----------------------------------------


def whole(h: Harness) -> list[list[str]]:
    return [[t.text for t in m] for m in h.table.editor.work]


def test_the_hint_builds_one_meld_a_step_each_a_whole_table() -> None:
    h = rummy_position(TABLE, HAND)
    table = h.table
    dealt = [[parse_entry(e) for e in m] for m in TABLE]
    tables = []
    for _ in range(5):
        table.action_buttons.press(0, ("hint",), None)
        tables.append(whole(h))
    assert table.editor.note.startswith("That is the whole hint")
    assert tables[-1] == tables[-2], "the last steps change nothing"
    built = [t for i, t in enumerate(tables) if i == 0 or t != tables[i - 1]]
    assert len(built) == 3
    for before, after in zip([TABLE, *built], built, strict=False):
        changed = [m for m in after if m not in before]
        assert len(changed) == 1, (before, after)  # one meld a step here (no melds share cards)
        problem = meld_move_problem(dealt, [[parse_entry(e) for e in m] for m in after], HAND)
        assert problem is None, (after, problem)


@pytest.mark.parametrize("seed", range(6))
def test_every_hint_step_is_a_table_the_host_takes(seed: int) -> None:
    """Random positions from bot play: after each step the pending table is one the engine accepts,
    and the last step is the solver's arrangement."""
    from cardtable.engine.bots import get_bot

    h = Harness("rummy", 3, seed)
    rng = random.Random(seed)
    bots = [get_bot("rummy", "normal") for _ in range(3)]
    checked = 0
    for _ in range(400):
        game, state = h.game, h.state
        if game.result(state) is not None or checked >= 3:
            break
        seat = game.to_act(state)[0]
        legal = game.legal(state, seat)
        if seat == 0 and any(a["type"] == "meld" for a in legal) and state.table:
            h.push([])
            if h.table.editor.hint_step() is not None:
                checked += 1
                while True:
                    pending = [[parse_entry(e) for e in m] for m in whole(h)]
                    problem = meld_move_problem(state.table, pending, state.hands[0])
                    assert problem is None, (state.table, state.hands[0], whole(h), problem)
                    if h.table.editor.hint_step() is None:
                        break
                h.table.editor.reset()
        action = bots[seat].choose(game.view(state, seat), legal, rng)
        game.apply(state, seat, action)
    assert checked, "no position to hint"


def test_the_hint_is_said_on_the_prompt_line_and_messages_keep_off_that_line() -> None:
    h = rummy_position(TABLE, HAND)
    table = h.table
    for size in ((960, 540), (1280, 720)):
        table.resize(size)
        table.action_buttons.press(0, ("hint",), None)
        table.toasts.add("Select cards first (from your hand or the table)")
        table.toasts.add("Only cards from your hand can go back")
        h.ticks(2)
        table.draw(pygame.Surface(size), 1.0)
        prompt = [pygame.Rect(d.rect) for d in table.reporter.drawn if d.name.startswith("Hint ")]
        assert len(prompt) == 1, "the Hint step is said on the prompt line"
        assert prompt[0].collidelist(table.toasts.areas()) < 0, "a message covers the prompt line"
        assert not any(t.text.startswith("Hint") for t in table.toasts)
        table.editor.reset()


def test_melds_are_laid_out_from_the_middle_of_the_table() -> None:
    for melds in (TABLE[:1], TABLE):
        h = rummy_position(melds, HAND)
        table = h.table
        area = table.seating.table_area()
        cards = [s.rect for s in table.sprites if s.group.startswith("meld")]
        box = cards[0].unionall(cards[1:])
        for button in table.buttons:  # the "+" places and the new meld's
            if button.hit and button.hit[0] == "to":
                box.union_ip(button.rect)
        assert abs(box.centerx - area.centerx) <= 2 and abs(box.centery - area.centery) <= 2, (box, area)


def test_h_builds_the_hard_bots_meld_a_step_at_a_time_and_enter_follows_it() -> None:
    """The Hint key's suggestion (the hard bot's table) is built like the Hint button's, the keys on
    Hint so that Enter builds the next step, then on Meld so that Enter plays it."""
    from cardtable.engine.bots.hint import hint

    h = rummy_position(TABLE, HAND)
    table = h.table
    tip = hint("rummy", h.game.view(h.state, 0), h.game.legal(h.state, 0))
    assert tip is not None and tip.action["type"] == "meld"
    table.hint_plate.show(0, tip)
    assert table.editor.note.startswith("Hint 1 of ")
    sent: list = []
    for _ in range(8):
        sent = key(h, "confirm")
        if sent:
            break
    assert sent and sent[0][1]["type"] == "meld"
    assert sorted(map(sorted, sent[0][1]["table"])) == sorted(map(sorted, tip.action["table"]))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_hand_cursor_over_a_picked_card_clears_the_button_row(size) -> None:
    """Seen under Xvfb: the keys' marker over a card of the hand went under the Meld button (a picked
    card lifts it higher still), so that by keys the cursor in the hand was a yellow nub under it."""
    from cardtable.arcade import layout
    from tests.test_tables_turn_games import Harness

    h = Harness("rummy", 2, 31, size=size)
    h.state.turn, h.state.phase, h.state.drawn = 0, "turn", 1
    h.state.hands[0], h.state.table = list(HAND), [list(m) for m in TABLE]
    h.push([])
    h.ticks(120)
    table = h.table
    found = []
    for step in ("down", "confirm", "right", "confirm"):  # into the hand, pick, next, pick
        key(h, step)
        h.ticks(30)
        assert table.keys.zone == "hand"
        with layout.recording() as items:
            table.draw(h.surface, 0.5)
        assert any(d.name == "cursor" for d in items)
        found += [f"after {step}: {p}" for p in layout.problems(items, size)]
    assert found == []
