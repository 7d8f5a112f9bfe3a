"""The public log and the deck in a player's view (I1), unseen_cards, and that a view hides what it must."""

from __future__ import annotations

import gc
import random
import types

import pytest

from pianitsa101.cards import Card
from pianitsa101.game101 import (
    CardsDrawn,
    Draw,
    Match101,
    Play,
    PlayerView,
    PublicDraw,
    RandomAgent,
    Round101,
    Rules101,
    unseen_cards,
)


def _random_round(seed: int, players: int, rules: Rules101 | None = None):
    """Yield a seeded random round of random moves, once before every move and once at the end."""
    rng = random.Random(seed)
    rnd = Round101.deal(players, rules=rules, seed=seed)
    while True:
        yield rnd
        if rnd.over:
            return
        moves = rnd.legal_moves()
        rnd.play(moves[rng.randrange(len(moves))])


def _public(events):
    return [e.public() if isinstance(e, CardsDrawn) else e for e in events]


def test_public_draw_text_and_cards_drawn_public():
    drawn = CardsDrawn(2, (Card.parse("7♠"), Card.parse("8♠"), Card.parse("9♥")), "penalty")
    assert drawn.public() == PublicDraw(seat=2, count=3, reason="penalty")
    assert str(drawn.public()) == "seat 2 draws 3 cards (penalty)"
    assert str(PublicDraw(1, 1, "play")) == "seat 1 draws 1 card (play)"
    assert str(PublicDraw(0, 0, "cover")) == "seat 0 draws 0 cards (cover)"


def test_view_log_is_the_round_log_with_draws_as_counts():
    for seed in range(40):
        for rnd in _random_round(seed, players=2 + seed % 4):
            views = [rnd.view(s) for s in range(rnd.players)]
            expected = _public(rnd.events)
            for view in views:
                assert list(view.log) == expected
                assert not any(isinstance(e, CardsDrawn) for e in view.log)
                assert view.deck == frozenset(rnd.cards_in_play())


def test_view_log_follows_a_stacked_penalty_and_a_draw():
    rnd = Round101.from_hands(hands=["7♠ Q♥", "8♦ 9♦"], stock="6♣ 8♣ A♦ K♥", discard="10♠")
    rnd.play(Play(Card.parse("7♠")))
    rnd.play(Draw())  # seat 1 takes the penalty: 2 cards
    log = rnd.view(0).log
    assert PublicDraw(1, 2, "penalty") in log
    assert rnd.view(1).log == log  # the same for everybody at the table
    assert [str(e) for e in log][-3:] == ["seat 1 must draw 2 (a 7 was played)",
                                          "seat 1 draws 2 cards (penalty)",
                                          "seat 1 takes the penalty: 2 of 2 cards"]


def test_view_log_of_a_copy_is_independent():
    rounds = _random_round(5, players=3)
    rnd = next(rounds)
    for _ in range(6):
        rnd = next(rounds)
    before = rnd.view(0).log
    other = rnd.copy()
    while not other.over:
        other.play(other.legal_moves()[0])
    assert rnd.view(0).log == before
    assert list(other.view(0).log) == _public(other.events)


def test_view_log_and_deck_in_a_five_and_starter_round_and_a_match():
    rules = Rules101(deal="five_and_starter", recycle="shuffle")
    for seed in range(10):
        for rnd in _random_round(seed, players=3, rules=rules):
            assert list(rnd.view(1).log) == _public(rnd.events)
    match = Match101(3, seed=4, agents=[RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    seen = []

    class Spy(RandomAgent):
        def choose(self, view, legal_moves):
            seen.append(view)
            return super().choose(view, legal_moves)

    match.agents[0] = Spy(0)
    match.play_round()
    assert seen and all(len(v.deck) == 36 for v in seen)
    assert seen[-1].log == match.result.records[-1].round.public_log[:len(seen[-1].log)]
    assert len(seen[-1].log) > len(seen[0].log)


def test_unseen_cards_are_the_stock_and_the_other_hands():
    for seed in range(40):
        for rnd in _random_round(seed, players=2 + seed % 5):
            for seat in range(rnd.players):
                hidden = set(rnd.stock)
                for other, hand in enumerate(rnd.hands):
                    if other != seat:
                        hidden.update(hand)
                assert unseen_cards(rnd.view(seat)) == hidden


def _reachable(root):
    """Every object reachable from ``root`` through references, without entering types, modules or code."""
    stop = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType,
            types.WrapperDescriptorType, types.MethodDescriptorType)
    seen = {id(root): root}
    todo = [root]
    while todo:
        obj = todo.pop()
        for ref in gc.get_referents(obj):
            if id(ref) not in seen and not isinstance(ref, stop):
                seen[id(ref)] = ref
                todo.append(ref)
    return seen


def test_a_view_leads_to_nothing_hidden():
    # Nothing reachable from a view is the round, its hands, its stock or its generator, and no
    # draw shows its cards: a bot given a view cannot find the other hands however it looks.
    for seed in range(12):
        for rnd in _random_round(seed, players=2 + seed % 3):
            if rnd.over or len(rnd.events) % 3:
                continue
            seat = rnd.to_move
            view = rnd.view(seat)
            hidden_ids = {id(rnd), id(rnd._stock), id(rnd._rng), id(rnd._hands), id(rnd.events),
                          id(rnd._public), id(rnd.__dict__)}
            hidden_ids.update(id(h) for h in rnd._hands)
            reached = _reachable(view)
            assert not hidden_ids & set(reached), f"a view of seed {seed} reaches the round's state"
            assert not any(isinstance(o, (Round101, CardsDrawn, random.Random)) for o in reached.values())
            own = set(view.hand) | set(view.discard)
            cards_shown_in_log = {e.card for e in view.log if hasattr(e, "card")}
            for obj in reached.values():
                collection = isinstance(obj, (tuple, list, set, frozenset)) and obj is not view.deck and obj
                if collection and all(isinstance(c, Card) for c in obj):
                    assert set(obj) <= own | cards_shown_in_log, "a collection of cards nobody showed"


@pytest.mark.parametrize("field", ["deck", "log"])
def test_view_fields_have_defaults(field):
    assert field in PlayerView._field_defaults
    # right after the fields views had before I1 (drawn), so older positional code still works;
    # the fields the tables need (seats, chain) come after them
    fields = PlayerView._fields
    assert fields[fields.index("drawn") + 1: fields.index("drawn") + 3] == ("deck", "log")
