"""Speed of the tables (with their goals): a click (one trick; a 101 move of yours and the bots'
replies with no delay) redraws the table in under 50 ms median, and a whole Пьяница game
played to the end, with the plot, in under 0.5 s.

Measured on the Python side of the widgets (the engine step, every picture and the widget
updates), which is what a click waits for before the browser draws. ``make bench`` runs it.
"""

from __future__ import annotations

import statistics
import time

from pianitsa101.game101 import Draw, FlushQueens, HeuristicAgent, Play
from pianitsa101.widgets import PianitsaTable, Table101

GOALS = {"click_ms": 50.0, "game_s": 0.5}


def click_times(games: int = 20, players: int = 2) -> list[float]:
    """Seconds per click on a stack (one trick and a full redraw), over whole seeded games."""
    out = []
    for seed in range(games):
        table = PianitsaTable(players=players, seed=seed)
        while not table.at_end:
            seat = next(i for i, item in enumerate(table.stacks.items) if item["playable"])
            start = time.perf_counter()
            table.stacks.click(f"seat{seat}")
            out.append(time.perf_counter() - start)
    return out


def game_times(games: int = 20, players: int = 2) -> list[float]:
    """Seconds for Play to the end (a whole game, the plot of every trick, the last trick drawn)."""
    out = []
    for seed in range(games):
        table = PianitsaTable(players=players, seed=seed)
        start = time.perf_counter()
        table.play_to_end()
        out.append(time.perf_counter() - start)
    return out


def table101_click_times(matches: int = 6, players: int = 3) -> list[float]:
    """Seconds per click at Table101 (delay=0): your move (HeuristicAgent's choice), the bots'
    replies up to your next move, and the full redraw; a queen's suit is a second click, timed too."""
    bot, out = HeuristicAgent(), []
    for seed in range(matches):
        table = Table101(players=players, seed=seed, delay=0)
        while not table.match.over:
            match = table.match
            start = time.perf_counter()
            if match.current is None:
                table.next_round()
            else:
                rnd = match.current
                move = bot.choose(rnd.view(match.seats.index(0)), rnd.legal_moves())
                if isinstance(move, Play):
                    table.click_card(move.card)
                    if move.suit is not None:
                        out.append(time.perf_counter() - start)
                        start = time.perf_counter()
                        table.choose_suit(move.suit)
                elif isinstance(move, FlushQueens):
                    table.flush_queens()
                    table.choose_suit(move.suit)
                elif isinstance(move, Draw):
                    table.draw()
                else:
                    table.pass_turn()
            out.append(time.perf_counter() - start)
    return out


def main() -> None:
    click_times(2)  # warm up
    for players in (2, 4):
        clicks = click_times(10, players=players)
        games = game_times(players=players)
        median_click = 1000 * statistics.median(clicks)
        p95 = 1000 * sorted(clicks)[int(0.95 * len(clicks))]
        median_game, worst = statistics.median(games), max(games)
        print(f"PianitsaTable, {players} players: click (one trick + redraw) median {median_click:.1f} ms, "
              f"95% {p95:.1f} ms over {len(clicks)} clicks (goal < {GOALS['click_ms']:.0f} ms)")
        print(f"PianitsaTable, {players} players: play to the end with the plot median {median_game:.3f} s, "
              f"slowest {worst:.3f} s over {len(games)} games (goal < {GOALS['game_s']} s)")
    table101_click_times(1)  # warm up
    for players in (3, 6):
        clicks = table101_click_times(players=players)
        median_click = 1000 * statistics.median(clicks)
        p95 = 1000 * sorted(clicks)[int(0.95 * len(clicks))]
        print(f"Table101, {players} players: click (your move + the bots' replies + redraw) median "
              f"{median_click:.1f} ms, 95% {p95:.1f} ms over {len(clicks)} clicks "
              f"(goal < {GOALS['click_ms']:.0f} ms)")


if __name__ == "__main__":
    main()
