"""What `/caravan leaderboard`, `/caravan stats`, `/caravan games` and `/caravan replay`
show: embeds and texts built from the service's plain records (names come from the bot)."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping

import discord

from bot.inert import md, md_names, plain
from bot.kinds import GAMES
from bot.ratings import PROVISIONAL_GAMES
from bot.records import AnyView, GameInfo, GameRecord, Leaderboard, Standing, Stats
from bot.render.figures import draw_rating_chart, render
from bot.render.style import AMBER

COLOUR = discord.Colour.from_rgb(*AMBER)
MEDALS = {1: "\N{FIRST PLACE MEDAL}", 2: "\N{SECOND PLACE MEDAL}", 3: "\N{THIRD PLACE MEDAL}"}


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"W{streak}"
    if streak < 0:
        return f"L{-streak}"
    return "-"


def standing_line(entry: Standing, name: str, me: bool = False) -> str:
    rank = MEDALS.get(entry.rank, f"`{entry.rank:>2}.`")
    rating = f"**{entry.rating}**" + ("?" if entry.provisional else "")
    record = f"{entry.wins}-{entry.losses}-{entry.draws}"
    line = f"{rank} {md(name)}: {rating} · {record} · streak {streak_text(entry.streak)}"
    return f"{line}  \N{LEFTWARDS ARROW} you" if me else line


def leaderboard_embed(
    board: Leaderboard,
    names: Mapping[int, str],
    guild_name: str,
    caller: Standing | None,
) -> discord.Embed:
    """`names` and `guild_name` as members wrote them: escaped here."""
    title = f"{GAMES[board.game]} leaderboard: {md(plain(guild_name, 100, 'this server'))}"
    if board.season:
        title += f", season {md(board.season)}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if not board.entries:
        embed.description = (
            "No rated games yet. Challenge someone with `/caravan challenge` "
            "(games against the bot count in stats, not here)."
        )
        return embed
    me = caller.user_id if caller is not None else None
    lines = [
        standing_line(e, names.get(e.user_id, f"Player {e.user_id}"), e.user_id == me)
        for e in board.entries
    ]
    if caller is not None and caller not in board.entries:
        lines += ["", standing_line(caller, names.get(caller.user_id, "You"), me=True)]
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=f"Page {board.page} of {board.pages} · {board.total} ranked players · "
        f"rating? = provisional (fewer than {PROVISIONAL_GAMES} rated games; listed after "
        "the others) · wins-losses-draws"
    )
    return embed


# Which games count where, said under every player's stats
COUNTED = (
    "Rated games are the games against members: they make the rating, rank, W-L-D and "
    "streak, as on the leaderboard. Games against the bot are counted apart, under "
    "Against the bot."
)


def stats_embed(stats: Stats, name: str, names: Mapping[int, str]) -> discord.Embed:
    """`name` and `names` (the recent games' players, by user id): plain names, escaped
    here. The rated games and the games against the bot are shown apart (`COUNTED`)."""
    title = f"{GAMES[stats.game]} stats: {md(name)}"
    if stats.season:
        title += f", season {md(stats.season)}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if stats.games == 0:
        embed.description = "No finished games yet in this server."
    rated = stats.rated
    rate = f"{rated.win_rate:.0%}" if rated.win_rate is not None else "-"
    embed.add_field(name="Rated games", value=str(rated.games))
    embed.add_field(name="W-L-D", value=str(rated))
    embed.add_field(name="Win rate", value=rate)
    if stats.standing is not None:
        s = stats.standing
        rating = f"{s.rating}{' (provisional)' if s.provisional else ''}"
        embed.add_field(name="Rating", value=rating)
        embed.add_field(name="Rank", value=f"#{s.rank}")
        embed.add_field(name="Streak", value=streak_text(s.streak))
    else:
        embed.add_field(name="Rating", value="unrated (no games against members yet)")
    bot = stats.against_ai
    played = f"{bot.games} game{'s' * (bot.games != 1)}, W-L-D {bot}" if bot.games else "none"
    embed.add_field(name="Against the bot", value=played)
    if stats.favourite_rules:
        embed.add_field(name="Favourite rules", value=f"`{stats.favourite_rules}`")
    if stats.events:
        embed.add_field(name="Tournaments", value=stats.events)
    recent = [game_line(g, stats.user_id, names) for g in stats.recent]
    if recent:
        embed.add_field(name="Recent games", value="\n".join(recent)[:1024], inline=False)
    footer = COUNTED
    if stats.season:
        footer += f" Season {stats.season}: only its games, every player starting fresh."
    embed.set_footer(text=footer)
    return embed


def link(info: GameInfo) -> str:
    channel = info.thread_id or info.channel_id
    return f"https://discord.com/channels/{info.guild_id}/{channel}"


def game_line(info: GameInfo, user_id: int, names: Mapping[int, str]) -> str:
    """ "Won against Bob (new-vegas) · <link>" for a finished game, from `user_id`'s side."""
    seat = info.seat_of(user_id)
    other = info.players[1] if seat == "A" else info.players[0]
    opponent = md(names[other]) if other in names else f"<@{other}>"
    if info.ai_seat is not None:
        opponent = f"the bot ({info.ai_level})"
    if info.winner == "draw":
        verdict = "Drew with"
    elif info.winner == seat:
        verdict = "Won against"
    else:
        verdict = "Lost to"
    rules = info.kind.rules_label(info.rules)
    return f"[#{info.id}]({link(info)}) {verdict} {opponent} · `{rules}`"


def rating_chart(stats: Stats, name: str) -> discord.File | None:
    if not stats.history:
        return None
    png = render(draw_rating_chart([rating for _, rating in stats.history], f"{name}: rating"))
    return discord.File(io.BytesIO(png), "rating.png", description=f"{name}'s rating over time")


def active_line(info: GameInfo, user_id: int, names: Mapping[int, str]) -> str:
    """ "#12 against Bob · `new-vegas` · Bob's move, due in 3 hours" (a Discord timestamp,
    shown in each reader's time), or "**your move**, due ..."; the bot's move has no due
    time (it moves by itself)."""
    seat = info.seat_of(user_id)
    other = info.players[1] if seat == "A" else info.players[0]
    opponent = md(names[other]) if other in names else f"<@{other}>"
    if info.ai_seat:
        opponent = f"the bot ({info.ai_level})"
    due = f", due <t:{int(info.deadline)}:R>" if info.deadline else ""
    if info.turn == seat:
        whose = f"**your move**{due}"
    elif info.ai_seat:
        whose = "the bot's move"
    else:
        whose = f"{opponent}'s move{due}"
    rules = info.kind.rules_label(info.rules)
    return f"[#{info.id}]({link(info)}) against {opponent} · `{rules}` · {whose}"


def record_text(record: GameRecord, names: Mapping[str, str], final: AnyView) -> tuple[str, str]:
    """A finished game: a summary for the message, and a shell script that replays it
    with `python -m engine` (inlined in the summary when it fits). `names` are plain: as
    they are in the script's comment, escaped in the message. The result is said from the
    `final` view, in the final table's words (how many positions were sold, who
    resigned)."""
    info = record.game
    form = info.rules.to_json()  # a preset's name, or the JSON object of its options
    rules = form if isinstance(form, str) else json.dumps(form, separators=(",", ":"))

    def heading(names: Mapping[str, str]) -> str:
        ending = info.kind.ending(final, names)
        return f"{info.title} game #{info.id}: {names['A']} (A) vs {names['B']} (B). {ending}"

    engine, command = info.kind.command(info.rules, record.seed)
    if record.moves:
        command += f" | {engine} play " + " ".join(record.moves)
    script = f"# {heading(names)}\n{command}\n"
    summary = (
        f"**{heading(md_names(names))}**\nrules `{rules}` · seed `{record.seed}` · "
        f"{len(record.moves)} moves. "
        "Replay it with the engine's command line:"
    )
    inline = f"{summary}\n```sh\n{command}\n```"
    return (inline if len(inline) <= 2000 else summary + " (see the attached file)"), script
