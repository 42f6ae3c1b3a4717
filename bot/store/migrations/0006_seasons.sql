-- Seasons: a server ranks the games played between a season's start and its end, per
-- game, beside the all-time ranking. The ranking is worked out again from those games
-- (`bot.ratings.season_ranking`), so a past season stays readable as it ended. At most one
-- season runs in a server at a time (the partial unique index).

CREATE TABLE seasons (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,              -- plain (bot.inert), at most 60 characters
    started_at  REAL    NOT NULL,
    ended_at    REAL,                          -- NULL: running
    started_by  INTEGER NOT NULL,
    role_id     INTEGER,                       -- given to the top `role_top` at the end
    role_top    INTEGER
);
CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE INDEX seasons_guild ON seasons (guild_id, started_at);
