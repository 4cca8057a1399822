//! Storage under damage: faults, the fuzz, the matrix, recovery and changes that wait.

mod storage_faults;
mod storage_fuzz;
mod storage_matrix;
mod storage_recovery;
mod storage_waiting;
