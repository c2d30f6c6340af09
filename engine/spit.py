"""Spit: two players race to empty their layouts onto two shared spit piles (docs/RULES.md, "Spit").

A real-time game: there are no turns. Either seat may act whenever it has a legal action; the host
decides the order of actions, and an action that is no longer legal when it arrives is rejected.

Table
    Each player has ``stock_piles`` places (index 0..stock_piles-1) holding their stock piles, a
    face-down pile of spit cards, and a spit pile in the centre: spit pile ``i`` is seat ``i``'s (the
    one seat ``i`` turns its spit cards onto); both players play onto either. A stock pile is face
    down except for its top card(s): only the top card is face up, or, with ``stack_equal``, a run of
    face-up cards of one rank. Every card of a spit pile is face up and public.

Phases
    ``ready``  a round is dealt; each seat calls ``ready`` ("Spit!"); when both have, each player with
               spit cards turns one onto their own spit pile and play starts.
    ``play``   play, turn, move, stack; when nobody can do any of those the players are stuck and each
               calls ``spit``; when both have, each player with spit cards turns one onto their own
               spit pile. A player without spit cards does not turn, and their spit pile goes out of
               use: from then on only the other pile is played onto.
    ``slap``   the round is over; the first ``slap`` wins that spit pile, the other player gets the
               other pile.
    ``choose`` (``clearer_chooses``) the player who emptied their layout picks a spit pile.
    ``over``   someone has got rid of all their cards.

Actions (exact shapes)
    ``{"type": "ready"}``                       phase ready: this seat is ready ("Spit!").
    ``{"type": "play", "card": "7H", "pile": 0}`` a face-up top card of your stock piles onto spit pile
                                                0 or 1 (in use, rank one above or below its top, A-K wrap;
                                                with ``alternate_colors`` the colour must differ).
    ``{"type": "turn", "stock": 2}``            turn up the face-down top card of your place 2.
    ``{"type": "move", "card": "QS", "stock": 4}`` move the face-up top card QS onto your empty place 4.
                                                A move must work towards uncovering a face-down card (so
                                                play cannot go round in circles): QS's pile has face-down
                                                cards under its face-up ones (with ``stack_equal``, the
                                                rest of a run can then stack onto QS).
    ``{"type": "stack", "card": "QS", "stock": 1}`` (``stack_equal``) put the face-up top card QS
                                                onto the face-up top of your place 1 of the same rank. It
                                                must work towards uncovering a face-down card: QS is the
                                                only face-up card on face-down ones (it uncovers one),
                                                or the top of a face-up run on face-down cards going
                                                onto a pile with none; or QS is alone in its place and
                                                goes onto a pile with no face-down cards, freeing the
                                                place for a pile that can then move out.
    ``{"type": "spit"}``                        phase play, both stuck: call "Spit!".
    ``{"type": "slap", "pile": 1}``             phase slap: slap spit pile 1.
    ``{"type": "choose", "pile": 0}``           phase choose, the clearer only: take spit pile 0.

Round end and gathering
    A round ends when a player plays the last card of their layout, or when both are stuck, neither
    has spit cards, and both have layout cards. Each player then gathers the spit pile they got, their
    own remaining layout and their own remaining spit cards, shuffles (``rng_for(seed, draws)``), and
    deals a new layout: piles of 1, 2, ... ``stock_piles`` cards, the rest spit cards. A player with
    fewer than 15 cards (10 with four piles) deals piles of 1, 2, 3, ... as far as the cards go, the
    last pile taking what is left, and has no spit cards.
    End rule: when only one spit pile is in use and a player empties their layout, that player takes
    no centre cards (they keep only their own spit cards, if any) and the other player gathers both
    spit piles with their own layout and spit cards. A player left with no cards wins the game: so
    does one who empties their layout with no spit cards while both piles are still in use (they
    have got rid of every card; nobody slaps).

View fields
    ``seat, players, phase, to_act, options, round``;
    ``layouts[s]``: seat s's places, each ``{"up": [face-up cards, bottom to top], "down": count}``
    (the same for every viewer: face-up cards are public, face-down ones are only counted);
    ``spit_piles[p]``: every card of spit pile p, bottom to top (the top is the last; each card code
    appears once in a view, so there is no separate list of tops); ``spit_sizes``;
    ``in_use[p]``: whether spit pile p can be played onto; ``spit_cards[s]``: seat s's spit-card
    count; ``cards_left[s]``: cards seat s still holds (layout and spit cards); ``hand_sizes``: the
    same; ``ready[s]``; ``stuck``; ``called[s]`` (called "Spit!" while stuck); ``cleared``: the seat
    that emptied its layout in the round that ended last, or None; ``slapped``: ``{"seat", "pile"}``
    of the winning slap that ended the last round, or None (nobody slapped yet, or the round ended
    with a choice or the end rule); ``winner``.

Options (defaults)
    ``stock_piles`` 5 (or 4); ``stack_equal`` False; ``alternate_colors`` False;
    ``clearer_chooses`` False.

Result
    ``{"scores": [-cards left], "winners": [seat], "cards_left": [...], "rounds": n, "history": [...]}``;
    ``history`` has one entry per finished round: ``round``, ``cleared`` (the seat that emptied its
    layout, or None when both were stuck), ``slapped`` (the seat whose slap won, or None) and ``cards``
    (the cards each seat gathered for the next round; 0 is the winner's).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.cards import RANKS, adjacent, is_card, is_red, rank, shuffled, standard_deck
from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    View,
    check_action_shape,
    int_field,
    one_card,
    pick,
    rng_for,
)

PHASES = ("ready", "play", "slap", "choose", "over")


@dataclass(slots=True)
class SpitState:
    seed: int
    options: dict[str, Any]
    draws: int = 0
    phase: str = "ready"
    round: int = 1
    layouts: list[list[list[str]]] = field(default_factory=list)  # [seat][place] bottom -> top
    up: list[list[int]] = field(default_factory=list)  # face-up cards on top of each place
    spit_cards: list[list[str]] = field(default_factory=list)  # [seat], face down, top = last
    spit_piles: list[list[str]] = field(default_factory=list)  # [pile], face up, top = last
    in_use: list[bool] = field(default_factory=lambda: [False, False])
    ready: list[bool] = field(default_factory=lambda: [False, False])
    called: list[bool] = field(default_factory=lambda: [False, False])
    stuck: bool = False
    cleared: int = -1
    slapped: list[int] = field(default_factory=list)  # [seat, pile] of the winning slap, or []
    winner: int = -1
    players: int = 2
    history: list[dict[str, Any]] = field(default_factory=list)  # every finished round (see Result)


def deal_layout(cards: list[str], piles: int) -> tuple[list[list[str]], list[int], list[str]]:
    """Places, face-up counts and spit cards dealt from ``cards``: piles of 1, 2, ... ``piles`` cards,
    the rest spit cards; with fewer than a full layout (15, or 10 with four piles) the piles take
    1, 2, 3, ... as far as the cards go, the last one what is left, and there are no spit cards."""
    layout: list[list[str]] = [[] for _ in range(piles)]
    pos = 0
    for i in range(piles):
        take = min(i + 1, len(cards) - pos)
        layout[i] = cards[pos : pos + take]
        pos += take
    up = [1 if place else 0 for place in layout]
    return layout, up, cards[pos:]


class Spit(Game):
    name = "spit"
    title = "Spit"
    min_players = 2
    max_players = 2
    realtime = True
    option_specs = {
        "stock_piles": Option(5, "How many piles each layout has: five (1 to 5 cards) or four (1 to 4 cards).",
                              choices=(5, 4), label="Stock piles", words=((5, "Five"), (4, "Four"))),
        "stack_equal": Option(False, "You may put a face-up card on a face-up card of the same rank in your own "
                              "layout.", label="Stack equal ranks"),
        "alternate_colors": Option(False, "A card played on a spit pile must be the other colour from its top card: "
                                   "red on black, black on red.", label="Red on black only"),
        "clearer_chooses": Option(False, "The player who clears their layout first picks the spit pile they take; "
                                  "nobody slaps.", label="First to clear picks"),
    }

    # -- setting up --------------------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> SpitState:
        resolved = self.resolve_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        state = SpitState(seed=seed, options=resolved)
        deck = shuffled(standard_deck(), rng_for(seed, 0))
        state.draws = 1
        piles = resolved["stock_piles"]
        for cards in (deck[:26], deck[26:]):
            layout, up, spit = deal_layout(cards, piles)
            state.layouts.append(layout)
            state.up.append(up)
            state.spit_cards.append(spit)
        state.spit_piles = [[], []]
        return state

    # -- what may be done ----------------------------------------------------------------------------

    def to_act(self, state: SpitState) -> list[int]:
        return [] if state.phase == "over" else [0, 1]

    def legal(self, state: SpitState, seat: int) -> list[Action]:
        if not _is_seat(seat):
            return []
        phase = state.phase
        if phase == "play":
            if state.stuck:
                return [] if state.called[seat] else [{"type": "spit"}]
            return self._layout_actions(state, seat)
        if phase == "ready":
            return [] if state.ready[seat] else [{"type": "ready"}]
        if phase == "slap":
            return [{"type": "slap", "pile": 0}, {"type": "slap", "pile": 1}]
        if phase == "choose" and seat == state.cleared:
            return [{"type": "choose", "pile": 0}, {"type": "choose", "pile": 1}]
        return []

    def _layout_actions(self, state: SpitState, seat: int) -> list[Action]:
        layout, up = state.layouts[seat], state.up[seat]
        targets = _targets(state)
        actions: list[Action] = []
        empty = [i for i, place in enumerate(layout) if not place]
        for i, place in enumerate(layout):
            if not place:
                continue
            count = up[i]
            if count == 0:
                actions.append({"type": "turn", "stock": i})
                continue
            card = place[-1]
            for p, ranks, banned in targets:
                if card[0] in ranks and (banned is None or is_red(card) is not banned):
                    actions.append({"type": "play", "card": card, "pile": p})
            if len(place) > count and empty:
                for j in empty:
                    actions.append({"type": "move", "card": card, "stock": j})
        if state.options["stack_equal"]:
            actions.extend(self._stacks(layout, up))
        return actions

    @staticmethod
    def _stacks(layout: list[list[str]], up: list[int]) -> list[Action]:
        stacks: list[Action] = []
        for i, place in enumerate(layout):
            if not up[i]:
                continue
            card = place[-1]
            for j, other in enumerate(layout):
                if j == i or not up[j] or rank(other[-1]) != card[0]:
                    continue
                if _stack_reason(layout, up, i, j) is None:
                    stacks.append({"type": "stack", "card": card, "stock": j})
        return stacks

    def _can_progress(self, state: SpitState, seat: int) -> bool:
        """Whether ``seat`` has a play, turn, move or stack (the opposite of being stuck)."""
        layout, up = state.layouts[seat], state.up[seat]
        targets = _targets(state)
        has_empty = any(not place for place in layout)
        for i, place in enumerate(layout):
            if not place:
                continue
            if up[i] == 0:
                return True
            card = place[-1]
            for _, ranks, banned in targets:
                if card[0] in ranks and (banned is None or is_red(card) is not banned):
                    return True
            if has_empty and len(place) > up[i]:
                return True
        return bool(state.options["stack_equal"] and self._stacks(layout, up))

    def sample(self, state: SpitState, seat: int, rng: random.Random) -> Action:
        return pick(rng, self.legal(state, seat))

    # -- doing it ------------------------------------------------------------------------------------

    def apply(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        kind = check_action_shape(action)
        if not _is_seat(seat):
            raise IllegalAction(f"there is no seat {seat!r} at a Spit table")
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"Spit has no action {kind!r}")
        if state.phase == "over":
            raise IllegalAction("the game is over")
        return handler(self, state, seat, action)

    def _ready(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase != "play", "the round has already started")
        self.require(state.phase == "ready", "the round is over: a spit pile must be taken first")
        self.require(not state.ready[seat], "you are ready already")
        state.ready[seat] = True
        events: list[Event] = [{"type": "ready", "seat": seat}]
        if all(state.ready):
            state.phase = "play"
            for s in (0, 1):
                state.in_use[s] = bool(state.spit_cards[s])
            events.append({"type": "spit", "round": state.round})
            self._flip(state, events)
            self._settle(state, -1, events)
        return events

    def _play(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self._require_playing(state)
        card = one_card(action)
        pile = int_field(action, "pile", 0, 1)
        place = self._place_of(state, seat, card)
        self.require(state.in_use[pile], "that spit pile is not in use")
        top = state.spit_piles[pile][-1]
        self.require(adjacent(card, top), f"{card} is not one above or below {top}")
        if state.options["alternate_colors"]:
            self.require(is_red(card) != is_red(top), f"{card} is the same colour as {top}")
        state.layouts[seat][place].pop()
        state.up[seat][place] -= 1
        state.spit_piles[pile].append(card)
        events: list[Event] = [{"type": "play", "seat": seat, "card": card, "pile": pile, "stock": place}]
        self._settle(state, -1 if any(state.layouts[seat]) else seat, events)
        return events

    def _turn(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self._require_playing(state)
        place = int_field(action, "stock", 0, len(state.layouts[seat]) - 1)
        cards = state.layouts[seat][place]
        self.require(bool(cards), "that place is empty")
        self.require(state.up[seat][place] == 0, "the top card of that pile is already face up")
        state.up[seat][place] = 1
        events: list[Event] = [{"type": "turn", "seat": seat, "stock": place, "card": cards[-1]}]
        self._settle(state, -1, events)
        return events

    def _move(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self._require_playing(state)
        card = one_card(action)
        target = int_field(action, "stock", 0, len(state.layouts[seat]) - 1)
        source = self._place_of(state, seat, card)
        layout, up = state.layouts[seat], state.up[seat]
        self.require(not layout[target], "you can move a card only onto an empty place")
        self.require(len(layout[source]) > up[source], "a move must work towards uncovering a face-down card")
        layout[source].pop()
        up[source] -= 1
        layout[target].append(card)
        up[target] = 1
        events: list[Event] = [{"type": "move", "seat": seat, "card": card, "from": source, "stock": target}]
        self._settle(state, -1, events)
        return events

    def _stack(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self._require_playing(state)
        self.require(state.options["stack_equal"], "stacking equal cards is not allowed at this table")
        card = one_card(action)
        target = int_field(action, "stock", 0, len(state.layouts[seat]) - 1)
        source = self._place_of(state, seat, card)
        layout, up = state.layouts[seat], state.up[seat]
        self.require(target != source, "the card is on that pile already")
        self.require(bool(layout[target]) and up[target] > 0, "you can stack only onto a face-up card")
        self.require(rank(layout[target][-1]) == rank(card), f"{card} is not the rank of {layout[target][-1]}")
        reason = _stack_reason(layout, up, source, target)
        self.require(reason is None, reason or "")
        layout[source].pop()
        up[source] -= 1
        layout[target].append(card)
        up[target] += 1
        events: list[Event] = [{"type": "stack", "seat": seat, "card": card, "from": source, "stock": target}]
        self._settle(state, -1, events)
        return events

    def _spit(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "play", "you can call Spit! only during play")
        self.require(state.stuck, "you are not stuck: a card can still be played, turned or moved")
        self.require(not state.called[seat], "you have called Spit! already")
        state.called[seat] = True
        events: list[Event] = [{"type": "call", "seat": seat}]
        if all(state.called):
            state.called = [False, False]
            state.stuck = False
            for s in (0, 1):
                if not state.spit_cards[s] and state.in_use[s]:
                    state.in_use[s] = False
                    events.append({"type": "out_of_use", "pile": s})
            events.append({"type": "spit", "round": state.round})
            self._flip(state, events)
            self._settle(state, -1, events)
        return events

    def _slap(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "slap", "there is nothing to slap now")
        pile = int_field(action, "pile", 0, 1)
        events: list[Event] = [{"type": "slap", "seat": seat, "pile": pile}]
        state.slapped = [seat, pile]
        self._gather(state, {seat: pile, 1 - seat: 1 - pile}, events)
        return events

    def _choose(self, state: SpitState, seat: int, action: Action) -> list[Event]:
        self.require(state.phase == "choose", "there is no spit pile to choose now")
        self.require(seat == state.cleared, "only the player who emptied their layout chooses")
        pile = int_field(action, "pile", 0, 1)
        events: list[Event] = [{"type": "choose", "seat": seat, "pile": pile}]
        self._gather(state, {seat: pile, 1 - seat: 1 - pile}, events)
        return events

    _HANDLERS = {
        "ready": _ready,
        "play": _play,
        "turn": _turn,
        "move": _move,
        "stack": _stack,
        "spit": _spit,
        "slap": _slap,
        "choose": _choose,
    }

    # -- helpers --------------------------------------------------------------------------------------

    def _require_playing(self, state: SpitState) -> None:
        if state.phase != "play":
            raise IllegalAction("play has not started" if state.phase == "ready" else "the round is over")
        if state.stuck:
            raise IllegalAction("both players are stuck: call Spit!")

    def _place_of(self, state: SpitState, seat: int, card: str) -> int:
        """The place whose face-up top card is ``card``, or IllegalAction."""
        if not is_card(card):
            raise IllegalAction(f"{card!r} is not a card")
        for i, place in enumerate(state.layouts[seat]):
            if place and place[-1] == card and state.up[seat][i]:
                return i
        raise IllegalAction(f"{card} is not a face-up top card of your layout")

    def _flip(self, state: SpitState, events: list[Event]) -> None:
        """Each player with spit cards turns one onto their own spit pile."""
        for s in (0, 1):
            if state.spit_cards[s]:
                card = state.spit_cards[s].pop()
                state.spit_piles[s].append(card)
                events.append({"type": "flip", "seat": s, "card": card})

    def _settle(self, state: SpitState, clearer: int, events: list[Event]) -> None:
        """After a change in play: end the round, or note whether both players are stuck."""
        if clearer >= 0:
            self._end_round(state, clearer, events)
            return
        if self._can_progress(state, 0) or self._can_progress(state, 1):
            state.stuck = False
            return
        if state.spit_cards[0] or state.spit_cards[1]:
            state.stuck = True
            events.append({"type": "stuck"})
            return
        self._end_round(state, -1, events)

    def _end_round(self, state: SpitState, clearer: int, events: list[Event]) -> None:
        state.stuck = False
        state.called = [False, False]
        state.cleared = clearer
        state.slapped = []
        events.append({"type": "round_over", "round": state.round, "cleared": None if clearer < 0 else clearer})
        if clearer >= 0 and (sum(state.in_use) == 1 or not state.spit_cards[clearer]):
            self._end_rule(state, clearer, events)
        elif clearer >= 0 and state.options["clearer_chooses"]:
            state.phase = "choose"
        else:
            state.phase = "slap"

    def _end_rule(self, state: SpitState, clearer: int, events: list[Event]) -> None:
        """The clearer takes no centre cards: the other player gathers both spit piles and everything
        of theirs. A clearer without spit cards has no cards left and wins."""
        other = 1 - clearer
        gathered: list[list[str]] = [[], []]
        gathered[clearer] = list(state.spit_cards[clearer])
        gathered[other] = (
            state.spit_piles[0] + state.spit_piles[1]
            + [c for place in state.layouts[other] for c in place] + state.spit_cards[other]
        )
        events.append({"type": "gather", "seat": other, "piles": [0, 1]})
        self._next_round(state, gathered, events)

    def _gather(self, state: SpitState, takes: dict[int, int], events: list[Event]) -> None:
        gathered: list[list[str]] = [[], []]
        for s, pile in takes.items():
            gathered[s] = (
                state.spit_piles[pile] + [c for place in state.layouts[s] for c in place] + state.spit_cards[s]
            )
            events.append({"type": "gather", "seat": s, "piles": [pile]})
        self._next_round(state, gathered, events)

    def _next_round(self, state: SpitState, gathered: list[list[str]], events: list[Event]) -> None:
        """Each player shuffles the cards they gathered and deals a new layout; a player who gathered
        nothing has got rid of all their cards and wins."""
        state.history = [*state.history, {
            "round": state.round, "cleared": None if state.cleared < 0 else state.cleared,
            "slapped": state.slapped[0] if state.slapped else None, "cards": [len(g) for g in gathered]}]
        state.spit_piles = [[], []]
        state.in_use = [False, False]
        state.ready = [False, False]
        if not all(gathered):
            self._game_over(state, gathered.index([]), gathered, events)
            return
        piles = state.options["stock_piles"]
        rng = rng_for(state.seed, state.draws)
        state.draws += 1
        for s in (0, 1):
            layout, up, spit = deal_layout(shuffled(gathered[s], rng), piles)
            state.layouts[s], state.up[s], state.spit_cards[s] = layout, up, spit
        state.round += 1
        state.phase = "ready"
        events.append({"type": "deal", "round": state.round, "cards": [len(g) for g in gathered]})

    def _game_over(self, state: SpitState, winner: int, gathered: list[list[str]], events: list[Event]) -> None:
        """The loser's cards stay face down in their first place; the winner's layout is empty."""
        piles = state.options["stock_piles"]
        state.winner = winner
        state.phase = "over"
        for s in (0, 1):
            state.layouts[s] = [gathered[s]] + [[] for _ in range(piles - 1)]
            state.up[s] = [0] * piles
            state.spit_cards[s] = []
        events.append({"type": "game_over", "winners": [winner]})

    # -- what is seen ---------------------------------------------------------------------------------

    def cards_left(self, state: SpitState, seat: int) -> int:
        return sum(len(place) for place in state.layouts[seat]) + len(state.spit_cards[seat])

    def view(self, state: SpitState, seat: int | None) -> View:
        layouts = [
            [{"up": place[len(place) - count :] if count else [], "down": len(place) - count}
             for place, count in zip(state.layouts[s], state.up[s], strict=True)]
            for s in (0, 1)
        ]
        if state.phase == "over":
            layouts = [[{"up": [], "down": len(place)} for place in state.layouts[s]] for s in (0, 1)]
        left = [self.cards_left(state, s) for s in (0, 1)]
        return {
            "seat": seat,
            "players": 2,
            "phase": state.phase,
            "to_act": self.to_act(state),
            "options": dict(state.options),
            "round": state.round,
            "layouts": layouts,
            "spit_piles": [list(pile) for pile in state.spit_piles],
            "spit_sizes": [len(pile) for pile in state.spit_piles],
            "in_use": list(state.in_use),
            "spit_cards": [len(cards) for cards in state.spit_cards],
            "cards_left": left,
            "hand_sizes": list(left),
            "ready": list(state.ready),
            "stuck": state.stuck,
            "called": list(state.called),
            "cleared": state.cleared if state.cleared >= 0 else None,
            "slapped": {"seat": state.slapped[0], "pile": state.slapped[1]} if state.slapped else None,
            "winner": state.winner if state.winner >= 0 else None,
        }

    def hidden(self, state: SpitState, seat: int | None) -> list[str]:
        out: list[str] = []
        for s in (0, 1):
            for place, count in zip(state.layouts[s], state.up[s], strict=True):
                out.extend(place[: len(place) - count])
            out.extend(state.spit_cards[s])
        return out

    def cards(self, state: SpitState) -> list[str]:
        out: list[str] = []
        for s in (0, 1):
            for place in state.layouts[s]:
                out.extend(place)
            out.extend(state.spit_cards[s])
        for pile in state.spit_piles:
            out.extend(pile)
        return out

    def result(self, state: SpitState) -> dict[str, Any] | None:
        if state.phase != "over":
            return None
        left = [self.cards_left(state, s) for s in (0, 1)]
        return {"scores": [-n for n in left], "winners": [state.winner], "cards_left": left, "rounds": state.round,
                "history": [dict(entry, cards=list(entry["cards"])) for entry in state.history]}

    # -- storage --------------------------------------------------------------------------------------

    def dump(self, state: SpitState) -> dict[str, Any]:
        return {
            "seed": state.seed,
            "options": dict(state.options),
            "draws": state.draws,
            "phase": state.phase,
            "round": state.round,
            "layouts": [[list(place) for place in layout] for layout in state.layouts],
            "up": [list(u) for u in state.up],
            "spit_cards": [list(c) for c in state.spit_cards],
            "spit_piles": [list(p) for p in state.spit_piles],
            "in_use": list(state.in_use),
            "ready": list(state.ready),
            "called": list(state.called),
            "stuck": state.stuck,
            "cleared": state.cleared,
            "slapped": list(state.slapped),
            "winner": state.winner,
            "players": state.players,
            "history": [dict(entry, cards=list(entry["cards"])) for entry in state.history],
        }

    def load(self, data: dict[str, Any]) -> SpitState:
        return SpitState(**self.dump(SpitState(**data)))  # type: ignore[arg-type]

    def clone(self, state: SpitState) -> SpitState:
        return SpitState(
            seed=state.seed,
            options=dict(state.options),
            draws=state.draws,
            phase=state.phase,
            round=state.round,
            layouts=[[list(place) for place in layout] for layout in state.layouts],
            up=[list(u) for u in state.up],
            spit_cards=[list(c) for c in state.spit_cards],
            spit_piles=[list(p) for p in state.spit_piles],
            in_use=list(state.in_use),
            ready=list(state.ready),
            called=list(state.called),
            stuck=state.stuck,
            cleared=state.cleared,
            slapped=list(state.slapped),
            winner=state.winner,
            players=state.players,
            history=list(state.history),
        )

    def check(self, state: SpitState) -> None:
        self._check_shapes(state)
        assert Counter(self.cards(state)) == Counter(standard_deck()), "cards are not conserved"
        for s in (0, 1):
            self._check_layout(state, s)
        {
            "ready": self._check_ready,
            "play": self._check_play,
            "slap": self._check_round_over,
            "choose": self._check_round_over,
            "over": self._check_over,
        }[state.phase](state)

    def _check_shapes(self, state: SpitState) -> None:
        assert state.players == 2
        assert type(state.seed) is int, "the seed is not a whole number"
        assert set(state.options) == set(self.option_specs), "the options are not Spit's"
        assert state.phase in PHASES, state.phase
        for name in ("layouts", "up", "spit_cards", "spit_piles", "in_use", "ready", "called"):
            assert len(getattr(state, name)) == 2, f"{name} is not one per seat or pile"
        assert state.cleared in (-1, 0, 1) and state.winner in (-1, 0, 1)
        assert state.slapped == [] or (len(state.slapped) == 2 and all(x in (0, 1) for x in state.slapped))
        assert state.round >= 1 and state.draws == state.round, "one shuffle per deal"
        assert state.phase == "over" or state.winner == -1, "a winner while the game goes on"
        rounds = [entry["round"] for entry in state.history]
        assert rounds == sorted(set(rounds)) and all(r <= state.round for r in rounds), "the round history is out of order"
        assert all(sum(entry["cards"]) == 52 for entry in state.history), "a round's cards do not add up to the deck"
        assert state.phase == "play" or (not state.stuck and not any(state.called)), "stuck outside play"

    def _check_layout(self, state: SpitState, seat: int) -> None:
        piles = state.options["stock_piles"]
        assert len(state.layouts[seat]) == piles and len(state.up[seat]) == piles
        for place, count in zip(state.layouts[seat], state.up[seat], strict=True):
            assert 0 <= count <= len(place), (place, count)
            if count > 1:
                assert state.options["stack_equal"], "a face-up run without stack_equal"
                assert len({rank(c) for c in place[-count:]}) == 1, "a face-up run of mixed ranks"

    def _check_ready(self, state: SpitState) -> None:
        assert not any(state.spit_piles) and not any(state.in_use), "spit piles before Spit!"
        assert not all(state.ready), "both ready but play has not started"
        for s in (0, 1):
            self._check_fresh_layout(state, s)

    def _check_play(self, state: SpitState) -> None:
        assert all(state.ready), "play without both players ready"
        assert any(state.in_use), "play with no spit pile in use"
        for p in (0, 1):
            assert not state.in_use[p] or state.spit_piles[p], "a spit pile in use is empty"
            if state.spit_cards[p]:
                assert state.in_use[p], "a player with spit cards has a spit pile out of use"
        assert any(state.layouts[0]) and any(state.layouts[1]), "a round goes on with an empty layout"
        progress = self._can_progress(state, 0) or self._can_progress(state, 1)
        assert state.stuck == (not progress), "the stuck flag is wrong"
        if state.stuck:
            assert state.spit_cards[0] or state.spit_cards[1], "stuck with no spit cards: the round is over"
        else:
            assert not any(state.called), "Spit! called while not stuck"

    def _check_round_over(self, state: SpitState) -> None:
        """Slap or choose: why the round ended must hold, and it must not have been the end rule."""
        assert all(state.ready) and not state.slapped
        clearer = state.cleared
        if clearer < 0:
            assert state.phase == "slap", "a choice when nobody emptied their layout"
            assert all(any(layout) for layout in state.layouts), "an empty layout, but no clearer"
            assert not any(state.spit_cards), "the round ended with spit cards left and nobody out"
            assert not (self._can_progress(state, 0) or self._can_progress(state, 1)), "not stuck"
            return
        assert not any(state.layouts[clearer]), "the clearer still has layout cards"
        assert all(state.in_use) and state.spit_cards[clearer], "the end rule should have applied"
        chooses = state.options["clearer_chooses"]
        assert state.phase == ("choose" if chooses else "slap"), "clearer_chooses decides choose or slap"

    def _check_over(self, state: SpitState) -> None:
        assert state.winner in (0, 1) and self.cards_left(state, state.winner) == 0
        assert not any(state.spit_piles) and not any(state.in_use) and not any(state.ready)

    def _check_fresh_layout(self, state: SpitState, seat: int) -> None:
        """A dealt layout: piles 1, 2, 3, ... (the last one taking the rest when short), tops face up."""
        layout = state.layouts[seat]
        piles = len(layout)
        total = sum(len(p) for p in layout) + len(state.spit_cards[seat])
        expected, _, spit = deal_layout(["XX"] * total, piles)
        assert [len(p) for p in layout] == [len(p) for p in expected], "layout sizes are not 1, 2, 3, ..."
        assert len(state.spit_cards[seat]) == len(spit)
        assert state.up[seat] == [1 if p else 0 for p in layout]


_NEIGHBOURS = {r: frozenset(o for o in RANKS if adjacent(r + "S", o + "S")) for r in RANKS}
"""The ranks one above and below each rank, A-K wrapping (a card fits a spit pile's top by rank)."""


def _targets(state: SpitState) -> list[tuple[int, frozenset[str], bool | None]]:
    """For each spit pile in use: its index, the ranks that fit on its top, and with
    ``alternate_colors`` the colour (``is_red``) a card played on it must not have, else None."""
    colours = state.options["alternate_colors"]
    targets = []
    for p in (0, 1):
        if state.in_use[p]:
            top = state.spit_piles[p][-1]
            targets.append((p, _NEIGHBOURS[top[0]], is_red(top) if colours else None))
    return targets


def _is_seat(seat: object) -> bool:
    """Seat 0 or 1 as a plain int (``1.0`` and ``True`` compare equal to 1 but cannot index a list)."""
    return type(seat) is int and 0 <= seat <= 1


def _stack_reason(layout: list[list[str]], up: list[int], source: int, target: int) -> str | None:
    """Why the face-up top of ``source`` may not stack onto the face-up top of ``target`` (same rank),
    or None when it may.

    A stack must work towards uncovering a face-down card: the single face-up card of a pile with
    face-down cards under it (uncovers one), or the top of a face-up run on face-down cards onto a
    pile with none (the run leaves card by card). A lone card may also stack onto a pile with no
    face-down cards to free its place for a pile that can then move out. Cards thus only ever leave
    piles with face-down cards, so play cannot go round in circles."""
    source_down = len(layout[source]) - up[source]
    target_down = len(layout[target]) - up[target]
    if source_down:
        if up[source] == 1 or not target_down:
            return None
        return "a card of a run can stack only onto a pile with no face-down cards"
    if len(layout[source]) > 1:
        return "that stack would uncover nothing and free no place"
    if target_down:
        return "put that pile's card onto this one instead: a lone card stacks only onto a pile with no face-down cards"
    if not _movable_besides(layout, up, source, target):
        return "that stack would uncover nothing and free a place nothing can use"
    return None


def _movable_besides(layout: list[list[str]], up: list[int], source: int, target: int) -> bool:
    """Whether a pile other than ``source`` and ``target`` has a face-up top on face-down cards, which
    could move into a freed place and work towards uncovering one."""
    return any(len(place) > up[k] > 0 for k, place in enumerate(layout) if k != source and k != target)


GAME = Spit()
