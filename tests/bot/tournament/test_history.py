"""The records: what a `Played` may say, and how a round's byes and forfeits are settled."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.tournament import Pairing, Played, TournamentError, settle


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (lambda: Played(0, 1, 2, 1.0), "rounds count from 1"),
        (lambda: Played(1, 1, 2, 0.25), "not a result"),
        (lambda: Played(1, 1, None, 0.5), "A bye scores 1 point"),
        (lambda: Played(1, 3, 3, 1.0), "cannot play themselves"),
        (lambda: Played(1, 1, 2, 0.5, forfeit=True), "won by one of two players"),
        (lambda: Played(1, 1, None, 1.0, forfeit=True), "won by one of two players"),
    ],
)
def test_a_record_that_cannot_be_is_refused_with_a_sentence(
    record: Callable[[], Played], message: str
) -> None:
    with pytest.raises(TournamentError, match=message):
        record()


def test_points_of_each_side() -> None:
    game = Played(2, 7, 9, 0.5)
    assert (game.points_of(7), game.points_of(9)) == (0.5, 0.5)
    assert Played(2, 7, 9, 0.0, forfeit=True).points_of(9) == 1.0
    assert Played(2, 7, None, 1.0).points_of(7) == 1.0
    assert Played(2, 7, 9, None).points_of(9) == 0.0
    with pytest.raises(TournamentError, match="Player 8 is not in this pairing"):
        game.points_of(8)


def test_settle_turns_byes_and_withdrawals_into_records_and_keeps_the_games() -> None:
    pairings = [Pairing(1, 2), Pairing(3, 4), Pairing(5, 6), Pairing(7, 8), Pairing(9, None)]
    games, settled = settle(4, pairings, withdrawn={4, 5, 7, 8})
    assert games == [Pairing(1, 2)]
    assert settled == [
        Played(4, 3, 4, 1.0, forfeit=True),  # 4 withdrew: 3 wins by forfeit
        Played(4, 5, 6, 0.0, forfeit=True),  # 5 withdrew: 6 wins
        Played(4, 9, None, 1.0),  # both 7 and 8 withdrew: nothing; 9's bye
    ]


def test_a_withdrawn_players_bye_is_not_recorded() -> None:
    assert settle(1, [Pairing(3, None)], withdrawn={3}) == ([], [])
