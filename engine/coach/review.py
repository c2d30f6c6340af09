"""After a hand or a game: the few moments that decided it for one seat, each at the action where it happened.

``review(game_name, seat, turns, names) -> list[Moment]`` reads one seat's side of a game only: for
each action of the game (a :class:`Turn`), the seat's view before it, the events the seat was shown
after it and, when the action was the seat's own, its legal actions and the action taken. So a
sentence can only name a card the seat saw. ``turns`` may be a whole game or one hand of it
(:func:`hand_turns` cuts one hand from a replay; :func:`ends_hand` says which events close one).
Moments, best first (at most :data:`MOST`):

- ``blunder``: the seat's own plainly worse plays (:func:`cardtable.engine.coach.blunder`);
- ``swing``: the turns of the hand that decided it for the seat, from its views and events: the trick
  that broke an Oh Hell bid, a Go that cost points when another player stopped, the Tractor trick
  whose points went to the other side, the Rummy player who went out while the seat held cards (or
  laid a big part of its hand, or rebuilt the table), the Spit slap lost for the smaller pile and the
  layout someone cleared first, the Speed round lost with cards in hand and the plays the other made
  while the seat was stuck.

``Moment.step`` is the number of actions before the moment: a replay opened there shows the table the
seat faced, and its next step is the move itself. ``Moment.claims`` are the facts the sentence says
(:class:`cardtable.engine.coach.Claim`, kinds listed in :data:`CLAIMS`); ``tests/test_review.py``
checks each against the engine over bot games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.coach import Action, Claim, View, blunder, s
from cardtable.engine.coach import names as card_names

Event = dict[str, Any]
MOST = 3

CLAIMS = {
    "oh_hell": "bid (number: the bid), tricks (number: taken), lost (cards: mine, the winner's; number: "
               "the trick), won (cards: mine; number: the trick)",
    "go_stop": "go (number: my score when I called it), paid (number: what I got, negative: paid; seat: "
               "the winner), stopped (number: the winner's score; seat: the winner), doubled (number: how many "
               "times my payment was doubled; text: why, the engine's multipliers joined by commas)",
    "tractor": "trick_lost (number: its points; seat: the winner; cards: mine in it)",
    "rummy": "went_out (seat), knocked (seat; number: the knocker's hand), cards_left (number: cards I "
             "held), hand_value (number: what they were worth), laid (seat; cards; number: how many), "
             "rebuilt (seat; number: melds of the table taken apart)",
    "spit": "cleared (seat: who emptied the layout), cards_left (number: mine then), slapped (seat: who "
            "slapped; number: the pile I got; cards: none), pile_sizes (number: the other pile's size)",
    "speed": "won_round (seat), cards_left (number: hand and stockpile), stuck (number: cards the other "
             "played while I could not)",
}
"""The claim kinds of each game's swings and what their fields mean."""


@dataclass(frozen=True)
class Turn:
    """One action of the game as ``seat`` saw it: ``step`` actions came before it."""

    step: int
    view: View
    events: list[Event]
    legal: list[Action] | None = None  # the seat's own move: its legal actions
    action: Action | None = None  # ... and the one it took


@dataclass(frozen=True)
class Moment:
    step: int
    sentence: str
    kind: str  # "blunder" or "swing"
    weight: float = 0.0
    hand: int | None = None  # the hand (Tractor, Spit, Speed: the round) it belongs to
    claims: tuple[Claim, ...] = ()


@dataclass
class _Context:
    seat: int
    names: Sequence[str] = field(default_factory=list)

    def who(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return f"Seat {seat + 1}"


def review(game_name: str, seat: int, turns: Sequence[Turn], names: Sequence[str] = ()) -> list[Moment]:
    """Up to :data:`MOST` moments for ``seat``: its blunders first (earliest first), then the swings,
    biggest first; the list is then put in the order they happened."""
    context = _Context(seat, names)
    mistakes = [m for m in (_blunder(game_name, t) for t in turns) if m is not None]
    swing = SWINGS.get(game_name)
    swings = sorted(swing(context, turns) if swing else [], key=lambda m: -m.weight)
    taken = {m.step for m in mistakes}
    chosen = mistakes[:MOST] + [m for m in swings if m.step not in taken][: max(0, MOST - len(mistakes))]
    return sorted(chosen, key=lambda m: m.step)


HAND_ENDS: dict[str, frozenset[str]] = {"spit": frozenset({"deal", "game_over"})}
"""The events that close a hand, where they differ from ``hand_over``/``round_over``/``game_over``:
a Spit round goes on to its slap for the centre piles, closed by the next deal."""
DEFAULT_ENDS = frozenset({"hand_over", "round_over", "game_over"})


def ends_hand(game_name: str, events: Iterable[Event]) -> bool:
    """Whether ``events`` (of one action) close a hand of ``game_name``."""
    ends = HAND_ENDS.get(game_name, DEFAULT_ENDS)
    return any(event.get("type") in ends for event in events)


def hand_turns(playback: Any, game_name: str, seat: int, start: int) -> list[Turn] | None:
    """The turns of the hand that starts at step ``start`` of ``playback`` (a netplay.replay
    Playback), as ``seat`` saw them, up to the action that closed it; None while it goes on. Leaves the
    playback after that action."""
    playback.goto(start)
    out: list[Turn] = []
    while playback.step < playback.steps:
        step, view = playback.step, playback.view(seat)
        legal, action = playback.own_move(seat)
        playback.forward()
        events = playback.seat_events(seat)
        out.append(Turn(step, view, events, legal, action))
        if ends_hand(game_name, events):
            return out
    return None


def _blunder(game_name: str, turn: Turn) -> Moment | None:
    if turn.action is None or not turn.legal:
        return None
    why = blunder(game_name, turn.view, turn.legal, turn.action)
    if why is None:
        return None
    return Moment(turn.step, _weak(turn.action, why), "blunder", 100.0, _hand_of(turn.view))


PAST = {"draw": "you drew", "pass": "you passed", "knock": "you knocked", "slap": "you slapped",
        "choose": "you chose", "flip": "you asked to flip", "spit": "you called Spit", "go": "you called Go"}


def _weak(action: Action, why: str) -> str:
    """A weak move said in the past: "you passed when a meld would lay the whole hand" (the coach's
    words lead with the move's own verb, "passes when ...": said once)."""
    kind = str(action.get("type"))
    verb, _, rest = why.partition(" ")
    if kind in PAST and rest and verb.lower().rstrip("s") in (kind, kind + "e", kind.rstrip("s")):
        return f"{PAST[kind]} {rest}"
    return f"{_move(action)}: {why}"


def _hand_of(view: View) -> int | None:
    for key in ("hand_number", "round", "hand"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _move(action: Action) -> str:
    cards = action.get("cards") or ([action["card"]] if action.get("card") else [])
    verb = {"go": "Go", "stop": "Stop"}.get(str(action.get("type")))
    return verb or (f"you played {_few(cards)}" if cards else f"your {action.get('type')}")


def _few(cards: Sequence[str]) -> str:
    """Up to three cards by name, more as a count: a sentence stays on one line."""
    return card_names(list(cards)) if len(cards) <= 3 else f"{len(cards)} cards"


def claim(kind: str, text: str = "", *, cards: Sequence[str] = (), number: int | None = None,
          seat: int | None = None) -> Claim:
    return Claim(kind, text, tuple(cards), number, seat)


# -- Oh Hell -------------------------------------------------------------------------------------------


def _oh_hell(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    mine: dict[str, int] = {}  # my cards played this hand -> the step
    tricks: list[tuple[int, Event, str]] = []  # (trick number, trick event, my card)
    trump: str | None = None
    for turn in turns:
        trump = turn.view.get("trump") if turn.view.get("trump") is not None else trump
        for event in turn.events:
            kind = event.get("type")
            if kind == "deal":
                mine, tricks, trump = {}, [], event.get("trump")
            elif kind == "play" and event.get("seat") == me and event.get("card"):
                mine[event["card"]] = turn.step
            elif kind == "trick":
                cards = event.get("cards") or []
                n = len(cards)
                mine_at = (me - int(event.get("leader", 0))) % n if n else 0
                if n and mine_at < n:
                    tricks.append((len(tricks) + 1, event, cards[mine_at]))
            elif kind == "hand_over":
                moment = _oh_hell_hand(context, event, tricks, mine, trump)
                if moment is not None:
                    out.append(moment)
    return out


def _oh_hell_hand(context: _Context, event: Event, tricks: list[tuple[int, Event, str]], mine: dict[str, int],
                  trump: str | None) -> Moment | None:
    me = context.seat
    bids, taken = event.get("bids") or [], event.get("tricks") or []
    if me >= len(bids) or me >= len(taken) or bids[me] is None:
        return None
    bid, won, hand = int(bids[me]), int(taken[me]), event.get("hand")
    head = f"Hand {hand}: " if hand else ""
    off = won - bid
    if off == 0:
        return None
    short = off < 0
    candidates = [(number, trick, card) for number, trick, card in tricks
                  if (trick.get("winner") != me) == short and card in mine]
    if not candidates:
        return None
    # Short: the lost trick with my highest card (the one that came closest); over: my lowest winner.
    number, trick, card = (max if short else min)(candidates, key=lambda c: _rank(c[2]))
    by = "one" if abs(off) == 1 else str(abs(off))
    facts = [claim("bid", number=bid, seat=me), claim("tricks", number=won, seat=me)]
    if short:
        cards = trick.get("cards") or []
        leader = int(trick.get("leader", 0))
        winner = int(trick.get("winner", 0))
        best = cards[(winner - leader) % len(cards)] if cards else ""
        trumped = trump and best.endswith(trump) and not card.endswith(trump)
        how = f"was trumped by {best}" if trumped else f"lost to {best}"
        sentence = f"{head}your bid of {bid} missed by {by}: {card} {how} in trick {number}"
        facts.append(claim("lost", cards=(card, best), number=number))
    else:
        sentence = f"{head}your bid of {bid} went over by {by}: {card} took trick {number}"
        facts.append(claim("won", cards=(card,), number=number))
    return Moment(mine[card], sentence, "swing", 10.0 + bid + abs(off), hand if isinstance(hand, int) else None,
                  tuple(facts))


RANKS = "23456789TJQKA"


def _rank(card: str) -> int:
    face = card[:-1]
    return RANKS.index("T" if face == "10" else face) if face in RANKS or face == "10" else -1


# -- Go-Stop -------------------------------------------------------------------------------------------


def _go_stop(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    gone: tuple[int, int] | None = None  # (step, my score when I called it) of my last Go this hand
    hand: int | None = None
    for turn in turns:
        finished = turn.view.get("hand_number")
        if isinstance(finished, int) and turn.view.get("phase") not in ("hand_over", "over"):
            hand = finished + 1  # the view counts the hands finished so far
        for event in turn.events:
            kind = event.get("type")
            if kind == "deal":
                gone = None
                hand = event.get("hand") if isinstance(event.get("hand"), int) else hand
            elif kind == "go" and event.get("seat") == me:
                scores = turn.view.get("scores") or []
                gone = (turn.step, int(scores[me]) if me < len(scores) and isinstance(scores[me], int) else 0)
            elif kind == "hand_over":
                moment = _go_stop_hand(context, event, gone, hand) or _go_stop_result(context, event, turn.step, hand)
                if moment is not None:
                    out.append(moment)
                gone = None
    return out


def _go_stop_hand(context: _Context, event: Event, gone: tuple[int, int] | None, hand: int | None) -> Moment | None:
    winner, payments = event.get("winner"), event.get("payments") or []
    me = context.seat
    if gone is None or not isinstance(winner, int) or me >= len(payments):
        return None
    step, at = gone
    paid = int(payments[me])
    score = event.get("score")
    head = f"Hand {hand}: " if hand else ""
    if winner != me and paid < 0:
        sentence = f"{head}Go at {s(at, 'point')} cost {-paid} when {context.who(winner)} stopped at {score}"
    elif winner == me and paid > 0:
        sentence = f"{head}Go at {s(at, 'point')} paid: you stopped at {score} and took {paid}"
    else:
        return None
    facts = (claim("go", number=at, seat=me), claim("paid", number=paid, seat=winner),
             claim("stopped", number=int(score) if isinstance(score, int) else None, seat=winner))
    return Moment(step, sentence, "swing", float(abs(paid)), hand, facts)


DOUBLED_FOR = {"gwang_bak": "gwang-bak (no bright of yours)", "pi_bak": "pi-bak (too little junk)",
               "goes": "their Goes", "shake": "their shake", "animals": "their seven animals",
               "nagari": "the hand after a nagari"}
"""Why a Go-Stop payment was doubled, in the words the review says (the engine's multipliers; "their"
is said with the winner's name)."""


def _go_stop_result(context: _Context, event: Event, step: int, hand: int | None) -> Moment | None:
    """A hand stopped without a Go of the seat's: what it paid or took, and what doubled its payment
    (gwang-bak and pi-bak are what a newcomer most often pays without knowing why)."""
    winner, payments, score = event.get("winner"), event.get("payments") or [], event.get("score")
    me = context.seat
    if event.get("reason") != "stop" or not isinstance(winner, int) or me >= len(payments) or not payments[me]:
        return None
    paid = int(payments[me])
    head = f"Hand {hand}: " if hand else ""
    stopped = int(score) if isinstance(score, int) else None
    facts = [claim("paid", number=paid, seat=winner), claim("stopped", number=stopped, seat=winner)]
    if winner == me:
        sentence = f"{head}you stopped at {s(stopped or 0, 'point')} and took {paid}"
    else:
        reasons = [str(r) for r in ((event.get("multipliers") or [[]] * len(payments))[me] or [])]
        sentence = f"{head}{context.who(winner)} stopped at {s(stopped or 0, 'point')}: you paid {-paid}"
        if reasons:
            times = {1: "doubled", 2: "doubled twice"}.get(len(reasons), f"doubled {len(reasons)} times")
            said = [DOUBLED_FOR.get(r, r.replace("_", " ")).replace("their ", f"{context.who(winner)}'s ")
                    + (f" (x{n})" if n > 1 else "")
                    for r, n in Counter(reasons).items()]
            sentence += f", {times} for " + " and ".join(said)
            facts.append(claim("doubled", ",".join(reasons), number=len(reasons), seat=me))
    return Moment(step, sentence[:1].upper() + sentence[1:], "swing", float(abs(paid)) / 2, hand, tuple(facts))


# -- Tractor -------------------------------------------------------------------------------------------


def _tractor(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    mine_step: int | None = None
    mine: list[str] = []
    number, counted = 0, 1
    for turn in turns:
        shown = turn.view.get("round")
        round_ = int(shown) if isinstance(shown, int) else counted
        for event in turn.events:
            kind = event.get("type")
            if kind == "round_over":
                number, counted = 0, counted + 1
            elif kind == "play" and event.get("seat") == me:
                own = turn.action.get("cards") if turn.action else None  # the last trick's shows none
                mine_step, mine = turn.step, list(event.get("cards") or own or [])
            elif kind == "trick":
                number += 1
                winner, won = event.get("winner"), int(event.get("points") or 0)
                if isinstance(winner, int) and won and winner % 2 != me % 2 and mine_step is not None:
                    over = f" over your {_few(mine)}" if mine else ""
                    out.append(Moment(mine_step, f"Round {round_}, trick {number}: {won} points went to the other side "
                                      f"({context.who(winner)} won it{over})", "swing", float(won), round_,
                                      (claim("trick_lost", cards=mine, number=won, seat=winner),)))
                mine_step = None
    return out


# -- Manipulation Rummy ---------------------------------------------------------------------------------


def _events(turns: Sequence[Turn], word: str) -> Iterator[tuple[Turn, int | None, str, Event]]:
    """Each event of ``turns`` with its turn, the hand (or round) it belongs to and the sentence's
    head for it ("Hand 3: ")."""
    for turn in turns:
        hand = _hand_of(turn.view)
        head = f"{word} {hand}: " if hand else ""
        for event in turn.events:
            yield turn, hand, head, event


def _rummy(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    for turn, hand, head, event in _events(turns, "Hand"):
        kind, who = event.get("type"), event.get("seat")
        if kind == "meld" and isinstance(who, int):
            out.extend(_rummy_meld(context, turn, event, head, hand))
        elif kind == "knock" and isinstance(who, int) and who != me:
            out.append(_rummy_out(context, turn, who, head, hand, knocked=int(event.get("value") or 0)))
        elif kind == "out" and isinstance(who, int) and who != me:
            out.append(_rummy_out(context, turn, who, head, hand, knocked=None))
    return out


def _rummy_out(context: _Context, turn: Turn, who: int, head: str, hand: int | None, knocked: int | None) -> Moment:
    """Another player ended the hand with my cards still in my hand: they count against me."""
    held = list(turn.view.get("hand") or [])
    value = int(turn.view.get("hand_value") or 0)
    how = "went out" if knocked is None else f"knocked at {knocked}"
    sentence = f"{head}{context.who(who)} {how} while you held {s(len(held), 'card')} worth {value}"
    facts = [claim("went_out" if knocked is None else "knocked", seat=who, number=knocked),
             claim("cards_left", number=len(held), seat=context.seat), claim("hand_value", number=value, seat=context.seat)]
    return Moment(turn.step, sentence, "swing", 20.0 + value, hand, tuple(facts))


def _rummy_meld(context: _Context, turn: Turn, event: Event, head: str, hand: int | None) -> list[Moment]:
    who = int(event["seat"])
    played = list(event.get("played") or [])
    before = [list(m) for m in turn.view.get("table") or []]
    after = event.get("table")  # not shown for the meld that ended the hand
    rebuilt = taken_apart(before, after) if isinstance(after, list) else 0
    if who == context.seat:
        left = len(turn.view.get("hand") or []) - len(played)
        if len(played) < 4 or left <= 0:
            return []  # going out is the hand's end, said by the score; small melds decide little
        sentence = f"{head}your meld laid {s(len(played), 'card')}, leaving {left} in your hand"
        return [Moment(turn.step, sentence, "swing", 2.0 * len(played), hand,
                       (claim("laid", cards=played, number=len(played), seat=who),
                        claim("hand_after", number=left, seat=who)))]
    if rebuilt < 2 and len(played) < 4:
        return []
    parts = [f"took apart {s(rebuilt, 'meld')} of the table"] if rebuilt >= 2 else []
    parts.append(f"laid {s(len(played), 'card')}")
    sentence = f"{head}{context.who(who)} {' and '.join(parts)}"
    return [Moment(turn.step, sentence, "swing", 3.0 * rebuilt + 2.0 * len(played), hand,
                   (claim("laid", cards=played, number=len(played), seat=who),
                    claim("rebuilt", number=rebuilt, seat=who)))]


def taken_apart(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> int:
    """How many melds of the table ``before`` are no longer on the table ``after`` as they were."""
    kept = Counter(tuple(sorted(m)) for m in after)
    gone = 0
    for meld in before:
        key = tuple(sorted(meld))
        if kept[key] > 0:
            kept[key] -= 1
        else:
            gone += 1
    return gone


# -- Spit ------------------------------------------------------------------------------------------------


def _spit(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    for turn, round_, head, event in _events(turns, "Round"):
        kind, who = event.get("type"), event.get("seat")
        if kind == "round_over" and isinstance(event.get("cleared"), int) and event["cleared"] != me:
            left = _at(turn.view.get("cards_left"), me)
            cleared = int(event["cleared"])
            out.append(Moment(turn.step, f"{head}{context.who(cleared)} cleared the layout first, while "
                              f"you had {s(left, 'card')} left", "swing", 10.0 + left, round_,
                              (claim("cleared", seat=cleared), claim("cards_left", number=left, seat=me))))
        elif kind == "slap" and isinstance(who, int) and who != me:
            sizes = turn.view.get("spit_sizes") or [0, 0]
            got, theirs = _at(sizes, 1 - int(event.get("pile", 0))), _at(sizes, int(event.get("pile", 0)))
            if got > theirs:
                out.append(Moment(turn.step, f"{head}{context.who(who)} slapped first and took the pile of "
                                  f"{theirs}: yours had {got} cards", "swing", float(got - theirs), round_,
                                  (claim("slapped", number=got, seat=who), claim("pile_sizes", number=theirs))))
    return out


def _at(values: Any, index: int) -> int:
    return int(values[index]) if isinstance(values, list) and 0 <= index < len(values) else 0


# -- Speed -----------------------------------------------------------------------------------------------


def _speed(context: _Context, turns: Sequence[Turn]) -> list[Moment]:
    me = context.seat
    out: list[Moment] = []
    stuck_from: Turn | None = None
    plays = 0
    for turn in turns:
        round_ = _hand_of(turn.view)
        head = f"Round {round_}: " if round_ else ""
        if turn.view.get("stuck") and turn.view.get("phase") == "play":
            if stuck_from is None:
                stuck_from, plays = turn, 0
            plays += sum(1 for e in turn.events if e.get("type") == "play" and e.get("seat") != me)
        elif stuck_from is not None:
            out.extend(_speed_stuck(context, stuck_from, plays))
            stuck_from = None
        for event in turn.events:
            winner = event.get("winner")
            if event.get("type") == "round_over" and isinstance(winner, int) and winner != me:
                left = len(turn.view.get("hand") or []) + _at(turn.view.get("stock_sizes"), me)
                how = "went out first" if event.get("reason") == "out" else "had fewer cards left when play ran dry"
                out.append(Moment(turn.step, f"{head}{context.who(winner)} {how}, with {s(left, 'card')} in "
                                  "your hand and stockpile", "swing", 10.0 + left, round_,
                                  (claim("won_round", seat=winner), claim("cards_left", number=left, seat=me))))
        if any(e.get("type") == "round_over" for e in turn.events) and stuck_from is not None:
            out.extend(_speed_stuck(context, stuck_from, plays))
            stuck_from = None
    return _longest_stuck(out)


def _longest_stuck(moments: list[Moment]) -> list[Moment]:
    """Of a round's stuck moments only the one the other player made most of (the earliest of equals):
    three lines saying the same differ only in their numbers."""
    best: dict[int | None, Moment] = {}
    for m in moments:
        if m.claims and m.claims[0].kind == "stuck" and (m.hand not in best or m.weight > best[m.hand].weight):
            best[m.hand] = m
    return [m for m in moments if not (m.claims and m.claims[0].kind == "stuck") or best.get(m.hand) is m]


def _speed_stuck(context: _Context, start: Turn, plays: int) -> list[Moment]:
    if plays < 2:
        return []
    round_ = _hand_of(start.view)
    head = f"Round {round_}: " if round_ else ""
    other = context.who(1 - context.seat)
    return [Moment(start.step, f"{head}you were stuck while {other} played {s(plays, 'card')}", "swing",
                   2.0 * plays, round_, (claim("stuck", number=plays, seat=context.seat),))]


SWINGS: dict[str, Callable[[_Context, Sequence[Turn]], list[Moment]]] = {
    "oh_hell": _oh_hell, "go_stop": _go_stop, "tractor": _tractor, "rummy": _rummy, "spit": _spit,
    "speed": _speed}
