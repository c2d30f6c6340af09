"""Spit's lesson: the race, being stuck, and slapping."""

from cardtable.arcade.learn import Idea, Lesson

LESSON = Lesson("spit", 2, 4, (
    Idea("race", "The race", "The race: nobody takes turns. Play a card one higher or lower onto either "
         "centre pile as fast as you can; the first to empty their layout wins the round.",
         lambda m: m.can("play", "move", "turn")),
    Idea("stuck", "Stuck", "Stuck: when neither of you can play, both call Spit and turn a new card onto "
         "each centre pile from your spit pile.",
         lambda m: bool(m.view.get("stuck")) or m.can("spit")),
    Idea("slap", "Slapping", "Slapping: when a layout is empty, slap the smaller centre pile first; "
         "it becomes your new stock for the next round.",
         lambda m: m.can("slap") or bool(m.event("slap", "round_over"))),
))
