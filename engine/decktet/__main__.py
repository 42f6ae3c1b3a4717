"""Decktet Caravan's command line, shaped like the New Vegas engine's:
`python -m engine.decktet new|legal|play|show` (docs/decktet.md).

Positions are JSON objects (`DecktetGame.to_position`); moves are plays in the notation of
engine.decktet.plays. Bad input is one line on standard error with exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.__main__ import Parser, UsageError, main, print_json, read_seed, read_text
from engine.decktet.game import DecktetGame
from engine.decktet.plays import parse_play
from engine.decktet.rules import DecktetRules
from engine.errors import IllegalMoveError, NotationError


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m engine.decktet", description="P.D. Magnus's Caravan for the Decktet."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    new = commands.add_parser("new", help="deal a new game and print its position")
    new.add_argument("--hands", type=int, default=5, help="how many hands the game lasts")
    new.add_argument("--seed", help="a whole number; random when left out")
    legal = commands.add_parser("legal", help="print every legal play of a position")
    legal.add_argument("file", nargs="?", help="the position (default: standard input)")
    play = commands.add_parser("play", help="apply plays to a position and print the result")
    play.add_argument("moves", nargs="+", metavar="PLAY")
    play.add_argument("--position", help="the position (default: standard input)")
    show = commands.add_parser("show", help="print the table in words and the scores")
    show.add_argument("file", nargs="?", help="the position (default: standard input)")
    return parser


def _read(path: str | None) -> DecktetGame:
    return DecktetGame.from_position(read_text(path))


def show(game: DecktetGame) -> dict[str, Any]:
    """The public facts of a position: the hand, indicators, the season, hand sizes,
    collected counts, running scores, who is to move and the winner."""
    running = game.view(None).running
    return {
        "hand_number": game.hand_number,
        "hands_in_game": game.rules.hands,
        "indicators": [str(c) for c in game.indicators],
        "season": [f"{('A', 'B')[s]} {p}" for s, p in game.season],
        "hand_sizes": {"A": len(game.hands[0]), "B": len(game.hands[1])},
        "collected": {"A": len(game.collected[0]), "B": len(game.collected[1])},
        "running_score": {"A": running[0], "B": running[1]},
        "to_move": None if game.is_over else game.mover,
        "winner": game.winner,
    }


def run(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        raise UsageError(
            "name a command: new, legal, play or show (see: python -m engine.decktet --help)"
        )
    if args.command == "new":
        print_json(DecktetGame.new(DecktetRules(args.hands), read_seed(args.seed)).to_position())
    elif args.command == "legal":
        for play in _read(args.file).legal_moves():
            print(play)
    elif args.command == "play":
        game = _read(args.position)
        for text in args.moves:
            try:
                move = parse_play(text)
            except NotationError as error:
                raise UsageError(f"cannot read play {text!r}: {error}") from None
            except IllegalMoveError as error:
                raise UsageError(f"illegal play {text}: {error}") from None
            try:
                game.play(move)
            except IllegalMoveError as error:
                raise UsageError(f"illegal play {text}: {error}") from None
        print_json(game.to_position())
    else:
        print_json(show(_read(args.file)))
    return 0


if __name__ == "__main__":
    sys.exit(main(runner=run))
