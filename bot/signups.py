"""A tournament's sign-up, beside the game service: creating one (its options checked and
refused with a sentence), joining and leaving it, and the decks its entrants bring; and the
sentences that say why a change to an event was refused. The events service
(`bot.tournaments.Tournaments`) holds one as its `signups`."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace

from bot.errors import BadDeck, BadOption, NotAllowed, NotFound, ServiceError, engine_reason
from bot.games.base import GameChoice
from bot.i18n import Text, _, n_
from bot.inert import plain, quote
from bot.kinds import kind_of
from bot.records import rules_from_text, rules_to_text
from bot.server import TURN_SECONDS
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from bot.store.events import EventChanged, NewTournament, TooManyEvents
from bot.tournament import FORMATS, format_named
from bot.tournament.arena import DEFAULT_WINDOW, LONGEST, SHORTEST
from bot.tournament.records import OWN, STANDARD, Event
from engine import RulesError
from engine.cards import format_cards

NAME_LENGTH = 60
MOST_ROUNDS = 20
MOST_ENTRANTS = 256


def too_few_to_start(format: str, fewest: int, count: int) -> Text:
    """Why the organiser cannot start the event yet: "A Swiss needs 3 entrants; it has 2." """
    return Text(format_named(format).too_few.message, {"fewest": fewest, "count": count})


def entrants_bounds(format: str, fewest: int, most: int) -> Text:
    """How many a format takes: "A Swiss takes 3 to 256 entrants at most." """
    return Text(format_named(format).bounds.message, {"fewest": fewest, "most": most})


class EventRefused(ServiceError):
    """Joining twice, a full or started event, a start by someone else..."""


RETRIES = 5


class SignUps:
    """Creating an event and its sign-up."""

    def __init__(
        self,
        store: Store,
        games: GameService,
        settings: Settings,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.games = games
        self.settings = settings
        self.clock = clock

    async def may_organise(
        self, guild_id: int, manages_server: bool, role_ids: Collection[int]
    ) -> bool:
        """Members with Manage Server, or the role the server names (`/caravan-admin
        set organisers:`); nobody else, by default."""
        if manages_server:
            return True
        role = (await self.games.ledger.server(guild_id)).organiser_role
        return role is not None and role in role_ids

    # ----- sign-up

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        organiser_id: int,
        allowed: bool,
        name: str,
        format: str,
        choice: GameChoice,
        rounds: int | None = None,
        start_in_minutes: int | None = None,
        max_entrants: int = 64,
        rated: bool = True,
        decks: str = STANDARD,
        window_minutes: int | None = None,
    ) -> Event:
        """A new event, open for entries. `allowed`: whether the member may organise.
        `decks`: everyone plays the standard deck, or each entrant may bring a saved one.
        `window_minutes`: a timed format's length (an arena's: 1 hour by default); its
        games' turns are 5 minutes unless the organiser chooses."""
        if not allowed:
            raise NotAllowed(
                _(
                    "Only members with Manage Server, or the server's organiser role, can "
                    "create a tournament."
                )
            )
        shown = plain(name, NAME_LENGTH, fallback="")
        if not shown:
            raise BadOption(_("Give the tournament a name."))
        if format not in FORMATS:
            raise BadOption(_("The format is one of {formats}.", formats=", ".join(FORMATS)))
        chosen = FORMATS[format]
        if rounds is not None and not chosen.chosen_rounds:
            raise BadOption(_("Only a Swiss takes a number of rounds; the others have theirs."))
        if rounds is not None and not 1 <= rounds <= MOST_ROUNDS:
            raise BadOption(_("A Swiss has 1 to {most} rounds.", most=MOST_ROUNDS))
        if not chosen.fewest <= max_entrants <= MOST_ENTRANTS:
            raise BadOption(entrants_bounds(format, chosen.fewest, MOST_ENTRANTS))
        window = None
        if chosen.timed:
            window = DEFAULT_WINDOW if window_minutes is None else window_minutes * 60
            if not SHORTEST <= window <= LONGEST:
                raise BadOption(_("An arena lasts 1 hour to 3 days."))
            if choice.turn_seconds is None:
                choice = replace(choice, turn_seconds=min(TURN_SECONDS))
        elif window_minutes is not None:
            raise BadOption(_("Only an arena lasts a window of time; the others have rounds."))
        if start_in_minutes is not None and not 1 <= start_in_minutes <= 7 * 24 * 60:
            raise BadOption(_("The start is 1 minute to 7 days away."))
        if choice.deck:
            raise BadOption(
                _(
                    "A tournament takes no deck of yours: with `decks: own`, each entrant "
                    "brings theirs (/caravan tournament deck)."
                )
            )
        if decks not in (STANDARD, OWN):
            raise BadOption(_("The deck policy is `standard` or `own`."))
        rules, turn = await self.games.openings.game_options(
            guild_id, channel_id, parent_id, organiser_id, choice
        )
        if decks == OWN and not kind_of(rules).takes_decks:
            game = kind_of(rules).title
            raise BadOption(_("{game} is played with its own deck: no saved decks.", game=game))
        now = self.clock()
        new = NewTournament(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            name=shown,
            format=format,
            game=kind_of(rules).key,
            rules=rules_to_text(rules),
            turn_seconds=turn,
            rounds=rounds,
            max_entrants=max_entrants,
            rated=rated,
            starts_at=now + start_in_minutes * 60 if start_in_minutes else None,
            now=now,
            decks=decks,
            window_seconds=window,
        )
        try:
            return await self.store.events.create_tournament(new, self.settings.max_open_events)
        except TooManyEvents as limit:
            raise EventRefused(
                n_(
                    "This server has {count} tournament open or running, the most at once; "
                    "finish or cancel it first.",
                    "This server has {count} tournaments open or running, the most at once; "
                    "finish or cancel one first.",
                    limit.count,
                )
            ) from None

    async def event(self, tournament_id: int) -> Event:
        event = await self.store.events.event(tournament_id)
        if event is None:
            raise NotFound(_("There is no such tournament."))
        return event

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self.store.events.set_tournament_message(tournament_id, message_id)

    async def join(self, tournament_id: int, user_id: int) -> Event:
        for _attempt in range(RETRIES):
            try:
                return await self.store.events.join_tournament(tournament_id, user_id, self.clock())
            except EventChanged as changed:
                if changed.why != "moved":
                    raise refusal(changed, user_id) from None
        raise EventRefused(_("Many people are joining at once; please try again."))

    async def bring_deck(self, tournament_id: int, user_id: int, name: str | None) -> Event:
        """`user_id` plays their saved deck `name` (None: the standard deck again) in their
        games paired from now on, in an event of own decks; the deck is checked against the
        event's rules and kept as it is now."""
        event = await self.event(tournament_id)
        tournament = event.tournament
        if tournament.decks != OWN:
            raise EventRefused(_("Everyone plays the standard deck in this tournament."))
        entrant = event.entrant(user_id)
        if entrant is None or entrant.left_round is not None:
            raise EventRefused(_("You are not in this tournament."))
        cards = shown = None
        if name is not None:
            deck = await self.games.ledger.deck(user_id, name)
            rules = rules_from_text(tournament.rules)
            kind = kind_of(rules)
            try:
                kind.seated(rules, (deck, None))
            except RulesError as error:
                raise BadDeck(
                    _(
                        "Your deck {deck} cannot be used with this tournament's `{rules}` "
                        "rules: {reason}",
                        deck=quote(deck.name),
                        rules=kind.rules_label(rules),
                        reason=engine_reason(error),
                    )
                ) from None
            cards, shown = format_cards(deck.cards), deck.name
        try:
            return await self.store.events.bring_deck(tournament_id, user_id, shown, cards)
        except EventChanged as changed:
            raise refusal(changed, user_id) from None

    async def pause(self, tournament_id: int, user_id: int) -> Event:
        """`user_id` pauses a running arena, or comes back if paused: a paused player is
        not paired again (their game in progress is played out)."""
        event = await self.event(tournament_id)
        if not event.format.timed:
            raise EventRefused(_("Only an arena can be paused; withdraw to leave the others."))
        entrant = event.entrant(user_id)
        paused = entrant is not None and not entrant.paused
        try:
            return await self.store.events.set_paused(tournament_id, user_id, paused)
        except EventChanged as changed:
            if changed.why == "moved":  # a game ended meanwhile: once more
                return await self.store.events.set_paused(tournament_id, user_id, paused)
            raise refusal(changed, user_id) from None

    async def leave(self, tournament_id: int, user_id: int) -> Event:
        for _attempt in range(RETRIES):
            try:
                return await self.store.events.leave_tournament(tournament_id, user_id)
            except EventChanged as changed:
                if changed.why != "moved":
                    raise refusal(changed, user_id) from None
        raise EventRefused(_("Many people are joining at once; please try again."))


def status_words(event: Event) -> Text:
    status = event.tournament.status
    if status == "running":
        return _("The tournament has started.")
    if status == "finished":
        return _("The tournament is over.")
    if status == "cancelled":
        return _("The tournament was cancelled.")
    return _("The tournament has not started yet.")


def refusal(changed: EventChanged, user_id: int, other: bool = False) -> EventRefused:
    why = changed.why
    if why == "already entered":
        return EventRefused(_("You are already in this tournament."))
    if why == "full":
        return EventRefused(
            _(
                "The tournament is full ({most} entrants).",
                most=changed.event.tournament.max_entrants,
            )
        )
    if why == "over":
        return EventRefused(_("This tournament is over."))
    if why == "not entered":
        return EventRefused(
            _("That player is not in this tournament.")
            if other
            else _("You are not in this tournament.")
        )
    return EventRefused(status_words(changed.event))
