"""Property tests: arbitrary stacked positions (tiny stocks, empty tables, odd decks) under random rules.

Hypothesis builds positions that seeded deals rarely reach; random legal moves are then
played while R24/R25 and the other invariants are checked.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules101_options import pick

from pianitsa101 import Card
from pianitsa101.game101 import IllegalMove, Play, Round101, Rules101

OPTIONS = pick("draw", "recycle", "six", "seven_of_spades_draw", "ace", "queen_wild", "chain",
                "last_card_effects", "flush_queens")


@st.composite
def positions(draw):
    """A stacked round: 2-5 players, 1-6 cards each, a stock and discard pile of 0-8 cards."""
    players = draw(st.integers(2, 5))
    deck = draw(st.permutations(range(52)))
    sizes = [draw(st.integers(1, 6)) for _ in range(players)]
    n_stock = draw(st.integers(0, 8))
    n_discard = draw(st.integers(0, 8))
    cards = [Card.from_index(i) for i in deck]
    hands, pos = [], 0
    for size in sizes:
        hands.append(cards[pos:pos + size])
        pos += size
    stock = cards[pos:pos + n_stock]
    discard = cards[pos + n_stock:pos + n_stock + n_discard]
    rules = Rules101(**{k: draw(st.sampled_from(v)) for k, v in OPTIONS.items()})
    to_move = draw(st.integers(0, players - 1))
    return Round101.from_hands(hands=hands, stock=stock, discard=discard, to_move=to_move, rules=rules,
                               seed=draw(st.integers(0, 2**32)))


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_R25_R24_invariants_from_arbitrary_positions(rnd, seed):
    rng = random.Random(seed)
    deck = set(rnd.cards_in_play())
    for _ in range(400):
        rnd.check_cards()
        assert set(rnd.cards_in_play()) == deck
        if rnd.over:
            assert rnd.legal_moves() == []
            assert len(rnd.points()) == rnd.players
            break
        moves = rnd.legal_moves()
        assert moves
        before = (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, len(rnd.events))
        hand = rnd.hands[rnd.to_move]
        for card in (*hand, Card.from_index(rng.randrange(52))):
            move = Play(card)
            if move not in moves:
                try:
                    rnd.play(move)
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"{move} was accepted but not listed")
                assert (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, len(rnd.events)) == before
        rnd.play(rng.choice(moves))
