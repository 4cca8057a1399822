//! Frame statistics for `latu play --stats FILE`, kept in fixed memory however long the run.

use super::streaming::Uploads;
use crate::app::platform::clock::Moment;
use crate::app::render::renderer::DrawCounts;
use serde::Serialize;
use std::sync::OnceLock;
use std::time::Duration;

/// When `latu play` started (set by [`mark_start`]), for `first_frame_ms`.
static STARTED: OnceLock<Moment> = OnceLock::new();

/// Note the moment the game starts (in a browser: the page's navigation); the first call wins.
pub fn mark_start() {
    STARTED.get_or_init(Moment::start_of_play);
}

/// Time since [`mark_start`] (zero before it).
pub fn since_start() -> Duration {
    STARTED
        .get()
        .map_or(Duration::ZERO, |started| started.elapsed())
}

/// Width of one frame-time bucket, microseconds: the resolution of the reported percentiles.
const BUCKET_US: u128 = 100;
/// Frame times up to this are bucketed; longer frames share the last bucket, which reports the
/// longest frame seen. Microseconds.
const BUCKETED_US: u128 = 1_000_000;
/// Number of frame-time buckets (one more for the frames beyond [`BUCKETED_US`]).
const BUCKETS: usize = (BUCKETED_US / BUCKET_US) as usize + 1;

/// What `--stats` writes (field names are the contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatsReport {
    pub frames: u64,
    pub frame_ms_p50: f64,
    pub frame_ms_p99: f64,
    pub draw_calls_max: u64,
    pub triangles_max: u64,
    /// Chunks uploaded to the GPU.
    pub uploads: u64,
    /// Most CPU time spent creating buffers in one frame.
    pub upload_ms_max: f64,
    /// GPU buffer pairs created for chunks: stays near the streaming window's size however long
    /// the run, because evicted chunks' buffers are recycled.
    pub buffer_pairs_created: u64,
    /// Frames in which a chunk inside the fog end was not on the GPU (the run clock was held).
    pub missing_chunk_frames: u64,
    /// From the start of `latu play` (in a browser: the page's navigation, so the download and
    /// compile count too) to the end of the first frame recorded: the window, the font, the
    /// first chunks and the first draw, milliseconds.
    pub first_frame_ms: f64,
}

/// Accumulates per-frame figures. Frame times go into a fixed histogram, so an Endless run of
/// any length keeps the same few kilobytes.
#[derive(Debug, Clone)]
pub struct FrameStats {
    frame_histogram: Vec<u64>,
    frames: u64,
    frame_ms_max: f64,
    draw_calls_max: u64,
    triangles_max: u64,
    uploads: u64,
    upload_ms_max: f64,
    buffer_pairs_created: u64,
    missing_chunk_frames: u64,
    first_frame_ms: f64,
}

impl Default for FrameStats {
    fn default() -> Self {
        Self {
            frame_histogram: vec![0; BUCKETS],
            frames: 0,
            frame_ms_max: 0.0,
            draw_calls_max: 0,
            triangles_max: 0,
            uploads: 0,
            upload_ms_max: 0.0,
            buffer_pairs_created: 0,
            missing_chunk_frames: 0,
            first_frame_ms: 0.0,
        }
    }
}

impl FrameStats {
    /// Record one frame: its duration, what it drew, what it uploaded, and whether a visible
    /// chunk was missing.
    pub fn record(
        &mut self,
        frame_time: Duration,
        drawn: DrawCounts,
        uploads: Uploads,
        chunk_missing: bool,
    ) {
        self.frame_histogram[bucket(frame_time)] += 1;
        if self.frames == 0 {
            self.first_frame_ms = STARTED
                .get()
                .map_or(0.0, |started| millis(started.elapsed()));
        }
        self.frames += 1;
        self.frame_ms_max = self.frame_ms_max.max(millis(frame_time));
        self.draw_calls_max = self.draw_calls_max.max(drawn.draw_calls);
        self.triangles_max = self.triangles_max.max(drawn.triangles);
        self.uploads += uploads.chunks;
        self.upload_ms_max = self.upload_ms_max.max(millis(uploads.time));
        self.buffer_pairs_created = uploads.buffer_pairs;
        self.missing_chunk_frames += u64::from(chunk_missing);
    }

    /// Take in another run's frames: the session's figures cover every run played in it.
    pub fn absorb(&mut self, other: &FrameStats) {
        for (mine, theirs) in self.frame_histogram.iter_mut().zip(&other.frame_histogram) {
            *mine += theirs;
        }
        if self.frames == 0 {
            self.first_frame_ms = other.first_frame_ms;
        }
        self.frames += other.frames;
        self.frame_ms_max = self.frame_ms_max.max(other.frame_ms_max);
        self.draw_calls_max = self.draw_calls_max.max(other.draw_calls_max);
        self.triangles_max = self.triangles_max.max(other.triangles_max);
        self.uploads += other.uploads;
        self.upload_ms_max = self.upload_ms_max.max(other.upload_ms_max);
        self.buffer_pairs_created += other.buffer_pairs_created;
        self.missing_chunk_frames += other.missing_chunk_frames;
    }

    /// The report so far.
    pub fn report(&self) -> StatsReport {
        StatsReport {
            frames: self.frames,
            frame_ms_p50: self.percentile(50),
            frame_ms_p99: self.percentile(99),
            draw_calls_max: self.draw_calls_max,
            triangles_max: self.triangles_max,
            uploads: self.uploads,
            upload_ms_max: self.upload_ms_max,
            buffer_pairs_created: self.buffer_pairs_created,
            missing_chunk_frames: self.missing_chunk_frames,
            first_frame_ms: self.first_frame_ms,
        }
    }

    /// Nearest-rank percentile of the frame times, to the bucket's upper edge (never above the
    /// longest frame); 0 when no frame was recorded.
    fn percentile(&self, percent: u64) -> f64 {
        if self.frames == 0 {
            return 0.0;
        }
        let rank = (percent * self.frames).div_ceil(100).max(1);
        let mut seen = 0;
        let index = self
            .frame_histogram
            .iter()
            .position(|&count| {
                seen += count;
                seen >= rank
            })
            .expect("the histogram holds every recorded frame");
        if index == BUCKETS - 1 {
            return self.frame_ms_max;
        }
        let upper_edge_us = (index as u128 + 1) * BUCKET_US;
        millis(Duration::from_micros(
            u64::try_from(upper_edge_us).expect("the histogram spans one second"),
        ))
        .min(self.frame_ms_max)
    }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// The bucket of a frame time: bucket `i` holds times in `(i, i + 1] × BUCKET_US`.
fn bucket(frame_time: Duration) -> usize {
    let index = frame_time.as_micros().div_ceil(BUCKET_US).saturating_sub(1);
    usize::try_from(index).map_or(BUCKETS - 1, |index| index.min(BUCKETS - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(value: u64) -> Duration {
        Duration::from_millis(value)
    }

    const NOTHING: DrawCounts = DrawCounts {
        draw_calls: 0,
        triangles: 0,
    };

    fn frames(millis: impl IntoIterator<Item = u64>) -> FrameStats {
        let mut stats = FrameStats::default();
        for value in millis {
            stats.record(ms(value), NOTHING, Uploads::default(), false);
        }
        stats
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let report = frames(1..=100).report();
        assert_eq!(report.frames, 100);
        assert_eq!(report.frame_ms_p50, 50.0);
        assert_eq!(report.frame_ms_p99, 99.0);
        assert_eq!(frames([7]).report().frame_ms_p99, 7.0);
        assert_eq!(FrameStats::default().report().frame_ms_p50, 0.0);
    }

    #[test]
    fn a_frame_beyond_the_histogram_reports_its_own_length() {
        let report = frames([16, 16, 5000]).report();
        assert_eq!(report.frame_ms_p99, 5000.0);
        assert_eq!(report.frame_ms_p50, 16.0);
    }

    #[test]
    fn memory_does_not_grow_with_the_frame_count() {
        let stats = frames((0..100_000).map(|i| i % 60));
        assert_eq!(stats.frame_histogram.len(), BUCKETS);
        assert_eq!(stats.report().frames, 100_000);
    }

    #[test]
    fn report_keeps_maxima_and_totals() {
        let mut stats = FrameStats::default();
        let small = DrawCounts {
            draw_calls: 3,
            triangles: 100,
        };
        let big = DrawCounts {
            draw_calls: 9,
            triangles: 50,
        };
        let uploads = |chunks, millis, buffer_pairs| Uploads {
            chunks,
            time: ms(millis),
            buffer_pairs,
        };
        stats.record(ms(16), small, uploads(2, 3, 4), false);
        stats.record(ms(20), big, uploads(1, 1, 5), true);
        let report = stats.report();
        assert_eq!(report.frames, 2);
        assert_eq!(report.draw_calls_max, 9);
        assert_eq!(report.triangles_max, 100);
        assert_eq!(report.uploads, 3);
        assert_eq!(report.upload_ms_max, 3.0);
        assert_eq!(report.buffer_pairs_created, 5);
        assert_eq!(report.missing_chunk_frames, 1);
        assert_eq!(report.frame_ms_p99, 20.0);
    }

    #[test]
    fn a_sessions_figures_take_in_every_run() {
        let mut session = FrameStats::default();
        session.absorb(&frames([10, 10, 30]));
        session.absorb(&frames([20, 40]));
        let report = session.report();
        assert_eq!(report.frames, 5);
        assert_eq!(report.frame_ms_p50, 20.0, "{report:?}");
        assert_eq!(report.frame_ms_p99, 40.0, "{report:?}");
    }
}
