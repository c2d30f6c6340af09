"""Our Oh Hell beside OpenSpiel's ``oh_hell``: the same deal in both engines, played in lockstep.

OpenSpiel is not a dependency of cardtable: a contributor installs it beside the project
(``python -m pip install open_spiel``); without it :func:`available` is False and nothing here runs.

The deal. OpenSpiel's game is one hand; its chance outcomes come in this order: the number of tricks,
the dealer, the cards round robin from player 0 (player 0's first card, player 1's first card, ...),
then the trump card. Its cards are ``rank * 4 + suit`` with ranks ``23456789TJQKA`` and suits ``CDSH``;
a bid of ``n`` is action ``52 + n``. It always plays with the hook (the dealer may not make the bids
add up to the tricks), scores 1 per trick plus 10 for an exact bid: our ``plus_tricks`` scoring, where
an exact bid scores 10 + bid (= 10 + tricks) and a miss the tricks taken.

Our side comes from our own engine's public API only: a 4-player game with ``hook`` and
``plus_tricks`` is played (randomly, untimed) up to the hand with the wanted number of cards, whose
deal and dealer are then read from the seats' views and fed to OpenSpiel as its chance outcomes. From
there every action goes to both engines, and :func:`Lockstep.step` checks that both offer the same
legal actions; at the end, both must give every seat the same points.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable.engine.oh_hell import GAME

PLAYERS = 4
OPTIONS = {"hook": True, "scoring": "plus_tricks", "schedule": "up"}
OS_RANKS = "23456789TJQKA"
OS_SUITS = "CDSH"
BID_BASE = 52


def available() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def card_id(card: str) -> int:
    """OpenSpiel's action for our card code."""
    return OS_RANKS.index(card[0]) * 4 + OS_SUITS.index(card[1])


def card_code(action: int) -> str:
    return OS_RANKS[action // 4] + OS_SUITS[action % 4]


def to_openspiel(action: dict[str, Any]) -> int:
    return BID_BASE + action["bid"] if action["type"] == "bid" else card_id(action["card"])


def from_openspiel(action: int) -> dict[str, Any]:
    if action >= BID_BASE:
        return {"type": "bid", "bid": action - BID_BASE}
    return {"type": "play", "card": card_code(action)}


def hand_start(seed: int, cards: int) -> Any:
    """Our game at the start of its hand of ``cards`` cards (earlier hands played at random)."""
    state = GAME.new(PLAYERS, seed, OPTIONS)
    rng = random.Random(seed)
    while state.schedule[state.hand_index] != cards:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.sample(state, seat, rng))
    return state


def chance_outcomes(state: Any) -> list[int]:
    """OpenSpiel's chance actions for the deal of our ``state`` (at the start of a hand)."""
    views = [GAME.view(state, seat) for seat in range(PLAYERS)]
    cards = views[0]["cards_this_hand"]
    outcomes = [cards, views[0]["dealer"]]
    for i in range(cards):
        outcomes.extend(card_id(views[p]["hand"][i]) for p in range(PLAYERS))
    if views[0]["trump_card"] is not None:
        outcomes.append(card_id(views[0]["trump_card"]))
    return outcomes


@dataclass
class Lockstep:
    """One hand in both engines at once; every step checks that they agree."""

    ours: Any
    theirs: Any
    hand_index: int
    steps: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, seed: int, cards: int) -> Lockstep:
        import pyspiel

        ours = hand_start(seed, cards)
        game = openspiel_game()
        theirs = game.new_initial_state()
        for outcome in chance_outcomes(ours):
            assert theirs.is_chance_node(), "OpenSpiel's deal ended early"
            assert outcome in dict(theirs.chance_outcomes()), f"OpenSpiel cannot deal {outcome}"
            theirs.apply_action(outcome)
        assert not theirs.is_chance_node(), "OpenSpiel wants more chance outcomes"
        assert theirs.current_player() != pyspiel.PlayerId.CHANCE
        lock = cls(ours, theirs, ours.hand_index)
        lock.check()
        return lock

    def over(self) -> bool:
        return self.ours.hand_index != self.hand_index or GAME.result(self.ours) is not None

    def seat(self) -> int:
        return GAME.to_act(self.ours)[0]

    def check(self) -> None:
        """Both engines are at the same player with the same legal actions (or both over)."""
        if self.over():
            assert self.theirs.is_terminal(), f"OpenSpiel goes on after our hand ended ({self.log})"
            return
        seat = self.seat()
        assert self.theirs.current_player() == seat, (
            f"to act: ours {seat}, OpenSpiel {self.theirs.current_player()} ({self.log})")
        ours = sorted(to_openspiel(a) for a in GAME.legal(self.ours, seat))
        theirs = sorted(self.theirs.legal_actions())
        assert ours == theirs, f"legal actions differ: ours {ours}, OpenSpiel {theirs} ({self.log})"

    def step(self, action: dict[str, Any]) -> None:
        seat = self.seat()
        GAME.apply(self.ours, seat, action)
        self.theirs.apply_action(to_openspiel(action))
        self.steps += 1
        self.log.append(f"{seat}:{action.get('card', action.get('bid'))}")
        self.check()

    def points(self) -> list[int]:
        """This hand's points per seat, checked against OpenSpiel's returns."""
        row = self.ours.sheet[self.hand_index]
        returns = [round(r) for r in self.theirs.returns()]
        assert list(row["points"]) == returns, f"points: ours {row['points']}, OpenSpiel {returns}"
        return list(row["points"])

    def view(self, seat: int) -> dict[str, Any]:
        return GAME.view(self.ours, seat)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return GAME.legal(self.ours, seat)


def honest_resample(state: Any, player: int, rng: random.Random) -> Any:
    """A world for ``player`` of OpenSpiel's oh_hell ``state``: its own deal and every card played where
    they were, the other seats' unplayed cards drawn from *all* the cards it has not seen (the undealt
    ones too), as the game's own resampler means to do (its comment) but does not in open_spiel 2.0.2."""
    history = [int(a) for a in state.history()]
    tricks, dealer = history[0], history[1]
    dealt = history[2:2 + PLAYERS * tricks]
    trump = history[2 + PLAYERS * tricks]
    after = history[3 + PLAYERS * tricks:]
    owner = {card: i % PLAYERS for i, card in enumerate(dealt)}
    plays = [a for a in after if a < BID_BASE]
    known: list[list[int]] = [[] for _ in range(PLAYERS)]
    for card in dealt:
        if owner[card] == player or card in plays:
            known[owner[card]].append(card)
    seen = {trump} | {c for c in dealt if owner[c] == player} | set(plays)
    pool = [c for c in range(52) if c not in seen]
    rng.shuffle(pool)
    world = openspiel_game().new_initial_state()
    world.apply_action(tricks)
    world.apply_action(dealer)
    used = [0] * PLAYERS
    for i in range(PLAYERS * tricks):
        seat = i % PLAYERS
        if used[seat] < len(known[seat]):
            world.apply_action(known[seat][used[seat]])
            used[seat] += 1
        else:
            world.apply_action(pool.pop())
    world.apply_action(trump)
    for action in after:
        world.apply_action(action)
    return world


def resampling_leak(deals: int = 50, samples: int = 40, seed: int = 0) -> dict[str, Any]:
    """How often OpenSpiel's own ``resample_from_infostate`` gives the other players a card that was not
    dealt: honest sampling would do it for most of their cards in small hands."""
    import pyspiel

    undealt_drawn = drawn = 0
    for i in range(deals):
        lock = Lockstep.start(seed + i, 3 + i % 6)
        state = lock.theirs
        player = state.current_player()
        history = [int(a) for a in state.history()]
        tricks = history[0]
        dealt = history[2:2 + PLAYERS * tricks]
        theirs = {c for k, c in enumerate(dealt) if k % PLAYERS != player}
        for _ in range(samples):
            world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            wh = [int(a) for a in world.history()][2:2 + PLAYERS * tricks]
            cards = {c for k, c in enumerate(wh) if k % PLAYERS != player}
            drawn += len(cards)
            undealt_drawn += len(cards - theirs)
    return {"deals": deals, "samples_each": samples, "opponent_cards_sampled": drawn,
            "of_them_undealt_in_the_real_deal": undealt_drawn}



def openspiel_game() -> Any:
    import pyspiel

    return pyspiel.load_game("oh_hell", {"players": PLAYERS})


def agreement(deals: int, seed: int = 0, sizes: tuple[int, ...] = tuple(range(1, 13))) -> dict[str, Any]:
    """Random play of ``deals`` hands in both engines: every step's legal actions and every hand's points
    must agree (an AssertionError says where they do not)."""
    rng = random.Random(seed)
    steps = 0
    for i in range(deals):
        lock = Lockstep.start(seed + i, sizes[i % len(sizes)])
        while not lock.over():
            legal = lock.legal(lock.seat())
            lock.step(dict(legal[rng.randrange(len(legal))]))
        lock.points()
        steps += lock.steps
    return {"deals": deals, "steps": steps, "sizes": list(sizes)}


class ISMCTSPlayer:
    """OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) with a random-rollout
    evaluator, acting on the OpenSpiel state of a :class:`Lockstep`.

    ``honest``: sample its worlds with :func:`honest_resample` instead of the game's own
    ``resample_from_infostate``, which in open_spiel 2.0.2 deals the other players exactly the cards
    they were dealt (only who holds which is shuffled): that IS-MCTS knows which cards are in play,
    something no player at a real table knows (see :func:`resampling_leak`).
    """

    def __init__(self, seed: int, simulations: int = 300, uct_c: float = 10.0, honest: bool = False) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        rs = self.random_state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        self.bot = ismcts.ISMCTSBot(
            game=openspiel_game(), evaluator=evaluator, uct_c=uct_c, max_simulations=simulations,
            random_state=rs, final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        self.rng = random.Random(seed)
        if honest:
            self.bot.set_resampler(lambda state, player: honest_resample(state, player, self.rng))

    def reseed(self, seed: int) -> None:
        """Every random draw of the next search (its rollouts, its tree policy, its worlds) from ``seed``."""
        self.random_state.seed(seed % 2**32)
        self.rng.seed(seed)

    def choose(self, lock: Lockstep) -> dict[str, Any]:
        return from_openspiel(int(self.bot.step(lock.theirs)))


def decision_seed(seed: int, cards: int, seating: list[str], log: list[str]) -> int:
    """The random seed of one decision: a function of the deal, the seating and the actions so far only.

    Whoever sits at the table, the same position gets the same draws: two versions of our bot meet the
    same IS-MCTS decisions wherever their hands are alike (their difference is measured where they differ,
    not drowned in the noise of every later draw), and a run gives the same play whatever ``jobs``."""
    text = f"{seed}/{cards}/{','.join(seating)}/{' '.join(log)}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@dataclass
class HandRecord:
    seed: int
    cards: int
    seating: list[str]
    points: list[int]
    bids: list[int]
    tricks: list[int]
    # (player name, "bid" | "play", CPU seconds) per decision
    times: list[tuple[str, str, float]]


def play_hand(seed: int, cards: int, seating: list[str], players: dict[str, Any],
              memo: dict[int, tuple[dict[str, Any], float]] | None = None) -> HandRecord:
    """One hand of the deal ``(seed, cards)``; ``seating[s]`` names the player of seat ``s`` in
    ``players`` (our bots act on our views, IS-MCTS on OpenSpiel's state). Each decision draws from its
    own :func:`decision_seed`. ``memo`` keeps IS-MCTS's decisions (and their CPU time) by that seed:
    another version of our bot reaching the same position gets the same answer without a new search."""
    import time

    lock = Lockstep.start(seed, cards)
    times = []
    while not lock.over():
        seat = lock.seat()
        name = seating[seat]
        player = players[name]
        kind = "bid" if lock.ours.phase == "bid" else "play"
        key = decision_seed(seed, cards, seating, lock.log)
        started = time.process_time()
        if isinstance(player, ISMCTSPlayer):
            if memo is not None and key in memo:
                action, spent = memo[key]
            else:
                player.reseed(key)
                action = player.choose(lock)
                spent = time.process_time() - started
                if memo is not None:
                    memo[key] = action, spent
        else:
            action = player.choose(lock.view(seat), lock.legal(seat), random.Random(key))
            spent = time.process_time() - started
        times.append((name, kind, spent))
        lock.step(action)
    row = lock.ours.sheet[lock.hand_index]
    return HandRecord(seed, cards, list(seating), lock.points(), list(row["bids"]), list(row["tricks"]), times)


STOCK_NOTE = ("the game's own resample_from_infostate (open_spiel 2.0.2) deals the other players exactly the "
              "cards in play, only who holds which is shuffled: an IS-MCTS with it knows which cards are out, "
              "worth about 1.6 points a seat-hand to it; the honest baseline draws the others' cards from "
              "everything its seat has not seen and keeps the voids shown")


@dataclass
class DealRecord:
    """One mirrored deal: both hands' seat results for our side and IS-MCTS."""

    cards: int
    diff: float  # our points per seat-hand minus theirs, over both hands
    points: dict[str, list[int]]
    exact: dict[str, list[bool]]
    bid_minus_tricks: list[int]  # ours
    times: list[tuple[str, str, float]]
    deal: int = -1  # its index: the deal is ``seed + deal``


def play_deal(i: int, seed: int, sizes: tuple[int, ...], ours: Any, ismcts: ISMCTSPlayer,
              memo: dict[int, tuple[dict[str, Any], float]] | None = None) -> DealRecord:
    """The mirrored deal ``seed + i``: played twice, ``ours`` in seats 0 and 2 and then in seats 1 and 3,
    so both sides hold every hand from every seat (``memo``: :func:`play_hand`)."""
    cards = sizes[i % len(sizes)]
    record = DealRecord(cards, 0.0, {"ours": [], "ismcts": []}, {"ours": [], "ismcts": []}, [], [], i)
    players = {"ours": ours, "ismcts": ismcts}
    for seating in (["ours", "ismcts"] * 2, ["ismcts", "ours"] * 2):
        hand = play_hand(seed + i, cards, seating, players, memo)
        for seat, name in enumerate(seating):
            record.points[name].append(hand.points[seat])
            record.exact[name].append(hand.bids[seat] == hand.tricks[seat])
            if name == "ours":
                record.bid_minus_tricks.append(hand.bids[seat] - hand.tricks[seat])
        record.times.extend(hand.times)
    mine, theirs = record.points["ours"], record.points["ismcts"]
    record.diff = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return record


def _append(log: str | None, record: DealRecord) -> None:
    if log is not None:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps(asdict(record)) + "\n")


def play_deals(indices: list[int], seed: int, level: str, simulations: int, uct_c: float, sizes: tuple[int, ...],
               honest: bool, worker: int = 0, progress: Any = None, log: str | None = None) -> list[DealRecord]:
    """The mirrored deals ``seed + i`` for ``i`` in ``indices`` (:func:`play_deal`). With ``log``, each
    deal's record is appended to that file as a line of JSON as soon as it is played (a long run
    stopped early still tells where it stood: :func:`read_log`)."""
    from cardtable.engine.bots import get_bot

    ours = get_bot("oh_hell", level)
    ismcts = ISMCTSPlayer(seed, simulations, uct_c, honest)
    out: list[DealRecord] = []
    for i in indices:
        out.append(play_deal(i, seed, sizes, ours, ismcts))
        _append(log, out[-1])
        if progress is not None:
            progress(worker, len(out), len(indices), [r.diff for r in out])
    return out


def paired(deals: int, bots: dict[str, Any], seed: int = 1000, simulations: int = 300, uct_c: float = 10.0,
           sizes: tuple[int, ...] = (3, 4, 5, 6, 7, 8), honest: bool = True, log: str | None = None,
           progress: Any = None) -> dict[str, Any]:
    """Several versions of our bot (``bots``: label -> bot) against IS-MCTS on the same mirrored deals,
    each deal played by every version in turn with IS-MCTS's decisions shared (:func:`play_hand`'s
    ``memo``): where two versions play alike they meet the same IS-MCTS play, so the paired difference
    against the first version measures only what the versions change (and costs IS-MCTS's search only
    where their hands part). Reports each version's :func:`summarize` and its paired difference with the
    first over the deals, with its 95% interval. ``log``: each deal appended to ``{log}.{label}.jsonl``."""
    from tools.bench_bots import mean_interval

    ismcts = ISMCTSPlayer(seed, simulations, uct_c, honest)
    records: dict[str, list[DealRecord]] = {label: [] for label in bots}
    for n, i in enumerate(range(deals)):
        memo: dict[int, tuple[dict[str, Any], float]] = {}
        for label, bot in bots.items():
            records[label].append(play_deal(i, seed, sizes, bot, ismcts, memo))
            _append(f"{log}.{label}.jsonl" if log else None, records[label][-1])
        if progress is not None:
            progress(n + 1, deals, {label: [r.diff for r in rows] for label, rows in records.items()})
    first = next(iter(bots))
    out: dict[str, Any] = {"deals": deals, "first": first}
    for label, rows in records.items():
        out[label] = summarize(rows, deals, label, simulations, uct_c, sizes, honest)
        if label != first:
            diffs = [a.diff - b.diff for a, b in zip(rows, records[first], strict=True)]
            mean, low, high = mean_interval(diffs)
            out[label]["minus_first"] = round(mean, 3)
            out[label]["minus_first_95"] = [round(low, 3), round(high, 3)]
            out[label]["deals_that_differ"] = sum(d != 0 for d in diffs)
    return out


def read_log(path: str) -> list[DealRecord]:
    """The deals a :func:`play_deals` ``log`` holds (for :func:`summarize`)."""
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [DealRecord(**dict(row, times=[tuple(t) for t in row["times"]])) for row in rows]


def _worker(args: tuple[Any, ...]) -> list[DealRecord]:
    import sys

    def progress(worker: int, done: int, total: int, diffs: list[float]) -> None:
        if done % 10 == 0 or done == total:
            print(f"  worker {worker}: {done}/{total} deals, difference {sum(diffs) / len(diffs):+.3f}",
                  file=sys.stderr, flush=True)

    *rest, log = args
    return play_deals(*rest, progress=progress, log=log)


def compare(deals: int, seed: int = 1000, level: str = "hard", simulations: int = 300, uct_c: float = 10.0,
            sizes: tuple[int, ...] = (3, 4, 5, 6, 7, 8), progress: Any = None, honest: bool = True,
            jobs: int = 1, log: str | None = None) -> dict[str, Any]:
    """Our ``level`` bot against IS-MCTS on ``deals`` mirrored deals (:func:`play_deals`), split over
    ``jobs`` processes (every decision draws from its own :func:`decision_seed`: the play is the same
    whatever ``jobs``).

    ``honest`` (the default, the baseline of issue 21): IS-MCTS samples its worlds with
    :func:`honest_resample`; otherwise with the game's own resampler (:data:`STOCK_NOTE`).

    The figure of merit is the mean, over deals, of (our points per seat-hand - theirs), with a 95%
    interval (normal approximation over deals, which are independent). Decision times are CPU seconds of
    the process that made them (``time.process_time``): a busy machine slows both sides alike.
    """
    chunks = [list(range(j, deals, jobs)) for j in range(jobs)]
    if jobs == 1:
        def each(worker: int, done: int, total: int, diffs: list[float]) -> None:
            if progress is not None:
                progress(done, total, diffs)

        records = play_deals(chunks[0], seed, level, simulations, uct_c, sizes, honest, 0, each, log)
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_worker, [(c, seed, level, simulations, uct_c, sizes, honest, j, log)
                                       for j, c in enumerate(chunks)])
        records = [r for part in parts for r in part]
    return summarize(records, deals, level, simulations, uct_c, sizes, honest, jobs)


def summarize(records: list[DealRecord], deals: int, level: str = "hard", simulations: int = 300,
              uct_c: float = 10.0, sizes: tuple[int, ...] = (3, 4, 5, 6, 7, 8), honest: bool = True, jobs: int = 1
              ) -> dict[str, Any]:
    """:func:`compare`'s report of ``records`` (also of a :func:`read_log`)."""
    from tools.bench_bots import mean_interval, percentiles

    mean, low, high = mean_interval([r.diff for r in records])
    times: dict[tuple[str, str], list[float]] = {}
    for r in records:
        for name, kind, seconds in r.times:
            times.setdefault((name, kind), []).append(seconds)
    timing = {f"{name}/{kind}": percentiles(v) for (name, kind), v in sorted(times.items())}
    for name in ("ours", "ismcts"):
        timing[f"{name}/all"] = percentiles([t for (who, _), v in times.items() if who == name for t in v])
    ratio = {kind: round(timing[f"ours/{kind}"]["mean_ms"] / timing[f"ismcts/{kind}"]["mean_ms"], 3)
             for kind in ("bid", "play", "all")}

    def mean_of(name: str, field: str) -> float:
        values = [v for r in records for v in getattr(r, field)[name]]
        return round(sum(values) / len(values), 3)

    by_size: dict[int, list[DealRecord]] = {}
    for r in records:
        by_size.setdefault(r.cards, []).append(r)
    return {
        "deals": deals,
        "hands": 2 * deals,
        "seat_hands_each": 4 * deals,
        "level": level,
        "ismcts": {"simulations": simulations, "uct_c": uct_c, "evaluator": "random rollout (1)",
                   "final_policy": "max visit count",
                   "worlds": "honest_resample" if honest else "the game's resample_from_infostate",
                   **({} if honest else {"note": STOCK_NOTE})},
        "jobs": jobs,
        "sizes": list(sizes),
        "points_per_seat_hand": {name: mean_of(name, "points") for name in ("ours", "ismcts")},
        "difference": round(mean, 3),
        "difference_95": [round(low, 3), round(high, 3)],
        "exact_rate": {name: mean_of(name, "exact") for name in ("ours", "ismcts")},
        "ours_by_size": {
            str(size): {
                "seat_hands": sum(len(r.bid_minus_tricks) for r in rows),
                "mean_bid_minus_tricks": round(sum(sum(r.bid_minus_tricks) for r in rows)
                                               / sum(len(r.bid_minus_tricks) for r in rows), 3),
                "exact_rate": round(sum(sum(r.exact["ours"]) for r in rows)
                                    / sum(len(r.exact["ours"]) for r in rows), 3),
            }
            for size, rows in sorted(by_size.items())
        },
        "time_cpu_ms": timing,
        "time_ratio_ours_to_ismcts": ratio,
    }


# -- the command ------------------------------------------------------------------------------------


def variant(spec: str) -> tuple[str, Any]:
    """A labelled version of our bot from ``label[=level][:attr=value,...]``: ``hard``, ``w48=hard:bid_worlds=48``,
    ``steady:bid_steady=true`` (labelled ``steady``, the hard bot with that attribute set). Values are read as
    JSON (numbers, ``true``/``false``), else kept as text; only attributes the bot already has may be set."""
    from cardtable.engine.bots import get_bot

    head, _, settings = spec.partition(":")
    label, _, level = head.partition("=")
    bot = get_bot("oh_hell", level or ("hard" if settings or label not in ("easy", "normal", "random") else label))
    for item in filter(None, settings.split(",")):
        name, _, text = item.partition("=")
        if not hasattr(bot, name):
            raise ValueError(f"{spec!r}: the {bot.level} bot has no attribute {name!r}")
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        setattr(bot, name, value)
    return label, bot


def main(argv: list[str] | None = None) -> int:
    """``agree`` (the default): random play of many deals in both engines, every step checked.
    ``paired``: versions of our bot (:func:`variant`) against IS-MCTS on the same deals (:func:`paired`)."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tools.oh_hell_openspiel", description=main.__doc__)
    parser.add_argument("command", nargs="?", default="agree", choices=["agree", "paired"])
    parser.add_argument("--deals", type=int, default=200, help="deals (paired: mirrored deals)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--bot", action="append", default=[],
                        help="paired: a version, label[=level][:attr=value,...]; the first is the reference "
                             "(default: hard and normal)")
    parser.add_argument("--sizes", default="3,4,5,6,7,8", help="paired: hand sizes, in turn")
    parser.add_argument("--simulations", type=int, default=300)
    parser.add_argument("--uct-c", type=float, default=10.0)
    parser.add_argument("--log", default="", help="paired: append each deal to LOG.<label>.jsonl as it ends")
    args = parser.parse_args(argv)
    if not available():
        print("open_spiel is not installed (python -m pip install open_spiel)", file=sys.stderr)
        return 1
    if args.command == "agree":
        print(json.dumps(agreement(args.deals, args.seed)))
        return 0
    try:
        bots = dict(variant(spec) for spec in args.bot or ["hard", "normal"])
    except ValueError as error:
        parser.error(str(error))
    sizes = tuple(int(s) for s in args.sizes.split(","))

    def progress(done: int, total: int, diffs: dict[str, list[float]]) -> None:
        if done % 10 == 0 or done == total:
            ref = next(iter(diffs.values()))
            parts = []
            for label, d in diffs.items():
                paired_mean = sum(a - b for a, b in zip(d, ref, strict=True)) / len(d)
                parts.append(f"{label} {sum(d) / len(d):+.3f}" + ("" if d is ref else f" ({paired_mean:+.3f})"))
            line = ", ".join(parts)
            print(f"{done}/{total} deals: {line}", file=sys.stderr, flush=True)

    print(json.dumps(paired(args.deals, bots, args.seed, args.simulations, args.uct_c, sizes, log=args.log or None,
                            progress=progress)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
