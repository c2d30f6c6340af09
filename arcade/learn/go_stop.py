"""Go-Stop's lesson: months, capture, ppuk, Go or Stop, and bak."""

from cardtable.arcade.learn import Idea, Lesson

LESSON = Lesson("go_stop", 2, 3, (
    Idea("months", "Months", "Months: the 48 cards are twelve months of four. A card captures a card of its own "
         "month from the table; the pictures only tell the months apart.",
         lambda m: m.can("play")),
    Idea("capture", "Capture", "Capture: play a card and turn one from the stack; each that matches a month on "
         "the table takes it. Brights, animals, ribbons and junk score in sets.",
         lambda m: bool(m.event("captured"))),
    Idea("ppuk", "Ppuk", "Ppuk: a played and a turned card both matching one table card stack up, all three "
         "stay; whoever plays that month later takes the four.",
         lambda m: bool(m.event("ppuk", "stack", "ja_ppuk"))),
    Idea("go_stop", "Go or Stop", "Go or Stop: at 7 points (3 with two players) you may Stop and be paid, or Go "
         "on for more, risking that another player stops first.",
         lambda m: m.can("go", "stop") or bool(m.event("go", "stop", "auto_stop"))),
    Idea("bak", "Bak", "Bak: a loser with no brights while the winner scored brights, or too little junk "
         "while the winner scored junk, pays double.",
         lambda m: bool(m.event("hand_over", "stop", "auto_stop"))),
))
