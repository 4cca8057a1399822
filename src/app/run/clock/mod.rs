//! The run's time on screen: whole simulation ticks from each frame's time, and the 3-2-1 the
//! run clock waits for.

pub(crate) mod countdown;
pub(crate) mod tick_clock;
