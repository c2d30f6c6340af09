"""Tractor's lesson: trumps, pairs and tractors, the kitty, points and levels."""

from cardtable.arcade.learn import Idea, Lesson, Moment


def _pairs(m: Moment) -> bool:
    return any(len(a.get("cards") or []) >= 2 for a in m.legal if a.get("type") == "play")


def _points(m: Moment) -> bool:
    return bool(m.event("trick")) and bool(m.view.get("points"))


LESSON = Lesson("tractor", 4, 3, (
    Idea("trumps", "Trumps", "Trumps: every card of the trump rank and suit, and the jokers, beat the other suits. "
         "Showing a trump-rank card while the cards are drawn names the trump suit.",
         lambda m: m.can("declare") or bool(m.event("declare", "trump"))),
    Idea("kitty", "The kitty", "The kitty: the cards left after the draw go to the declarers' leader, who buries as many; "
         "points in it count double for whoever wins the last trick.",
         lambda m: m.can("bury") or bool(m.event("take_kitty", "bury"))),
    Idea("pairs", "Pairs and tractors", "Pairs and tractors: two equal cards lead as a pair, pairs of neighbouring "
         "ranks as a tractor; the others must follow with pairs of that suit when they can.", _pairs),
    Idea("points", "Points and levels", "Points: 5s count 5, 10s and Ks 10. The attackers need 80 to take over; "
         "the declarers, kept under, go up levels.", _points),
))
