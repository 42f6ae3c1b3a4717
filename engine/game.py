"""The state of a game of Caravan: the deal, the legal moves, applying a move, the outcome.

`Game` is mutable (like python-chess's `Board`): `play()` validates a move with the same
predicates that `legal_moves()` generates from, applies it and returns a `MoveEvent`.
Cards are int codes inside (see engine.cards); everything that leaves the class is a
`Card`, `Move`, `CaravanView` or `PlayerView`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from engine.caravan import Caravan, CaravanView, positions_won, sale_winner
from engine.cards import JACK, JOKER, PICTURE_START, QUEEN, TEN, Card, card_of
from engine.deal import deal, shuffle
from engine.errors import IllegalMoveError
from engine.events import MoveEvent, Removal
from engine.moves import SEATS, Move
from engine.movetable import (
    DISBAND_MOVE_SETS,
    DISCARD_MOVES,
    NUMBER_MOVE_SETS,
    PICTURE_REACH,
    QUEEN_REACH,
    RESTART_MOVE_SETS,
    grow_picture_prefixes_to,
)
from engine.removal import joker_removals, remove
from engine.rules import EmptyDeck, Rules
from engine.validate import validate

if TYPE_CHECKING:
    from engine.view import PlayerView

OPENING: Final = "opening"
MAIN: Final = "main"
OVER: Final = "over"
DRAW: Final = 2  # the internal winner code of a drawn game; -1 is no winner yet

# Why a game ended.
END_SOLD: Final = "sold"  # R13
END_OUT_OF_CARDS: Final = "out-of-cards"  # R14
END_EMPTY_DECK: Final = "empty-deck"  # R14 in caravanthegame and simple
END_MOVE_LIMIT: Final = "move-limit"  # R15


def _seat_of(name: str) -> int:
    return 0 if name == "A" else 1


# Whether mypyc compiled this module: one line below is written for each.
COMPILED: Final = not __file__.endswith(".py")

EVERY_CARAVAN: Final = tuple((seat, index) for seat in (0, 1) for index in (0, 1, 2))


class Game:
    """A game in progress. Make one with `Game.new(rules, seed)`, `Game.replay(...)` or
    `Game.from_position(...)`; play with `legal_moves()` and `play(move)`."""

    __slots__ = (
        "rules",
        "variant",
        "hands",
        "decks",
        "discards",
        "caravans",
        "turn",
        "phase",
        "ply",
        "seed",
        "moves",
        "_winner",
        "end_reason",
        "_jack_clears_rank",
        "_public",
        "_last",
    )

    def __init__(self, rules: Rules | None = None) -> None:
        """An empty table; use the constructors below for a game to play."""
        self.rules = rules or Rules()
        self.variant = self.rules.variant
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], []]  # internal order: the top card is last
        self.discards: list[list[int]] = [[], []]  # oldest first
        self.caravans = [
            [Caravan(), Caravan(), Caravan()],
            [Caravan(), Caravan(), Caravan()],
        ]
        self.turn = 0
        self.phase = OPENING
        self.ply = 0
        self.seed: int | str | None = None
        self.moves: list[Move] = []  # the moves played since the deal, when known
        self._winner = -1
        self.end_reason: str | None = None
        # R11 in foxon: with no jokers in the game, Jacks do what jokers would.
        self._jack_clears_rank = self.variant.joker_by_rank_only and not any(
            card.rank == JOKER for seat in (0, 1) for card in self.rules.deck(seat)
        )
        # The public table as views show it, with the ply it was made at (engine.view).
        self._public: tuple[int, Any] | None = None
        # The last move played (`play`, not `push`), with the ply after it: the move, copies
        # of the caravans it changed as they were before it, its phase and whether its
        # player drew, until a view makes it an engine.view.LastMove (the other caravans are
        # as they were; making public views at every play would cost the play half again).
        self._last: tuple[int, Any] | None = None

    # ----- making games -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | str | None = None) -> Game:
        """Deal a new game (R2) and choose who starts (G1), all from `seed`.

        Without a seed one is drawn at random and kept in `game.seed`, so the game can
        always be replayed from `rules + seed + moves`.
        """
        game = cls(rules)
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        game.seed = seed
        rng = random.Random(seed)
        for seat in (0, 1):
            codes = game.rules.deck_codes(seat)
            hand, deck = deal(codes, rng, game.variant.deal_first_three)
            game.hands[seat] = hand
            game.decks[seat] = deck[::-1]
        game.turn = rng.randrange(2)  # G1
        return game

    @classmethod
    def replay(cls, rules: Rules | None, seed: int | str, moves: Sequence[Move | str]) -> Game:
        """The game that `rules + seed + moves` describe; raises on an illegal move."""
        game = cls.new(rules, seed)
        for move in moves:
            game.play(move)
        return game

    @classmethod
    def from_position(cls, position: object) -> Game:
        """Read a position in the notation's JSON (text or parsed); see engine.notation."""
        from engine.notation import read_position

        return read_position(position)

    def to_position(self) -> dict[str, Any]:
        """This position as the notation's JSON object."""
        from engine.notation import position_dict

        return position_dict(self)

    def to_json(self) -> str:
        """This position as canonical JSON text; `Game.from_position(text)` reads it back."""
        from engine.notation import position_text

        return position_text(self)

    def copy(self) -> Game:
        """An independent copy of this state (the move list is shared only by value)."""
        other = Game.__new__(Game)
        other.rules = self.rules
        other.variant = self.variant
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.decks = [self.decks[0][:], self.decks[1][:]]
        other.discards = [self.discards[0][:], self.discards[1][:]]
        other.caravans = [[c.copy() for c in side] for side in self.caravans]
        other.turn = self.turn
        other.phase = self.phase
        other.ply = self.ply
        other.seed = self.seed
        other.moves = self.moves[:]
        other._winner = self._winner
        other.end_reason = self.end_reason
        other._jack_clears_rank = self._jack_clears_rank
        other._public = self._public
        other._last = self._last
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Game {self.rules.preset} ply={self.ply} phase={self.phase} turn={self.mover}>"

    # ----- reading the state ----------------------------------------------------------------

    @property
    def mover(self) -> str:
        """ "A" or "B": who moves next (after the end, who would have)."""
        return SEATS[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> str | None:
        """ "A", "B", "draw", or None while the game goes on."""
        if self._winner < 0:
            return None
        return "draw" if self._winner == DRAW else SEATS[self._winner]

    def hand(self, seat: str) -> tuple[Card, ...]:
        """A player's hand in order. Hidden information: give players a `view()` instead."""
        return tuple(map(card_of, self.hands[_seat_of(seat)]))

    def deck(self, seat: str) -> tuple[Card, ...]:
        """A player's deck, top card first. Hidden information."""
        return tuple(map(card_of, reversed(self.decks[_seat_of(seat)])))

    def hand_size(self, seat: str) -> int:
        return len(self.hands[_seat_of(seat)])

    def deck_size(self, seat: str) -> int:
        return len(self.decks[_seat_of(seat)])

    def discard_pile(self, seat: str) -> tuple[Card, ...]:
        """A player's discard pile, oldest first (public)."""
        return tuple(map(card_of, self.discards[_seat_of(seat)]))

    def caravan(self, seat: str, number: int) -> CaravanView:
        """Caravan `number` (1-3) of player `seat`, with value, direction, suit, for-sale."""
        return self.caravans[_seat_of(seat)][number - 1].public(seat, number)

    def positions(self) -> tuple[str | None, str | None, str | None]:
        """Who wins each position now (R13): "A", "B" or None."""
        won = self._positions()
        return (
            SEATS[won[0]] if won[0] >= 0 else None,
            SEATS[won[1]] if won[1] >= 0 else None,
            SEATS[won[2]] if won[2] >= 0 else None,
        )

    def _positions(self) -> tuple[int, int, int]:
        return positions_won(self._values())

    def _values(self) -> tuple[int, ...]:
        a, b = self.caravans
        return (a[0].value, a[1].value, a[2].value, b[0].value, b[1].value, b[2].value)

    def view(self, seat: str | None) -> PlayerView:
        """What player `seat` may see (None: a spectator): no other hand, no deck order."""
        from engine.view import make_view

        return make_view(self, seat)

    # ----- legal moves ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, each once, in canonical form; none when
        the game is over. This is the single source of truth for what may be played."""
        phase = self.phase
        if phase == OVER:
            return []
        p = self.turn
        caravans = self.caravans
        own = caravans[p]
        c1, c2, c3 = own
        moves: list[Move] = []
        started = (1 if c1.cards else 0) | (2 if c2.cards else 0) | (4 if c3.cards else 0)
        # The distinct cards held, in a set's order (the order the moves have always come
        # in: the AI's seeded games replay only if it stays), made a list once so that
        # both loops below run over a list.
        held = list(set(self.hands[p]))
        if phase == OPENING:  # R3: number cards onto the mover's empty caravans
            for code in held:
                if code < PICTURE_START:
                    moves.extend(NUMBER_MOVE_SETS[code][7 ^ started])
            return moves
        variant = self.variant
        limit = variant.max_attached
        if variant.pictures_anywhere:  # R7: the caravans a picture card may go on
            reach = 0
            targets = caravans[0] + caravans[1]
        else:
            reach = 1 + p
            targets = own
        m1, m2, m3 = c1.accepting[0], c2.accepting[1], c3.accepting[2]
        # One try around the loop, not one a caravan: mypyc pays for entering a try block.
        try:
            for code in held:
                if code < PICTURE_START:  # R5: the moves onto those of the three that take it
                    moves.extend(NUMBER_MOVE_SETS[code][m1[code] | m2[code] | m3[code]])
                elif code >> 2 == QUEEN:  # R7: onto the last card, if it has room
                    for caravan, queen_move in zip(targets, QUEEN_REACH[code][reach]):
                        if caravan.atts and (
                            not caravan.crowded or limit is None or len(caravan.atts[-1]) < limit
                        ):
                            moves.append(queen_move)
                else:  # R7: J, K and jokers on any number card with room
                    tables = PICTURE_REACH[code][reach]
                    for caravan, prefixes in zip(targets, tables):
                        count = len(caravan.atts)
                        onto = prefixes[count]  # the moves onto each of its number cards
                        if not caravan.crowded or limit is None:
                            moves.extend(onto)
                        else:  # a card has three picture cards: R7's limit
                            atts = caravan.atts
                            for index in range(count):
                                if len(atts[index]) < limit:
                                    moves.append(onto[index])
        except IndexError:  # a caravan longer than any before: its moves are made now
            if not grow_picture_prefixes_to(max(len(c.cards) for side in caravans for c in side)):
                raise
            return self.legal_moves()
        if COMPILED:  # R4 (b), G9: a discard of each held card
            moves.extend([DISCARD_MOVES[code] for code in held])
        elif len(held) > 1:  # itemgetter: a third faster in plain Python, slower compiled
            moves.extend(itemgetter(*held)(DISCARD_MOVES))
        elif held:
            moves.append(DISCARD_MOVES[held[0]])
        if variant.disband_restarts:  # R4 (c) in foxon: restart with a number card
            for code in held:
                if code < PICTURE_START:
                    moves.extend(RESTART_MOVE_SETS[code][started])
        else:
            moves.extend(DISBAND_MOVE_SETS[started])
        return moves

    def is_legal(self, move: Move | str) -> bool:
        try:
            self.validate(move)
        except (IllegalMoveError, ValueError):
            return False
        return True

    def validate(self, move: Move | str) -> Move:
        """The canonical form of `move` if it is legal here; otherwise IllegalMoveError with
        a sentence saying why (NotationError for unreadable text). It checks with the
        predicates `legal_moves()` generates from (engine.validate)."""
        return validate(self, move)

    # ----- applying a move ------------------------------------------------------------------

    def play(self, move: Move | str) -> MoveEvent:
        """Validate and apply `move` for the player to move; return what happened.

        Raises IllegalMoveError (the state is then unchanged) or NotationError for text
        that is not a move."""
        canonical = self.validate(move)
        before = [(t, i, self.caravans[t][i].copy()) for t, i in self.reaches(canonical)]
        phase = self.phase
        event = self._apply(canonical, True)
        assert event is not None
        self.moves.append(canonical)
        self._last = (self.ply, (canonical, before, phase, event.drew is not None))
        return event

    def reaches(self, move: Move) -> tuple[tuple[int, int], ...]:
        """The caravans (seat, index) that `move`, by the player to move, can change: its
        target, or all six for a joker (R11) and foxon's rank-clearing Jack; none for a
        discard."""
        if move.caravan is None:
            return ()
        card = move.card
        rank = card.rank if card is not None and move.action == "play" else 0
        if rank == JOKER or (rank == JACK and self._jack_clears_rank):
            return EVERY_CARAVAN
        seat = self.turn if rank <= TEN else _seat_of(move.player or "")
        return ((seat, move.caravan - 1),)

    def push(self, move: Move) -> None:
        """Apply a move taken from `legal_moves()` of this very state, without checking it
        again and without reporting what happened: the fast path for search and random
        playouts (python-chess's `Board.push`). Anything else must go through `play()`."""
        self._apply(move, False)
        self.moves.append(move)

    def _apply(self, move: Move, record: bool) -> MoveEvent | None:
        p = self.turn
        variant = self.variant
        hand = self.hands[p]
        own = self.caravans[p]
        main = self.phase == MAIN
        values_before = self._values() if record else ()
        removed: Sequence[Removal] = ()
        placed = discarded = None
        target: tuple[str, int, int] | None = None
        onto = -1
        disbanded: tuple[Card, ...] = ()
        action = move.action
        card = move.card
        if action == "play":
            assert card is not None and move.caravan is not None
            code = card.code
            hand.remove(code)
            placed = card
            ci = move.caravan - 1
            rank = code >> 2
            if rank <= TEN:  # R5
                caravan = own[ci]
                caravan.push(code)
                if record:
                    target = (SEATS[p], ci + 1, len(caravan.cards))
            else:  # R7
                assert move.player is not None
                t = _seat_of(move.player)
                caravan = self.caravans[t][ci]
                index = (move.index or len(caravan.cards)) - 1
                caravan.atts[index].append(code)
                if record:
                    target = (move.player, ci + 1, index + 1)
                onto = caravan.cards[index]
                if rank == JOKER or (rank == JACK and self._jack_clears_rank):
                    removed = joker_removals(  # R11
                        self.caravans, self.discards, variant, (t, ci, index), record
                    )
                elif rank == JACK:  # R8
                    removed = remove(
                        self.caravans, self.discards, variant, {(t, ci): {index}}, record
                    )
                else:
                    caravan.refresh(variant.king_adds, variant.queen_sets_suit)  # R9, R10
        elif action == "discard":
            assert card is not None
            hand.remove(card.code)
            self.discards[p].append(card.code)
            discarded = card
        else:  # disband, R4 (c)
            assert move.caravan is not None
            ci = move.caravan - 1
            caravan = own[ci]
            pile = self.discards[p]
            start = len(pile)
            for code, atts in zip(caravan.cards, caravan.atts):
                pile.append(code)
                pile.extend(atts)
            if record:
                disbanded = tuple(map(card_of, pile[start:]))
            caravan.cards, caravan.atts = [], []
            caravan.refresh(variant.king_adds, variant.queen_sets_suit)
            if card is not None:  # foxon: start it again
                hand.remove(card.code)
                caravan.push(card.code)
                placed = card
                target = (SEATS[p], ci + 1, 1)

        drew = -1
        reshuffled = False
        # R13 after a main-phase move that changed a caravan (a discard changes none, and
        # the position before it was not sold: the game would be over).
        winner = sale_winner(self.caravans) if main and action != "discard" else -1
        if winner >= 0:  # R13, judged before the draw (G8)
            self._end(winner, END_SOLD)
        elif main and card is not None:  # R4: a play or a discard draws (foxon: a restart too)
            deck = self.decks[p]
            if deck:
                drew = deck.pop()
                hand.append(drew)
            else:
                drew, reshuffled = self._draw_from_empty(p)
        self.ply += 1
        self.turn = 1 - p
        if not main:
            if all(c.cards for side in self.caravans for c in side):
                self.phase = MAIN  # R3: the first player moves first in the main phase too
            self._judge(sales=False)
        elif self.phase != OVER and not (self.hands[1 - p] and self.ply < variant.move_limit):
            self._judge(sales=False)  # the sales were judged before the draw
        if not record:
            return None
        return MoveEvent(
            self.ply,
            SEATS[p],
            move,
            placed,
            target,
            tuple(removed),
            discarded,
            disbanded,
            card_of(drew) if drew >= 0 else None,
            reshuffled,
            values_before,
            self._values(),
            main,
            self.winner,
            self.end_reason,
            card_of(onto) if onto >= 0 else None,
        )

    def _draw_from_empty(self, p: int) -> tuple[int, bool]:
        """R14: what drawing from an empty deck means in each preset. Returns the card
        drawn (-1 for none) and whether the discard pile was reshuffled into the deck."""
        mode = self.variant.empty_deck
        if mode is EmptyDeck.LOSE:
            self._end(1 - p, END_EMPTY_DECK)
        elif mode is EmptyDeck.DRAW:
            self._end(DRAW, END_EMPTY_DECK)
        pile = self.discards[p]
        if mode is not EmptyDeck.RESHUFFLE or not pile:
            return -1, False
        deck = self.decks[p]
        deck[:] = pile
        pile.clear()
        shuffle(self._reshuffle_rng(), deck)
        code = deck.pop()
        self.hands[p].append(code)
        return code, True

    def _reshuffle_rng(self) -> random.Random:
        """The foxon reshuffle's randomness: from the seed and ply when the game has a seed,
        else from the position's canonical text (shared/NOTATION.md)."""
        if self.seed is not None:
            return random.Random(f"{self.seed}/{self.ply}/{self.turn}")
        return random.Random(self.to_json())

    def _end(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self._winner = winner
        self.end_reason = reason

    def _judge(self, sales: bool = True) -> None:
        """End the game if the position, as it stands, is over: R13 (main phase), R15, and
        R14 for the player to move (who also loses if, in a position no game can reach, they
        have no legal move at all)."""
        if sales and self.phase == MAIN:
            winner = sale_winner(self.caravans)
            if winner >= 0:
                self._end(winner, END_SOLD)
                return
        if self.ply >= self.variant.move_limit:
            self._end(DRAW, END_MOVE_LIMIT)
            return
        p = self.turn
        hand = self.hands[p]
        if hand and self.phase == MAIN:
            return
        if (
            self.phase == OPENING
            and any(code < PICTURE_START for code in hand)
            and any(not caravan.cards for caravan in self.caravans[p])
        ):
            return  # R3: a number card and an empty caravan make a legal opening move
        reshuffles = self.variant.empty_deck is EmptyDeck.RESHUFFLE and self.discards[p]
        if not self.hands[p] and not self.decks[p] and not reshuffles:
            self._end(1 - p, END_OUT_OF_CARDS)
            return
        if not self.legal_moves():
            self._end(1 - p, END_OUT_OF_CARDS)
