"""What `/caravan leaderboard`, `/caravan stats`, `/caravan games` and `/caravan replay`
show: embeds and texts built from the service's plain records (names come from the bot)."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping

import discord

from bot.faces import face
from bot.games.words import LEVEL_TEXT
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.inert import md, md_names, plain
from bot.kinds import KINDS
from bot.ratings import PROVISIONAL_GAMES
from bot.records import AnyView, GameInfo, GameRecord, Leaderboard, Standing, Stats
from bot.render.figures import draw_rating_chart, render
from bot.render.style import AMBER

COLOUR = discord.Colour.from_rgb(*AMBER)
MEDALS = {1: "\N{FIRST PLACE MEDAL}", 2: "\N{SECOND PLACE MEDAL}", 3: "\N{THIRD PLACE MEDAL}"}


# what the "?" after a rating means, wherever ratings are listed
PROVISIONAL = n_(
    "rating? = provisional (fewer than {count} rated game; listed after the others)",
    "rating? = provisional (fewer than {count} rated games; listed after the others)",
    PROVISIONAL_GAMES,
)


def game_title(key: str) -> Said:
    """A game's name for people, by its kind's key ("new-vegas": Caravan); a key no kind
    has, as it is."""
    return KINDS[key].title if key in KINDS else key


def level_text(level: str | None) -> Said:
    """The AI's level in words ("easy")."""
    return LEVEL_TEXT.get(level or "", level or "")


def streak_text(streak: int) -> str:
    """ "W3" or "L2" (a code, not words), "-" for none."""
    if streak > 0:
        return f"W{streak}"
    if streak < 0:
        return f"L{-streak}"
    return "-"


def standing_line(entry: Standing, name: str, me: bool = False, words: Catalogue = ENGLISH) -> str:
    rank = MEDALS.get(entry.rank, f"`{entry.rank:>2}.`")
    rating = f"**{entry.rating}**" + ("?" if entry.provisional else "")
    record = f"{entry.wins}-{entry.losses}-{entry.draws}"
    line = _(
        "{rank} {player}: {rating} · {record} · streak {streak}",
        rank=rank,
        player=md(name),
        rating=rating,
        record=record,
        streak=streak_text(entry.streak),
    )
    return words.say(_("{line}  ← you", line=line) if me else line)


def leaderboard_embed(
    board: Leaderboard,
    names: Mapping[int, str],
    guild_name: str,
    caller: Standing | None,
    words: Catalogue = ENGLISH,
) -> discord.Embed:
    """`names` and `guild_name` as members wrote them: escaped here."""
    game = game_title(board.game)
    server = md(plain(guild_name, 100, fallback="") or words.say(_("this server")))
    title = (
        _(
            "{game} leaderboard: {server}, season {season}",
            game=game,
            server=server,
            season=md(board.season),
        )
        if board.season
        else _("{game} leaderboard: {server}", game=game, server=server)
    )
    embed = discord.Embed(title=words.say(title), colour=COLOUR)
    if not board.entries:
        embed.description = words.say(
            _(
                "No rated games yet. Challenge someone with `/caravan challenge` "
                "(games against the bot count in stats, not here)."
            )
        )
        return embed
    me = caller.user_id if caller is not None else None
    lines = [
        standing_line(
            e,
            names[e.user_id]
            if e.user_id in names
            else words.say(_("Player {number}", number=e.user_id)),
            e.user_id == me,
            words,
        )
        for e in board.entries
    ]
    if caller is not None and caller not in board.entries:
        mine = names[caller.user_id] if caller.user_id in names else words.say(_("You"))
        lines += ["", standing_line(caller, mine, me=True, words=words)]
    embed.description = "\n".join(lines)
    footer = Joined(
        [
            _("Page {page} of {pages}", page=board.page, pages=board.pages),
            n_("{count} ranked player", "{count} ranked players", board.total),
            PROVISIONAL,
            _("wins-losses-draws"),
        ],
        " · ",
    )
    embed.set_footer(text=words.say(footer))
    return embed


# Which games count where, said under every player's stats
COUNTED = _(
    "Rated games are the games against members: they make the rating, rank, W-L-D and "
    "streak, as on the leaderboard. Games against the bot are counted apart, under "
    "Against the bot."
)


def stats_embed(
    stats: Stats, name: str, names: Mapping[int, str], words: Catalogue = ENGLISH
) -> discord.Embed:
    """`name` and `names` (the recent games' players, by user id): plain names, escaped
    here. The rated games and the games against the bot are shown apart (`COUNTED`)."""
    game = game_title(stats.game)
    title = (
        _(
            "{game} stats: {player}, season {season}",
            game=game,
            player=md(name),
            season=md(stats.season),
        )
        if stats.season
        else _("{game} stats: {player}", game=game, player=md(name))
    )
    embed = discord.Embed(title=words.say(title), colour=COLOUR)
    if stats.games == 0:
        embed.description = words.say(_("No finished games yet in this server."))
    rated = stats.rated
    rate = f"{rated.win_rate:.0%}" if rated.win_rate is not None else "-"

    def field(name: Text, value: Said, inline: bool = True) -> None:
        embed.add_field(name=words.say(name), value=words.say(value), inline=inline)

    field(_("Rated games"), str(rated.games))
    field(_("W-L-D"), str(rated))
    field(_("Win rate"), rate)
    if stats.standing is not None:
        s = stats.standing
        rating = _("{rating} (provisional)", rating=s.rating) if s.provisional else str(s.rating)
        field(_("Rating"), rating)
        field(_("Rank"), f"#{s.rank}")
        field(_("Streak"), streak_text(s.streak))
    else:
        field(_("Rating"), _("unrated (no games against members yet)"))
    bot = stats.against_ai
    played = (
        n_(
            "{count} game, W-L-D {record}",
            "{count} games, W-L-D {record}",
            bot.games,
            record=str(bot),
        )
        if bot.games
        else _("none")
    )
    field(_("Against the bot"), played)
    if stats.favourite_rules:
        field(_("Favourite rules"), f"`{stats.favourite_rules}`")
    if stats.events:
        field(_("Tournaments"), stats.events)
    recent = [game_line(g, stats.user_id, names, words) for g in stats.recent]
    if recent:
        field(_("Recent games"), "\n".join(recent)[:1024], inline=False)
    footer: Text = COUNTED
    if stats.season:
        season = _(
            "Season {season}: only its games, every player starting fresh.", season=stats.season
        )
        footer = Joined([COUNTED, season])
    embed.set_footer(text=words.say(footer))
    return embed


def link(info: GameInfo) -> str:
    channel = info.thread_id or info.channel_id
    return f"https://discord.com/channels/{info.guild_id}/{channel}"


def game_line(
    info: GameInfo, user_id: int, names: Mapping[int, str], words: Catalogue = ENGLISH
) -> str:
    """ "Won against Bob (new-vegas) · <link>" for a finished game, from `user_id`'s side."""
    seat = info.seat_of(user_id)
    other = info.players[1] if seat == "A" else info.players[0]
    values = {
        "game": f"[#{info.id}]({link(info)})",
        "rules": info.kind.rules_label(info.rules),
    }
    if info.ai_seat is not None:
        level = level_text(info.ai_level)
        if info.winner == "draw":
            line = _("{game} Drew with the bot ({level}) · `{rules}`", level=level, **values)
        elif info.winner == seat:
            line = _("{game} Won against the bot ({level}) · `{rules}`", level=level, **values)
        else:
            line = _("{game} Lost to the bot ({level}) · `{rules}`", level=level, **values)
        return words.say(line)
    opponent = md(names[other]) if other in names else f"<@{other}>"
    if info.winner == "draw":
        line = _("{game} Drew with {opponent} · `{rules}`", opponent=opponent, **values)
    elif info.winner == seat:
        line = _("{game} Won against {opponent} · `{rules}`", opponent=opponent, **values)
    else:
        line = _("{game} Lost to {opponent} · `{rules}`", opponent=opponent, **values)
    return words.say(line)


def rating_chart(stats: Stats, name: str, words: Catalogue = ENGLISH) -> discord.File | None:
    """The player's rating over time (`name` plain): a picture in `words`, and its alt text."""
    if not stats.history:
        return None
    title = words.say(_("{player}: rating", player=name))
    points = [rating for _when, rating in stats.history]
    png = render(draw_rating_chart(points, title, words=words))
    alt = words.say(_("{player}'s rating over time", player=name))
    return discord.File(io.BytesIO(png), "rating.png", description=alt)


def active_line(
    info: GameInfo, user_id: int, names: Mapping[int, str], words: Catalogue = ENGLISH
) -> str:
    """ "#12 against Bob · `new-vegas` · Bob's move, due in 3 hours" (a Discord timestamp,
    shown in each reader's time), or "**your move**, due ..."; the bot's move has no due
    time (it moves by itself)."""
    seat = info.seat_of(user_id)
    other = info.players[1] if seat == "A" else info.players[0]
    opponent = md(names[other]) if other in names else f"<@{other}>"
    due = f"<t:{int(info.deadline)}:R>" if info.deadline else ""
    whose: Text
    if info.turn == seat:
        whose = _("**your move**, due {when}", when=due) if due else _("**your move**")
    elif info.ai_seat:
        whose = _("the bot's move")
    elif due:
        whose = _("{player}'s move, due {when}", player=opponent, when=due)
    else:
        whose = _("{player}'s move", player=opponent)
    values = {
        "game": f"[#{info.id}]({link(info)})",
        "rules": info.kind.rules_label(info.rules),
        "whose": whose,
    }
    if info.ai_seat:
        line = _(
            "{game} against the bot ({level}) · `{rules}` · {whose}",
            level=level_text(info.ai_level),
            **values,
        )
    else:
        line = _("{game} against {opponent} · `{rules}` · {whose}", opponent=opponent, **values)
    return words.say(line)


def record_text(
    record: GameRecord, names: Mapping[str, str], final: AnyView, words: Catalogue = ENGLISH
) -> tuple[str, str]:
    """A finished game: a summary for the message, and a shell script that replays it
    with `python -m engine` (inlined in the summary when it fits), both in `words`.
    `names` are plain: as they are in the script's comment, escaped in the message. The
    result is said from the `final` view, in the final table's words (how many positions
    were sold, who resigned)."""
    info = record.game
    form = info.rules.to_json()  # a preset's name, or the JSON object of its options
    rules = form if isinstance(form, str) else json.dumps(form, separators=(",", ":"))

    def heading(names: Mapping[str, str]) -> str:
        return words.say(
            _(
                "{game} game #{number}: {player_a} (A) vs {player_b} (B). {result}",
                game=game_title(info.game),
                number=info.id,
                player_a=names["A"],
                player_b=names["B"],
                result=face(info.game).ending(final, names),
            )
        )

    engine, command = info.kind.command(info.rules, record.seed)
    if record.moves:
        command += f" | {engine} play " + " ".join(record.moves)
    script = f"# {heading(names)}\n{command}\n"
    values = {"rules": rules, "seed": record.seed}
    moves = len(record.moves)
    how = n_(
        "rules `{rules}` · seed `{seed}` · {count} move. Replay it with the engine's command line:",
        "rules `{rules}` · seed `{seed}` · {count} moves. Replay it with the engine's "
        "command line:",
        moves,
        **values,
    )
    bold = f"**{heading(md_names(names))}**"
    inline = f"{bold}\n{words.say(how)}\n```sh\n{command}\n```"
    if len(inline) <= 2000:
        return inline, script
    attached = n_(
        "rules `{rules}` · seed `{seed}` · {count} move. Replay it with the engine's "
        "command line: (see the attached file)",
        "rules `{rules}` · seed `{seed}` · {count} moves. Replay it with the engine's "
        "command line: (see the attached file)",
        moves,
        **values,
    )
    return f"{bold}\n{words.say(attached)}", script
