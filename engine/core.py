"""The game contract every rules module implements (see docs/DESIGN.md, "engine").

A game is one object with no per-game mutable data; all of a table's data lives in its *state*,
which the game's methods read and mutate. Actions and events are plain msgpack-ready dicts with a
``"type"`` key. ``apply()`` either mutates the state and returns events, or raises
:class:`IllegalAction` and leaves the state exactly as it was.

>>> from engine import get_game
>>> game = get_game("oh_hell")
>>> state = game.new(4, seed=7)
>>> seat = game.to_act(state)[0]
>>> action = game.legal(state, seat)[0]
>>> events = game.apply(state, seat, action)
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FrozenAction(dict[str, Any]):
    """A read-only action: a game builds its common actions once and ``legal()`` hands out the same
    ones again and again (Oh Hell's plays and bids, Speed's plays), which is safe only because nobody
    can change them. It is a dict for msgpack, JSON and ``==``; any change raises TypeError;
    ``dict(action)``, ``action.copy()``, ``copy.copy``, ``copy.deepcopy`` and pickling give a plain
    dict to change."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("legal() hands out read-only actions: change a copy (dict(action))")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def copy(self) -> dict[str, Any]:  # type: ignore[override]
        return dict(self)

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return dict(self)  # the values are str, int and bool: nothing deeper to copy

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return (dict, (dict(self),))


@dataclass(frozen=True)
class Option:
    """One game option: its default, what values it accepts, and the words every client shows for it.

    ``choices`` lists the accepted values; otherwise ``kind`` (bool or int) with optional bounds.
    ``label`` names the option for players ("No-trump: black joker high"), ``doc`` says in one line of
    plain English what it does, ``words`` names particular values ((0, "One round")) and ``unit``
    follows any other number ("points"). docs/RULES.md's wording is the reference.
    """

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    words: tuple[tuple[Any, str], ...] = ()
    unit: str = ""

    def value_label(self, value: Any) -> str:
        """What a player reads for ``value``: "On"/"Off", the value's words, or the number and unit."""
        for known, text in self.words:
            if known == value and isinstance(known, bool) == isinstance(value, bool):
                return text
        if isinstance(value, bool):
            return "On" if value else "Off"
        if isinstance(value, int) and self.unit:
            return f"{value} {self.unit}"
        return str(value)

    def validate(self, name: str, value: Any) -> Any:
        if self.choices is not None:
            if isinstance(self.default, str) and type(value) is int and str(value) in self.choices:
                value = str(value)  # a command line reads deal=20 as a number
            if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
                raise ValueError(f"option {name!r}: {value!r} is not one of {list(self.choices)}")
            return value
        kind = self.kind or type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r}: expected true or false, got {value!r}")
            return value
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name!r}: expected a whole number, got {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {name!r}: {value} is below the minimum {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {name!r}: {value} is above the maximum {self.maximum}")
            return value
        if not isinstance(value, kind):
            raise ValueError(f"option {name!r}: expected {kind.__name__}, got {value!r}")
        return value


def describe_options(game: Game) -> list[str]:
    """One line per option of ``game``, for command-line help: its name, label, values and meaning."""
    def written(value: Any) -> str:  # as NAME=VALUE takes it
        return value if isinstance(value, str) else json.dumps(value)

    lines = []
    for name, spec in game.option_specs.items():
        if spec.choices is not None:
            values = ", ".join(f"{written(v)} ({spec.value_label(v)})" if spec.words else written(v)
                               for v in spec.choices)
        elif (spec.kind or type(spec.default)) is bool:
            values = "true or false"
        else:
            low = "" if spec.minimum is None else spec.minimum
            high = "" if spec.maximum is None else spec.maximum
            values = f"a whole number {low}..{high}"
            named = ", ".join(f"{v} = {text}" for v, text in spec.words)
            values += f"; {named}" if named else ""
        lines.append(f"{name}: {spec.label or name}. {spec.doc} ({values}; default {written(spec.default)})")
    return lines


class Game(ABC):
    """Base class of the six games. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    realtime: ClassVar[bool] = False
    option_specs: ClassVar[dict[str, Option]] = {}

    @property
    def options(self) -> dict[str, Any]:
        """``{option_name: default}``; the meaning of each is in the game module's docstring."""
        return {name: spec.default for name, spec in self.option_specs.items()}

    def resolve_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; an unknown name or a bad value is a ValueError naming it."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players!r}"
            )
        resolved = self.options
        for name, value in (options or {}).items():
            spec = self.option_specs.get(name)
            if spec is None:
                known = ", ".join(sorted(self.option_specs)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.name} (known: {known})")
            resolved[name] = spec.validate(name, value)
        return resolved

    # -- the contract ---------------------------------------------------------------------------

    @abstractmethod
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new table: deterministic deal from ``seed``."""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (templates with ``"choose"`` where too many to list)."""

    @abstractmethod
    def sample(self, state: Any, seat: int, rng: random.Random) -> Action:
        """One concrete legal action for ``seat``, picked at random. Raises IllegalAction if none."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Carry out ``action`` for ``seat``; raise IllegalAction (state untouched) if not allowed."""

    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """Seats that may act now."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator)."""

    @abstractmethod
    def result(self, state: Any) -> dict[str, Any] | None:
        """None while the game goes on, then ``{"scores": [...], "winners": [...], ...}``."""

    @abstractmethod
    def dump(self, state: Any) -> dict[str, Any]:
        """The complete state as msgpack-ready data (str keys only)."""

    @abstractmethod
    def load(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from :meth:`dump`; ``load(dump(s)) == s``."""

    @abstractmethod
    def clone(self, state: Any) -> Any:
        """A fast independent copy."""

    @abstractmethod
    def check(self, state: Any) -> None:
        """Raise AssertionError when an invariant is broken."""

    @abstractmethod
    def cards(self, state: Any) -> list[str]:
        """Every card in play at this table, as a multiset of codes (conservation and leak checks)."""

    @abstractmethod
    def hidden(self, state: Any, seat: int | None) -> list[str]:
        """The cards ``seat`` may not see now, as a multiset of codes: other hands, face-down piles,
        the stock. A view of that seat holds each code at most ``cards().count(c) - hidden().count(c)``
        times."""

    # -- shared helpers -------------------------------------------------------------------------

    def require(self, condition: bool, reason: str) -> None:
        if not condition:
            raise IllegalAction(reason)


def option_pairs(pairs: list[str]) -> dict[str, Any]:
    """Options written as ``NAME=VALUE`` (command lines): values read as JSON when they parse
    (``true``, ``3``, ``"x"``), else as text. ``new()`` then validates them.

    >>> option_pairs(["deal=20", "auto_draw=false", "score_to=5"])
    {'deal': 20, 'auto_draw': False, 'score_to': 5}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise ValueError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            options[name.strip()] = json.loads(text)
        except json.JSONDecodeError:
            options[name.strip()] = text
    return options


def check_action_shape(action: Any) -> str:
    """The action's type, or IllegalAction if ``action`` is not a dict with a string ``"type"``."""
    if not isinstance(action, dict):
        raise IllegalAction(f"an action is a map with a 'type', not {type(action).__name__}")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction("the action has no 'type'")
    return kind


def card_list(action: Action, key: str = "cards") -> list[str]:
    """``action[key]`` as a list of strings, or IllegalAction."""
    value = action.get(key)
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise IllegalAction(f"'{key}' must be a list of card codes")
    return list(value)


def one_card(action: Action, key: str = "card") -> str:
    value = action.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f"'{key}' must be a card code")
    return value


def int_field(action: Action, key: str, low: int, high: int) -> int:
    """``action[key]`` as an int in ``[low, high]``, or IllegalAction."""
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"'{key}' must be a whole number from {low} to {high}")
    return value


def rng_for(seed: int, draw: int) -> random.Random:
    """The ``draw``-th random source of a table seeded with ``seed``: the same on every machine.

    States keep ``seed`` and a draw counter instead of a live Random, so they dump as plain data.
    """
    return random.Random(f"cardtable/{seed}/{draw}")


def canonical(data: Any) -> Any:
    """``data`` with every dict's keys sorted, so equal states serialise equally."""
    if isinstance(data, dict):
        return {str(k): canonical(data[k]) for k in sorted(data, key=str)}
    if isinstance(data, list | tuple):
        return [canonical(v) for v in data]
    return data


def state_hash(game: Game, state: Any) -> str:
    """A stable hash of ``game.dump(state)``: equal states give equal hashes on any machine."""
    text = json.dumps(canonical(game.dump(state)), separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def cards_in(data: Any, known: set[str]) -> list[str]:
    """Every string in a nested structure (keys included) that is one of the ``known`` card codes."""
    found: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in known:
                found.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def public_events(game: Game, state: Any, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """``events`` (of the action that led to ``state``) without any field naming a card ``seat`` may not
    see in ``state`` (with several decks: a card none of whose copies it may see). What the host pushes
    to each seat, and what a replay shows from that seat."""
    if not events:
        return []
    everything = game.cards(state)
    named = set(cards_in(events, set(everything)))
    if not named:
        return events
    hidden = Counter(card for card in game.hidden(state, seat) if card in named)
    unseen = {card for card in named if everything.count(card) <= hidden[card]}
    if not unseen:
        return events
    return [{key: value for key, value in event.items() if not unseen.intersection(cards_in({key: value}, unseen))}
            for event in events]


def pick(rng: random.Random, items: Sequence[Any]) -> Any:
    if not items:
        raise IllegalAction("no legal action")
    return items[rng.randrange(len(items))]


def next_seats(start: int, players: int) -> Iterable[int]:
    """``start``, ``start+1``, ... around the table once."""
    return ((start + i) % players for i in range(players))
