"""A game of Caravan: the deal, the legal moves, applying a move, the outcome.

`Game` is mutable (like python-chess's `Board`): `play()` validates a move with the same
predicates that `legal_moves()` generates from, applies it and returns a `MoveEvent`.
It plays on the `State` it extends (engine.state), which everything that only reads a game
takes. Cards are int codes inside (see engine.cards); everything that leaves the class is a
`Card`, `Move`, `CaravanView` or `PlayerView`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Final

from engine.caravan import sale_winner
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
from engine.notation import position_dict, position_text, read_position
from engine.removal import joker_removals, remove
from engine.rules import EmptyDeck, Rules
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
    seat_index,
)
from engine.validate import validate
from engine.view import PlayerView, make_view

# Whether mypyc compiled this module: one line below is written for each.
COMPILED: Final = not __file__.endswith(".py")

EVERY_CARAVAN: Final = tuple((seat, index) for seat in (0, 1) for index in (0, 1, 2))


class Game(State):
    """A game in progress. Make one with `Game.new(rules, seed)`, `Game.replay(...)` or
    `Game.from_position(...)`; play with `legal_moves()` and `play(move)`."""

    __slots__ = ()

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
        game = read_position(position, cls)
        if not game.is_over:
            game._judge()
        return game

    def to_position(self) -> dict[str, Any]:
        """This position as the notation's JSON object."""
        return position_dict(self)

    def to_json(self) -> str:
        """This position as canonical JSON text; `Game.from_position(text)` reads it back."""
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

    # ----- what a seat sees ----------------------------------------------------------------

    def view(self, seat: str | None) -> PlayerView:
        """What player `seat` may see (None: a spectator): no other hand, no deck order."""
        moves = tuple(self.legal_moves()) if seat is not None and seat == self.mover else ()
        return make_view(self, seat, moves)

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
        seat = self.turn if rank <= TEN else seat_index(move.player or "")
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
                t = seat_index(move.player)
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
