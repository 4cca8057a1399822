//! The chunk streamer: keeps the activation window around the skier filled, building chunks on
//! a bounded pool of worker threads and handing finished ones to the main thread — or, where
//! threads cannot start (a browser), on the main thread itself within a per-frame budget.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::ops::RangeInclusive;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use super::gate::Readiness;
use super::queue::{Job, RequestQueue};
use super::window::{nearest_first, StreamConfig};
use super::worker_count;

/// A worker's answer: the chunk, or the panic that interrupted its builder.
type Built<T> = (u64, thread::Result<T>);

/// A shared chunk builder (for the game, `Terrain::build_chunk`).
type Builder<T> = Arc<dyn Fn(u64) -> T + Send + Sync>;

/// Counters describing the streamer's state, for diagnostics, the benchmark and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamStats {
    pub workers: usize,
    /// Requests waiting for a worker.
    pub queued: usize,
    /// Requests a worker has taken and not yet returned.
    pub in_flight: usize,
    /// Workers waiting for a request.
    pub idle_workers: usize,
    /// Built chunks waiting for [`ChunkStreamer::take_ready`].
    pub ready: usize,
    /// Chunks handed to the app and not evicted since.
    pub resident: usize,
    /// Builds returned by workers so far (kept or discarded).
    pub built: u64,
    /// Builds that came back no longer wanted and were dropped.
    pub discarded: u64,
    /// Requests dropped from the queue before a worker took them.
    pub cancelled: u64,
}

/// Streams chunks of type `T` (the game uses `terrain::Chunk`) around a moving skier.
///
/// Call [`Self::update`] once per frame with the skier's position, free the buffers of the
/// chunks it evicts, upload what [`Self::take_ready`] hands over, and feed
/// [`Self::readiness`] to a [`StallGate`](super::StallGate), which says whether the run may go
/// on. Dropping the streamer stops its workers and joins them once their current build ends.
pub struct ChunkStreamer<T> {
    config: StreamConfig,
    queue: Arc<RequestQueue>,
    results: Receiver<Built<T>>,
    workers: Vec<JoinHandle<()>>,
    /// The builder, kept here when there are no workers: [`Self::build_here`] runs it.
    here: Option<Builder<T>>,
    /// The active window as of the last update (none before the first).
    window: Option<RangeInclusive<u64>>,
    focus_z: f64,
    /// Handed to the app, which holds their GPU buffers.
    resident: BTreeSet<u64>,
    /// Built, wanted, not yet taken.
    ready: BTreeMap<u64, T>,
    /// Sent to the queue and not yet returned: queued or being built. Never requested twice.
    requested: BTreeSet<u64>,
    built: u64,
    discarded: u64,
    cancelled: u64,
}

impl<T: Send + 'static> ChunkStreamer<T> {
    /// A streamer with [`worker_count`] workers.
    pub fn new(
        config: StreamConfig,
        build: impl Fn(u64) -> T + Send + Sync + 'static,
    ) -> io::Result<Self> {
        Self::with_workers(config, worker_count(), build)
    }

    /// A streamer with `workers` worker threads (at least one). Fails if a thread cannot be
    /// spawned; the ones already spawned are stopped.
    pub fn with_workers(
        config: StreamConfig,
        workers: usize,
        build: impl Fn(u64) -> T + Send + Sync + 'static,
    ) -> io::Result<Self> {
        let (sender, results) = mpsc::channel();
        let mut streamer = Self::unstarted(config, results);
        let build: Builder<T> = Arc::new(build);
        for number in 0..workers.max(1) {
            let queue = Arc::clone(&streamer.queue);
            let build = Arc::clone(&build);
            let sender = sender.clone();
            let handle = thread::Builder::new()
                .name(format!("chunk-worker-{number}"))
                .spawn(move || work(&queue, &*build, &sender))?;
            streamer.workers.push(handle);
        }
        Ok(streamer)
    }

    /// A streamer without worker threads, for a platform that cannot start them (the web):
    /// the caller builds the queue nearest-first with [`Self::build_here`] once per frame.
    pub fn on_this_thread(
        config: StreamConfig,
        build: impl Fn(u64) -> T + Send + Sync + 'static,
    ) -> Self {
        // No worker ever sends: the receiver reads as empty.
        let (_, results) = mpsc::channel();
        let mut streamer = Self::unstarted(config, results);
        streamer.here = Some(Arc::new(build));
        streamer
    }

    fn unstarted(config: StreamConfig, results: Receiver<Built<T>>) -> Self {
        Self {
            config,
            queue: Arc::new(RequestQueue::new()),
            results,
            workers: Vec::new(),
            here: None,
            window: None,
            focus_z: 0.0,
            resident: BTreeSet::new(),
            ready: BTreeMap::new(),
            requested: BTreeSet::new(),
            built: 0,
            discarded: 0,
            cancelled: 0,
        }
    }

    pub fn config(&self) -> &StreamConfig {
        &self.config
    }

    /// Moves the window to a skier at `skier_z`: collects finished builds, cancels queued
    /// requests that left the window, requests the window's missing chunks (built nearest
    /// first) and returns the resident chunks that left it, whose buffers the app must free.
    pub fn update(&mut self, skier_z: f64) -> Vec<u64> {
        self.focus_z = skier_z;
        let window = self.config.active_range(skier_z);
        self.window = Some(window.clone());
        self.receive();
        let evicted: Vec<u64> = self
            .resident
            .iter()
            .copied()
            .filter(|i| !window.contains(i))
            .collect();
        for index in &evicted {
            self.resident.remove(index);
        }
        let unwanted_ready = self.ready.len();
        self.ready.retain(|index, _| window.contains(index));
        self.discarded += (unwanted_ready - self.ready.len()) as u64;
        let missing: Vec<u64> = window
            .clone()
            .filter(|i| {
                !self.resident.contains(i)
                    && !self.ready.contains_key(i)
                    && !self.requested.contains(i)
            })
            .collect();
        self.requested.extend(missing.iter().copied());
        let cancelled = self
            .queue
            .refocus(skier_z, |index| window.contains(&index), missing);
        for index in &cancelled {
            self.requested.remove(index);
        }
        self.cancelled += cancelled.len() as u64;
        evicted
    }

    /// Without workers ([`Self::on_this_thread`]): builds the nearest waiting requests here, one
    /// at a time, while `more` says the frame has time left (asked after each build, so a
    /// frame with work builds at least one). Returns how many were built; always 0 with workers.
    pub fn build_here(&mut self, mut more: impl FnMut() -> bool) -> usize {
        let Some(build) = self.here.clone() else {
            return 0;
        };
        let mut count = 0;
        while let Some(index) = self.queue.take_nearest() {
            let chunk = build(index);
            count += 1;
            self.requested.remove(&index);
            self.built += 1;
            if self.window.as_ref().is_some_and(|w| w.contains(&index)) {
                self.ready.insert(index, chunk);
            } else {
                self.discarded += 1;
            }
            if !more() {
                break;
            }
        }
        count
    }

    /// Hands over at most `budget` finished chunks, nearest to the skier first. They count as
    /// resident from now on: the app uploads exactly what it takes.
    pub fn take_ready(&mut self, budget: usize) -> Vec<(u64, T)> {
        self.receive();
        let mut indices: Vec<u64> = self.ready.keys().copied().collect();
        indices.sort_by(|&a, &b| nearest_first(a, b, self.focus_z));
        indices.truncate(budget);
        indices
            .into_iter()
            .filter_map(|index| {
                let chunk = self.ready.remove(&index)?;
                self.resident.insert(index);
                Some((index, chunk))
            })
            .collect()
    }

    /// Visible chunks (slightly behind the skier to the fog end) that are not resident yet.
    pub fn missing_visible(&self, skier_z: f64) -> Vec<u64> {
        self.config
            .visible_range(skier_z)
            .filter(|i| !self.resident.contains(i))
            .collect()
    }

    /// Whether the camera at `skier_z` sees only resident ground (no holes).
    pub fn visible_ready(&self, skier_z: f64) -> bool {
        self.all_resident(self.config.visible_range(skier_z))
    }

    /// What the [`StallGate`](super::StallGate) needs to know about a skier at `skier_z`.
    pub fn readiness(&self, skier_z: f64) -> Readiness {
        Readiness {
            visible: self.visible_ready(skier_z),
            lead: self.all_resident(self.config.lead_range(skier_z)),
        }
    }

    /// For the loading bar: (resident, needed) chunks of the lead a run starts with, for a
    /// skier at `skier_z`.
    pub fn startup_progress(&self, skier_z: f64) -> (usize, usize) {
        let lead = self.config.lead_range(skier_z);
        let needed = lead.clone().count();
        let ready = lead.filter(|i| self.resident.contains(i)).count();
        (ready, needed)
    }

    fn all_resident(&self, mut chunks: RangeInclusive<u64>) -> bool {
        chunks.all(|i| self.resident.contains(&i))
    }

    pub fn is_resident(&self, index: u64) -> bool {
        self.resident.contains(&index)
    }

    pub fn stats(&self) -> StreamStats {
        let counts = self.queue.counts();
        StreamStats {
            workers: self.workers.len(),
            queued: counts.queued,
            in_flight: self.requested.len().saturating_sub(counts.queued),
            idle_workers: counts.idle_workers,
            ready: self.ready.len(),
            resident: self.resident.len(),
            built: self.built,
            discarded: self.discarded,
            cancelled: self.cancelled,
        }
    }

    /// Collects finished builds: kept if still in the window, dropped otherwise. A builder's
    /// panic is a bug and is raised again here, on the main thread, rather than leaving the game
    /// waiting for a chunk that never comes.
    fn receive(&mut self) {
        while let Ok((index, result)) = self.results.try_recv() {
            self.requested.remove(&index);
            self.built += 1;
            match result {
                Ok(chunk) if self.window.as_ref().is_some_and(|w| w.contains(&index)) => {
                    self.ready.insert(index, chunk);
                }
                Ok(_) => self.discarded += 1,
                Err(payload) => panic::resume_unwind(payload),
            }
        }
    }
}

impl<T> Drop for ChunkStreamer<T> {
    fn drop(&mut self) {
        self.queue.stop();
        for handle in self.workers.drain(..) {
            // Builder panics are caught inside the worker, so a join error cannot carry one;
            // ignoring it keeps exit panic-free.
            let _ = handle.join();
        }
    }
}

/// A worker's loop: build the nearest request, send it, until the queue stops or the streamer
/// is gone.
fn work<T>(
    queue: &RequestQueue,
    build: &(dyn Fn(u64) -> T + Send + Sync),
    results: &Sender<Built<T>>,
) {
    while let Job::Build(index) = queue.next_job() {
        let result = panic::catch_unwind(AssertUnwindSafe(|| build(index)));
        if results.send((index, result)).is_err() {
            return;
        }
    }
}
