"""101 (Сто одно), the Crazy-Eights cousin: rules R1-R26 of ``RULES.md``.

>>> from pianitsa101.game101 import Round101, Rules101, Play, Draw
>>> from pianitsa101 import cards
>>> rnd = Round101.from_hands(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠", to_move=0)
>>> rnd.legal_moves()
[Play(Card.parse('7♠'))]
>>> [str(e) for e in rnd.play(Play(cards("7♠")[0]))]
['seat 0 plays 7♠', 'seat 1 must draw 2 (a 7 was played)']
>>> rnd.legal_moves()   # R16: pass the penalty on with a 7, or take it
[Play(Card.parse('7♥')), Draw()]
"""

from pianitsa101.game101.events import (
    CardPlayed,
    CardsDrawn,
    ChainLink,
    DirectionReversed,
    MayAnswerAce,
    MustCover,
    PenaltyChain,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    PublicDraw,
    Redeal,
    RoundAbandoned,
    RoundDealt,
    RoundScored,
    RoundWon,
    Skipped,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
    renumber,
)
from pianitsa101.game101.knowledge import unseen_cards
from pianitsa101.game101.moves import Draw, FlushQueens, IllegalMove, NotNowError, Pass, Play, parse_move
from pianitsa101.game101.round import Round101
from pianitsa101.game101.rules import DEFAULT_POINTS, Rules101
from pianitsa101.game101.scoring import RoundScore
from pianitsa101.game101.view import PlayerView

__all__ = [
    "DEFAULT_POINTS", "CardPlayed", "CardsDrawn", "DirectionReversed", "Draw", "FlushQueens", "IllegalMove",
    "NotNowError", "Pass", "PenaltyPassedOn", "PenaltyPending", "PenaltyTaken", "Play", "PlayerView",
    "PublicDraw", "Redeal", "Round101", "RoundAbandoned", "RoundWon", "Rules101", "Skipped", "StockRecycled",
    "SuitOrdered", "TurnPassed", "parse_move", "unseen_cards",
]

# The match (R4, R22, R23), the bots and tournaments.
from pianitsa101.game101.agents import Agent, AgentError, GreedyAgent, HeuristicAgent, RandomAgent
from pianitsa101.game101.match import Match101, MatchResult, PlayedRound
from pianitsa101.game101.montecarlo import MonteCarloAgent, MoveEstimate
from pianitsa101.game101.stats import matches_needed
from pianitsa101.game101.tournament import TournamentResult, tournament, wilson_interval

__all__ += ["Agent", "AgentError", "GreedyAgent", "HeuristicAgent", "Match101", "MatchResult",
            "MonteCarloAgent", "MoveEstimate", "PlayedRound", "RandomAgent", "TournamentResult",
            "matches_needed", "tournament", "wilson_interval"]

# What the tables read (issue 9): obligations as events, the penalty chain, the score sheet, match seats.
__all__ += ["ChainLink", "MayAnswerAce", "MustCover", "PenaltyChain", "RoundDealt", "RoundScore",
            "RoundScored", "StarterTurnedUp", "renumber"]
