-- A server's Caravan life (PostgreSQL's form of migrations/0002_server_life.sql): what the
-- deadline sweep has already announced for a game's current turn, and saved custom decks.

ALTER TABLE games ADD COLUMN reminded_version INTEGER;  -- the version whose half-time reminder was posted
ALTER TABLE games ADD COLUMN overdue_version INTEGER;   -- the version whose "time is up" notice was posted

CREATE TABLE decks (
    user_id    BIGINT NOT NULL,
    name       TEXT   NOT NULL,
    cards      TEXT   NOT NULL,                  -- canonical notation, space-separated
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, name)
);

CREATE INDEX games_thread ON games (thread_id);
CREATE INDEX games_guild ON games (guild_id, status, updated_at);
