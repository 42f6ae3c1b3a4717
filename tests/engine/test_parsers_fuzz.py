"""Property tests for every parser (python-chess fuzzes its FEN parser so): any text either
parses and round-trips or raises the project's error, never anything else."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CaravanError, Card, Game, Move, NotationError
from engine.__main__ import main
from engine.caravan import parse_caravan

NOTATION_CHARS = "AaTtJjQqKkXx0123456789cdhsCDHS@.:+[], ^vBb-\n"
notation_text = st.text(alphabet=NOTATION_CHARS, max_size=24) | st.text(max_size=24)
card_text = st.sampled_from([*"A23456789TJQK", "10", "t", "x", "1", "Z"]).flatmap(
    lambda rank: st.sampled_from(["c", "d", "h", "s", "H", "", "x"]).map(lambda suit: rank + suit)
)


@given(card_text | notation_text)
def test_any_text_is_a_card_or_a_notation_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError:
        return
    assert Card.parse(str(card)) == card


move_text = st.builds(
    lambda card, sep, target: card + sep + target,
    card_text,
    st.sampled_from(["@", ":", "@@", ""]),
    st.from_regex(r"[ABab]?[0-4](\.[0-9]{1,3})?", fullmatch=True),
) | st.builds(
    lambda kind, rest: kind + rest,
    st.sampled_from(["discard:", "disband:", "DISBAND:"]),
    st.text(alphabet="0123456789+AKQ7hc ", max_size=6),
)


@given(move_text | notation_text)
def test_any_text_is_a_move_or_a_notation_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError:
        return
    assert Move.parse(str(move)) == move
    assert str(Move.parse(str(move))) == str(move)


caravan_text = st.lists(
    st.builds(
        lambda card, pictures: card + (f"[{','.join(pictures)}]" if pictures else ""),
        card_text,
        st.lists(card_text, max_size=4),
    ),
    max_size=6,
).map(" ".join)


@given(caravan_text | notation_text)
def test_any_text_is_a_caravan_or_a_notation_error(text: str) -> None:
    try:
        caravan = parse_caravan(text)
    except NotationError:
        return
    again = parse_caravan(caravan.notation())
    assert again.notation() == caravan.notation()
    assert (again.value, again.direction, again.suit) == (
        caravan.value,
        caravan.direction,
        caravan.suit,
    )


@st.composite
def positions(draw: st.DrawFn) -> str:
    """Positions that are near-valid: a real game's position with some fields disturbed."""
    game = Game.new(seed=draw(st.integers(0, 50)))
    for _ in range(draw(st.integers(0, 40))):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[draw(st.integers(0, len(moves) - 1))])
    data = game.to_position()
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(st.sampled_from(["A", "B"]))
        key = draw(st.sampled_from(["hand", "deck", "discard", "caravans", None]))
        value = draw(st.one_of(caravan_text, notation_text, st.integers(), st.none()))
        if key is None:
            data[draw(st.sampled_from(["rules", "phase", "turn", "ply", "seed"]))] = value
        elif key == "caravans":
            data[seat]["caravans"][draw(st.integers(0, 2))] = value
        else:
            data[seat][key] = value
    return json.dumps(data)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(positions() | notation_text)
def test_any_text_is_a_position_or_the_projects_error(text: str) -> None:
    try:
        game = Game.from_position(text)
    except CaravanError:
        return
    assert Game.from_position(game.to_json()) == game
    for move in game.legal_moves():
        assert game.validate(move) == move


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        notation_text
        | st.sampled_from(
            ["new", "legal", "play", "show", "--seed", "--rules", "--position", "7h@2"]
        ),
        max_size=4,
    )
)
def test_the_command_line_never_raises(args: list[str]) -> None:
    args = ["/nonexistent" if arg == "-" else arg for arg in args]  # "-" is standard input
    if (
        args
        and args[0] in ("legal", "show", "play")
        and (len(args) == 1 or args[-1] == "--position")
    ):
        args = [*args, "/nonexistent"]  # never wait on standard input
    if args and args[0] == "play" and "--position" not in args:
        args = [*args, "--position", "/nonexistent"]
    assert main(args) in (0, 2)
