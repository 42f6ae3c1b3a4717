"""What every game the bot plays provides: the `GameKind` protocol, and the plain values it
hands the rest of the bot (a player's options for a new game, the controls of a hand panel).

A kind is one game's rules and games, its records, its words, its pictures, its hand
controls, its computer player and its rules help. Nothing here, and nothing a kind builds,
is Discord's: a kind's hand controls are `HandTurn` values, which `bot.views.panels` turns
into Discord's selects and buttons. `bot.kinds` registers the kinds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.i18n import ENGLISH, Catalogue, Said, Text, _
from bot.server import ServerSettings

if TYPE_CHECKING:  # the rules help draws: the kinds (and the service) never import it
    from bot.help import Topic

# The engine's values, as the bot uses them whatever the game (each kind's engine has its
# own classes; these are the parts the bot reads without asking the kind).


class GameRules(Protocol):
    def to_json(self) -> Any: ...


class GameView(Protocol):
    """What one seat (or a spectator) sees of a game."""

    @property
    def seat(self) -> str | None: ...
    @property
    def phase(self) -> str: ...  # "over" once the game has ended
    @property
    def turn(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def hand(self) -> Sequence[Any]: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def end_reason(self) -> str | None: ...
    @property
    def legal_moves(self) -> Sequence[Any]: ...
    @property
    def my_turn(self) -> bool: ...


class GameEvent(Protocol):
    """A move as it was played (its public form hides any card drawn)."""

    @property
    def move(self) -> Any: ...
    def public(self) -> Any: ...


class GameState(Protocol):
    """A game in full (seed, decks, hands): it never leaves the service."""

    @property
    def ply(self) -> int: ...
    @property
    def mover(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def end_reason(self) -> str | None: ...
    def copy(self) -> Any: ...
    def view(self, seat: str | None) -> Any: ...


@dataclass(frozen=True)
class GameChoice:
    """A player's options for a new game; None: the server's default, else the bot's."""

    preset: str | None = None
    jokers: int | None = None
    turn_seconds: int | None = None
    deck: str | None = None
    game: str | None = None  # a kind's key: "new-vegas" (the default) or "decktet"
    hands: int | None = None  # Decktet Caravan: hands in the game


@dataclass(frozen=True)
class Option:
    """One option of a hand panel's select."""

    value: str
    label: Said
    description: Said | None = None
    default: bool = False


@dataclass(frozen=True)
class Pick:
    """A select on the hand panel: `what` it chooses ("card": one card of the hand;
    "cards": several, played together; "move": a move in notation, or "page:N"), its
    options, and for a move select the chosen card(s) and the page shown."""

    what: str
    options: tuple[Option, ...]
    placeholder: Said = ""
    card: int = -1
    page: int = 0


PASS = "pass"  # a Pass button on the hand panel


@dataclass(frozen=True)
class HandTurn:
    """A hand panel on its player's turn: the words under the hand and the controls, in
    order (`Pick`s, and `PASS` for a Pass button)."""

    lines: tuple[Said, ...]
    controls: tuple[Pick | str, ...]


@dataclass(frozen=True)
class Picked:
    """What a choice on the hand select means: whether it names cards the hand has
    (`fresh`), the one move it makes when there is only one (`play`: played at once), or
    why the chosen cards make no move (`why`)."""

    fresh: bool
    play: str | None = None
    why: Said = ""


PAGE = 24  # options per select page, leaving room for "more"


def paged(labelled: list[Option], page: int, noun: str) -> tuple[tuple[Option, ...], int]:
    """Page `page` of a move select's options (`noun`: "places" or "readings"), with a
    "more" option to the next page (or back to the first from the last); returns them and
    the page shown."""
    pages = max(1, -(-len(labelled) // PAGE))
    page = min(page, pages - 1)
    shown = labelled[page * PAGE : (page + 1) * PAGE]
    places = noun == "places"
    if page + 1 < pages:
        more = (
            _("More places (page {page} of {pages})", page=page + 2, pages=pages)
            if places
            else _("More readings (page {page} of {pages})", page=page + 2, pages=pages)
        )
        shown.append(Option(f"page:{page + 1}", more))
    elif page > 0:
        back = _("Back to the first places") if places else _("Back to the first readings")
        shown.append(Option("page:0", back))
    return tuple(shown), page


class GameKind(Protocol):
    """One game the bot plays: its rules. Its values (rules, views, events, states) are its
    engine's; the bot finds a value's kind by its class (`bot.kinds.kind_of`). How it looks
    and reads is its `GameFace` (`bot.faces`): the rules import nothing that draws."""

    key: str  # stored with each game: "new-vegas"
    title: Text  # for people, in each reader's language: "Caravan"
    types: tuple[type, ...]  # its engine's rules, view, event and game classes
    presets: tuple[str, ...]  # its rule presets' names (none: one set of rules)
    takes_decks: bool  # whether players' saved decks (R1) can be played with
    # its computer players' module, whose `player_for(level)` chooses a move from a view
    # (imported in the AI's worker process: `bot.thinking`)
    players: str
    # its engine's reviewer module, whose `review_move(rules, seed, moves, ply)` judges a
    # finished game's move from its mover's view (`bot.reviewing`); None: no reviews
    reviewer: str | None

    # rules and games
    def parse_rules(self, value: Any) -> Any: ...
    def rules_for(self, choice: GameChoice, server: ServerSettings, deck: Any) -> Any: ...
    # `rules` with each seat's saved deck (a `Deck`; None: the rules' own): a tournament's
    # game between entrants who brought decks
    def seated(self, rules: Any, decks: tuple[Any, Any]) -> Any: ...
    def new(self, rules: Any, seed: int) -> Any: ...
    def replay(self, rules: Any, seed: int, moves: Sequence[str]) -> Any: ...
    def play(self, game: Any, move: Any) -> Any: ...
    def command(self, rules: Any, seed: int) -> tuple[str, str]: ...

    # the rules in words, where the service says them (a refusal, an event's line)
    def rules_words(self, rules: Any) -> Said: ...
    def rules_label(self, rules: Any) -> str: ...  # a preset's name; without presets, `key`


class GameFace(Protocol):
    """How a game looks and reads (`bot.faces`): its narration, its pictures, its hand
    panel's controls, its rules help and its gallery. `key` is its kind's."""

    key: str
    # its rules help (`/caravan rules`): each topic by name, offered in the `topic` option
    topics: Mapping[str, Topic]

    # words
    def preset_text(self, rules: Any) -> Said: ...
    def rules_text(self, rules: Any) -> Said: ...
    # (sentences: `Said`, a `bot.i18n.Text` said in the reader's language where it is sent)
    def describe(self, view: Any, event: Any, names: Mapping[str, str], drawn: bool) -> Said: ...
    def summary(self, view: Any, names: Mapping[str, str]) -> Said: ...
    def your_move(self, view: Any) -> Said: ...
    def ending(self, view: Any, names: Mapping[str, str]) -> Said: ...

    # pictures (`note` and `final` said already; `words`: the language of the words drawn)
    def table_png(
        self,
        view: Any,
        names: Mapping[str, str],
        event: Any,
        note: str,
        final: str | None,
        words: Catalogue = ENGLISH,
    ) -> bytes: ...
    def hand_png(self, view: Any, chosen: int | None, words: Catalogue = ENGLISH) -> bytes: ...

    # the hand panel's controls
    def hand_turn(
        self, view: Any, chosen: int | None, page: int, names: Mapping[str, str]
    ) -> HandTurn: ...
    def picked(self, view: Any, chosen: int) -> Picked: ...

    # sample pictures for review, each named (`python -m bot.games.gallery`)
    def samples(self, words: Catalogue = ENGLISH) -> list[tuple[str, bytes]]: ...
