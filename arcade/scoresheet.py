"""The score sheet of a finished game, hand by hand or round by round, from the engine's result.

:func:`score_sheet` turns ``game.result(state)`` into a :class:`Sheet`: column headings, one row per
hand or round, and a totals row, all as short strings. Every game keeps its history in its result
(Oh Hell ``sheet``, Speed ``rounds``, Tractor, Go-Stop, Rummy and Spit ``history``: see each engine's
docstring); a result without it (an older host) gives a sheet without rows. No pygame here: the
results and history screens draw the sheet, tests read it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}  # the menu font has no suit signs
LEVELS = {11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass
class Sheet:
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    totals: list[str] = field(default_factory=list)
    note: str = ""  # how to read it (one line)

    def __bool__(self) -> bool:
        return bool(self.rows)


def _seat_list(values: Any, n: int) -> list[Any]:
    values = list(values) if isinstance(values, list | tuple) else []
    return values + [None] * (n - len(values))


def _signed(value: Any) -> str:
    return f"{value:+d}" if isinstance(value, int) and value else "0" if value == 0 else ""


def _level(value: Any) -> str:
    if not isinstance(value, int):
        return "?"
    return "won" if value > 14 else LEVELS.get(value, str(value))


def oh_hell(result: dict[str, Any], names: list[str]) -> Sheet:
    n = len(names)
    sheet = Sheet(["Hand", *names], note="bid / tricks taken, points")
    for i, row in enumerate(result.get("sheet") or []):
        trump = SUITS.get(str(row.get("trump")), "no trump") if row.get("trump") else "no trump"
        cards = row.get("cards", "?")
        cells = [f"{i + 1}: {cards} card{'' if cards == 1 else 's'}, {trump}"]
        bids, tricks, points = (_seat_list(row.get(k), n) for k in ("bids", "tricks", "points"))
        for s in range(n):
            cells.append(f"{bids[s]}/{tricks[s]}  {_signed(points[s]) or '0'}")
        sheet.rows.append(cells)
    sheet.totals = ["Total", *(str(v) for v in _seat_list(result.get("scores"), n))]
    return sheet


def tractor(result: dict[str, Any], names: list[str]) -> Sheet:
    teams = [" & ".join(names[s] for s in range(len(names)) if s % 2 == t) or f"Team {'AB'[t]}" for t in (0, 1)]
    sheet = Sheet(["Round", "Declarers", "Attackers' points", teams[0], teams[1]],
                  note="each team's level after the round (+ the climb)")
    for row in result.get("history") or []:
        levels = _seat_list(row.get("levels"), 2)
        cells = [str(row.get("round", "?")), teams[row["declarers"]] if row.get("declarers") in (0, 1) else "?",
                 str(row.get("attackers_points", 0))]
        for t in (0, 1):
            climb = f" (+{row.get('gain')})" if row.get("rising") == t and row.get("gain") else ""
            cells.append(_level(levels[t]) + climb)
        sheet.rows.append(cells)
    levels = _seat_list(result.get("levels"), 2)
    sheet.totals = ["Final", "", "", _level(levels[0]), _level(levels[1])]
    return sheet


def go_stop(result: dict[str, Any], names: list[str]) -> Sheet:
    n = len(names)
    sheet = Sheet(["Hand", "How it ended", *names], note="chips paid and won in each hand")
    for row in result.get("history") or []:
        winner = row.get("winner")
        who = names[winner] if isinstance(winner, int) and 0 <= winner < n else ""
        reason = row.get("reason")
        if reason == "nagari":
            how = "nagari (no winner)"
        elif reason == "four":
            how = f"{who}: four of a month"
        else:
            goes = row.get("goes") or 0
            verb = "stop" if who == "You" else "stops"
            how = f"{who} {verb} at {row.get('score', 0)}" + (f", Go x{goes}" if goes else "")
        payments = _seat_list(row.get("payments"), n)
        sheet.rows.append([str(row.get("hand", len(sheet.rows) + 1)), how, *(_signed(p) or "0" for p in payments)])
    sheet.totals = ["Chips", "", *(_signed(v) or "0" for v in _seat_list(result.get("scores"), n))]
    return sheet


def rummy(result: dict[str, Any], names: list[str]) -> Sheet:
    n = len(names)
    sheet = Sheet(["Hand", *names], note="value of the cards left in hand, points won (* knocked)")
    for row in result.get("history") or []:
        values, points = _seat_list(row.get("values"), n), _seat_list(row.get("points"), n)
        cells = [str(row.get("hand", len(sheet.rows) + 1))]
        for s in range(n):
            mark = "*" if row.get("knocker") == s else ""
            cells.append(f"{values[s]}{mark}  {_signed(points[s]) or '0'}")
        sheet.rows.append(cells)
    before = _seat_list(result.get("before_bonuses"), n)
    final = _seat_list(result.get("scores"), n)
    if any(b is not None and b != f for b, f in zip(before, final, strict=True)):
        sheet.rows.append(["Bonuses", *(_signed(f - b) if isinstance(f, int) and isinstance(b, int) else ""
                                        for b, f in zip(before, final, strict=True))])
    sheet.totals = ["Total", *(str(v) for v in final)]
    return sheet


def spit(result: dict[str, Any], names: list[str]) -> Sheet:
    n = len(names)
    sheet = Sheet(["Round", "Cleared", "Slap", *names], note="cards each player took into the next round")
    for row in result.get("history") or []:
        cleared, slapped = row.get("cleared"), row.get("slapped")
        cards = _seat_list(row.get("cards"), n)
        sheet.rows.append([str(row.get("round", len(sheet.rows) + 1)),
                           names[cleared] if isinstance(cleared, int) and cleared < n else "both stuck",
                           names[slapped] if isinstance(slapped, int) and slapped < n else "",
                           *(str(c) if c is not None else "" for c in cards)])
    sheet.totals = ["Cards left", "", "", *(str(v) for v in _seat_list(result.get("cards_left"), n))]
    return sheet


def speed(result: dict[str, Any], names: list[str]) -> Sheet:
    n = len(names)
    sheet = Sheet(["Round", "Won by", *names], note="points: the cards left in the loser's stock")
    rounds = result.get("rounds")
    for i, row in enumerate(rounds if isinstance(rounds, list) else []):
        winner = row.get("winner")
        how = "played out" if row.get("reason") == "out" else "dead end"
        who = names[winner] if isinstance(winner, int) and winner < n else "nobody"
        points = _seat_list(row.get("points"), n)
        sheet.rows.append([str(i + 1), f"{who} ({how})", *(str(p) if p is not None else "" for p in points)])
    sheet.totals = ["Total", "", *(str(v) for v in _seat_list(result.get("scores"), n))]
    return sheet


SHEETS: dict[str, Callable[[dict[str, Any], list[str]], Sheet]] = {
    "oh_hell": oh_hell, "tractor": tractor, "go_stop": go_stop, "rummy": rummy, "spit": spit, "speed": speed,
}


def score_sheet(game_name: str, result: dict[str, Any] | None, names: Sequence[str]) -> Sheet:
    """The sheet of ``result`` (``names`` by seat); an unknown game gives the final scores only."""
    result = result or {}
    names = [str(name) for name in names]
    maker = SHEETS.get(game_name)
    if maker is not None:
        return maker(result, names)
    return Sheet(["", *names], totals=["Total", *(str(v) for v in _seat_list(result.get("scores"), len(names)))])
