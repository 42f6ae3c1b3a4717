"""How fast the tournament rules pair a big Swiss: one core, plain Python.

    python benchmarks/tournament.py [--entrants 1000] [--rounds 5] [--runs 5] [--compare]

Each run plays `--rounds` rounds of a Swiss with random results (two fifths won by each
side, a fifth drawn) through `swiss_order` and `swiss_round`, then times pairing the next
round: `swiss_order` and `swiss_round` together, as the service will call them. Each run is
an event of its own seed; the figures are the fastest and the slowest run.
`swiss_round_ms_*_every_round` is the slowest round of each event, round 1 included.
Target (issue 33): under 1 s for 1,000 entrants.

`--compare` also measures, on the same round: the same weighted graph solved by networkx's
`max_weight_matching` (pure Python) instead of rustworkx's, and the same position paired by
pairing-core's Dutch kernel (`dutch-till2026-compat`), then round 1 of the same entrants by
pairing-core and by `swiss_round` (about a minute for pairing-core). Neither is a dependency:
`pip install networkx pairing-core` first; a missing one is skipped.

`--simcord N` instead plays a Swiss of N members (default rounds) to its end in SimCord,
through the real bot: created and joined with the buttons, every game opened in its
thread, 10 moves played through the hand panel (as `bot_latency.py` presses them) and then
resigned, each round paired when its last game ends. It prints the moves' latency (from the
dispatch of the select that plays a move to its answer) to compare with `bot_latency.py`'s
in the same sitting, and the time from the last game of a round ending to the next round
being posted.

Prints `name: value unit` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bot

from bot.tournament import Played, pairing, settle, swiss_order, swiss_round

Matcher = Callable[[int, list[tuple[int, int, int]]], set[tuple[int, int]]]


def play(entrants: int, rounds: int, seed: int) -> tuple[list[int], list[Played], float]:
    """An event after `rounds` rounds, and its slowest pairing (seconds)."""
    rng = random.Random(seed)
    seeded = list(range(1, entrants + 1))
    history: list[Played] = []
    slowest = 0.0
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        pairings = swiss_round(swiss_order(seeded, history), history)
        slowest = max(slowest, time.perf_counter() - start)
        games, settled = settle(number, pairings)
        history += settled
        for game in games:
            points = rng.choice([1.0, 1.0, 0.0, 0.0, 0.5])
            history.append(Played(number, game.first, game.second, points))
    return seeded, history, slowest


def timed_round(seeded: list[int], history: list[Played]) -> float:
    start = time.perf_counter()
    swiss_round(swiss_order(seeded, history), history)
    return time.perf_counter() - start


def matching_time(seeded: list[int], history: list[Played], matcher: Matcher) -> float:
    """Seconds spent in the matching itself while pairing the round."""
    spent = 0.0
    default = pairing._matching

    def timing(nodes: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
        nonlocal spent
        start = time.perf_counter()
        found = matcher(nodes, edges)
        spent += time.perf_counter() - start
        return found

    pairing._matching = timing
    try:
        swiss_round(swiss_order(seeded, history), history)
    finally:
        pairing._matching = default
    return spent


def networkx_matcher() -> Matcher | None:
    try:
        import networkx
    except ImportError:
        return None

    def matcher(nodes: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
        graph = networkx.Graph()
        graph.add_nodes_from(range(nodes))
        graph.add_weighted_edges_from(edges)
        return set(networkx.max_weight_matching(graph, maxcardinality=True))

    return matcher


def pairing_core_time(seeded: list[int], history: list[Played], rounds: int) -> float | None:
    """Seconds pairing-core's Dutch kernel takes to pair the same position."""
    try:
        from pairing_core import ConstraintSet, EngineRequest, PlayerData, pair
    except ImportError:
        return None
    by_round: dict[int, dict[int, Played]] = {player: {} for player in seeded}
    for played in history:
        for player in played.players:
            by_round[player][played.round] = played
    score = pairing.points(history)
    players = []
    for number, player in enumerate(seeded, start=1):
        colours = ""
        for r in range(1, rounds + 1):
            played = by_round[player].get(r)
            if played is None or not played.is_game:
                colours += "-"
            else:
                colours += "w" if played.first == player else "b"
        opponents = frozenset(
            played.opponent_of(player)
            for played in by_round[player].values()
            if played.second is not None
        )
        players.append(
            PlayerData(
                id=player,
                pairing_no=number,
                rating=3000 - number,
                points=score.get(player, 0.0),
                color_hist=colours,
                opponents=opponents,
                received_bye=any(p.is_bye for p in by_round[player].values()),
                float_hist="-" * rounds,
            )
        )
    request = EngineRequest(
        players=players,
        ruleset="dutch-till2026-compat",
        round_number=rounds + 1,
        constraints=ConstraintSet(),
    )
    start = time.perf_counter()
    pair(request)
    return time.perf_counter() - start


MOVES = 10  # moves played through the hand panel in each game before one player resigns


async def simcord_swiss(members: int) -> None:
    import discord

    from bot.simulate import Timings, mover_of, opened, play_turn

    rng = random.Random(members)
    timings = Timings()
    rounds_posted: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        async with opened(Path(folder)) as t:
            managers = t.guild.create_role(
                "Managers", permissions=discord.Permissions(manage_guild=True)
            )
            boss = t.guild.add_member(t.env.create_user("Boss"), roles=[managers])
            players = [
                t.guild.add_member(t.env.create_user(f"Entrant {i}")) for i in range(members)
            ]
            made = await boss.slash(
                t.channel, "caravan tournament create", name="Bench", entrants=members
            )
            for member in players:
                await member.click(made.response, label="Join")
            await boss.click(made.response, label="Start")
            service = t.env.bot.events.tournaments
            (event,) = await service.listed(t.guild.id)
            while (await service.event(event.id)).tournament.status != "finished":
                threads = [
                    th
                    for th in t.channel.threads
                    if "Bench" in th.name and "Game over" not in th.history()[-1].content
                ]
                if not threads:
                    raise SystemExit("a running event with no game being played")
                thread = threads[0]
                last_of_round = len(threads) == 1
                for _ in range(MOVES):
                    if not await play_turn(t, thread, rng, players, timings):
                        break
                last = thread.history()[-1]
                if "Game over" not in last.content:
                    loser = mover_of(t, last, players)
                    asked = await loser.click(last, label="Resign")
                    started = time.perf_counter()
                    await loser.click(asked.response, label="Yes, resign")
                    if last_of_round:
                        rounds_posted.append(time.perf_counter() - started)
            final = await service.event(event.id)
            assert not t.env.errors, t.env.errors
    moves = sorted(timings.moves)

    def percentile(q: float) -> float:
        return moves[min(len(moves) - 1, int(q * len(moves)))]

    print(f"members: {members} players")
    print(f"rounds: {final.tournament.round} rounds")
    print(f"games: {sum(1 for b in final.boards if b.game_id)} games")
    print(f"moves: {len(moves)} moves")
    print(f"move_ms_p50: {statistics.median(moves):.1f} ms")
    print(f"move_ms_p95: {percentile(0.95):.1f} ms")
    print(f"move_ms_p99: {percentile(0.99):.1f} ms")
    print(f"round_end_to_next_round_posted_ms_max: {1000 * max(rounds_posted):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before the timed one")
    parser.add_argument("--runs", type=int, default=5, help="events, each of its own seed")
    parser.add_argument("--compare", action="store_true", help="networkx and pairing-core too")
    parser.add_argument("--simcord", type=int, help="a Swiss of this many members in SimCord")
    args = parser.parse_args()
    if args.simcord:
        asyncio.run(simcord_swiss(args.simcord))
        return

    timings, every_round, matchings = [], [], []
    events = []
    for seed in range(args.runs):
        seeded, history, slowest = play(args.entrants, args.rounds, seed)
        events.append((seeded, history))
        timings.append(timed_round(seeded, history))
        every_round.append(slowest)
        matchings.append(matching_time(seeded, history, pairing._matching))
    print(f"entrants: {args.entrants} players")
    print(f"rounds_before: {args.rounds} rounds")
    print(f"swiss_round_ms_min: {1000 * min(timings):.0f} ms")
    print(f"swiss_round_ms_max: {1000 * max(timings):.0f} ms")
    print(f"swiss_round_ms_min_every_round: {1000 * min(every_round):.0f} ms")
    print(f"swiss_round_ms_max_every_round: {1000 * max(every_round):.0f} ms")
    print(f"rustworkx_matching_ms_min: {1000 * min(matchings):.0f} ms")
    print(f"rustworkx_matching_ms_max: {1000 * max(matchings):.0f} ms")
    if not args.compare:
        return
    seeded, history = events[0]
    matcher = networkx_matcher()
    if matcher is None:
        print("networkx: not installed")
    else:
        spent = matching_time(seeded, history, matcher)
        print(f"networkx_matching_ms (event 0): {1000 * spent:.0f} ms")
    spent_core = pairing_core_time(seeded, history, args.rounds)
    if spent_core is None:
        print("pairing_core: not installed")
        return
    print(f"pairing_core_dutch_ms (event 0): {1000 * spent_core:.0f} ms")
    first = pairing_core_time(seeded, [], 0)
    print(f"pairing_core_dutch_ms_round_1: {1000 * (first or 0.0):.0f} ms")
    print(f"swiss_round_ms_round_1: {1000 * timed_round(seeded, []):.0f} ms")


if __name__ == "__main__":
    main()
