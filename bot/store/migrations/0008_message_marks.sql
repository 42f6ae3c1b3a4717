-- Turn messages a restore took back (`caravan-bot restore`): the latest table of each game
-- as the replaced database had it, where the backup holds the game at another point (or not
-- at all). Their tables are no longer true. The restore lists them; the bot's next start
-- edits each (buttons off, a line saying why), posts the game's table as restored, and
-- deletes the row. (IF NOT EXISTS: a restore of an older backup makes the table itself.)

CREATE TABLE IF NOT EXISTS outdated_messages (
    message_id  INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    game_id     INTEGER,           -- the game as restored; NULL: the backup does not hold it
    restored_at REAL    NOT NULL
);

-- The latest "time ran out: claim the win" notice of each game, whose button comes off
-- when the game ends (or when a later turn's notice replaces it).
ALTER TABLE games ADD COLUMN claim_message_id INTEGER;
