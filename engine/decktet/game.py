"""A game of Decktet Caravan: hands of seasons, scoring, and a game of N hands (D1-D10).

`DecktetGame` has the New Vegas `Game`'s shape (`new`, `replay`, `copy`, `legal_moves`,
`play` returning an event, `view(seat)`), so the game service stores and replays both the
same way: rules + seed + moves. Each hand is dealt from its own generator seeded by the
game's seed and the hand's number, so a replay deals the same cards.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from engine.decktet.cards import DECK, NUMBERED, WILDS, DCard, parse_card, points
from engine.decktet.events import DecktetEvent, SeasonEnd
from engine.decktet.events import HandResult as HandResult  # re-exported: bot.games imports it here
from engine.decktet.plays import CARAVAN, Play, legal_plays, parse_play
from engine.decktet.rules import DEFAULT_HANDS as DEFAULT_HANDS  # re-exported: for bot.games
from engine.decktet.rules import GAME, DecktetRules
from engine.decktet.rules import MAX_HANDS as MAX_HANDS  # re-exported: bot.options imports it here
from engine.decktet.view import OVER, PLAY, DecktetView
from engine.errors import IllegalMoveError, NotationError, PositionError, RulesError

SEATS = ("A", "B")
OUT_BONUS = 5  # D9
END_SCORE = "score"  # the only way a game ends by the rules (D10)


def _other(seat: int) -> int:
    return 1 - seat


class DecktetGame:
    """A game in progress; make one with `new`, `replay` or `from_position`."""

    def __init__(self, rules: DecktetRules | None = None, seed: int | str = 0) -> None:
        self.rules = rules or DecktetRules()
        self.seed: int | str = seed
        self.hand_number = 1
        self.hands: list[list[DCard]] = [[], []]
        self.aside: list[DCard] = []
        self.indicators: tuple[DCard, ...] = ()
        self.season: list[tuple[int, Play]] = []
        self.collected: list[list[DCard]] = [[], []]
        self.turn = 0
        self.leader = 0  # who led this hand's first season (D3)
        self.out = -1  # who went out this season (D9), -1: nobody
        self.totals = [0, 0]  # before this hand
        self.results: list[HandResult] = []
        self.ply = 0
        self.moves: list[str] = []
        self.winner: str | None = None
        self.end_reason: str | None = None

    # ----- making games -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: DecktetRules | None = None, seed: int | str | None = None) -> DecktetGame:
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        game = cls(rules, seed)
        game._deal(random.Random(f"{seed}:first").randrange(2))  # D3: the first hand, random
        return game

    @classmethod
    def replay(
        cls, rules: DecktetRules | None, seed: int | str, moves: Sequence[Play | str]
    ) -> DecktetGame:
        game = cls.new(rules, seed)
        for move in moves:
            game.play(move)
        return game

    def copy(self) -> DecktetGame:
        other = DecktetGame(self.rules, self.seed)
        other.hand_number = self.hand_number
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.aside = self.aside[:]
        other.indicators = self.indicators
        other.season = self.season[:]
        other.collected = [self.collected[0][:], self.collected[1][:]]
        other.turn, other.leader, other.out = self.turn, self.leader, self.out
        other.totals = self.totals[:]
        other.results = self.results[:]
        other.ply = self.ply
        other.moves = self.moves[:]
        other.winner, other.end_reason = self.winner, self.end_reason
        return other

    def _deal(self, leader: int) -> None:
        """D1: 4 Aces/Crowns and 11 numbered cards to each player, two indicators, the
        rest aside unseen."""
        rng = random.Random(f"{self.seed}:hand:{self.hand_number}")
        wilds = list(WILDS)
        rng.shuffle(wilds)
        up = [wilds[8], wilds[9]]
        unseen = [wilds[10], wilds[11]]
        if up[0].suits == up[1].suits:  # the second goes aside; an unseen one turns up
            unseen = [up[1], unseen[1]]
            up[1] = wilds[10]
        numbered = list(NUMBERED)
        rng.shuffle(numbered)
        self.hands = [sorted(wilds[0:4] + numbered[0:11]), sorted(wilds[4:8] + numbered[11:22])]
        self.indicators = (up[0], up[1])
        self.aside = unseen + numbered[22:24]
        self.collected = [[], []]
        self.season = []
        self.out = -1
        self.leader = self.turn = leader

    # ----- reading the state ----------------------------------------------------------------

    @property
    def mover(self) -> str:
        return SEATS[self.turn]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def last_play(self) -> Play | None:
        return self.season[-1][1] if self.season else None

    def hand(self, seat: str) -> tuple[DCard, ...]:
        return tuple(self.hands[SEATS.index(seat)])

    def legal_moves(self) -> list[Play]:
        if self.is_over:
            return []
        return legal_plays(self.hands[self.turn], self.last_play)

    def validate(self, move: Play | str) -> Play:
        """The play, checked against the rules for the player to move; raises
        IllegalMoveError (or NotationError for unreadable text)."""
        play = parse_play(move) if isinstance(move, str) else move
        if self.is_over:
            raise IllegalMoveError("The game is over.", "game_over")
        hand = self.hands[self.turn]
        missing = [c for c in play.cards if c not in hand]
        if missing:
            raise IllegalMoveError(
                f"{missing[0]} is not in your hand.", "not_held", card=missing[0]
            )
        if len(set(play.cards)) != len(play.cards):
            raise IllegalMoveError("A card can be played only once.", "card_played_twice")
        last = self.last_play
        if play.is_pass and last is None:
            raise IllegalMoveError("You lead this season: play a caravan (D4).", "must_lead")
        if not play.beats(last):
            if last is None:
                raise IllegalMoveError(
                    "A season is led with a caravan, not a bandit (D4).", "lead_with_caravan"
                )
            words = play.words().capitalize()
            raise IllegalMoveError(
                f"{words} does not beat {last.words()} (D6).", "does_not_beat", play=play, last=last
            )
        return play

    def is_legal(self, move: Play | str) -> bool:
        try:
            self.validate(move)
        except (IllegalMoveError, NotationError):
            return False
        return True

    # ----- playing --------------------------------------------------------------------------

    def play(self, move: Play | str) -> DecktetEvent:
        play = self.validate(move)
        seat = self.turn
        led = not self.season
        self.ply += 1
        self.moves.append(str(play))
        went_out = False
        season_end: SeasonEnd | None = None
        hand_end: HandResult | None = None
        if not play.is_pass:
            for card in play.cards:
                self.hands[seat].remove(card)
            self.season.append((seat, play))
            went_out = not self.hands[seat]
        if play.is_pass or self.out >= 0:  # D4: a pass ends the season; D9: so does a reply
            season_end = self._end_season()
            if self.out >= 0:
                hand_end = self._end_hand()
            else:
                hand_end = self._next_season(SEATS.index(season_end.last))
        elif went_out:
            self.out = seat  # D9: the opponent may make one more play
            self.turn = _other(seat)
        else:
            self.turn = _other(seat)
        return DecktetEvent(
            self.ply, SEATS[seat], play, led, went_out, season_end, hand_end, self.winner
        )

    def _end_season(self) -> SeasonEnd:
        """D7: a caravan's player collects the season's cards; a bandit's opponent does."""
        last_seat, last = self.season[-1]
        collector = last_seat if last.kind == CARAVAN else _other(last_seat)
        cards = tuple(card for _, play in self.season for card in play.cards)
        self.collected[collector].extend(cards)
        self.season = []
        return SeasonEnd(SEATS[collector], cards, SEATS[last_seat])

    def _next_season(self, last: int) -> HandResult | None:
        """D8: the last play's player leads, or the other if only Aces and Crowns are
        left in that hand; nobody able to lead ends the hand."""
        for seat in (last, _other(last)):
            if any(not card.is_wild for card in self.hands[seat]):
                self.turn = seat
                return None
        return self._end_hand()

    def _end_hand(self) -> HandResult:
        """D9 and D10: the going-out score, the collected cards' points, the totals; then
        the next hand's deal (D1, D3) or the game's end."""
        out_points = [0, 0]
        if self.out >= 0:
            left = self.hands[_other(self.out)]
            out_points[self.out] = OUT_BONUS + len(left)
            self.aside.extend(left)  # set aside, collected by nobody
            self.hands[_other(self.out)] = []
        collected_points = [
            sum(points(c, self.indicators) for c in pile) for pile in self.collected
        ]
        for seat in (0, 1):
            self.totals[seat] += collected_points[seat] + out_points[seat]
        result = HandResult(
            self.hand_number,
            self.indicators,
            (len(self.collected[0]), len(self.collected[1])),
            (collected_points[0], collected_points[1]),
            SEATS[self.out] if self.out >= 0 else None,
            (out_points[0], out_points[1]),
            (self.totals[0], self.totals[1]),
        )
        self.results.append(result)
        self.out = -1
        if self.hand_number >= self.rules.hands:
            a, b = self.totals
            self.winner = "A" if a > b else "B" if b > a else "draw"
            self.end_reason = END_SCORE
            return result
        if self.totals[0] != self.totals[1]:  # D3: the lower total leads
            leader = 0 if self.totals[0] < self.totals[1] else 1
        else:
            leader = _other(self.leader)
        self.hand_number += 1
        self._deal(leader)
        return result

    # ----- views and positions --------------------------------------------------------------

    def view(self, seat: str | None) -> DecktetView:
        """What `seat` sees (None: a spectator): its own hand and everything public."""
        index = None if seat is None else SEATS.index(seat)
        mine = index is not None and not self.is_over and index == self.turn
        return DecktetView(
            seat=seat,
            rules=self.rules,
            phase=OVER if self.is_over else PLAY,
            turn=self.mover,
            ply=self.ply,
            hand_number=self.hand_number,
            hand=tuple(self.hands[index]) if index is not None else (),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            indicators=self.indicators,
            season=tuple((SEATS[s], p) for s, p in self.season),
            collected=(tuple(self.collected[0]), tuple(self.collected[1])),
            totals=(self.totals[0], self.totals[1]),
            leader=SEATS[self.leader],
            went_out=SEATS[self.out] if self.out >= 0 else None,
            results=tuple(self.results),
            aside=len(self.aside),
            winner=self.winner,
            end_reason=self.end_reason,
            legal_moves=tuple(self.legal_moves()) if mine else (),
        )

    def to_position(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "hand_number": self.hand_number,
            "indicators": [str(c) for c in self.indicators],
            "hands": {s: [str(c) for c in self.hands[i]] for i, s in enumerate(SEATS)},
            "aside": [str(c) for c in self.aside],
            "season": [[SEATS[s], str(p)] for s, p in self.season],
            "collected": {s: [str(c) for c in self.collected[i]] for i, s in enumerate(SEATS)},
            "turn": self.mover,
            "leader": SEATS[self.leader],
            "out": SEATS[self.out] if self.out >= 0 else None,
            "totals": {s: self.totals[i] for i, s in enumerate(SEATS)},
            "results": [r.to_json() for r in self.results],
            "ply": self.ply,
            "moves": self.moves[:],
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_position(cls, value: object) -> DecktetGame:
        """A game from `to_position`'s JSON (text or parsed); every card must be in
        exactly one place."""
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as error:
                raise NotationError(f"The position is not valid JSON: {error}.") from None
        if not isinstance(value, dict) or value.get("game") != GAME:
            raise NotationError('A Decktet position is a JSON object with "game": "decktet".')
        try:
            return _read_position(cls, value)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError | RulesError):
                raise
            raise NotationError(f"The position is malformed: {error!r}.") from None

    def __repr__(self) -> str:
        return f"<DecktetGame hand={self.hand_number} ply={self.ply} turn={self.mover}>"


def _read_position(cls: type[DecktetGame], value: dict[str, Any]) -> DecktetGame:
    def cards(items: list[str]) -> list[DCard]:
        return [parse_card(text) for text in items]

    def seat(text: object) -> int:
        if text not in SEATS:
            raise NotationError(f"A seat is A or B, not {text!r}.")
        return SEATS.index(str(text))

    game = cls(DecktetRules.parse(value["rules"]), value["seed"])
    game.hand_number = int(value["hand_number"])
    game.indicators = tuple(cards(value["indicators"]))
    game.hands = [sorted(cards(value["hands"][s])) for s in SEATS]
    game.aside = cards(value["aside"])
    game.season = [(seat(s), parse_play(p)) for s, p in value["season"]]
    game.collected = [cards(value["collected"][s]) for s in SEATS]
    game.turn = seat(value["turn"])
    game.leader = seat(value["leader"])
    game.out = seat(value["out"]) if value["out"] is not None else -1
    game.totals = [int(value["totals"][s]) for s in SEATS]
    game.results = [HandResult.from_json(r) for r in value["results"]]
    game.ply = int(value["ply"])
    game.moves = [str(m) for m in value["moves"]]
    game.winner = value["winner"]
    game.end_reason = value["end_reason"]
    placed = [
        *game.indicators,
        *game.hands[0],
        *game.hands[1],
        *game.aside,
        *(c for _, p in game.season for c in p.cards),
        *game.collected[0],
        *game.collected[1],
    ]
    if sorted(placed) != list(DECK):
        raise PositionError("Every one of the 36 cards must be in exactly one place.")
    if len(game.indicators) != 2 or not all(c.is_wild for c in game.indicators):
        raise PositionError("A hand has two indicators, each an Ace or a Crown (D1).")
    return game
