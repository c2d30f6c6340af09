"""Speed's lesson: the race and being stuck."""

from cardtable.arcade.learn import Idea, Lesson

LESSON = Lesson("speed", 2, 4, (
    Idea("race", "The race", "The race: nobody takes turns. Play a card one higher or lower onto either "
         "centre pile; your hand refills from your stock. Empty both first to win.",
         lambda m: m.can("play")),
    Idea("stuck", "Stuck", "Stuck: when neither of you can play, both ask to flip and a new card from "
         "each side pile starts the piles again.",
         lambda m: bool(m.view.get("stuck")) or m.can("flip") or bool(m.event("flip_asked", "flip"))),
))
