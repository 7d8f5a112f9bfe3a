"""What a seat knows of the unseen cards (knowledge.belief): always true, often sharp, dealt consistently."""

from __future__ import annotations

import random

import pytest

from pianitsa101.cards import Card
from pianitsa101.game101 import HeuristicAgent, RandomAgent, Round101, Rules101, parse_move, unseen_cards
from pianitsa101.strategy.knowledge import belief, plain_belief

VARIANTS = [
    Rules101(),
    Rules101(recycle="shuffle"),
    Rules101(draw="one", queen_wild=True),
    Rules101(deal="five_and_starter", six="cover_any", chain="add"),
    Rules101(six="draw2_skip", ace="skip", flush_queens=True),
    Rules101.popular(),
]


def _matches(cards: list[Card], groups: list[tuple[int, int]]) -> bool:
    """Whether the cards can fill the groups (count, mask) exactly, each card allowed by its group's mask."""
    slots = [mask for count, mask in groups for _ in range(count)]
    if len(slots) != len(cards):
        return False
    owner: dict[int, int] = {}  # slot -> card position

    def place(i: int, seen: set[int]) -> bool:
        for s, mask in enumerate(slots):
            if mask >> cards[i].index & 1 and s not in seen:
                seen.add(s)
                if s not in owner or place(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(cards)))


def _check(rnd: Round101, seat: int) -> bool:
    """The belief of ``seat`` holds the truth; returns whether it was read from the log (not plain)."""
    view = rnd.view(seat)
    knows = belief(view)
    assert knows.known[seat] == tuple(sorted(view.hand, key=lambda c: c.index))
    pool = set(knows.pool)
    for other, hand in enumerate(rnd.hands):
        if other == seat:
            continue
        known = set(knows.known[other])
        assert known <= set(hand), f"seat {seat} 'knows' a card seat {other} does not hold"
        rest = [c for c in hand if c not in known]
        assert set(rest) <= pool
        groups = [(g.count, g.allowed) for g in knows.groups if g.seat == other]
        assert _matches(rest, groups), f"seat {other}'s hand does not fit seat {seat}'s belief"
    stock = list(reversed(rnd.stock))  # top last, as the belief lists it
    assert len(stock) == len(knows.stock)
    by_group: dict[int, list[Card]] = {}
    for card, e in zip(stock, knows.stock, strict=True):
        if e >= 0:
            assert card.index == e, "a known stock card is not where the belief puts it"
        else:
            by_group.setdefault(-e - 1, []).append(card)
    for g, cards in by_group.items():
        assert knows.groups[g].seat == -1 and knows.groups[g].count == len(cards)
        assert all(knows.groups[g].allowed >> c.index & 1 for c in cards)
    return knows.exact


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_belief_always_holds_the_truth(rules):
    exact = total = 0
    for seed in range(25):
        players = 2 + seed % 3
        agents = [HeuristicAgent() if (seed + s) % 2 else RandomAgent(seed * 7 + s) for s in range(players)]
        rnd = Round101.deal(players, rules=rules, seed=seed)
        while not rnd.over:
            seat = rnd.to_move
            if len(rnd.moves) % 2 == 0:
                for s in range(players):
                    exact += _check(rnd, s)
                    total += 1
            rnd.play(agents[seat].choose(rnd.view(seat), rnd.legal_moves()))
    assert exact == total  # a dealt round's log is always read to the end


def test_belief_learns_from_a_draw_and_a_flipped_stock():
    # seat 0 leads 9♦; seat 1 holds no ♦ and no 9: it draws 6♣ (kept) and 8♦ (played), so the
    # 9♣ left in the stock is not in its hand: seat 0 knows that hand exactly.
    rnd = Round101.from_hands(hands=["9♦ K♦ A♠ 7♣", "Q♠ J♣"], stock="6♣ 8♦ 9♣", to_move=0)
    for move in ("9♦", "draw", "8♦"):
        rnd.play(parse_move(move))
    knows = belief(rnd.view(0))
    assert knows.exact
    assert sorted(map(str, knows.could_hold(1))) == ["6♣", "J♣", "Q♠"]
    # seat 0 plays K♦; seat 1 (no ♦, no K) draws 9♣, the stock is empty, and the pile under K♦
    # (9♦ 8♦) is turned over (R8 flip): 9♦ comes up first and is played, 8♦ is the stock, known.
    for move in ("K♦", "draw", "9♦"):
        rnd.play(parse_move(move))
    assert [type(e).__name__ for e in rnd.events].count("StockRecycled") == 1
    knows = belief(rnd.view(0))
    assert knows.exact
    assert knows.stock == (Card.parse("8♦").index,)
    assert sorted(map(str, knows.could_hold(1))) == ["6♣", "9♣", "J♣", "Q♠"]


def test_plain_belief_is_only_the_counts():
    rnd = Round101.deal(3, seed=3)
    view = rnd.view(1)
    plain = plain_belief(view)
    assert not plain.exact
    assert set(plain.pool) == unseen_cards(view)
    assert sorted(g.count for g in plain.groups) == sorted([view.stock_size, 4, 4])


@pytest.mark.parametrize("rules", VARIANTS[:3], ids=repr)
def test_sample_deals_every_unseen_card_once_and_respects_the_belief(rules):
    rng = random.Random(1)
    for seed in range(12):
        rnd = Round101.deal(3, rules=rules, seed=seed)
        agents = [HeuristicAgent(), RandomAgent(seed), HeuristicAgent()]
        for _ in range(seed * 3):
            if rnd.over:
                break
            rnd.play(agents[rnd.to_move].choose(rnd.view(rnd.to_move), rnd.legal_moves()))
        if rnd.over:
            continue
        view = rnd.view(rnd.to_move)
        knows = belief(view)
        for _ in range(5):
            hands, stock = knows.sample(rng)
            assert [len(h) for h in hands] == list(view.hand_sizes)
            assert len(stock) == view.stock_size
            dealt = [c for h in hands for c in h] + stock
            assert len(set(dealt)) == len(dealt)
            assert set(dealt) == unseen_cards(view) | set(view.hand)
            assert hands[view.seat] == list(knows.known[view.seat])
            for other in range(3):
                if other != view.seat:
                    assert set(hands[other]) <= knows.could_hold(other)


def test_belief_learns_from_an_ace_not_answered():
    # R12/R17: seat 1 holds no ace, so the engine passes it over at once: seat 0 learns it has none.
    rnd = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ K♣ 10♥"], stock="A♥ 6♦ A♣ J♥ 7♣", discard="10♠")
    rnd.play(parse_move("A♠"))
    assert [type(e).__name__ for e in rnd.events][-1] == "Skipped"
    knows = belief(rnd.view(0))
    assert knows.exact
    assert not any(c.rank.symbol == "A" for c in knows.could_hold(1))
    # with an ace in hand it is asked (MayAnswerAce), and nothing is ruled out
    rnd = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ A♦ 10♥"], stock="A♥ 6♦ A♣ J♥ 7♣", discard="10♠")
    rnd.play(parse_move("A♠"))
    rnd.play(parse_move("pass"))
    assert "A♦" in map(str, belief(rnd.view(0)).could_hold(1))


def test_belief_of_a_five_and_starter_round_follows_the_turned_up_card():
    rules = Rules101(deal="five_and_starter", recycle="flip")
    for seed in range(8):
        rnd = Round101.deal(2, rules=rules, seed=seed)
        agents = [HeuristicAgent(), RandomAgent(seed)]
        while not rnd.over:
            assert belief(rnd.view(rnd.to_move)).exact
            rnd.play(agents[rnd.to_move].choose(rnd.view(rnd.to_move), rnd.legal_moves()))
