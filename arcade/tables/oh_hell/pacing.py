"""The pace between tricks and hands: a taken trick stays a moment in the middle, then flies to its
winner (at once when the next trick begins); a new hand is dealt only once the last trick has left
the middle, and the "Hand N over" banner waits for it too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.arcade.anim import Effect, Vec
from cardtable.arcade.tables.base import GOLD

BANNER_TIME = 1.4  # seconds "Hand N over" shows: the next hand is dealt after it, not under it

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class Pacing:
    """:attr:`deal_wait` seconds until the new hand shows; :attr:`ends` where each flying card lands."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.ends: dict[object, Vec] = {}
        self.later_banner: tuple[float, str] | None = None  # (seconds to wait, text)
        self.deal_wait = 0.0  # a new hand is dealt once the last trick has left the middle
        self.awaiting = False  # the bid waits for the hand's cards to land

    def dealing(self) -> bool:
        """The last trick still lies in the middle: the new hand comes after."""
        return self.deal_wait > 0

    def dealt(self) -> None:
        wait = max((g.ttl for g in self.table.flights.ghosts), default=0.0)
        if self.later_banner is not None:  # "Hand N over" first: the new cards do not fly under it
            wait = max(wait, self.later_banner[0] + BANNER_TIME)
        self.deal_wait = wait

    def hand_ready(self) -> bool:
        """The bottom seat's hand is on the table: dealt, and every card landed (a bid is offered only
        then; the cards it depends on are in sight)."""
        t = self.table
        if self.deal_wait > 0:
            return False
        moving = t.motion.moving_keys()
        return all(t.motion.known(card) and card not in moving for card in t.view.get("hand") or [])

    def hand_over(self, hand: Any) -> None:
        """The "Hand N over" banner, after the last trick has flown to its winner (it lies where the banner shows)."""
        self.later_banner = (1.25 if self.table.flights.ghosts else 0.0, f"Hand {hand} over")

    def game_over(self) -> None:
        self.later_banner = None

    def tick(self, dt: float) -> None:
        t = self.table
        if self.deal_wait > 0:
            self.deal_wait -= dt
            if self.deal_wait <= 0:
                self.deal_wait = 0.0
                t.relayout()  # now deal the new hand
        if self.awaiting and self.hand_ready():
            self.awaiting = False
            t.relayout()  # the hand has landed: now the bid
        if self.later_banner is not None:
            wait, text = self.later_banner
            if wait - dt <= 0:
                self.later_banner = None
                if not t.sheet.shown:
                    t.callouts.banner(text, GOLD, BANNER_TIME, 0.7)
            else:
                self.later_banner = (wait - dt, text)

    def hurry(self) -> None:
        """A new trick has begun: the last one leaves the middle now instead of after its pause."""
        t = self.table
        for ghost in t.flights.ghosts:
            end = self.ends.get(ghost.key)
            start = t.motion.current(ghost.key)
            if end is None or start is None or ghost.ttl <= 0.4:
                continue
            t.flights.fly_away(ghost.key, ghost.code, ghost.size, start, end, hold=0.0, duration=0.3,
                               end_size=ghost.end_size)

    def trick_taken(self, event: dict[str, Any]) -> None:
        """The trick's cards fly to the winner's small hand after a pause; "+1 trick" rises there."""
        t = self.table
        seating = t.seating
        winner = event.get("winner")
        if not isinstance(winner, int):
            return
        t.sounds.play("trick")
        size = seating.trick_size()
        small = seating.small_size()
        target = seating.taken_pile(winner)  # beside the winner's cards, clear of their name plate
        end = (target[0] - small[0] / 2, target[1] - small[1] / 2)
        leader = event.get("leader")
        n = max(1, seating.players)
        for i, played in enumerate(event.get("cards") or []):
            if isinstance(played, dict):
                seat, card = played.get("seat"), played.get("card")
            else:
                seat, card = ((leader if isinstance(leader, int) else 0) + i) % n, played
            if not isinstance(seat, int) or not isinstance(card, str):
                continue
            rect = seating.trick_rect(seat, size)
            self.ends[("trick", card)] = end
            t.flights.fly_away(("trick", card), card, size, rect.topleft, end, hold=0.9, duration=0.35, end_size=small)
        t.effects.add(Effect("float", "+1 trick", (target[0], target[1] - small[1] * 0.6), GOLD, 1.6, size=0.6))
