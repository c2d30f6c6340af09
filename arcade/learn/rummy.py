"""Manipulation Rummy's lesson: melds, drawing, and rearranging the table."""

from cardtable.arcade.learn import Idea, Lesson, Moment


def _rearranged(m: Moment) -> bool:
    meld = m.event("meld")
    return meld is not None and bool(m.view.get("table")) and len(m.view.get("table") or []) > 1


LESSON = Lesson("rummy", 2, 5, (
    Idea("melds", "Melds", "Melds: three or more of a rank in different suits, or a run of three or more in "
         "one suit. Lay them from your hand on your turn, or draw a card.",
         lambda m: m.can("draw", "meld")),
    Idea("rearrange", "Rearranging the table", "Rearranging: the melds on the table belong to nobody. Split, "
         "extend and regroup them freely, as long as every meld is whole when your turn ends.", _rearranged),
    Idea("out", "Going out", "Going out: the first to empty their hand wins the hand; the others count what "
         "they still hold.", lambda m: bool(m.event("out", "hand_over"))),
), options={"target": 1})
