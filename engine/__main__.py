"""The engine's command line (shared/NOTATION.md): `python -m engine new|legal|play|show`.

Bad input is reported in one line on standard error with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from engine.errors import CaravanError, IllegalMoveError, NotationError
from engine.game import Game
from engine.moves import Move
from engine.rules import Rules

BAD_INPUT = 2


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see: python -m engine --help)")


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m engine", description="The Caravan rules engine.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    new = commands.add_parser("new", help="deal a new game and print its position")
    new.add_argument("--rules", default="new-vegas", help="a preset name or a JSON rules object")
    new.add_argument("--seed", help="a whole number; random when left out")
    legal = commands.add_parser("legal", help="print every legal move of a position")
    legal.add_argument("file", nargs="?", help="the position (default: standard input)")
    play = commands.add_parser("play", help="apply moves to a position and print the result")
    play.add_argument("moves", nargs="+", metavar="MOVE")
    play.add_argument("--position", help="the position (default: standard input)")
    show = commands.add_parser("show", help="print values, directions, suits and who wins")
    show.add_argument("file", nargs="?", help="the position (default: standard input)")
    return parser


def read_text(path: str | None) -> str:
    """A position's text from `path`, or standard input for None or "-"."""
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: it is not UTF-8 text") from None


def _read(path: str | None) -> Game:
    return Game.from_position(read_text(path))


def _rules(text: str) -> Rules:
    if text.lstrip().startswith("{"):
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"--rules is not valid JSON: {error}.") from None
        return Rules.parse(value)
    return Rules.parse(text)


def read_seed(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--seed takes a whole number, not {text!r}") from None


def print_json(value: Any) -> None:
    print(json.dumps(value, indent=2))


def show(game: Game) -> dict[str, Any]:
    """The facts `show` prints: each caravan's value, direction, suit and for-sale, who
    wins each position now (R13) and the winner."""
    out: dict[str, Any] = {}
    for seat in "AB":
        for number in (1, 2, 3):
            caravan = game.caravan(seat, number)
            out[f"{seat}{number}"] = {
                "value": caravan.value,
                "direction": caravan.direction,
                "suit": caravan.suit,
                "for_sale": caravan.for_sale,
            }
    out["positions"] = list(game.positions())
    out["winner"] = game.winner
    return out


def run(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        raise UsageError("name a command: new, legal, play or show (see: python -m engine --help)")
    if args.command == "new":
        game = Game.new(_rules(args.rules), read_seed(args.seed))
        print_json(game.to_position())
    elif args.command == "legal":
        for text in sorted({str(move) for move in _read(args.file).legal_moves()}):
            print(text)
    elif args.command == "play":
        game = _read(args.position)
        for text in args.moves:
            try:
                move = Move.parse(text)
            except NotationError as error:
                raise UsageError(f"cannot read move {text!r}: {error}") from None
            try:
                game.play(move)
            except IllegalMoveError as error:
                raise UsageError(f"illegal move {text}: {error}") from None
        print_json(game.to_position())
    else:
        print_json(show(_read(args.file)))
    return 0


def main(argv: list[str] | None = None, runner: Callable[[list[str]], int] = run) -> int:
    """Run a command line (`runner`: this engine's, or Decktet Caravan's) by the contract:
    bad input is one line on standard error and status 2, never a traceback."""
    try:
        return runner(sys.argv[1:] if argv is None else argv)
    except (UsageError, CaravanError) as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the contract: never a traceback
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
