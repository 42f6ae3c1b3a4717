-- Formats are a registry in the code (`bot.tournament.formats`): the database no longer
-- lists them. A timed format (an arena) runs for `window_seconds` from its start until
-- `ends_at`; its entrants may pause (not paired again until they come back).

ALTER TABLE tournaments DROP CONSTRAINT IF EXISTS tournaments_format_check;
ALTER TABLE tournaments ADD COLUMN window_seconds INTEGER;
ALTER TABLE tournaments ADD COLUMN ends_at DOUBLE PRECISION;
ALTER TABLE entrants ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
