"""One stacked-deck scenario (or more) per Пьяница rule P1-P13; expectations derived by hand.

Stacks are written top first; seat 0 plays first. Comments trace each trick.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pianitsa101.cards import Card, cards, make_deck
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

DEFAULT = PianitsaRules()
TABLE = PianitsaRules(gather="table")


def game(*stacks: str, **options) -> PianitsaGame:
    return PianitsaGame.from_stacks([cards(s) for s in stacks], PianitsaRules(**options))


def stacks_of(*texts: str) -> tuple[tuple[Card, ...], ...]:
    """Stacks as ``game.stacks`` shows them: a tuple per seat, top first ("" for empty)."""
    return tuple(tuple(cards(t)) for t in texts)


def ranks_of(stack) -> list[int]:
    return [int(c.rank) for c in stack]


# ----- P1, P2: the deal ----------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size"), [(2, 32), (3, 36), (4, 52), (6, 36), (8, 32)])
def test_P1_default_deck_for_each_player_count(players, size):
    g = PianitsaGame.deal(players=players, seed=1)
    dealt = [c for st in g.stacks for c in st]
    assert Counter(dealt) == Counter(make_deck(size))
    assert all(len(st) == size // players for st in g.stacks)


def test_P1_two_players_get_the_deck_without_sevens():
    dealt = {c for st in PianitsaGame.deal(players=2, seed=3).stacks for c in st}
    assert len(dealt) == 32 and not any(c.rank == 7 for c in dealt)
    assert {c.rank for c in dealt} == {6, 8, 9, 10, 11, 12, 13, 14}


@pytest.mark.parametrize("players", [5, 7])
def test_P1_five_and_seven_players_need_a_deck_given_explicitly(players):
    with pytest.raises(ValueError, match=f"{players} players need a deck given explicitly"):
        PianitsaGame.deal(players=players, seed=1)
    deck = make_deck(52)[: 5 * players]
    g = PianitsaGame.deal(players=players, deck=deck, seed=1)
    assert [len(st) for st in g.stacks] == [5] * players


def test_P2_deck_that_cannot_be_dealt_equally_is_refused():
    with pytest.raises(ValueError, match=r"^32 cards cannot be dealt equally to 3 players"):
        PianitsaGame.deal(players=3, deck=32)
    with pytest.raises(ValueError, match=r"^52 cards cannot be dealt equally to 8 players"):
        PianitsaGame.deal(players=8, deck=52)
    with pytest.raises(ValueError, match=r"^5 cards cannot be dealt equally to 2 players"):
        PianitsaGame.deal(players=2, deck=cards("6♠ 7♠ 8♠ 9♠ 10♠"))


def test_P2_seat_s_gets_every_nth_card_of_the_shuffled_deck():
    shuffled = make_deck(36)
    random.Random(11).shuffle(shuffled)  # the documented deal: shuffle with the seed, then deck[s::n]
    g = PianitsaGame.deal(players=3, deck=36, seed=11)
    assert g.stacks == tuple(tuple(shuffled[s::3]) for s in range(3))


def test_P2_same_seed_same_deal_and_rng_keyword():
    a = PianitsaGame.deal(players=4, seed=5).stacks
    assert a == PianitsaGame.deal(players=4, seed=5).stacks
    assert a == PianitsaGame.deal(players=4, rng=random.Random(5)).stacks
    assert a != PianitsaGame.deal(players=4, seed=6).stacks


def test_P2_custom_deck_of_cards_or_text():
    g = PianitsaGame.deal(players=2, deck=["6♠", "A♥", "K♦", "Q♣"], seed=0)
    assert sorted(c.index for st in g.stacks for c in st) == sorted(c.index for c in cards("6♠ A♥ K♦ Q♣"))


# ----- P3, P4: table order and ranks ----------------------------------------------------------

def test_P3_cards_lie_on_the_table_in_seat_order_whoever_wins():
    g = game("9♠", "K♥", "10♦", gather="table")
    trick = g.play_trick()
    assert trick.table == cards("9♠ K♥ 10♦")
    assert trick.gathered == cards("9♠ K♥ 10♦")  # table order, although seat 1 took it
    assert [(r, s, str(c), up) for r, s, c, up in trick.steps()] == [
        (0, 0, "9♠", True), (0, 1, "K♥", True), (0, 2, "10♦", True)]


def test_P4_higher_rank_wins_and_suits_do_not_matter():
    trick = game("J♠", "10♥", "Q♦", "9♣").play_trick()
    assert trick.taker == 2  # Q > J > 10 > 9
    trick = game("K♠ 9♠", "K♥ 10♥").play_trick()
    assert trick.leaders[0] == (0, 1)  # K♠ and K♥ are equal: suits do not matter
    assert trick.taker == 1 and trick.disputes == 1


# ----- P5, P6: low beats ace ------------------------------------------------------------------

def test_P5_six_beats_ace_in_32_card_deck():
    assert game("A♠ 9♠", "6♥ 10♥").play_trick().taker == 1


def test_P5_option_off_ace_beats_six():
    assert game("A♠ 9♠", "6♥ 10♥", low_beats_ace=False).play_trick().taker == 0


def test_P5_low_card_beats_only_the_ace():
    assert game("K♠ 9♠", "6♥ 10♥").play_trick().taker == 0


def test_P5_lowest_rank_present_in_custom_deck():
    # The deck holds a 2, so the 2 is the low card: the 6 does not beat the ace ...
    assert game("A♠ 2♣", "6♥ 3♦").play_trick().taker == 0
    # ... but the 2 does.
    g = game("A♠ 8♣", "2♥ 3♦")
    assert g.low_rank == 2 and g.play_trick().taker == 1


def test_P5_low_card_is_six_in_32_and_36_card_decks_and_two_in_52():
    assert PianitsaGame.deal(players=2, deck=32, seed=0).low_rank == 6
    assert PianitsaGame.deal(players=3, deck=36, seed=0).low_rank == 6
    assert PianitsaGame.deal(players=4, deck=52, seed=0).low_rank == 2


def test_P6_low_beats_ace_with_three_cards_king_wins():
    trick = game("A♠", "6♥", "K♦", "9♣").play_trick()
    assert trick.taker == 2 and trick.leaders == [(2,)]


def test_P6_ace_six_six_the_sixes_tie():
    # Round 0: A, 6, 6: the ace is knocked out, the sixes tie; dispute 9 vs 8.
    trick = game("A♠ 10♠", "6♥ 9♥", "6♦ 8♦").play_trick()
    assert trick.leaders[0] == (1, 2)
    assert trick.rounds[1] == {1: Card.parse("9♥"), 2: Card.parse("8♦")}
    assert trick.taker == 1


def test_P6_two_aces_and_a_six_six_wins():
    assert game("A♠", "A♥", "6♦").play_trick().taker == 2


def test_P6_ace_and_six_in_a_dispute_round():
    # Round 0: K, K -> dispute; dispute round: A vs 6 -> the 6 wins.
    assert game("K♠ A♠", "K♥ 6♥").play_trick().taker == 1


# ----- P7: a trick ----------------------------------------------------------------------------

def test_P7_unique_winner_collects_every_card_and_only_players_in_the_game_play():
    g = game("9♠", "K♥ 8♥", "10♦ J♦")
    first = g.play_trick()  # 9, K, 10: seat 1 takes all three; seat 0 has no card left
    assert first.taker == 1 and sorted(map(str, first.gathered)) == sorted(["9♠", "K♥", "10♦"])
    assert first.left == (0,)
    second = g.play_trick()  # only seats 1 and 2 play: 8♥ vs J♦
    assert second.seats == [(1, 2)] and second.rounds == [{1: Card.parse("8♥"), 2: Card.parse("J♦")}]
    assert second.taker == 2
    assert g.stacks == stacks_of("", "K♥ 9♠ 10♦", "J♦ 8♥")


# ----- P8: disputes ---------------------------------------------------------------------------

def test_P8_dispute_among_two_of_four_players():
    g = game("K♠ 9♠ 6♠", "K♥ 10♥ 6♥", "Q♦ A♦", "8♣ A♣")
    trick = g.play_trick()
    assert trick.leaders[0] == (0, 1)
    assert trick.seats == [(0, 1, 2, 3), (0, 1)]  # seats 2 and 3 take no further part
    assert trick.rounds[1] == {0: Card.parse("9♠"), 1: Card.parse("10♥")}
    assert trick.taker == 1 and trick.disputes == 1
    assert trick.gathered == cards("K♥ 10♥ K♠ Q♦ 8♣ 9♠")  # taker's cards first, then table order
    assert g.stacks == stacks_of("6♠", "6♥ K♥ 10♥ K♠ Q♦ 8♣ 9♠", "A♦", "A♣")


def test_P8_repeated_dispute_until_one_winner():
    trick = game("K♠ Q♠ 9♠", "K♥ Q♥ 10♥").play_trick()
    assert trick.disputes == 2 and trick.leaders == [(0, 1), (0, 1), (1,)]
    assert trick.taker == 1


def test_P8_face_down_stakes_are_not_compared():
    g = game("K♠ A♠ 9♠ 3♠", "K♥ 8♥ 10♥ 3♥", dispute_face_down=1)
    trick = g.play_trick()  # stakes A♠ and 8♥ face down; 9♠ vs 10♥ face up
    assert trick.stakes == [{}, {0: cards("A♠"), 1: cards("8♥")}]
    assert trick.rounds[1] == {0: Card.parse("9♠"), 1: Card.parse("10♥")}
    assert trick.taker == 1
    assert trick.table == cards("K♠ K♥ A♠ 9♠ 8♥ 10♥")  # a player's stake before their face-up card
    assert trick.gathered == cards("K♥ 8♥ 10♥ K♠ A♠ 9♠")
    assert g.stacks == stacks_of("3♠", "3♥ K♥ 8♥ 10♥ K♠ A♠ 9♠")


def test_P8_two_face_down_cards():
    trick = game("K♠ 2♠ 3♠ 9♠ 4♠", "K♥ 2♥ 3♥ 10♥ 4♥", dispute_face_down=2).play_trick()
    assert trick.stakes[1] == {0: cards("2♠ 3♠"), 1: cards("2♥ 3♥")} and trick.taker == 1


# ----- P9: gathering --------------------------------------------------------------------------

P9_STACKS = ("K♠ 9♠ 6♠", "K♥ J♥ 6♥", "8♦ 7♦ 6♦")  # K K 8 -> dispute 9 vs J -> seat 1 takes


def test_P9_gather_winner_first():
    g = game(*P9_STACKS)
    assert g.play_trick().gathered == cards("K♥ J♥ K♠ 8♦ 9♠")
    assert g.stacks[1] == tuple(cards("6♥ K♥ J♥ K♠ 8♦ 9♠"))


def test_P9_gather_table_order():
    g = game(*P9_STACKS, gather="table")
    assert g.play_trick().gathered == cards("K♠ K♥ 8♦ 9♠ J♥")
    assert g.stacks[1] == tuple(cards("6♥ K♠ K♥ 8♦ 9♠ J♥"))


def test_P9_gather_random_shuffles_table_with_the_game_generator():
    g = PianitsaGame.from_stacks([cards(s) for s in P9_STACKS], PianitsaRules(gather="random"), seed=4)
    trick = g.play_trick()
    expected = list(cards("K♠ K♥ 8♦ 9♠ J♥"))
    random.Random(4).shuffle(expected)  # one shuffle of the table order per trick
    assert trick.gathered == expected and trick.table == cards("K♠ K♥ 8♦ 9♠ J♥")
    assert g.stacks[1] == (Card.parse("6♥"), *expected)


# ----- P10: second disputes -------------------------------------------------------------------

P10_STACKS = ("K♠ Q♠ 8♠ 6♠", "K♥ 10♥ 6♥", "Q♦ J♦ 6♦")


def test_P10_second_dispute_joins_matching_player():
    # Round 0: K K Q -> seats 0, 1 dispute: Q♠ vs 10♥ -> seat 0 wins with a queen; seat 2 played
    # Q♦ and took no part: joins. Round 2: 8♠ vs J♦ -> seat 2 takes.
    trick = game(*P10_STACKS).play_trick()
    assert trick.seats == [(0, 1, 2), (0, 1), (0, 2)]
    assert trick.joined == [(), (), (2,)] and trick.second_dispute
    assert trick.disputes == 2 and trick.taker == 2
    assert trick.gathered == cards("Q♦ J♦ K♠ K♥ Q♠ 10♥ 8♠")


def test_P10_option_off_first_dispute_winner_takes():
    g = game(*P10_STACKS, second_disputes=False)
    trick = g.play_trick()
    assert trick.seats == [(0, 1, 2), (0, 1)] and not trick.second_dispute
    assert trick.taker == 0 and trick.disputes == 1
    assert trick.gathered == cards("K♠ Q♠ K♥ Q♦ 10♥")
    assert g.stacks == stacks_of("8♠ 6♠ K♠ Q♠ K♥ Q♦ 10♥", "6♥", "J♦ 6♦")


def test_P10_repeats_until_nobody_joins():
    # K K Q J: seats 0, 1 dispute Q♠ vs 10♥ -> queen; seat 2 (Q♦) joins: 8♠ vs J♦ -> jack;
    # seat 3 (J♣) joins: 9♦ vs 10♣ -> seat 3 takes all ten cards; everybody else is out.
    g = game("K♠ Q♠ 8♠", "K♥ 10♥", "Q♦ J♦ 9♦", "J♣ 10♣")
    trick = g.play_trick()
    assert trick.joined == [(), (), (2,), (3,)] and trick.disputes == 3
    assert trick.taker == 3 and len(trick.gathered) == 10
    assert trick.left == (0, 1, 2)
    result = g.play()
    assert result.outcome == "finished" and result.places == [(0, 1, 2), (3,)] and result.loser == 3


def test_P10_player_who_lost_a_dispute_does_not_join_again():
    # Round 0: K K 9 -> seats 0, 1 dispute: K♣ vs 9♥ -> seat 0 wins with a king. Seat 1's
    # round-0 K♥ has the same rank, but seat 1 has taken part already; seat 2's 9♦ does not match.
    trick = game("K♠ K♣ 8♠", "K♥ 9♥ 7♥", "9♦ 6♦").play_trick()
    assert trick.seats == [(0, 1, 2), (0, 1)] and not trick.second_dispute
    assert trick.taker == 0 and trick.disputes == 1


# ----- P11: leaving, winning and losing -------------------------------------------------------

P11_STACKS = ("9♠", "K♥ 8♥", "10♦ Q♦")
# Trick 1: 9 K 10 -> seat 1 takes (K♥ 9♠ 10♦); seat 0 is out.   Trick 2: 8♥ vs Q♦ -> seat 2.
# Trick 3: K♥ vs Q♦ -> seat 1.   Trick 4: 9♠ vs 8♥ -> seat 1 takes; seat 2 is out.


def test_P11_shed_leaving_first_is_best_and_last_holder_is_the_drunkard():
    g = game(*P11_STACKS)
    lefts = [g.play_trick().left for _ in range(4)]
    assert lefts == [(0,), (), (), (2,)] and g.over
    result = g.result()
    assert result.outcome == "finished" and result.tricks == 4
    assert result.places == [(0,), (2,), (1,)] and result.loser == 1
    assert g.stacks[1] == tuple(cards("10♦ K♥ Q♦ 9♠ 8♥"))


def test_P11_collect_last_holder_wins():
    result = game(*P11_STACKS, goal="collect").play()
    assert result.outcome == "finished" and result.tricks == 4
    assert result.places == [(1,), (2,), (0,)] and result.loser == 0


def test_P11_players_leaving_in_the_same_trick_share_a_place():
    result = game("9♠", "8♥", "K♦ Q♦").play()  # trick 1: seat 2 takes; seats 0 and 1 are out
    assert result.places == [(0, 1), (2,)] and result.loser == 2 and result.tricks == 1
    result = game("9♠", "8♥", "K♦ Q♦", goal="collect").play()
    assert result.places == [(2,), (0, 1)] and result.loser == 0


# ----- P12: running out inside a dispute ------------------------------------------------------

def test_P12_player_without_card_stops_and_the_lone_card_wins():
    g = game("K♠", "K♥ 9♥")
    trick = g.play_trick()
    assert trick.seats == [(0, 1), (0, 1)] and trick.rounds[1] == {1: Card.parse("9♥")}
    assert trick.taker == 1 and trick.gathered == cards("K♥ 9♥ K♠") and trick.left == (0,)
    assert g.result().outcome == "finished" and g.result().places == [(0,), (1,)]


def test_P12_lone_card_is_the_winning_card_for_a_second_dispute():
    # K K 9: seat 0 has nothing left, seat 1's 9♥ wins alone; seat 2's round-0 9♦ matches and
    # joins; seat 1 has nothing left, seat 2's 7♦ wins alone.
    trick = game("K♠", "K♥ 9♥", "9♦ 7♦ 6♦").play_trick()
    assert trick.joined == [(), (), (2,)]
    assert trick.rounds[1:] == [{1: Card.parse("9♥")}, {2: Card.parse("7♦")}]
    assert trick.taker == 2 and trick.left == (0, 1)


def test_P12_nobody_can_put_a_card_lowest_seat_holding_cards_takes():
    g = game("9♠ 8♠", "K♥", "K♦", "10♣ 7♣")
    trick = g.play_trick()  # 9 K K 10: seats 1, 2 dispute with no cards -> seat 0 (lowest with cards)
    assert trick.rounds[1] == {} and trick.leaders[1] == () and trick.disputes == 1
    assert trick.taker == 0 and trick.gathered == cards("9♠ K♥ K♦ 10♣")
    assert trick.left == (1, 2)
    assert g.stacks == stacks_of("8♠ 9♠ K♥ K♦ 10♣", "", "", "7♣")


def test_P12_nobody_can_put_a_card_the_non_participant_takes():
    g = game("K♠", "K♥", "9♦ 8♦")
    trick = g.play_trick()
    assert trick.taker == 2 and trick.gathered == cards("9♦ K♠ K♥")
    result = g.result()
    assert result.outcome == "finished" and result.places == [(0, 1), (2,)] and result.loser == 2


def test_P12_nobody_holds_cards_the_game_is_a_draw():
    g = game("K♠ 9♠", "K♥ 9♦")
    result = g.play()  # K K -> dispute 9 9 -> dispute: nobody has a card, nobody holds cards
    assert result.outcome == "draw" and result.loser == -1 and result.tricks == 1
    assert result.disputes == 2 and result.places == [(0, 1)]
    trick = result.history[0]
    assert trick.taker is None and trick.gathered == [] and trick.table == cards("K♠ K♥ 9♠ 9♦")
    assert g.stacks == stacks_of("", "") and g.table == cards("K♠ K♥ 9♠ 9♦")
    with pytest.raises(ValueError, match="the game is over"):
        g.play_trick()


def test_P12_draw_with_collect_goal():
    result = game("K♠", "K♥", goal="collect").play()
    assert result.outcome == "draw" and result.loser == -1 and result.places == [(0, 1)]


def test_P12_face_down_with_too_few_cards_puts_the_last_face_up():
    # dispute_face_down=2: seat 0 has only Q♠ 9♠ left: Q♠ face down, 9♠ face up.
    trick = game("K♠ Q♠ 9♠", "K♥ 2♥ 3♥ 10♥ 4♥", dispute_face_down=2).play_trick()
    assert trick.stakes[1] == {0: cards("Q♠"), 1: cards("2♥ 3♥")}
    assert trick.rounds[1] == {0: Card.parse("9♠"), 1: Card.parse("10♥")} and trick.taker == 1
    # with a single card left it goes face up, no stake
    trick = game("K♠ 9♠", "K♥ 2♥ 3♥ 10♥", dispute_face_down=2).play_trick()
    assert trick.stakes[1] == {1: cards("2♥ 3♥")} and trick.rounds[1][0] == Card.parse("9♠")


# ----- P13: termination -----------------------------------------------------------------------

CYCLE = ("K♠", "9♥ 9♦ K♥")
# gather="table". Position 0: (K | 9 9 K). Trick 1: K vs 9 -> seat 0 takes K♠ 9♥: (K 9 | 9 K).
# Trick 2: K vs 9 -> seat 0: (9 K 9 | K). Trick 3: 9♥ vs K♥ -> seat 1 takes 9♥ K♥ in table order:
# (K 9 | 9 K), the ranks after trick 1 (suits differ: K♠ 9♦ | 9♥ K♥). First repetition: 3 tricks.


def test_P13_cycle_found_at_first_repeated_position():
    g = game(*CYCLE, gather="table")
    for _ in range(3):
        assert not g.over
        g.play_trick()
    assert g.outcome == "cycle" and g.tricks == 3
    assert g.stacks == stacks_of("K♠ 9♦", "9♥ K♥")
    result = game(*CYCLE, gather="table").play()
    assert (result.outcome, result.tricks, result.loser) == ("cycle", 3, -1)
    assert result.places == [(0, 1)]


def test_P13_two_trick_cycle_back_to_the_deal():
    # (K 9 | 9 K) -> seat 0 takes K♠ 9♥: (9 K 9 | K) -> seat 1 takes 9♠ K♥: (K 9 | 9 K).
    result = game("K♠ 9♠", "9♥ K♥", gather="table").play()
    assert (result.outcome, result.tricks) == ("cycle", 2)


def test_P13_same_deal_under_winner_first_does_not_cycle():
    # winner_first: trick 2 gives seat 1 K♥ 9♠: (K 9 | K 9); trick 3: K K, 9 9, nobody -> draw.
    result = game("K♠ 9♠", "9♥ K♥").play()
    assert (result.outcome, result.tricks, result.disputes) == ("draw", 3, 2)


def test_P13_max_tricks_gives_limit():
    result = game(*CYCLE, gather="table", max_tricks=2).play()
    assert (result.outcome, result.tricks, result.loser) == ("limit", 2, -1)
    # At the cap, limit is checked before the position comparison.
    assert game(*CYCLE, gather="table", max_tricks=3).play().outcome == "limit"
    assert game(*CYCLE, gather="table", max_tricks=4).play().outcome == "cycle"


def test_P13_limit_places_with_both_goals():
    assert game(*CYCLE, gather="table", max_tricks=1).play().places == [(0, 1)]
    shed = game("9♠", "K♥ 8♥", "10♦ Q♦", max_tricks=2).play()
    assert shed.outcome == "limit" and shed.places == [(0,), (1, 2)]
    collect = game("9♠", "K♥ 8♥", "10♦ Q♦", max_tricks=2, goal="collect").play()
    assert collect.places == [(1, 2), (0,)] and collect.loser == -1


def test_P13_random_gather_never_compares_positions():
    rules = PianitsaRules(gather="random", max_tricks=50)
    outcomes = {PianitsaGame.from_stacks([cards(s) for s in CYCLE], rules, seed=s).play().outcome
                for s in range(30)}
    assert "cycle" not in outcomes and outcomes <= {"finished", "limit", "draw"}


def test_P13_position_ignores_suits():
    # Same ranks, different suits after trick 3: found as a repetition (see CYCLE).
    g = game(*CYCLE, gather="table")
    seen = [tuple(map(ranks_of, g.stacks))]
    while not g.over:
        g.play_trick()
        seen.append(tuple(map(ranks_of, g.stacks)))
    assert seen[-1] == seen[1] and g.stacks != (cards("K♠ 9♥"), cards("9♦ K♥"))
