"""Tractor bots. They see the view and the legal actions only.

``random``  uniform among legal actions, templates filled by the follow obligations.
``easy``    ``normal`` that makes a random legal play one time in four.
``normal``  declares a suit it is long in, buries short-suit low cards and keeps points out of the
            kitty, leads cards nobody can beat (throwing them together when safe), otherwise leads low
            from short suits; follows cheaply, wins a trick with points as cheaply as it can, and feeds
            points to a partner who is winning for sure.
``hard``    declares and buries like ``normal``; in the play, determinized search: it deals the unseen
            cards to the other hands and the kitty consistently with what has been shown (declarations,
            failed throws) and with the voids revealed by short follows, plays each candidate (normal's
            choice and a few others) on for ``horizon`` tricks with ``normal`` as every seat's policy,
            the same worlds for every candidate, and compares the points its side gains; it leaves
            normal's choice only for a clear gain: more than ``margin`` points per world, more than
            ``confidence`` standard errors of the paired differences, and more than the points the
            play itself gives to a trick the opponents win when another candidate gives none; it never
            searches a play the coach calls plainly worse (engine/coach/tractor.py) when another is left. The
            budget counts simulated card plays (``budget``), not time, so the bot is deterministic for
            an rng and its think time stays under half a second.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.engine.bots.common import THINK_TIME, Reaction
from cardtable.engine.tractor import (
    BURY,
    DECLARE,
    DRAW,
    GAME,
    KITTY,
    PLAY,
    PLAYERS,
    TractorState,
    follow_error,
    lead_kinds_of,
    lead_options,
    play_key,
    sample_follow,
    team,
    winning_play,
)
from cardtable.engine.tractor_shapes import (
    DECK,
    POINTS,
    TRUMP,
    Order,
    can_beat,
    card_order,
    decompose,
    of_class,
    pair_codes,
    tractors_in,
)

Play = list[str]


def view_order(view: dict[str, Any]) -> Order:
    trump = view["trump"]
    opts = view["options"]
    if trump["no_trump"] or trump["suit"] is None:
        return card_order(None, None, opts["rank_skip"], opts["nt_black_high"])
    return card_order(trump["suit"], trump["rank"], opts["rank_skip"], opts["nt_black_high"])


def fill_template(template: dict[str, Any], view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random concrete action for a ``choose`` template."""
    hand = list(view["hand"])
    if template["type"] == "bury":
        return {"type": "bury", "cards": rng.sample(template["choose"]["from"], KITTY)}
    trick = view["trick"]
    order = view_order(view)
    if trick:
        return {"type": "play", "cards": sample_follow(hand, trick[0]["cards"], order, rng)}
    options = lead_options(hand, order)
    return {"type": "play", "cards": options[rng.randrange(len(options))]}


DRAW_TIME = Reaction(median=0.12, spread=0.15, floor=0.08)  # drawing: about 8 cards a second round the table


def think_time(view: dict[str, Any], rng: random.Random) -> float:
    """Seconds before acting: a quick draw while the cards are dealt, a think for every real choice."""
    return (DRAW_TIME if view.get("phase") == DRAW else THINK_TIME).sample(rng)


class RandomBot:
    level = "random"

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        action = legal[rng.randrange(len(legal))]
        return fill_template(action, view, rng) if "choose" in action else action

    def delay(self, view: dict[str, Any], rng: random.Random) -> float:
        return think_time(view, rng)


# -- the knowledge a seat has --------------------------------------------------------------------


class Table:
    """What one seat knows during the play, built from a view or (for rollouts) from a state.

    ``remaining`` counts the cards not played yet (every hand and the kitty); ``unseen`` is that
    without the seat's own hand, worked out on first use.
    """

    __slots__ = ("seat", "hand", "trick", "order", "declarers", "remaining", "voids", "_unseen")

    def __init__(self, seat: int, hand: list[str], trick: list[dict[str, Any]], order: Order, declarers: int,
                 remaining: Counter, voids: list[set[str]]) -> None:
        self.seat = seat
        self.hand = hand
        self.trick = trick
        self.order = order
        self.declarers = declarers
        self.remaining = remaining
        self.voids = voids
        self._unseen: Counter | None = None

    @property
    def unseen(self) -> Counter:
        if self._unseen is None:
            mine = Counter(self.hand)
            self._unseen = Counter({c: n - mine[c] for c, n in self.remaining.items() if n > mine[c]})
        return self._unseen


def voids_from(tricks: list[dict[str, Any]], trick: list[dict[str, Any]], order: Order) -> list[set[str]]:
    """Classes each seat has shown to be out of: it followed a lead with fewer cards of the suit."""
    voids: list[set[str]] = [set() for _ in range(PLAYERS)]
    for plays in [t["plays"] for t in tricks] + [trick]:
        if not plays:
            continue
        lead = plays[0]["cards"]
        cls = order[lead[0]][0]
        for play in plays[1:]:
            if len(of_class(play["cards"], order, cls)) < len(lead):
                voids[play["seat"]].add(cls)
    return voids


def table_from_view(view: dict[str, Any]) -> Table:
    order = view_order(view)
    seen: Counter = Counter()
    for t in view["tricks"]:
        for p in t["plays"]:
            seen.update(p["cards"])
    for p in view["trick"]:
        seen.update(p["cards"])
    return Table(view["seat"], list(view["hand"]), view["trick"], order, view["declarers"],
                 Counter(DECK) - seen, voids_from(view["tricks"], view["trick"], order))


# -- card values ---------------------------------------------------------------------------------


POINT_COST = 2.5
"""What a point of a card weighs against a step of rank when choosing what to give away: a 5 costs more
than a queen (12 rank steps apart at most), so a blank card goes to a trick the other side takes before
any point card (at 0.8 a 5S and a 9S cost the same and the 5 went)."""


def cost(card: str, order: Order) -> float:
    """How much playing ``card`` away costs: trumps and high cards are worth keeping, points more so."""
    cls, pos = order[card]
    return pos + (14.0 if cls == TRUMP else 0.0) + POINTS[card] * POINT_COST


def lowest(cards: list[str], order: Order) -> list[str]:
    return sorted(cards, key=lambda c: cost(c, order))


# -- leading -------------------------------------------------------------------------------------


def sure_units(hand: list[str], unseen: Counter, order: Order, cls: str) -> list[tuple]:
    """Units of ``hand`` in ``cls`` that no unseen cards of that class could beat."""
    others = [c for c in unseen.elements() if order[c][0] == cls]
    mine = of_class(hand, order, cls)
    return [u for u in decompose(mine, order) if not can_beat(u, others, order)]


def choose_lead(t: Table) -> Play:
    order = t.order
    hand = t.hand
    classes = sorted({order[c][0] for c in hand})
    partner = (t.seat + 2) % PLAYERS
    opponents = [(t.seat + 1) % PLAYERS, (t.seat + 3) % PLAYERS]
    best: tuple[float, Play] | None = None
    for cls in classes:
        units = sure_units(hand, t.unseen, order, cls)
        if not units:
            continue
        risky = cls != TRUMP and any(cls in t.voids[o] for o in opponents)
        if risky:
            continue
        cards = [c for u in units for c in u[3]]
        value = len(cards) * 3 + sum(POINTS[c] for c in cards) + (5 if cls != TRUMP else -4)
        if cls == TRUMP and team(t.seat) != t.declarers:
            value -= 6
        if best is None or value > best[0]:
            best = (value, cards)
    if best is not None:
        return best[1]
    plain = [c for c in hand if order[c][0] != TRUMP]
    if plain:
        by_cls: dict[str, list[str]] = {}
        for c in plain:
            by_cls.setdefault(order[c][0], []).append(c)

        def suit_score(cls: str) -> tuple[int, int]:
            mine = by_cls[cls]
            partner_void = cls in t.voids[partner]
            return (0 if partner_void else 1, len(mine))

        cls = min(by_cls, key=suit_score)
        cards = by_cls[cls]
        pairs = pair_codes(cards)
        low_pair = min(pairs, key=lambda c: cost(c, order)) if pairs else None
        if low_pair is not None and POINTS[low_pair] == 0 and order[low_pair][1] < 8:
            return [low_pair, low_pair]
        return [lowest(cards, order)[0]]
    trumps = of_class(hand, order, TRUMP)
    tractors = tractors_in(trumps, order)
    if tractors:
        return min(tractors, key=lambda tr: order[tr[0]][1])
    pairs = pair_codes(trumps)
    if pairs:
        code = min(pairs, key=lambda c: cost(c, order))
        return [code, code]
    return [lowest(trumps, order)[0]]


# -- following -----------------------------------------------------------------------------------


def build_shape(pool: list[str], lead_kinds: list[tuple[int, int]], order: Order,
                above: int | None) -> Play | None:
    """Cards of ``pool`` (one class) in the lead's shape: the first (largest) unit the lowest one
    above ``above`` (any if None), the others the lowest available."""
    avail = Counter(pool)
    result: list[str] = []
    for i, (width, length) in enumerate(lead_kinds):
        cards = list(avail.elements())
        if width == 2 and length >= 2:
            units = [tr for tr in tractors_in(cards, order) if len(tr) == 2 * length]
        elif width == 2:
            units = [[c, c] for c in pair_codes(cards)]
        else:
            units = [[c] for c in cards]
        if i == 0 and above is not None:
            units = [u for u in units if unit_top(u, order) > above]
        if not units:
            return None
        unit = min(units, key=lambda u: (unit_top(u, order), sum(POINTS[c] for c in u)))
        avail.subtract(unit)
        result += unit
    return result


def unit_top(cards: list[str], order: Order) -> int:
    return max(order[c][1] for c in cards)


def fill(hand: list[str], cards: list[str], n: int, order: Order, points_first: bool) -> Play:
    """``cards`` topped up to ``n`` from the rest of the hand, cheapest (or richest in points) first."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    if points_first:
        rest.sort(key=lambda c: (-POINTS[c], cost(c, order)))
    else:
        rest.sort(key=lambda c: cost(c, order))
    return cards + rest[: n - len(cards)]


def follow_candidates(t: Table) -> list[Play]:
    order = t.order
    hand = t.hand
    lead = t.trick[0]["cards"]
    n = len(lead)
    cls = order[lead[0]][0]
    suit = of_class(hand, order, cls)
    candidates: list[Play] = []
    if len(suit) <= n:
        candidates.append(fill(hand, suit, n, order, False))
        candidates.append(fill(hand, suit, n, order, True))
        if not suit:
            trumps = of_class(hand, order, TRUMP)
            if len(trumps) >= n and cls != TRUMP:
                lead_kinds = lead_kinds_of(lead, order)
                current = winning_play(t.trick, order)
                key = _key(t.trick[current]["cards"], lead_kinds, cls, order)
                above = key[1] if key and key[0] else None
                play = build_shape(trumps, lead_kinds, order, above)
                if play is not None:
                    candidates.append(play)
        return candidates
    if n == 1:
        return [[c] for c in sorted(set(suit))]
    lead_kinds = lead_kinds_of(lead, order)
    need = min(sum(k[1] for k in lead_kinds if k[0] == 2), len(pair_codes(suit)))
    by_cost = sorted(pair_codes(suit), key=lambda c: cost(c, order))
    cheap = [c for code in by_cost[:need] for c in (code, code)]
    candidates.append(fill(suit, cheap, n, order, False))
    rich = sorted(pair_codes(suit), key=lambda c: (-POINTS[c], cost(c, order)))[:need]
    candidates.append(fill(suit, [c for code in rich for c in (code, code)], n, order, True))
    current = winning_play(t.trick, order)
    key = _key(t.trick[current]["cards"], lead_kinds, cls, order)
    if key is not None and not key[0]:
        play = build_shape(suit, lead_kinds, order, key[1])
        if play is not None:
            candidates.append(play)
    return candidates


def _key(cards: list[str], lead_kinds: list[tuple[int, int]], cls: str, order: Order) -> tuple[bool, int] | None:
    return play_key(cards, lead_kinds, cls, order)


def secure(t: Table, winner_seat: int) -> bool:
    """Whether the seat now winning will keep the trick: nobody after us, or a top card of its class."""
    if len(t.trick) == PLAYERS - 1:
        return True
    order = t.order
    play = next(p["cards"] for p in t.trick if p["seat"] == winner_seat)
    cls = order[play[0]][0]
    if len(play) != 1:
        return cls == TRUMP and len(t.trick) >= 2
    pos = order[play[0]][1]
    higher = any(order[c][0] == cls and order[c][1] > pos for c in t.unseen.elements())
    if higher:
        return False
    lead_cls = order[t.trick[0]["cards"][0]][0]
    last = (t.seat + 1) % PLAYERS
    return cls == TRUMP or lead_cls not in t.voids[last]


def choose_follow(t: Table) -> Play:
    order = t.order
    candidates = [c for c in follow_candidates(t) if follow_error(t.hand, c, t.trick[0]["cards"], order) is None]
    if not candidates:
        candidates = [sample_follow(t.hand, t.trick[0]["cards"], order, random.Random(0))]
    partner = (t.seat + 2) % PLAYERS
    now = t.trick[winning_play(t.trick, order)]["seat"]
    on_table = sum(POINTS[c] for p in t.trick for c in p["cards"])
    last = len(t.trick) == PLAYERS - 1

    def outcome(play: Play) -> tuple[bool, int]:
        plays = [*t.trick, {"seat": t.seat, "cards": play}]
        winner = plays[winning_play(plays, order)]["seat"]
        return winner == t.seat, sum(POINTS[c] for c in play)

    def spend(play: Play) -> float:
        return sum(cost(c, order) for c in play)

    def cheapest(plays: list[Play]) -> Play:
        return min(plays, key=lambda p: (sum(POINTS[c] for c in p) * 3 + spend(p)))

    if now == partner:
        if secure(t, now):
            return max(candidates, key=lambda p: (sum(POINTS[c] for c in p), -spend(p)))
        return cheapest(candidates)
    wins = [p for p in candidates if outcome(p)[0]]
    if wins:
        if last:
            return max(wins, key=lambda p: (sum(POINTS[c] for c in p), -spend(p)))
        cheap_win = min(wins, key=spend)
        if on_table > 0 or all(order[c][0] != TRUMP for c in cheap_win):
            return cheap_win
    return cheapest(candidates)


# -- the draw and the kitty ----------------------------------------------------------------------


def declare_choice(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    default = legal[0]
    declares = [a for a in legal if a["type"] == "declare"]
    if not declares:
        return default
    hand = view["hand"]
    rank = view["trump"]["rank"] or "2"
    current = view["declaration"]
    me = view["seat"]
    final = view["phase"] == DECLARE
    size = max(len(hand), 1)

    def strength(suit: str) -> float:
        mine = [c for c in hand if c[1] == suit or c[0] == rank or c in ("BJ", "RJ")]
        return len(mine) / size

    if current is not None and team(current["seat"]) == team(me):
        for a in declares:
            if current["seat"] == me and len(a["cards"]) == 2 and a["cards"][0][1] == current["suit"]:
                return a
        return default
    best, best_value = None, 0.0
    for a in declares:
        if a["cards"][0] in ("BJ", "RJ"):
            value = 0.3 if (final and current is not None and strength(current["suit"] or "S") < 0.3) else 0.0
        else:
            value = strength(a["cards"][0][1]) + (0.05 if len(a["cards"]) == 2 else 0.0)
        if value > best_value:
            best, best_value = a, value
    if best is None:
        return default
    threshold = 0.0 if final and current is None else (0.34 if current is None else 0.38)
    if size < 6 and not final:
        threshold = 1.1
    return best if best_value >= threshold else default


def bury_choice(view: dict[str, Any], template: dict[str, Any]) -> dict[str, Any]:
    """Bury the cards least worth keeping: short plain suits' low cards, never trumps, points last."""
    pool = list(template["choose"]["from"])
    order = view_order(view)
    counts = Counter(pool)
    lengths = Counter(order[c][0] for c in pool)

    def keep(card: str) -> float:
        cls, pos = order[card]
        value = pos + POINTS[card] * 3.0
        if cls == TRUMP:
            value += 100
        if counts[card] >= 2:
            value += 30
        if card[0] == "A":
            value += 20
        return value + lengths[cls] * 1.5

    ranked = sorted(pool, key=keep)
    return {"type": "bury", "cards": ranked[:KITTY]}


class NormalBot:
    level = "normal"

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        phase = view["phase"]
        if phase in (DRAW, DECLARE):
            return declare_choice(view, legal)
        if phase == BURY:
            return bury_choice(view, legal[0])
        t = table_from_view(view)
        play = choose_follow(t) if t.trick else choose_lead(t)
        return {"type": "play", "cards": play}

    def delay(self, view: dict[str, Any], rng: random.Random) -> float:
        return think_time(view, rng)


class EasyBot(NormalBot):
    level = "easy"

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        if view["phase"] == PLAY and rng.random() < 0.25:
            return RandomBot().choose(view, legal, rng)
        return super().choose(view, legal, rng)


# -- search --------------------------------------------------------------------------------------


def policy_play(state: TractorState, seat: int, order: Order, voids: list[set[str]], remaining: Counter) -> Play:
    """The normal policy on a full state; ``remaining`` counts the cards not yet played (hands, kitty)."""
    hand = state.hands[seat]
    t = Table(seat, hand, state.trick, order, state.declarers, remaining, voids)
    return choose_follow(t) if t.trick else choose_lead(t)


def determinize(view: dict[str, Any], t: Table, rng: random.Random) -> TractorState | None:
    """A full state consistent with the view: unseen cards dealt to the other hands and the kitty,
    shown cards kept where they are, no card of a class dealt to a seat void in it."""
    me = t.seat
    need = [view["hand_sizes"][s] - (len(view["shown"][s]) if s != me else 0) for s in range(PLAYERS)]
    need[me] = 0
    unseen = Counter(t.unseen)
    for s in range(PLAYERS):
        if s != me:
            unseen.subtract(view["shown"][s])
    pool = list(unseen.elements())
    for _ in range(20):
        rng.shuffle(pool)
        pool.sort(key=lambda c: -sum(1 for s in range(PLAYERS) if t.order[c][0] in t.voids[s]))
        room = list(need) + [KITTY]
        hands: list[list[str]] = [list(view["shown"][s]) if s != me else list(view["hand"]) for s in range(PLAYERS)]
        kitty: list[str] = []
        ok = True
        for card in pool:
            cls = t.order[card][0]
            places = [s for s in range(PLAYERS) if room[s] > 0 and cls not in t.voids[s]]
            if room[PLAYERS] > 0:
                places.append(PLAYERS)
            if not places:
                ok = False
                break
            weights = [room[p] for p in places]
            where = rng.choices(places, weights)[0]
            room[where] -= 1
            (kitty if where == PLAYERS else hands[where]).append(card)
        if ok:
            break
    else:
        return None
    state = GAME.new(PLAYERS, 0)
    state.options = dict(view["options"])
    state.phase = PLAY
    state.deck = []
    state.hands = hands
    state.kitty = kitty
    state.shown = [list(s) for s in view["shown"]]
    state.shown[me] = []
    state.levels = list(view["levels"])
    state.declarers = view["declarers"]
    state.starter = view["starter"]
    state.trump_rank = view["trump"]["rank"] or state.trump_rank
    state.trump_suit = view["trump"]["suit"]
    state.no_trump = view["trump"]["no_trump"]
    state.trick = [{"seat": p["seat"], "cards": list(p["cards"])} for p in view["trick"]]
    state.tricks = [{"leader": tr["leader"], "winner": tr["winner"], "points": tr["points"],
                     "plays": [{"seat": p["seat"], "cards": list(p["cards"])} for p in tr["plays"]]}
                    for tr in view["tricks"]]
    state.score = view["points"]
    state.score_log = [view["points"]]
    state.taken = list(view["taken"])
    state.turn = me
    return state


def rollout_value(state: TractorState, me: int, order: Order, max_tricks: int = 99) -> float:
    """Play the round on with the normal policy; the attackers' points seen from ``me``'s side (positive:
    good for ``me``). After ``max_tricks`` finished tricks the playout stops and counts the points taken
    so far: the tricks nearest the decision are the ones it changes most."""
    voids = voids_from(state.tricks, state.trick, order)
    remaining = Counter(state.kitty)
    for hand in state.hands:
        remaining.update(hand)
    round_no = state.round
    stop_at = len(state.tricks) + max_tricks
    while state.round == round_no and state.phase == PLAY and len(state.tricks) < stop_at:
        seat = state.turn
        play = policy_play(state, seat, order, voids, remaining)
        remaining.subtract(play)
        lead = state.trick[0]["cards"] if state.trick else None
        GAME.apply(state, seat, {"type": "play", "cards": play})
        if lead is not None:
            cls = order[lead[0]][0]
            if len(of_class(play, order, cls)) < len(lead):
                voids[seat].add(cls)
    summary = state.last_round
    finished = state.round != round_no or state.phase != PLAY
    score = summary["attackers_points"] if finished and summary and summary["round"] == round_no else state.score
    return float(-score if team(me) == summary_declarers(summary if finished else None, state) else score)


def gives_away(t: Table, play: Play, candidates: list[Play]) -> float:
    """The points ``play`` puts into a trick the opponents are winning after it, when another candidate
    puts none in (0 otherwise): the search must show more than that to choose it."""
    points = sum(POINTS[c] for c in play)
    if not points or not t.trick or not any(sum(POINTS[c] for c in other) == 0 for other in candidates):
        return 0.0
    plays = [*t.trick, {"seat": t.seat, "cards": play}]
    winner = plays[winning_play(plays, t.order)]["seat"]
    return float(points) if team(winner) != team(t.seat) else 0.0


def summary_declarers(summary: dict[str, Any] | None, state: TractorState) -> int:
    return summary["declarers"] if summary else state.declarers


class HardBot(NormalBot):
    level = "hard"
    budget = 2400  # card plays simulated per decision (all candidates, all worlds): no clock, deterministic
    max_worlds = 24
    min_worlds = 6
    horizon = 6  # tricks played out after the decision
    max_candidates = 6
    margin = 3.0  # points per world a play must gain over the normal play for the search to prefer it
    confidence = 2.0  # ... and by this many standard errors of the paired differences

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        if view["phase"] != PLAY:
            return super().choose(view, legal, rng)
        t = table_from_view(view)
        candidates = self.sound(view, legal, self.candidates(t))
        if len(candidates) == 1:
            return {"type": "play", "cards": candidates[0]}
        return {"type": "play", "cards": candidates[self.search(view, t, candidates, rng)]}

    @staticmethod
    def sound(view: dict[str, Any], legal: list[dict[str, Any]], candidates: list[Play]) -> list[Play]:
        """The candidates the coach does not call plainly worse (all of them if it calls every one so):
        the rollouts are noisy, and once in a hundred they preferred a 5 to a 7 for the declarers."""
        from cardtable.engine.coach import blunder

        kept = [c for c in candidates if blunder("tractor", view, legal, {"type": "play", "cards": c}) is None]
        return kept or candidates

    def search(self, view: dict[str, Any], t: Table, candidates: list[Play], rng: random.Random) -> int:
        """The index of the candidate to play: normal's choice (0) unless another one beats it clearly on
        the same worlds, and by more than the points it gives away to a trick the opponents win."""
        horizon_plays = min(self.horizon, len(t.hand)) * PLAYERS
        worlds = max(self.min_worlds, min(self.max_worlds, self.budget // (len(candidates) * horizon_plays)))
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(worlds):
            world = determinize(view, t, rng)
            if world is None:
                break
            for i, play in enumerate(candidates):
                state = GAME.clone(world)
                GAME.apply(state, t.seat, {"type": "play", "cards": play})
                values[i].append(rollout_value(state, t.seat, t.order, self.horizon))
        if not values[0]:
            return 0
        best, best_gain = 0, 0.0
        for i in range(1, len(candidates)):
            diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
            n = len(diffs)
            mean = sum(diffs) / n
            spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
            need = max(self.margin, self.confidence * spread / n ** 0.5, gives_away(t, candidates[i], candidates))
            if mean > need and mean > best_gain:
                best, best_gain = i, mean
        return best

    def candidates(self, t: Table) -> list[Play]:
        order = t.order
        found: list[Play] = []
        if t.trick:
            found.append(choose_follow(t))
            found += [c for c in follow_candidates(t) if follow_error(t.hand, c, t.trick[0]["cards"], order) is None]
        else:
            found.append(choose_lead(t))
            options = lead_options(t.hand, order)
            by_cls: dict[str, list[Play]] = {}
            for o in options:
                by_cls.setdefault(order[o[0]][0], []).append(o)
            for opts in by_cls.values():
                opts.sort(key=lambda o: (len(o), order[o[-1]][1]))
                found += [opts[0], opts[-1]]
                multi = [o for o in opts if len(o) > 1]
                if multi:
                    found.append(max(multi, key=lambda o: (len(o), order[o[-1]][1])))
        unique: list[Play] = []
        for play in found:
            if sorted(play) not in [sorted(u) for u in unique]:
                unique.append(play)
        return unique[: self.max_candidates] if t.trick else unique[: self.max_candidates + 2]


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
