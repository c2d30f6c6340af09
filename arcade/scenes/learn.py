"""Learn mode: the list of lessons, the guided hand (a table scene with a coach), and the recap.

:class:`LearnScene` is a :class:`TableScene` on an in-process table (``DirectSession``) dealt the
lesson's fixed deal, with a :class:`~cardtable.arcade.learn.coach.Coach`: before each move of the
learner the coach's suggestion is lit on the table with its reason on the hint plate (the Hint key plays
it), an allowed but weak move is explained after it is made, a refused one by the engine's reason (the
table's own toast), and each of the game's ideas is said when the play first shows it. The hand's end
opens :class:`RecapScene`: the ideas met, the weak moves, then a real game with the same settings, the
lesson again, or the list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.learn import GAMES, Lesson, Moment, lesson
from cardtable.arcade.learn.coach import LASTING, Coach
from cardtable.arcade.scenes.base import MenuScene
from cardtable.arcade.scenes.table import TableScene
from cardtable.arcade.session import BOT, YOU, DirectSession, SeatSpec, TableConfig

IDEA_TIME = 9.0  # seconds an idea's words stay on the table
COACH_COLOUR = (150, 215, 255)
WEAK_COLOUR = (255, 200, 120)


def game_title(game_name: str) -> str:
    from cardtable.engine import get_game

    return str(get_game(game_name).title)


def lesson_config(chosen: Lesson, app: Any, seed: int | None = None) -> TableConfig:
    """The lesson's table: the learner in seat 0, bots elsewhere (in a race, the easy ones), at the
    bot speed of the settings."""
    from cardtable.arcade.scenes.setup import BOT_SPEEDS
    from cardtable.engine import get_game

    level = "easy" if get_game(chosen.game).realtime else "normal"
    seats = [SeatSpec(YOU, name=app.settings.name)] + [SeatSpec(BOT, level=level)] * (chosen.players - 1)
    return TableConfig(game=chosen.game, players=chosen.players, seats=seats, options=dict(chosen.options),
                       seed=chosen.seed if seed is None else seed, name="Learn",
                       bot_speed=dict(BOT_SPEEDS).get(app.settings.bot_speed, 1.0))


class LearnListScene(MenuScene):
    """The games to learn, each a button ("Learn Tractor"), and Back."""

    name = "learn_list"
    title = "Learn"
    subtitle = "A guided first hand against bots, with a coach at your side"
    panel_width = 420

    def build(self) -> None:
        entries = [(f"Learn {game_title(g)}", lambda g=g: self.start(g), f"learn:{g}") for g in GAMES]
        entries.append(("Back", self.back, "back"))
        top = self.content_top()
        self.row_height = self.fit_rows(len(entries), top, 50)
        col = self.column(len(entries))
        for i, (text, callback, name) in enumerate(entries):
            self.button(self.row(col, i), text, callback, name=name)

    def start(self, game_name: str) -> None:
        self.app.push(LearnScene(self.app, lesson(game_name)))

    def back(self) -> None:
        self.app.pop()

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("confirm", "Select"), ("back", "Back")]


class LearnScene(TableScene):
    """A guided hand: a table scene whose session is the lesson's deal and whose coach speaks."""

    name = "learn"

    @classmethod
    def examples(cls, app: Any) -> Iterator[LearnScene]:
        yield cls(app, lesson("oh_hell"))

    def __init__(self, app: Any, chosen: Lesson) -> None:
        app.end_session()
        app.session = DirectSession(lesson_config(chosen, app))
        super().__init__(app, auto_start=True)
        self.hand_reviews = None  # the lesson's hand ends in its recap
        self.lesson = chosen
        self.coach = Coach(chosen)
        # seat -> the view last coached, kept alive: an id() of a freed view is handed to a later one
        self.coached: dict[int, dict[str, Any]] = {}
        self.ideas_due: list[str] = []  # ideas the play showed, said one at a time
        self.idea_left = 0.0  # seconds the idea said now stays
        self.idea_plate = IdeaPlate()

    # ------------------------------------------------------------------ the coach's part
    def make_table(self) -> None:
        super().make_table()
        plate = getattr(self.table, "hint_plate", None)
        if plate is not None:
            plate.label, plate.seconds = "Coach", LASTING
            plate.key_words = "play the coach's move"  # the Hint key takes the suggestion here (see command)

    def on_message(self, message: dict[str, Any]) -> None:
        super().on_message(message)
        if message.get("type") == "reject":  # the suggestion was refused: suggest a plainer move
            self.fallback(int(message.get("seat", self._first_seat())), message.get("action") or {})
        if message.get("type") != "view" or message.get("seat") not in self.local_seats:
            return
        moment = Moment(int(message["seat"]), message.get("view") or {}, message.get("legal") or [],
                        message.get("events") or [])
        self.ideas_due += [idea.words for idea in self.coach.observe(moment)]
        if self.coach.over and self.result is None:
            self.result = {"learn": True, "final": moment.view}

    def tick(self, dt: float) -> None:
        super().tick(dt)
        self.idea_plate.tick(dt)
        self.idea_left -= dt
        if self.ideas_due and self.idea_left <= 0 and self.table is not None:
            self.idea_left = IDEA_TIME
            self.say(self.ideas_due.pop(0), COACH_COLOUR, IDEA_TIME)
        if self.result is None and self.table is not None and self.hinting.job is None:
            self.coach_next()

    def coach_next(self) -> None:
        """Ask for the coach's suggestion for a local seat that has a move and a new position."""
        legals = getattr(self.table, "legals", {})
        views = getattr(self.table, "views", {})
        for seat in self.local_seats:
            view = views.get(seat)
            if view is None or not legals.get(seat) or self.coached.get(seat) is view:
                continue
            if not self.realtime and seat not in (view.get("to_act") or []):
                continue
            self.coached[seat] = view
            self.table.hint_plate.label = f"Coach ({Coach.choices(legals[seat])})"  # what the seat can do
            self.hinting.ask(seat)
            return

    def fallback(self, seat: int, refused: dict[str, Any]) -> None:
        """The normal bot's move for ``seat`` on the coach's plate, when a move was refused there."""
        from cardtable.engine.bots import get_bot
        from cardtable.engine.bots.hint import Hint
        from cardtable.engine.coach import explain

        view, legal = self.table.views.get(seat), self.table.legals.get(seat)
        if view is None or not legal:
            return
        action = get_bot(self.game_name, "normal").choose(view, legal, random.Random(self.coach.moves))
        if action == refused:
            return
        told = explain(self.game_name, view, legal, action)
        cards = tuple(action["cards"]) if isinstance(action.get("cards"), list) else \
            (action["card"],) if isinstance(action.get("card"), str) else ()
        self.table.hint_plate.show(seat, Hint(action=action, reason=told.sentence, cards=cards, explanation=told))

    def command(self, cmd: Any) -> None:
        """The Hint key plays the coach's suggestion (the learner takes its advice)."""
        plate = getattr(self.table, "hint_plate", None)
        hinted = getattr(plate, "hinted", None)
        if cmd.kind == "hint" and self.result is None and hinted is not None:
            seat, tip = hinted[0], hinted[1]
            if tip.action in self.table.legals.get(seat, []) or "choose" not in tip.action:
                plate.hinted = None
                self.send(seat, dict(tip.action))
                self.table.relayout()
                return
        super().command(cmd)

    def send(self, seat: int, action: dict[str, Any]) -> None:
        view = getattr(self.table, "views", {}).get(seat)
        legal = getattr(self.table, "legals", {}).get(seat) or []
        weak = self.coach.after(self.game_name, view, legal, action) if view is not None and action in legal else None
        super().send(seat, action)
        if weak:
            self.say(f"Allowed, but weak: {weak}", WEAK_COLOUR, IDEA_TIME)

    def say(self, text: str, colour: tuple[int, int, int], seconds: float) -> None:
        """The coach's words (an idea, a weak move) on its own plate over the table (see IdeaPlate)."""
        self.idea_plate.say(text, colour, seconds)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        super().draw_overlay(surface)
        if self.app.scene is self and self.table is not None:
            drawn = [d for d in self.presence.table_drawn() if d.kind not in ("backdrop", "overlay")]
            toasts = getattr(self.table, "toasts", None)
            extra = [self.menu_rect] + (toasts.areas() if toasts is not None else [])
            suggestion = self.table.hint_plate.area
            extra += [suggestion] if suggestion is not None else []
            mine = f"hand {self._first_seat()}"
            needed = [d.box for d in drawn if not (d.kind == "hand" and d.name != mine)
                      and d.name not in ("draw pile", "stock")]
            box = self.idea_plate.draw(surface, [d.box for d in drawn] + extra, needed + extra)
            if box is not None:
                self.report("panel", box, "coach idea")

    def set_result(self, result: dict[str, Any] | None) -> None:
        self.result = result  # a lesson is not kept in the History

    def show_results(self) -> None:
        if self.result is None:
            return
        self.app.replace(RecapScene(self.app, self.lesson, self.coach, self.result))


class IdeaPlate:
    """The coach's words at a Learn table (a game's idea as the play shows it, why a move was weak): a
    plate of up to three lines placed where it covers nothing the table drew (its prompts, cards,
    buttons, the hint plate, the table's own messages), tried from the top of the felt down, else as
    near its middle as a clear place goes. It stays where it is while that covers nothing the player
    needs (cards gliding under it do not make it jump about while it is read), else it is placed again."""

    def __init__(self) -> None:
        self.text = ""
        self.colour: tuple[int, int, int] = COACH_COLOUR
        self.left = 0.0
        self._placed: tuple[Any, pygame.Rect | None] | None = None  # (what it was placed for, where)
        self.shape: tuple[list[str], int] | None = None  # the lines and font size it was placed with

    def say(self, text: str, colour: tuple[int, int, int], seconds: float) -> None:
        self.text, self.colour, self.left = text, colour, seconds
        self._placed = None

    @property
    def spot(self) -> pygame.Rect | None:
        """Where the plate showing now was drawn (None: nothing said, or no room)."""
        return self._placed[1] if self.left > 0 and self._placed is not None else None

    def tick(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def shapes(self, size: tuple[int, int]) -> list[tuple[list[str], int]]:
        """The words wrapped for a window of ``size`` (lines, font size), in the order tried: at 60% of
        the width, narrower and taller, wider and flatter; four lines at most."""
        w, h = size
        out = []
        for share in (0.6, 0.45, 0.8):
            px = 19 if h >= 700 else 16
            lines = ui_theme.wrap(self.text, px, int(w * share))
            while len(lines) > 4 and px > 12:
                px -= 1
                lines = ui_theme.wrap(self.text, px, int(w * share))
            out.append((lines, px))
        return out

    def draw(self, surface: pygame.Surface, keep_clear: list[pygame.Rect],
             needed: list[pygame.Rect] | None = None) -> pygame.Rect | None:
        """Draw the plate clear of ``keep_clear`` (everything the table drew), else clear of ``needed``
        (what the player needs: not the other seats' card backs or the draw pile); where it went
        (None when nothing is said, or no place is clear even of ``needed``)."""
        if self.left <= 0 or not self.text:
            return None
        size = surface.get_size()
        key = (size, self.text)
        placed = self._placed
        stays = (placed is not None and placed[0] == key and placed[1] is not None
                 and placed[1].collidelist(needed if needed is not None else keep_clear) < 0)
        if not stays:  # (where it is still covers nothing the player needs: it stays put as cards move)
            self._placed = (key, None)
            self.shape = None
            for avoid in (keep_clear, needed if needed is not None else keep_clear):
                for lines, px in self.shapes(size):
                    line_h = ui_theme.font(px).get_linesize()
                    width = max(ui_theme.font(px).size(line)[0] for line in lines) + 28
                    spot = self.place(pygame.Rect(0, 0, width, line_h * len(lines) + 16), size, avoid)
                    if spot is not None:
                        self._placed, self.shape = (key, spot), (lines, px)
                        break
                if self.shape is not None:
                    break
        spot = self._placed[1]
        if spot is None or self.shape is None:
            return None  # nowhere clear: the words wait for room rather than cover the table
        lines, px = self.shape
        back = pygame.Surface(spot.size, pygame.SRCALPHA)
        fade = min(1.0, self.left / 0.4)
        back.fill((6, 16, 22, int(228 * fade)))
        surface.blit(back, spot)
        pygame.draw.rect(surface, self.colour, spot, 1, border_radius=8)
        y = spot.y + 8
        for line in lines:
            ui_theme.text(surface, line, px, (spot.centerx, y), self.colour, anchor="midtop")
            y += ui_theme.font(px).get_linesize()
        return spot

    @staticmethod
    def place(plate: pygame.Rect, size: tuple[int, int], keep_clear: list[pygame.Rect]) -> pygame.Rect | None:
        from cardtable.arcade.tables.parts.placing import clear_spot

        w, h = size
        room = pygame.Rect(0, 0, w, h)
        tries = []
        for fraction in (0.1, 0.16, 0.22, 0.28, 0.34, 0.4, 0.46, 0.52):
            box = plate.copy()
            box.midtop = (w // 2, int(h * fraction))
            tries.append((None, box))
        middle = pygame.Rect(0, 0, 2, 2)
        middle.center = (w // 2, int(h * 0.4))
        found = clear_spot(tries, room, keep_clear, [(None, plate.copy(), middle)])
        return found[1] if found is not None else None


class RecapScene(MenuScene):
    """What the lesson showed, then: a real game with the same settings, the lesson again, or the list."""

    name = "learn_recap"
    panel_width = 760

    @classmethod
    def examples(cls, app: Any) -> Iterator[RecapScene]:
        chosen = lesson("go_stop")
        coach = Coach(chosen)
        coach.seen = list(chosen.ideas[:3])
        coach.weak = ["09A captures 09P2; 05R captures nothing"]
        yield cls(app, chosen, coach, {"learn": True})

    def __init__(self, app: Any, chosen: Lesson, coach: Coach, result: dict[str, Any]) -> None:
        super().__init__(app)
        self.lesson = chosen
        self.coach = coach
        self.result = result
        self.title = f"{game_title(chosen.game)}: what you met"
        self.lines: list[str] = []

    def recap_lines(self) -> list[str]:
        seen = [f"{idea.title}: {idea.words.split(': ', 1)[-1]}" for idea in self.coach.seen]
        missed = [idea.title for idea in self.lesson.ideas if idea not in self.coach.seen]
        lines = seen or ["The hand ended before the coach had anything to show."]
        if missed:
            lines.append(f"Still to meet in a real game: {', '.join(missed)}.")
        if self.coach.weak:
            lines.append(f"Weak moves the coach pointed out: {len(self.coach.weak)} of {self.coach.moves}.")
        return lines

    def build(self) -> None:
        w, h = self.app.size
        width = min(self.panel_width, w - 80)
        size = 17 if h < 640 else 19
        self.text_size = size
        self.lines = [part for line in self.recap_lines() for part in ui_theme.wrap(line, size, width - 24)]
        entries = [("Play a real game", self.play_real, "real"), ("Learn it again", self.again, "again"),
                   ("Other games", self.other, "list")]
        top = self.content_top()
        text_h = len(self.lines) * (size + 7)
        self.row_height = 46 if h >= 640 else 40
        y = min(top + text_h + 18, h - 70 - self.row_height)
        self.lines = self.lines[: max(1, (y - 18 - top) // (size + 7))]
        gap = 16
        bw = (width - 2 * gap) // 3
        left = (w - width) // 2
        self.text_top = top
        self.panel_rect = pygame.Rect(left - 24, top - 20, width + 48, y - top + self.row_height + 40)
        for i, (text, callback, name) in enumerate(entries):
            self.button(pygame.Rect(left + i * (bw + gap), y, bw, self.row_height), text, callback, name=name)
        self.ring.focus_name("real")

    def play_real(self) -> None:
        """A real game of the lesson's game with its settings (players, options, bots), a new deal."""
        from cardtable.arcade.scenes.setup import open_table

        config = lesson_config(self.lesson, self.app, seed=random.randrange(2**31))
        config.name = "cardtable"
        if open_table(self.app, config):
            self.app.replace(TableScene(self.app, auto_start=True))

    def again(self) -> None:
        self.app.replace(LearnScene(self.app, self.lesson))

    def other(self) -> None:
        self.app.end_session()
        self.app.pop()  # the Learn list is below

    def back(self) -> None:
        self.other()

    def hints(self) -> list[tuple[str, str]]:
        return [("left", "Move"), ("confirm", "Select"), ("back", "Other games")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w = surface.get_width()
        width = min(self.panel_width, w - 80)
        y = self.text_top
        for line in self.lines:
            ui_theme.text(surface, line, self.text_size, ((w - width) // 2, y), "ink")
            y += self.text_size + 7
