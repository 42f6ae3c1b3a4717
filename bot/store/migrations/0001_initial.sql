-- The first schema: games and their moves, challenges, ratings, per-guild settings.

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER,                       -- NULL: open to anyone
    rules         TEXT    NOT NULL,              -- engine Rules.to_json(), as JSON
    turn_seconds  INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    game_id       INTEGER REFERENCES games (id)
);
CREATE INDEX challenges_open ON challenges (status, expires_at);

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,                       -- the latest table message
    player_a      INTEGER NOT NULL,              -- user ids; the AI's seat holds the bot's id
    player_b      INTEGER NOT NULL,
    ai_seat       TEXT CHECK (ai_seat IN ('A', 'B')),
    ai_level      TEXT,
    rules         TEXT    NOT NULL,
    seed          INTEGER NOT NULL,              -- secret until the game is over
    status        TEXT    NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'finished', 'abandoned')),
    turn          TEXT CHECK (turn IN ('A', 'B')),
    winner        TEXT CHECK (winner IN ('A', 'B', 'draw')),
    end_reason    TEXT,
    turn_seconds  INTEGER NOT NULL,
    deadline      REAL,
    version       INTEGER NOT NULL DEFAULT 0,    -- bumped by every change: stale clicks are refused
    rated         INTEGER NOT NULL DEFAULT 0,    -- 1 once the result is in the ratings
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);
CREATE INDEX games_active_a ON games (player_a, status);
CREATE INDEX games_active_b ON games (player_b, status);
CREATE INDEX games_deadline ON games (status, deadline);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,                 -- 1 for the first move
    seat       TEXT    NOT NULL CHECK (seat IN ('A', 'B')),
    user_id    INTEGER NOT NULL,
    move       TEXT    NOT NULL,                 -- canonical notation (shared/NOTATION.md)
    played_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,       -- +n: n wins in a row; -n: n losses
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE rating_history (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, game_id)
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}'          -- JSON
);
