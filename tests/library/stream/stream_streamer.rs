//! The chunk streamer's contract with injected builders: nearest-first order, cancellation,
//! no duplicate builds, eviction, the upload budget, startup progress and a clean shutdown.
//!
//! Builders here block on a gate the test opens, so the order of events is decided by the test,
//! not by thread timing. Waits have a generous deadline that only guards against a hang.

// The clock only bounds how long a test waits before it fails instead of hanging.
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use latu::stream::{ChunkStreamer, Readiness, StreamConfig};

/// Longest any test waits for worker threads before calling it a hang.
const HANG_LIMIT: Duration = Duration::from_secs(60);

/// Pause between polls while waiting for workers.
const POLL: Duration = Duration::from_millis(1);

#[derive(Default)]
struct GateState {
    /// Builds allowed to finish; `None` is unlimited.
    permits: Option<usize>,
    started: Vec<u64>,
    finished: Vec<u64>,
}

/// A builder whose builds wait for permits, recording what started and finished in order.
#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

impl Gate {
    fn closed() -> Arc<Self> {
        let gate = Self::default();
        gate.state.lock().unwrap().permits = Some(0);
        Arc::new(gate)
    }

    fn open() -> Arc<Self> {
        Arc::new(Self::default())
    }

    fn build(&self, index: u64) -> u64 {
        let mut state = self.state.lock().unwrap();
        state.started.push(index);
        self.changed.notify_all();
        while state.permits == Some(0) {
            state = self.changed.wait(state).unwrap();
        }
        if let Some(permits) = state.permits.as_mut() {
            *permits -= 1;
        }
        state.finished.push(index);
        self.changed.notify_all();
        index
    }

    fn release(&self, builds: usize) {
        let mut state = self.state.lock().unwrap();
        state.permits = state.permits.map(|p| p + builds);
        self.changed.notify_all();
    }

    fn open_fully(&self) {
        self.state.lock().unwrap().permits = None;
        self.changed.notify_all();
    }

    fn started(&self) -> Vec<u64> {
        self.state.lock().unwrap().started.clone()
    }

    fn finished(&self) -> Vec<u64> {
        self.state.lock().unwrap().finished.clone()
    }

    /// How many times each chunk was built.
    fn build_counts(&self) -> BTreeMap<u64, usize> {
        let mut counts = BTreeMap::new();
        for index in self.finished() {
            *counts.entry(index).or_insert(0) += 1;
        }
        counts
    }

    fn wait_started(&self, count: usize) {
        let deadline = Instant::now() + HANG_LIMIT;
        let mut state = self.state.lock().unwrap();
        while state.started.len() < count {
            assert!(
                Instant::now() < deadline,
                "workers never started {count} builds"
            );
            state = self.changed.wait_timeout(state, POLL).unwrap().0;
        }
    }
}

/// A streamer whose builds wait on `gate`. Dropping it opens the gate first, so that a failing
/// assertion unwinds without the drop waiting on a build that would never end.
struct Gated {
    streamer: ChunkStreamer<u64>,
    gate: Arc<Gate>,
}

impl Drop for Gated {
    fn drop(&mut self) {
        self.gate.open_fully();
    }
}

impl Deref for Gated {
    type Target = ChunkStreamer<u64>;

    fn deref(&self) -> &Self::Target {
        &self.streamer
    }
}

impl DerefMut for Gated {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.streamer
    }
}

fn streamer(workers: usize, gate: &Arc<Gate>) -> Gated {
    let builder_gate = Arc::clone(gate);
    let streamer = ChunkStreamer::with_workers(StreamConfig::default(), workers, move |i| {
        builder_gate.build(i)
    })
    .expect("spawning worker threads");
    Gated {
        streamer,
        gate: Arc::clone(gate),
    }
}

/// Updates and takes (everything) at `z` until `done`; returns what was taken, in order.
fn pump_until(
    streamer: &mut ChunkStreamer<u64>,
    z: f64,
    done: impl Fn(&ChunkStreamer<u64>) -> bool,
) -> Vec<u64> {
    let deadline = Instant::now() + HANG_LIMIT;
    let mut taken = Vec::new();
    loop {
        streamer.update(z);
        for (index, chunk) in streamer.take_ready(usize::MAX) {
            assert_eq!(index, chunk, "a chunk was handed over under another index");
            taken.push(index);
        }
        if done(streamer) {
            return taken;
        }
        assert!(
            Instant::now() < deadline,
            "streaming at z {z} never finished"
        );
        thread::sleep(POLL);
    }
}

fn all_active_resident(streamer: &ChunkStreamer<u64>, z: f64) -> bool {
    streamer
        .config()
        .active_range(z)
        .all(|i| streamer.is_resident(i))
}

#[test]
fn builds_the_nearest_chunk_first() {
    let gate = Gate::closed();
    let mut streamer = streamer(1, &gate);
    // Skier at 300 m in chunk 4 (256..320): window 3..=10; chunk 5 is 20 m ahead, 3 is 44 m back.
    streamer.update(300.0);
    gate.open_fully();
    pump_until(&mut streamer, 300.0, |s| all_active_resident(s, 300.0));
    assert_eq!(gate.started(), vec![4, 5, 3, 6, 7, 8, 9, 10]);
}

#[test]
fn queued_requests_follow_the_skier() {
    let gate = Gate::closed();
    let mut streamer = streamer(1, &gate);
    streamer.update(0.0);
    gate.wait_started(1);
    // Chunk 0 is being built; 1..=6 wait. At 200 m (chunk 3) the window is 2..=9: chunk 1 is
    // cancelled, 7..=9 join, and the queue is re-ordered around the new position.
    streamer.update(200.0);
    gate.open_fully();
    pump_until(&mut streamer, 200.0, |s| all_active_resident(s, 200.0));
    assert_eq!(gate.started(), vec![0, 3, 2, 4, 5, 6, 7, 8, 9]);
    let stats = streamer.stats();
    assert_eq!(
        stats.cancelled, 1,
        "chunk 1 was cancelled before it started"
    );
    assert_eq!(
        stats.discarded, 1,
        "chunk 0 finished after it left the window"
    );
    assert!(!streamer.is_resident(0));
}

#[test]
fn a_teleport_far_ahead_cancels_the_requests_left_behind() {
    let gate = Gate::closed();
    let mut streamer = streamer(1, &gate);
    streamer.update(0.0);
    gate.wait_started(1);
    streamer.update(10_000.0);
    gate.open_fully();
    pump_until(&mut streamer, 10_000.0, |s| {
        all_active_resident(s, 10_000.0)
    });
    // Only the chunk already started before the teleport was built from the old window.
    let expected: BTreeMap<u64, usize> = [0].into_iter().chain(155..=162).map(|i| (i, 1)).collect();
    assert_eq!(gate.build_counts(), expected);
    let stats = streamer.stats();
    assert_eq!(stats.cancelled, 6);
    assert_eq!(stats.discarded, 1);
    assert_eq!(stats.resident, 8);
}

#[test]
fn never_builds_a_chunk_twice_while_it_is_in_flight_or_resident() {
    let gate = Gate::closed();
    let mut streamer = streamer(2, &gate);
    for _ in 0..50 {
        streamer.update(0.0);
    }
    gate.wait_started(2);
    let stats = streamer.stats();
    assert_eq!((stats.in_flight, stats.queued), (2, 5));
    gate.open_fully();
    pump_until(&mut streamer, 0.0, |s| all_active_resident(s, 0.0));
    for _ in 0..50 {
        streamer.update(0.0);
    }
    // A forward walk in small steps: every chunk enters the window once and leaves it once.
    let mut z = 0.0;
    while z < 1500.0 {
        z += 0.5;
        pump_until(&mut streamer, z, |s| all_active_resident(s, z));
    }
    let counts = gate.build_counts();
    let last = *streamer.config().active_range(z).end();
    assert_eq!(
        counts.keys().copied().collect::<Vec<_>>(),
        (0..=last).collect::<Vec<_>>()
    );
    assert!(counts.values().all(|&n| n == 1), "built twice: {counts:?}");
}

#[test]
fn chunks_that_leave_the_window_are_evicted() {
    let gate = Gate::open();
    let mut streamer = streamer(2, &gate);
    pump_until(&mut streamer, 0.0, |s| all_active_resident(s, 0.0));
    // 500 m is in chunk 7: window 6..=13, so all of 0..=5 leave.
    assert_eq!(streamer.update(500.0), vec![0, 1, 2, 3, 4, 5]);
    assert!((0..=5).all(|i| !streamer.is_resident(i)));
    assert_eq!(
        streamer.update(500.0),
        Vec::<u64>::new(),
        "evicted once only"
    );
    pump_until(&mut streamer, 500.0, |s| all_active_resident(s, 500.0));
    // One chunk further on, exactly the chunk left behind goes.
    assert_eq!(streamer.update(564.0), vec![6]);
}

#[test]
fn built_but_untaken_chunks_are_dropped_without_an_eviction() {
    let gate = Gate::open();
    let mut streamer = streamer(2, &gate);
    streamer.update(0.0);
    let deadline = Instant::now() + HANG_LIMIT;
    while gate.finished().len() < 7 {
        assert!(Instant::now() < deadline, "workers never finished");
        thread::sleep(POLL);
    }
    assert!(streamer.take_ready(0).is_empty());
    assert_eq!(
        streamer.update(1000.0),
        Vec::<u64>::new(),
        "never uploaded, nothing to free"
    );
    assert_eq!(streamer.stats().discarded, 7);
}

#[test]
fn take_ready_keeps_to_the_budget_and_hands_over_the_nearest_first() {
    let gate = Gate::open();
    let mut streamer = streamer(2, &gate);
    streamer.update(300.0);
    let deadline = Instant::now() + HANG_LIMIT;
    while streamer.stats().ready < 8 {
        assert!(Instant::now() < deadline, "workers never finished");
        streamer.update(300.0);
        thread::sleep(POLL);
    }
    let first: Vec<u64> = streamer.take_ready(2).into_iter().map(|(i, _)| i).collect();
    assert_eq!(first, vec![4, 5]);
    assert_eq!(streamer.stats().resident, 2);
    let rest: Vec<u64> = streamer
        .take_ready(10)
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    assert_eq!(rest, vec![3, 6, 7, 8, 9, 10]);
    assert!(streamer.take_ready(10).is_empty());
}

#[test]
fn startup_progress_counts_the_lead_chunks_that_are_resident() {
    let gate = Gate::closed();
    let mut streamer = streamer(1, &gate);
    streamer.update(0.0);
    // Visible from 0 m: chunks 0..=3 (fog end at 240 m); the lead adds chunk 4.
    assert_eq!(streamer.startup_progress(0.0), (0, 5));
    assert_eq!(streamer.missing_visible(0.0), vec![0, 1, 2, 3]);
    for ready in 1..=5 {
        assert!(!streamer.readiness(0.0).lead);
        assert_eq!(streamer.visible_ready(0.0), ready == 5);
        gate.release(1);
        pump_until(&mut streamer, 0.0, |s| s.startup_progress(0.0).0 == ready);
        assert_eq!(streamer.visible_ready(0.0), ready >= 4);
    }
    assert!(streamer.missing_visible(0.0).is_empty());
    assert_eq!(
        streamer.readiness(0.0),
        Readiness {
            visible: true,
            lead: true
        }
    );
}

/// Drops `streamer` on another thread and fails if that takes longer than the hang limit.
fn drop_without_hanging(streamer: ChunkStreamer<u64>) {
    let (done, finished) = mpsc::channel();
    thread::spawn(move || {
        drop(streamer);
        done.send(()).expect("the test waits for the drop");
    });
    finished
        .recv_timeout(HANG_LIMIT)
        .expect("dropping the streamer hung");
}

#[test]
fn dropping_stops_every_worker_without_hanging() {
    let gate = Gate::closed();
    let alive = Arc::new(());
    let mut streamer = {
        let gate = Arc::clone(&gate);
        let alive = Arc::clone(&alive);
        ChunkStreamer::with_workers(StreamConfig::default(), 3, move |i| {
            let _held = &alive;
            gate.build(i)
        })
        .expect("spawning worker threads")
    };
    streamer.update(0.0);
    gate.wait_started(3);
    // Three builds are blocked and four more are queued. The drop waits for the builds in
    // progress (released a moment later) and stops every worker.
    let opener = {
        let gate = Arc::clone(&gate);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(20));
            gate.open_fully();
        })
    };
    drop_without_hanging(streamer);
    opener.join().unwrap();
    assert_eq!(
        Arc::strong_count(&alive),
        1,
        "a worker still holds the builder"
    );
    let started = gate.started().len();
    thread::sleep(Duration::from_millis(20));
    assert_eq!(
        gate.started().len(),
        started,
        "a build started after the drop"
    );
}

#[test]
fn dropping_an_idle_streamer_is_clean() {
    let streamer =
        ChunkStreamer::with_workers(StreamConfig::default(), 4, |i| i).expect("spawning workers");
    assert_eq!(streamer.stats().workers, 4);
    drop_without_hanging(streamer);
}

#[test]
#[should_panic(expected = "chunk 2 cannot be built")]
fn a_builder_panic_reaches_the_main_thread() {
    let mut streamer = ChunkStreamer::with_workers(StreamConfig::default(), 2, |i| {
        assert!(i != 2, "chunk {i} cannot be built");
        i
    })
    .expect("spawning worker threads");
    pump_until(&mut streamer, 0.0, |s| all_active_resident(s, 0.0));
}
