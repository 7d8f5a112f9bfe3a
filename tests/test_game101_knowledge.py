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
    rests = {}
    for other, hand in enumerate(rnd.hands):
        if other == seat:
            continue
        known = set(knows.known[other])
        assert known <= set(hand), f"seat {seat} 'knows' a card seat {other} does not hold"
        rests[other] = [c for c in hand if c not in known]
        assert set(rests[other]) <= pool
    stock = list(reversed(rnd.stock))  # top last, as the belief lists it
    assert len(stock) == len(knows.stock)
    by_group: dict[int, list[Card]] = {}
    for card, e in zip(stock, knows.stock, strict=True):
        if e >= 0:
            assert card.index == e, "a known stock card is not where the belief puts it"
        else:
            by_group.setdefault(-e - 1, []).append(card)
    for g, cards in by_group.items():
        assert knows.groups[g].seat == -1
        assert all(knows.groups[g].allowed >> c.index & 1 for c in cards)

    def fits(counts: tuple[int, ...]) -> bool:
        """The truth is one of the deals of this split."""
        for other, rest in rests.items():
            groups = [(n, g.allowed) for g, n in zip(knows.groups, counts, strict=True) if g.seat == other]
            if not _matches(rest, groups):
                return False
        return all(counts[g] == len(cards) for g, cards in by_group.items())

    assert any(fits(counts) for counts, _ in knows.ways()), f"the hands do not fit seat {seat}'s belief"
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


def test_R17_belief_learns_nothing_from_an_ace_not_answered():
    # R12/R17 (revised): seat 1 holds no ace and is passed over, or holds one and passes: the log is the
    # same, so seat 0's belief is the same and rules no ace out of seat 1's hand.
    rnd = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ K♣ 10♥"], stock="A♥ 6♦ A♣ J♥ 7♣", discard="10♠")
    rnd.play(parse_move("A♠"))
    assert [type(e).__name__ for e in rnd.events][-2:] == ["MayAnswerAce", "Skipped"]
    knows = belief(rnd.view(0))
    assert knows.exact
    assert {"A♥", "A♣"} <= set(map(str, knows.could_hold(1)))
    twin = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ A♣ 10♥"], stock="A♥ 6♦ K♣ J♥ 7♣", discard="10♠")
    twin.play(parse_move("A♠"))
    twin.play(parse_move("pass"))
    assert twin.view(0).log == rnd.view(0).log
    assert "A♣" in map(str, belief(twin.view(0)).could_hold(1))
    assert belief(twin.view(0)).groups == knows.groups


@pytest.mark.parametrize("players", [2, 3])
def test_R17_belief_is_the_same_for_twin_histories_of_an_ace_declined_or_not_held(players):
    # R12/R17 (revised): seat 1 holds A♦ and declines to answer A♠, or holds J♥ (no ace) and is
    # passed over. Seat 0 sees the same hand, pile and unseen cards in both; its belief must not
    # tell them apart, and must leave the aces possible in seat 1's hand.
    third = ["K♣ 9♣ 8♣"] if players == 3 else []
    held = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ A♦ 10♥", *third], stock="A♥ 6♦ J♥ A♣ 7♣",
                               discard="10♠")
    none = Round101.from_hands(hands=["A♠ 7♠ 8♦", "9♠ J♥ 10♥", *third], stock="A♥ 6♦ A♦ A♣ 7♣",
                               discard="10♠")
    held.play(parse_move("A♠"))
    held.play(parse_move("pass"))  # declines, holding A♦
    none.play(parse_move("A♠"))  # holds no ace: passed over
    for seat in [0] + ([2] if players == 3 else []):
        a, b = belief(held.view(seat)), belief(none.view(seat))
        assert unseen_cards(held.view(seat)) == unseen_cards(none.view(seat))
        assert a.exact and b.exact
        assert a == b
        assert {"A♦", "A♥", "A♣"} <= set(map(str, a.could_hold(1)))


def test_belief_of_a_five_and_starter_round_follows_the_turned_up_card():
    rules = Rules101(deal="five_and_starter", recycle="flip")
    for seed in range(8):
        rnd = Round101.deal(2, rules=rules, seed=seed)
        agents = [HeuristicAgent(), RandomAgent(seed)]
        while not rnd.over:
            assert belief(rnd.view(rnd.to_move)).exact
            rnd.play(agents[rnd.to_move].choose(rnd.view(rnd.to_move), rnd.legal_moves()))


# --- Belief.sample is uniform over the deals consistent with the log ---------------------------

def _chi2_bound(df: int, z: float = 3.29) -> float:
    """The chi-square quantile with ``df`` degrees of freedom at about p = 0.0005 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def _chi2(counts: dict, expected: dict, n: int) -> float:
    assert set(counts) <= set(expected), "a deal the enumeration says is impossible"
    return sum((counts.get(k, 0) - n * p) ** 2 / (n * p) for k, p in expected.items())


_SEAT0 = "9♠ 7♠ J♠ A♦"
_MOVES = ["9♠", "draw", "8♠", "7♠", "draw", "J♠", "J♥"]


def _ambiguous_round(h1: str | list = "J♥ K♥", stock: str | list = "8♠ 6♦ 9♥ 6♣ 10♦") -> Round101:
    """Seat 1 draws to play on 9♠ (so its first cards hold no ♠ and no 9), takes two cards for 7♠,
    then plays J♥: from its first cards or from the two it took, the log does not say."""
    rnd = Round101.from_hands(hands=[_SEAT0, h1], stock=stock, discard="10♠")
    for move in _MOVES:
        rnd.play(parse_move(move))
    return rnd


def _posterior_by_enumeration() -> dict:
    """Every deal of seat 0's unseen cards that gives the same public log, replayed: the chance of each
    (seat 1's hand, the stock top last) now, uniform over those deals."""
    import itertools

    from pianitsa101.game101 import IllegalMove

    truth = _ambiguous_round()
    log = truth.view(0).log
    unseen = ["J♥", "K♥", "8♠", "6♦", "9♥", "6♣", "10♦"]
    found: dict = {}
    for pair in itertools.combinations(unseen, 2):
        rest = [c for c in unseen if c not in pair]
        for stock in itertools.permutations(rest):
            rnd = Round101.from_hands(hands=[_SEAT0, list(map(Card.parse, pair))],
                                      stock=list(map(Card.parse, stock)), discard="10♠")
            try:
                for move in _MOVES:
                    rnd.play(parse_move(move))
            except IllegalMove:
                continue
            if rnd.view(0).log != log:
                continue
            key = (frozenset(map(str, rnd.hands[1])), tuple(str(c) for c in reversed(rnd.stock)))
            found[key] = found.get(key, 0) + 1
    total = sum(found.values())
    return {k: v / total for k, v in found.items()}


def test_a_played_card_leaves_the_hand_by_the_posterior_not_the_most_constrained_group():
    # J♥ fits both of seat 1's groups: its first cards (no ♠, no 9 among them) and the two it took
    # (anything). Pool: K♥ 6♦ 9♥ 6♣ 10♦; seat 1 holds 3 of them, the stock 2. Counting the deals:
    # J♥ was a first card: 4 x C(4,2) x 2 = 48 deals, 9♥ in the hand in 24 (1/2);
    # J♥ was a card taken: C(4,2) x 3 x 2 = 36 deals, 9♥ in the hand in 12 (1/3);
    # (each with the two cards taken merged: x2). So 9♥ is in seat 1's hand with chance
    # (96/2 + 72/3) / 168 = 3/7; "the most constrained group" (the first cards) would say 1/2.
    knows = belief(_ambiguous_round().view(0))
    assert knows.exact
    first = next(g for g, group in enumerate(knows.groups) if group.seat == 1 and not
                 group.allowed >> Card.parse("9♥").index & 1)
    assert {counts[first]: histories for counts, histories in knows.ways()} == {1: 2, 2: 2}
    rng = random.Random(17)
    n = 6000
    with_nine = sum("9♥" in map(str, knows.sample(rng)[0][1]) for _ in range(n))
    assert abs(with_nine / n - 3 / 7) < 4 * (0.25 / n) ** 0.5


@pytest.mark.parametrize("compiled", [False, True], ids=["python", "compiled"])
def test_sample_is_uniform_over_the_deals_the_log_allows(compiled):
    # Exact frequencies: every deal of the unseen cards that replays to the same public log, enumerated;
    # 20,000 seeded samples against them, chi-square (about p = 0.0005: a biased sampler fails).
    expected = _posterior_by_enumeration()
    knows = belief(_ambiguous_round().view(0))
    n = 20_000
    counts: dict = {}
    if compiled:
        np = pytest.importorskip("numpy")
        pytest.importorskip("numba")
        from pianitsa101.simulate import _playout101 as kernel
        from pianitsa101.simulate._rng import _seed_game
        from pianitsa101.strategy import _bot101

        _, split_counts, split_cum, masks, order, size, pool = _bot101.deal_arrays(knows)
        starts = np.zeros(len(knows.groups) + 1, dtype=np.int64)
        work, assigned, spare = (np.zeros(len(pool), dtype=np.int64) for _ in range(3))
        state = np.zeros(1, dtype=np.uint64)
        for d in range(n):
            _seed_game(state, np.uint64(17), np.uint64(101), d)
            _, status, _ = kernel._deal_hidden(pool, split_counts, split_cum, masks, order, size, starts,
                                               work, assigned, spare, state)
            assert status == 0
            hand, stock = set(), {}
            for g, group in enumerate(knows.groups):
                cards = [str(_card(i)) for i in assigned[starts[g]:starts[g + 1]]]
                if group.seat == 1:
                    hand |= set(cards)
                else:
                    stock[g] = cards
            layout = [stock[-e - 1].pop(0) for e in knows.stock]
            key = (frozenset(hand), tuple(layout))
            counts[key] = counts.get(key, 0) + 1
    else:
        rng = random.Random(17)
        for _ in range(n):
            hands, stock = knows.sample(rng)
            key = (frozenset(map(str, hands[1])), tuple(map(str, stock)))
            counts[key] = counts.get(key, 0) + 1
    assert _chi2(counts, expected, n) < _chi2_bound(len(expected) - 1)


def _card(index: int) -> Card:
    from pianitsa101.cards import _BY_INDEX

    return _BY_INDEX[int(index)]


def test_sample_is_uniform_where_two_groups_want_the_same_card():
    # Seat 1 holds one card of {a, b} and one of {a, c} (two groups); the stock holds the rest.
    # Filling the first group and then the second is biased ({a, c} would come half the time);
    # uniform over the three consistent hands is 1/3 each, the stock's order uniform too.
    from pianitsa101.strategy.sampling import Belief, SampleTally, SlotGroup

    a, b, c, d = (Card.parse(x) for x in ("6♠", "7♠", "8♠", "9♠"))
    bit = {x: 1 << x.index for x in (a, b, c, d)}
    knows = Belief(0, ((), ()), (SlotGroup(1, 1, bit[a] | bit[b]), SlotGroup(1, 1, bit[a] | bit[c]),
                                 SlotGroup(-1, 2, sum(bit.values()))), (-3, -3), (a, b, c, d), exact=True)
    rng = random.Random(3)
    tally = SampleTally()
    n = 12_000
    counts: dict = {}
    for _ in range(n):
        hands, stock = knows.sample(rng, tally)
        key = (frozenset(map(str, hands[1])), tuple(map(str, stock)))
        counts[key] = counts.get(key, 0) + 1
    hands_ok = [{"6♠", "7♠"}, {"6♠", "8♠"}, {"7♠", "8♠"}]
    expected = {}
    for hand in hands_ok:
        rest = [str(x) for x in (a, b, c, d) if str(x) not in hand]
        for stock in (tuple(rest), tuple(reversed(rest))):
            expected[(frozenset(hand), stock)] = 1 / 6
    assert _chi2(counts, expected, n) < _chi2_bound(len(expected) - 1)
    assert tally.deals == n and tally.fallbacks == 0 and tally.relaxed == 0 and tally.proposals > n
