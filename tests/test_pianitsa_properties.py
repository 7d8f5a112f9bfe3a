"""Hypothesis property tests: Пьяница from arbitrary small stacked decks (from_stacks)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pianitsa101.cards import Card, Suit
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

rules_strategy = st.builds(
    PianitsaRules,
    low_beats_ace=st.booleans(),
    dispute_face_down=st.integers(0, 2),
    gather=st.sampled_from(["winner_first", "table", "random"]),
    second_disputes=st.booleans(),
    goal=st.sampled_from(["shed", "collect"]),
    max_tricks=st.integers(1, 400),
)


@st.composite
def deals(draw) -> list[list[Card]]:
    """2-5 non-empty stacks of distinct cards, sizes not necessarily equal."""
    players = draw(st.integers(2, 5))
    indices = draw(st.lists(st.integers(0, 51), min_size=players, max_size=16, unique=True))
    cuts = sorted(draw(st.lists(st.integers(1, len(indices) - 1), min_size=players - 1,
                                max_size=players - 1, unique=True)))
    bounds = [0, *cuts, len(indices)]
    return [[Card.from_index(i) for i in indices[a:b]] for a, b in itertools.pairwise(bounds)]


def summary(result):
    return result.outcome, result.tricks, result.disputes, result.places, result.loser


@settings(max_examples=300, deadline=None)
@given(deal=deals(), rules=rules_strategy, seed=st.integers(0, 3))
def test_P7_to_P13_any_small_deal_ends_validly_and_fast_play_matches_trick_by_trick(deal, rules, seed):
    everything = sorted(c.index for s in deal for c in s)
    stepped = PianitsaGame.from_stacks(deal, rules, seed=seed)
    while not stepped.over:
        trick = stepped.play_trick()
        held = [c.index for s in stepped.stacks for c in s] + [c.index for c in stepped.table]
        assert sorted(held) == everything
        assert trick.taker is None or stepped.stacks[trick.taker]
    result = PianitsaGame.from_stacks(deal, rules, seed=seed).play()
    assert summary(result) == summary(stepped.result())
    assert result.history == stepped.history
    assert result.outcome in {"finished", "cycle", "limit", "draw"}
    assert sorted(s for group in result.places for s in group) == list(range(len(deal)))
    assert result.tricks <= rules.max_tricks
    assert (result.loser == -1) == (result.outcome != "finished")
    if result.outcome == "cycle":
        assert rules.gather != "random"


_SUIT_SWAP = {Suit.SPADES: Suit.HEARTS, Suit.HEARTS: Suit.CLUBS, Suit.CLUBS: Suit.DIAMONDS,
              Suit.DIAMONDS: Suit.SPADES}


@settings(max_examples=60, deadline=None)
@given(deal=deals(), rules=rules_strategy.filter(lambda r: r.gather != "random"))
def test_P4_suits_never_matter(deal, rules):
    """Renaming suits (same ranks) gives the same game: same takers, counts and outcome."""
    renamed = [[Card(c.rank, _SUIT_SWAP[c.suit]) for c in s] for s in deal]
    a = PianitsaGame.from_stacks(deal, rules).play()
    b = PianitsaGame.from_stacks(renamed, rules).play()
    assert summary(a) == summary(b)
    assert [t.taker for t in a.history] == [t.taker for t in b.history]


@settings(max_examples=40, deadline=None)
@given(deal=deals(), rules=rules_strategy, seed=st.integers(0, 3), cut=st.integers(0, 30))
def test_record_json_round_trip_at_any_point(deal, rules, seed, cut):
    game = PianitsaGame.from_stacks(deal, rules, seed=seed)
    while not game.over and game.tricks < cut:
        game.play_trick()
    text = game.to_json()
    again = PianitsaGame.from_json(text)
    assert again.to_json() == text
    assert (again.stacks, again.tricks, again.outcome) == (game.stacks, game.tricks, game.outcome)
    assert summary(again.play()) == summary(game.play())
    assert again.stacks == game.stacks
