"""How to play each game, written for players: a short reading of docs/RULES.md (the engine is the
referee).

``RULES[game_name]`` is a list of (heading, paragraph) pairs shown by the rules screen.
"""

from __future__ import annotations

RULES: dict[str, list[tuple[str, str]]] = {
    "spit": [
        ("The idea", "Two players race at the same time, no turns. Be the first to get rid of all your cards."),
        ("The layout", "Each player gets 26 cards and lays out five stock piles of 1, 2, 3, 4 and 5 cards, only "
         "the top card of each face up. The other 11 cards are your face-down spit cards. Each of you has a "
         "spit pile in the middle, on your side. Both call \"Spit!\" and turn a spit card onto your spit "
         "pile: go!"),
        ("Playing", "Play a face-up top card onto either spit pile if it is one rank above or below the top "
         "card (an ace goes on a king or a two). Turn up a face-down top card of your piles. Move a face-up "
         "card into an empty place of your layout to get at the face-down cards under it (never more piles "
         "than you began with). One card at a time: when "
         "two plays clash, the first to reach the host stands."),
        ("Stuck", "When nobody can play, both turn a new spit card onto their own spit pile (\"Spit!\"). A "
         "player with no spit cards left stops turning; from then on both play on the one pile still in use."),
        ("Slap!", "When someone empties their layout (or both are stuck with no spit cards left), both slap a "
         "spit pile: go for the smaller one! The first slap takes it; the other player gets the other pile. "
         "Each gathers the pile they took, the rest of their layout and their spit cards, and deals a new "
         "layout. A player with under 15 cards lays out what they can and has no spit pile."),
        ("Winning", "With one spit pile left, the player who empties their layout leaves the middle to the "
         "other. The first player to get rid of every card wins."),
        ("Options", "Four stock piles instead of five; equal ranks may be stacked in your own layout; a card "
         "on a spit pile must change colour; the player who clears their layout chooses a pile (no slap)."),
        ("Controls", "Choose a card with the arrows / D-pad, play it on the left or right pile with Q/E or "
         "LB/RB (click a card, then a pile, or drag it), confirm to turn up or move a card."),
    ],
    "speed": [
        ("The idea", "Two players, both at once, no turns. Be the first to play every card from your hand "
         "and your stockpile."),
        ("The deal", "Each player gets 15 cards, a stockpile from which you draw a hand of 5. In the middle: "
         "two centre cards, and beside them two face-down side piles of 10. Everything stays face down "
         "until both players are ready."),
        ("Playing", "Play a card from your hand onto either centre pile if it is one rank above or below the "
         "top card; aces sit between kings and twos. You draw back up to 5 at once while your stockpile "
         "lasts."),
        ("Stuck", "When neither player can play, both side piles turn a new card onto the centre piles at "
         "the same time. When the side piles run out, the cards under the centre tops are shuffled back "
         "into them. If that happens twice with no card played, the player with fewer cards left wins."),
        ("Winning", "Empty your hand and stockpile first. With \"score to\" set, the winner of a round "
         "scores the cards left in the other's stockpile, and the first to reach that score wins."),
        ("Options", "Deal 20 each with side piles of 5; draw by hand instead of at once; play rounds to a "
         "score."),
        ("Controls", "Pick a card with the arrows / D-pad and send it to the left or right pile with Q/E or "
         "LB/RB, or click a card and then a pile. Two on one keyboard: the left half of the screen plays "
         "with WASD and Q/E, the right half with the arrows and , and . for the piles."),
    ],
    "oh_hell": [
        ("The idea", "3 to 7 players. Each hand you say how many tricks you will take, then try to take "
         "exactly that many: not one more, not one less."),
        ("Hands", "The first hand deals 1 card each, the next 2, and so on (the number of hands depends on "
         "the players: 15 for three, 13 for four, 10 for five, 8 for six, 7 for seven). The deal passes "
         "left each hand. Other schedules count down, or up and back down."),
        ("Trump", "After the deal the next card is turned up: its suit is trump for the hand. The last hand "
         "of the game has no trump, nor does a hand with no card left to turn."),
        ("Bidding", "Starting left of the dealer, everyone bids once, from 0 to the cards in hand; bids are "
         "public. With the hook option the dealer may not make the bids add up to the number of tricks. "
         "With simultaneous bids everyone bids at once and the bids are shown together."),
        ("Tricks", "Left of the dealer leads. Follow suit if you can; otherwise play anything (with the "
         "must-trump option, a trump if you have one). The highest trump wins the trick, else the highest "
         "card of the suit led. Aces are high. The winner leads next."),
        ("Scoring", "Make your bid exactly: 10 points plus your bid. Miss it: nothing (the plus-tricks "
         "option still gives 1 per trick; zero-bonus pays a made 0 bid 5 plus the cards in the hand). After "
         "the last hand the highest total wins; ties share the win."),
        ("Controls", "Choose a card or a bid with left/right (arrows or D-pad), confirm to play it, or click "
         "it. Up shows the last trick; Tab / Y shows the score sheet."),
    ],
    "go_stop": [
        ("The idea", "2 or 3 players with Korean flower cards (hwatu): twelve months of four cards each. "
         "Capture cards by matching their month and build scoring sets; then decide to Go on or Stop."),
        ("A turn", "Play a card from your hand. If a table card of the same month is there, you capture both "
         "(with two there, you choose which). Then turn up the top card of the stock and do the same with it. "
         "The fourth card of a month takes a stack of three."),
        ("Special plays", "Ppuk: your played card took one card and the turned card is the same month, so all "
         "three stay as a stack. Kiss: the turned card matches the card you just played on an empty month. "
         "Sweeping the table, a kiss, ttadak and taking a stack each steal one junk card from every "
         "opponent. Holding three of a month you may shake (double your win) or bomb with the fourth."),
        ("Scoring", "Brights: 3 to 5 brights score 2-15. Animals and ribbons: 5 score 1, each further one +1, "
         "with bonuses for the three birds (+5) and each set of three ribbons (+3). Junk: 10 score 1, each "
         "further one +1 (double junk counts two). On the cards a gold star marks a bright, A an animal, "
         "R a ribbon and x2 a double junk (see the key below)."),
        ("Go or Stop", "Reach the target (7 points with two players, 3 with three) and you choose: Stop and win "
         "the hand, or Go and play on for more, hoping nobody else gets there first."),
        ("Payment", "The winner is paid score plus Goes, doubled for shakes, bombs, many Goes, and when an "
         "opponent has no brights or too little junk against the winner's sets."),
        ("Jokers and draws", "A joker goes straight to your captures and you turn another card; it counts "
         "as junk (2 or 3). If the stock runs out with no Stop, or someone who called Go ends without "
         "scoring more, nobody wins: the hand is dealt again and the next payment doubles."),
    ],
    "rummy": [
        ("The idea", "2 to 5 players. Get rid of your cards by melding them into groups and sequences on "
         "a shared table that anyone may rearrange."),
        ("A turn", "Draw a card, then you may meld. If you did not, draw a second card and may meld; if you "
         "still did not, draw a third card and your turn ends without melding."),
        ("Melds", "A group is 3 or 4 cards of one rank in different suits. A sequence is 3 or more cards of "
         "one suit in a row; an ace is low (A-2-3) or high (Q-K-A), never both."),
        ("Rearranging", "When you meld you may rebuild the whole table: split, join and move cards between "
         "melds, as long as every meld is legal afterwards and you added at least one card from your hand; "
         "no table card goes back to a hand. A joker stands for the card you name; the real card may take "
         "its place, and the freed joker must be used again in the same move."),
        ("Knocking", "At the end of your turn with 5 points or less in hand (A 1, 2-10 face value, J Q K 10, "
         "joker 25) you may knock: the hand ends. The lowest hand wins the differences; undercutting the "
         "knocker earns 10 more, going out 25."),
        ("Empty pile", "If the draw pile runs out and nobody has knocked, everyone gets one more turn to "
         "meld without drawing; then the hands are counted."),
        ("Winning", "The game ends when someone reaches 150: each of them gets 100 more, everyone else 25 "
         "for each hand they won, and the highest total wins."),
    ],
    "tractor": [
        ("The idea", "4 players in two partnerships sitting opposite. Two decks and four jokers: two red ones "
         "(the big jokers) and two black ones (the small jokers). The declaring "
         "team tries to stop the attackers from collecting points; both teams climb levels from 2 to ace."),
        ("Trump", "The declarers' level is the trump rank. While the cards are drawn, show a card of that rank "
         "to make its suit trump; a pair beats a single and a pair of jokers (no trump suit) beats a pair. "
         "The round's starter (the \"S\" chip on a name plate) takes the 8-card kitty, buries 8 cards and "
         "leads the first trick."),
        ("Leads", "Lead a single, a pair (two identical cards), a tractor (consecutive pairs of one suit) or a "
         "throw of units nobody can beat. Others play as many cards, following the led suit and matching "
         "pairs as far as they can."),
        ("Winning tricks", "Only a play of the same shape can win: the highest trump play, else the highest "
         "of the suit led. Jokers and trump-rank cards are the highest trumps: the red joker first, then "
         "the black joker, then the trump rank in the trump suit. In a no-trump round only the jokers are "
         "trumps; there the black joker ranks over the red one unless the option says otherwise."),
        ("Points and levels", "5s count 5, 10s and kings 10. Winning the last trick, the attackers also take "
         "the kitty's points, multiplied. Under 80 points: the declarers go up 1 to 3 levels and declare "
         "again. 80 or more: the attackers take over, and from 120 they also go up. Pass the ace to win."),
    ],
}


def rules_for(game_name: str) -> list[tuple[str, str]]:
    return RULES.get(game_name, [("Rules", "No player's guide for this game yet: see docs/RULES.md in the cardtable repository.")])
