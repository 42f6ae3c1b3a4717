"""Decktet Caravan, clause by clause (shared/DECKTET.md D1-D10): one test or more per
clause, named after it."""

from __future__ import annotations

import pytest

from engine.decktet import (
    DECK,
    PASS_PLAY,
    DecktetGame,
    DecktetRules,
    Play,
    legal_plays,
    parse_card,
    parse_play,
    points,
)
from engine.decktet.cards import NUMBERED, SUITS, WILDS
from engine.errors import IllegalMoveError


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def table(
    a: str,
    b: str,
    *,
    indicators: str = "CrM AS",
    season: list[tuple[int, str]] | None = None,
    turn: int = 0,
    hands: int = 5,
    hand_number: int = 1,
    totals: tuple[int, int] = (0, 0),
    leader: int = 0,
) -> DecktetGame:
    """A game at a chosen moment; every card not named is set aside."""
    game = DecktetGame(DecktetRules(hands), seed=1)
    game.hands = [sorted(cards(a)), sorted(cards(b))]
    game.indicators = tuple(cards(indicators))
    game.season = [(s, parse_play(p)) for s, p in season or []]
    placed = {*game.hands[0], *game.hands[1], *game.indicators}
    placed |= {c for _, p in game.season for c in p.cards}
    game.aside = [c for c in DECK if c not in placed]
    game.turn, game.leader = turn, leader
    game.hand_number = hand_number
    game.totals = list(totals)
    return game


# ----- D1 ---------------------------------------------------------------------------------


def test_d1_deal_of_a_hand() -> None:
    for seed in range(200):
        game = DecktetGame.new(seed=seed)
        for hand in game.hands:
            assert len(hand) == 15
            assert sum(c.is_wild for c in hand) == 4
        assert len(game.indicators) == 2 and all(c.is_wild for c in game.indicators)
        assert len(game.aside) == 4
        assert sum(c.is_wild for c in game.aside) == 2
        assert sorted([*game.hands[0], *game.hands[1], *game.indicators, *game.aside]) == list(DECK)


def test_d1_indicators_never_share_a_suit() -> None:
    replaced = 0
    for seed in range(400):
        game = DecktetGame.new(seed=seed)
        first, second = game.indicators
        assert first.suits != second.suits
        # the replaced second indicator went aside: the Ace and Crown of first's suit
        twin = [c for c in game.aside if c.is_wild and c.suits == first.suits]
        replaced += bool(twin)
    assert replaced > 0  # the rule was exercised


def test_d1_same_seed_same_deal_and_hands_differ() -> None:
    one, two = DecktetGame.new(seed=5), DecktetGame.new(seed=5)
    assert one.hands == two.hands and one.indicators == two.indicators
    assert DecktetGame.new(seed=6).hands != one.hands


def test_d1_the_deck_has_36_cards_each_suit_on_eight_numbered_cards() -> None:
    assert len(DECK) == 36 and len(WILDS) == 12 and len(NUMBERED) == 24
    for suit in SUITS:
        ranks = sorted(c.rank for c in NUMBERED if suit in c.suits)
        assert ranks == list(range(2, 10))


# ----- D2 ---------------------------------------------------------------------------------


def test_d2_indicators_score_collected_cards() -> None:
    crown_moons, ace_suns = cards("CrM AS")
    indicators = (crown_moons, ace_suns)
    assert points(parse_card("5ML"), indicators) == 1  # Moons
    assert points(parse_card("2SY"), indicators) == -1  # Suns
    assert points(parse_card("8MS"), indicators) == 0  # both: +1 -1
    assert points(parse_card("2VL"), indicators) == 0  # neither
    assert points(parse_card("4MS"), tuple(cards("CrM CrS"))) == 2
    assert points(parse_card("4MS"), tuple(cards("AM AS"))) == -2


# ----- D3 ---------------------------------------------------------------------------------


def test_d3_first_leader_is_random_by_seed() -> None:
    leaders = {DecktetGame.new(seed=s).mover for s in range(40)}
    assert leaders == {"A", "B"}


def test_d3_later_hands_led_by_the_lower_total() -> None:
    game = table("5ML", "6MV 7ML", turn=0, totals=(10, 3), leader=1)
    game.play("5ML")  # A goes out; B may reply
    game.play("pass")
    # A: 5 + 2 left; B leads the next hand with the lower total
    assert game.hand_number == 2 and game.mover == "B" and game.leader == 1


def test_d3_tied_totals_the_other_player_leads() -> None:
    game = table("5ML", "6MV 7ML", turn=0, totals=(0, 7), leader=0, indicators="CrY AK")
    game.play("5ML")
    game.play("pass")
    assert tuple(game.totals) == (7, 7)
    assert game.mover == "B" and game.leader == 1


# ----- D4 ---------------------------------------------------------------------------------


def test_d4_the_leader_plays_a_caravan_never_a_bandit_or_a_pass() -> None:
    game = table("AM CrS 5ML 9MS", "6MV 7ML")
    moves = game.legal_moves()
    assert moves and all(m.kind == "caravan" for m in moves)
    for text in ("pass", "AM", "AM+CrS"):
        with pytest.raises(IllegalMoveError):
            game.play(text)


def test_d4_players_alternate_beating_or_passing_and_a_pass_ends_the_season() -> None:
    game = table("3MV 9MS 2SY", "4MS 8VL", turn=0)
    game.play("3MV")
    assert game.mover == "B" and PASS_PLAY in game.legal_moves()
    game.play("4MS")
    assert game.mover == "A"
    game.play("9MS")
    game.play("pass")
    assert game.season == [] and game.collected[0] == cards("3MV 4MS 9MS")


# ----- D5 ---------------------------------------------------------------------------------


def test_d5_a_caravan_is_a_run_whose_neighbours_share_a_suit() -> None:
    assert parse_play("3MV+4MS+5ML").ranks == (3, 4, 5)
    with pytest.raises(IllegalMoveError, match="share a suit"):
        parse_play("3LY+4MS")
    with pytest.raises(IllegalMoveError, match="consecutive"):
        parse_play("3MV+5ML")


def test_d5_wilds_stand_for_ranks_2_to_9_and_keep_their_suit() -> None:
    play = parse_play("4MS+AM=5+6MV")
    assert play.ranks == (4, 5, 6) and play.top == 6
    with pytest.raises(IllegalMoveError, match="2 to 9"):
        parse_play("AM=10+9MS")
    with pytest.raises(IllegalMoveError, match="2 to 9"):
        parse_play("AM=1+2MK")
    with pytest.raises(IllegalMoveError, match="share a suit"):
        parse_play("4MS+AV=5+6MV")  # the Ace of Waves shares nothing with the Mountain


def test_d5_a_caravan_holds_a_numbered_card() -> None:
    with pytest.raises(IllegalMoveError, match="numbered"):
        parse_play("AM=4+CrM=5")
    assert all(any(not c.is_wild for c in p.cards) for p in legal_plays(cards("AM CrM 5ML"), None))


def test_d5_each_wild_assignment_is_its_own_play() -> None:
    plays = {str(p) for p in legal_plays(cards("AM 5ML"), None)}
    assert {"5ML", "AM=4+5ML", "5ML+AM=6"} <= plays
    assert "AM=3+5ML" not in plays  # not a run


def test_d5_the_longest_caravan_has_eight_cards() -> None:
    hand = cards("2MK 3MV 4MS 5ML 6MV 7ML 8MS 9MS")
    plays = legal_plays(hand, None)
    assert max(p.length for p in plays) == 8
    assert "2MK+3MV+4MS+5ML+6MV+7ML+8MS+9MS" in {str(p) for p in plays}


# ----- D6 ---------------------------------------------------------------------------------


def test_d6_a_caravan_beats_one_of_the_same_length_with_a_lower_top() -> None:
    last = parse_play("3MV+4MS+5ML")
    assert parse_play("4MS+5ML+6MV").beats(last)
    assert not parse_play("2MK+3MV+4MS").beats(last)
    assert not parse_play("3MV+4MS+5ML").beats(parse_play("3SK+4MS+5ML"))  # equal top
    assert not parse_play("4MS+5ML+6MV+7ML").beats(last)  # different length


def test_d6_bandit_tiers() -> None:
    ace, crown = parse_play("AM"), parse_play("CrS")
    mixed, suited = parse_play("AM+CrS"), parse_play("AM+CrM")
    caravan = parse_play("2MK+3MV+4MS+5ML+6MV+7ML+8MS+9MS")
    tiers = [ace, crown, mixed, suited]
    for bandit in tiers:
        assert bandit.beats(caravan) and not caravan.beats(bandit)
    for i, low in enumerate(tiers):
        for high in tiers[i + 1 :]:
            assert high.beats(low) and not low.beats(high)
    assert not parse_play("AV").beats(ace)  # equal tiers never beat each other
    assert not parse_play("CrV+AY").beats(mixed)


def test_d6_two_aces_or_two_crowns_are_no_bandit() -> None:
    with pytest.raises(IllegalMoveError, match="bandit"):
        parse_play("AM+AS")
    with pytest.raises(IllegalMoveError, match="bandit"):
        parse_play("CrM+CrS")
    assert all(p.length <= 2 for p in legal_plays(cards("AM AS CrM"), parse_play("5ML")))


def test_d6_legal_replies_are_exactly_the_beating_plays_and_pass() -> None:
    hand = cards("AM CrS 4MS 5ML 6MV 7ML 9LK")
    last = parse_play("3MV+4VL")
    replies = legal_plays(hand, last)
    assert PASS_PLAY in replies
    for play in replies:
        assert play.beats(last)
    texts = {str(p) for p in replies}
    assert {"4MS+5ML", "AM", "CrS", "AM+CrS", "5ML+6MV", "4MS+AM=5"} <= texts
    assert "AM=3+4MS" not in texts  # top 4 does not beat top 4
    assert "3MV+4MS" not in texts


# ----- D7 ---------------------------------------------------------------------------------


def test_d7_a_caravan_player_collects_the_season() -> None:
    game = table("3MV 8MS 9MS", "4MS 2SY", turn=0)
    game.play("3MV")
    game.play("4MS")
    game.play("pass")  # A passes: B's caravan was last
    assert game.collected == [[], cards("3MV 4MS")] and game.mover == "B"


def test_d7_a_bandit_players_opponent_collects_the_season() -> None:
    game = table("3MV 8MS 9MS", "AS 2SY 4VL", turn=0)
    game.play("3MV")
    game.play("AS")
    game.play("pass")
    assert game.collected == [cards("3MV AS"), []]
    assert game.mover == "B"  # D8: the last play's player leads


# ----- D8 ---------------------------------------------------------------------------------


def test_d8_the_last_player_leads_unless_holding_only_aces_and_crowns() -> None:
    game = table("3MV 8MS", "CrS AY", turn=0)
    game.play("3MV")
    game.play("CrS")
    game.play("pass")
    assert game.mover == "A"  # B made the last play but holds only an Ace


def test_d8_nobody_able_to_lead_ends_the_hand_with_no_going_out_score() -> None:
    game = table("3MV AM", "CrS AY 4MS", turn=0, hands=1, indicators="CrM AS")
    game.play("3MV")
    game.play("4MS")
    game.play("pass")  # B collects 3MV 4MS (+1, 0); both now hold only wilds
    assert game.is_over
    result = game.results[0]
    assert result.out is None and result.out_points == (0, 0)
    assert result.collected_points == (0, 1)


# ----- D9 ---------------------------------------------------------------------------------


def test_d9_going_out_gives_one_reply_then_scores_five_plus_cards_left() -> None:
    game = table("5ML", "6MV 7ML 2SY", turn=0, hands=1, indicators="CrM AS")
    event = game.play("5ML")
    assert event.went_out and game.mover == "B"
    game.play("6MV")  # the one reply; then the season ends at once
    assert game.is_over
    result = game.results[0]
    assert result.out == "A" and result.out_points == (5 + 2, 0)
    assert result.collected_points == (0, 2)  # B collects 5ML and 6MV (both Moons)
    assert game.hands[1] == [] and cards("7ML 2SY")[0] in game.aside


def test_d9_a_reply_that_empties_the_other_hand_still_scores_the_five() -> None:
    game = table("5ML", "6MV", turn=0, hands=1)
    game.play("5ML")
    game.play("6MV")
    assert game.results[0].out_points == (5, 0)


def test_d9_the_reply_must_beat_the_last_play() -> None:
    game = table("5ML", "4MS 2SY", turn=0, hands=1)
    game.play("5ML")
    assert [str(m) for m in game.legal_moves()] == ["pass"]


# ----- D10 --------------------------------------------------------------------------------


def test_d10_a_game_is_five_hands_by_default_and_the_higher_total_wins() -> None:
    assert DecktetRules().hands == 5
    game = table("5ML", "6MV 7ML", turn=0, hands=2, hand_number=2, totals=(1, 4))
    game.play("5ML")
    game.play("pass")
    assert game.is_over and game.winner == "A" and tuple(game.totals) == (1 + 7 + 1, 4)


def test_d10_equal_totals_draw() -> None:
    game = table("5ML", "6MV 7ML", turn=0, hands=1, totals=(0, 7), indicators="CrY AK")
    game.play("5ML")
    game.play("pass")
    assert tuple(game.totals) == (7, 7) and game.winner == "draw"


def test_d10_hands_setting_is_checked() -> None:
    assert DecktetGame.new(DecktetRules(3), seed=1).rules.hands == 3
    with pytest.raises(ValueError):
        DecktetRules(0)


def test_d5_three_cards_where_the_middle_links_both() -> None:
    play: Play = parse_play("3SK+4MS+5ML")  # S links 3-4, M links 4-5
    assert play.ranks == (3, 4, 5)
