"""After *Play to the end* the table's log lists the last tricks and says which it skipped."""

from __future__ import annotations

from pianitsa101.pianitsa import PianitsaGame
from pianitsa101.widgets import PianitsaTable
from pianitsa101.widgets.pianitsa_table import LOG_JUMP

SEED = 11  # a two-player deal of many tricks


def test_the_log_names_the_tricks_it_skips_after_play_to_the_end():
    total = PianitsaGame.deal(players=2, seed=SEED).play().tricks
    assert total > LOG_JUMP + 3
    table = PianitsaTable(players=2, seed=SEED)
    for _ in range(3):
        table.next_trick()
    table.play_to_end()
    lines = table.log_area.lines
    assert lines[0] == f"tricks 4–{total - LOG_JUMP}: move the slider to see them"  # on top, in view
    assert lines[1].startswith(f"trick {total}:")
    assert lines[LOG_JUMP].startswith(f"trick {total - LOG_JUMP + 1}:")
    assert lines[LOG_JUMP + 1].startswith("trick 3:")  # the tricks clicked one by one are still there


def test_the_message_is_russian_at_a_russian_table_and_singular_for_one_trick():
    total = PianitsaGame.deal(players=2, seed=SEED).play().tricks
    table = PianitsaTable(players=2, seed=SEED, lang="ru")
    for _ in range(total - LOG_JUMP - 1):
        table.next_trick()
    table.play_to_end()
    skipped = total - LOG_JUMP
    assert table.log_area.lines[0] == f"взятка {skipped}: передвиньте ползунок, чтобы её увидеть"


def test_nothing_is_said_when_nothing_is_skipped():
    table = PianitsaTable(game=PianitsaGame.from_stacks(["9♠", "K♥ Q♥", "8♦ 6♦"]))
    table.play_to_end()
    assert [line.split(":")[0] for line in table.log_area.lines] == ["trick 2", "trick 1"]
    assert not any("slider" in line for line in table.log_area.lines)
