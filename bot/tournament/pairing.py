"""Who meets whom: Swiss rounds by score groups, round robins by Berger tables.

A Swiss round is a maximum weight matching over the active players (rustworkx's: the
blossom algorithm of networkx, ported to Rust), whose weights put the rules in this order:

1. A player gets a second bye only when every active player has had one (the bye goes to
   one of those with the fewest).
2. No two players meet again while a pairing of the round without a repeat exists (any
   earlier pairing counts, a forfeit's too).
3. The bye (odd number of players) goes to the lowest-ranked player without one (of those
   with the fewest).
4. No game leaves a player with three games more first than second (or the reverse), or
   the same seat three games running, while it can be avoided.
5. Score groups: players meet others on their own score; otherwise the fewest and
   smallest differences (the sum of their squares, in half points).
6. As many players as can be get the seat they are due.
7. Within a score group the top half meets the bottom half in order (1 v 5, 2 v 6, ...:
   FIDE's Dutch order); a player who must float down is the lowest of their group, and
   meets the highest they can of the group below.

Each rule counts only among the pairings that keep every rule above it at its best. With
more than `DENSE_UP_TO` active players only each player's nearest candidates are weighed
(the ones around their Dutch opponent in their group, and their neighbours in rank); when
those cannot give a pairing that keeps rules 2 and 3 (and 4 after a wider look) at their
best, every pairing is weighed, so rules 1-3 hold exactly at any size.

Seats: the player due to move first does (one who moved second more often, or second
last time); when both are due the same seat, the one further off balance gets it, then the
one whose seats differed most recently alternates, then the higher ranked. Players with no
game yet: the higher ranked moves first on odd boards (1, 3, ...) and second on even ones.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import rustworkx

from bot.tournament.history import Pairing, Played, TournamentError, check_players

DENSE_UP_TO = 64  # active players up to which every pairing is weighed
NEAR = (8, 32)  # above that, each player's candidates: this many either side, then wider


def default_rounds(entrants: int) -> int:
    """Swiss rounds enough for a clear winner: ceil(log2(n)) + 1, at most n - 1."""
    if entrants < 2:
        raise TournamentError(f"A Swiss needs two players or more, not {entrants}.")
    return min(math.ceil(math.log2(entrants)) + 1, entrants - 1)


def points(history: Iterable[Played]) -> dict[int, float]:
    """Each player's points from the finished records: win 1, draw 1/2, bye 1, forfeit 1/0."""
    total: dict[int, float] = defaultdict(float)
    for played in history:
        if played.points is None:
            continue
        total[played.first] += played.points_of(played.first)
        if played.second is not None:
            total[played.second] += played.points_of(played.second)
    return total


def swiss_order(
    seeded: Sequence[int], history: Sequence[Played], withdrawn: Collection[int] = ()
) -> list[int]:
    """The active players as a Swiss ranks them for pairing: by points, then seed.

    `seeded` is every entrant, best first, as seeded when the event began (the server's
    rating then); withdrawn and removed players are left out.
    """
    seeds = {player: seed for seed, player in enumerate(check_players(seeded, "seeds"))}
    score = points(history)
    out = set(withdrawn)
    active = [player for player in seeds if player not in out]
    return sorted(active, key=lambda player: (-score.get(player, 0.0), seeds[player]))


@dataclass
class _Player:
    """What a Swiss round needs to know of one active player."""

    id: int
    rank: int  # 0: the best
    score: int  # in half points
    group: int = 0  # the size of their score group
    place: int = 0  # their place in it, 0: the top
    seats: list[bool] = field(default_factory=list)  # True: moved first; in round order
    byes: int = 0

    @cached_property
    def balance(self) -> int:
        """Games moved first less games moved second."""
        return sum(1 if first else -1 for first in self.seats)

    @cached_property
    def due(self) -> bool | None:
        """The seat this player is due: True first, False second, None no preference."""
        balance = self.balance
        if abs(balance) >= 2:
            return balance < 0
        if len(self.seats) >= 2 and self.seats[-1] == self.seats[-2]:
            return not self.seats[-1]
        if balance:
            return balance < 0
        return None if not self.seats else not self.seats[-1]

    @cached_property
    def strongly(self) -> bool:
        """Must have the seat they are due (two off balance, or twice running the same)."""
        return abs(self.balance) >= 2 or (len(self.seats) >= 2 and self.seats[-1] == self.seats[-2])


def swiss_round(ranked: Sequence[int], history: Sequence[Played]) -> list[Pairing]:
    """The next Swiss round's pairings, first-named moving first, boards in rank order.

    `ranked` is the active players best first, by points then seed (`swiss_order`): no one
    else is paired. `history` is every earlier record of the event. An odd number of players
    gives one bye, `Pairing(player, None)`, last. The rules and their order are the module's.
    """
    order = check_players(ranked, "ranked players")
    players = _players(order, history)
    met = {frozenset((p.first, p.second)) for p in history if p.second is not None}
    fewest = min((players[p].byes for p in order), default=0)
    eligible = [p for p in order if players[p].byes == fewest]
    lowest = eligible[-1] if len(order) % 2 else None

    if len(order) <= DENSE_UP_TO:
        pairs = _pair(order, players, met, eligible, breadth=None)
    else:
        pairs = []
        for breadth in (*NEAR, None):
            pairs = _pair(order, players, met, eligible, breadth)
            if breadth is None or _keeps_rules(pairs, met, lowest, players, breadth == NEAR[0]):
                break
    return _seat(pairs, players)


def _players(order: list[int], history: Sequence[Played]) -> dict[int, _Player]:
    score = points(history)
    players = {p: _Player(p, rank, round(2 * score.get(p, 0.0))) for rank, p in enumerate(order)}
    for played in sorted(history, key=lambda played: played.round):
        if played.is_bye and played.first in players:
            players[played.first].byes += 1
        elif played.is_game:
            for seated, first in ((played.first, True), (played.second, False)):
                if seated in players:
                    players[seated].seats.append(first)
    for members in _groups(players).values():
        for place, member in enumerate(members):
            member.group, member.place = len(members), place
    return players


def _groups(players: dict[int, _Player]) -> dict[int, list[_Player]]:
    """The score groups, each in rank order."""
    groups: dict[int, list[_Player]] = defaultdict(list)
    for player in sorted(players.values(), key=lambda player: player.rank):
        groups[player.score].append(player)
    return groups


def _pair(
    order: list[int],
    players: dict[int, _Player],
    met: set[frozenset[int]],
    eligible: list[int],
    breadth: int | None,
) -> list[tuple[int, int | None]]:
    """The best pairing over the candidates (all of them when `breadth` is None)."""
    n = len(order)
    if n == 0:
        return []
    node = {player: index for index, player in enumerate(order)}
    bye = n if n % 2 else None  # the bye is a node of its own
    candidates = _everyone(order) if breadth is None else _near(order, players, breadth)
    matched = (n + 1) // 2
    widest = max(p.score for p in players.values()) - min(p.score for p in players.values())
    # Each rule's range; a rule's total over the matching stays below the next one's unit.
    ranges = (1, n - 1, 1, widest * widest, 1, 2 * n)

    def weight(*values: int) -> int:
        total = 0
        for value, top in zip(values, ranges, strict=True):
            total = total * (matched * top + 1) + value
        return total

    edges: list[tuple[int, int, int]] = []
    for u, v in candidates:  # u ranked above v
        new = frozenset((u, v)) not in met
        if breadth is not None and not new:
            continue
        a, b = players[u], players[v]
        conflict = a.strongly and b.strongly and a.due == b.due
        float_ = a.score - b.score
        agree = a.due is None or b.due is None or a.due != b.due
        if a.score == b.score:
            off = abs(b.place - a.place - a.group // 2)
        else:
            off = (a.group - 1 - a.place) + b.place
        values = (new, 0, not conflict, ranges[3] - float_ * float_, agree, ranges[5] - off)
        edges.append((node[u], node[v], weight(*map(int, values))))
    if bye is not None:
        lowest = eligible if breadth is None else eligible[-2 * breadth :]
        for player in lowest:
            edges.append((node[player], bye, weight(1, players[player].rank, 1, *ranges[3:])))

    pairs: list[tuple[int, int | None]] = []
    for x, y in _matching(n + (bye is not None), edges):
        x, y = min(x, y), max(x, y)
        pairs.append((order[x], None if y == bye else order[y]))
    return pairs


def _matching(nodes: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """A maximum weight matching among those of the most edges (node numbers, weights)."""
    graph: rustworkx.PyGraph[None, int] = rustworkx.PyGraph()
    graph.add_nodes_from([None] * nodes)
    graph.add_edges_from(edges)
    return rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)


def _everyone(order: list[int]) -> Iterable[tuple[int, int]]:
    for i, u in enumerate(order):
        for v in order[i + 1 :]:
            yield u, v


def _near(order: list[int], players: dict[int, _Player], breadth: int) -> set[tuple[int, int]]:
    """Each player's neighbours in rank, and the group-mates around their Dutch opponent."""
    found: set[tuple[int, int]] = set()
    n = len(order)
    for i, u in enumerate(order):
        for j in range(i + 1, min(n, i + 1 + breadth)):
            found.add((u, order[j]))
    for members in _groups(players).values():
        for player in members:
            ideal = player.place + player.group // 2
            for other in members[max(0, ideal - breadth) : ideal + breadth + 1]:
                if other.rank != player.rank:
                    pair = sorted((player, other), key=lambda p: p.rank)
                    found.add((pair[0].id, pair[1].id))
    return found


def _keeps_rules(
    pairs: list[tuple[int, int | None]],
    met: set[frozenset[int]],
    lowest: int | None,
    players: dict[int, _Player],
    colours: bool,
) -> bool:
    """The pairing is whole, repeats no one, gives the bye to `lowest` and (if `colours`)
    breaks no strong seat preference: then the rules above the score groups are kept at
    their best, and the candidates were enough."""
    if 2 * len(pairs) < len(players):
        return False
    for u, v in pairs:
        if v is None:
            if u != lowest:
                return False
        elif frozenset((u, v)) in met:
            return False
        elif colours:
            a, b = players[u], players[v]
            if a.strongly and b.strongly and a.due == b.due:
                return False
    return True


def _seat(pairs: list[tuple[int, int | None]], players: dict[int, _Player]) -> list[Pairing]:
    games = sorted(
        (sorted((u, v), key=lambda p: players[p].rank) for u, v in pairs if v is not None),
        key=lambda pair: players[pair[0]].rank,
    )
    seated = []
    for board, (u, v) in enumerate(games, start=1):
        seated.append(
            Pairing(u, v) if _moves_first(players[u], players[v], board) else Pairing(v, u)
        )
    seated.extend(Pairing(u, None) for u, v in pairs if v is None)
    return seated


def _moves_first(higher: _Player, lower: _Player, board: int) -> bool:
    """Whether the higher-ranked player of a game moves first."""
    want, other = higher.due, lower.due
    if want is None and other is None:
        return board % 2 == 1
    if want is None:
        return not other
    if other is None or want != other:
        return want
    strength = (higher.strongly, abs(higher.balance))
    other_strength = (lower.strongly, abs(lower.balance))
    if strength != other_strength:
        return want if strength > other_strength else not want
    for mine, theirs in zip(reversed(higher.seats), reversed(lower.seats)):
        if mine != theirs:
            return not mine  # each alternates from the last round their seats differed
    return want


def berger_rounds(players: Sequence[int]) -> list[list[Pairing]]:
    """A round robin by FIDE's Berger tables: `players` in order are table numbers 1..n.

    Every two players meet once; round r pairs the numbers that add up to r + 1 modulo
    n - 1, and the last number meets the one whose double does. The last number moves
    second in odd rounds and first in even ones; in another game, the player whose number
    is ahead of the other's by an even amount (mod n - 1) moves first. With an odd number
    of players a dummy makes the count even, and whoever meets it has a bye that round
    (listed last). Boards in the tables' order.
    """
    listed = check_players(players)
    if len(listed) < 2:
        raise TournamentError(f"A round robin needs two players or more, not {len(listed)}.")
    n = len(listed) + len(listed) % 2
    m = n - 1
    number = dict(enumerate(listed, start=1))  # the dummy (odd n) has no player

    def at(k: int) -> int:
        return (k - 1) % m + 1

    rounds = []
    for r in range(1, n):
        k = next(k for k in range(1, n) if (2 * k) % m == (r + 1) % m)
        tables = [(n, k) if r % 2 == 0 else (k, n)]
        for step in range(1, n // 2):
            a, b = at(k + step), at(k - step)
            tables.append((a, b) if (a - b) % m % 2 == 0 else (b, a))
        games, byes = [], []
        for a, b in tables:
            if a in number and b in number:
                games.append(Pairing(number[a], number[b]))
            else:
                byes.append(Pairing(number[a] if a in number else number[b], None))
        rounds.append(games + byes)
    return rounds
