//! What bounds a client: rate limits, connection caps and time-outs, and the clock that signed
//! times and the daily's day are measured against.

// The UTC clock (shiftable for tests).
pub mod clock;
// Rate limits per key and per address.
pub mod rates;
// Connections: caps, time-outs, hyper.
pub mod connections;
