-- A server's Caravan life: what the deadline sweep has already announced for a game's
-- current turn (so a restart neither forgets nor repeats a reminder), and players' saved
-- custom decks (R1).

ALTER TABLE games ADD COLUMN reminded_version INTEGER;  -- the version whose half-time reminder was posted
ALTER TABLE games ADD COLUMN overdue_version INTEGER;   -- the version whose "time is up" notice was posted

CREATE TABLE decks (
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    cards      TEXT    NOT NULL,                 -- canonical notation, space-separated
    created_at REAL    NOT NULL,
    PRIMARY KEY (user_id, name)
) WITHOUT ROWID;

CREATE INDEX games_thread ON games (thread_id);
CREATE INDEX games_guild ON games (guild_id, status, updated_at);
