"""The Manipulation Rummy meld solver: the new table that plays the most hand points.

Given the table (melds with named jokers, as in ``engine.rummy``) and a hand, :func:`solve` finds a
legal new table holding every table card plus the subset of hand cards worth the most points (ties:
the most cards), or None when no hand card can be played.

How: every card is a (suit, value) slot. Table cards and table jokers that keep their name are
*mandatory*, hand cards *optional*; free jokers (hand jokers, and table jokers freed because a real card
of their name is on the new table) are wild. A dynamic programme walks the values A(1), 2, ..., K(13),
A(14). Its state holds, per suit, how many open sequences have length 1, 2 and 3+ (a sequence of
length 1 or 2 must be extended at the next value), how many aces each suit keeps back to close a
Q-K-A, and how many wild jokers are used. At each value the cards of each suit either extend open
sequences, start new ones, go into groups of that value, or (hand cards only) stay in the hand; the
group cards of a value must split into groups of 3-4 distinct suits, which needs only their count and
the largest count of one suit (plus wild jokers). States are merged by key, keeping the best value.

A value some legal answer reaches (a greedy series of simple additions, or a narrow first pass) prunes
states that could not beat it even with every remaining hand card; hand cards that no meld could hold
are dropped first. Each way of freeing table jokers is a separate problem, the one freeing none first.

Budget: the work is counted in search nodes (deterministic, unlike wall time). Small positions
(``EXACT_LIMIT`` cards) are solved exactly. Larger ones get the programme within two thirds of the
budget (freed jokers then only tried in sequences near hand cards); when it does not finish, the best of
what it found, the greedy answer, and :func:`improve` (a large-neighbourhood search that re-solves the
melds around one hand card at a time) within the rest. ``Solution.exact`` says whether the answer is
proven best. Every answer is a legal move (``engine.rummy.meld_move_problem``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from cardtable.engine.cards import SUITS
from cardtable.engine.rummy import meld_move_problem, simple_additions

JOKER = "JK"
NAMED = "JK="
RANK_CHARS = " A23456789TJQKA"
_VALUE = {r: i for i, r in enumerate(RANK_CHARS) if 1 <= i <= 13}
_POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}
CARD_WEIGHT = 64  # value = points * CARD_WEIGHT + cards: points first, then more cards
DEFAULT_MAX_STATES = 3000
DEFAULT_BUDGET = 6000
EXACT_LIMIT = 24
SMALL_NODE_LIMIT = 200_000
NEIGHBOURHOOD_HAND = 6

SuitState = tuple[int, int, int]  # open sequences of length 1, 2, 3+


@dataclass
class Solution:
    table: list[list[str]]
    played: list[str]
    points: int
    exact: bool
    nodes: int


def points_of(card: str) -> int:
    return 25 if card == JOKER else _POINTS[card[0]]


@dataclass
class _Problem:
    mandatory: list[list[list[str]]]  # [suit][value 1..13] -> table entries
    optional: list[list[list[str]]]  # [suit][value] -> hand cards
    mandatory_wilds: int
    optional_wilds: int
    forced_value: tuple[int, int]  # (points, cards) of hand cards made mandatory to free a joker
    wilds_near_hand: bool = False  # freed jokers may stand in sequences only near hand cards


def solve(
    table: list[list[str]],
    hand: list[str],
    budget: int = DEFAULT_BUDGET,
    objective: str = "points",
    exact_limit: int = EXACT_LIMIT,
) -> Solution | None:
    """The best legal new table found, or None when no hand card can be played.

    ``objective`` "points" maximises hand points played (ties: more cards); "cards" the number of cards.
    Positions with at most ``exact_limit`` cards (table + hand) are solved exactly by one dynamic
    programme. Larger ones get the same programme within two thirds of ``budget`` search nodes (exact
    when it finishes); if it does not, the best of what it found, a greedy series of simple additions,
    and :func:`improve` (a large-neighbourhood search from the greedy table) within the rest.
    """
    size = sum(len(m) for m in table) + len(hand)
    if size <= exact_limit:
        found, spent = _solve_counted(table, hand, DEFAULT_MAX_STATES, objective, SMALL_NODE_LIMIT)
        if spent <= SMALL_NODE_LIMIT:
            return found
    first_try = 2 * budget // 3
    start = greedy(table, hand)
    floor = None
    if start is not None and objective == "points":
        floor = start.points * CARD_WEIGHT + len(start.played)
    found, spent = _solve_counted(
        table, hand, DEFAULT_MAX_STATES, objective, first_try, floor=floor, near_hand=True
    )
    if spent <= first_try:
        if found is not None:
            found.exact = found.exact and not any(e.startswith(NAMED) for m in table for e in m)
        return found if found is not None else start
    candidates = [c for c in (found, start) if c is not None]
    if start is not None:
        left = sorted((Counter(hand) - Counter(start.played)).elements())
        better = improve(table, hand, max(0, budget - spent), objective, start=(start.table, left))
        if better is not None:
            candidates.append(better)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (c.points, len(c.played)))
    best.exact = False
    best.nodes = spent + (0 if best is found or best is start else best.nodes)
    return best


def greedy(table: list[list[str]], hand: list[str]) -> Solution | None:
    """Simple additions one after another, the most points first: a quick legal answer."""
    melds = [list(m) for m in table]
    left = list(hand)
    while True:
        options = simple_additions(melds, left)
        if not options:
            break
        best = max(options, key=lambda t: _gain(melds, t))
        played = Counter(_raw(e) for m in best for e in m) - Counter(_raw(e) for m in melds for e in m)
        melds = best
        left = sorted((Counter(left) - played).elements())
    played_all = sorted((Counter(hand) - Counter(left)).elements())
    if not played_all:
        return None
    return Solution(melds, played_all, sum(points_of(c) for c in played_all), False, 0)


def _gain(before: list[list[str]], after: list[list[str]]) -> tuple[int, int]:
    played = Counter(_raw(e) for m in after for e in m) - Counter(_raw(e) for m in before for e in m)
    return (sum(points_of(c) * n for c, n in played.items()), sum(played.values()))


def solve_exact(
    table: list[list[str]],
    hand: list[str],
    max_states: int = DEFAULT_MAX_STATES,
    objective: str = "points",
    node_limit: int | None = None,
) -> Solution | None:
    """The dynamic programme on the whole position (exact unless a layer passes ``max_states``)."""
    return _solve_counted(table, hand, max_states, objective, node_limit)[0]


def _solve_counted(
    table: list[list[str]],
    hand: list[str],
    max_states: int,
    objective: str,
    node_limit: int | None,
    free_jokers: bool = True,
    floor: int | None = None,
    near_hand: bool = False,
) -> tuple[Solution | None, int]:
    """(solution, nodes spent). ``floor``: a value some legal answer reaches (prunes the search)."""
    best: tuple[int, list[list[str]], bool] | None = None
    nodes = 0
    for problem in _problems(table, hand, free_jokers, near_hand):
        if node_limit is not None and nodes > node_limit:
            break
        limit = None if node_limit is None else max(0, node_limit - nodes)
        points, count = problem.forced_value
        forced = (points * CARD_WEIGHT if objective == "points" else 0) + count
        target = None if floor is None else floor - forced
        if best is not None:
            target = best[0] - forced if target is None else max(target, best[0] - forced)
        found = _search(problem, max_states, objective, limit, target)
        nodes += found[3]
        if found[0] is None:
            continue
        value, melds, exact = found[0] + forced, found[1], found[2]
        if best is None or value > best[0]:
            best = (value, melds, exact)
    if best is None:
        return None, nodes
    old = Counter(_raw(e) for m in table for e in m)
    new = Counter(_raw(e) for m in best[1] for e in m)
    played = sorted((new - old).elements())
    if not played:
        return None, nodes
    return Solution(best[1], played, sum(points_of(c) for c in played), best[2], nodes), nodes


def _raw(entry: str) -> str:
    return JOKER if entry.startswith(NAMED) else entry


def _problems(
    table: list[list[str]], hand: list[str], free_jokers: bool = True, near_hand: bool = False
) -> list[_Problem]:
    """One problem per way of freeing table jokers (a joker may drop its name only when enough real
    cards of that name are on the new table; freeing one may force hand cards of that name out).
    The problem that frees none comes first: it is the cheapest to search."""
    table_real = Counter(e for m in table for e in m if not e.startswith(NAMED))
    joker_names = Counter(e[3:] for m in table for e in m if e.startswith(NAMED))
    hand_real = Counter(c for c in hand if c != JOKER)
    choices: list[list[tuple[str, int, int]]] = []  # per name: (name, freed, forced hand cards)
    for name, count in sorted(joker_names.items()):
        top = min(count, table_real[name] + hand_real[name]) if free_jokers else 0
        choices.append([(name, f, max(0, f - table_real[name])) for f in range(top + 1)])
    combos: list[list[tuple[str, int, int]]] = [[]]
    for options in choices:
        combos = [c + [o] for c in combos for o in options]
    problems = []
    for combo in combos:
        mandatory = [[[] for _ in range(15)] for _ in SUITS]
        optional = [[[] for _ in range(15)] for _ in SUITS]
        for card, n in table_real.items():
            mandatory[SUITS.index(card[1])][_VALUE[card[0]]] += [card] * n
        forced = Counter({name: k for name, _, k in combo})
        freed = {name: f for name, f, _ in combo}
        forced_points = forced_cards = 0
        for card, n in hand_real.items():
            k = forced[card]
            s, v = SUITS.index(card[1]), _VALUE[card[0]]
            mandatory[s][v] += [card] * k
            optional[s][v] += [card] * (n - k)
            forced_points += k * points_of(card)
            forced_cards += k
        for name, count in joker_names.items():
            kept = count - freed.get(name, 0)
            mandatory[SUITS.index(name[1])][_VALUE[name[0]]] += [NAMED + name] * kept
        wilds = sum(freed.values()) + hand.count(JOKER)
        _drop_isolated(mandatory, optional, wilds)
        problems.append(
            _Problem(
                mandatory, optional, sum(freed.values()), hand.count(JOKER), (forced_points, forced_cards),
                near_hand and sum(freed.values()) > 0,
            )
        )
    return problems


def _drop_isolated(mandatory: list[list[list[str]]], optional: list[list[list[str]]], wilds: int) -> None:
    """Remove hand cards that no meld could hold: too few other cards of their value for a group and
    too few neighbours in their suit for a sequence, even with the wild jokers."""
    def count(s: int, v: int) -> int:
        v = 1 if v == 14 else v
        return len(mandatory[s][v]) + len(optional[s][v]) if 1 <= v <= 13 else 0

    changed = True
    while changed:
        changed = False
        for s in range(len(SUITS)):
            for v in range(1, 14):
                if not optional[s][v]:
                    continue
                others = sum(1 for x in range(len(SUITS)) if x != s and count(x, v))
                if others + wilds >= 2:
                    continue
                usable = False
                for base in ((v, 14) if v == 1 else (v,)):
                    for window in ((base - 2, base - 1), (base - 1, base + 1), (base + 1, base + 2)):
                        present = sum(1 for w in window if 1 <= w <= 14 and count(s, w))
                        if present + wilds >= 2 and all(1 <= w <= 14 for w in window):
                            usable = True
                if not usable:
                    optional[s][v] = []
                    changed = True


@lru_cache(maxsize=200_000)
def _suit_options(
    state: SuitState, m: int, o: int, wilds: int, value: int
) -> tuple[tuple[SuitState, int, int, int], ...]:
    """Ways one suit can use its cards at ``value``: (new state, group cards, hand cards, wilds).

    ``m`` mandatory cards, up to ``o`` hand cards and up to ``wilds`` wild jokers.
    """
    n1, n2, n3 = state
    out = []
    for u in range(o + 1):
        for w in range(wilds + 1):
            c = m + u + w
            if c < n1 + n2:
                continue
            rest = c - n1 - n2
            for e3 in range(min(n3, rest) + 1):
                rest2 = rest - e3
                groups_allowed = value <= 13
                for g in range(rest2 + 1):
                    if g and not groups_allowed:
                        break
                    ns = rest2 - g
                    if ns and (e3 < n3 or value >= 13):
                        continue
                    out.append(((ns, n1, n2 + e3), g, u, w))
    return tuple(out)


@lru_cache(maxsize=4096)
def _group_counts(total: int, biggest: int, wilds: int) -> tuple[int, ...]:
    """The numbers of wild jokers (0..wilds) that let ``total`` group cards, at most ``biggest`` of one
    suit, split into groups of 3-4 distinct suits."""
    ok = []
    for w in range(wilds + 1):
        t = total + w
        if t == 0:
            ok.append(w)
            continue
        for k in range(max(biggest, (t + 3) // 4), t // 3 + 1):
            if 3 * k <= t <= 4 * k and k >= biggest:
                ok.append(w)
                break
    return tuple(ok)


RES_SHIFT = 36
USED_SHIFT = 48
G_SHIFT = 51
MAXG_SHIFT = 57
BASE_MASK = (1 << G_SHIFT) - 1
NO_MOVE = (0, (0, 0, 0), 0, 0, 0, 0)


def _code(state: SuitState) -> int:
    return state[0] | state[1] << 3 | state[2] << 6


@lru_cache(maxsize=200_000)
def _moves(
    code: int, m: int, o: int, wilds: int, value: int, cap: int
) -> tuple[tuple[int, SuitState, int, int, int, int], ...]:
    """:func:`_suit_options` (or :func:`_ace_options` at value 1) for an encoded suit state:
    (new code, new state, group cards, hand cards, wilds, aces kept back).

    ``cap`` is how many cards of the suit the next value can offer at most: more open sequences than
    that cannot all go on, so states with more long sequences merge (the extra ones close now) and
    states with more short ones (which must go on) are dropped."""
    state = (code & 7, (code >> 3) & 7, (code >> 6) & 7)
    if value == 1:
        options = _ace_options(state, m, o, wilds)
    else:
        options = tuple((*opt, 0) for opt in _suit_options(state, m, o, wilds, value))
    out = {}
    for new, g, u, w, r in options:
        if new[0] + new[1] > cap:
            continue
        new = (new[0], new[1], min(new[2], cap - new[0] - new[1]))
        out.setdefault((new, g, u, w, r), None)
    return tuple((_code(new), new, g, u, w, r) for new, g, u, w, r in out)


def _search(
    problem: _Problem,
    max_states: int,
    objective: str,
    node_limit: int | None = None,
    target: int | None = None,
) -> tuple[int | None, list[list[str]], bool, int]:
    """(best value, melds, exact, nodes); value None when no arrangement covers the mandatory cards
    (or the search passed ``node_limit`` nodes). A value some answer is known to reach (``target``, or
    else what a narrow first pass finds) prunes the exact pass: a state that cannot reach it even
    with every remaining hand card is dropped."""
    nodes = 0
    incumbent = target
    if incumbent is None and max_states > PROBE_STATES:
        probe = _search_pass(problem, PROBE_STATES, objective, node_limit, None)
        nodes += probe[3]
        if probe[0] is not None:
            incumbent = probe[0]
        if node_limit is not None:
            node_limit -= nodes
    found = _search_pass(problem, max_states, objective, node_limit, incumbent)
    return found[0], found[1], found[2], nodes + found[3]


PROBE_STATES = 12


def _search_pass(
    problem: _Problem, max_states: int, objective: str, node_limit: int | None, incumbent: int | None
) -> tuple[int | None, list[list[str]], bool, int]:
    weight = CARD_WEIGHT if objective == "points" else 0
    total_wilds = problem.mandatory_wilds + problem.optional_wilds
    wild_gain = 25 * weight + 1
    active = _active_cells(problem) if total_wilds else [[False] * 15 for _ in SUITS]
    remaining = [0] * 16
    for value in range(13, 0, -1):
        here = sum(len(problem.optional[s][value]) for s in range(len(SUITS)))
        remaining[value] = remaining[value + 1] + here * (_POINTS[RANK_CHARS[value]] * weight + 1)
    wild_bound = problem.optional_wilds * wild_gain
    cap = [
        [
            len(problem.mandatory[s][v]) + len(problem.optional[s][v]) + (total_wilds if active[s][v] else 0)
            for v in range(14)
        ]
        for s in range(len(SUITS))
    ]
    current: dict[int, tuple] = {0: (0, None, None)}
    history: list[tuple[list[dict], dict]] = []
    exact = True
    nodes = 0
    for value in range(1, 15):
        cell = value if value <= 13 else 1
        card_gain = _POINTS[RANK_CHARS[value]] * weight + 1
        partials: list[dict | None] = []  # None: the suit had nothing to do at this value
        layer_in = current
        for s in range(len(SUITS)):
            shift = 9 * s
            res_shift = RES_SHIFT + 3 * s
            m = len(problem.mandatory[s][cell])
            o = len(problem.optional[s][cell])
            wild_ok = active[s][value]
            idle = not m and not o and not wild_ok
            if idle and not any(
                (key >> shift) & 511 or (value == 14 and (key >> res_shift) & 7) for key in layer_in
            ):
                partials.append(None)
                continue
            nxt: dict[int, tuple] = {}
            for key, entry in layer_in.items():
                score = entry[0]
                nodes += 1
                code = (key >> shift) & 511
                if idle and not code and (value != 14 or not (key >> res_shift) & 7):
                    old = nxt.get(key)
                    if old is None or score > old[0]:
                        nxt[key] = (score, key, NO_MOVE)
                    continue
                used = (key >> USED_SHIFT) & 7
                spare = total_wilds - used if wild_ok else 0
                if value == 14:
                    moves = _moves(code, (key >> res_shift) & 7, 0, spare, 14, 0)
                elif value == 13:
                    kept = (key >> res_shift) & 7
                    moves = _moves(code, m, o, spare, value, kept + (total_wilds if active[s][14] else 0))
                else:
                    moves = _moves(code, m, o, spare, value, cap[s][value + 1])
                maxg = (key >> MAXG_SHIFT) & 7
                for move in moves:
                    new_code, _, g, u, w, r = move
                    k = key + ((new_code - code) << shift) + (w << USED_SHIFT) + (g << G_SHIFT)
                    if g > maxg:
                        k += (g - maxg) << MAXG_SHIFT
                    if value == 1:
                        k += r << res_shift
                        total = score + (u + max(0, r - m)) * card_gain
                    else:
                        total = score + u * card_gain
                    old = nxt.get(k)
                    if old is None or total > old[0]:
                        nxt[k] = (total, key, move)
            if len(nxt) > 4 * max_states:
                exact = False
                nxt = dict(sorted(nxt.items(), key=lambda kv: (-kv[1][0], kv[0]))[: 4 * max_states])
            partials.append(nxt)
            layer_in = nxt
            if node_limit is not None and nodes > node_limit:
                return None, [], False, nodes
        layer: dict[int, tuple] = {}
        bound = remaining[value + 1] + wild_bound if value < 14 else wild_bound
        for key, (score, _, _) in layer_in.items():
            if incumbent is not None and score + bound < incumbent:
                continue
            used = (key >> USED_SHIFT) & 7
            base = key & BASE_MASK
            for wg in _group_counts((key >> G_SHIFT) & 63, (key >> MAXG_SHIFT) & 7, total_wilds - used):
                k = base + (wg << USED_SHIFT)
                old = layer.get(k)
                if old is None or score > old[0]:
                    layer[k] = (score, key, wg)
        if len(layer) > max_states:
            exact = False
            layer = dict(sorted(layer.items(), key=lambda kv: (-kv[1][0], kv[0]))[:max_states])
        history.append((partials, layer))
        current = layer
        if node_limit is not None and nodes > node_limit:
            return None, [], False, nodes
    best_key, best_score = None, None
    for key, (score, _, _) in current.items():
        used = (key >> USED_SHIFT) & 7
        if used < problem.mandatory_wilds:
            continue
        if any((key >> (9 * s)) & 63 for s in range(len(SUITS))):
            continue
        total = score + (used - problem.mandatory_wilds) * wild_gain
        if best_score is None or total > best_score:
            best_key, best_score = key, total
    if best_key is None:
        return None, [], exact, nodes
    plan = []
    key = best_key
    for partials, layer in reversed(history):
        _, pkey, wg = layer[key]
        choices = []
        for s in range(len(SUITS) - 1, -1, -1):
            if partials[s] is None:
                choices.append(NO_MOVE[1:])
                continue
            _, prev, move = partials[s][pkey]
            choices.append(move[1:])
            pkey = prev
        choices.reverse()
        plan.append((choices, wg))
        key = pkey
    plan.reverse()
    return best_score, _build(problem, plan), exact, nodes


def _active_cells(problem: _Problem) -> list[list[bool]]:
    """Cells (suit, value) where a wild joker may stand in a sequence: a real card of the suit lies
    within two values (an ace counts at 1 and 14). Groups take wilds at any value. With
    ``wilds_near_hand`` (large positions) only hand cards count: a freed table joker is tried in
    sequences near the cards it could help lay, which keeps the search small (not exact)."""
    active = [[False] * 15 for _ in SUITS]
    for s in range(len(SUITS)):
        present = [False] * 15
        near_hand = problem.wilds_near_hand and not problem.optional_wilds
        for v in range(1, 14):
            if problem.optional[s][v] or (problem.mandatory[s][v] and not near_hand):
                present[v] = True
        present[14] = present[1]
        for v in range(1, 15):
            if present[v]:
                for x in range(max(1, v - 2), min(14, v + 2) + 1):
                    active[s][x] = True
        active[s][1] = active[s][1] or active[s][14]
    return active


@lru_cache(maxsize=50_000)
def _ace_options(
    state: SuitState, m: int, o: int, wilds: int
) -> tuple[tuple[SuitState, int, int, int, int], ...]:
    """At value 1 a suit also chooses how many of its aces to keep back for a Q-K-A (``r``)."""
    out = []
    for r in range(m + o + 1):
        m_low = max(0, m - r)
        o_low = o - max(0, r - m)
        for new_state, g, u, w in _suit_options(state, m_low, o_low, wilds, 1):
            out.append((new_state, g, u, w, r))
    return tuple(out)


def _build(problem: _Problem, plan: list) -> list[list[str]]:
    """Turn the chosen counts per value and suit back into melds of named cards."""
    melds: list[list[str]] = []
    runs: list[list[list[str]]] = [[] for _ in SUITS]
    kept_aces: list[list[str]] = [[] for _ in SUITS]
    for value, (choices, wild_groups) in enumerate(plan, start=1):
        rank = RANK_CHARS[value]
        pool: list[list[str]] = []
        for s, (new_state, g, u, w, r) in enumerate(choices):
            suit = SUITS[s]
            if value == 14:
                items = kept_aces[s] + [NAMED + rank + suit] * w
            else:
                mand = list(problem.mandatory[s][value])
                opt = list(problem.optional[s][value])
                if value == 1:
                    take_m = min(r, len(mand))
                    kept_aces[s] = mand[:take_m] + opt[: r - take_m]
                    mand, opt = mand[take_m:], opt[r - take_m :]
                items = mand + opt[:u] + [NAMED + rank + suit] * w
            open_runs = sorted(runs[s], key=len)
            ns, _, _ = new_state
            short = [run for run in open_runs if len(run) < 3]
            long = [run for run in open_runs if len(run) >= 3]
            e3 = len(items) - g - ns - len(short)
            extended = short + long[:e3]
            for run in long[e3:]:
                melds.append(run)
            for run, item in zip(extended, items, strict=False):
                run.append(item)
            rest = items[len(extended) :]
            new_runs = [[item] for item in rest[:ns]]
            pool.append(rest[ns:])
            runs[s] = extended + new_runs
        melds += _make_groups(pool, wild_groups, rank)
    for s in range(len(SUITS)):
        melds += runs[s]
    out = []
    for meld in melds:
        if len(meld) == 14:
            out += [meld[:3], meld[3:]]
        else:
            out.append(meld)
    return out


def _make_groups(pool: list[list[str]], wilds: int, rank: str) -> list[list[str]]:
    total = sum(len(p) for p in pool) + wilds
    if total == 0:
        return []
    biggest = max(len(p) for p in pool)
    k = next(k for k in range(max(biggest, (total + 3) // 4), total // 3 + 1) if 3 * k <= total <= 4 * k)
    groups: list[list[str]] = [[] for _ in range(k)]
    at = 0
    for items in pool:
        for item in items:
            groups[at % k].append(item)
            at += 1
    for _ in range(wilds):
        target = min(groups, key=len)
        have = {_entry_suit(e) for e in target}
        suit = next(x for x in SUITS if x not in have)
        target.append(NAMED + rank + suit)
    return groups


def _entry_suit(entry: str) -> str:
    return entry[-1]


def improve(
    table: list[list[str]],
    hand: list[str],
    budget: int = DEFAULT_BUDGET,
    objective: str = "points",
    start: tuple[list[list[str]], list[str]] | None = None,
) -> Solution | None:
    """Large-neighbourhood search: for each hand card (most points first), take the melds near it
    (its value in any suit, its suit within two values) and the hand cards near it, and solve that
    small position exactly; keep every improvement, and repeat passes until nothing improves or the
    ``budget`` of search nodes is spent. Each step keeps the table legal, so the answer always is.
    ``start`` is a legal (table, hand left) to improve on, by default the position itself."""
    melds = [list(m) for m in (start[0] if start else table)]
    left = list(start[1] if start else hand)
    nodes = 0
    improved = True
    while improved and nodes < budget:
        improved = False
        tried: set[str] = set()
        for card in sorted(set(left), key=lambda c: (-points_of(c), c)):
            if card == JOKER or card in tried or card not in left or nodes >= budget:
                continue
            tried.add(card)
            near = _near_cells(card)
            inside = [i for i, m in enumerate(melds) if any(_cell(e) in near for e in m)]
            sub_table = [melds[i] for i in inside]
            sub_hand = [c for c in left if c != JOKER and _cell(c) in near]
            sub_hand = sorted(sub_hand, key=lambda c: (-points_of(c), c))[:NEIGHBOURHOOD_HAND]
            if card not in sub_hand:
                sub_hand[-1:] = [card]
            sub_hand += [JOKER] * left.count(JOKER)
            limit = min(budget - nodes, SUB_NODE_LIMIT)
            found, spent = _solve_counted(sub_table, sub_hand, SUB_MAX_STATES, objective, limit, False)
            nodes += spent
            if found is None:
                continue
            outside = [m for i, m in enumerate(melds) if i not in set(inside)]
            if meld_move_problem(table, outside + found.table, hand) is not None:
                continue
            melds = outside + found.table
            remaining = Counter(left) - Counter(found.played)
            left = sorted(remaining.elements())
            improved = True
        if JOKER in left and nodes < budget:
            found = _place_jokers(melds, left, objective)
            if found is not None:
                melds, left = found
                improved = True
    old = Counter(_raw(e) for m in table for e in m)
    new = Counter(_raw(e) for m in melds for e in m)
    played = sorted((new - old).elements())
    if not played:
        return None
    return Solution(melds, played, sum(points_of(c) for c in played), False, nodes)


SUB_MAX_STATES = 200
SUB_NODE_LIMIT = 900


def _place_jokers(
    melds: list[list[str]], left: list[str], objective: str
) -> tuple[list[list[str]], list[str]] | None:
    """A hand joker added to the end of a sequence or to a group of three, if any fits."""
    for i, meld in enumerate(melds):
        names = [_name(e) for e in meld]
        if len({n[0] for n in names}) == 1:
            if len(names) == 3:
                suit = next(x for x in SUITS if x not in {n[1] for n in names})
                new = [*meld, NAMED + names[0][0] + suit]
                return [*melds[:i], new, *melds[i + 1 :]], _without(left, JOKER)
            continue
        ends = _sequence_ends(names)
        if ends:
            new = [*meld, NAMED + ends[0]]
            return [*melds[:i], new, *melds[i + 1 :]], _without(left, JOKER)
    return None


def _without(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    out.remove(card)
    return out


def _name(entry: str) -> str:
    return entry[3:] if entry.startswith(NAMED) else entry


def _cell(entry: str) -> tuple[int, int]:
    name = _name(entry)
    if name == JOKER:
        return (-1, -1)
    return (SUITS.index(name[1]), _VALUE[name[0]])


def _near_cells(card: str) -> set[tuple[int, int]]:
    s, v = _cell(card)
    cells = {(x, v) for x in range(len(SUITS))}
    values = [v] + ([14] if v == 1 else [])
    for base in values:
        for d in (-2, -1, 1, 2):
            w = base + d
            if 1 <= w <= 14:
                cells.add((s, 1 if w == 14 else w))
    return cells


def _sequence_ends(names: list[str]) -> list[str]:
    suit = names[0][1]
    values = sorted(_VALUE[n[0]] for n in names)
    if values[0] == 1 and values[-1] != len(values):
        values = sorted(14 if v == 1 else v for v in values)
    ends = []
    if values[-1] < 14 and not (values[-1] == 13 and values[0] == 1):
        ends.append(RANK_CHARS[values[-1] + 1] + suit)
    if values[0] > 1 and not (values[0] == 2 and values[-1] == 14):
        ends.append(RANK_CHARS[values[0] - 1] + suit)
    return ends
