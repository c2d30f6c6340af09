"""Oh Hell's lesson: bidding, following suit, trump, and the exact bid."""

from cardtable.arcade.learn import Idea, Lesson, Moment


def _following(m: Moment) -> bool:
    trick = m.view.get("trick") or []
    return bool(trick) and m.can("play")


LESSON = Lesson("oh_hell", 4, 8, (
    Idea("bidding", "Bidding", "Bidding: before the play each player says how many tricks they will take. "
         "The dealer may not make the bids add up to the tricks in the hand.",
         lambda m: m.can("bid")),
    Idea("follow", "Following suit", "Following suit: play a card of the suit led when you have one; "
         "only without one may you play anything else.", _following),
    Idea("trump", "Trump", "Trump: the turned-up card's suit beats every other suit; "
         "the highest trump, else the highest card of the suit led, takes the trick.",
         lambda m: bool(m.event("trick"))),
    Idea("exact", "The exact bid", "The exact bid: only a player who takes exactly the tricks bid scores "
         "(10 and a point a trick); one more or one fewer scores nothing.",
         lambda m: bool(m.event("hand_over"))),
), options={"schedule": "down"})
