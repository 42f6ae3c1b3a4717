"""Trying a move and taking it back: the search's look-ahead without copying the game.

`Game.copy()` copies both hands, both decks, both discard piles, six caravans and the move
list; a search that only wants to score the position after each legal move (the greedy
player, the search's new nodes) needs far less. `try_move(game, move)` pushes `move` and
returns what it takes to undo it: the mover's hand, the top of their deck, how long each
discard pile was, and a copy of each caravan the move can change (`Game.reaches`).
`take_back(game, tried)` puts the game back exactly as it was: the same state, the same
cached public view.
"""

from __future__ import annotations

from typing import Any

from engine.caravan import Caravan
from engine.game import Game
from engine.moves import Move


class Tried:
    """What `take_back` restores: everything a push can change."""

    __slots__ = (
        "turn",
        "phase",
        "ply",
        "winner",
        "end_reason",
        "public",
        "hand",
        "deck_size",
        "top",
        "deck",
        "piles",
        "pile",
        "caravans",
    )

    def __init__(self, game: Game, p: int, caravans: list[tuple[int, int, Caravan]]) -> None:
        self.turn = p
        self.phase = game.phase
        self.ply = game.ply
        self.winner = game._winner
        self.end_reason = game.end_reason
        self.public: Any = game._public
        self.hand = game.hands[p][:]
        deck = game.decks[p]
        self.deck_size = len(deck)
        self.top = deck[-1] if deck else -1
        # An empty deck may be refilled from the discard pile (R14 in foxon): keep the pile.
        self.pile = game.discards[p][:] if not deck else None
        self.piles = (len(game.discards[0]), len(game.discards[1]))
        self.caravans = caravans


def try_move(game: Game, move: Move) -> Tried:
    """Push `move` (taken from `game.legal_moves()` of this very state, as for
    `Game.push`) and return what `take_back` needs to undo it."""
    p = game.turn
    caravans = game.caravans
    changed = [(t, i, caravans[t][i].copy()) for t, i in game.reaches(move)]
    tried = Tried(game, p, changed)
    game.push(move)
    return tried


def take_back(game: Game, tried: Tried) -> None:
    """Undo the `try_move` that returned `tried` (the last move pushed on `game`)."""
    p = tried.turn
    game.moves.pop()
    game.turn = p
    game.phase = tried.phase
    game.ply = tried.ply
    game._winner = tried.winner
    game.end_reason = tried.end_reason
    game._public = tried.public
    game.hands[p][:] = tried.hand
    deck = game.decks[p]
    if tried.pile is not None:  # the deck was empty: it may have been refilled
        deck.clear()
        game.discards[p][:] = tried.pile
    elif len(deck) < tried.deck_size:
        deck.append(tried.top)
    del game.discards[0][tried.piles[0] :]
    del game.discards[1][tried.piles[1] :]
    for t, ci, caravan in tried.caravans:
        game.caravans[t][ci] = caravan
