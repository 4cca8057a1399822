//! The request queue shared by the streamer and its workers: chunk indices waiting to be built,
//! handed out nearest to the skier first.

use std::collections::BTreeSet;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::window::nearest_first;

/// What a worker is told to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Job {
    Build(u64),
    Stop,
}

/// Counts read in one lock, for diagnostics and lock-step tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QueueCounts {
    pub queued: usize,
    pub idle_workers: usize,
}

#[derive(Debug)]
struct QueueState {
    pending: BTreeSet<u64>,
    /// The skier's latest position: the order of the queue.
    focus_z: f64,
    idle_workers: usize,
    stopping: bool,
}

impl QueueState {
    fn nearest(&self) -> Option<u64> {
        self.pending
            .iter()
            .copied()
            .min_by(|&a, &b| nearest_first(a, b, self.focus_z))
    }
}

/// Mutex + Condvar queue ordered by distance to the skier.
#[derive(Debug)]
pub(crate) struct RequestQueue {
    state: Mutex<QueueState>,
    wake: Condvar,
}

impl RequestQueue {
    pub fn new() -> Self {
        Self {
            state: Mutex::new(QueueState {
                pending: BTreeSet::new(),
                focus_z: 0.0,
                idle_workers: 0,
                stopping: false,
            }),
            wake: Condvar::new(),
        }
    }

    /// Nothing panics while holding the lock, so a poisoned lock still holds a consistent queue;
    /// recovering it keeps shutdown panic-free.
    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Re-orders the queue around `focus_z`, drops pending requests `keep` rejects (returned,
    /// so the caller forgets them) and adds `new` requests, all in one step.
    pub fn refocus(
        &self,
        focus_z: f64,
        keep: impl Fn(u64) -> bool,
        new: impl IntoIterator<Item = u64>,
    ) -> Vec<u64> {
        let mut state = self.lock();
        state.focus_z = focus_z;
        let cancelled: Vec<u64> = state
            .pending
            .iter()
            .copied()
            .filter(|&i| !keep(i))
            .collect();
        for index in &cancelled {
            state.pending.remove(index);
        }
        state.pending.extend(new);
        let has_work = !state.pending.is_empty();
        drop(state);
        if has_work {
            self.wake.notify_all();
        }
        cancelled
    }

    /// Blocks until there is a chunk to build (the nearest) or the queue is stopping.
    pub fn next_job(&self) -> Job {
        let mut state = self.lock();
        loop {
            if state.stopping {
                return Job::Stop;
            }
            if let Some(index) = state.nearest() {
                state.pending.remove(&index);
                return Job::Build(index);
            }
            state.idle_workers += 1;
            state = self
                .wake
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.idle_workers -= 1;
        }
    }

    /// The nearest pending request, taken without waiting: for building on the caller's thread.
    pub fn take_nearest(&self) -> Option<u64> {
        let mut state = self.lock();
        let index = state.nearest()?;
        state.pending.remove(&index);
        Some(index)
    }

    /// Drops every pending request and wakes all workers so they stop.
    pub fn stop(&self) {
        let mut state = self.lock();
        state.stopping = true;
        state.pending.clear();
        drop(state);
        self.wake.notify_all();
    }

    pub fn counts(&self) -> QueueCounts {
        let state = self.lock();
        QueueCounts {
            queued: state.pending.len(),
            idle_workers: state.idle_workers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(queue: &RequestQueue, count: usize) -> Vec<u64> {
        (0..count)
            .map(|_| match queue.next_job() {
                Job::Build(index) => index,
                Job::Stop => panic!("queue stopped early"),
            })
            .collect()
    }

    #[test]
    fn hands_out_the_nearest_chunk_first_and_ahead_on_a_tie() {
        let queue = RequestQueue::new();
        // Skier at 300 m, inside chunk 4 (256..320): chunk 5 is 20 m away, chunk 3 is 44 m.
        queue.refocus(300.0, |_| true, [9, 3, 7, 4, 8, 5, 6]);
        assert_eq!(drain(&queue, 7), vec![4, 5, 3, 6, 7, 8, 9]);
        // On the border at 320 m both chunk 4 (ending there) and chunk 5 are 0 m away: the tie
        // goes to the one ahead.
        queue.refocus(320.0, |_| true, [4, 5, 6]);
        assert_eq!(drain(&queue, 3), vec![5, 4, 6]);
    }

    #[test]
    fn refocusing_reorders_what_is_still_pending() {
        let queue = RequestQueue::new();
        queue.refocus(0.0, |_| true, [0, 1, 2, 3, 4, 5]);
        assert_eq!(drain(&queue, 1), vec![0]);
        queue.refocus(200.0, |_| true, []);
        assert_eq!(drain(&queue, 5), vec![3, 2, 4, 1, 5]);
    }

    #[test]
    fn refocusing_cancels_what_is_no_longer_wanted() {
        let queue = RequestQueue::new();
        queue.refocus(0.0, |_| true, [0, 1, 2, 3]);
        let cancelled = queue.refocus(200.0, |i| i >= 2, [4, 5]);
        assert_eq!(cancelled, vec![0, 1]);
        assert_eq!(queue.counts().queued, 4);
        assert_eq!(drain(&queue, 4), vec![3, 2, 4, 5]);
    }

    #[test]
    fn stopping_clears_the_queue_and_stops_every_caller() {
        let queue = RequestQueue::new();
        queue.refocus(0.0, |_| true, [0, 1]);
        queue.stop();
        assert_eq!(queue.next_job(), Job::Stop);
        assert_eq!(queue.next_job(), Job::Stop);
        assert_eq!(queue.counts().queued, 0);
    }
}
