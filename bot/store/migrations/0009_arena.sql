-- sqlite: foreign keys off
-- Formats are a registry in the code (`bot.tournament.formats`): the database no longer
-- lists them, so a new format needs no migration (SQLite keeps a CHECK with its table: the
-- table is made again, the documented way, with foreign keys off for the swap and checked
-- before the commit). A timed format (an arena) runs for `window_seconds` from its start
-- until `ends_at`; its entrants may pause (not paired again until they come back).

CREATE TABLE tournaments_new (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    organiser_id  INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL,              -- a registered format's key
    game          TEXT    NOT NULL,
    rules         TEXT    NOT NULL,
    turn_seconds  INTEGER NOT NULL,
    rounds        INTEGER,
    max_entrants  INTEGER NOT NULL,
    rated         INTEGER NOT NULL DEFAULT 1,
    starts_at     REAL,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    reason        TEXT,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL,
    decks         TEXT    NOT NULL DEFAULT 'standard' CHECK (decks IN ('standard', 'own')),
    window_seconds INTEGER,                      -- a timed format's length
    ends_at       REAL                           -- set at its start: started_at + window
);
INSERT INTO tournaments_new (id, guild_id, channel_id, message_id, organiser_id, name, format,
    game, rules, turn_seconds, rounds, max_entrants, rated, starts_at, status, round, reason,
    version, created_at, started_at, finished_at, decks)
SELECT id, guild_id, channel_id, message_id, organiser_id, name, format, game, rules,
    turn_seconds, rounds, max_entrants, rated, starts_at, status, round, reason, version,
    created_at, started_at, finished_at, decks
FROM tournaments;
DROP TABLE tournaments;
ALTER TABLE tournaments_new RENAME TO tournaments;
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);

ALTER TABLE entrants ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
