"""The bots: RandomAgent, GreedyAgent and HeuristicAgent on stacked positions, and in every rule variant."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from rules101_options import pick

from pianitsa101.cards import Card, Rank, Suit, cards, make_deck
from pianitsa101.game101 import (
    Draw,
    GreedyAgent,
    HeuristicAgent,
    Match101,
    Pass,
    Play,
    RandomAgent,
    Round101,
    Rules101,
)
from pianitsa101.game101.agents import queen_suit

C = Card.parse


def position(hands, discard, to_move=0, rules=None, **obligations):
    """A stacked round and the view and legal moves of the player to move; the stock is 4 unused cards."""
    used = {c for text in [*hands, discard] for c in cards(text)}
    stock = [c for c in make_deck(36) if c not in used][:4]
    rnd = Round101.from_hands(hands=hands, stock=stock, discard=discard, to_move=to_move,
                              rules=rules or Rules101(), **obligations)
    return rnd.view(to_move), rnd.legal_moves()


def choices(view, legal):
    """What each built-in bot plays here."""
    return {type(a).__name__: a.choose(view, legal) for a in (GreedyAgent(), HeuristicAgent())}


# --------------------------------------------------------------------------- RandomAgent


def test_random_agent_is_uniform_and_reproducible():
    legal = [Draw(), Pass(), Play(C("7♠")), Play(C("8♠"))]
    agent = RandomAgent(seed=3)
    picks = [agent.choose(None, legal) for _ in range(4000)]
    counts = Counter(picks)
    assert set(counts) == set(legal)
    assert all(850 < n < 1150 for n in counts.values())  # 1000 expected, sd about 27
    same, other = RandomAgent(seed=3), RandomAgent(seed=4)
    assert [same.choose(None, legal) for _ in range(50)] == picks[:50]
    agent.reset(3)
    assert [agent.choose(None, legal) for _ in range(50)] == picks[:50]
    assert [other.choose(None, legal) for _ in range(50)] != picks[:50]
    assert repr(RandomAgent(seed=7)) == "RandomAgent(seed=7)"


# --------------------------------------------------------------------------- GreedyAgent


def test_greedy_sheds_its_most_expensive_playable_card():
    view, legal = position(["A♠ 9♠ J♠ K♥", "6♦ 6♣ 6♥ 7♦"], discard="10♠")
    assert set(legal) == {Play(C("A♠")), Play(C("9♠")), Play(C("J♠"))}
    assert GreedyAgent().choose(view, legal) == Play(C("A♠"))


def test_greedy_queen_orders_the_suit_it_holds_most():
    view, legal = position(["Q♠ 8♥ 9♥ 6♣", "6♦ 6♥ 7♦ 7♣"], discard="10♠")
    assert len(legal) == 4  # only the queen, with each of four suits
    assert GreedyAgent().choose(view, legal) == Play(C("Q♠"), Suit.HEARTS)


def test_bots_pass_a_penalty_on_rather_than_draw():
    view, legal = position(["7♥ A♦ 9♣", "6♦ 6♥ 8♠ 9♠"], discard="10♠ 7♠", pending_draw=2,
                           pending_rank=Rank.SEVEN)
    assert set(legal) == {Play(C("7♥")), Draw()}
    assert choices(view, legal) == {"GreedyAgent": Play(C("7♥")), "HeuristicAgent": Play(C("7♥"))}


def test_bots_answer_an_ace_with_an_ace():
    view, legal = position(["A♥ 9♦", "6♦ 6♥ 8♠ 9♠"], discard="10♠ A♠", skip_to_answer=True)
    assert set(legal) == {Play(C("A♥")), Pass()}
    assert choices(view, legal) == {"GreedyAgent": Play(C("A♥")), "HeuristicAgent": Play(C("A♥"))}


def test_bots_draw_when_nothing_can_be_played():
    view, legal = position(["9♦ 8♥", "6♦ 6♥ 8♠ 9♠"], discard="10♠")
    assert legal == [Draw()]
    assert set(choices(view, legal).values()) == {Draw()}


def test_bots_play_the_card_drawn_under_draw_one():
    rules = Rules101(draw="one")
    rnd = Round101.from_hands(hands=["9♦ 8♥", "6♦ 6♥ 8♠ 9♠"], stock="J♠ 7♣ 7♦", discard="10♠", rules=rules)
    assert rnd.legal_moves() == [Draw()]
    rnd.play(Draw())  # R7 draw="one": J♠ fits, so the player may play it or pass
    assert set(rnd.legal_moves()) == {Play(C("J♠")), Pass()}
    view = rnd.view(0)
    assert set(choices(view, rnd.legal_moves()).values()) == {Play(C("J♠"))}


# --------------------------------------------------------------------------- HeuristicAgent


def test_heuristic_keeps_its_queen_for_the_end():
    view, legal = position(["Q♠ J♠ 8♥", "6♦ 6♥ 7♦ 7♣"], discard="10♠")
    # Greedy plays the queen (3 points against the jack's 2); its rest holds one ♠ and one ♥,
    # and the tie goes to ♠, of which more cards are out of the others' hands (queen_suit).
    assert choices(view, legal) == {"GreedyAgent": Play(C("Q♠"), Suit.SPADES),
                                    "HeuristicAgent": Play(C("J♠"))}


def test_heuristic_finishes_on_a_queen_rather_than_on_another_card():
    # Two cards that both fit; either way one card is left, but the bot keeps the queen
    # as its last card: it can go out with it on any suit it orders, and R20 takes 20 off.
    view, legal = position(["Q♠ 9♠", "6♦ 6♥ 7♦ 7♣"], discard="10♠")
    assert HeuristicAgent().choose(view, legal) == Play(C("9♠"))
    # With only the queen left, it goes out.
    view, legal = position(["Q♠", "6♦ 6♥ 7♦ 7♣"], discard="9♠")
    assert HeuristicAgent().choose(view, legal).card == C("Q♠")


def test_heuristic_plays_a_6_only_when_it_can_cover_it():
    # J♠ on top: 6♠ fits by suit, J♥ by rank. Nothing left could cover 6♠ (no ♠, no 6).
    view, legal = position(["6♠ J♥ K♥", "6♦ 7♥ 7♦ 7♣"], discard="J♠")
    assert choices(view, legal) == {"GreedyAgent": Play(C("6♠")), "HeuristicAgent": Play(C("J♥"))}
    # With 8♠ to cover it, the 6 is a good play: two cards go at once.
    view, legal = position(["6♠ 8♠ K♥ 9♦", "6♦ 7♥ 7♦ 7♣"], discard="10♠")
    assert HeuristicAgent().choose(view, legal) == Play(C("6♠"))


def test_heuristic_covers_a_6_without_playing_a_6_it_cannot_cover():
    view, legal = position(["8♠ 6♥ 9♦ 9♠", "6♦ 7♥ 7♦ 7♣"], discard="10♣ 6♠", must_cover=True)
    assert set(legal) == {Play(C("8♠")), Play(C("6♥")), Play(C("9♠"))}
    assert HeuristicAgent().choose(view, legal) == Play(C("9♠"))


def test_heuristic_saves_its_ace_until_the_next_player_is_close_to_going_out():
    hands = ["A♠ 9♠ 8♦ K♣ J♥", "6♦ 7♥ 7♦ 7♣", "6♥ 8♥ 9♥ 10♥ J♦"]
    view, legal = position(hands, discard="10♠")
    assert choices(view, legal) == {"GreedyAgent": Play(C("A♠")), "HeuristicAgent": Play(C("9♠"))}
    hands[1] = "7♣"
    view, legal = position(hands, discard="10♠")
    assert HeuristicAgent().choose(view, legal) == Play(C("A♠"))


def test_heuristic_plays_a_7_on_a_next_player_close_to_going_out():
    hands = ["7♠ 9♠ 8♠ K♣ J♥", "6♦ 8♥ 7♦ 9♣", "6♥ 8♦ 9♥ 10♥ J♦"]
    view, legal = position(hands, discard="10♠")
    assert HeuristicAgent().choose(view, legal) == Play(C("9♠"))  # the 7 is kept back
    hands[1] = "9♣"
    view, legal = position(hands, discard="10♠")
    assert HeuristicAgent().choose(view, legal) == Play(C("7♠"))  # now it makes them draw 2


def test_heuristic_turns_play_away_from_a_player_about_to_go_out():
    hands = ["10♠ 9♦ 8♦ K♦", "6♣ 7♥ 7♦ 7♣", "6♥ 8♥ 9♥ 10♥ J♣"]
    view, legal = position(hands, discard="10♦")
    assert HeuristicAgent().choose(view, legal) == Play(C("9♦"))
    hands[1] = "7♣"
    view, legal = position(hands, discard="10♦")
    assert HeuristicAgent().choose(view, legal) == Play(C("10♠"))


def test_queen_suit_with_only_queens_left_orders_the_most_exhausted_suit():
    view, _ = position(["Q♠ Q♥", "6♦ 7♥ 7♦ 7♣"], discard="9♦ 10♦ J♦ 8♣ 6♣ 7♠")
    assert queen_suit(view, [C("Q♥")]) == Suit.DIAMONDS


def test_bots_flush_queens_when_allowed():
    rules = Rules101(flush_queens=True)
    view, legal = position(["Q♠ Q♥", "6♦ 7♥ 7♦ 7♣"], discard="9♠", rules=rules)
    for agent in (GreedyAgent(), HeuristicAgent()):
        move = agent.choose(view, legal)
        assert type(move).__name__ == "FlushQueens", agent


# --------------------------------------------------------------------------- every variant

OPTION_VALUES = pick("deal", "draw", "recycle", "six", "ace", "queen_wild", "chain", "flush_queens",
                     "match")


def variants(count):
    """``count`` seeded random rule sets (the test checks that they use every value of every option)."""
    rng = random.Random(1234)
    for i in range(count):
        yield Rules101(**{k: rng.choice(v) for k, v in OPTION_VALUES.items()},
                       seven_of_spades_draw=4 if i % 3 else None)


def test_bots_only_make_legal_moves_in_every_variant():
    used: dict[str, set] = {k: set() for k in OPTION_VALUES}
    for i, (rules, players, deck) in enumerate(zip(variants(60), itertools.cycle(range(2, 7)),
                                                   itertools.cycle([36, 52]))):
        for k in OPTION_VALUES:
            used[k].add(getattr(rules, k))
        agents = [(RandomAgent(i), GreedyAgent(), HeuristicAgent())[s % 3] for s in range(players)]
        result = Match101(players, deck, rules, seed=i, agents=agents).play()  # AgentError on a bad move
        assert result.over and result.losers
        for rec in result.records:
            rec.round.check_cards()  # R25: every card in exactly one place at the end of every round
            assert len(rec.round.cards_in_play()) == deck
    assert used == {k: set(v) for k, v in OPTION_VALUES.items()}
