"""How to play each game, written for players (from RULES.md; the engine is the referee).

``RULES[game_name]`` is a list of (heading, paragraph) pairs shown by the rules screen.
"""

from __future__ import annotations

RULES: dict[str, list[tuple[str, str]]] = {
    "spit": [
        ("The idea", "Two players race at the same time, no turns. Be the first to get rid of all your cards."),
        ("The layout", "Each player lays out five stock piles of 1, 2, 3, 4 and 5 cards, only the top card of "
         "each face up. The other 11 cards are your face-down spit cards. Each of you has a spit pile in the "
         "middle. Both call \"Spit!\" and turn a spit card onto your spit pile: go!"),
        ("Playing", "Play a face-up top card onto either spit pile if it is one rank above or below the top "
         "card (an ace goes on a king or a two). Turn up a face-down top card of your piles. Move a face-up "
         "card into an empty place of your layout. One card at a time: the fastest hand wins a race."),
        ("Stuck", "When nobody can play, both turn a new spit card onto their spit pile (\"Spit!\"). A player "
         "with no spit cards left stops turning; both then play on the other pile."),
        ("Slap!", "When someone empties their layout, both slap a spit pile: go for the smaller one! The "
         "first slap takes it; the other player gets the other pile. Each gathers the pile, the rest of their "
         "layout and spit cards, and deals a new layout."),
        ("Winning", "The first player to get rid of every card wins. Controls: move with the arrows / D-pad, "
         "play on the left or right pile with Q/E or LB/RB, confirm to turn up or move a card."),
    ],
    "speed": [
        ("The idea", "Two players, both at once, no turns. Be the first to play every card from your hand "
         "and your stockpile."),
        ("The deal", "Each player has a stockpile of 15 cards and draws a hand of 5. In the middle: two centre "
         "piles, and beside them two face-down side piles."),
        ("Playing", "Play a card from your hand onto either centre pile if it is one rank above or below the "
         "top card; aces sit between kings and twos. You draw back up to 5 at once while your stockpile "
         "lasts."),
        ("Stuck", "When neither player can play, both side piles flip a new card onto the centre piles at "
         "the same time. When the side piles run out, the centre piles are shuffled back into them."),
        ("Winning", "Empty your hand and stockpile first. Controls: pick a card with the arrows / D-pad and "
         "send it to the left or right pile with Q/E or LB/RB (second keyboard player: , and .)."),
    ],
    "oh_hell": [
        ("The idea", "3 to 7 players. Each hand you say how many tricks you will take, then try to take "
         "exactly that many: not one more, not one less."),
        ("Hands", "The first hand deals 1 card each, the next 2, and so on (the number of hands depends on "
         "the players: 15 for three, 13 for four, down to 7 for seven). The deal passes left each hand."),
        ("Trump", "After the deal a card is turned up: its suit is trump for the hand. The last hand of the "
         "game has no trump."),
        ("Bidding", "Starting left of the dealer, everyone bids once, from 0 to the cards in hand. With the "
         "hook option the dealer may not make the bids add up to the number of tricks."),
        ("Tricks", "Left of the dealer leads. Follow suit if you can; otherwise play anything. The highest "
         "trump wins the trick, else the highest card of the suit led. Aces are high. The winner leads next."),
        ("Scoring", "Make your bid exactly: 10 points plus your bid. Miss it: nothing. After the last hand "
         "the highest total wins. Tab / Y shows the score sheet."),
    ],
    "go_stop": [
        ("The idea", "2 or 3 players with Korean flower cards (hwatu): 12 months of 4 cards. Capture cards "
         "that match by month and build scoring sets."),
        ("A turn", "Play a card from your hand: if a table card of the same month is there, you capture "
         "both. Then turn up the top card of the stock and do the same with it."),
        ("Scoring", "Brights, animals, ribbons and junk each score in sets. When you reach the target you "
         "may call Go (play on for more, at a risk) or Stop (take your win)."),
    ],
    "rummy": [
        ("The idea", "2 to 5 players. Meld all your cards into groups and sequences on the table."),
        ("A turn", "Draw a card, then you may meld. If you did not, draw again and may meld; if you still did "
         "not, draw a third card and your turn ends."),
        ("Melding", "Groups are 3-4 cards of one rank, sequences 3+ cards of one suit in order. You may "
         "rearrange the whole table as you like, as long as every meld stays legal and you add a card."),
        ("Winning", "Play your last card to the table and knock: the others count what they still hold."),
    ],
    "tractor": [
        ("The idea", "4 players in two partnerships (opposite each other). Win points in tricks and climb "
         "the levels from 2 to ace."),
        ("Trump", "While drawing cards, show a card of the trump rank to make its suit trump; a pair beats a "
         "single, a pair of jokers beats a pair."),
        ("Play", "Lead singles, pairs or tractors (consecutive pairs); others must follow with the same "
         "shape in the suit led if they can. Fives, tens and kings are worth points."),
        ("Levels", "The defenders need 80 points to take over; otherwise the declarers go up a level."),
    ],
}


def rules_for(game_name: str) -> list[tuple[str, str]]:
    return RULES.get(game_name, [("Rules", "No player's guide for this game yet: see RULES.md.")])
