//! Replays: recording, the file round trip, ghosts, the golden runs and missions replayed.

mod missions_replays;
mod replay_ghost;
mod replay_goldens;
mod replay_record;
mod replay_roundtrip;
