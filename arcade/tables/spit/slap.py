"""The end of a Spit round: the slap race (or the choice of the player who cleared their layout) for a
spit pile, its verdict (kept for the next round's message), and the piles gathered into the layouts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import BAD, GOLD, LEGAL, Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.spit.table import SpitTable

Sent = list[tuple[int, Action]]


class Slap:
    """The slap or choose phase: which pile a seat's input takes, what the table says of it."""

    def __init__(self, table: SpitTable) -> None:
        self.table = table
        self.verdict = ""  # who took which pile, said until the next Spit!

    @property
    def on(self) -> bool:
        """Whether the piles are to be slapped or chosen now."""
        return self.table.view.get("phase") in ("slap", "choose")

    def take(self, seat: int, pile: int) -> Sent:
        """The seat's slap (or choice) of ``pile``, when it is listed."""
        match = [a for a in self.table.legals.get(seat, []) if a.get("pile") == pile]
        return [(seat, match[0])] if match else []

    def clicked(self, pile: int, seat: int | None) -> Sent:
        """A click on a pile slaps or chooses it (for the clicking seat, or the first local one that may)."""
        t = self.table
        for s in [seat] if seat is not None else t.local_seats:
            match = [a for a in t.legals.get(s, []) if a.get("type") in ("slap", "choose") and a.get("pile") == pile]
            if match:
                return [(s, match[0])]
        return []

    def glow(self) -> tuple[int, int, int] | None:
        """Gold on both piles while they are to be slapped or chosen."""
        return GOLD if self.on else None

    def forget(self) -> None:
        """A new round began (Spit! was called): the last verdict is old news."""
        self.verdict = ""

    def slapped(self, event: dict[str, Any]) -> None:
        t = self.table
        seat, pile = event.get("seat"), event.get("pile")
        if not isinstance(seat, int) or not isinstance(pile, int):
            return
        sizes = t.view.get("spit_sizes") or [0, 0]
        # the pile by the screen's side; face to face "left" means nothing to both, so by its owner
        side = f"{t.name(pile)}'s" if t.sides.arrangement == "facing" else "left" if pile == t.sides.bottom else "right"
        took = sizes[pile] if pile < len(sizes) else 0
        got = sizes[1 - pile] if 1 - pile < len(sizes) else 0
        who = t.name(seat)
        verb = "slap" if event.get("type") == "slap" else "choose"
        other = t.name(1 - seat)
        did = "slapped first and took" if verb == "slap" else "chose"
        text = (f"{who} {did} the {side} pile ({took} cards); {other} "
                f"take{'' if other == 'You' else 's'} the other ({got})")
        self.verdict = text
        t.callouts.banner(f"{who} {'slapped' if verb == 'slap' else 'chose'} first!" if verb == "slap" else text,
                          LEGAL if seat in t.local_seats else BAD, 1.6, 0.7)
        t.sounds.play("slap")
        t.effects.add(Effect("flash", duration=0.25))

    def gather(self, event: dict[str, Any]) -> None:
        """The taken piles' top cards fly into the taker's layout."""
        t = self.table
        seat = event.get("seat")
        if not isinstance(seat, int):
            return
        seating = t.seating
        piles = t.view.get("spit_piles") or [[], []]
        target = seating.place_rect(seat, seating.places(seat) // 2).topleft
        size = seating.csize()
        for p in event.get("piles") or []:
            if not isinstance(p, int) or p >= len(piles):
                continue
            for k, card in enumerate(piles[p][-3:]):
                start = t.motion.current(card) or seating.pile_rect(p).topleft
                t.flights.fly_away(("gather", card), card, size, start, target, hold=0.25 + 0.05 * k, duration=0.4)
