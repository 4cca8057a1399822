-- A player to keep (issue #46): more devices, recovery, deletion, reports, operating.
-- A player's id stays the key that registered it (players.key); every other device's key is a
-- row here.
CREATE TABLE player_keys (
    key TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (key),
    added_us BIGINT NOT NULL
);
CREATE INDEX player_keys_by_player ON player_keys (player);

-- SHA-256 of the player's recovery code (the code itself is shown once, never kept).
ALTER TABLE players ADD COLUMN recovery_sha256 TEXT;
CREATE INDEX players_by_recovery ON players (recovery_sha256);
-- 1 when the operator banned the player: writes are refused and its entries are moved off the
-- boards (their board named `banned:BOARD`) until it is unbanned.
ALTER TABLE players ADD COLUMN banned BIGINT NOT NULL DEFAULT 0;

-- One-time codes that join another device to a player, by their SHA-256.
CREATE TABLE links (
    code_sha256 TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (key),
    expires_us BIGINT NOT NULL
);

-- Runs a player flagged for the operator.
CREATE TABLE reports (
    id {id},
    run BIGINT NOT NULL,
    reporter TEXT NOT NULL,
    why TEXT NOT NULL,
    at_us BIGINT NOT NULL
);
CREATE INDEX reports_by_reporter ON reports (reporter, at_us);

-- Names the operator hid (as `names::folded` spells them): nobody may take them again.
CREATE TABLE blocked_names (
    name_folded TEXT PRIMARY KEY,
    at_us BIGINT NOT NULL
);

-- What the operator did, one row per command.
CREATE TABLE admin_log (
    id {id},
    at_us BIGINT NOT NULL,
    what TEXT NOT NULL
);
