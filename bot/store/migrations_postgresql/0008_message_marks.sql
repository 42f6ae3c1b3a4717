-- Turn messages a restore took back. Only SQLite's `caravan-bot restore` fills it
-- (PostgreSQL is restored with pg_restore, which cannot know them); the same table on both
-- so a database moved up by `migrate-db` keeps what a restore listed.

CREATE TABLE IF NOT EXISTS outdated_messages (
    message_id  BIGINT PRIMARY KEY,
    channel_id  BIGINT NOT NULL,
    game_id     BIGINT,
    restored_at DOUBLE PRECISION NOT NULL
);

-- The latest "time ran out: claim the win" notice of each game, whose button comes off
-- when the game ends (or when a later turn's notice replaces it).
ALTER TABLE games ADD COLUMN claim_message_id BIGINT;
