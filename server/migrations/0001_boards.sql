-- Players, their runs (with the replay, byte for byte) and each board's best run per player.
-- One set for SQLite and PostgreSQL: `{id}` is each one's spelling of an increasing key.
CREATE TABLE players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The name in lower case: names are unique regardless of case.
    name_folded TEXT NOT NULL UNIQUE,
    created_us BIGINT NOT NULL
);

CREATE TABLE runs (
    id {id},
    player TEXT NOT NULL REFERENCES players (key),
    board TEXT NOT NULL,
    score BIGINT NOT NULL,
    time_s DOUBLE PRECISION NOT NULL,
    misses BIGINT NOT NULL,
    distance_m DOUBLE PRECISION NOT NULL,
    -- SHA-256 of the run's inputs: a copied ghost has another player's.
    inputs_sha256 TEXT NOT NULL,
    replay TEXT NOT NULL,
    at_us BIGINT NOT NULL
);
CREATE INDEX runs_by_inputs ON runs (board, inputs_sha256);

CREATE TABLE entries (
    board TEXT NOT NULL,
    player TEXT NOT NULL REFERENCES players (key),
    run BIGINT NOT NULL REFERENCES runs (id),
    -- What the board ranks by: the score, or on `endless` the distance.
    value DOUBLE PRECISION NOT NULL,
    at_us BIGINT NOT NULL,
    PRIMARY KEY (board, player)
);
CREATE INDEX entries_by_rank ON entries (board, value DESC, at_us, run);
