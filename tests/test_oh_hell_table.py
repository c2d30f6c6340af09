"""Oh Hell's table at 960x540 (issue 22 item 2): the bid waits for the hand to land, the score sheet's
text is 12 px or more and the final sheet covers no plate nor a plate's chip (the turn clock's
seconds); a seat's "bids N" rises clear of the cards lying there and of the plates (the last hand's trick can still lie
on the felt while the next hand is bid)."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.arcade import layout
from cardtable.arcade.cardart import CardArt
from cardtable.arcade.input import Command
from cardtable.arcade.tables import make_table
from cardtable.engine import get_game


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def table_after(players: int, size: tuple[int, int], until: str, seed: int = 1):
    game = get_game("oh_hell")
    state = game.new(players, seed, None)
    table = make_table("oh_hell", [0], CardArt(), size)
    table.set_names(["You"] + [f"Bot {s + 1} (normal)" for s in range(1, players)])
    table.set_view(0, game.view(state, 0), game.legal(state, 0), [])
    rng = random.Random(seed)
    while state.phase != "over":
        seat = game.to_act(state)[0]
        events = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        table.set_view(0, game.view(state, 0), game.legal(state, 0), events)
        if until == "bid" and seat != 0 and game.legal(state, 0) and state.phase == "bid" \
                and any(e.get("type") == "deal" for e in events):
            break
    return game, state, table


def test_the_bid_waits_until_the_new_hand_has_landed() -> None:
    game, state, table = table_after(4, (960, 540), "bid")
    while table.pacing.dealing():  # the last trick leaves the middle, then the new hand is dealt
        table.tick(1 / 60)
    assert game.legal(state, 0) and not table.buttons  # the cards are still coming
    assert table.handle(Command("confirm", "keyboard"), 0) == []  # nothing bid blind
    for _ in range(600):
        table.tick(1 / 60)
    hand = table.view["hand"]
    assert all(table.motion.known(c) and c not in table.motion.moving_keys() for c in hand)
    assert [b.label for b in table.buttons][:1] == ["0"]
    assert table.handle(Command("confirm", "keyboard"), 0)


@pytest.mark.parametrize("players", [3, 4, 5, 7])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_final_sheet_reads_and_covers_no_plate(players, size) -> None:
    _game, _state, table = table_after(players, size, "over")
    table.set_badges({s: "15 s" for s in range(players)})
    surface = pygame.Surface(size)
    for _ in range(400):  # the last trick flown, the banners gone
        table.tick(1 / 60)
    for _ in range(2):  # (a chip is placed from the frame before)
        table.draw(surface, 1.0)
    with layout.recording() as items:
        table.draw(surface, 1.0)
    sheet = next(d for d in items if d.name == "score sheet")
    texts = [d for d in items if d.kind == "label" and d.owner == "score sheet"]
    assert texts and min(d.box.height for d in texts) >= 12, sorted(d.box.height for d in texts)[:3]
    covered = [d.name for d in items if d.kind in ("panel", "badge") and d.name != "score sheet"
               and d.owner != "score sheet" and d.box.colliderect(sheet.box)]
    assert covered == [], covered
    assert layout.problems(items, size) == []


@pytest.mark.parametrize("players", [3, 4, 5, 7])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_bid_rises_clear_of_the_cards_and_the_plates(players, size) -> None:
    game = get_game("oh_hell")
    state = game.new(players, 5, None)
    table = make_table("oh_hell", [0], CardArt(), size)
    table.set_names(["You"] + [f"Bot {s + 1} (normal)" for s in range(1, players)])
    table.set_view(0, game.view(state, 0), game.legal(state, 0), [])
    rng, surface = random.Random(5), pygame.Surface(size)
    seen = 0
    while state.hand_index < 3:
        seat = game.to_act(state)[0]
        events = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        table.set_view(0, game.view(state, 0), game.legal(state, 0), events)
        for tick in range(30):  # a brisk bot: the next action half a second later
            table.tick(1 / 60)
            if tick % 5:
                continue
            with layout.recording() as items:
                table.draw(surface, 1.0)
                table.draw_callouts(surface)
            rising = [d for d in items if d.name.startswith("rising bids")]
            seen += len(rising)
            others = [d for d in items if (d.kind == "cards" and not layout.in_motion(d)) or d.name.startswith("plate")]
            assert [(b.describe(), o.describe()) for b in rising for o in others if b.box.colliderect(o.box)] == []
    assert seen  # the bids were said
