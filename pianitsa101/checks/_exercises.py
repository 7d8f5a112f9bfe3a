"""The exercises, in order: name, function, rule ids and hints; and ``hint()``.

Each hint points at a rule of ``RULES.md``, never at a solution. ``hint("compare")`` prints
the next hint for that exercise (they come round again after the last one).

>>> hint("compare")
Hint 1 of 3 for exercise 01, compare (P4, P5):
  P4: suits never matter, so compare a.rank and b.rank only. Ranks are whole numbers underneath: ...
>>> EXERCISES["penalty"].number
7
"""

from __future__ import annotations

from dataclasses import dataclass

from pianitsa101.i18n import N_, _, get_language, pgettext

__all__ = ["EXERCISES", "Exercise", "hint"]


def level_text() -> str:
    """The level of every interval the exercises ask for, as the language set puts it before the word
    interval: '95%', Russian «95-процентный»."""
    return pgettext("interval level", "95%")


_SLOW = N_("each case should take a small fraction of a second: look for a loop that never ends.")
_ERROR = N_("read the error and your line quoted above; the case shows the arguments your function was "
            "given.")


_CARDS = ("pianitsa101", "pianitsa101.cards")
_PIANITSA = (*_CARDS, "pianitsa101.pianitsa")
_MOVES = tuple(f"pianitsa101.game101:{n}" for n in ("Draw", "Play", "Pass", "FlushQueens", "Rules101"))
_WILSON = ("pianitsa101.game101:wilson_interval", "pianitsa101.strategy:wilson_interval",
           "pianitsa101.strategy.stats:wilson_interval")
_BOTS = (*_MOVES, *(f"pianitsa101.game101:{n}" for n in ("DEFAULT_POINTS", "RandomAgent", "tournament",
                                                          "PlayerView")),
         "pianitsa101.strategy:tournament", *_WILSON)


@dataclass(frozen=True)
class Exercise:
    """One exercise: what the student writes, the rules it uses, and its hints."""

    number: int
    name: str  # the check is check_<name>
    function: str  # the name the student's function (or class) has in the notebook
    signature: str  # how the notebook defines it
    title: str
    rules: str  # rule ids of RULES.md
    hints: tuple[str, ...]
    slow_hint: str = _SLOW
    error_hint: str = _ERROR
    allowed: tuple[str, ...] = _CARDS  # what of the package the answer may import (scan.py)

    def rules_text(self) -> str:
        """The rule ids as the language set writes them: Russian puts an en dash in a range ('R6–R19')."""
        return self.rules if get_language() == "en" else self.rules.replace("-", "\u2013")


_LIST = [
    Exercise(1, "compare", "compare", "compare(a, b, lowest=Rank.SIX)", N_("Which card beats which?"),
             "P4, P5", (
        N_("P4: suits never matter, so compare a.rank and b.rank only. Ranks are whole numbers underneath: "
           "Rank.ACE > Rank.KING is True."),
        N_("P5: the lowest rank of the deck (the argument `lowest`) beats the ace, and only the ace. There "
           "is exactly one pair of ranks where the usual order is turned round."),
        N_("Two cards of the same rank: neither beats the other, that is a dispute (P8), answer 0. Try by "
           "hand: 6 against A, A against 6, 6 against K, and 6 against A with lowest=Rank.TWO (a 52-card "
           "deck)."),
    )),
    Exercise(2, "round_winners", "round_winners", "round_winners(cards, lowest=Rank.SIX)",
             N_("Who wins a round of face-up cards?"), "P6, P8", (
        N_("P6 in two steps: first knock out cards (every ace, but only when a card of the lowest rank is on "
           "the table too), then find the highest rank among the cards that are left."),
        N_("Answer with the positions (0, 1, 2, ...) of every card of that winning rank, smallest first: one "
           "position is a single winner, two or more a dispute (P8)."),
        N_("Try by hand: {A, 6, K, 9} -> the king wins (the ace is knocked out, the six is the lowest rank); "
           "{A, 6, 6} -> the two sixes tie; {A, A, 6} -> the six wins; {A, K} -> the ace wins."),
    )),
    Exercise(3, "hand_points", "hand_points", "hand_points(hand, last)", N_("The points of a hand"),
             "R19, R20, R21", (
        N_("R19: a player who did not win adds up the points of the cards left in hand: 2..10 their number, "
           "J 2, Q 3, K 4, A 11. Suits do not matter."),
        N_("The winner's hand is empty. R20: the winner's score comes from the card(s) they finished with: "
           "each queen -20, the queen of spades -40; any other last card scores 0."),
        N_("R21: after putting several queens down at once, each of them counts for R20. A queen still in a "
           "loser's hand is worth 3 (R19), not -20."),
    ), allowed=(*_CARDS, "pianitsa101.game101:DEFAULT_POINTS", "pianitsa101.game101:Rules101")),
    Exercise(4, "gather", "gather", 'gather(table, taker, order="winner_first")',
             N_("The order of the gathered cards"), "P9", (
        N_("`table` lists every card in table order (P9): round by round, within a round in seat order, a "
           "player's face-down stakes before their face-up card. Under order='table' that is the answer."),
        N_("Under order='winner_first' the taker's own cards come first, in the order they lie on the table, "
           "then everybody else's cards, again in table order (not grouped by seat)."),
        N_("Each entry of `table` is a pair (seat, card). Try by hand: [(0, K♠), (1, K♥), (0, 9♠), (1, 10♥)] "
           "with taker 1 gives [K♥, 10♥, K♠, 9♠]."),
    ), allowed=_PIANITSA),
    Exercise(5, "tie_chance", "tie_chance", "tie_chance(deck)", N_("The chance of a dispute, two players"),
             "P2, P6, P8", (
        N_("With two players the first trick starts with a dispute (P8) exactly when the two top cards have "
           "the same rank (P6: a six against an ace is no tie, the six wins)."),
        N_("After a shuffle the two top cards are two different cards of the deck, every ordered pair "
           "equally likely: count the pairs of the same rank and divide by the number of all pairs."),
        N_("A card is not put back: the second card comes from the other len(deck) - 1. Return a Fraction "
           "(from fractions import Fraction): exact answers are compared exactly."),
    )),
    Exercise(6, "legal_moves", "legal_moves", "legal_moves(hand, top, ordered=None)",
             N_("The legal moves of 101"), "R6, R7, R9, R14", (
        N_("R6: a card may go on the top card if it has the same suit or the same rank. On an empty table "
           "(top None) any card may be led."),
        N_("R14: after a queen the ordered suit replaces the queen's suit: a card of the ordered suit, or "
           "another queen. A queen always orders a suit: a playable queen gives four moves, Play(queen, "
           "suit=s), one for each suit s."),
        N_("R7: when no card may be played the only move is Draw(). R9: covering a six is R6 with the six on "
           "top (another six covers it too)."),
    ), allowed=(*_CARDS, *_MOVES)),
    Exercise(7, "penalty", "penalty", "penalty(played, rules)", N_("A penalty chain"), "R10, R15, R16", (
        N_("The first card sets the amount: a 7 makes the next player draw rules.seven_draw cards, the 7♠ "
           "rules.seven_of_spades_draw when that is not None (R10); the K♠ 4 (R15); a 6 2 or 1 under "
           "six='draw2_skip' or 'draw1_skip' (R9)."),
        N_("R16: each next card passes the penalty on. chain='double' doubles the amount; chain='add' adds "
           "the passing card's own amount, what it would have started with on its own."),
        N_("Try by hand under the defaults: 7♥ -> 2; 7♥ 7♠ -> 4; 7♥ 7♠ 7♦ -> 8. With seven_of_spades_draw=4 "
           "and chain='add': 7♥ 7♠ -> 6."),
    ), allowed=(*_CARDS, "pianitsa101.game101:Rules101", "pianitsa101.game101:DEFAULT_POINTS")),
    Exercise(8, "estimate_dispute", "estimate_dispute", "estimate_dispute(players, games, rng)",
             N_("Monte Carlo: a chance and its interval"), "P2, P8", (
        N_("Each game is a new deal shuffled with your generator rng (the notebook's text shows how to deal "
           "with it); only its first trick matters. A trick tells you whether it had a dispute (P8): look at "
           "what play_trick() returns."),
        N_("The estimate is the share p = k / games of first tricks with a dispute. A {level} interval: "
           "p ± 1.96·√(p(1 − p) / games), or wilson_interval(k, games) from pianitsa101.strategy."),
        N_("Use only the generator you are given (rng), never the global random module: then the same seed "
           "gives the same estimate, and anyone can reproduce it."),
    ), slow_hint=N_("a few thousand first tricks take well under a second: play one trick per game, not "
                    "whole games."), allowed=(*_PIANITSA, *_WILSON)),
    Exercise(9, "redeal_chance", "redeal_chance", "redeal_chance(players, deck)",
             N_("The chance of a redeal"),
             "R2, R3", (
        N_("R2: every player gets 4 cards. R3: there is a redeal when at least one hand is four of a kind, "
           "four cards of one rank. Only a rank with all four suits in the deck can make one."),
        N_("For one given hand: the four-of-a-kind hands divided by all 4-card hands, comb(len(deck), 4). "
           "For 'at least one of several hands' the hands are not independent: use inclusion-exclusion over "
           "the sets of hands that are all four of a kind."),
        N_("Two given hands both four of a kind: two different full ranks, and the second hand comes from "
           "the cards that are left (4 fewer). Return a Fraction."),
    )),
    Exercise(10, "find_cycle", "find_cycle", "find_cycle(stacks, rules)", N_("A game that never ends"),
             "P13", (
        N_("Remember every position you have seen, and when you saw it (after how many tricks). The deal "
           "itself is a position too: the one after 0 tricks."),
        N_("P13: a position is the ranks in every stack, in order (suits never change the play): compare "
           "ranks, not cards. At the first position seen twice, answer (tricks when it was first seen, "
           "tricks between the two times)."),
        N_("The engine stops by itself when a position repeats (game.over). If the game finishes (or is a "
           "draw) with no repeated position, the answer is None. Compare with every earlier position, not "
           "only the last one."),
    ), slow_hint=N_("a game of a few hundred tricks takes well under a second: check that your loop stops "
                    "when game.over is True."), allowed=_PIANITSA),
    Exercise(11, "dispute_chance", "dispute_chance", "dispute_chance(players, deck)",
             N_("The chance of a dispute, any number of players"), "P5, P6, P8", (
        N_("The first trick starts with a dispute when the winning rank (P6) is held by two or more of the "
           "top cards. With a low card and an ace on the table every ace is knocked out first (P5)."),
        N_("The top cards of a shuffled deck dealt to n players are n different cards, every set equally "
           "likely. Trying every set is too slow for 8 players: count by ranks, the ways to draw each "
           "multiset of ranks."),
        N_("For a multiset with m_r cards of rank r the number of sets is the product of comb(c_r, m_r), c_r "
           "the cards of rank r in the deck; divide by comb(len(deck), n). The lowest rank (P5) is the "
           "lowest rank in the deck."),
    ), slow_hint=N_("trying every set of cards is too slow: count by ranks instead (hint 2).")),
    Exercise(12, "strategy", "MyAgent", "class MyAgent", N_("A strategy that beats RandomAgent clearly"),
             "R6-R19", (
        N_("Your class needs a method choose(self, view, legal_moves) that returns one of legal_moves. "
           "view.hand is your hand, view.top the top card, view.hand_sizes everyone's number of cards."),
        N_("R19: every card still in your hand when the round ends costs its points. Which cards cost most? "
           "R14: a queen lets you order a suit. Which suit would help you most on your next turn?"),
        N_("The check plays 900 seeded matches against RandomAgent(seed=1) and wants a win rate of at least "
           "70.8%; always playing the first legal move wins about 67%. "
           "print(tournament([MyAgent(), RandomAgent(seed=1)], "
           "matches=900, seed=1)) shows where you stand."),
    ), slow_hint=N_("a tournament of a few hundred matches takes a few seconds: choose() should answer at "
                    "once (the check allows 1 second per call), without long "
                    "loops."), allowed=_CARDS + _BOTS),
]

EXERCISES: dict[str, Exercise] = {ex.name: ex for ex in _LIST}
_given: dict[str, int] = {}  # hints already shown per exercise


def hint(exercise: str | int | None = None) -> None:
    """Print the next hint for an exercise (by name or number); with no argument, list the exercises."""
    if exercise is None:
        print(_("The exercises (ask for help with hint(name) or hint(number)):"))
        for ex in _LIST:
            print(f"  {ex.number:2d}  {ex.name:<17} {_(ex.title)} ({ex.rules_text()})")
        return
    ex = _find(exercise)
    shown = _given.get(ex.name, 0)
    _given[ex.name] = (shown + 1) % len(ex.hints)
    last = _(" (the last one: they start again)") if shown == len(ex.hints) - 1 else ""
    head = _("Hint {shown} of {total} for exercise {number}, {name} ({rules}){last}:")
    print(head.format(shown=shown + 1, total=len(ex.hints), number=f"{ex.number:02d}", name=ex.name,
                      rules=ex.rules_text(), last=last))
    print(f"  {hint_text(ex.hints[shown])}")


def hint_text(text: str) -> str:
    """A hint in the language set now ('{level}' is the interval's level, 95%, kept out of the msgid so that
    gettext tools do not take '% i' for a printf placeholder)."""
    return _(text).replace("{level}", level_text())


def _find(exercise: str | int) -> Exercise:
    """The exercise named or numbered so; ValueError naming the choices otherwise."""
    for ex in _LIST:
        if exercise in (ex.name, ex.number, ex.function, f"check_{ex.name}", f"{ex.number:02d}"):
            return ex
    names = ", ".join(repr(ex.name) for ex in _LIST)
    raise ValueError(_("no exercise {exercise!r}; the exercises are {names} (or their numbers "
                       "1-{last})").format(
        exercise=exercise, names=names, last=len(_LIST)))
