"""Helpers of the Table101 tests: play your seat through the table's clicks, as a person would.

``click_move(table, move)`` makes a move the way the browser does it (a card of the hand, then
a suit after a queen; the Draw, Pass and Flush queens buttons); ``play_until(table, stop)``
lets HeuristicAgent choose your moves and clicks them until ``stop(table)`` is true, dealing
the next round whenever one is over. Matches are seeded, so the same clicks come every time.
"""

from __future__ import annotations

import re

from pianitsa101.game101 import Draw, FlushQueens, HeuristicAgent, Pass, Play
from pianitsa101.widgets import Table101

BOT = HeuristicAgent()


def text(html: str) -> str:
    """The words of an HTML view (tags dropped, spaces squeezed)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def chosen(table: Table101):
    """The move HeuristicAgent would make for you now (it sees your round's own view)."""
    match = table.match
    rnd = match.current
    return BOT.choose(rnd.view(match.seats.index(table.human)), rnd.legal_moves())


def click_move(table: Table101, move) -> None:
    """Make ``move`` by clicking, and check that every click was accepted."""
    if isinstance(move, Play):
        assert table.click_card(move.card), (move, table.hand.playable_ids(), table.message)
        if move.suit is not None:
            assert table.suit_box.layout.display != "none"  # the suit chooser is shown (R14)
            assert table.choose_suit(move.suit.symbol), table.message
    elif isinstance(move, Draw):
        assert not table.draw_button.disabled
        table.draw_button.click()
    elif isinstance(move, Pass):
        assert not table.pass_button.disabled
        table.pass_button.click()
    elif isinstance(move, FlushQueens):
        assert table.flush_queens() and table.choose_suit(move.suit), table.message
    else:
        raise AssertionError(f"unknown move {move!r}")


def play_until(table: Table101, stop, limit: int = 5000) -> int:
    """Click your moves (HeuristicAgent's choice) until ``stop(table)``; returns the number of clicks."""
    clicks = 0
    while not stop(table):
        assert clicks < limit, "stop() never came"
        match = table.match
        if match.over:
            raise AssertionError("the match ended before stop() was true")
        if match.current is None:
            assert table.next_round(), table.message
        elif table.human in match.active:
            assert table.your_move, (table.message, text(table.status.value))
            click_move(table, chosen(table))
        else:
            assert table.play_to_end()
        clicks += 1
    return clicks


def snapshot(table: Table101) -> tuple:
    """What a wrong click must leave as it was: the match, your hand, the buttons, the log."""
    return (
        table.match.to_json(),
        [dict(item) for item in table.hand.items],
        table.draw_button.disabled,
        table.pass_button.disabled,
        table.scoreboard.value,
        table.log_lines,
    )
