-- The computer's review of a finished game (`bot/reviews.py`): asked once, computed a move at
-- a time in the computer's worker processes (the moves judged so far kept here, so a restart
-- goes on where it stopped), then kept: asking again shows it at once.

CREATE TABLE reviews (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id),
    requested_by      BIGINT NOT NULL,
    requested_at      DOUBLE PRECISION NOT NULL,
    status            TEXT   NOT NULL DEFAULT 'queued'
                      CHECK (status IN ('queued', 'running', 'done')),
    total             INTEGER NOT NULL,
    judged            TEXT   NOT NULL DEFAULT '[]',
    channel_id        BIGINT,
    progress_id       BIGINT,
    message_id        BIGINT,
    runner            TEXT,
    heartbeat         DOUBLE PRECISION,
    finished_at       DOUBLE PRECISION
);
CREATE INDEX reviews_by_member ON reviews (requested_by, requested_at);
CREATE INDEX reviews_waiting ON reviews (status, requested_at);
