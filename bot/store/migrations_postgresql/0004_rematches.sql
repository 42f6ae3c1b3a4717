-- Rematches (PostgreSQL's form of migrations/0004_rematches.sql): a challenge or a game
-- against the AI says which finished game it is the rematch of.

ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games (id);
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE INDEX challenges_rematch ON challenges (rematch_of);
CREATE INDEX games_rematch ON games (rematch_of);
