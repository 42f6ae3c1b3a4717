"""Positions in the notation's JSON (shared/NOTATION.md): reading, checking, writing.

A position is a complete state: `Game.from_position(game.to_json()) == game`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from engine.caravan import Caravan, parse_caravan
from engine.cards import TEN, card_of, format_cards, parse_cards
from engine.errors import NotationError, PositionError
from engine.moves import SEATS
from engine.rules import Rules
from engine.state import (
    DRAW,
    END_EMPTY_DECK,
    END_MOVE_LIMIT,
    END_OUT_OF_CARDS,
    END_SOLD,
    MAIN,
    OPENING,
    OVER,
    State,
)

S = TypeVar("S", bound=State)

PHASES = (OPENING, MAIN, OVER)
END_REASONS = (END_SOLD, END_OUT_OF_CARDS, END_EMPTY_DECK, END_MOVE_LIMIT)


def position_dict(game: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "rules": game.rules.to_json(),
        "phase": game.phase,
        "turn": game.mover,
    }
    for seat in (0, 1):
        out[SEATS[seat]] = {
            "hand": format_cards([card_of(c) for c in game.hands[seat]]),
            "deck": format_cards([card_of(c) for c in reversed(game.decks[seat])]),
            "discard": format_cards([card_of(c) for c in game.discards[seat]]),
            "caravans": [caravan.notation() for caravan in game.caravans[seat]],
        }
    out["winner"] = game.winner
    out["ply"] = game.ply
    if game.end_reason is not None:
        out["end"] = game.end_reason
    if game.seed is not None:
        out["seed"] = game.seed
    return out


def position_text(game: State) -> str:
    """Canonical JSON text of a position: compact, fields in the notation's order."""
    return json.dumps(position_dict(game), separators=(",", ":"))


def read_position(source: object, make: Callable[[Rules], S]) -> S:
    """Read a position onto the empty table `make(rules)` gives (a `Game`, for a game to
    play on); raises NotationError (PositionError for one its rules forbid). A position
    marked over gets its outcome here; one still going on is judged by the game that reads
    it (`Game.from_position`): it may be over as it stands (R13-R15)."""
    if isinstance(source, str):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as error:
            raise NotationError(
                f"The position is not valid JSON ({error.msg} at line {error.lineno}, "
                f"column {error.colno})."
            ) from None
        except RecursionError:
            raise NotationError("The position is not valid JSON (nested too deeply).") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise NotationError("A position is a JSON object with rules, phase, turn, A and B.")
    for key in ("rules", "phase", "turn", "A", "B"):
        if key not in data:
            raise NotationError(f"The position has no {key!r} field.")
    rules = Rules.parse(data["rules"])
    game = make(rules)
    phase, turn = data["phase"], data["turn"]
    if phase not in PHASES:
        raise NotationError(f"`phase` is opening, main or over, not {phase!r}.")
    if turn not in SEATS:
        raise NotationError(f"`turn` is A or B, not {turn!r}.")
    game.phase = phase
    game.turn = SEATS.index(turn)
    variant = rules.variant
    for seat in (0, 1):
        player = data[SEATS[seat]]
        if not isinstance(player, dict):
            raise NotationError(f"Player {SEATS[seat]} is an object with hand, deck and caravans.")
        for key in ("hand", "deck", "caravans"):
            if key not in player:
                raise NotationError(f"Player {SEATS[seat]} has no {key!r} field.")
        game.hands[seat] = [card.code for card in parse_cards(_text(player, "hand", seat))]
        deck = [card.code for card in parse_cards(_text(player, "deck", seat))]
        game.decks[seat] = deck[::-1]
        discard = player.get("discard", "")
        if discard is None:
            discard = ""
        game.discards[seat] = [card.code for card in parse_cards(_text({"d": discard}, "d", seat))]
        caravans = player["caravans"]
        if not isinstance(caravans, list) or len(caravans) != 3:
            raise NotationError(f"Player {SEATS[seat]}'s caravans are a list of three strings.")
        game.caravans[seat] = [
            parse_caravan(text, variant.king_adds, variant.queen_sets_suit) for text in caravans
        ]
    _check_possible(game)
    ply = data.get("ply")
    if ply is None:
        ply = sum(1 for side in game.caravans for c in side if c.cards) if phase == OPENING else 6
    if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
        raise NotationError(f"`ply` is a whole number of moves, not {ply!r}.")
    game.ply = ply
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise NotationError(f"`seed` is a whole number or a string, not {seed!r}.")
    game.seed = seed
    if phase == OVER:
        _read_outcome(game, data)
    return game


def _text(player: dict[str, Any], key: str, seat: int) -> str:
    value = player[key]
    if not isinstance(value, str):
        raise NotationError(f"Player {SEATS[seat]}'s {key} is a string of cards.")
    return value


def _check_possible(game: State) -> None:
    """Refuse a position its rules could never reach (shared/NOTATION.md)."""
    rules = game.rules
    variant = rules.variant
    allowed = [Counter(card.code for card in rules.deck(seat)) for seat in (0, 1)]
    everything: Counter[int] = Counter()
    for seat in (0, 1):
        own: Counter[int] = Counter()
        places: list[list[int]] = [
            game.hands[seat],
            game.decks[seat],
            game.discards[seat],
        ]
        for caravan in game.caravans[seat]:
            places.append(caravan.cards)
            places.extend(caravan.atts)
            _check_attachments(caravan, variant.max_attached, SEATS[seat])
        for place in places:
            everything.update(place)
        for place in places[:3]:
            own.update(code for code in place if code >> 2 <= TEN)
        for caravan in game.caravans[seat]:
            own.update(caravan.cards)
        for code, count in own.items():
            if code >> 2 == TEN and not variant.tens:
                raise PositionError(
                    f"{card_of(code)} is in play, but {variant.name} rules have no tens."
                )
            if count > allowed[seat][code]:
                have = allowed[seat][code]
                times = "not at all" if not have else "once" if have == 1 else f"{have} times"
                raise PositionError(
                    f"Player {SEATS[seat]} holds {card_of(code)} {count} times, but their deck "
                    f"has it {times}."
                )
    for code, count in everything.items():
        if code >> 2 > TEN and count > allowed[0][code] + allowed[1][code]:
            limit = allowed[0][code] + allowed[1][code]
            raise PositionError(
                f"{card_of(code)} appears {count} times, but the two decks hold it {limit} times."
            )
    if game.phase == OPENING and not any(not c.cards for c in game.caravans[game.turn]):
        raise PositionError(
            f"It is the opening and {SEATS[game.turn]} is to move, but all of their caravans "
            "are started already (R3)."
        )


def _check_attachments(caravan: Caravan, limit: int | None, seat: str) -> None:
    if limit is None:
        return
    for code, atts in zip(caravan.cards, caravan.atts):
        if len(atts) > limit:
            raise PositionError(
                f"{card_of(code)} in player {seat}'s caravan carries {len(atts)} picture cards; "
                f"at most {limit} may be attached (R7)."
            )


def _read_outcome(game: State, data: dict[str, Any]) -> None:
    """A position marked `over`: its winner is read, or worked out from R13 and R14."""
    winner = data.get("winner")
    reason = data.get("end")
    won = game._positions()
    if winner not in ("A", "B", "draw"):
        if all(w >= 0 for w in won):
            winner = SEATS[0 if sum(1 for w in won if w == 0) >= 2 else 1]
        elif not game.hands[game.turn] and not game.decks[game.turn]:
            winner = SEATS[1 - game.turn]
        else:
            winner = "draw"
    if reason not in END_REASONS:
        if all(w >= 0 for w in won):
            reason = END_SOLD
        elif game.ply >= game.variant.move_limit:
            reason = END_MOVE_LIMIT
        elif winner == "draw":
            reason = END_EMPTY_DECK
        else:
            reason = END_OUT_OF_CARDS
    game._end(DRAW if winner == "draw" else SEATS.index(winner), reason)
