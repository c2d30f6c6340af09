"""The PIN's guard: wrong PINs slow and then lock out their own address, never the right people.

Two costs, both charged before a PIN is looked at (docs/PROTOCOL.md, "PIN"):

- **Per address:** ``pin_free_tries`` tries; from the last of them on, each wrong PIN makes its address
  wait before its next try, twice as long each time from ``pin_backoff`` seconds up to ``pin_lock`` (the
  address is then locked: one try an hour). ``pin_forget`` quiet seconds forget an address's record, a
  right PIN clears it.
- **Per table**, from every address together: ``pin_table_burst`` wrong PINs, then one more every
  ``pin_table_every`` seconds. Over that budget a try is not refused: it waits its turn (:meth:`park`),
  the right PIN included, and the table's owner sees who waits and may let a person in by name. So a
  guesser with any number of addresses gets one guess per ``pin_table_every`` seconds, and the table as
  a whole never says no to a right PIN.

The interface is three calls around one attempt, whatever proves the PIN (the hello's ``pin`` field
today): :meth:`refusal` before, :meth:`take_turn` (or :meth:`park` and later :meth:`due`), and
:meth:`result` after. Everything reads an injected clock.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cardtable.netplay.host.config import HostConfig

Clock = Callable[[], float]
Waiter = TypeVar("Waiter")
SHOWN_WAITING = 8  # waiting people the owner's lobby lists (the newest first: the one who just asked)


@dataclass(slots=True)
class AddressRecord:
    """One address's wrong PINs."""

    failures: int = 0
    last: float = -math.inf  # host time of its last wrong PIN
    next_try: float = -math.inf  # no PIN of this address is looked at before this host time

    def wait(self, config: HostConfig) -> float:
        """Seconds its next try must wait after its latest wrong PIN (0 while tries are free)."""
        over = self.failures - config.pin_free_tries  # the pin_free_tries-th wrong PIN is the first to cost
        return 0.0 if over < 0 else min(config.pin_lock, config.pin_backoff * 2.0 ** over)


@dataclass(slots=True)
class Waiting(Generic[Waiter]):
    who: Waiter
    address: str
    name: str
    since: float
    told: float  # host time it was last told it waits


class PinGuard(Generic[Waiter]):
    """Wrong PINs per address and per table, and the attempts waiting for the table's next turn."""

    def __init__(self, config: HostConfig, clock: Clock, limit: int = 4096) -> None:
        self.config = config
        self.clock = clock
        self.limit = limit  # addresses remembered (the oldest records go first)
        self._records: OrderedDict[str, AddressRecord] = OrderedDict()
        self._turns = config.pin_table_burst
        self._turns_at = clock()
        self.failed = 0  # wrong PINs since the table opened
        self._recent: list[tuple[float, str]] = []  # (host time, address) of wrong PINs within pin_watch
        self.waiting: dict[int, Waiting[Waiter]] = {}  # by a number the owner's "admit" names
        self._next_id = 1

    # -- one attempt ----------------------------------------------------------------------------------

    def refusal(self, address: str) -> str | None:
        """Why a try from ``address`` is refused before its PIN is looked at (it is still waiting out
        its wrong ones), or None."""
        record = self._record(address, create=False)
        if record is None:
            return None
        left = record.next_try - self.clock()
        return f"too many wrong PINs: try again in {math.ceil(left)} s" if left > 0 else None

    def ready_at(self, address: str) -> float:
        """Host time from which ``address`` may try again."""
        record = self._record(address, create=False)
        return record.next_try if record is not None else -math.inf

    def take_turn(self) -> bool:
        """Spend one of the table's turns on a try (False: none left now; :meth:`park` it)."""
        self._refill()
        if self._turns < 1.0:
            return False
        self._turns -= 1.0
        return True

    def result(self, address: str, ok: bool) -> str | None:
        """After a try that had its turn: None for a right PIN (its turn is given back), else the wrong
        PIN's answer (how many tries are left before ``address`` must wait, or how long it waits)."""
        now = self.clock()
        if ok:
            self._records.pop(address, None)
            self._turns = min(self.config.pin_table_burst, self._turns + 1.0)
            return None
        record = self._record(address, create=True)
        assert record is not None
        record.failures += 1
        record.last = now
        record.next_try = now + record.wait(self.config)
        self.failed += 1
        self._recent.append((now, address))
        left = self.config.pin_free_tries - record.failures
        if left > 0:
            return f"wrong PIN: {left} {'try' if left == 1 else 'tries'} left"
        return f"wrong PIN: no tries left, try again in {math.ceil(record.wait(self.config))} s"

    # -- waiting for a turn ---------------------------------------------------------------------------

    def park(self, who: Waiter, address: str, name: str) -> int:
        """``who`` waits for the table's next turn; returns the number the owner's ``admit`` names."""
        number = self._next_id
        self._next_id += 1
        now = self.clock()
        self.waiting[number] = Waiting(who, address, name, now, now)
        return number

    def unpark(self, number: int) -> Waiter | None:
        entry = self.waiting.pop(number, None)
        return entry.who if entry is not None else None

    def due(self) -> list[Waiter]:
        """The waiting tries whose turn has come (each takes one), from the addresses with the fewest
        wrong PINs first, the longest waiting first among those; they leave the waiting room."""
        order = sorted(self.waiting.items(), key=lambda item: (self._failures(item[1].address), item[1].since))
        out: list[Waiter] = []
        for number, entry in order:
            if not self.take_turn():
                break
            del self.waiting[number]
            out.append(entry.who)
        return out

    def overdue(self) -> list[Waiter]:
        """The waiting tries that have waited ``pin_wait_max`` seconds (they leave the waiting room)."""
        now = self.clock()
        late = [n for n, entry in self.waiting.items() if now - entry.since >= self.config.pin_wait_max]
        return [self.waiting.pop(n).who for n in late]

    def to_remind(self, every: float) -> list[Waiter]:
        """The waiting tries last told they wait more than ``every`` seconds ago (told again now)."""
        now = self.clock()
        out = []
        for entry in self.waiting.values():
            if now - entry.told >= every:
                entry.told = now
                out.append(entry.who)
        return out

    def turn_within(self) -> float:
        """Seconds until the table's next turn (0 if one is free now)."""
        self._refill()
        return max(0.0, (1.0 - self._turns) * self.config.pin_table_every)

    # -- what the owner sees --------------------------------------------------------------------------

    def report(self) -> dict[str, Any]:
        """Wrong PINs so far, those of the last ``pin_watch`` seconds and from how many addresses, the
        addresses made to wait now, and who waits for a turn (the newest first)."""
        now = self.clock()
        self._recent = [(t, a) for t, a in self._recent if now - t < self.config.pin_watch]
        waiting = sorted(self.waiting.items(), key=lambda item: -item[1].since)[:SHOWN_WAITING]
        return {
            "failed": self.failed,
            "recent": len(self._recent),
            "addresses": len({a for _, a in self._recent}),
            "slowed": sum(1 for r in self._records.values() if r.next_try > now),
            "waiting": [{"id": n, "name": e.name, "waited_s": round(now - e.since)} for n, e in waiting],
            "waiting_count": len(self.waiting),
            "watch_s": self.config.pin_watch,
        }

    # -- internals ------------------------------------------------------------------------------------

    def _refill(self) -> None:
        now = self.clock()
        every = self.config.pin_table_every
        gained = (now - self._turns_at) / every if every > 0 else math.inf
        self._turns = min(self.config.pin_table_burst, self._turns + max(0.0, gained))
        self._turns_at = now

    def _failures(self, address: str) -> int:
        record = self._record(address, create=False)
        return record.failures if record is not None else 0

    def _record(self, address: str, create: bool) -> AddressRecord | None:
        record = self._records.get(address)
        now = self.clock()
        if record is not None and now - record.last >= self.config.pin_forget and record.next_try <= now:
            del self._records[address]
            record = None
        if record is None and create:
            if len(self._records) >= self.limit:
                self._records.popitem(last=False)
            record = self._records[address] = AddressRecord()
        if record is not None:
            self._records.move_to_end(address)
        return record


def time_to_guess(config: HostConfig, guesses: int, addresses: int, horizon: float = 4 * 86400.0) -> float:
    """Seconds until a guesser rotating through ``addresses`` addresses, each trying again the moment
    the guard lets it, has had ``guesses`` PINs looked at: the real :class:`PinGuard` on a simulated
    clock, run for ``horizon`` seconds at most and carried on at the pace of its last half (the pace is
    steady by then). The docs' figures come from here (tests/test_net_pins.py checks them)."""
    now = [0.0]
    guard: PinGuard[None] = PinGuard(config, lambda: now[0], limit=addresses + 1)
    free = [(0.0, index) for index in range(addresses)]  # (when it may try again, address) as a heap
    done = 0
    at_half: tuple[float, int] | None = None
    while done < guesses:
        if now[0] >= horizon / 2 and at_half is None:
            at_half = (now[0], done)
        if now[0] >= horizon:
            assert at_half is not None
            pace = (done - at_half[1]) / (now[0] - at_half[0])
            return now[0] + (guesses - done) / pace if pace > 0 else math.inf
        ready_at, index = free[0]
        if ready_at > now[0]:
            now[0] = ready_at
            continue
        if not guard.take_turn():
            now[0] += max(guard.turn_within(), 1e-6)
            continue
        guard.result(f"a{index}", ok=False)
        heapq.heapreplace(free, (guard.ready_at(f"a{index}"), index))
        done += 1
    return now[0]
