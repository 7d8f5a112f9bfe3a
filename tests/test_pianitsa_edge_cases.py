"""Independent review of Пьяница (P1-P13): edge cases traced by hand from RULES.md.

Each whole-game case is checked on the reference engine and on the fast path
(``simulate_pianitsa``) with the same hand-derived expectation. Stacks are top first.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pianitsa101.cards import cards, make_deck
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.simulate import simulate_pianitsa


def game(*stacks: str, **options) -> PianitsaGame:
    return PianitsaGame.from_stacks([cards(s) for s in stacks], PianitsaRules(**options))


def whole_game(stacks, expected, **options) -> None:
    """Engine and fast path both give ``expected`` = (outcome, places, loser, tricks, disputes)."""
    rules = PianitsaRules(**options)
    result = PianitsaGame.from_stacks([cards(s) for s in stacks], rules).play()
    assert (result.outcome, result.places, result.loser, result.tricks, result.disputes) == expected
    for workers in (1, 2):
        fast = simulate_pianitsa(deals=[[cards(s) for s in stacks]], rules=rules, workers=workers)
        got = (str(fast.outcome[0]), fast.places_of(0), int(fast.loser[0]), int(fast.tricks[0]),
               int(fast.disputes[0]))
        assert got == expected


# ----- P5, P6: ranking with many cards ------------------------------------------------------------


def test_P6_ace_six_six_the_sixes_dispute_and_the_ace_is_out():
    # A 6 6: the sixes tie (aces knocked out); K♥ vs 9♣ -> seat 1 takes; seats 0 and 2 are out.
    trick = game("A♠", "6♥ K♥", "6♣ 9♣").play_trick()
    assert trick.leaders == [(1, 2), (1,)] and trick.taker == 1
    assert trick.gathered == cards("6♥ K♥ A♠ 6♣ 9♣") and trick.left == (0, 2)
    whole_game(["A♠", "6♥ K♥", "6♣ 9♣"], ("finished", [(0, 2), (1,)], 1, 1, 1))
    whole_game(["A♠", "6♥ K♥", "6♣ 9♣"], ("finished", [(1,), (0, 2)], 0, 1, 1), goal="collect")


def test_P6_two_aces_and_a_six_the_six_wins_and_with_the_option_off_the_aces_dispute():
    trick = game("A♠", "A♥", "6♣").play_trick()
    assert trick.taker == 2 and trick.disputes == 0 and trick.gathered == cards("6♣ A♠ A♥")
    whole_game(["A♠", "A♥", "6♣"], ("finished", [(0, 1), (2,)], 2, 1, 0))
    # Option off: the aces tie, neither has a card (P12): the lowest seat holding cards (2) takes.
    trick = game("A♠", "A♥", "6♣ 7♣", low_beats_ace=False).play_trick()
    assert trick.leaders == [(0, 1), ()] and trick.taker == 2 and trick.gathered == cards("6♣ A♠ A♥")
    whole_game(["A♠", "A♥", "6♣ 7♣"], ("finished", [(0, 1), (2,)], 2, 1, 1), low_beats_ace=False)
    # ... and when seat 2 played its last card too, nobody holds cards: a draw.
    whole_game(["A♠", "A♥", "6♣"], ("draw", [(0, 1, 2)], -1, 1, 1), low_beats_ace=False)


def test_P6_ace_six_king_nine_the_king_wins():
    trick = game("A♠", "6♥", "K♦", "9♣").play_trick()
    assert trick.taker == 2 and trick.gathered == cards("K♦ A♠ 6♥ 9♣")
    whole_game(["A♠", "6♥", "K♦", "9♣"], ("finished", [(0, 1, 3), (2,)], 2, 1, 0))


def test_P5_custom_deck_lowest_rank_eight_beats_the_ace_but_a_nine_still_wins():
    whole_game(["A♠", "8♥"], ("finished", [(0,), (1,)], 1, 1, 0))
    trick = game("A♠", "9♥", "8♦").play_trick()  # 8 knocks out the ace, then 9 is highest
    assert trick.taker == 1 and trick.gathered == cards("9♥ A♠ 8♦")
    whole_game(["A♠", "9♥", "8♦"], ("finished", [(0, 2), (1,)], 1, 1, 0))
    whole_game(["A♠", "8♥"], ("finished", [(1,), (0,)], 0, 1, 0), low_beats_ace=False)


def test_P5_deck_without_an_ace_ranks_plainly():
    whole_game(["6♠", "K♥"], ("finished", [(0,), (1,)], 1, 1, 0))  # 6 is low but beats only an ace


def test_P5_deck_of_aces_only_the_aces_tie_to_a_draw():
    whole_game(["A♠ A♦", "A♥ A♣"], ("draw", [(0, 1)], -1, 1, 2))


# ----- P8, P12: stakes when players run short -------------------------------------------------------


def test_P8_P12_short_stack_puts_its_last_card_face_up():
    # dispute_face_down=2: seat 0 has 3 cards (7♠ 8♠ down, 9♠ up), seat 1 one card (Q♥ up).
    g = game("K♠ 7♠ 8♠ 9♠", "K♥ Q♥", dispute_face_down=2)
    trick = g.play_trick()
    assert trick.stakes == [{}, {0: cards("7♠ 8♠")}]
    assert trick.rounds[1] == {0: cards("9♠")[0], 1: cards("Q♥")[0]} and trick.taker == 1
    assert trick.table == cards("K♠ K♥ 7♠ 8♠ 9♠ Q♥")
    assert trick.gathered == cards("K♥ Q♥ K♠ 7♠ 8♠ 9♠")
    assert [(r, s, str(c), up) for r, s, c, up in trick.steps()] == [
        (0, 0, "K♠", True), (0, 1, "K♥", True), (1, 0, "7♠", False), (1, 0, "8♠", False),
        (1, 0, "9♠", True), (1, 1, "Q♥", True)]
    assert trick.summary() == "trick 1: 0:K♠ 1:K♥ | 0:▮▮9♠ 1:Q♥ -> seat 1 takes 6"
    whole_game(["K♠ 7♠ 8♠ 9♠", "K♥ Q♥"], ("finished", [(0,), (1,)], 1, 1, 1), dispute_face_down=2)


def test_P12_stakes_then_nobody_left_is_a_draw_and_the_table_stays():
    # face down 1: seat 0 puts 7♠ down, 9♠ up; seat 1 only 9♥ up: tie; nobody has a card: draw.
    g = game("K♠ 7♠ 9♠", "K♥ 9♥", dispute_face_down=1)
    trick = g.play_trick()
    assert trick.taker is None and trick.gathered == [] and trick.disputes == 2
    assert g.table == cards("K♠ K♥ 7♠ 9♠ 9♥") and g.outcome == "draw"
    whole_game(["K♠ 7♠ 9♠", "K♥ 9♥"], ("draw", [(0, 1)], -1, 1, 2), dispute_face_down=1)


# ----- P9: the gather orders with stakes and several dispute rounds ----------------------------------

P9_STACKS = ("K♠ 7♠ 9♠ 8♠ 10♠", "K♥ 7♥ 9♥ 8♥ J♥", "Q♦ 7♦")
P9_TABLE = "K♠ K♥ Q♦ 7♠ 9♠ 7♥ 9♥ 8♠ 10♠ 8♥ J♥"


@pytest.mark.parametrize(("gather", "order"), [
    ("winner_first", "K♥ 7♥ 9♥ 8♥ J♥ K♠ Q♦ 7♠ 9♠ 8♠ 10♠"),
    ("table", P9_TABLE),
])
def test_P9_gather_orders_with_stakes_and_two_dispute_rounds(gather, order):
    g = game(*P9_STACKS, dispute_face_down=1, gather=gather)
    trick = g.play_trick()
    assert trick.table == cards(P9_TABLE) and trick.disputes == 2 and trick.taker == 1
    assert trick.gathered == cards(order)
    assert [c for _, _, c, _ in trick.steps()] == cards(P9_TABLE)
    assert g.stacks == ((), tuple(cards(order)), tuple(cards("7♦")))
    # trick 2: seat 1's king beats 7♦; seat 2 is out.
    whole_game(P9_STACKS, ("finished", [(0,), (2,), (1,)], 1, 2, 2), dispute_face_down=1, gather=gather)


def test_P9_random_gather_is_one_shuffle_of_the_table_order():
    g = PianitsaGame.from_stacks([cards(s) for s in P9_STACKS],
                                 PianitsaRules(dispute_face_down=1, gather="random"), seed=7)
    expected = cards(P9_TABLE)
    random.Random(7).shuffle(expected)
    assert g.play_trick().gathered == expected


# ----- P10: second disputes ---------------------------------------------------------------------------

P10_TWO = ("K♠ 9♠", "K♥ 10♥ 3♥", "10♦ 5♦", "10♣ 4♣")


def test_P10_two_players_join_at_once():
    # K K 10 10: seats 0, 1 dispute, 9♠ vs 10♥ -> seat 1 with a ten; seats 2 and 3 (tens) join:
    # 3♥ 5♦ 4♣ -> seat 2 takes everything; seats 0, 1, 3 are out together.
    trick = game(*P10_TWO).play_trick()
    assert trick.seats == [(0, 1, 2, 3), (0, 1), (1, 2, 3)]
    assert trick.joined == [(), (), (2, 3)] and trick.leaders == [(0, 1), (1,), (2,)]
    assert trick.taker == 2 and trick.gathered == cards("10♦ 5♦ K♠ K♥ 10♣ 9♠ 10♥ 3♥ 4♣")
    assert trick.left == (0, 1, 3)
    whole_game(P10_TWO, ("finished", [(0, 1, 3), (2,)], 2, 1, 2))
    whole_game(P10_TWO, ("finished", [(2,), (0, 1, 3)], 0, 1, 2), goal="collect")


def test_P10_off_the_first_dispute_winner_takes():
    # Seat 1 takes K♥ 10♥ K♠ 10♦ 10♣ 9♠; seat 0 out. Trick 2: 3 5 4 -> seat 2, seat 3 out.
    # Trick 3: K♥ vs 5♦ -> 1. Trick 4: 10♥ vs 3♥ -> 1. Trick 5: K♠ vs 4♣ -> 1, seat 2 out.
    trick = game(*P10_TWO, second_disputes=False).play_trick()
    assert trick.taker == 1 and trick.gathered == cards("K♥ 10♥ K♠ 10♦ 10♣ 9♠")
    whole_game(P10_TWO, ("finished", [(0,), (3,), (2,), (1,)], 1, 5, 1), second_disputes=False)


P10_LATE = ("K♠ 9♠ J♠", "K♥ 9♥ Q♥", "Q♦ 2♦")


def test_P10_joiner_after_a_two_round_dispute_wins_with_a_lone_card():
    # K K Q; 9 9 tie; J♠ vs Q♥ -> seat 1 with a queen; seat 2 (Q♦) joins; seat 1 has no card:
    # seat 2's lone 2♦ wins (P12).
    trick = game(*P10_LATE).play_trick()
    assert trick.seats == [(0, 1, 2), (0, 1), (0, 1), (1, 2)]
    assert trick.joined == [(), (), (), (2,)] and trick.rounds[3] == {2: cards("2♦")[0]}
    assert trick.taker == 2 and trick.gathered == cards("Q♦ 2♦ K♠ K♥ 9♠ 9♥ J♠ Q♥")
    whole_game(P10_LATE, ("finished", [(0, 1), (2,)], 2, 1, 3))
    whole_game(P10_LATE, ("finished", [(0,), (2,), (1,)], 1, 2, 2), second_disputes=False)


def test_P10_loser_of_the_dispute_whose_round0_card_matches_does_not_join():
    # K K 7: K♦ (seat 1) beats Q♠; seat 0's round-0 K matches but seat 0 took part.
    trick = game("K♠ Q♠", "K♥ K♦ 8♥", "7♣ 5♣").play_trick()
    assert trick.seats == [(0, 1, 2), (0, 1)] and trick.taker == 1 and not trick.second_dispute


def test_P10_P6_ace_knocked_out_in_round0_joins_when_a_dispute_is_won_by_an_ace():
    # A 6 K K: aces out, kings tie; A♦ vs 7♣ -> seat 2 with an ace; seat 0's round-0 ace joins;
    # seat 2 has no card: seat 0's lone 9♠ wins. Trick 2: A♠ vs 9♥ (no six) -> seat 0.
    stacks = ("A♠ 9♠", "6♥ 9♥", "K♦ A♦", "K♣ 7♣")
    trick = game(*stacks).play_trick()
    assert trick.joined == [(), (), (0,)] and trick.taker == 0
    assert trick.gathered == cards("A♠ 9♠ 6♥ K♦ K♣ A♦ 7♣") and trick.left == (2, 3)
    whole_game(stacks, ("finished", [(2, 3), (1,), (0,)], 0, 2, 2))


# ----- P12: nobody can put a card ---------------------------------------------------------------------


def test_P12_lowest_seat_still_holding_cards_takes_even_outside_the_dispute():
    # Q K K J: seats 1, 2 tie with no cards: seat 0 (lowest holding cards) takes.
    # Trick 2: 7♦ vs 8♣ -> 3. Trick 3: Q♦ vs 8♣ -> 0. Trick 4: K♠ vs 7♦ -> 0; seat 3 out.
    stacks = ("Q♦ 7♦", "K♠", "K♥", "J♣ 8♣")
    trick = game(*stacks).play_trick()
    assert trick.leaders == [(1, 2), ()] and trick.rounds[1] == {} and trick.taker == 0
    assert trick.gathered == cards("Q♦ K♠ K♥ J♣")
    whole_game(stacks, ("finished", [(1, 2), (3,), (0,)], 0, 4, 1))


def test_P12_three_players_nobody_holds_cards_is_a_draw():
    whole_game(["K♠", "K♥", "Q♦"], ("draw", [(0, 1, 2)], -1, 1, 1))
    whole_game(["K♠", "K♥", "Q♦"], ("draw", [(0, 1, 2)], -1, 1, 1), goal="collect")


# ----- P13: the first repetition --------------------------------------------------------------------

P13_CYCLE = ("K♠ 7♠", "8♥ Q♥")
# gather "table": [K 7][8 Q] -> [7 K 8][Q] -> [K 8][7 Q] -> [8 K 7][Q] -> [K 7][8 Q] = the deal.


def test_P13_first_repetition_after_four_tricks():
    whole_game(P13_CYCLE, ("cycle", [(0, 1)], -1, 4, 0), gather="table")
    whole_game(P13_CYCLE, ("cycle", [(0, 1)], -1, 4, 0), gather="table", max_tricks=5)
    whole_game(P13_CYCLE, ("limit", [(0, 1)], -1, 3, 0), gather="table", max_tricks=3)


def test_P13_repetition_exactly_at_max_tricks_is_a_limit():
    # The engine's documented order of end checks: draw, finished, limit, cycle.
    whole_game(P13_CYCLE, ("limit", [(0, 1)], -1, 4, 0), gather="table", max_tricks=4)


def test_P13_winner_first_breaks_that_cycle():
    # [K 7][8 Q] -> [7 K 8][Q] -> Q takes Q 7: [K 8][Q 7] -> [8 K Q][7] -> 8 takes 8 7: seat 1 out.
    whole_game(P13_CYCLE, ("finished", [(1,), (0,)], 0, 4, 0))


def test_P13_cycle_after_a_player_left():
    # gather "table", 7 is the lowest rank, no ace. Trick 1: 7 8 9 -> seat 2 takes 7 8 9, seat 1
    # is out: [K][][7 8 9]. Then [K 7][][8 9] -> [7 K 8][][9] -> [K 8][][7 9] -> [8 K 7][][9]
    # -> [K 7][][8 9], the position after trick 2: the first repetition is after trick 6.
    whole_game(["7♠ K♠", "8♣", "9♦"], ("cycle", [(1,), (0, 2)], -1, 6, 0), gather="table")
    whole_game(["7♠ K♠", "8♣", "9♦"], ("cycle", [(0, 2), (1,)], -1, 6, 0), gather="table", goal="collect")


# ----- records: JSON, views, bad input ------------------------------------------------------------


@pytest.mark.parametrize("gather", ["random", "winner_first"])
def test_P9_P13_json_round_trip_mid_game_continues_the_same_game(gather):
    rules = PianitsaRules(gather=gather, dispute_face_down=1)
    g = PianitsaGame.deal(players=3, rules=rules, seed=11)
    for _ in range(5):
        g.play_trick()
    again = PianitsaGame.from_json(g.to_json())
    assert again.stacks == g.stacks and again.history == g.history
    for _ in range(5):
        assert again.play_trick() == g.play_trick()
    a, b = again.play(), g.play()
    assert (a.outcome, a.places, a.tricks, a.disputes) == (b.outcome, b.places, b.tricks, b.disputes)
    assert again.stacks == g.stacks


def test_P11_collect_view_does_not_give_an_eliminated_player_a_place_too_early():
    # Collect: seats 0 and 1 are eliminated in trick 1 and will end last; "place 2" would be wrong.
    g = game("9♠", "8♥", "K♦ Q♦", "J♣ 10♣", goal="collect")
    g.play_trick()
    view = g._repr_html_()
    assert "out (eliminated)" in view and "place 2" not in view
    shed = game("9♠", "8♥", "K♦ Q♦", "J♣ 10♣")
    shed.play_trick()
    assert "out (place 1)" in shed._repr_html_()  # shed: leaving first is the best place, final


def test_P2_from_stacks_with_a_stack_that_is_not_a_list_is_a_clear_error():
    with pytest.raises(ValueError, match="seat 1: a stack is a list of cards"):
        PianitsaGame.from_stacks(["A♠", 5])


@pytest.mark.parametrize(("data", "message"), [
    ({}, "has no 'rules', 'deal', 'tricks'"),
    ({"rules": {"bogus": 1}, "deal": ["A♠", "K♠"], "tricks": []}, "not PianitsaRules options"),
    ({"rules": {"gather": "random"}, "deal": ["A♠", "K♠"], "tricks": [], "rng_state": [3]},
     "rng_state is not a random.Random state"),
])
def test_record_with_missing_or_wrong_fields_is_a_clear_error(data, message):
    text = json.dumps({"format": "pianitsa101/pianitsa-game/1", **data})
    with pytest.raises(ValueError, match=message):
        PianitsaGame.from_json(text)


def test_P11_P13_finishing_or_a_draw_at_max_tricks_is_not_a_limit():
    # End checks after a trick: draw, finished, limit, cycle.
    whole_game(P13_CYCLE, ("finished", [(1,), (0,)], 0, 4, 0), max_tricks=4)
    whole_game(P13_CYCLE, ("limit", [(0, 1)], -1, 3, 0), max_tricks=3)
    whole_game(["K♠", "K♥"], ("draw", [(0, 1)], -1, 1, 1), max_tricks=1)


# ----- a second, independent reading of P3-P13 ---------------------------------------------------


def _resolve(up: dict, low: int, low_beats_ace: bool) -> list[int]:
    """P6: the seats holding the winning rank among the face-up cards ``up`` {seat: Card}."""
    ranks = {s: int(c.rank) for s, c in up.items()}
    if low_beats_ace and low != 14 and 14 in ranks.values() and low in ranks.values():
        ranks = {s: r for s, r in ranks.items() if r != 14}  # P5: every ace is knocked out
    best = max(ranks.values())
    return sorted(s for s, r in ranks.items() if r == best)


def _reading(deal, rules: PianitsaRules, seed: int):
    """The whole game as RULES.md reads, written apart from the engine: (result, tricks, stacks)."""
    stacks = [list(st) for st in deal]
    low = min(int(c.rank) for st in deal for c in st)
    rng = random.Random(seed)
    seen = {tuple(tuple(int(c.rank) for c in st) for st in stacks)}
    groups, records, disputes_total = [], [], 0
    while True:
        active = [s for s in range(len(stacks)) if stacks[s]]
        table = [(s, stacks[s].pop(0)) for s in active]  # P7
        first = dict(table)
        winners, disputes, joined, taker = _resolve(first, low, rules.low_beats_ace), 0, set(), None
        contenders = winners
        if len(winners) == 1:
            taker = winners[0]
        else:
            joined = set(winners)
            while True:  # P8
                disputes += 1
                up = {}
                for s in contenders:
                    if stacks[s]:  # P12: no card, no part
                        for _ in range(min(rules.dispute_face_down, len(stacks[s]) - 1)):
                            table.append((s, stacks[s].pop(0)))
                        up[s] = stacks[s].pop(0)
                        table.append((s, up[s]))
                if not up:  # P12: the lowest seat still holding cards, or nobody
                    taker = next((s for s in range(len(stacks)) if stacks[s]), None)
                    break
                contenders = _resolve(up, low, rules.low_beats_ace)
                if len(contenders) > 1:
                    continue
                won = contenders[0]
                joiners = [s for s in active if rules.second_disputes and s not in joined
                           and first[s].rank == up[won].rank]  # P10
                if not joiners:
                    taker = won
                    break
                joined.update(joiners)
                contenders = sorted([won, *joiners])
        on_table = [c for _, c in table]
        if taker is None:
            gathered = []
        elif rules.gather == "winner_first":  # P9
            gathered = [c for s, c in table if s == taker] + [c for s, c in table if s != taker]
        else:
            gathered = list(on_table)
            if rules.gather == "random":
                rng.shuffle(gathered)
        if taker is not None:
            stacks[taker] += gathered
        disputes_total += disputes
        left = tuple(s for s in active if not stacks[s])  # P11
        groups += [left] if left else []
        records.append((taker, gathered, disputes, left, on_table))
        position = tuple(tuple(int(c.rank) for c in st) for st in stacks)
        if taker is None:
            outcome = "draw"
        elif sum(map(bool, stacks)) <= 1:
            outcome = "finished"
        elif len(records) >= rules.max_tricks:
            outcome = "limit"
        elif rules.gather != "random" and position in seen:  # P13
            outcome = "cycle"
        else:
            seen.add(position)
            continue
        break
    still = [tuple(s for s in range(len(stacks)) if stacks[s])] if any(stacks) else []
    places = [*groups, *still] if rules.goal == "shed" else [*still, *reversed(groups)]
    loser = min(places[-1]) if outcome == "finished" else -1
    return (outcome, places, loser, len(records), disputes_total), records, stacks


def test_P3_to_P13_engine_agrees_with_an_independent_reading_on_seeded_deals():
    rng = random.Random(2026)
    for number in range(400):
        players = rng.randint(2, 8)
        ranks = rng.sample(range(2, 15), rng.choice([1, 2, 3, 4, 13]))
        pool = [card for card in make_deck(52) if int(card.rank) in ranks]
        pool = pool if len(pool) >= players else list(make_deck(52))
        chosen = rng.sample(pool, rng.randint(players, min(len(pool), 3 * players)))
        cuts = [0, *sorted(rng.sample(range(1, len(chosen)), players - 1)), len(chosen)]
        deal = [chosen[cuts[i]:cuts[i + 1]] for i in range(players)]
        rules = PianitsaRules(low_beats_ace=rng.random() < 0.7, dispute_face_down=rng.choice([0, 0, 1, 2, 3]),
                              gather=rng.choice(["winner_first", "table", "random"]),
                              second_disputes=rng.random() < 0.7, goal=rng.choice(["shed", "collect"]),
                              max_tricks=rng.choice([1, 3, 8, 40, 2000]))
        expected, records, stacks = _reading(deal, rules, seed=number)
        g = PianitsaGame.from_stacks(deal, rules, seed=number)
        played = []
        while not g.over:
            t = g.play_trick()
            played.append((t.taker, list(t.gathered), t.disputes, t.left, list(t.table)))
        r = g.result()
        assert (r.outcome, r.places, r.loser, r.tricks, r.disputes) == expected, (deal, rules)
        assert played == records and [list(st) for st in g.stacks] == stacks


def test_P1_P2_numpy_whole_numbers_are_accepted_and_saved_as_plain_ints():
    rules = PianitsaRules(dispute_face_down=np.int64(1), max_tricks=np.int32(500))
    g = PianitsaGame.deal(players=np.int64(3), deck=np.int16(36), rules=rules, seed=2)
    assert [len(st) for st in g.stacks] == [12, 12, 12]
    g.play_trick()
    assert PianitsaGame.from_json(g.to_json()).stacks == g.stacks  # JSON needs plain ints
    fast = simulate_pianitsa(games=np.int64(4), players=np.int8(3), deck=np.int64(36), rules=rules, seed=1)
    assert fast.tricks.shape == (4,)
