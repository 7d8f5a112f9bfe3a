"""One stacked scenario per rule of 101 (RULES.md R1-R21, R24-R26), each option value included.

Hands, stock (top first) and discard pile (bottom first) are given card by card, so every
expectation below is worked out by hand from the rules.
"""

from __future__ import annotations

import random

import pytest

from pianitsa101 import Card, Rank, Suit, cards, make_deck
from pianitsa101.game101 import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    Draw,
    FlushQueens,
    IllegalMove,
    MayAnswerAce,
    MustCover,
    Pass,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    Play,
    Redeal,
    Round101,
    RoundAbandoned,
    RoundWon,
    Rules101,
    Skipped,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)

C = Card.parse
S, CL, D, H = Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS


def stacked(hands, stock="", discard="", to_move=0, **options) -> Round101:
    """A stacked round; rule options go to Rules101, obligations to from_hands."""
    obligations = {k: options.pop(k) for k in list(options)
                   if k in ("direction", "ordered_suit", "pending_draw", "pending_rank", "must_cover",
                            "skip_to_answer", "seed")}
    return Round101.from_hands(hands=hands, stock=stock, discard=discard, to_move=to_move,
                               rules=Rules101(**options), **obligations)


def play(rnd: Round101, text: str, suit: Suit | None = None) -> list:
    return rnd.play(Play(C(text), suit))


def hand(rnd: Round101, seat: int) -> set[Card]:
    return set(rnd.hands[seat])


# --- R1-R5: deal and start -------------------------------------------------------------------------


def test_R1_two_to_six_players_with_36_or_52_cards():
    for players in (2, 6):
        for deck in (36, 52):
            rnd = Round101.deal(players, deck=deck, seed=1)
            assert len(rnd.hands) == players
            assert len(rnd.cards_in_play()) == deck
    for players in (1, 7):
        with pytest.raises(ValueError, match="R1: 101 is played by 2 to 6 players"):
            Round101.deal(players, seed=1)
    with pytest.raises(ValueError, match=r"R1: .*36- or 52-card deck"):
        Round101.deal(3, deck=32, seed=1)


def test_R2_four_cards_each_dealt_one_at_a_time_from_the_first_player():
    rng = random.Random(11)
    rnd = Round101.deal(3, seed=11, first=1)
    order = list(make_deck(36))
    rng.shuffle(order)  # the first player is given, so the generator only shuffles
    assert not any(isinstance(e, Redeal) for e in rnd.events)
    # one card at a time: seat 1 gets the 1st, 4th, 7th, 10th card, seat 2 the 2nd, ..., seat 0 the 3rd, ...
    assert rnd.hands[1] == tuple(order[0:12:3])
    assert rnd.hands[2] == tuple(order[1:12:3])
    assert rnd.hands[0] == tuple(order[2:12:3])
    assert rnd.stock == tuple(order[12:])
    assert rnd.discard == () and rnd.top is None and rnd.to_move == 1


def test_R2_five_and_starter_dealer_turns_up_his_fifth_card():
    rules = Rules101(deal="five_and_starter")
    rnd = Round101.deal(4, rules=rules, seed=3, first=2)
    order = list(make_deck(36))
    random.Random(3).shuffle(order)
    assert not any(isinstance(e, Redeal) for e in rnd.events)
    # five rounds of one card from the dealer (seat 2) on; the dealer's fifth card is turned up
    assert rnd.hands[2] == tuple(order[0:16:4])
    assert rnd.hands[3] == tuple(order[1:20:4])
    assert rnd.hands[0] == tuple(order[2:20:4])
    assert rnd.hands[1] == tuple(order[3:20:4])
    assert rnd.discard == (order[16],) and rnd.stock == tuple(order[20:])
    dealt = [e for e in rnd.events if not isinstance(e, Redeal)]
    assert dealt[0] == StarterTurnedUp(2, rnd.discard[0])  # the dealer's first move (its own event)
    assert rnd.starter == rnd.discard[0]
    assert rnd.moves == []  # ... made by the deal, not a decision


def _starter_round(rank: Rank, rules: Rules101, players: int = 3) -> Round101:
    """The first seeded deal whose turned-up starter card has ``rank``."""
    for seed in range(2000):
        rnd = Round101.deal(players, rules=rules, seed=seed, first=0)
        if rnd.discard[0].rank is rank:
            return rnd
    raise AssertionError(f"no starter {rank!r} found")


def test_R2_starter_effects_apply():
    rules = Rules101(deal="five_and_starter")
    seven = _starter_round(Rank.SEVEN, rules)
    assert (seven.to_move, seven.pending_draw, seven.pending_rank) == (1, 2, Rank.SEVEN)
    six = _starter_round(Rank.SIX, rules)
    assert six.to_move == 0 and six.must_cover  # the dealer covers his own 6 (R9)
    ten = _starter_round(Rank.TEN, rules)
    assert ten.direction == -1 and ten.to_move == 2
    queen = _starter_round(Rank.QUEEN, rules)
    assert queen.ordered_suit is queen.discard[0].suit  # Decided: a turned-up queen orders its own suit
    assert SuitOrdered(0, queen.discard[0].suit) in queen.events
    ace = _starter_round(Rank.ACE, Rules101(deal="five_and_starter", ace="skip"))
    assert ace.to_move == 2 and Skipped(1) in ace.events


def test_R3_four_of_a_kind_in_a_hand_means_a_redeal():
    deck = cards("9♠ 9♣ 9♦ 9♥ J♠ J♣ J♦ J♥")  # two hands of four: 2 deals in 70 give someone four nines
    redeals = 0
    for seed in range(300):
        rnd = Round101.deal(2, deck=deck, seed=seed)
        for h in rnd.hands:
            assert len({c.rank for c in h}) > 1, "a hand of four of a kind was not redealt"
        events = [e for e in rnd.events if isinstance(e, Redeal)]
        assert rnd.events[: len(events)] == events  # redeals come first in the log
        redeals += len(events)
        for e in events:
            assert e.rank in (Rank.NINE, Rank.JACK)
    assert redeals > 0


def test_R4_first_player_is_drawn_at_random_and_leads_any_card():
    firsts = {Round101.deal(3, seed=seed).to_move for seed in range(40)}
    assert firsts == {0, 1, 2}
    assert Round101.deal(3, seed=7).hands == Round101.deal(3, seed=7).hands  # reproducible
    assert Round101.deal(3, seed=7, first=2).to_move == 2
    rnd = stacked(["9♠ K♦ 6♣ A♥", "8♦ 9♦ 10♦ J♦"])
    assert set(rnd.legal_moves()) == {Play(c) for c in cards("9♠ K♦ 6♣ A♥")}


def test_R5_play_goes_clockwise():
    rnd = stacked(["9♠ K♦", "9♦ J♦", "9♣ J♣"], discard="8♠")
    play(rnd, "9♠")
    assert rnd.to_move == 1
    play(rnd, "9♦")
    assert rnd.to_move == 2


# --- R6-R8: a turn ----------------------------------------------------------------------------------


def test_R6_same_suit_or_same_rank():
    rnd = stacked(["9♦ K♣ 8♥ J♠", "8♦ 9♥"], discard="9♣")
    assert set(rnd.legal_moves()) == {Play(C("9♦")), Play(C("K♣"))}
    with pytest.raises(IllegalMove, match=r"R6: 8♥ cannot go on 9♣: play a ♣ or a 9"):
        play(rnd, "8♥")


def test_R7_draw_until_playable_then_play_only_that_card():
    rnd = stacked(["8♥ J♦", "9♥ 10♥"], stock="K♦ A♦ 10♠ 7♥", discard="9♠")
    assert rnd.legal_moves() == [Draw()]
    events = rnd.play(Draw())
    assert events == [CardsDrawn(0, (C("K♦"), C("A♦"), C("10♠")), "play")]
    assert rnd.drawn == C("10♠") and rnd.to_move == 0
    assert rnd.legal_moves() == [Play(C("10♠"))]
    with pytest.raises(IllegalMove, match="R7: after drawing, only the drawn card 10♠"):
        rnd.play(Pass())
    play(rnd, "10♠")
    assert rnd.to_move == 1 and rnd.stock == (C("7♥"),)


def test_R7_may_not_draw_while_holding_a_playable_card():
    rnd = stacked(["8♥ J♠", "9♥ 10♥"], stock="K♦", discard="9♠")
    with pytest.raises(IllegalMove, match=r"R7: seat 0 holds a playable card \(J♠\) and may not draw"):
        rnd.play(Draw())


def test_R7_draw_one_unplayable_passes_the_turn():
    rnd = stacked(["8♥ J♦", "9♥ 10♥"], stock="K♦ 10♠", discard="9♠", draw="one")
    assert rnd.play(Draw()) == [CardsDrawn(0, (C("K♦"),), "play"), TurnPassed(0)]
    assert rnd.to_move == 1 and C("K♦") in hand(rnd, 0)


def test_R7_draw_one_playable_may_be_played_or_kept():
    rnd = stacked(["8♥ J♦", "9♥ 10♥"], stock="10♠ K♦", discard="9♠", draw="one")
    rnd.play(Draw())
    assert rnd.legal_moves() == [Play(C("10♠")), Pass()]
    kept = rnd.copy()
    assert kept.play(Pass()) == [TurnPassed(0)]
    assert kept.to_move == 1 and C("10♠") in hand(kept, 0)
    play(rnd, "10♠")
    assert rnd.top == C("10♠")


def test_R7_nothing_left_to_draw_passes_the_turn():
    rnd = stacked(["8♥ J♦", "9♥ 10♥"], discard="9♠")
    assert rnd.play(Draw()) == [CardsDrawn(0, (), "play"), TurnPassed(0)]
    assert rnd.to_move == 1


def test_R8_flip_turns_the_discard_pile_over():
    rnd = stacked(["8♥ J♦", "9♥ 10♥"], discard="A♣ K♣ 8♣ 9♠", draw="one")
    events = rnd.play(Draw())
    # the bottom card of the discard pile (A♣) becomes the top of the stock; 9♠ stays on the table
    assert events == [StockRecycled(3, False), CardsDrawn(0, (C("A♣"),), "play"), TurnPassed(0)]
    assert rnd.stock == (C("K♣"), C("8♣")) and rnd.discard == (C("9♠"),)


def test_R8_shuffle_shuffles_the_new_stock_with_the_rounds_generator():
    drawn = set()
    for seed in range(20):
        rnd = stacked(["8♥ J♦", "9♥ 10♥"], discard="A♣ K♣ 8♣ 2♣ 3♣ 9♠", draw="one", recycle="shuffle",
                      seed=seed)
        events = rnd.play(Draw())
        assert events[0] == StockRecycled(5, True)
        drawn.add(events[1].cards[0])
        again = stacked(["8♥ J♦", "9♥ 10♥"], discard="A♣ K♣ 8♣ 2♣ 3♣ 9♠", draw="one", recycle="shuffle",
                        seed=seed)
        again.play(Draw())
        assert again.stock == rnd.stock  # the same seed, the same shuffle
        rnd.check_cards()
    assert len(drawn) >= 3  # flipping would always give A♣


def test_R8_a_penalty_takes_only_the_cards_there_are():
    rnd = stacked(["8♥ J♦", "9♥ 10♥", "9♣ 10♣"], stock="K♦", discard="A♣ 7♠", to_move=0,
                  pending_draw=4, pending_rank=Rank.SEVEN)
    events = rnd.play(Draw())
    assert events == [CardsDrawn(0, (C("K♦"),), "penalty"), StockRecycled(1, False),
                      CardsDrawn(0, (C("A♣"),), "penalty"), PenaltyTaken(0, 4, 2)]
    assert rnd.to_move == 1 and rnd.pending_draw == 0


# --- R9-R16: special cards ----------------------------------------------------------------------------


def test_R9_cover_the_six_at_once_by_R6():
    rnd = stacked(["6♠ 9♠ K♦ 6♦", "9♥ 10♥"], discard="8♠")
    play(rnd, "6♠")
    assert rnd.to_move == 0 and rnd.must_cover
    assert set(rnd.legal_moves()) == {Play(C("9♠")), Play(C("6♦"))}
    with pytest.raises(IllegalMove, match="R9: seat 0 must cover the 6♠ with a ♠ or a 6"):
        play(rnd, "K♦")
    play(rnd, "6♦")  # a 6 on a 6 must be covered again, now by a ♦ or a 6
    assert rnd.to_move == 0 and rnd.must_cover
    assert rnd.legal_moves() == [Play(C("K♦"))]


def test_R9_cover_draws_until_it_can_whatever_the_draw_option():
    rnd = stacked(["6♠ K♦", "9♥ 10♥"], stock="8♥ J♣ 10♠ A♦", discard="8♠", draw="one")
    play(rnd, "6♠")
    assert rnd.legal_moves() == [Draw()]
    assert rnd.play(Draw()) == [CardsDrawn(0, (C("8♥"), C("J♣"), C("10♠")), "cover")]
    assert rnd.legal_moves() == [Play(C("10♠"))]  # no Pass, even with draw="one"
    play(rnd, "10♠")
    assert not rnd.must_cover and rnd.to_move == 1


def test_R9_a_round_cannot_be_won_by_a_six():
    rnd = stacked(["6♠", "9♥ 10♥"], stock="9♦ K♥ 9♠", discard="8♠")
    assert rnd.play(Play(C("6♠"))) == [CardPlayed(0, C("6♠")), MustCover(0, C("6♠"))]
    assert not rnd.over and rnd.legal_moves() == [Draw()]
    rnd.play(Draw())
    assert rnd.hands[0] == (C("9♦"), C("K♥"), C("9♠"))
    play(rnd, "9♠")
    assert not rnd.over and rnd.to_move == 1


def test_R9_uncovered_six_when_nothing_can_be_drawn():
    rnd = stacked(["6♠ K♦", "9♥ 10♥"])  # empty table, empty stock
    play(rnd, "6♠")
    assert rnd.play(Draw()) == [CardsDrawn(0, (), "cover"), TurnPassed(0)]
    assert not rnd.must_cover and rnd.to_move == 1 and rnd.top == C("6♠")
    lonely = stacked(["6♠", "9♥ 10♥"])
    play(lonely, "6♠")
    assert lonely.play(Draw()) == [CardsDrawn(0, (), "cover"), RoundWon(0)]  # R18: no cards, no obligation
    assert lonely.winner == 0


def test_R9_cover_any_takes_any_card():
    rnd = stacked(["6♠ K♦", "9♥ 10♥"], discard="8♠", six="cover_any")
    play(rnd, "6♠")
    assert rnd.legal_moves() == [Play(C("K♦"))]
    last = stacked(["6♠", "9♥ 10♥"], stock="K♦ 9♠", discard="8♠", six="cover_any")
    play(last, "6♠")
    assert last.play(Draw()) == [CardsDrawn(0, (C("K♦"),), "cover")]
    assert last.legal_moves() == [Play(C("K♦"))]


@pytest.mark.parametrize(("six", "amount"), [("draw2_skip", 2), ("draw1_skip", 1)])
def test_R9_draw_skip_sixes_are_penalties(six, amount):
    rnd = stacked(["6♠ K♦", "9♥ 6♥", "9♣ 10♣"], stock="A♦ J♦ 8♦ 8♣", discard="8♠", six=six)
    assert play(rnd, "6♠") == [CardPlayed(0, C("6♠")), PenaltyPending(1, amount, Rank.SIX, C("6♠"), 0)]
    assert not rnd.must_cover and rnd.to_move == 1
    assert set(rnd.legal_moves()) == {Play(C("6♥")), Draw()}
    taker = rnd.copy()
    taker.play(Draw())
    assert len(taker.hands[1]) == 2 + amount and taker.to_move == 2
    assert play(rnd, "6♥")[-1] == PenaltyPassedOn(1, C("6♥"), 2, 2 * amount)


@pytest.mark.parametrize(("seven_draw", "spades", "expect_heart", "expect_spade"),
                         [(2, None, 2, 2), (4, None, 4, 4), (2, 4, 2, 4)])
def test_R10_seven_makes_the_next_player_draw(seven_draw, spades, expect_heart, expect_spade):
    for card, expected in (("7♥", expect_heart), ("7♠", expect_spade)):
        rnd = stacked([f"{card} K♦", "9♥ 10♥", "9♣ 10♣"], stock="A♦ J♦ 8♦ 8♣ 9♦", discard="8♠ 7♣",
                      seven_draw=seven_draw, seven_of_spades_draw=spades)
        assert play(rnd, card)[-1] == PenaltyPending(1, expected, Rank.SEVEN, C(card), 0)
        rnd.play(Draw())
        assert len(rnd.hands[1]) == 2 + expected
        assert rnd.to_move == 2  # and seat 1 lost the turn


def test_R11_with_two_players_the_player_who_skips_plays_again():
    seven = stacked(["7♠ K♠", "9♥ 10♥"], stock="A♦ J♦", discard="8♠")
    play(seven, "7♠")
    seven.play(Draw())
    assert seven.to_move == 0
    ace = stacked(["A♠ K♠", "9♥ 10♥"], discard="8♠")
    assert play(ace, "A♠") == [CardPlayed(0, C("A♠")), MayAnswerAce(1, C("A♠")), Skipped(1)]
    assert ace.to_move == 0
    king = stacked(["K♠ 9♠", "9♥ 10♥"], stock="A♦ J♦ 8♦ 8♣", discard="8♠")
    play(king, "K♠")
    king.play(Draw())
    assert king.to_move == 0


def test_R12_an_ace_may_be_answered_with_an_ace():
    rnd = stacked(["A♠ K♠", "9♥ A♥", "9♣ 10♣"], discard="8♠")
    assert play(rnd, "A♠") == [CardPlayed(0, C("A♠")), MayAnswerAce(1, C("A♠"))]
    assert rnd.to_move == 1 and rnd.skip_to_answer
    assert rnd.legal_moves() == [Play(C("A♥")), Pass()]
    passer = rnd.copy()
    assert passer.play(Pass()) == [Skipped(1)]
    assert passer.to_move == 2
    # answering passes the skip on: seat 2 has no ace and is passed over automatically (R17)
    assert play(rnd, "A♥") == [CardPlayed(1, C("A♥")), MayAnswerAce(2, C("A♥")), Skipped(2)]
    assert rnd.to_move == 0


def test_R12_ace_skip_allows_no_answer():
    rnd = stacked(["A♠ K♠", "9♥ A♥", "9♣ 10♣"], discard="8♠", ace="skip")
    assert play(rnd, "A♠") == [CardPlayed(0, C("A♠")), Skipped(1)]
    assert rnd.to_move == 2


def test_R13_ten_reverses_the_direction():
    rnd = stacked(["10♠ K♠", "9♥ A♥", "9♣ 10♣"], discard="8♠")
    assert play(rnd, "10♠") == [CardPlayed(0, C("10♠")), DirectionReversed(0, -1)]
    assert rnd.direction == -1 and rnd.to_move == 2
    play(rnd, "10♣")
    assert rnd.direction == 1 and rnd.to_move == 0
    two = stacked(["10♠ K♠", "9♥ A♥"], discard="8♠")
    assert play(two, "10♠") == [CardPlayed(0, C("10♠"))]  # no effect with two players
    assert two.direction == 1 and two.to_move == 1


def test_R14_queen_orders_a_suit():
    rnd = stacked(["Q♣ K♠", "9♥ 9♣ Q♦ J♣ 8♥", "9♦ 10♣"], discard="8♣")
    assert play(rnd, "Q♣", H) == [CardPlayed(0, C("Q♣")), SuitOrdered(0, H)]
    assert rnd.ordered_suit is H
    assert set(rnd.legal_moves()) == {Play(C("9♥")), Play(C("8♥"))} | {Play(C("Q♦"), s) for s in Suit}
    with pytest.raises(IllegalMove, match="R14: must play ♥ or a queen after Q♣ ordered ♥"):
        play(rnd, "J♣")
    with pytest.raises(IllegalMove, match="R14: a queen orders a suit"):
        rnd.play(Play(C("Q♦")))
    play(rnd, "8♥")
    assert rnd.ordered_suit is None


def test_R14_queen_wild_goes_on_any_card():
    plain = stacked(["Q♦ K♠", "9♥ 10♥"], discard="9♠")
    assert plain.legal_moves() == [Play(C("K♠"))]
    wild = stacked(["Q♦ K♥", "9♥ 10♥"], discard="9♠", queen_wild=True)
    assert set(wild.legal_moves()) == {Play(C("Q♦"), s) for s in Suit}


def test_R15_king_of_spades_draw_four_no_passing_on():
    rnd = stacked(["K♠ 9♠", "9♥ 7♠ K♥", "9♣ 10♣"], stock="A♦ J♦ 8♦ 8♣ 9♦", discard="8♠")
    assert play(rnd, "K♠")[-1] == PenaltyPending(1, 4, Rank.KING, C("K♠"), 0)
    assert rnd.legal_moves() == [Draw()]
    with pytest.raises(IllegalMove, match="R15"):
        play(rnd, "K♥")
    rnd.play(Draw())
    assert len(rnd.hands[1]) == 7 and rnd.to_move == 2
    other = stacked(["K♥ 9♠", "9♥ 10♥", "9♣ 10♣"], discard="8♥")
    play(other, "K♥")
    assert other.pending_draw == 0 and other.to_move == 1


def _chain(chain: str, **options) -> list[int]:
    rnd = stacked(["7♥ 9♠", "7♠ 9♥", "7♦ 9♣", "7♣ J♣"], stock="A♦ J♦ 8♦ 8♣ 9♦ 10♦ K♦ Q♣ A♣ 10♣",
                  discard="8♥", chain=chain, **options)
    amounts = [play(rnd, "7♥")[-1].amount]
    for seat, card in ((1, "7♠"), (2, "7♦")):
        if Play(C(card)) not in rnd.legal_moves():
            break
        assert rnd.to_move == seat
        amounts.append(play(rnd, card)[-1].amount)
    return amounts


def test_R16_double_chain_doubles():
    assert _chain("double") == [2, 4, 8]


def test_R16_add_chain_grows_by_card_amount():
    assert _chain("add") == [2, 4, 6]
    assert _chain("add", seven_of_spades_draw=4) == [2, 6, 8]  # 7♠ adds its own 4


def test_R16_chain_off_means_taking_the_penalty():
    rnd = stacked(["7♥ 9♠", "7♠ 9♥", "7♦ 9♣"], stock="A♦ J♦ 8♦", discard="8♥", chain="off")
    play(rnd, "7♥")
    assert rnd.legal_moves() == [Draw()]
    with pytest.raises(IllegalMove, match="R16: seat 1 must draw 2"):
        play(rnd, "7♠")


def test_R16_while_a_penalty_is_pending_only_passing_on_or_taking():
    rnd = stacked(["7♥ 9♠", "7♠ 9♥ 8♥ A♥", "7♦ 9♣"], stock="A♦ J♦ 8♦", discard="10♥")
    play(rnd, "7♥")
    assert set(rnd.legal_moves()) == {Play(C("7♠")), Draw()}  # 9♥, 8♥, A♥ would match by R6 otherwise


def test_R17_taking_a_penalty_is_one_decision_then_the_turn_passes():
    rnd = stacked(["7♥ 9♠", "9♥ J♥", "7♦ 9♣"], stock="A♦ J♦ 8♦", discard="8♥")
    play(rnd, "7♥")
    assert rnd.legal_moves() == [Draw()]  # asked even though it is the only move
    events = rnd.play(Draw())
    assert events == [CardsDrawn(1, (C("A♦"), C("J♦")), "penalty"), PenaltyTaken(1, 2, 2)]
    assert rnd.to_move == 2 and len(rnd.moves) == 2


# --- R18-R21: end of a round and scoring ----------------------------------------------------------------


def test_R18_first_player_without_cards_wins():
    rnd = stacked(["9♠", "9♥ 10♥ A♠", "J♣"], discard="8♠")
    assert play(rnd, "9♠") == [CardPlayed(0, C("9♠")), RoundWon(0)]
    assert rnd.over and rnd.winner == 0 and rnd.to_move is None and rnd.legal_moves() == []
    with pytest.raises(IllegalMove, match="the round is over"):
        rnd.play(Draw())


@pytest.mark.parametrize(("effects", "drawn"), [(True, 2), (False, 0)])
def test_R18_last_card_effects(effects, drawn):
    rnd = stacked(["7♠", "9♥ 10♥", "J♣"], stock="A♦ J♦", discard="8♠", last_card_effects=effects)
    events = play(rnd, "7♠")
    assert events[-1] == RoundWon(0)
    assert len(rnd.hands[1]) == 2 + drawn
    assert rnd.points()[1] == 9 + 10 + (11 + 2 if effects else 0)
    king = stacked(["K♠", "9♥ 10♥"], stock="A♦ J♦ 8♦ 8♣", discard="8♠", last_card_effects=effects)
    play(king, "K♠")
    assert len(king.hands[1]) == 2 + 2 * drawn


def test_R19_losers_count_the_cards_in_hand():
    rnd = stacked(["9♠", "A♠ K♦ Q♥ J♣ 10♠ 9♦", "2♣ 6♥"], discard="8♠")
    play(rnd, "9♠")
    assert rnd.points() == [0, 11 + 4 + 3 + 2 + 10 + 9, 2 + 6]
    table = {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0, "10": 1, "J": 1, "Q": 1, "K": 1,
             "A": 5}
    custom = stacked(["9♠", "A♠ K♦ Q♥ J♣ 10♠ 9♦", "2♣ 6♥"], discard="8♠", points=table)
    play(custom, "9♠")
    assert custom.points() == [0, 5 + 1 + 1 + 1 + 1 + 0, 0]


@pytest.mark.parametrize(("last", "bonus", "expected"),
                         [("Q♥", True, -20), ("Q♠", True, -40), ("Q♥", False, 0), ("9♠", True, 0)])
def test_R20_finishing_with_a_queen(last, bonus, expected):
    rnd = stacked([last, "9♥ 10♥"], discard="8♠", queen_wild=True, queen_finish_bonus=bonus)
    rnd.play(Play(C(last), S) if last.startswith("Q") else Play(C(last)))
    assert rnd.points() == [expected, 19]


def test_R21_flush_queens_puts_all_queens_down():
    rnd = stacked(["Q♠ Q♥", "9♣ 10♣"], discard="9♥", flush_queens=True)
    assert set(rnd.legal_moves()) == {Play(C("Q♥"), s) for s in Suit} | {FlushQueens(s) for s in Suit}
    events = rnd.play(FlushQueens(D))
    assert events == [CardPlayed(0, C("Q♥")), CardPlayed(0, C("Q♠")), SuitOrdered(0, D), RoundWon(0)]
    assert rnd.points() == [-40 - 20, 19]  # each queen counts for R20
    off = stacked(["Q♠ Q♥", "9♣ 10♣"], discard="9♥")
    assert not any(isinstance(m, FlushQueens) for m in off.legal_moves())
    with pytest.raises(IllegalMove, match="R21: putting down queens together is off"):
        off.play(FlushQueens(D))
    mixed = stacked(["Q♠ Q♥ 9♦", "9♣ 10♣"], discard="9♥", flush_queens=True)
    assert not any(isinstance(m, FlushQueens) for m in mixed.legal_moves())
    stuck = stacked(["Q♠ Q♥", "9♣ 10♣"], discard="9♦", flush_queens=True)  # no queen may be played
    assert stuck.legal_moves() == [Draw()]


# --- R24-R26 ---------------------------------------------------------------------------------------------


def _state(rnd: Round101) -> tuple:
    return (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.direction, rnd.ordered_suit, rnd.pending_draw,
            rnd.pending_rank, rnd.must_cover, rnd.skip_to_answer, rnd.drawn, rnd.over, len(rnd.events),
            len(rnd.moves))


def test_R24_illegal_move_names_the_rule_and_changes_nothing():
    rnd = stacked(["Q♣ K♠ 9♠", "9♥ 9♣ Q♦ J♣", "9♦ 10♣"], discard="8♣")
    play(rnd, "Q♣", H)
    before = _state(rnd)
    for bad in (Play(C("J♣")), Play(C("9♠")), Draw(), Pass(), FlushQueens(S), Play(C("Q♦")), "9♥ jump"):
        with pytest.raises(IllegalMove) as info:
            rnd.play(bad)
        assert "R" in str(info.value).split(":")[0]
        assert "Legal moves: 9♥, Q♦→♠" in str(info.value)
        assert _state(rnd) == before


def test_R25_every_card_in_exactly_one_place():
    with pytest.raises(ValueError, match=r"R25: .*9♠ appear"):
        stacked(["9♠ K♠", "9♥ 9♠"])
    rnd = stacked(["7♥ 9♠", "7♠ 9♥", "7♦ 9♣"], stock="A♦ J♦", discard="K♥ 8♥")
    for _ in range(6):
        if rnd.over:
            break
        rnd.play(rnd.legal_moves()[0])
        rnd.check_cards()
        assert sorted(c.index for c in rnd.cards_in_play()) == sorted(
            c.index for c in cards("7♥ 9♠ 7♠ 9♥ 7♦ 9♣ A♦ J♦ K♥ 8♥"))


def test_R26_forced_loop_is_abandoned_on_the_third_repetition():
    # Seat 0 plays 9♥ on 9♠; seat 1 cannot play, so draws: the recycled 9♠ comes back and must be
    # played; then seat 0 draws 9♥ back and must play it; and so on, every move forced.
    rnd = stacked(["9♥ 8♦", "J♣"], discard="9♠")
    expected = [Play(C("9♥")), Draw(), Play(C("9♠")), Draw()] * 2 + [Play(C("9♥"))]
    for i, move in enumerate(expected):
        assert rnd.legal_moves() == [move], f"move {i} is forced"
        events = rnd.play(move)
    # the position after moves 1, 5 and 9 (seat 1 to move on 9♠ 9♥, stock empty) is the same
    assert events[-1] == RoundAbandoned(3)
    assert rnd.over and rnd.abandoned and rnd.winner is None
    assert rnd.points() == [0, 0]
    assert rnd.legal_moves() == []


def test_R26_counts_the_start_position():
    rnd = stacked(["9♥ 8♦", "K♣ 10♦"], discard="J♠")  # nobody can play, nothing to draw
    for seat in (0, 1, 0):
        assert rnd.play(Draw()) == [CardsDrawn(seat, (), "play"), TurnPassed(seat)]
    # the start position (seat 0 to move) comes back after 2 and 4 moves: the third time ends it
    assert rnd.play(Draw()) == [CardsDrawn(1, (), "play"), TurnPassed(1), RoundAbandoned(3)]
    assert rnd.abandoned and len(rnd.moves) == 4


def test_rules_pickle_and_deepcopy_to_equal_rules():
    """A Rules101 (and so a round, a match, a tournament's result) can be pickled and deep-copied:
    its points table is a read-only mapping, which pickle alone refuses."""
    import copy
    import pickle

    rules = Rules101(points={**Rules101().points, Rank.KING: 5}, match="elimination")
    assert pickle.loads(pickle.dumps(rules)) == rules and copy.deepcopy(rules) == rules
    assert hash(pickle.loads(pickle.dumps(rules))) == hash(rules)
    rnd = Round101.deal(3, seed=1, rules=rules)
    assert pickle.loads(pickle.dumps(rnd)).to_json() == rnd.to_json()
