"""What the client tells people about tables, in words with a next step: why joining failed, and who
came, left, is away or is played for by a bot (presence notices and seat badges). Pure functions of
the host's messages, so tests read them without a window.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardtable import __version__


@dataclass
class Explained:
    """A refusal or failure put into words: a title, a line or two, and what the screen offers next."""

    title: str
    lines: list[str] = field(default_factory=list)
    code: str = "other"  # unreachable, unknown_name, timeout, pin_needed, pin_wrong, pin_locked, version, ...

    @property
    def text(self) -> str:
        return " ".join([self.title + ".", *self.lines])


_REFUSED = ("connect call failed", "connection refused", "errno 111", "errno 61", "winerror 1225",
            "actively refused")
_NO_NAME = ("name resolution", "name or service not known", "nodename nor servname", "getaddrinfo failed",
            "no address associated", "errno -2", "errno -3", "errno -5", "errno 8", "errno 11001")
_NO_ROUTE = ("network is unreachable", "no route to host", "errno 101", "errno 113", "errno 65", "errno 51")
_TIMEOUT = ("timed out", "timeout", "did not answer")


def _has(text: str, needles: tuple[str, ...]) -> bool:
    return any(needle in text for needle in needles)


def explain_join(reason: str, host: str, port: int, table: str = "") -> Explained:
    """Why joining ``host:port`` failed, from the client's closing reason (a refusal by the host, or
    the system's error)."""
    low = (reason or "").lower()
    where = f"{host}:{port}"
    name = f"“{table}”" if table else "this table"
    if _has(low, _NO_NAME):
        return Explained("No such computer", [f"No computer called “{host}” was found on this network.",
                         "Check the address: the host's lobby shows it, like 192.168.1.20:47800."], "unknown_name")
    if _has(low, _REFUSED):
        return Explained("No table answered", [f"No table answered at {where} - is the host on the same network?",
                         "A firewall on the host's computer can block it; the table may also have closed."],
                         "unreachable")
    if _has(low, _NO_ROUTE):
        return Explained("That network cannot be reached", [f"This computer has no way to {where}.",
                         "Is it on the same Wi-Fi or network as the host?"], "unreachable")
    if "too many wrong pin" in low:
        wait = re.search(r"(\d+)\s*s\b", low)
        return Explained("Too many wrong PINs", [f"The table takes no PIN from this computer for {wait.group(1) if wait else 'a few'} s.",
                         "Wait, then type the PIN the host's lobby shows (or ask the host to let you in)."], "pin_locked")
    if "no turn for your pin" in low:
        return Explained("The table is busy", ["Someone is guessing this table's PIN, so it looks at few PINs just now.",
                         "Ask the host to let you in from the lobby, or try again in a few minutes."], "pin_busy")
    if "needs a pin" in low:
        return Explained("This table needs a PIN", [f"Type the PIN of {name} (the host's lobby shows it) and join again."],
                         "pin_needed")
    if "wrong pin" in low:
        left = re.search(r"(\d+) (?:more )?tr(?:y|ies) left", low)
        wait = re.search(r"no tries left, try again in (\d+)\s*s", low)
        lines = [f"That PIN does not open {name}."]
        if wait:
            lines.append(f"No tries left: wait {wait.group(1)} s, then type the PIN again.")
        elif left:
            tries = int(left.group(1))
            lines.append(f"{tries} more tr{'y' if tries == 1 else 'ies'} before this computer has to wait to try again."
                         if tries else "The next wrong PIN makes this computer wait before it tries again.")
        else:
            lines.append("Check it with the host and type it again.")
        return Explained("Wrong PIN", lines, "pin_wrong")
    if "protocol version" in low or "cardtable version" in low or "needs cardtable" in low:
        theirs = re.search(r"runs cardtable ([\w.+-]+)", reason or "")
        versions = f"This table runs cardtable {theirs.group(1)}; " if theirs else "The host runs another cardtable; "
        return Explained("A different version of cardtable", [versions + f"you have cardtable {__version__}.",
                         "Install the same version on both computers."], "version")
    if "too many connections" in low or "full" in low and "spectator" in low:
        return Explained("The table is full", [f"{name[0].upper() + name[1:]} takes no more people just now.",
                         "Try again later, or host a table of your own."], "full")
    if _has(low, _TIMEOUT):
        return Explained("No answer", [f"{where} did not answer in time: is the host on the same network?",
                         "A firewall on the host's computer can block it."], "timeout")
    if "stopped answering" in low:
        return Explained("The table stopped answering", ["The host's computer may have gone to sleep or lost the network.",
                         "Your seat is kept: Rejoin from the title screen when it is back."], "lost")
    if "closing" in low or "closed the connection" in low:
        return Explained("The table closed", ["The host ended the table."], "closed")
    return Explained("Could not join", [reason or "The host refused without a reason."], "other")


def table_gone(reason: str, host: str, port: int, table: str = "", seat_kept: bool = False) -> Explained:
    """Why a table went away mid-game, and whether there is anything to come back to. ``seat_kept``:
    this screen held seats as a guest. A host that ended its table said so ("the host is closing"):
    nothing is promised (only a host that opens it again from its log brings it back, and then the
    title offers Rejoin); a table that only vanished (a crash, a network gone) keeps the seat until
    the host is back."""
    said = explain_join(reason, host, port, table)
    name = f"“{table}”" if table else "the table"
    if "closing" in (reason or "").lower():
        lines = [f"The host closed {name}."]
        if seat_kept:
            lines.append("If the host opens it again, Rejoin shows on the title screen.")
        return Explained("The host ended the table", lines, "ended")
    if said.code in ("other", "closed", "unreachable", "timeout"):
        said.title = "The table is gone"
        said.lines = [f"The connection to the table ended ({reason})."]
    if said.code == "lost" and not seat_kept:
        said.lines = said.lines[:1]
    elif seat_kept and said.code != "lost":
        said.lines.append("Your seat is kept: when the table is back, Rejoin it from the title screen.")
    return said


# -- presence ------------------------------------------------------------------------------------------


def badge(seat: dict[str, Any]) -> str:
    """A seat's badge: "" (here, or a bot), "away" (gone, seat kept), "bot plays" (gone, a bot plays it),
    "away: bot plays" (here, but the turn clock ran out)."""
    if seat.get("kind") != "person":
        return ""
    if seat.get("away"):
        return "away: bot plays"
    if not seat.get("connected", True):
        return "bot plays" if seat.get("bot_playing") else "away"
    return ""


def badges(seats: list[dict[str, Any]]) -> dict[int, str]:
    return {int(s.get("seat", i)): b for i, s in enumerate(seats) if (b := badge(s))}


def _who(seat: dict[str, Any], index: int) -> str:
    return str(seat.get("name") or f"Seat {index + 1}")


def notices(before: dict[str, Any] | None, after: dict[str, Any], mine: list[int],
            takeover: float | None = None) -> list[str]:
    """What changed between two lobby messages, as sentences (never about this client's own seats)."""
    if before is None:
        return []
    out: list[str] = []
    old_seats = {int(s.get("seat", i)): s for i, s in enumerate(before.get("seats") or [])}
    started = bool(after.get("started"))
    for i, seat in enumerate(after.get("seats") or []):
        index = int(seat.get("seat", i))
        old = old_seats.get(index)
        if old is None or index in mine:
            continue
        who, was = _who(seat, index), _who(old, index)
        if old.get("kind") == "person" and seat.get("kind") == "open":
            out.append(f"{was} left the table")
        elif old.get("kind") != "person" and seat.get("kind") == "person":
            out.append(f"{who} took seat {index + 1}" if started else f"{who} sat down")
        elif seat.get("kind") == "person" and old.get("kind") == "person":
            if old.get("connected", True) and not seat.get("connected", True):
                if seat.get("bot_playing"):
                    out.append(f"{who} left - a bot plays for {who} until {who} is back")
                elif takeover and started and not after.get("over"):
                    out.append(f"{who} left - a bot plays for {who} in {takeover:.0f} s unless {who} is back")
                else:
                    out.append(f"{who} left - the seat is kept for {who}")
            elif not old.get("connected", True) and seat.get("connected", True):
                out.append(f"{who} is back")
            elif seat.get("away") and not old.get("away"):
                out.append(f"{who} took too long - a bot plays for {who} until {who} plays again")
            elif old.get("away") and not seat.get("away"):
                out.append(f"{who} plays again")
            elif not old.get("bot_playing") and seat.get("bot_playing"):
                out.append(f"A bot plays for {who} until {who} is back")
    if after.get("owner"):  # only the owner can answer (the table's menu)
        asked_before = {(a.get("name"), a.get("seat")) for a in before.get("asking") or []}
        for ask in after.get("asking") or []:
            if (ask.get("name"), ask.get("seat")) not in asked_before:
                out.append(f"{ask.get('name')} asks for seat {int(ask.get('seat') or 0) + 1}: answer in the menu")
    watching, watched = int(after.get("spectators") or 0), int(before.get("spectators") or 0)
    if watching > watched:
        names = [str(n) for n in after.get("watching") or []][-(watching - watched):]
        if names:
            out.append(f"{' and '.join(names)} {'is' if len(names) == 1 else 'are'} watching")
        else:
            out.append("Someone is watching" if watching == 1 else f"{watching} people are watching")
    return out
