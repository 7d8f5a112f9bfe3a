"""P13: a cycle ends the game, and the game tells when the repeated position was first seen."""

from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

TABLE = PianitsaRules(gather="table")  # P9 "table": many deals never end


def positions_trick_by_trick(game: PianitsaGame) -> list[tuple]:
    """The position (ranks of every stack, in order) before the first trick and after each one."""
    seen = [tuple(tuple(int(c.rank) for c in st) for st in game.stacks)]
    while not game.over:
        game.play_trick()
        seen.append(tuple(tuple(int(c.rank) for c in st) for st in game.stacks))
    return seen


def cycling_seeds(count: int) -> list[int]:
    found = []
    seed = 0
    while len(found) < count:
        if PianitsaGame.deal(players=2, rules=TABLE, seed=seed).play().outcome == "cycle":
            found.append(seed)
        seed += 1
    return found


def test_P13_cycle_start_is_the_trick_where_the_repeated_position_was_first_seen():
    for seed in cycling_seeds(5):
        game = PianitsaGame.deal(players=2, rules=TABLE, seed=seed)
        positions = positions_trick_by_trick(game)
        result = game.result()
        assert result.outcome == "cycle"
        start = result.cycle_start
        assert 0 <= start < result.tricks
        assert positions[start] == positions[result.tricks]  # the same ranks in every stack
        assert len(set(positions[: result.tricks])) == result.tricks  # nothing repeated before
        fast = PianitsaGame.deal(players=2, rules=TABLE, seed=seed).play()  # the fast play() agrees
        assert (fast.tricks, fast.cycle_start) == (result.tricks, start)


def test_P13_cycle_start_is_none_unless_the_game_cycled():
    result = PianitsaGame.deal(players=2, seed=1).play()
    assert result.outcome == "finished" and result.cycle_start is None
    game = PianitsaGame.deal(players=2, rules=TABLE, seed=cycling_seeds(1)[0])
    assert game.cycle_start is None  # not before the game has cycled
