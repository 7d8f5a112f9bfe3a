"""What the 101 table's words say: the hand's points beside the match total, the card drawn
to cover a 6 named, and the loser of a first-over match called lost, not out (R9, R19, R23)."""

from __future__ import annotations

import pytest
from table101_driver import play_until, text

from pianitsa101 import Rank
from pianitsa101.game101 import Play
from pianitsa101.widgets import Table101

# R19 as the rules state it: 2-10 their number, J 2, Q 3, K 4, A 11 (written out here, not read from the code)
R19 = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 11}


def r19_points(cards) -> int:
    return sum(R19.get(card.rank, int(card.rank)) for card in cards)


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """Russian number agreement, as a grammar book gives it: 1 карта, 2-4 карты, 5-20 карт, 21 карта."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    return few if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else many


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_R19_the_hand_label_gives_the_hands_points_and_names_the_match_total(lang):
    table = Table101(players=3, seed=5, delay=0, lang=lang)
    play_until(table, lambda t: t.your_move and t.match.totals[0] > 0 and len(t.match.view(0).hand) >= 3)
    hand = table.match.view(0).hand
    n, p, total = len(hand), r19_points(hand), table.match.totals[0]
    if lang == "en":
        expected = f"Your hand: {n} cards worth {p} points · match total {total}"
    else:
        expected = (f"Ваши карты: {n} {ru_plural(n, 'карта', 'карты', 'карт')} на "
                    f"{p} {ru_plural(p, 'очко', 'очка', 'очков')} · сумма за партию {total}")
    assert text(table.hand_label.value) == expected


def test_R9_after_drawing_to_cover_a_6_the_prompt_names_the_drawn_card():
    def six_without_cover(t):
        if not t.your_move or not t.match.current.must_cover:
            return False
        return not [m for m in t.legal_moves if isinstance(m, Play)]

    for seed in range(40):
        table = Table101(players=3, seed=seed, delay=0)
        try:
            play_until(table, six_without_cover, limit=3000)
        except AssertionError:
            continue
        if not table.match.over:
            break
    else:  # pragma: no cover - the seeds above hold such a position
        pytest.fail("no seed left you a 6 you could not cover")
    six = table.match.current.top
    assert table.draw()
    view = table.match.view(0)
    drawn = view.drawn
    assert drawn is not None and table.match.current.must_cover
    words = text(table.status.value)
    assert f"you drew the {drawn}: it covers your {six}, play it" in words
    assert table.hand.playable_ids() == [str(drawn)]
    assert table.draw_button.disabled  # R9: the card that fits is the one to play


@pytest.mark.parametrize(("lang", "lost", "out"), [("en", "lost: over 101 (R23)", "out: over"),
                                                    ("ru", "проигрыш: больше 101 (R23)", "вне игры")])
def test_R23_the_loser_of_a_first_over_match_is_lost_not_out(lang, lost, out):
    table = Table101(players=3, human=None, seed=5, delay=0, lang=lang)
    table.play_to_end()
    assert table.match.over and table.match.rules.match == "first_over"
    (loser,) = table.match.result.losers
    seats = table.seats_view.value
    box = seats.split(f'data-seat="{loser}"')[1].split('data-seat="')[0]
    assert lost in text(box)
    assert out not in text(seats)


def test_R23_you_who_lost_the_match_read_that_you_lost():
    for seed in range(30):
        table = Table101(players=3, seed=seed, delay=0)
        play_until(table, lambda t: t.match.over)
        if 0 in table.match.result.losers:
            break
    else:  # pragma: no cover
        pytest.fail("no seed in 0-29 has you lose")
    assert "You lost the match (over 101, R23)." in text(table.hand_label.value)
    assert "out of the match" not in text(table.hand_label.value)
