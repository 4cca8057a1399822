//! A skier at the fastest game speed walks through the streamer, frame by frame (60 frames per
//! second of game time), with real worker threads whose builds take a chosen number of frames.
//!
//! Build times are measured on a virtual clock advanced by the test, and the test waits after
//! each step until every worker is either blocked in a build or idle, so the outcome depends on
//! the build costs only, never on how busy the machine is. Each frame the test checks, from its
//! own record of what was uploaded and evicted, that wherever the skier is drawn every chunk
//! from behind the camera to the fog end is uploaded (the app checks readiness, steps, then
//! draws where the skier got to), and that the skier is held (loading or a counted stall) only
//! when one of those chunks, or the next one ahead, is actually missing.

// The clock only bounds how long a test waits before it fails instead of hanging.
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeSet;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use latu::course::MAX_SKIER_SPEED;
use latu::stream::{ChunkStreamer, RunPhase, StallGate, StreamConfig};
use latu::terrain::CHUNK_LENGTH;

const FRAMES_PER_SECOND: f64 = 60.0;

/// Chunks uploaded per frame (the app's budget).
const UPLOAD_BUDGET: usize = 1;

/// Distance walked in each scenario, metres (about 47 chunks).
const WALK_LENGTH: f64 = 3000.0;

/// Longest wait for the workers to settle before calling it a hang.
const HANG_LIMIT: Duration = Duration::from_secs(60);

#[derive(Default)]
struct ClockState {
    frame: u64,
    /// Frames at which the builds now waiting may finish.
    deadlines: Vec<u64>,
    /// Every build started: (chunk, frame it started).
    starts: Vec<(u64, u64)>,
}

/// Game time in frames, advanced by the test; builders wait on it.
#[derive(Default)]
struct VirtualClock {
    state: Mutex<ClockState>,
    ticked: Condvar,
}

impl VirtualClock {
    /// A build of `index` that takes `cost` frames from the frame it starts in.
    fn build(&self, index: u64, cost: u64) -> u64 {
        let mut state = self.state.lock().unwrap();
        let deadline = state.frame.saturating_add(cost);
        let start = state.frame;
        state.starts.push((index, start));
        state.deadlines.push(deadline);
        while state.frame < deadline {
            state = self.ticked.wait(state).unwrap();
        }
        let slot = state
            .deadlines
            .iter()
            .position(|&d| d == deadline)
            .expect("a waiting build's deadline is recorded");
        state.deadlines.swap_remove(slot);
        index
    }

    fn advance(&self) {
        self.state.lock().unwrap().frame += 1;
        self.ticked.notify_all();
    }

    /// Lets every build finish at once, so the streamer's drop can join its workers.
    fn finish(&self) {
        self.state.lock().unwrap().frame = u64::MAX;
        self.ticked.notify_all();
    }

    /// Builds still waiting for their deadline.
    fn blocked(&self) -> usize {
        let state = self.state.lock().unwrap();
        state.deadlines.iter().filter(|&&d| d > state.frame).count()
    }

    fn starts(&self) -> Vec<(u64, u64)> {
        self.state.lock().unwrap().starts.clone()
    }
}

/// Finishes the clock when dropped. Declared after the streamer, it is dropped first, so a
/// failing assertion unwinds without the streamer's drop waiting on a build that never ends.
struct FinishOnDrop(Arc<VirtualClock>);

impl Drop for FinishOnDrop {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// Waits until every worker is blocked in a build or idle with nothing queued, so nothing more
/// happens until the test acts.
fn settle(streamer: &ChunkStreamer<u64>, clock: &VirtualClock) {
    let deadline = Instant::now() + HANG_LIMIT;
    loop {
        let blocked = clock.blocked();
        let stats = streamer.stats();
        let all_accounted = blocked + stats.idle_workers == stats.workers;
        if all_accounted && (stats.idle_workers == 0 || stats.queued == 0) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "workers never settled: {stats:?}"
        );
        thread::yield_now();
    }
}

/// What a walk saw.
#[derive(Debug)]
struct WalkReport {
    loading_frames: u64,
    stalled_frames: u64,
    drawn_frames: u64,
    builds: usize,
}

/// Chunks the camera sees from `z`, computed here independently of the streamer.
fn needed_chunks(config: &StreamConfig, z: f64) -> std::ops::RangeInclusive<u64> {
    let first = ((z - config.visible_behind).max(0.0) / CHUNK_LENGTH).floor() as u64;
    let last = ((z + config.view_distance) / CHUNK_LENGTH).floor() as u64;
    first..=last
}

/// Walks `WALK_LENGTH` metres at the fastest speed with `workers` threads and the default
/// view distance; chunk `i` takes `cost(i)` frames to build.
fn walk(workers: usize, cost: fn(u64) -> u64) -> WalkReport {
    walk_with(StreamConfig::default(), workers, cost)
}

fn walk_with(config: StreamConfig, workers: usize, cost: fn(u64) -> u64) -> WalkReport {
    let clock = Arc::new(VirtualClock::default());
    let mut streamer = {
        let clock = Arc::clone(&clock);
        ChunkStreamer::with_workers(config, workers, move |i| clock.build(i, cost(i)))
            .expect("spawning worker threads")
    };
    let finisher = FinishOnDrop(Arc::clone(&clock));
    let step = MAX_SKIER_SPEED / FRAMES_PER_SECOND;
    let mut gate = StallGate::new();
    let mut uploaded = BTreeSet::new();
    let mut z = 0.0;
    let mut drawn_frames = 0;
    while z < WALK_LENGTH {
        clock.advance();
        settle(&streamer, &clock);
        for index in streamer.update(z) {
            assert!(uploaded.remove(&index), "evicted {index}, never uploaded");
        }
        settle(&streamer, &clock);
        for (index, chunk) in streamer.take_ready(UPLOAD_BUDGET) {
            assert_eq!(index, chunk);
            assert!(uploaded.insert(index), "chunk {index} uploaded twice");
        }
        // As the app does: check, step the simulation if allowed, then draw where it got to.
        let phase = gate.frame(streamer.readiness(z));
        match phase {
            RunPhase::Running => {
                drawn_frames += 1;
                z += step;
            }
            RunPhase::Loading | RunPhase::Stalled => {
                // Held only for a reason: a chunk visible from here or from a step margin on,
                // or the one after those, is missing.
                let first = *needed_chunks(&config, z).start();
                let last = *needed_chunks(&config, z + config.step_margin).end();
                let checked = first..=last + 1;
                assert!(
                    checked.clone().any(|i| !uploaded.contains(&i)),
                    "held at z {z} with {checked:?} uploaded"
                );
            }
        }
        if phase != RunPhase::Loading {
            let hole = needed_chunks(&config, z).find(|i| !uploaded.contains(i));
            assert_eq!(hole, None, "drawn at z {z} with chunk {hole:?} missing");
        }
    }
    drop(finisher);
    drop(streamer);
    let starts = clock.starts();
    let distinct: BTreeSet<u64> = starts.iter().map(|&(i, _)| i).collect();
    assert_eq!(distinct.len(), starts.len(), "a chunk was built twice");
    WalkReport {
        loading_frames: gate.loading_frames(),
        stalled_frames: gate.stalled_frames(),
        drawn_frames,
        builds: starts.len(),
    }
}

/// Frames a chunk takes on a phone, pessimistically (the terrain builds one in milliseconds).
const REALISTIC_COST: u64 = 15;

/// Ten seconds per chunk: two workers deliver one chunk per 5 s while the skier crosses one
/// every 4 s.
const SLOW_COST: u64 = 600;

fn realistic(_: u64) -> u64 {
    REALISTIC_COST
}

fn slow(_: u64) -> u64 {
    SLOW_COST
}

/// Frames the fastest skier needs to cross one chunk (240).
fn crossing_frames() -> u64 {
    (CHUNK_LENGTH / MAX_SKIER_SPEED * FRAMES_PER_SECOND).round() as u64
}

/// Mostly quick, but every seventh chunk takes ten seconds.
fn spiky(index: u64) -> u64 {
    if index % 7 == 6 {
        SLOW_COST
    } else {
        REALISTIC_COST
    }
}

/// Just under the time the skier takes to cross a chunk: one worker keeps up, barely.
fn barely_fast_enough(_: u64) -> u64 {
    crossing_frames() - 10
}

#[test]
fn slow_workers_hold_the_skier_and_never_show_a_hole() {
    let report = walk(2, slow);
    println!("{report:?}");
    assert!(report.loading_frames >= SLOW_COST, "{report:?}");
    assert!(
        report.stalled_frames > 0,
        "the slow workers never fell behind: {report:?}"
    );
    let expected_drawn = (WALK_LENGTH / (MAX_SKIER_SPEED / FRAMES_PER_SECOND)).ceil() as u64;
    assert_eq!(report.drawn_frames, expected_drawn);
}

#[test]
fn an_occasional_slow_chunk_stalls_mid_run_without_a_hole() {
    let report = walk(1, spiky);
    println!("{report:?}");
    assert!(report.stalled_frames > 0, "{report:?}");
}

#[test]
fn realistic_builds_never_stall_after_the_start() {
    for workers in [1, 2, 4] {
        let report = walk(workers, realistic);
        println!("{workers} workers: {report:?}");
        assert!(report.loading_frames >= REALISTIC_COST, "{report:?}");
        assert_eq!(report.stalled_frames, 0, "{workers} workers: {report:?}");
        // Every chunk up to the window's end at the finish, each once.
        let last = *StreamConfig::default().active_range(WALK_LENGTH).end();
        assert!(report.builds as u64 >= last, "{report:?}");
    }
}

#[test]
fn one_worker_building_just_faster_than_the_skier_never_stalls() {
    let report = walk(1, barely_fast_enough);
    println!("{report:?}");
    assert_eq!(report.stalled_frames, 0, "{report:?}");
}

/// The view distances the settings offer (96..=320 m), including one whose fog end plus step
/// margin lies just short of a chunk border at the start, so the next chunk is needed at once.
const VIEW_DISTANCES: [f64; 4] = [96.0, 187.9, 240.0, 320.0];

#[test]
fn every_view_distance_streams_without_holes_or_stalls() {
    for view in VIEW_DISTANCES {
        let config = StreamConfig::from_view_distance(view);
        for cost in [realistic as fn(u64) -> u64, barely_fast_enough] {
            let report = walk_with(config, 1, cost);
            println!("view {view} m: {report:?}");
            assert_eq!(report.stalled_frames, 0, "view {view} m: {report:?}");
        }
        let report = walk_with(config, 2, slow);
        println!("view {view} m, slow: {report:?}");
        assert!(report.stalled_frames > 0, "view {view} m: {report:?}");
    }
}
