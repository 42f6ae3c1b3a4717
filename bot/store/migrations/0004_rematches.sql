-- Rematches: a challenge or a game against the AI says which finished game it is the
-- rematch of, so a second press of that game's Rematch button offers nothing new.

ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games (id);
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
CREATE INDEX challenges_rematch ON challenges (rematch_of);
CREATE INDEX games_rematch ON games (rematch_of);
