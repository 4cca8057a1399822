//! Storage: atomic writes, the data directory, the lock, the purse, the locker, results and replays
//! (damage in `damage/`).

mod damage;
mod storage_atomic;
mod storage_data_dir;
mod storage_lock;
mod storage_locker;
mod storage_purse;
mod storage_replays;
mod storage_results;
