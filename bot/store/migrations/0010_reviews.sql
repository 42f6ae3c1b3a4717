-- The computer's review of a finished game (`bot/reviews.py`): asked once, computed a move at
-- a time in the computer's worker processes (the moves judged so far kept here, so a restart
-- goes on where it stopped), then kept: asking again shows it at once.

CREATE TABLE reviews (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    requested_by      INTEGER NOT NULL,
    requested_at      REAL    NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'queued'
                      CHECK (status IN ('queued', 'running', 'done')),
    total             INTEGER NOT NULL,               -- the game's moves
    judged            TEXT    NOT NULL DEFAULT '[]',  -- JSON: each move judged so far, in order
    channel_id        INTEGER,                        -- where its progress and review are shown
    progress_id       INTEGER,                        -- the progress message, edited in place
    message_id        INTEGER,                        -- the posted review
    runner            TEXT,                           -- the process working on it
    heartbeat         REAL,                           -- when that process last moved it on
    finished_at       REAL
);
CREATE INDEX reviews_by_member ON reviews (requested_by, requested_at);
CREATE INDEX reviews_waiting ON reviews (status, requested_at);
