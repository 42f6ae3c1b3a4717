"""`/caravan rules [topic]`: short explanations of the rules (RULES.md, in plain words), each
with a picture of example caravans, and how each preset differs from New Vegas rules
(`PRESET_TEXTS`). A game's face brings its topics (`GameFace.topics`, gathered by
`bot.faces.topics`): Caravan's and Decktet Caravan's are written here, another game's in its
own package; a `Topic` says itself and draws its own picture. Every sentence is a `Text`,
said in the reader's language; card notation stays as it is."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image

from bot.i18n import ENGLISH, LANGUAGES, SOURCE, ByLanguage, Catalogue, Joined, Said, Text, _
from bot.render.cardart import ASSETS
from bot.render.figures import draw_decktet_examples, draw_examples, render
from engine import parse_cards
from engine.decktet import parse_play

DECKTET_TEXT = ASSETS / "rules" / "decktet-caravan.md"  # CC BY-NC-SA 3.0, see its header
DECKTET_EXAMPLES = (
    (_("A caravan of 3: ranks 3-4-5, neighbours share a suit"), "3MV+4MS+5ML"),
    (_("Beaten by 3 cards with a higher top: the Ace of Moons stands for 6"), "4MS+5ML+AM=6"),
    (_("Any bandit beats any caravan: a single Crown"), "CrS"),
    (_("Ace + Crown beats a single Crown"), "AV+CrS"),
    (_("Ace + Crown of one suit beats every other bandit"), "AM+CrM"),
)


@dataclass(frozen=True)
class Topic:
    """One rules topic: its heading, one paragraph, and a picture of example caravans of
    Caravan's cards (a topic of another game's cards draws them its own way: a subclass
    with its own `draw`)."""

    heading: Text  # its name: the answer's title, the picture's and its alt text
    text: Text  # one paragraph (markdown included), said whole
    examples: tuple[tuple[Text, str], ...]  # (caption, cards in notation)

    @property
    def title(self) -> str:
        """Its name in English: the `topic` option's choice (`bot.options`; Discord gets
        it in each language from `bot.translator`)."""
        return str(self.heading)

    @property
    def picture_title(self) -> Text:
        return self.heading

    def said(self) -> Text:
        """The topic in words: its heading in bold, then its paragraph."""
        return Joined([_bold(self.heading), self.text], "\n")

    def image(self, words: Catalogue = ENGLISH) -> bytes:
        """The topic's picture, its words in `words`'s language (drawn once per language:
        the same words give the same picture)."""
        captions = tuple(words.say(caption) for caption, _cards in self.examples)
        return _picture(self, words.say(self.picture_title), captions)

    def draw(self, title: str, captions: tuple[str, ...]) -> Image.Image:
        """The picture, `title` above the examples, each with its caption (said already)."""
        rows = [
            (caption, parse_cards(cards))
            for caption, (_said, cards) in zip(captions, self.examples, strict=True)
        ]
        return draw_examples(rows, title)


@dataclass(frozen=True)
class DecktetTopic(Topic):
    """Decktet Caravan's topic: a line about it, then its rules in short from their own
    file (`decktet_said`), and a picture of example plays of Decktet cards."""

    @property
    def picture_title(self) -> Text:
        return DECKTET_PICTURE

    def said(self) -> Text:
        return Joined([Joined([_bold(self.heading), self.text], " "), decktet_said()], "\n")

    def draw(self, title: str, captions: tuple[str, ...]) -> Image.Image:
        plays = [
            (caption, parse_play(play))
            for caption, (_said, play) in zip(captions, self.examples, strict=True)
        ]
        return draw_decktet_examples(plays, title)


CARAVAN_TOPICS: dict[str, Topic] = {  # Caravan's (New Vegas's face's)
    "overview": Topic(
        _("Caravan in one minute"),
        _(
            "Each player builds three **caravans** (piles of cards) facing the other player's "
            "three. A caravan is **for sale** at a value of 21 to 26. The higher caravan for sale "
            "wins its **position**; win two of the three positions to win the game.\n"
            "**Opening:** three turns each, one number card onto each of your empty caravans.\n"
            "**Each turn after:** play a card (then draw), discard a card (then draw), or "
            "disband one of your caravans.\n"
            "Topics: `numbers`, `direction`, `king`, `queen`, `jack`, `joker`, `selling`, "
            "`winning`."
        ),
        (
            (_("Your caravan: 10 + 6 + 7 = 23, for sale"), "10h 6c 7c"),
            (_("Theirs: 9 + 3 + 8 = 20, not yet"), "9d 3d 8d"),
        ),
    ),
    "numbers": Topic(
        _("Number cards"),
        _(
            "Number cards (Ace = 1, then 2 to 10) go on **your own** caravans, at the end. An "
            "empty caravan takes any number card; the second card is any other rank; after that "
            "the card must follow the caravan's **direction** or match its **suit**, and never "
            "repeat the last card's rank. A caravan's value is the sum of its number cards."
        ),
        (
            (_("Any number card starts a caravan"), "4h"),
            (_("The second card sets the direction: 4 then 9 goes up"), "4h 9c"),
            (_("Going up, a higher card may follow: 23"), "4h 9c 10s"),
            (_("A club may go against it: 7 of clubs after 9 of clubs turns it down"), "4h 9c 7c"),
        ),
    ),
    "direction": Topic(
        _("Direction and suit"),
        _(
            "With two or more number cards a caravan is **ascending** (the last card is higher "
            "than the one before) or **descending**. The next card must keep going that way, or "
            "be of the caravan's **suit** (the last card's, or the last Queen's on it): a card "
            "of the suit may go either way and sets the new direction."
        ),
        (
            (_("Ascending hearts: the next must be higher than 6, or a heart"), "2h 6h"),
            (_("3 of hearts: lower, but the suit matches, so now descending"), "2h 6h 3h"),
        ),
    ),
    "king": Topic(
        _("King"),
        _(
            "A King goes on any number card on the table, yours or your opponent's, and "
            "**doubles** its value; a second King doubles again (5, 10, 20). At most three "
            "picture cards sit on one card."
        ),
        (
            (_("8 with a King counts 16: 3 + 16 = 19"), "3s 8d Kc"),
            (_("Two Kings on a 5: 5 becomes 20"), "5h Kd Ks"),
        ),
    ),
    "queen": Topic(
        _("Queen"),
        _(
            "A Queen goes on the **last** card of any caravan. It **reverses** the direction "
            "and **sets the suit** to its own, so different cards may follow."
        ),
        (
            (_("Ascending to 7; a Queen of spades reverses it and makes it spades"), "4c 7c Qs"),
            (_("Now a lower card, or any spade, may follow"), "4c 7c Qs 2h"),
        ),
    ),
    "jack": Topic(
        _("Jack"),
        _(
            "A Jack goes on any number card on the table and **removes** it, with every picture "
            "card on it and the Jack itself. Use it to break a caravan that is about to sell."
        ),
        (
            (_("Their 25: 10 + 9 + 6"), "10d 9s 6h"),
            (_("A Jack on the 9 takes it away: 16"), "10d 6h"),
        ),
    ),
    "joker": Topic(
        _("Joker"),
        _(
            "A Joker goes on any number card. On an **Ace** it removes every other number card "
            "of the Ace's suit from all six caravans; on a **2 to 10** it removes every other "
            "card of that rank. The card it sits on stays."
        ),
        (
            (_("A Joker on this 7 of hearts..."), "2c 7h X"),
            (_("...takes every other 7 off the table: 9, 7 of spades, 5 is now 9 + 5"), "9d 5s"),
        ),
    ),
    "selling": Topic(
        _("Selling"),
        _(
            "A caravan is **for sale** at 21 to 26 inclusive; over 26 it is overweight. You may "
            "keep adding to a caravan for sale, or **disband** it (all its cards go away) to "
            "start again. Your caravan sells its position only if the opposing caravan is not "
            "for sale, or is for sale at a lower value."
        ),
        (
            (_("22: for sale"), "10s 4s 8s"),
            (_("31: overweight, not for sale"), "10s 4s 8s 9h"),
        ),
    ),
    "winning": Topic(
        _("Winning"),
        _(
            "After every move, if all three positions are sold, whoever sold two or three wins. "
            "Equal values sell neither, so the game goes on. A player who must move with no "
            "cards in hand or deck loses."
        ),
        (
            (_("Position 1: your 24 beats their 21"), "10c 6c 8c"),
            (_("Position 2: your 23 against their 26: theirs"), "9h 6h 8h"),
            (_("Position 3: your 21 against their 19 (not for sale): yours, 2 to 1"), "7d 9d 5d"),
        ),
    ),
}

DECKTET_TOPICS: dict[str, Topic] = {
    "decktet": DecktetTopic(
        _("Decktet Caravan"),
        _(
            "(the other Caravan: P.D. Magnus's game for the Decktet; start one with "
            "`/caravan challenge game:Decktet Caravan`)"
        ),
        DECKTET_EXAMPLES,
    )
}
TOPICS = CARAVAN_TOPICS | DECKTET_TOPICS  # every topic written here, by name

PRESET_TEXTS: dict[str, Text] = {  # how each preset differs from New Vegas rules
    "new-vegas": _("This game plays New Vegas rules (two decks of 52 cards and 2 jokers each)."),
    "caravanthegame": _(
        "Like New Vegas, except: a player who must draw from an empty deck **loses** at "
        "once; the first three cards dealt are always number cards."
    ),
    "foxon": _(
        "Different from New Vegas: one joker per deck; picture cards go only on **your "
        "own** caravans, with no limit of three; a **King adds** the card's value (7, 14, "
        "21) instead of doubling; a **Queen only reverses** the direction; a **Joker** "
        "removes its card too and every other card of that rank, Aces included; "
        "**disbanding** must restart the caravan with a number card; an empty deck is "
        "refilled from the discard pile."
    ),
    "simple": _(
        "Different from New Vegas: **no tens** (number cards are A to 9); no limit of three "
        "picture cards on a card; a player who must draw from an empty deck ends the game "
        "as a **draw**."
    ),
}


def _bold(said: Said) -> Text:
    return Joined(["**", said, "**"], "")


def topic_said(name: str) -> Text:
    """The topic `name` of this module's in words: its title in bold, then its paragraph
    (Decktet Caravan's also its rules from their own file), each said in the reader's
    language."""
    return TOPICS[name].said()


def topic_text(name: str, words: Catalogue = ENGLISH) -> str:
    """The topic `name` in words, in `words`'s language."""
    return words.say(topic_said(name))


def decktet_paragraphs(language: str = SOURCE) -> tuple[str, ...]:
    """Decktet Caravan's rules in short in `language`, from their own file (without its
    licence header): its paragraphs, one a line."""
    return tuple(decktet_texts()[language].split("\n"))


@cache
def decktet_texts() -> dict[str, str]:
    """Decktet Caravan's rules in short, by language: English's file, and each language's
    translation beside it (`decktet-caravan.<language>.md`) where there is one. They are
    files of their own, not catalogue messages: P.D. Magnus's text is shared under CC BY-NC-SA
    3.0, and so is each translation of it, unlike the rest of the project."""
    texts = {}
    for language in LANGUAGES:
        path = DECKTET_TEXT.with_suffix(f".{language}.md") if language != SOURCE else DECKTET_TEXT
        if path.exists():
            texts[language] = path.read_text(encoding="utf-8").split("-->", 1)[1].strip()
    return texts


def decktet_said() -> Text:
    """Decktet Caravan's rules in short, in the reader's language where it has a
    translation (`decktet_texts`), else in English."""
    return ByLanguage(decktet_texts())


DECKTET_PICTURE = _("Decktet Caravan: caravans and bandits")


def topic_image(name: str, words: Catalogue = ENGLISH) -> bytes:
    """The picture of this module's topic `name`, its words in `words`'s language."""
    return TOPICS[name].image(words)


@cache
def _picture(topic: Topic, title: str, captions: tuple[str, ...]) -> bytes:
    return render(topic.draw(title, captions))
