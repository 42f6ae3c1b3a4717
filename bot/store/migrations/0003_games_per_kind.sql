-- Two games under one name: New Vegas Caravan and P.D. Magnus's Caravan for the Decktet.
-- Each game row says which it is, and ratings (and their history) are kept per game, so
-- each has its own leaderboard. Every game so far was New Vegas.

ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'new-vegas'
    CHECK (game IN ('new-vegas', 'decktet'));
CREATE INDEX games_guild_game ON games (guild_id, game, status, updated_at);

CREATE TABLE ratings_per_game (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL DEFAULT 'new-vegas',
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,       -- +n: n wins in a row; -n: n losses
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
INSERT INTO ratings_per_game (guild_id, game, user_id, mu, sigma, games, wins, losses, draws,
                              streak, updated_at)
    SELECT guild_id, 'new-vegas', user_id, mu, sigma, games, wins, losses, draws, streak,
           updated_at FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_per_game RENAME TO ratings;

ALTER TABLE rating_history ADD COLUMN game TEXT NOT NULL DEFAULT 'new-vegas';
