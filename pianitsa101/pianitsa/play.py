"""One trick of Пьяница as a plain loop over the seats' stacks (P3-P10, P12).

Rules played in this module (from ``RULES.md``; each decision is a function of ``laws.py``):

- P3. Seat 0 plays first in every trick, the others follow in seat order; this only fixes
  the order in which cards lie on the table.
- P4-P6. The highest rank wins, suits do not matter; a low card and an ace together knock
  out every ace ({6, A} -> 6; {A, 6, K, 9} -> K; {A, 6, 6} -> the sixes tie).
- P7. Every player still in the game puts the top card of their stack face up. The
  unique winning card takes the trick: its player collects every card on the table.
- P8. Dispute: if the winning rank is shared, only those players continue; each puts
  ``dispute_face_down`` cards face down as a stake, then one face up, and only the new
  face-up cards are compared, until a single winner remains.
- P9. The taker puts all table cards under their stack (option ``gather``). Table order is
  round by round, within a round seat order, a player's stakes before their face-up card.
  With ``"random"`` the game's generator shuffles the table once per trick that has a taker,
  and is used nowhere else during play.
- P10. Second dispute (option ``second_disputes``): when a dispute ends with a winning card,
  every player who has not yet taken part in a dispute of this trick and whose round-0 card
  has the same rank joins a new dispute against the winner, until nobody joins.
- P12. A tied player with no card stops taking part; with stakes, a player with too few
  cards puts all but the last face down and the last face up. If exactly one player put a
  card, that card wins. If nobody could, the lowest seat still holding cards takes the
  trick; if nobody holds cards, nobody takes it (``taker`` None) and the table stays.

What happens between tricks (P11 leaving, P12's draw, P13 cycles, the safety cap) is in
``game.py``.

>>> from collections import deque
>>> from pianitsa101.cards import cards
>>> stacks = [deque(cards("K♠ 9♠")), deque(cards("K♥ 10♥"))]
>>> trick = play_trick(stacks, PianitsaRules(), lowest=6, rng=None, number=1)
>>> trick.leaders, trick.taker, stacks[1]
([(0, 1), (1,)], 1, deque([Card.parse('K♥'), Card.parse('10♥'), Card.parse('K♠'), Card.parse('9♠')]))
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from pianitsa101.cards import Card, CardList
from pianitsa101.pianitsa.laws import (
    gather,
    joiners,
    leavers,
    lowest_holder,
    outsiders,
    staked,
    tied,
    winning_rank,
)
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["play_trick", "put_cards"]


def play_trick(stacks: list[deque[Card]], rules: PianitsaRules, lowest: int,
               rng: random.Random | None, number: int) -> PianitsaTrick:
    """Play one trick on the seats' stacks (top first, changed in place) and return its record."""
    playing = [seat for seat, stack in enumerate(stacks) if stack]  # P7: everyone still in the game
    called, joined_now = playing, ()  # the seats called to put cards in this round, who joined (P10)
    seats, joined, stakes, rounds, leaders = [], [], [], [], []  # the record, a list entry per round
    table: list[tuple[int, Card]] = []  # P9: (seat, card) in table order
    outside: dict[int, int] = {}  # P10: seats not yet in a dispute of this trick -> their round-0 rank
    while True:
        face_down = rules.dispute_face_down if rounds else 0  # P8: stakes only in a dispute
        stake, up = put_cards(stacks, called, face_down, table)
        seats.append(tuple(called))
        joined.append(joined_now)
        stakes.append(stake)
        rounds.append(up)
        if not up:  # P12: nobody could put a card
            leaders.append(())
            taker = lowest_holder(stacks)
            break
        ranks = {seat: card.rank for seat, card in up.items()}
        best = winning_rank(list(ranks.values()), lowest, rules.low_beats_ace)  # P4-P6
        leaders.append(tied(ranks, best))
        if len(leaders[-1]) > 1:  # P8: a dispute among the tied players
            if len(rounds) == 1 and rules.second_disputes:  # P10: remember who stays outside
                outside = outsiders(ranks, best)
            called, joined_now = leaders[-1], ()
            continue
        joined_now = tuple(joiners(outside, best))  # P10: a second dispute against the winner
        if not joined_now:
            taker = leaders[-1][0]  # P7: the unique winning card takes the trick
            break
        for seat in joined_now:
            del outside[seat]
        called = tuple(sorted([*leaders[-1], *joined_now]))
    gathered = gather(table, taker, rules.gather, rng)  # P9 (P12: with no taker the table stays)
    if taker is not None:
        stacks[taker].extend(gathered)
    return PianitsaTrick(number=number, seats=seats, joined=joined, stakes=stakes, rounds=rounds,
                         leaders=leaders, disputes=len(rounds) - 1, taker=taker,
                         table=CardList(card for _seat, card in table), gathered=CardList(gathered),
                         left=leavers(playing, stacks), sizes=tuple(map(len, stacks)))


def put_cards(stacks: list[deque[Card]], seats: Sequence[int], face_down: int,
              table: list[tuple[int, Card]]) -> tuple[dict[int, CardList], dict[int, Card]]:
    """P7, P8, P12: each seat called puts its stake face down, then one card face up (added to ``table``)."""
    stake: dict[int, CardList] = {}
    up: dict[int, Card] = {}
    for seat in seats:  # P3: in seat order
        stack = stacks[seat]
        if not stack:
            continue  # P12: a tied player with no card left stops taking part
        down = staked(face_down, len(stack))  # P8: the stake; P12: the last card always goes face up
        if down:
            stake[seat] = CardList(stack.popleft() for _ in range(down))
            table += [(seat, card) for card in stake[seat]]
        up[seat] = stack.popleft()  # P7, P8: one card face up
        table.append((seat, up[seat]))
    return stake, up
