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
from pianitsa101.game101.moves import Draw, FlushQueens, IllegalMove, NotNowError, Pass, Play, parse_move
from pianitsa101.game101.round import Round101
from pianitsa101.game101.rules import DEFAULT_POINTS, Rules101
from pianitsa101.game101.scoring import RoundScore
from pianitsa101.game101.view import PlayerView, unseen_cards

__all__ = [
    "DEFAULT_POINTS", "CardPlayed", "CardsDrawn", "DirectionReversed", "Draw", "FlushQueens", "IllegalMove",
    "NotNowError", "Pass", "PenaltyPassedOn", "PenaltyPending", "PenaltyTaken", "Play", "PlayerView",
    "PublicDraw", "Redeal", "Round101", "RoundAbandoned", "RoundWon", "Rules101", "Skipped", "StockRecycled",
    "SuitOrdered", "TurnPassed", "parse_move", "unseen_cards",
]

# The match (R4, R22, R23) and the simple bots: they read only their own view and the legal
# moves, and Match101 needs one as its default player. The Monte Carlo bot, tournaments and
# their statistics live a floor up, in pianitsa101.strategy.
from pianitsa101.game101.agents import Agent, AgentError, GreedyAgent, HeuristicAgent, RandomAgent
from pianitsa101.game101.match import Match101, MatchResult, PlayedRound

__all__ += ["Agent", "AgentError", "GreedyAgent", "HeuristicAgent", "Match101", "MatchResult",
            "PlayedRound", "RandomAgent"]

# What the tables read: obligations as events, the penalty chain, the score sheet, match seats.
__all__ += ["ChainLink", "MayAnswerAce", "MustCover", "PenaltyChain", "RoundDealt", "RoundScore",
            "RoundScored", "StarterTurnedUp", "renumber"]
