-- Contract version 2 (online.md).
-- The time of each player's last accepted player-changing write: the next must be later, so a
-- captured signed request sent again changes nothing, on every server of one database.
ALTER TABLE players ADD COLUMN last_write_s BIGINT NOT NULL DEFAULT 0;

-- The rifle each run was shot with (entries name it).
ALTER TABLE runs ADD COLUMN rifle TEXT NOT NULL DEFAULT 'training';

-- The inputs of every run ever accepted on a board (ranked, superseded since, or not better
-- than its player's best): a near-copy of any of them is refused (online.md, "Copies").
-- Read by board in id order: each server keeps a board's prints in memory and reads only the
-- rows after the last it has.
CREATE TABLE run_prints (
    id {id},
    board TEXT NOT NULL,
    player TEXT NOT NULL,
    inputs_sha256 TEXT NOT NULL,
    prints TEXT NOT NULL,
    at_us BIGINT NOT NULL
);
CREATE INDEX run_prints_by_board ON run_prints (board, id);
CREATE INDEX run_prints_by_digest ON run_prints (board, inputs_sha256);
