-- Contract version 2 (online.md).
-- The time of each player's last accepted player-changing write: the next must be later, so a
-- captured signed request sent again changes nothing, on every server of one database.
ALTER TABLE players ADD COLUMN last_write_s BIGINT NOT NULL DEFAULT 0;

-- The rifle each run was shot with (entries name it).
ALTER TABLE runs ADD COLUMN rifle TEXT NOT NULL DEFAULT 'training';
