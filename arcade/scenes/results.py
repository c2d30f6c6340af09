"""The end of a game: the ranking, the score sheet hand by hand (or round by round), and what next.

The same screen shows a game from the History (``entry``): then its buttons are "Watch the replay",
"Forget it" and "Back". The sheet scrolls with up/down when it has the focus, and with the wheel.
With the game's log and one local seat, "What decided it for you" lists the moments of
engine.coach.review (two on a short window), each with "Watch this moment": the replay at that action.
The review is worked out off the frame (:class:`ReviewJob`: "Reviewing..." until it is ready).

After each hand that does not end the game, :class:`HandReviews` opens :class:`HandReviewScene` over
the table: that hand's moments, "Watch this moment" for each, and "Next hand" (the game waits meanwhile
where it can: the pause menu's rule).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import SMALL_BUTTON, MenuScene
from cardtable.arcade.scoresheet import Sheet, score_sheet
from cardtable.arcade.tables.parts.recap import clip


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sheet: Sheet, scroll: int, size: int) -> int:
    """Draw ``sheet`` in ``rect`` (headings, rows from ``scroll``, the totals pinned at the bottom);
    returns the most it can scroll (rows hidden below). A sheet that scrolls gets a bar in a gutter of
    its own at the right ("more below" written there used to sit on the last row's score)."""
    line = int(size * 1.55)
    columns = len(sheet.columns)
    if not columns:
        return 0
    body_top = rect.y + line + 4
    body_bottom = rect.bottom - (line + 6 if sheet.totals else 0)
    fits = max(1, (body_bottom - body_top) // line)
    most = max(0, len(sheet.rows) - fits)
    scroll = max(0, min(scroll, most))
    gutter = max(12, round(size * 0.9)) if most else 0
    table = pygame.Rect(rect.x, rect.y, rect.width - gutter, rect.height)
    first = max([ui_theme.font(size).size(row[0])[0] for row in sheet.rows if row] + [
        ui_theme.font(size, True).size(sheet.columns[0])[0], ui_theme.font(size, True).size(sheet.totals[0] if sheet.totals else "")[0]])
    first = min(first + 16, int(table.width * 0.42))
    rest = (table.width - first) / max(1, columns - 1)
    xs = [table.x] + [int(table.x + first + rest * i) for i in range(columns - 1)]
    widths = [first] + [int(rest)] * (columns - 1)

    def cell(text: str, col: int, y: int, colour: str, bold: bool = False) -> None:
        px = size
        while px > 11 and ui_theme.font(px, bold).size(text)[0] > widths[col] - 8:
            px -= 1
        if col == 0:
            ui_theme.text(surface, text, px, (xs[0] + 4, y + line // 2), colour, anchor="midleft", bold=bold)
        else:
            ui_theme.text(surface, text, px, (xs[col] + widths[col] // 2, y + line // 2), colour, anchor="center", bold=bold)

    for col, heading in enumerate(sheet.columns):
        cell(heading, col, rect.y, "muted", bold=True)
    pygame.draw.line(surface, (63, 122, 96), (rect.x, rect.y + line), (rect.right, rect.y + line), 1)
    for i, row in enumerate(sheet.rows[scroll:scroll + fits]):
        y = body_top + i * line
        if (scroll + i) % 2 == 0:
            shade = pygame.Surface((table.width, line), pygame.SRCALPHA)
            shade.fill((255, 255, 255, 12))
            surface.blit(shade, (table.x, y))
        for col, text in enumerate(row[:columns]):
            cell(text, col, y, "ink")
    if not sheet.rows:
        ui_theme.text(surface, "No hand-by-hand sheet for this game", size, (rect.centerx, body_top + line),
                      "muted", anchor="midtop")
    if most:
        track = pygame.Rect(table.right, body_top, gutter, fits * line)
        _scroll_bar(surface, track, scroll, fits, len(sheet.rows))
    if sheet.totals:
        y = rect.bottom - line
        pygame.draw.line(surface, (63, 122, 96), (rect.x, y - 3), (rect.right, y - 3), 1)
        for col, text in enumerate(sheet.totals[:columns]):
            cell(text, col, y, "accent_bright", bold=True)
    return most


def _scroll_bar(surface: pygame.Surface, track: pygame.Rect, first: int, shown: int, rows: int) -> None:
    """A thin bar in ``track``: its thumb the rows shown of ``rows``; a triangle at an end with more beyond."""
    accent = ui_theme.colour("accent")
    cx = track.centerx
    arrow = max(4, track.width // 3)
    lane = pygame.Rect(cx - 2, track.y + arrow * 2 + 2, 4, track.height - arrow * 4 - 4)
    pygame.draw.rect(surface, (63, 122, 96), lane, border_radius=2)
    top = lane.y + round(lane.height * first / rows)
    thumb = pygame.Rect(cx - 3, top, 6, max(8, round(lane.height * shown / rows)))
    thumb.bottom = min(thumb.bottom, lane.bottom)
    pygame.draw.rect(surface, accent, thumb, border_radius=3)
    if first > 0:
        pygame.draw.polygon(surface, accent, [(cx - arrow, track.y + arrow * 2), (cx + arrow, track.y + arrow * 2),
                                              (cx, track.y)])
    if first + shown < rows:
        pygame.draw.polygon(surface, accent, [(cx - arrow, track.bottom - arrow * 2),
                                              (cx + arrow, track.bottom - arrow * 2), (cx, track.bottom)])
    layout.report("badge", track, "sheet scroll bar")


class ResultsScene(MenuScene):
    name = "results"
    title = "Game over"
    panel_width = 1180
    header_lines = 2

    def __init__(self, app: Any, result: dict[str, Any], names: list[str], game_title: str,
                 local_seats: list[int], config: Any = None, *, game_name: str = "", log: str | None = None,
                 entry: Any = None, executor: Executor | None = None) -> None:
        super().__init__(app)
        self.result = result or {}
        self.names = names
        self.game_title = game_title
        self.game_name = game_name
        self.local_seats = local_seats
        self.config = config
        self.log = log
        self.entry = entry  # a netplay.history.Finished: this is the History's view of an old game
        if entry is not None:
            self.title = entry.title
        scores = list(self.result.get("scores") or [])
        self.scores = scores
        self.winners = set(self.result.get("winners") or [])
        self.order = sorted(range(len(scores)), key=lambda s: (s not in self.winners, -_num(scores[s])))
        self.sheet = score_sheet(game_name, self.result, [self.short(s) for s in range(len(names))])
        self.scroll = 0
        self.max_scroll = 0
        self.sheet_rect = pygame.Rect(0, 0, 0, 0)
        self.rank_rect = pygame.Rect(0, 0, 0, 0)
        self.moments: list[Any] = []
        self.job = ReviewJob(self.review, executor) if self.reviewable() else None
        self.moment_rects: list[pygame.Rect] = []
        self.shown_moments: list[Any] = []
        self.reviewing_rect = pygame.Rect(0, 0, 0, 0)

    @classmethod
    def examples(cls, app: Any) -> Iterator[ResultsScene]:
        from cardtable.arcade.session import BOT, YOU, SeatSpec, TableConfig

        config = TableConfig(game="oh_hell", players=4, seats=[SeatSpec(YOU)] + [SeatSpec(BOT)] * 3, seed=1)
        names = ["You", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"]
        sheet = [{"cards": n, "trump": "S", "bids": [1, 0, 0, 1], "tricks": [1, 0, 1, 0], "points": [11, 10, 0, 0]}
                 for n in range(1, 15)]
        yield cls(app, {"scores": [68, 75, 75, 65], "winners": [1, 2], "sheet": sheet}, names, "Oh Hell", [0], config,
                  game_name="oh_hell")
        yield cls(app, {"scores": [0, 1], "winners": [1]}, ["Player 1", "Player 2"], "Speed", [0, 1], None)
        yield cls.example_reviewed(app)

    @classmethod
    def example_reviewed(cls, app: Any, executor: Executor | None = None) -> ResultsScene:
        """An Oh Hell game by bots, seat 0 as "You": its review has moments to watch."""
        import tempfile

        from cardtable.arcade.shot import bot_game_log
        from cardtable.netplay.replay import Replay

        log = bot_game_log("oh_hell", 1, 4, f"{tempfile.mkdtemp(prefix='cardtable-results-')}/game.ctlog")
        replay = Replay(log)
        names = ["You", *replay.names[1:]]
        return cls(app, replay.final_result or {}, names, "Oh Hell", [0], None, game_name="oh_hell", log=log,
                   executor=executor or INLINE)

    def reviewable(self) -> bool:
        """One local seat and the game's log: there is a review to work out."""
        return len(self.local_seats) == 1 and bool(self.log) and _exists(self.log)

    def review(self) -> list[Any]:
        """The moments that decided the game for the one local seat (engine.coach.review), read from
        the game's log from that seat's side (on the review's worker: a long Tractor game takes a
        second or two)."""
        if not self.reviewable():
            return []
        from cardtable.engine.coach.review import review
        from cardtable.netplay.replay import LogError, load

        seat = self.local_seats[0]
        try:
            replay = load(str(self.log))
            return review(replay.game.name, seat, replay.turns(seat), [self.short(s) for s in range(len(self.names))])
        except (LogError, OSError, ValueError, KeyError):
            return []

    def player(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) and self.names[seat] else f"Seat {seat + 1}"
        if name.endswith(" bot"):
            name = f"Bot {seat + 1} ({name[:-4]})"
        elif self.names.count(name) > 1:
            name = f"{name} · seat {seat + 1}"
        if seat in self.local_seats and len(self.local_seats) == 1 and name.lower() != "you":
            name += " (you)"
        return name

    def short(self, seat: int) -> str:
        """The sheet's column heading: "You", a name, or "Bot 2"."""
        if seat in self.local_seats and len(self.local_seats) == 1:
            return "You"
        name = self.names[seat] if seat < len(self.names) and self.names[seat] else f"Seat {seat + 1}"
        if name.startswith("Bot ") and "(" in name:
            return name.split(" (")[0]
        if name.endswith(" bot"):
            return f"Bot {seat + 1}"
        return name

    def build(self) -> None:
        w, h = self.app.size
        top = max(self.vy(150), self.content_top() + 4)
        buttons_h = self.fit_rows(1, top, 52)
        bottom = h - 84 - buttons_h - 18
        small = h < 640
        moment_h = 28 if small else 36
        shown = self.moments[:2] if small else self.moments  # a short window: the two that weigh most
        if small and len(self.moments) > 2:
            shown = sorted(sorted(self.moments, key=lambda m: (m.kind != "blunder", -m.weight))[:2],
                           key=lambda m: m.step)
        review_h = len(shown) * (moment_h + 6) + 30 if shown else 0
        if self.job is not None:  # "Reviewing...": one row until the moments are ready
            review_h = moment_h + 6 + 30
        bottom -= review_h
        width = min(self.panel_width, w - 80)
        x = (w - width) // 2
        rank_w = max(250, int(width * 0.32))
        rows = max(1, len(self.order))
        self.row_gap = 4 if small and shown else 8
        self.row_height = max(22 if small else 30, min(46, (bottom - top - 20) // rows - self.row_gap))
        self.rank_rect = pygame.Rect(x, top, rank_w, bottom - top)
        self.sheet_rect = pygame.Rect(x + rank_w + 24, top, width - rank_w - 24, bottom - top)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        y = bottom + 22 + review_h
        entries = self.actions()
        gap = 16
        bw = (width - gap * (len(entries) - 1)) // len(entries)
        for i, (text, callback, name, enabled) in enumerate(entries):
            self.button(pygame.Rect(x + i * (bw + gap), y, bw, buttons_h), text, callback, name=name,
                        big=i == 0 and enabled, enabled=enabled)
        self.shown_moments = shown
        self.reviewing_rect = pygame.Rect(x, bottom + 22 + 26, width, moment_h) if self.job is not None \
            else pygame.Rect(0, 0, 0, 0)
        self.moment_rects = []
        watch_w = 220 if w < 1100 else 240
        for k, moment in enumerate(shown):  # after the buttons: the focus starts on "Play again"
            row = pygame.Rect(x, bottom + 22 + 26 + k * (moment_h + 6), width, moment_h)
            self.moment_rects.append(row)
            self.button(pygame.Rect(row.right - watch_w, row.y, watch_w, moment_h), "Watch this moment",
                        lambda step=moment.step: self.watch(step), name=f"moment_{k}")
        self.ring.add(_sheet_item(self.sheet_rect, self.next_page))  # after the buttons: the focus starts on one
        self.col = self.rank_rect
        self.table_top = top + 10

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.job is not None and self.job.done():
            self.moments, self.job = self.job.result(), None
            if self.app.scene is self:
                self.rebuild()  # the moments' rows and their buttons

    def actions(self) -> list[tuple[str, Any, str, bool]]:
        has_log = bool(self.log) and _exists(self.log)
        if self.entry is not None:
            return [("Watch the replay", self.watch, "replay", has_log), ("Forget this game", self.forget, "forget", True),
                    ("Back", self.back, "back", True)]
        return [("Play again", self.again, "again", self.config is not None),
                ("Watch the replay", self.watch, "replay", has_log), ("History", self.history, "history", True),
                ("Main menu", self.menu, "menu", True)]

    def _key(self, seat: int) -> tuple[bool, float]:
        return (seat not in self.winners, -_num(self.scores[seat]) if seat < len(self.scores) else 0.0)

    def place(self, seat: int) -> int:
        """1 for the winners; players with equal scores share a place."""
        return 1 + sum(1 for other in self.order if self._key(other) < self._key(seat))

    def numeric(self) -> bool:
        return self.score_text(self.order[0]).lstrip("-").isdigit() if self.order else False

    def score_text(self, seat: int) -> str:
        """What the right-hand column says for ``seat``: cards left, points, or who won."""
        cards_left = self.result.get("cards_left")
        if isinstance(cards_left, list) and seat < len(cards_left):
            n = cards_left[seat]
            return "out of cards" if n == 0 else f"{n} card{'s' if n != 1 else ''} left"
        if self.scores and all(v == 0 for v in self.scores if isinstance(v, int | float)):
            return "winner" if seat in self.winners else ""
        return str(self.scores[seat]) if seat < len(self.scores) else ""

    def detail(self) -> str:
        parts = []
        reason = self.result.get("reason")
        if reason == "out":
            parts.append("first to play out every card")
        elif isinstance(reason, str) and reason:
            parts.append(reason.replace("_", " "))
        rounds = self.result.get("rounds")
        count = len(rounds) if isinstance(rounds, list) else rounds if isinstance(rounds, int) else None
        if count:
            parts.append(f"{count} round{'s' if count != 1 else ''}")
        sheet = self.result.get("sheet")
        if isinstance(sheet, list) and sheet:
            parts.append(f"{len(sheet)} hands")
        hands = self.result.get("hands")
        if isinstance(hands, int) and hands and not sheet:
            parts.append(f"{hands} hand{'s' if hands != 1 else ''}")
        if self.entry is not None and self.entry.finished:
            parts.append(time.strftime("%d %b %Y, %H:%M", time.localtime(self.entry.finished)))
        return "  ·  ".join(parts)

    # -- what next ----------------------------------------------------------------------------------

    def again(self) -> None:
        from cardtable.arcade import session as sessions
        from cardtable.arcade.scenes.table import TableScene

        config = self.config.again()
        self.app.end_session()
        try:
            self.app.session = sessions.start_local(config, self.app.settings.name, self.app.lan_interfaces)
        except Exception as error:  # stay on the results and say why
            self.app.toast(f"Could not start a new game: {error}")
            return
        if config.lan:  # a LAN table goes back to its lobby so people can sit down again
            from cardtable.arcade.scenes.lobby import LobbyScene

            self.app.replace(LobbyScene(self.app))
        else:
            self.app.replace(TableScene(self.app, auto_start=True))

    def watch(self, at: int = 0) -> None:
        """The replay from the start, or (a review's moment) from the table before action ``at``."""
        from cardtable.arcade.scenes.replay import open_replay

        seat = self.local_seats[0] if len(self.local_seats) == 1 else None
        open_replay(self.app, str(self.log), seat, at)

    def history(self) -> None:
        from cardtable.arcade.scenes.history import HistoryScene

        self.app.end_session()
        self.app.push(HistoryScene(self.app))

    def forget(self) -> None:
        from cardtable.arcade.scenes.confirm import confirm
        from cardtable.netplay import history

        def gone() -> None:
            history.remove(self.entry.id)
            self.app.pop()  # back to the list, which reloads

        self.app.push(confirm(self.app, "Forget this game?",
                                   "It leaves the History and its replay is deleted.", "Forget it", gone))

    def menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        if self.entry is not None:
            self.app.pop()
        else:
            self.menu()

    # -- input ----------------------------------------------------------------------------------------

    def command(self, cmd: Command) -> None:
        focused = self.ring.focused
        if cmd.kind == "wheel":
            self.scroll = max(0, min(self.max_scroll, self.scroll - cmd.amount))
            return
        if focused is not None and focused.name == "sheet" and cmd.kind in ("up", "down"):
            step = -1 if cmd.kind == "up" else 1
            if 0 <= self.scroll + step <= self.max_scroll:
                self.scroll += step
                return
        super().command(cmd)

    def next_page(self) -> None:
        """Confirm on the sheet: the next rows (from the top again after the last)."""
        page = max(1, self.sheet_rect.height // 40)
        self.scroll = 0 if self.scroll >= self.max_scroll else min(self.max_scroll, self.scroll + page)

    def moves_focus(self, direction: str, device: str = "keyboard") -> bool:
        focused = self.ring.focused
        if focused is not None and focused.name == "sheet" and direction in ("up", "down"):
            step = -1 if direction == "up" else 1
            if 0 <= self.scroll + step <= self.max_scroll:
                return False  # it scrolls the sheet
        return super().moves_focus(direction, device)

    def hints(self) -> list[tuple[str, str]]:
        focused = self.ring.focused
        if focused is not None and focused.name == "sheet":
            return [("up", "Scroll"), ("confirm", "Next page"), ("back", "Back" if self.entry is not None else "Main menu")]
        return [("left", "Move"), ("confirm", "Select"), ("back", "Back" if self.entry is not None else "Main menu")]

    # -- drawing ----------------------------------------------------------------------------------------

    def headline(self) -> str:
        mine = [s for s in self.local_seats if s in self.winners]
        if mine and len(self.local_seats) == 1:
            return "You win!" if self.entry is None else "You won"
        if self.winners:
            verb = ("win" if len(self.winners) > 1 else "wins") if self.entry is None else "won"
            return " and ".join(self.player(s) for s in sorted(self.winners)) + f" {verb}"
        return "A draw"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, h = surface.get_size()
        ui_theme.text(surface, f"{self.game_title}  ·  {self.headline()}", 26, (w // 2, self.header_y(0)), "ink",
                      anchor="midtop", bold=True)
        small = h < 640
        ui_theme.panel(surface, self.rank_rect.inflate(20, 20))
        ui_theme.panel(surface, self.sheet_rect.inflate(20, 20))
        self._draw_ranking(surface, small)
        self._draw_moments(surface, small)
        self.max_scroll = draw_sheet(surface, self.sheet_rect.inflate(-12, -8), self.sheet, self.scroll, 15 if small else 17)
        self.scroll = min(self.scroll, self.max_scroll)
        detail = self.detail()
        note = self.sheet.note if self.sheet else ""
        line = "  ·  ".join(part for part in (detail, note) if part)
        if line:
            ui_theme.text(surface, line, 16 if small else 18, (w // 2, self.header_y(1) + (8 if small else 4)), "muted",
                          anchor="midtop")  # small windows: lines are closer, the bold headline's descenders not

    def _draw_ranking(self, surface: pygame.Surface, small: bool) -> None:
        rect = self.rank_rect
        size = 18 if small else 21
        if self.numeric():
            ui_theme.text(surface, "score", 14, (rect.right - 12, self.table_top - 6), "muted", anchor="topright")
        px = self.ranking_size(size)
        for rank, seat in enumerate(self.order):
            y = self.table_top + 10 + rank * (self.row_height + self.row_gap)
            row = pygame.Rect(rect.x, y, rect.width, self.row_height)
            win = seat in self.winners
            shade = pygame.Surface(row.size, pygame.SRCALPHA)
            shade.fill((227, 182, 90, 60) if win else (255, 255, 255, 14))
            surface.blit(shade, row)
            ui_theme.text(surface, f"{self.place(seat)}.", px, (row.x + 10, row.centery), "muted", anchor="midleft")
            ui_theme.text(surface, self.player(seat), px, (row.x + 44, row.centery), "accent_bright" if win else "ink",
                          anchor="midleft", bold=True)
            ui_theme.text(surface, self.score_text(seat), px, (row.right - 12, row.centery), "ink", anchor="midright",
                          bold=True)

    def _draw_moments(self, surface: pygame.Surface, small: bool) -> None:
        """The review: what decided the game for you, a line each beside its "Watch this moment"."""
        if self.reviewing_rect.width:
            row = self.reviewing_rect
            ui_theme.text(surface, "What decided it for you", 15 if small else 17, (row.x + 4, row.y - 6), "muted",
                          anchor="bottomleft", bold=True)
            ui_theme.text(surface, "Reviewing...", 16 if small else 19, (row.x + 4, row.centery), "muted",
                          anchor="midleft")
        if not self.moment_rects:
            return
        first = self.moment_rects[0]
        ui_theme.text(surface, "What decided it for you", 15 if small else 17, (first.x + 4, first.y - 6), "muted",
                      anchor="bottomleft", bold=True)
        room = first.width - (220 if self.app.size[0] < 1100 else 240) - 24
        texts = [m.sentence[:1].upper() + m.sentence[1:] for m in self.shown_moments]
        px = 16 if small else 19  # one size for every line (the largest at which all fit), never under 12
        while px > 12 and any(ui_theme.font(px).size(text)[0] > room for text in texts):
            px -= 1
        for moment, text, row in zip(self.shown_moments, texts, self.moment_rects, strict=True):
            colour = "accent_bright" if moment.kind == "blunder" else "ink"
            ui_theme.text(surface, clip(ui_theme.font(px), text, room), px, (row.x + 4, row.centery), colour,
                          anchor="midleft")

    def ranking_size(self, size: int) -> int:
        """One size for every row of the ranking (a name never smaller than its neighbours'): the
        largest up to ``size`` at which each row's name and score fit side by side."""
        width = self.rank_rect.width - 44 - 12 - 16
        rows = [(self.player(seat), self.score_text(seat)) for seat in self.order]
        px = size
        while px > 12 and any(sum(ui_theme.font(px, True).size(text)[0] for text in row) > width for row in rows):
            px -= 1
        return px


def _sheet_item(rect: pygame.Rect, on_confirm: Any) -> Any:
    from cardtable.arcade.focus import FocusItem

    return FocusItem(rect.copy(), on_confirm=on_confirm, name="sheet", caption="Score sheet")


def _exists(path: str | None) -> bool:
    import os

    return bool(path) and os.path.isfile(str(path))


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


# -- the review, off the frame -----------------------------------------------------------------------


class Inline(Executor):
    """An executor that does the work at once, in the caller: tests and examples depend on no thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # kept for result(), as a thread's would be
            future.set_exception(error)
        return future


INLINE = Inline()
_worker: ThreadPoolExecutor | None = None
_worker_lock = threading.Lock()


def worker() -> Executor:
    """The reviews' one background thread (made on first use): reading a log and reviewing it never
    holds up a frame."""
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        return _worker


class ReviewJob:
    """``work()`` on ``executor`` (the review worker unless given): the scene polls :meth:`done` each
    tick and shows "Reviewing..." until then. A review that fails is an empty one."""

    def __init__(self, work: Callable[[], Any], executor: Executor | None = None) -> None:
        self.future = (executor or worker()).submit(work)

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Any:
        try:
            return self.future.result()
        except Exception:  # a review must never take a screen down: it says nothing instead
            return []


HAND_PAUSE = 1.6
"""Seconds of table time between a hand's end and its review: the table's own banner shows first."""
ROUNDS = {"tractor", "spit", "speed"}  # the games whose hands are called rounds


def hand_label(game_name: str, events: list[dict[str, Any]], view: dict[str, Any]) -> str:
    """"Hand 3" or "Round 3": the hand the ``events`` of one action closed (``view``: the seat's view
    after them)."""
    number: Any = None
    for event in events:
        kind = event.get("type")
        if kind in ("hand_over", "round_over") and isinstance(event.get("hand", event.get("round")), int):
            number = event.get("hand", event.get("round"))
        elif kind == "deal" and game_name == "spit" and isinstance(event.get("round"), int):
            number = event["round"] - 1  # a Spit round ends with the next deal
    if number is None and isinstance(view.get("hand_number"), int):
        dealt = any(e.get("type") == "deal" for e in events)  # Rummy deals the next hand at once
        number = view["hand_number"] - 1 if dealt else view["hand_number"]
    word = "Round" if game_name in ROUNDS else "Hand"
    return f"{word} {number}" if isinstance(number, int) and number > 0 else word


def hand_summary(game_name: str, seat: int, events: list[dict[str, Any]], who: Callable[[int], str]) -> str:
    """How the hand the ``events`` closed came out for ``seat``, in one line from the engine's own
    hand-end event ("" when it says nothing of the kind); ``who(seat)`` names a seat ("You" for ``seat``)."""
    me = seat
    deal = next((e for e in events if e.get("type") == "deal"), None)
    if game_name == "spit" and deal is not None and isinstance(deal.get("cards"), list) and len(deal["cards"]) == 2:
        cards = deal["cards"]  # what each gathered for the next round: fewer is better
        return f"For the next round you hold {cards[me]} cards, {who(1 - me)} {cards[1 - me]}"
    end = next((e for e in events if e.get("type") in ("hand_over", "round_over")), None)
    if end is None:
        return ""

    def at(key: str) -> Any:
        values = end.get(key)
        return values[me] if isinstance(values, list) and me < len(values) else None

    winner = end.get("winner")
    if game_name == "oh_hell" and at("bids") is not None:
        return f"You bid {at('bids')} and took {at('tricks')}: +{at('points')}"
    if game_name == "go_stop":
        if not isinstance(winner, int):
            return "Nobody won the hand: the next one counts double"
        paid = at("payments") or 0
        how = f"stopped at {end.get('score')}" if end.get("reason") == "stop" else "was dealt all four cards of a month"
        return f"{who(winner)} {how}: " + (f"you took {paid}" if paid > 0 else f"you paid {-paid}")
    if game_name == "rummy" and end.get("winners"):
        winners = [int(w) for w in end["winners"]]
        how = "tied for the lowest hand" if len(winners) > 1 else "won the hand"
        mine = "" if me in winners else f"; your hand was worth {at('values')}"
        points = end.get("points") or []
        return f"{' and '.join(who(w) for w in winners)} {how}: +{points[winners[0]]}{mine}"
    if game_name == "tractor" and isinstance(end.get("rising"), int):
        side = "Your side" if end["rising"] == me % 2 else "The other side"
        return f"The attackers took {end.get('attackers_points')} points: {side} goes up {end.get('gain')}"
    if game_name == "speed":
        if not isinstance(winner, int):
            return "A draw"
        return f"{who(winner)} won the round: +{(end.get('points') or [0, 0])[winner]}"
    return ""


class HandReviews:
    """The review after each hand at a table (a ``TableScene``): when the local seat's view brings a
    hand's end, the review of that hand starts on the worker; :data:`HAND_PAUSE` seconds of table time
    later :class:`HandReviewScene` opens over the table. Only where one person plays at this screen, the
    table keeps a log, the game can wait for it (nobody else plays at the table: a LAN game with others
    goes on, and its results review the whole game) and the hand does not end the game."""

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor
        self.reviewed_to = 0  # the step after the last hand reviewed: where the next one starts
        self.pending: HandReviewScene | None = None
        self.wait = 0.0
        self.holding = False  # the game stopped at the hand's end until its review opens

    def heard(self, scene: Any, message: dict[str, Any]) -> None:
        """A view message for a local seat arrived at ``scene``."""
        from cardtable.engine.coach.review import ends_hand

        events = message.get("events") or []
        if message.get("result") is not None or not ends_hand(scene.game_name, events):
            return
        log = scene.log_path()
        version = message.get("version")
        if len(scene.local_seats) != 1 or scene.watching or not log or not isinstance(version, int):
            return
        if not self.can_wait(scene):
            return  # others play on at this table: the results review the game at its end
        label = hand_label(scene.game_name, events, message.get("view") or {})
        seat = scene.local_seats[0]
        summary = hand_summary(scene.game_name, seat, events, lambda s: _short(scene, s))
        self.pending = HandReviewScene(scene.app, scene, label, log, seat, version - 1, self, summary=summary,
                                       executor=self.executor)
        self.wait = 0.0
        self.hold(scene, True)

    @staticmethod
    def can_wait(scene: Any) -> bool:
        """The game can wait for this screen (the pause menu's rule: every person plays here)."""
        return scene.game_can_wait() and bool(getattr(scene.app.session, "pauses_at_once", True))

    def hold(self, scene: Any, stop: bool) -> None:
        """Stop the game at the hand's end (where the pause menu could: every person plays here) while
        the table's banner shows, so the next hand waits for the review; or let it go on."""
        session = scene.app.session
        can = self.can_wait(scene) and not scene.paused
        if stop != self.holding and (can or not stop):
            session.pause(stop)
            self.holding = stop

    def tick(self, scene: Any, dt: float) -> None:
        if self.pending is None:
            return
        if scene.result is not None:
            self.pending = None
            self.hold(scene, False)
            return
        if scene.app.scene is not scene:
            return
        self.wait += dt
        if self.wait >= HAND_PAUSE:
            shown, self.pending = self.pending, None
            scene.app.push(shown)  # its pause (the pause menu's) takes over from the hold
            self.holding = False


class HandReviewScene(MenuScene):
    """A hand's review over the table it was played at: the moments that decided it for this screen's
    seat, each with "Watch this moment" (the replay so far, at that action), and "Next hand". The game
    waits meanwhile where the pause menu would stop it (every person at the table plays here)."""

    name = "hand_review"
    panel_width = 820
    row_height = 44

    def __init__(self, app: Any, table_scene: Any, label: str, log: str, seat: int, end: int,
                 reviews: HandReviews | None = None, *, summary: str = "", executor: Executor | None = None) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.label = label
        self.summary = summary  # how the hand came out (hand_summary)
        self.log = log
        self.seat = seat
        self.end = end  # the step that closed the hand
        self.reviews = reviews
        self.game_name = str(getattr(table_scene, "game_name", "") or "")
        self.names = [_short(table_scene, s) for s in range(len(getattr(table_scene, "names", []) or []))]
        self.start = reviews.reviewed_to if reviews is not None else 0
        self.moments: list[Any] = []
        self.job: ReviewJob | None = ReviewJob(self.review, executor)
        self.moment_rects: list[pygame.Rect] = []
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.waits_rect = pygame.Rect(0, 0, 0, 0)
        self.summary_rect = pygame.Rect(0, 0, 0, 0)

    @classmethod
    def examples(cls, app: Any) -> Iterator[HandReviewScene]:
        """The first Oh Hell hand of a bot game, seat 0 as "You", over no table."""
        import tempfile

        from cardtable.arcade.shot import bot_game_log

        log = bot_game_log("oh_hell", 1, 4, f"{tempfile.mkdtemp(prefix='cardtable-hand-')}/game.ctlog")
        yield cls(app, None, "Hand 7", log, 0, 120, summary="You bid 1 and took 2: +0", executor=INLINE)

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.label} over"

    def review(self) -> tuple[list[Any], int]:
        """(the hand's moments, the step after it): the hands from :attr:`start` are read from the log
        until the one that ``end`` closed (one, unless this screen joined or came back mid-game)."""
        from cardtable.engine.coach.review import hand_turns, review
        from cardtable.netplay.replay import load

        playback = load(self.log)
        start = min(self.start, self.end)
        while (turns := hand_turns(playback, self.game_name or playback.game.name, self.seat, start)) is not None:
            start = turns[-1].step + 1
            if turns[-1].step >= self.end:
                return review(playback.game.name, self.seat, turns, self.names), start
        return [], start

    def enter(self) -> None:
        if self.table_scene is not None:
            self.table_scene.set_paused(True)
        super().enter()

    def close(self) -> None:
        if self.table_scene is not None:
            self.table_scene.set_paused(False)

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.job is not None and self.job.done():
            found = self.job.result()
            self.job = None
            if isinstance(found, tuple):
                self.moments, reached = found
                if self.reviews is not None:
                    self.reviews.reviewed_to = max(self.reviews.reviewed_to, reached)
            if self.app.scene is self:
                self.rebuild()

    def build(self) -> None:
        first = 1 if self.summary else 0
        rows = first + 3 + len(self.moments)  # how it went, what it found, the moments, "Next hand", the wait
        self.row_height = self.fit_rows(rows, self.content_top(), type(self).row_height, bottom=90)
        col = self.column(rows)
        self.button(self.row(col, rows - 2), "Next hand" if self.label.startswith("Hand") else "Next round",
                    self.back, name="next", big=True)
        self.moment_rects = []
        watch_w = 200 if self.app.size[0] < 1100 else 230
        for k, moment in enumerate(self.moments):
            row = self.row(col, first + 1 + k)
            self.moment_rects.append(row)
            height = min(row.height, SMALL_BUTTON - 1)  # the small font: "Watch this moment" fits the button
            self.button(pygame.Rect(row.right - watch_w, row.centery - height // 2, watch_w, height),
                        "Watch this moment", lambda step=moment.step: self.watch(step), name=f"moment_{k}")
        self.summary_rect = self.row(col, 0) if self.summary else pygame.Rect(0, 0, 0, 0)
        self.note_rect = self.row(col, first)
        self.waits_rect = self.row(col, rows - 1)

    def watch(self, step: int) -> None:
        """The replay of the game so far, from the table this seat faced before action ``step``."""
        from cardtable.arcade.scenes.replay import open_replay

        open_replay(self.app, self.log, self.seat, step)

    def back(self) -> None:
        self.app.pop()

    def command(self, cmd: Command) -> None:
        if cmd.kind == "menu":
            self.back()
            return
        super().command(cmd)

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("confirm", "Select"), ("back", "Next hand" if self.label.startswith("Hand")
                                                         else "Next round")]

    def note(self) -> str:
        """What the first row says: whether the game waits, and what the review found."""
        if self.job is not None:
            return "Reviewing..."
        if not self.moments:
            return "Nothing stood out: no plainly weak move of yours, no big swing against you"
        return "What decided it for you"

    def waits(self) -> str:
        scene = self.table_scene
        if scene is None:
            return ""
        return "Paused: the game waits for you" if scene.paused else "The game goes on meanwhile"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = surface.get_size()
        if self.table_scene is not None:
            with layout.quiet():  # the table lies dimmed under the review: its layout is not this scene's
                self.table_scene.draw(surface, alpha)
            ui_theme.dim(surface, 215)
            strip = pygame.Surface((w, 56), pygame.SRCALPHA)  # this screen's key hints, not the table's
            strip.fill((6, 16, 12, 235))
            surface.blit(strip, (0, h - 56))
        else:
            ui_theme.background(surface)
        ui_theme.panel(surface, self.panel_rect, alpha=240)
        ui_theme.title_text(surface, self.title, (w // 2, self.panel_rect.y - 70), 44)
        small = h < 640
        waits = self.waits()
        if waits:
            ui_theme.text(surface, waits, 16 if small else 18, self.waits_rect.center, "muted", anchor="center")
        if self.summary:
            line = self.summary_rect
            ui_theme.text(surface, self.summary, 18 if small else 22, line.center, "accent_bright", anchor="center",
                          bold=True)
        row = self.note_rect
        ui_theme.text(surface, self.note(), 16 if small else 19, (row.x + 4, row.centery),
                      "muted" if self.job is not None or not self.moments else "ink", anchor="midleft",
                      bold=bool(self.moments))
        watch_w = 200 if w < 1100 else 230
        shown = list(zip(self.moments, self.moment_rects, strict=False))
        texts = [self.said(moment.sentence) for moment, _ in shown]
        room = shown[0][1].width - watch_w - 16 if shown else 0
        px = 16 if small else 19  # one size for every line (the largest at which all fit), never under 12
        while px > 12 and any(ui_theme.font(px).size(text)[0] > room for text in texts):
            px -= 1
        for (moment, rect), text in zip(shown, texts, strict=True):
            colour = "accent_bright" if moment.kind == "blunder" else "ink"
            ui_theme.text(surface, clip(ui_theme.font(px), text, room), px, (rect.x + 4, rect.centery), colour,
                          anchor="midleft")

    def said(self, sentence: str) -> str:
        """A moment's sentence under this screen's title: without the hand it names ("Hand 3: ")."""
        for lead in (f"{self.label}: ", f"{self.label}, "):
            if sentence.startswith(lead):
                sentence = sentence[len(lead):]
        return sentence[:1].upper() + sentence[1:]


def _short(table_scene: Any, seat: int) -> str:
    """A seat as the review names it: "You" for this screen's, else its short name."""
    if seat in getattr(table_scene, "local_seats", []):
        return "You"
    names = getattr(table_scene, "names", []) or []
    name = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
    if name.startswith("Bot ") and "(" in name:
        return name.split(" (")[0]
    return f"Bot {seat + 1}" if name.endswith(" bot") else name
