-- A server's events: tournaments (Swiss, round robin, knockout) and their entrants and
-- games. An event is its entrants in seed order, its games (`tournament_games`, each one
-- `bot.tournament.Played`) and the round each withdrawn entrant left in: the pairings and
-- standings are worked out again from these (`bot.tournament`). Each round's games are
-- written in the same transaction as the move to that round, guarded by the version the
-- event was read at, so a round is paired and its games made exactly once.

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,                       -- the sign-up message, edited as it goes
    organiser_id  INTEGER NOT NULL,
    name          TEXT    NOT NULL,              -- plain (bot.inert), at most 60 characters
    format        TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin', 'knockout')),
    game          TEXT    NOT NULL,              -- the game kind's key
    rules         TEXT    NOT NULL,              -- as games keep them
    turn_seconds  INTEGER NOT NULL,
    rounds        INTEGER,                       -- Swiss: as asked (NULL: the default at the start)
    max_entrants  INTEGER NOT NULL,
    rated         INTEGER NOT NULL DEFAULT 1,
    starts_at     REAL,                          -- NULL: when the organiser presses Start
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,    -- the round in play (0: not started)
    reason        TEXT,                          -- why it was cancelled
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);

CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    joined_at     REAL    NOT NULL,
    seed          INTEGER,                       -- 1 the strongest; set at the start
    left_round    INTEGER,                       -- withdrawn: the round they left in
    left_why      TEXT CHECK (left_why IN ('withdrew', 'removed', 'left the server')),
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;
CREATE INDEX entrants_user ON entrants (user_id);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,              -- a knockout's replays take the next boards
    first         INTEGER NOT NULL,              -- moves first (seat A)
    second        INTEGER,                       -- NULL: a bye for `first`
    game_id       INTEGER UNIQUE REFERENCES games (id),  -- NULL: settled without a game
    points        REAL,                          -- first's: 1, 0.5, 0; NULL while played
    forfeit       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;

ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN event TEXT;       -- "Friday Swiss, round 2", in the thread's title
ALTER TABLE games ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;  -- 1: an event's game its organiser left unrated
CREATE INDEX games_tournament ON games (tournament_id);
