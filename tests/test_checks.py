"""Every exercise's check: the solution passes, the stub fails, plausible wrong answers fail.

The solutions and the stubs are read from the notebooks themselves (``exercises/solutions`` and
``exercises``), so these tests run what students and teachers run. The wrong answers are
written here by hand from ``RULES.md``, each one a mistake a student could make; every one must
be caught with a message that shows the case, the expected and the returned value and the rule.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

import pianitsa101.checks as checks
from pianitsa101 import Rank, Suit
from pianitsa101.checks import CheckError
from pianitsa101.game101 import DEFAULT_POINTS, Draw, Play
from pianitsa101.pianitsa import PianitsaGame

EXERCISES = Path(__file__).resolve().parents[1] / "exercises"


def _namespace(path: Path) -> dict:
    """The imports and the answer cells of a notebook, executed: what a check cell sees."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    space: dict = {}
    for cell in nb["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code" and (meta.get("solution") or meta.get("grade_id") == "imports"):
            exec(compile("".join(cell["source"]), f"{path.name}:{meta['grade_id']}", "exec"), space)
    return space


def _notebook(name: str, solved: bool) -> dict:
    ex = checks.EXERCISES[name]
    folder = EXERCISES / "solutions" if solved else EXERCISES
    return _namespace(folder / f"{ex.number:02d}_{name}.ipynb")


def _check(name: str):
    return getattr(checks, f"check_{name}")


def _answer(name: str, solved: bool):
    space = _notebook(name, solved)
    answer = space[checks.EXERCISES[name].function]
    return answer() if name == "strategy" else answer


def _wrong(name: str, fn, *expected_text: str) -> str:
    """Run the check on a wrong answer: it must fail, naming the exercise, a case and the rule."""
    with pytest.raises(CheckError) as info:
        _check(name)(fn)
    message = " ".join(str(info.value).split())  # the message's lines are wrapped: compare the words
    ex = checks.EXERCISES[name]
    assert message.startswith(f"✗ check_{name} (exercise {ex.number:02d}, {ex.rules})")
    assert "case: " in message and ("hint: " in message or "wanted: " in message), message
    assert f'More help: hint("{name}")' in message
    for text in expected_text:
        assert text in message, message
    return message


NAMES = list(checks.EXERCISES)


@pytest.mark.parametrize("name", NAMES)
def test_solution_passes(name, capsys):
    _check(name)(_answer(name, solved=True))
    assert "✓" in capsys.readouterr().out


@pytest.mark.parametrize("name", NAMES)
def test_stub_fails_as_not_written(name):
    with pytest.raises(CheckError, match="is not written yet") as info:
        _check(name)(_answer(name, solved=False))
    assert checks.EXERCISES[name].rules in str(info.value)


def test_there_are_at_least_ten_exercises_from_easy_to_hard():
    numbers = [ex.number for ex in checks.EXERCISES.values()]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 10


# --- 01 compare (P4, P5) ---------------------------------------------------------------------

def test_P5_compare_wrong_answers():
    def plain_ranks(a, b, lowest=Rank.SIX):  # forgets that the six beats the ace
        return (a.rank > b.rank) - (a.rank < b.rank)

    def six_always_low(a, b, lowest=Rank.SIX):  # ignores the deck: the six beats the ace even with 52 cards
        if {a.rank, b.rank} == {Rank.SIX, Rank.ACE}:
            return 1 if a.rank == Rank.SIX else -1
        return (a.rank > b.rank) - (a.rank < b.rank)

    def low_beats_everything(a, b, lowest=Rank.SIX):  # reads P5 as "the low card beats all"
        if a.rank == b.rank:
            return 0
        if lowest in (a.rank, b.rank):
            return 1 if a.rank == lowest else -1
        return 1 if a.rank > b.rank else -1

    def answers_bool(a, b, lowest=Rank.SIX):
        return a.rank > b.rank

    _wrong("compare", plain_ranks, "expected: 1", "returned: -1", "compare(6♠, A♥, lowest=Rank.SIX)")
    _wrong("compare", six_always_low, "lowest=Rank.TWO", "P5")
    _wrong("compare", low_beats_everything, "compare(6♣, K♦", "expected: -1")
    _wrong("compare", answers_bool, "wrong kind", "(a bool)")


# --- 02 round_winners (P6, P8) ---------------------------------------------------------------

def test_P6_round_winners_wrong_answers():
    def no_knock_out(cards, lowest=Rank.SIX):  # the ace knocked out by the six is taken as the winner
        best = max(c.rank for c in cards)
        return [i for i, c in enumerate(cards) if c.rank == best]

    def six_beats_ace_wins(cards, lowest=Rank.SIX):  # P5 pair by pair: a six and an ace -> the six wins
        ranks = [c.rank for c in cards]
        best = lowest if lowest in ranks and Rank.ACE in ranks else max(ranks)
        return [i for i, r in enumerate(ranks) if r == best]

    def first_only(cards, lowest=Rank.SIX):  # forgets ties (P8)
        ranks = [c.rank for c in cards]
        if lowest in ranks:
            ranks = [0 if r == Rank.ACE else r for r in ranks]
        return [ranks.index(max(ranks))]

    _wrong("round_winners", no_knock_out, "round_winners([A♠, 6♥, K♦, 9♣]", "expected: [2]",
           "returned: [0]")
    _wrong("round_winners", six_beats_ace_wins, "round_winners([A♠, 6♥, K♦, 9♣]", "returned: [1]")
    _wrong("round_winners", first_only, "expected: [1, 2]", "P8")


# --- 03 hand_points (R19, R20, R21) ----------------------------------------------------------

def test_R20_hand_points_wrong_answers():
    def queen_counts_3(hand, last):  # counts the queen the winner finished with as 3
        return sum(DEFAULT_POINTS[c.rank] for c in hand or last)

    def spades_like_others(hand, last):  # -20 for every queen, the Q♠ too
        if hand:
            return sum(DEFAULT_POINTS[c.rank] for c in hand)
        return -20 * sum(c.rank == Rank.QUEEN for c in last)

    def ace_is_one(hand, last):
        if hand:
            return sum(1 if c.rank == Rank.ACE else DEFAULT_POINTS[c.rank] for c in hand)
        return sum(-40 if c.suit == Suit.SPADES else -20 for c in last if c.rank == Rank.QUEEN)

    def only_last_queen(hand, last):  # R21 forgotten: only one queen counts
        if hand:
            return sum(DEFAULT_POINTS[c.rank] for c in hand)
        c = last[-1]
        return (-40 if c.suit == Suit.SPADES else -20) if c.rank == Rank.QUEEN else 0

    _wrong("hand_points", queen_counts_3, "hand_points([], [Q♥])", "expected: -20", "returned: 3", "R20")
    _wrong("hand_points", spades_like_others, "hand_points([], [Q♠])", "expected: -40")
    _wrong("hand_points", ace_is_one, "R19")
    _wrong("hand_points", only_last_queen, "hand_points([], [Q♥, Q♦])", "expected: -40", "R21")


# --- 04 gather (P9) --------------------------------------------------------------------------

def test_P9_gather_wrong_answers():
    def always_table_order(table, taker, order="winner_first"):
        return [c for _, c in table]

    def grouped_by_seat(table, taker, order="winner_first"):  # the others' cards seat by seat
        if order == "table":
            return [c for _, c in table]
        seats = [taker, *sorted({s for s, _ in table} - {taker})]
        return [c for seat in seats for s, c in table if s == seat]

    def only_first_card_moved(table, taker, order="winner_first"):  # the taker's first card to the front
        cards = [c for _, c in table]
        if order == "table":
            return cards
        first = next(i for i, (s, _) in enumerate(table) if s == taker)
        return [cards[first], *cards[:first], *cards[first + 1:]]

    _wrong("gather", always_table_order, "order='winner_first'", "P9")
    _wrong("gather", grouped_by_seat, "then the other players' cards, also in table order")
    _wrong("gather", only_first_card_moved, "taker=")


# --- 05 tie_chance (P2, P6, P8) --------------------------------------------------------------

def test_P8_tie_chance_wrong_answers():
    def with_replacement(deck):  # the second card drawn from the whole deck again
        per_rank = Counter(c.rank for c in deck)
        return Fraction(sum(k * k for k in per_rank.values()), len(deck) ** 2)

    def four_of_each(deck):  # assumes four cards of every rank
        return Fraction(3, len(deck) - 1)

    def as_float(deck):
        per_rank = Counter(c.rank for c in deck)
        return sum(k * (k - 1) for k in per_rank.values()) / (len(deck) * (len(deck) - 1))

    _wrong("tie_chance", with_replacement, "tie_chance(make_deck(32))", "expected: Fraction(3, 31)",
           "returned: Fraction(1, 8)")
    _wrong("tie_chance", four_of_each, 'tie_chance(cards("6♠ 6♥ A♠ A♥"))', "expected: Fraction(1, 3)")
    _wrong("tie_chance", as_float, "wrong kind", "(a float)", "Fraction")


# --- 06 legal_moves (R6, R7, R9, R14) --------------------------------------------------------

def _plays(hand, ok):
    moves = []
    for card in hand:
        if ok(card):
            moves += [Play(card, s) for s in Suit] if card.rank == Rank.QUEEN else [Play(card)]
    return moves or [Draw()]


def _goes_on(card, top, ordered):
    """R6 and R14 as RULES.md says them (the wrong answers below each get one other thing wrong)."""
    if top is None:
        return True
    if ordered is not None:
        return card.suit == ordered or card.rank == Rank.QUEEN
    return card.suit == top.suit or card.rank == top.rank


def test_R14_legal_moves_wrong_answers():
    def queen_suit_stays(hand, top, ordered=None):  # after a queen, its own suit still counts
        return _plays(hand, lambda c: top is None or c.suit == top.suit or c.rank == top.rank
                      or (ordered is not None and c.suit == ordered))

    def queen_without_suit(hand, top, ordered=None):
        return [Play(c) for c in hand if _goes_on(c, top, ordered)] or [Draw()]

    def queens_wild(hand, top, ordered=None):  # a queen on anything: not under the default rules
        return _plays(hand, lambda c: top is None or c.rank == Rank.QUEEN
                      or (c.suit == ordered if ordered else c.suit == top.suit or c.rank == top.rank))

    def nothing_instead_of_draw(hand, top, ordered=None):  # forgets R7's Draw()
        moves = _plays(hand, lambda c: _goes_on(c, top, ordered))
        return [] if moves == [Draw()] else moves

    _wrong("legal_moves", queen_suit_stays, "legal_moves([Q♥, 9♣, 6♣], Q♣, ordered=Suit.HEARTS)", "R14")
    _wrong("legal_moves", queen_without_suit, "not allowed: Play(Q♥)", "R14")
    _wrong("legal_moves", queens_wild, "legal_moves([Q♦, 8♦], 8♠", "not wild")
    _wrong("legal_moves", nothing_instead_of_draw, "expected: [Draw()]", "returned: []", "R7")


# --- 07 penalty (R10, R15, R16) --------------------------------------------------------------

def _own(card, rules):
    if card.rank == Rank.SEVEN:
        spade = card.suit == Suit.SPADES and rules.seven_of_spades_draw is not None
        return rules.seven_of_spades_draw if spade else rules.seven_draw
    if card.rank == Rank.SIX:
        return 2 if rules.six == "draw2_skip" else 1
    return 4


def test_R16_penalty_wrong_answers():
    def always_double(played, rules):  # ignores chain="add"
        return _own(played[0], rules) * 2 ** (len(played) - 1)

    def every_seven_alike(played, rules):  # forgets seven_of_spades_draw
        amount = rules.seven_draw if played[0].rank == Rank.SEVEN else _own(played[0], rules)
        for _ in played[1:]:
            amount = amount * 2 if rules.chain == "double" else amount + rules.seven_draw
        return amount

    def doubles_the_first_too(played, rules):  # the first seven already counts double
        amount = _own(played[0], rules)
        for _ in played:
            amount = amount * 2 if rules.chain == "double" else amount + _own(played[0], rules)
        return amount

    _wrong("penalty", always_double, "chain='add'", "R16")
    _wrong("penalty", every_seven_alike, "seven_of_spades_draw=4")
    _wrong("penalty", doubles_the_first_too, "penalty([K♠], Rules101())", "expected: 4", "returned: 8")


# --- 08 estimate_dispute (Monte Carlo) -------------------------------------------------------

def _share(players, games, rng, tie):
    hits = 0
    for _ in range(games):
        game = PianitsaGame.deal(players=players, rng=rng)
        hits += tie(game)
    return hits


def test_estimate_dispute_wrong_answers():
    def first_trick(game):
        return game.play_trick().disputes > 0

    def unseeded(players, games, rng):  # deals with a generator of its own: not reproducible
        own = random.Random()
        k = _share(players, games, own, first_trick)
        p = k / games
        half = 1.96 * math.sqrt(p * (1 - p) / games)
        return p, p - half, p + half

    def any_two_equal(players, games, rng):  # counts any two equal ranks as a dispute, not the winning one
        k = _share(players, games, rng, lambda g: len({c.rank for c in (s[0] for s in g.stacks)}) < players)
        p = k / games
        half = 1.96 * math.sqrt(p * (1 - p) / games)
        return p, p - half, p + half

    def interval_too_narrow(players, games, rng):  # divides by games outside the square root
        k = _share(players, games, rng, first_trick)
        p = k / games
        half = 1.96 * math.sqrt(p * (1 - p)) / games
        return p, p - half, p + half

    def count_not_share(players, games, rng):
        k = _share(players, games, rng, first_trick)
        return k, k - 10, k + 10

    _wrong("estimate_dispute", unseeded, "rng was not used")
    _wrong("estimate_dispute", any_two_equal, "estimate_dispute(3, 2000", "exact 0.1261")
    _wrong("estimate_dispute", interval_too_narrow, "95% interval", "1.96")
    _wrong("estimate_dispute", count_not_share, "a share k / games")


# --- 09 redeal_chance (R2, R3) ---------------------------------------------------------------

def _full_ranks(deck):
    return sum(1 for k in Counter(c.rank for c in deck).values() if k == 4)


def test_R3_redeal_chance_wrong_answers():
    def union_bound(players, deck):  # adds the chances of the hands as if they could not overlap
        return players * Fraction(_full_ranks(deck), math.comb(len(deck), 4))

    def independent_hands(players, deck):  # treats the hands as independent
        p = Fraction(_full_ranks(deck), math.comb(len(deck), 4))
        return 1 - (1 - p) ** players

    def nine_ranks_always(players, deck):  # the 36-card deck's nine ranks, whatever the deck
        total = Fraction(0)
        for k in range(1, players + 1):
            hands = math.prod(math.comb(len(deck) - 4 * i, 4) for i in range(k))
            total += (-1) ** (k + 1) * math.comb(players, k) * Fraction(math.perm(9, k), hands)
        return total

    _wrong("redeal_chance", union_bound, "redeal_chance(2, make_deck(36))", "inclusion-exclusion")
    _wrong("redeal_chance", independent_hands, "redeal_chance(2, make_deck(36))")
    _wrong("redeal_chance", nine_ranks_always, "make_deck(52)")


# --- 10 find_cycle (P13) ---------------------------------------------------------------------

def _play(stacks, rules, key, only_last=False, start=0):
    game = PianitsaGame.from_stacks(stacks, rules=rules)
    seen, tricks = {}, 0
    while True:
        position = key(game)
        if position in seen:
            return seen[position] + start, tricks - seen[position]
        if only_last:
            seen = {}
        seen[position] = tricks
        if game.over:
            return None
        game.play_trick()
        tricks += 1


def test_P13_find_cycle_wrong_answers():
    def ranks(game):
        return tuple(tuple(c.rank for c in s) for s in game.stacks)

    def with_suits(stacks, rules):  # compares cards: suits never repeat together with the ranks
        return _play(stacks, rules, lambda g: g.stacks)

    def only_previous(stacks, rules):  # compares with the last position only
        return _play(stacks, rules, ranks, only_last=True)

    def counted_from_one(stacks, rules):  # the deal counted as trick 1
        return _play(stacks, rules, ranks, start=1)

    _wrong("find_cycle", with_suits, "returned: None", "ranks only")
    _wrong("find_cycle", only_previous, "returned: None", "every earlier position")
    _wrong("find_cycle", counted_from_one, "the deal is the position after 0 tricks")

    def forgets_the_deal(stacks, rules):  # remembers the positions after each trick only (the review's miss)
        game = PianitsaGame.from_stacks(stacks, rules=rules)
        seen, tricks = {}, 0
        while not game.over:
            game.play_trick()
            tricks += 1
            position = ranks(game)
            if position in seen:
                return seen[position], tricks - seen[position]
            seen[position] = tricks
        return None

    _wrong("find_cycle", forgets_the_deal, "find_cycle([[K♠, A♣], [A♥, K♣]]", "expected: (0, 2)",
           "the position of the deal itself comes back")


# --- 11 dispute_chance (P5, P6, P8) ----------------------------------------------------------

def _by_ranks(players, deck, disputed):
    in_deck = Counter(c.rank for c in deck)
    hits = 0
    for ranks in combinations_with_replacement(sorted(in_deck), players):
        drawn = Counter(ranks)
        if all(drawn[r] <= in_deck[r] for r in drawn) and disputed(drawn, min(in_deck)):
            hits += math.prod(math.comb(in_deck[r], drawn[r]) for r in drawn)
    return Fraction(hits, math.comb(len(deck), players))


def test_P6_dispute_chance_wrong_answers():
    def any_pair(players, deck):  # any two equal ranks, not only the winning one
        return _by_ranks(players, deck, lambda drawn, low: max(drawn.values()) > 1)

    def aces_never_knocked_out(players, deck):  # forgets P5
        return _by_ranks(players, deck, lambda drawn, low: drawn[max(drawn)] > 1)

    def six_always_lowest(players, deck):  # P5 with the six, whatever the deck
        def disputed(drawn, low):
            left = [r for r in drawn if not (Rank.SIX in drawn and r == Rank.ACE)]
            return drawn[max(left)] > 1
        return _by_ranks(players, deck, disputed)

    _wrong("dispute_chance", any_pair, "dispute_chance(3, make_deck(36))", "P6")
    # With full decks P5 changes nothing ({6, A, A} and {A, 6, 6} are drawn equally often): a
    # custom deck with more aces than sixes catches it.
    _wrong("dispute_chance", aces_never_knocked_out, 'dispute_chance(4, cards("6♠ 6♥ A♠ A♥ A♦ K♣ K♦ 9♠"))')
    _wrong("dispute_chance", six_always_lowest, 'dispute_chance(3, cards("9♠ 9♥ 10♠')


# --- 12 strategy -----------------------------------------------------------------------------

class _Coin:
    """Plays a random legal move: no better than RandomAgent."""

    name = "Coin"

    def __init__(self):
        self.rng = random.Random(5)

    def choose(self, view, legal_moves):
        return self.rng.choice(legal_moves)


class _Hoarder:
    """Draws whenever it may, else plays the cheapest card: collects points."""

    name = "Hoarder"

    def choose(self, view, legal_moves):
        if Draw() in legal_moves:
            return Draw()
        plays = [m for m in legal_moves if isinstance(m, Play)]
        return min(plays, key=lambda m: DEFAULT_POINTS[m.card.rank]) if plays else legal_moves[0]


class _Illegal:
    name = "Illegal"

    def choose(self, view, legal_moves):
        return Draw()  # not always legal (R7: who can play may not draw)


class _Raises:
    name = "Raises"

    def choose(self, view, legal_moves):
        return legal_moves[len(view.hand) * 100]  # IndexError


def test_strategy_wrong_answers():
    _wrong("strategy", _Coin(), "a win rate of at least 70.8%", "returned: won")
    _wrong("strategy", _Hoarder(), "a win rate of at least 70.8%")
    message = _wrong("strategy", _Illegal(), "which is not one of legal_moves", "position: hand")
    assert "legal moves" in message
    message = _wrong("strategy", _Raises(), "IndexError", "where:")
    assert "return legal_moves[len(view.hand) * 100]" in message


def test_strategy_refuses_the_package_bots_and_objects_without_choose():
    from pianitsa101.game101 import HeuristicAgent

    with pytest.raises(CheckError, match="your own class"):
        checks.check_strategy(HeuristicAgent())
    with pytest.raises(CheckError, match="choose"):
        checks.check_strategy(object())


def test_strategy_accepts_a_class_and_names_it(capsys):
    cls = type(_answer("strategy", solved=True))
    checks.check_strategy(cls)
    assert "✓ MyAgent: won" in capsys.readouterr().out
