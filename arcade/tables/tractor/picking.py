"""What the bottom seat picks: the cards it shows (the hand, plus the kitty while burying), the plays
its legal list allows (single cards played at once, templates filled by selecting), the selection
that builds a play or the bury, and the words for what the selection makes ("pair", "tractor of 2")."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import BAD, Action
from cardtable.engine import tractor_shapes

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable


class Picking:
    """Each seat's selection (indexes into :meth:`shown_cards`), kept through a refusal so the player
    can fix it, cleared when the position it was made in changes."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table
        self.selected: dict[int, set[int]] = {}
        self._made_in: dict[int, tuple] = {}  # seat -> the position its selection belongs to
        self._sent: dict[int, set[int]] = {}  # seat -> the selection its last play or bury was made of
        self._units: tuple[tuple, list[list[int]]] = ((), [])  # (what they were found in, the units)

    # -- what the seat may do -------------------------------------------------------------------

    def order(self) -> dict[str, tuple[str, int]] | None:
        view = self.table.view
        trump = view.get("trump") or {}
        options = view.get("options") or {}
        try:
            return tractor_shapes.card_order(trump.get("suit"), trump.get("rank"),
                                             bool(options.get("rank_skip", True)),
                                             bool(options.get("nt_black_high", True)))
        except Exception:  # noqa: BLE001 - a label must never break the table
            return None

    def shown_cards(self) -> list[str]:
        """The cards at the bottom: the hand, plus the kitty while burying."""
        view = self.table.view
        cards = list(view.get("hand") or [])
        if view.get("phase") == "bury" and view.get("kitty"):
            cards += list(view["kitty"])
            order = self.order()
            if order is not None and all(c in order for c in cards):
                cards.sort(key=tractor_shapes.sort_key(order))
        return cards

    def template(self) -> Action | None:
        for a in self.table.my_legal():
            if "choose" in a and a.get("type") in ("play", "bury"):
                return a
        return None

    def singles(self) -> dict[str, Action]:
        """Plays of exactly one card: played at once when a single card is all the seat may play."""
        return {a["cards"][0]: a for a in self.table.my_legal()
                if a.get("type") == "play" and "choose" not in a and len(a.get("cards") or []) == 1}

    def pool(self) -> Counter:
        """The cards the seat may play now: its template's choice and every listed play's cards."""
        pool = Counter((self.template() or {}).get("choose", {}).get("from") or [])
        for a in self.table.my_legal():
            if a.get("type") == "play" and "choose" not in a:
                pool.update(set(a.get("cards") or []))
        return pool

    def usable(self) -> list[bool]:
        """Per shown card: whether the seat may use it now (empty when it may use none)."""
        pool, singles = self.pool(), self.singles()
        if not pool and not singles:
            return []
        return [card in pool or card in singles for card in self.shown_cards()]

    def units(self) -> list[list[int]]:
        """The pairs and tractors among the cards the seat may use now, longest first within a suit,
        as indexes into :meth:`shown_cards` (remembered for the same cards and choice)."""
        cards, pool, order = self.shown_cards(), self.pool(), self.order()
        key = (tuple(cards), tuple(sorted(pool.items())), self.selecting())
        if self._units[0] == key:
            return self._units[1]
        found: list[list[int]] = []
        if order is not None and self.selecting() and all(c in order for c in cards):
            by_class: dict[str, list[int]] = {}
            for i, card in enumerate(cards):
                if pool[card] > 0:
                    by_class.setdefault(order[card][0], []).append(i)
            for indexes in by_class.values():
                free = [(i, cards[i]) for i in indexes]
                for unit in tractor_shapes.decompose([c for _, c in free], order):
                    if unit[0] != 2:
                        continue
                    taken = []
                    for code in unit[3]:
                        at = next(j for j, (_, c) in enumerate(free) if c == code)
                        taken.append(free.pop(at)[0])
                    found.append(sorted(taken))
            found.sort()
        self._units = (key, found)
        return found

    def take_unit(self, seat: int, cursor: int, step: int) -> list[int]:
        """Select the pair or tractor under the cursor, or the next one on the ``step`` side (1 right,
        -1 left), whole; as much of it as the play's count still takes. Its indexes, or [] with a
        toast saying why not."""
        chosen = self.selected.setdefault(seat, set())
        units = [u for u in self.units() if not set(u) <= chosen]
        if not units:
            self.table.toasts.add("No pair or tractor left to take", BAD, 1.4)
            return []
        if step > 0:
            ahead = [u for u in units if max(u) >= cursor]
            unit = min(ahead or units, key=min)
        else:
            behind = [u for u in units if min(u) <= cursor]
            unit = max(behind or units, key=min)
        count = ((self.template() or {}).get("choose") or {}).get("count")
        room = len(unit) if count is None else (count - len(chosen)) // 2 * 2
        if room <= 0:
            self.table.toasts.add(f"That's {count} already: unselect one first", BAD, 1.4)
            return []
        unit = [i for i in unit if i not in chosen][:room]
        chosen.update(unit)
        return unit

    def complete(self, seat: int) -> bool:
        """The selection is a play the seat can make (a follow: all the cards it needs)."""
        return self.selected_action(seat) is not None

    def selecting(self) -> bool:
        """The seat builds its play by selecting cards (leads, multi-card follows, the bury)."""
        legal = self.table.my_legal()
        if any(a.get("type") == "bury" for a in legal):
            return True
        plays = [a for a in legal if a.get("type") == "play"]
        if not plays:
            return False
        follow_one = all("choose" not in a and len(a.get("cards") or []) == 1 for a in plays)
        return not (follow_one and self.table.view.get("trick"))

    # -- the selection --------------------------------------------------------------------------

    def selection(self, seat: int) -> list[str]:
        cards = self.shown_cards()
        return [cards[i] for i in sorted(self.selected.get(seat, set())) if i < len(cards)]

    def selected_action(self, seat: int) -> Action | None:
        """The action the current selection makes, if it is one the host listed or fills its template."""
        chosen = self.selection(seat)
        if not chosen:
            return None
        want = Counter(chosen)
        for a in self.table.legals.get(seat, []):
            if "choose" not in a and a.get("type") == "play" and Counter(a.get("cards") or []) == want:
                return a
        template = self.template()
        if template is None:
            return None
        choose = template["choose"]
        count = choose.get("count")
        if count is not None and len(chosen) != count:
            return None
        if len(chosen) < int(choose.get("min", 1)) or len(chosen) > int(choose.get("max", len(chosen))):
            return None
        if Counter(chosen) - Counter(choose.get("from") or []):
            return None
        return {"type": template["type"], "cards": chosen}

    def shape(self, cards: list[str]) -> str:
        """What the selected cards make, for the Play button: "pair", "tractor of 2", "throw of 3 units"."""
        order = self.order()
        if not cards or order is None or any(c not in order for c in cards):
            return ""
        if len({order[c][0] for c in cards}) > 1:
            return "mixed suits"
        units = tractor_shapes.decompose(cards, order)
        if len(units) > 1:
            return f"throw of {len(units)} units"
        width, length = units[0][0], units[0][1]
        if length > 1:
            return f"tractor of {length}"
        return "pair" if width == 2 else "single"

    def need(self) -> str:
        """The Play button's note: how many are chosen of how many, or what they make."""
        template = self.template()
        chosen = self.selection(self.table.me or 0)
        if template is None:
            return self.shape(chosen)
        choose = template["choose"]
        if "count" in choose:
            return f"{len(chosen)}/{choose['count']}"
        shape = self.shape(chosen)
        return f"{len(chosen)} selected" + (f": {shape}" if shape else "")

    def new_view(self, seat: int) -> bool:
        """The seat's view changed: a new position (phase, trick, cards, round) starts a new selection,
        holding the cards the template must include. True when it did."""
        view = self.table.views[seat]
        cards = self.shown_cards()
        key = (view.get("phase"), len(view.get("trick") or []), len(cards), view.get("round"))
        if self._made_in.get(seat) == key:
            return False
        self._made_in[seat] = key
        self.selected[seat] = set()
        include = Counter((self.template() or {}).get("choose", {}).get("include") or [])
        if include:
            for i, card in enumerate(cards):
                if include[card] > 0:
                    include[card] -= 1
                    self.selected[seat].add(i)
        return True

    def select(self, seat: int, cards: list[str]) -> None:
        """Select exactly ``cards`` (a hinted play or bury) in the shown cards."""
        wanted = Counter(cards)
        picked: set[int] = set()
        for i, card in enumerate(self.shown_cards()):
            if wanted[card] > 0:
                wanted[card] -= 1
                picked.add(i)
        self.selected[seat] = picked

    def clear(self, seat: int) -> None:
        self.selected[seat] = set()

    def toggle(self, seat: int, index: int) -> list[tuple[int, Action]]:
        """The card at ``index`` chosen: played at once when a single is all the seat may play,
        otherwise selected or unselected."""
        t = self.table
        cards = self.shown_cards()
        if not 0 <= index < len(cards):
            return []
        if not self.selecting():
            action = self.singles().get(cards[index])
            if action is not None:
                return [(seat, action)]
            if t.my_legal():
                t.toasts.add("You must follow the led suit if you can", BAD, 1.6)
                t.effects.add(Effect("shake", key=cards[index], duration=0.3))
            return []
        chosen = self.selected.setdefault(seat, set())
        if index in chosen:
            chosen.discard(index)
        else:
            count = ((self.template() or {}).get("choose") or {}).get("count")
            if count is not None and len(chosen) >= count:
                t.toasts.add(f"That's {count} already: unselect one first", BAD, 1.4)
                return []
            chosen.add(index)
        return []

    def submit(self, seat: int) -> list[tuple[int, Action]]:
        """The selection as an action, or a toast saying what is missing."""
        action = self.selected_action(seat)
        if action is None:
            count = ((self.template() or {}).get("choose") or {}).get("count")
            if count is not None:
                self.table.toasts.add(f"Select {count} cards", BAD, 1.4)
            elif self.selection(seat):
                self.table.toasts.add("That is not a play you can make", BAD, 1.4)
            return []
        return [(seat, action)]

    def sent(self, seat: int) -> None:
        """A play or bury went to the host: the selection goes, kept aside in case it is refused."""
        self._sent[seat] = set(self.selected.get(seat, set()))
        self.selected[seat] = set()

    def refused(self, seat: int) -> None:
        """The host refused it: the selection comes back so the player can fix it."""
        if seat in self._sent:
            self.selected[seat] = self._sent.pop(seat)
