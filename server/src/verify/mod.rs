//! Re-playing a submitted run before it ranks: what it must be, and the bounded pool of workers
//! it runs on.

// Checking and re-playing a submitted run.
pub mod ranking;
// The bounded pool of verification workers.
pub mod pool;
