-- Two games under one name (PostgreSQL's form of migrations/0003_games_per_kind.sql): each
-- game row says which it is, and ratings (and their history) are kept per game.

ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'new-vegas'
    CHECK (game IN ('new-vegas', 'decktet'));
CREATE INDEX games_guild_game ON games (guild_id, game, status, updated_at);

ALTER TABLE ratings ADD COLUMN game TEXT NOT NULL DEFAULT 'new-vegas';
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (guild_id, game, user_id);

ALTER TABLE rating_history ADD COLUMN game TEXT NOT NULL DEFAULT 'new-vegas';
