"""A reviewer's probes of 101 (RULES.md R1-R26): edge cases the rule texts imply.

Every position is stacked card by card and every expectation is worked out by hand from
RULES.md. The first tests pin bugs found in review (each failed before its fix); the
others probe corners that were found to be right and should stay so.
"""

from __future__ import annotations

import random

import pytest

from pianitsa101 import Card, Rank, Suit
from pianitsa101.game101 import (
    CardPlayed,
    CardsDrawn,
    Draw,
    IllegalMove,
    Match101,
    MayAnswerAce,
    MustCover,
    Pass,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    Play,
    RandomAgent,
    Round101,
    RoundWon,
    Rules101,
    Skipped,
    StockRecycled,
    TurnPassed,
)

C = Card.parse
S, H = Suit.SPADES, Suit.HEARTS


def stacked(hands, stock="", discard="", to_move=0, obligations=None, **options) -> Round101:
    """A stacked round: rule options go to Rules101, ``obligations`` to from_hands."""
    return Round101.from_hands(hands=hands, stock=stock, discard=discard, to_move=to_move,
                               rules=Rules101(**options), **(obligations or {}))


# --- bugs found in review ------------------------------------------------------------------------


def test_R16_pending_rank_given_as_a_number_still_allows_passing_on():
    # A 7 lies on top and seat 0 owes 2 cards; holding 7♠, seat 0 may pass it on or take it (R16).
    rnd = stacked(["7♠ 9♦", "8♥ 9♥"], stock="8♣ J♣", discard="7♥",
                  obligations={"pending_draw": 2, "pending_rank": 7})
    assert rnd.pending_rank is Rank.SEVEN
    assert rnd.legal_moves() == [Play(C("7♠")), Draw()]
    assert rnd.play(Play(C("7♠"))) == [CardPlayed(0, C("7♠")), PenaltyPassedOn(0, C("7♠"), 1, 4)]


@pytest.mark.parametrize("top, obligations, rule", [
    ("9♠", {"pending_draw": 2, "pending_rank": Rank.SEVEN}, "R16"),        # no 7 on top
    ("K♥", {"pending_draw": 4, "pending_rank": Rank.KING}, "R16"),         # R15 is the K♠ only
    ("6♠", {"pending_draw": 2, "pending_rank": Rank.SIX}, "R9"),           # six='cover': a 6 is no penalty
    ("7♥", {"pending_draw": True, "pending_rank": Rank.SEVEN}, "R16"),     # a flag is not a count
])
def test_R16_a_stacked_penalty_needs_its_card_on_top_and_its_option(top, obligations, rule):
    with pytest.raises(ValueError, match=rule):
        stacked(["6♥ 7♠ 9♣", "8♦ 9♦"], stock="10♣ J♣", discard=top, obligations=obligations)


def test_R9_draw2_skip_stacked_six_penalty_is_passed_on():
    # Under six='draw2_skip' the same position is sound: seat 0 passes the 6 on, seat 1 owes 4 (R16).
    rnd = stacked(["6♥ 9♣", "8♦ 9♦"], stock="10♣ J♣ K♣ A♣", discard="6♠", six="draw2_skip",
                  obligations={"pending_draw": 2, "pending_rank": Rank.SIX})
    play = rnd.play(Play(C("6♥")))
    assert play == [CardPlayed(0, C("6♥")), PenaltyPassedOn(0, C("6♥"), 1, 4)]
    assert not rnd.must_cover and rnd.to_move == 1 and rnd.legal_moves() == [Draw()]


def test_R9_cover_refusal_names_the_queen_when_queens_are_wild():
    rnd = stacked(["6♠ Q♥ 9♣", "8♦ 9♦"], stock="10♣", discard="8♠", queen_wild=True)
    rnd.play(Play(C("6♠")))
    with pytest.raises(IllegalMove, match=r"R9: seat 0 must cover the 6♠ with a ♠ or a 6 \(R6\) or a queen"):
        rnd.play(Play(C("9♣")))


def test_R9_drawing_while_able_to_cover_is_refused_by_R9():
    rnd = stacked(["6♠ 9♠ K♦", "8♦ 9♦"], stock="10♣", discard="8♠")
    rnd.play(Play(C("6♠")))
    with pytest.raises(IllegalMove, match=r"R9: seat 0 can cover the 6♠ \(9♠\) and may not draw"):
        rnd.play(Draw())
    assert rnd.must_cover and rnd.hands[0] == (C("9♠"), C("K♦")) and rnd.stock == (C("10♣"),)


# --- corners probed and found right --------------------------------------------------------------


def test_R9_six_as_last_card_must_be_covered_and_the_cover_wins():
    rnd = stacked(["6♠", "8♦ 9♦"], stock="10♠ J♣", discard="8♠")
    assert rnd.play(Play(C("6♠"))) == [CardPlayed(0, C("6♠")), MustCover(0, C("6♠"))]
    assert not rnd.over and rnd.to_move == 0 and rnd.legal_moves() == [Draw()]
    assert rnd.play(Draw()) == [CardsDrawn(0, (C("10♠"),), "cover")]
    assert rnd.play(Play(C("10♠")))[-1] == RoundWon(0)
    assert rnd.points() == [0, 8 + 9]  # R19: 8♦ 9♦


def test_R9_cover_with_stock_exhausted_recycles_the_pile_under_the_six():
    # Discard 10♥ 9♠, seat 0 plays 6♠ on 9♠: the stock is empty, so 10♥ 9♠ become the stock (R8, flipped:
    # the bottom card 10♥ on top); 10♥ cannot cover 6♠, 9♠ can.
    rnd = stacked(["6♠ K♦", "8♦ 9♦"], discard="10♥ 9♠")
    rnd.play(Play(C("6♠")))
    assert rnd.play(Draw()) == [StockRecycled(2, False), CardsDrawn(0, (C("10♥"), C("9♠")), "cover")]
    assert rnd.legal_moves() == [Play(C("9♠"))] and rnd.discard == (C("6♠"),)


def test_R8_recycle_with_only_the_top_card_draws_nothing_and_passes():
    rnd = stacked(["8♦ 9♦", "7♥ 9♥"], discard="J♠", draw="one")
    assert rnd.play(Draw()) == [CardsDrawn(0, (), "play"), TurnPassed(0)]
    assert rnd.to_move == 1 and rnd.discard == (C("J♠"),)


def test_R7_draw_until_playable_through_a_recycle_then_gives_up():
    # Stock 8♦; discard 9♣ 10♥ J♠: seat 0 (hearts-less, no J) draws 8♦, then the pile under J♠ is turned
    # over (9♣ on top, then 10♥): 9♣ and 10♥ do not go on J♠ either, and nothing is left: the turn passes.
    rnd = stacked(["8♣ 9♦", "7♥ 9♥"], stock="8♦", discard="9♣ 10♥ J♠")
    assert rnd.play(Draw()) == [CardsDrawn(0, (C("8♦"),), "play"), StockRecycled(2, False),
                                CardsDrawn(0, (C("9♣"), C("10♥")), "play"), TurnPassed(0)]
    assert rnd.to_move == 1 and len(rnd.hands[0]) == 5
    rnd.check_cards()


def test_R16_chain_reaching_an_empty_stock_draws_what_there_is():
    # 7♥ (2) passed on with 7♠ (double: 4) to seat 2, who finds one card in the stock and 8♠ under the top.
    rnd = stacked(["7♠ K♦", "9♥", "J♦ 10♦"], stock="A♣", discard="8♠ 7♦",
                  obligations={"pending_draw": 2, "pending_rank": Rank.SEVEN})
    rnd.play(Play(C("7♠")))
    assert rnd.to_move == 1 and rnd.pending_draw == 4
    assert rnd.play(Draw()) == [CardsDrawn(1, (C("A♣"),), "penalty"), StockRecycled(2, False),
                                CardsDrawn(1, (C("8♠"), C("7♦")), "penalty"), PenaltyTaken(1, 4, 3)]
    assert rnd.to_move == 2 and rnd.discard == (C("7♠"),)


@pytest.mark.parametrize("chain, spade_first, expected", [
    ("double", False, [2, 4, 8]), ("add", False, [2, 6, 8]),
    ("double", True, [4, 8, 16]), ("add", True, [4, 6, 8]),
])
def test_R10_R16_seven_of_spades_in_a_chain(chain, spade_first, expected):
    # seven_of_spades_draw=4; the first seven is played, then the next two players pass it on.
    first, second = ("7♠", "7♥") if spade_first else ("7♥", "7♠")
    rnd = stacked([f"{first} 9♣", f"{second} 9♦", "7♦ 9♥", "K♣ K♥"], discard="8♣ 7♣",
                  seven_of_spades_draw=4, chain=chain)
    seen = []
    for card in (first, second, "7♦"):
        rnd.play(Play(C(card)))
        seen.append(rnd.pending_draw)
    assert seen == expected and rnd.to_move == 3


def test_R11_R12_two_players_ace_answered_by_ace_gives_the_answerer_another_turn():
    rnd = stacked(["A♠ 9♦", "A♥ 9♥"], stock="8♣", discard="9♠")
    rnd.play(Play(C("A♠")))
    assert rnd.to_move == 1 and rnd.legal_moves() == [Play(C("A♥")), Pass()]
    # seat 0 has no ace left: passed over, after the same MayAnswerAce as one who holds one (R17)
    assert rnd.play(Play(C("A♥"))) == [CardPlayed(1, C("A♥")), MayAnswerAce(0, C("A♥")), Skipped(0)]
    assert rnd.to_move == 1


def test_R12_aces_answered_around_the_table_skip_the_first_player_without_one():
    # 4 players: seat 0's ace is answered by seats 1 and 2; seat 3 holds no ace and is passed over (R17).
    rnd = stacked(["A♠ 9♦", "A♥ 9♥", "A♦ 9♣", "8♣ 8♦"], stock="8♠", discard="9♠")
    rnd.play(Play(C("A♠")))
    assert rnd.to_move == 1 and rnd.skip_to_answer and rnd.legal_moves() == [Play(C("A♥")), Pass()]
    rnd.play(Play(C("A♥")))
    assert rnd.to_move == 2 and rnd.legal_moves() == [Play(C("A♦")), Pass()]
    assert rnd.play(Play(C("A♦"))) == [CardPlayed(2, C("A♦")), MayAnswerAce(3, C("A♦")), Skipped(3)]
    assert rnd.to_move == 0 and not rnd.skip_to_answer


def test_R14_wild_queen_ordered_suit_replaces_the_queens_suit():
    # Q♣ orders ♥ with queen_wild: 9♣ (the queen's suit) no longer goes; ♥ or any queen does.
    rnd = stacked(["Q♣ 8♠", "9♣ 9♥ Q♦", "8♣ 8♥"], discard="10♠", queen_wild=True)
    rnd.play(Play(C("Q♣"), H))
    assert rnd.legal_moves() == [Play(C("9♥"))] + [Play(C("Q♦"), s) for s in Suit]
    with pytest.raises(IllegalMove, match="R14: must play ♥ or a queen after Q♣ ordered ♥"):
        rnd.play(Play(C("9♣")))


def test_R12_ace_skip_reaches_past_a_ten_reversed_table():
    # 4 players, direction reversed: seat 0's ace skips seat 3, seat 2 moves.
    rnd = stacked(["A♠ 9♦", "8♣ 9♣", "8♥ 9♥", "8♦ A♦"], stock="8♠", discard="9♠",
                  obligations={"direction": -1}, ace="skip")
    assert rnd.play(Play(C("A♠"))) == [CardPlayed(0, C("A♠")), Skipped(3)]
    assert rnd.to_move == 2


def test_R13_ten_two_players_no_reversal_three_players_reversal():
    two = stacked(["10♠ 9♦", "8♥ 9♥"], discard="9♠")
    assert two.play(Play(C("10♠"))) == [CardPlayed(0, C("10♠"))]
    assert two.to_move == 1 and two.direction == 1
    three = stacked(["10♠ 9♦", "8♥ 9♥", "8♣ 9♣"], discard="9♠")
    three.play(Play(C("10♠")))
    assert three.to_move == 2 and three.direction == -1


def test_R14_queen_on_queen_orders_again_and_the_old_order_ends():
    rnd = stacked(["Q♣ 9♦", "Q♦ 9♥", "8♠ 8♥ 8♣"], discard="9♣")
    rnd.play(Play(C("Q♣"), H))
    assert rnd.legal_moves() == [Play(C("Q♦"), s) for s in Suit] + [Play(C("9♥"))]
    rnd.play(Play(C("Q♦"), S))
    assert rnd.ordered_suit is S and rnd.legal_moves() == [Play(C("8♠"))]


def test_R15_king_of_spades_as_last_card_still_hits_the_next_player():
    rnd = stacked(["K♠", "7♥ 9♦", "8♣ 9♣"], stock="10♣ J♣ 10♦ J♦", discard="K♥")
    events = rnd.play(Play(C("K♠")))
    assert events == [CardPlayed(0, C("K♠")), PenaltyPending(1, 4, Rank.KING, C("K♠"), 0),
                      CardsDrawn(1, (C("10♣"), C("J♣"), C("10♦"), C("J♦")), "penalty"),
                      PenaltyTaken(1, 4, 4), RoundWon(0)]
    assert rnd.points() == [0, 7 + 9 + 10 + 2 + 10 + 2, 8 + 9]


def test_R18_last_seven_without_last_card_effects_hits_nobody():
    rnd = stacked(["7♠", "7♥ 9♦"], stock="10♣ J♣", discard="9♠", last_card_effects=False)
    assert rnd.play(Play(C("7♠"))) == [CardPlayed(0, C("7♠")), RoundWon(0)]
    assert rnd.stock == (C("10♣"), C("J♣")) and rnd.points() == [0, 16]


def test_R24_refused_moves_change_nothing_in_any_obligation():
    rnd = stacked(["7♠ 9♦", "8♥ 9♥"], stock="8♣ J♣", discard="7♥",
                  obligations={"pending_draw": 2, "pending_rank": Rank.SEVEN})
    before = (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.pending_draw, len(rnd.events))
    for move in (Play(C("9♦")), Pass(), Play(C("8♥")), "jump", Play(C("7♠"), S)):  # "7♠" is a legal text move
        with pytest.raises(IllegalMove, match=r"^R\d"):
            rnd.play(move)
        assert (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.pending_draw, len(rnd.events)) == before


def test_R23_R26_elimination_match_seats_and_abandoned_round_replay():
    # Six random bots under elimination: every round is dealt to the players still in, in seat order;
    # after an abandoned round (R26) the same first player starts again and nobody scored.
    bots = [RandomAgent(seed=i) for i in range(6)]
    match = Match101(6, 36, Rules101(match="elimination"), seed=4, agents=bots)
    result = match.play()
    active, totals = list(range(6)), [0] * 6
    abandoned = 0
    for before, rec in zip((None, *result.records), result.records, strict=False):
        assert rec.seats == tuple(active)
        if before is not None:
            assert rec.first == (before.first if before.abandoned else before.winner)
        abandoned += rec.abandoned
        for seat in active:
            totals[seat] += rec.points[seat]
            totals[seat] = 0 if totals[seat] == 101 else totals[seat]
        assert rec.totals == tuple(totals)
        active = [s for s in active if totals[s] <= 101]
    assert abandoned >= 1 and result.winner == active[0] and len(active) == 1
    again = Match101.from_json(match.to_json())
    assert again.result.totals == result.totals and again.result.losers == result.losers


def test_R4_match_record_whose_round_was_not_dealt_by_the_seed_is_refused():
    # The record claims the seed's (seats, first, seed), but its first round starts from other hands.
    match = Match101(2, 36, seed=11, agents=[RandomAgent(seed=1), RandomAgent(seed=2)])
    match.play_round()
    data = match.to_dict()
    hands = data["rounds"][0]["round"]["start"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]  # swap the two hands: still a valid deal, not this seed's
    with pytest.raises(ValueError, match="round 1 of the record does not start as the match seed deals it"):
        Match101.from_json(data)
    data["rounds"][0]["round"]["start"]["hands"] = match.to_dict()["rounds"][0]["round"]["start"]["hands"]
    data["rounds"][0]["round"]["rules"]["seven_draw"] = 4  # the round played under other rules
    with pytest.raises(ValueError, match="round 1 of the record does not start as the match seed deals it"):
        Match101.from_json(data)


def _index(card: Card) -> int:
    return card.index


@pytest.mark.parametrize("seed", range(24))
def test_R25_events_alone_rebuild_hands_stock_size_and_discard_pile(seed):
    # A widget that knows the position after the deal and then reads only the events of each move must
    # arrive at the engine's state: every card played, drawn or recycled is told (R7, R8, R9, R17).
    rng = random.Random(seed)
    rules = Rules101(draw=rng.choice(["until_playable", "one"]), recycle=rng.choice(["flip", "shuffle"]),
                     six=rng.choice(["cover", "cover_any", "draw2_skip", "draw1_skip"]),
                     deal=rng.choice(["four", "five_and_starter"]),
                     chain=rng.choice(["double", "add", "off"]),
                     queen_wild=rng.random() < 0.5, flush_queens=rng.random() < 0.5,
                     last_card_effects=rng.random() < 0.5)
    rnd = Round101.deal(2 + seed % 5, rng.choice([36, 52]), rules, seed=seed)
    hands = [sorted(h, key=_index) for h in rnd.hands]
    stock, discard = len(rnd.stock), list(rnd.discard)
    while not rnd.over:
        for event in rnd.play(rng.choice(rnd.legal_moves())):
            if isinstance(event, CardPlayed):
                hands[event.seat].remove(event.card)
                discard.append(event.card)
            elif isinstance(event, CardsDrawn):
                hands[event.seat] = sorted(hands[event.seat] + list(event.cards), key=_index)
                stock -= len(event.cards)
            elif isinstance(event, StockRecycled):
                assert stock == 0 and event.cards == len(discard) - 1
                stock, discard = event.cards, discard[-1:]
        assert [sorted(h, key=_index) for h in rnd.hands] == hands
        assert stock == len(rnd.stock) and tuple(discard) == rnd.discard


def test_R1_match_takes_a_deck_written_as_text_like_a_round_does():
    text = "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♥ 7♥ 8♥"
    match = Match101(2, deck=text, seed=1, agents=[RandomAgent(seed=1), RandomAgent(seed=2)])
    assert match.deck == tuple(Card.parse(t) for t in text.split())
    rnd = match.play_round()
    assert sorted(c.index for c in rnd.cards_in_play()) == sorted(Card.parse(t).index for t in text.split())


@pytest.mark.parametrize("top, text", [("A♠", "play a ♠ or an A"), ("8♠", "play a ♠ or an 8"),
                                       ("9♠", "play a ♠ or a 9")])
def test_R24_R6_refusal_reads_as_english(top, text):
    rnd = stacked(["7♥ 7♠", "8♦ 9♦"], discard=top)
    with pytest.raises(IllegalMove, match=f"R6: 7♥ cannot go on {top}: {text}."):
        rnd.play(Play(C("7♥")))
