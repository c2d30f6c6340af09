"""Tractor's static drawing keeps its pieces' notes (the info panel, the last trick's corner panel,
the "S" chips: arcade/tables/parts/layer.py, Pieces): a new view notes again only the pieces whose
inputs changed, and a piece added from its kept notes gives the same operations, layout reports and
text sizes as noting it afresh."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.layer import Notebook, Op, noting


def _noted(table: Any, fresh: bool) -> tuple[list[tuple], list[tuple], list[tuple[str, float]], list[Op]]:
    """What the static drawing notes (each operation's key, the reports, the text sizes, the
    operations), from the kept pieces or (``fresh``) from none."""
    if fresh:
        table.scoreboard.pieces.clear()
        table.last_trick.pieces.clear()
    book = Notebook(table.size)
    with layout.recording() as drawn, layout.text_sizes() as sizes, noting(book):
        table.draw_static(book)
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
    session = direct_session("tractor", 7, None, 100)
    app.session = session
    scene = TableScene(app)
    app.push(scene)
    checked = reused = 0
    for i in range(480):  # tricks played out, points taken
        if i % 2 == 1 and session.result is None:
            session.bot_step()
        app.tick(TICK)
        app.render(0.5)
        table = scene.table
        if i % 12 != 4 or table is None or table.me is None:
            continue
        if i == 244:
            table.card_scale = 1.2  # other sizes: other pieces
        kept = _noted(table, False)
        again = _noted(table, False)
        fresh = _noted(table, True)
        assert kept[:3] == fresh[:3]
        assert again[:3] == kept[:3]
        reused += bool({id(op) for op in kept[3]} & {id(op) for op in again[3]})
        assert not {id(op) for op in kept[3]} & {id(op) for op in fresh[3]}  # (cleared: all noted afresh)
        checked += 1
    app.shutdown_quietly()
    assert checked >= 35 and reused == checked
