"""What the Go-Stop table keeps or makes ready so that a new view costs little: the scoreboard's pieces'
noted drawing (arcade/tables/go_stop/scoreboard.py, Pieces: a new view notes again only the pieces
whose inputs changed, and a piece added from its kept notes gives the same operations, layout reports
and text sizes as noting it afresh), and the glyphs of the result panel's text sizes."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.layer import Notebook, Op, noting


def _noted(table: Any, fresh: bool) -> tuple[list[tuple], list[tuple], list[tuple[str, float]], list[Op]]:
    """What the scoreboard notes (each operation's key, the reports, the text sizes, the operations),
    from its kept pieces or (``fresh``) from none."""
    if fresh:
        table.scoreboard.pieces.clear()
    book = Notebook(table.size)
    with layout.recording() as drawn, layout.text_sizes() as sizes, noting(book):
        table.scoreboard.draw(book)
    return ([op.key for op in book.ops], [(d.kind, d.rect, d.name, d.owner) for d in drawn], list(sizes),
            book.ops)


def test_kept_pieces_note_what_noting_afresh_notes() -> None:
    from cardtable.arcade.app import App
    from cardtable.arcade.loop import TICK
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session

    pygame.init()
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    session = direct_session("go_stop", 5, None, 10)
    app.session = session
    scene = TableScene(app)
    app.push(scene)
    checked = reused = 0
    for i in range(120):
        if i % 4 == 3 and session.result is None:
            session.bot_step()
        app.tick(TICK)
        app.render(0.5)
        table = scene.table
        if i % 8 != 4 or table is None or table.me is None:
            continue
        if i == 60:
            table.card_scale = 1.2  # other sizes: other pieces
        kept = _noted(table, False)
        again = _noted(table, False)
        fresh = _noted(table, True)
        assert kept[:3] == fresh[:3]
        assert again[:3] == kept[:3]
        players = table.seating.players  # drawn straight each time: the bands and the plates' panels
        assert len({id(op) for op in kept[3]} - {id(op) for op in again[3]}) == 2 * players - 1  # the rest: kept
        reused += not {id(op) for op in kept[3]} & {id(op) for op in fresh[3]}
        checked += 1
    app.shutdown_quietly()
    assert checked >= 10 and reused == checked  # (cleared, every piece was noted afresh)


def test_the_warm_up_expects_the_result_panels_text_sizes_at_each_window_size() -> None:
    from cardtable.arcade import fonts
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables import make_table

    pygame.init()
    table = make_table("go_stop", [0], CardArt(), (1920, 1080))
    title = fonts.point_size(round(34 * table.u))
    assert title in table.warmup.expected() and title not in table.warmup.in_use
    table.resize((1280, 720))
    assert fonts.point_size(34) in table.warmup.expected() and title not in table.warmup.expected()
