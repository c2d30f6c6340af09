"""Go-Stop bots: they act on the seat's view and legal actions only (engine/go_stop.py documents both).

- ``random``: any legal action.
- ``easy``: takes the most valuable capture in sight, never shakes, stops as soon as it may.
- ``normal``: values each card by kind, by how close it brings its own sets and by how much an
  opponent needs it; plays the card with the best capture, and when nothing captures it sheds the card
  that gives opponents least (a month whose other cards it holds or has seen). It shakes and bombs when
  it can, uses its flip-only turns when no card captures, and calls Go only with turns to spare while
  no opponent is near the target or a set.
- ``normal`` and ``hard`` never take a play the coach calls plainly worse (engine/coach/go_stop.py:
  a Go with one turn left and a card that captures nothing; a card laid for the others while another
  captures and nothing is gained by waiting) while another is legal.
- ``hard``: determinized search for the play and the Go/Stop decisions: it deals the unseen cards at
  random into the opponents' hands and the stock (consistent with the hand sizes and the cards shown),
  plays the hand out with the ``normal`` policy for every seat after each of the ``width`` actions
  ``normal`` rates best (the same deals for every action), and leaves ``normal``'s own choice only
  for an action whose paired chip differences beat it by more than ``confidence`` standard errors.
  For Go/Stop, Stop's payment is exact and Go is valued by rollouts. The budget counts rollouts
  (default 300), not time, so it is deterministic for a given rng.

Between hands, a bot ends the table (``leave``) once a hand has been paid when ``hands`` is 0, so a
table of bots plays one decided hand; a host seating people should leave ``leave`` out of a bot's
legal actions, and the bot deals on.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.engine import hwatu
from cardtable.engine.bots.common import THINK_TIME, sound
from cardtable.engine.go_stop import GAME, GoStopState, target_of, turns_left
from cardtable.engine.hwatu import MONTH_OF, junk_value, kind, month

Action = dict[str, Any]
View = dict[str, Any]

SETS: tuple[frozenset[str], ...] = (hwatu.BIRDS, hwatu.RED_POEM, hwatu.BLUE, hwatu.PLAIN_RED)
_SET_INDEX: dict[str, tuple[int, ...]] = {
    c: tuple(i for i, s in enumerate(SETS) if c in s) for c in hwatu.ALL_CARDS
}
_KIND = {c: kind(c) for c in hwatu.ALL_CARDS}
_JUNK = {c: junk_value(c) for c in hwatu.ALL_CARDS}
BASE_VALUE: dict[str, float] = {}
for _c in hwatu.ALL_CARDS:
    _k = kind(_c)
    BASE_VALUE[_c] = {"B": 4.0, "A": 1.6, "R": 1.4, "P": 1.0, "D": 2.0, "J": 2.5}[_k]
BASE_VALUE["12B"] = 2.5
BASE_VALUE["12R"] = 0.9
for _c in hwatu.BIRDS:
    BASE_VALUE[_c] = 2.2


class Profile:
    """What a pile of captures has towards each scoring combination."""

    __slots__ = ("brights", "animals", "ribbons", "junk", "sets")

    def __init__(self, captured: list[str]) -> None:
        brights = animals = ribbons = junk = 0
        sets = [0, 0, 0, 0]
        for c in captured:
            k = _KIND[c]
            if k == "B":
                brights += 1
            elif k == "A":
                animals += 1
            elif k == "R":
                ribbons += 1
            else:
                junk += _JUNK[c]
            for i in _SET_INDEX[c]:
                sets[i] += 1
        self.brights, self.animals, self.ribbons, self.junk, self.sets = brights, animals, ribbons, junk, sets


class Knowledge:
    """The facts a policy needs, from a view (a real bot) or from a state (a rollout's own world)."""

    __slots__ = ("me", "players", "hand", "table", "profiles", "unseen_months", "flips", "opponents",
                 "captures", "_scores", "target", "stock", "goes", "hand_sizes")

    def __init__(self, me: int, players: int, hand: list[str], table: list[str], captures: list[list[str]],
                 unseen: list[str], flips: int, scores: list[int] | None, target: int, stock: int,
                 goes: list[int], hand_sizes: list[int]) -> None:
        self.me = me
        self.players = players
        self.hand = hand
        self.table = table
        self.profiles = [Profile(c) for c in captures]
        self.unseen_months = Counter(MONTH_OF[c] for c in unseen)
        self.flips = flips
        self.opponents = [s for s in range(players) if s != me]
        self.captures = captures
        self._scores = scores
        self.target = target
        self.stock = stock
        self.goes = goes
        self.hand_sizes = hand_sizes

    @property
    def scores(self) -> list[int]:
        if self._scores is None:
            self._scores = [hwatu.score(c)[0] for c in self.captures]
        return self._scores

    @classmethod
    def from_view(cls, view: View) -> Knowledge:
        me = view["seat"]
        hand = list(view["hand"])
        table = [c for pile in view["table"] for c in pile]
        captures = [list(c) for c in view["captures"]]
        seen = set(hand) | set(table)
        for cap in captures:
            seen.update(cap)
        for cards in view["revealed"]:
            seen.update(cards)
        deck = hwatu.deck(view["options"]["jokers"])
        unseen = [c for c in deck if c not in seen]
        return cls(me, view["players"], hand, table, captures, unseen, view["flips"][me], list(view["scores"]),
                   view["target"], view["stock"], list(view["goes"]), list(view["hand_sizes"]))

    @classmethod
    def from_state(cls, state: GoStopState, me: int) -> Knowledge:
        unseen = list(state.stock)
        for s, h in enumerate(state.hands):
            if s != me:
                unseen += h
        return cls(me, state.players, state.hands[me], state.table, state.captures, unseen, state.flips[me],
                   None, target_of(state), len(state.stock), state.goes, [len(h) for h in state.hands])


# -- valuing cards --------------------------------------------------------------------------------


def card_value(card: str, k: Knowledge) -> float:
    """How much capturing ``card`` is worth to ``k.me``: its kind, its sets, and denying opponents."""
    mine = k.profiles[k.me]
    value = BASE_VALUE[card]
    ck = _KIND[card]
    if ck == "B":
        value += 1.5 * mine.brights
    elif ck == "A":
        value += 0.5 * max(0, mine.animals - 2)
    elif ck == "R":
        value += 0.5 * max(0, mine.ribbons - 2)
    elif ck in "PDJ":
        value += (0.3 if mine.junk >= 7 else 0.15) * junk_value(card)
    for i in _SET_INDEX[card]:
        have = mine.sets[i]
        blocked = any(k.profiles[o].sets[i] for o in k.opponents)
        if not blocked:
            value += 1.2 * have + (3.0 if have == 2 else 0.0)
        for o in k.opponents:
            theirs = k.profiles[o].sets[i]
            if theirs == 2 and not have:
                value += 4.0
            elif theirs == 1 and not have:
                value += 0.5
    if ck == "B":
        for o in k.opponents:
            if k.profiles[o].brights >= 2:
                value += 2.0
    return value


def table_by_month(table: list[str]) -> dict[str, list[str]]:
    piles: dict[str, list[str]] = {}
    for c in table:
        piles.setdefault(MONTH_OF[c], []).append(c)
    return piles


def exposure(card: str, k: Knowledge) -> float:
    """The cost of leaving ``card`` alone on the table: an opponent may capture it."""
    m = month(card)
    others = k.unseen_months.get(m, 0)
    if not others:
        return 0.0
    mine = sum(1 for c in k.hand if MONTH_OF[c] == m and c != card)
    chance = min(1.0, 0.35 * others) * (0.5 if mine else 1.0)
    denial = 0.0
    for i in _SET_INDEX[card]:
        if any(k.profiles[o].sets[i] == 2 for o in k.opponents):
            denial += 4.0
    return chance * (0.6 * BASE_VALUE[card] + denial)


def play_value(card: str, k: Knowledge, piles: dict[str, list[str]]) -> float:
    """The expected gain of playing ``card`` from hand (before the stock card is known)."""
    if hwatu.is_joker(card):
        return BASE_VALUE[card] + 1.5
    m = month(card)
    pile = piles.get(m, [])
    if len(pile) == 3:
        return sum(card_value(c, k) for c in pile) + card_value(card, k) + 2.0 * len(k.opponents)
    if len(pile) == 2:
        return card_value(card, k) + max(card_value(c, k) for c in pile) + 0.3
    if len(pile) == 1:
        gain = card_value(card, k) + card_value(pile[0], k)
        left = k.unseen_months.get(m, 0)
        if left:
            gain -= 0.15 * gain * left / max(1, k.stock)  # the ppuk risk
        return gain
    return 0.05 * k.unseen_months.get(m, 0) - exposure(card, k)


def choose_capture(choices: list[str], k: Knowledge) -> str:
    return max(choices, key=lambda c: (card_value(c, k), c))


def threat(k: Knowledge, seat: int) -> float:
    """How close ``seat`` is to scoring big: its score plus the sets it lacks one free card of."""
    p = k.profiles[seat]
    mine = k.profiles[k.me]
    near = sum(1 for i, have in enumerate(p.sets) if have == 2 and not mine.sets[i])
    if p.brights >= 2 and sum(q.brights for q in k.profiles) < 5:
        near += 1
    near += (p.junk >= 8) + (p.animals >= 4) + (p.ribbons >= 4)
    return k.scores[seat] + GO_NEAR_WEIGHT * near


GO_NEAR_WEIGHT = 1.0
GO_MARGIN = {2: 5, 3: 3}
GO_MIN_TURNS = 2
GO_MAX = 5


def want_go(k: Knowledge, my_turns: int) -> bool:
    """The normal Go rule: turns to spare, no opponent near the target or a set, not too many Goes."""
    if my_turns < GO_MIN_TURNS or k.goes[k.me] >= GO_MAX:
        return False
    worst = max(threat(k, o) for o in k.opponents)
    limit = (k.target - 7 + GO_MARGIN[2]) if k.players == 2 else GO_MARGIN[3]
    return worst <= limit


# -- policies on actions --------------------------------------------------------------------------


def normal_action(k: Knowledge, legal: list[Action], phase: str, my_turns: int, leave_ok: bool) -> Action:
    first = legal[0]["type"]
    if first in ("deal", "leave"):
        wanted = "leave" if leave_ok else "deal"
        return next((a for a in legal if a["type"] == wanted), legal[0])
    if first == "choose":
        best = choose_capture([a["card"] for a in legal], k)
        return next(a for a in legal if a["card"] == best)
    if first in ("go", "stop"):
        wanted = "go" if want_go(k, my_turns) else "stop"
        return next((a for a in legal if a["type"] == wanted), legal[0])
    piles = table_by_month(k.table)
    return max(legal, key=lambda a: action_value(a, k, piles))


def action_value(action: Action, k: Knowledge, piles: dict[str, list[str]]) -> float:
    """The normal policy's estimate of a play, bomb or flip (higher is better)."""
    t = action["type"]
    if t == "bomb":
        cards = action["cards"]
        return sum(card_value(c, k) for c in cards + piles.get(MONTH_OF[cards[0]], [])) + 6.0
    if t == "flip":
        return 0.4 + 0.2 * k.flips
    value = play_value(action["card"], k, piles)
    return value + 2.0 if action.get("shake") else value


def easy_action(k: Knowledge, legal: list[Action]) -> Action:
    first = legal[0]["type"]
    if first == "choose":
        return max(legal, key=lambda a: BASE_VALUE[a["card"]])
    if first in ("go", "stop"):
        return next(a for a in legal if a["type"] == "stop")
    piles = table_by_month(k.table)

    def gain(action: Action) -> float:
        if action["type"] != "play":
            return 0.5
        if action.get("shake"):
            return -1.0
        pile = piles.get(month(action["card"]), [])
        return sum(BASE_VALUE[c] for c in pile) + (BASE_VALUE[action["card"]] if pile else -0.1)

    return max(legal, key=gain)


def leave_ok(view: View) -> bool:
    return view["options"]["hands"] == 0 and not view["doubled"]


class RandomBot:
    level = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def delay(self, view: View, rng: random.Random) -> float:
        return THINK_TIME.sample(rng)


class EasyBot(RandomBot):
    level = "easy"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if legal[0]["type"] in ("deal", "leave"):
            return normal_action(Knowledge.from_view(view), legal, view["phase"], 0, leave_ok(view))
        return easy_action(Knowledge.from_view(view), legal)


class NormalBot(RandomBot):
    level = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        legal = sound("go_stop", view, legal)
        if len(legal) == 1:
            return legal[0]
        k = Knowledge.from_view(view)
        me = view["seat"]
        return normal_action(k, legal, view["phase"], len(view["hand"]) + view["flips"][me], leave_ok(view))


def rollout_action(state: GoStopState, seat: int) -> Action:
    legal = GAME.legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    k = Knowledge.from_state(state, seat)
    return normal_action(k, legal, state.phase, turns_left(state, seat), False)


# -- search ---------------------------------------------------------------------------------------


def determinize(view: View, rng: random.Random) -> GoStopState:
    """A full state consistent with ``view``: unseen cards dealt at random to hands and stock."""
    me = view["seat"]
    n = view["players"]
    options = dict(view["options"])
    deck = hwatu.deck(options["jokers"])
    table = [c for pile in view["table"] for c in pile]
    seen = set(view["hand"]) | set(table)
    for cap in view["captures"]:
        seen.update(cap)
    for cards in view["revealed"]:
        seen.update(cards)
    unseen = [c for c in deck if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    pos = 0
    for s in range(n):
        if s == me:
            hands.append(list(view["hand"]))
            continue
        known = list(view["revealed"][s])
        need = view["hand_sizes"][s] - len(known)
        hands.append(known + unseen[pos:pos + need])
        pos += need
    stock = unseen[pos:]
    shown = [list(view["revealed"][s]) for s in range(n)]
    shown[me] = [c for c in view["hand"] if month(c) in view["shakes"][me]]
    return GoStopState(
        players=n, seed=0, options=options, draw=0, phase=view["phase"], dealer=view["dealer"],
        turn=view["turn"], hands=hands, table=table, stacks=dict(view["stacks"]),
        captures=[list(c) for c in view["captures"]], stock=stock, shown=shown,
        shakes=[list(m) for m in view["shakes"]], bombs=[list(m) for m in view["bombs"]],
        flips=list(view["flips"]), goes=list(view["goes"]), go_scores=list(view["go_scores"]),
        chips=list(view["chips"]), hand_number=view["hand_number"], doubled=view["doubled"],
    )


def rollout(state: GoStopState, me: int, limit: int = 400) -> int:
    """Play the hand out with the normal policy; ``me``'s chips won or lost."""
    start = state.chips[me]
    for _ in range(limit):
        if state.phase not in ("play", "choose", "go_stop"):
            break
        seat = state.turn
        GAME.apply(state, seat, rollout_action(state, seat))
    return state.chips[me] - start


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, budget: int = 300, width: int = 5, shaping: float = 0.0, confidence: float = 1.0) -> None:
        self.budget = budget
        self.width = width
        self.shaping = shaping
        self.confidence = confidence

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        legal = sound("go_stop", view, legal)
        if len(legal) == 1 or phase not in ("play", "go_stop"):
            return super().choose(view, legal, rng)
        if phase == "go_stop":
            return self._go_or_stop(view, legal, rng)
        k = Knowledge.from_view(view)
        piles = table_by_month(k.table)
        ranked = sorted(self._candidates(legal), key=lambda a: -action_value(a, k, piles))
        candidates = ranked[:self.width]
        if len(candidates) == 1:
            return candidates[0]
        me = view["seat"]
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(max(2, self.budget // len(candidates))):
            world = determinize(view, rng)
            for i, action in enumerate(candidates):
                values[i].append(self._play_out(world, me, action, self.shaping))
        best, best_edge = 0, 0.0
        for i in range(1, len(candidates)):
            edge = self._edge([a - b for a, b in zip(values[i], values[0], strict=True)])
            if edge > best_edge:
                best, best_edge = i, edge
        return candidates[best]

    def _edge(self, diffs: list[float]) -> float:
        """The mean of paired differences when it beats ``confidence`` standard errors, else 0.

        The normal policy's own choice stands unless the rollouts show clearly better: with chips
        this noisy, the bare best average is mostly noise."""
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean if mean > self.confidence * (var / n) ** 0.5 else 0.0

    def _go_or_stop(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Stop pays a known amount now; Go is worth the average of rollouts after it. The normal
        rule's answer stands unless the rollouts clearly disagree."""
        me = view["seat"]
        stop_value = GAME.payments(determinize(view, rng), me)[0][me]
        rounds = max(2, self.budget // 2)
        gains = [self._play_out(determinize(view, rng), me, {"type": "go"}) - stop_value for _ in range(rounds)]
        normal = NormalBot.choose(self, view, legal, rng)
        going = normal["type"] == "go"
        flip = self._edge([-g for g in gains] if going else gains) > 0
        wanted = ("stop" if going else "go") if flip else normal["type"]
        return next(a for a in legal if a["type"] == wanted)

    @staticmethod
    def _play_out(world: GoStopState, me: int, action: Action, shaping: float = 0.0) -> float:
        """Chips won by ``me`` in the hand played out after ``action``; with ``shaping``, plus that
        much per point of score lead at the end (it tells apart the hands nobody is paid for)."""
        state = GAME.clone(world)
        start = state.chips[me]
        GAME.apply(state, me, action)
        rollout(state, me)
        value = float(state.chips[me] - start)
        if shaping:
            scores = [hwatu.score(c)[0] for c in state.captures]
            value += shaping * (scores[me] - max(s for i, s in enumerate(scores) if i != me))
        return value

    @staticmethod
    def _candidates(legal: list[Action]) -> list[Action]:
        """The actions worth searching: a shake always beats the plain play of the same card."""
        shaken = {a["card"] for a in legal if a.get("shake")}
        return [a for a in legal if not (a["type"] == "play" and a["card"] in shaken and not a.get("shake"))]


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
