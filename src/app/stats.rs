//! Frame statistics for `latu play --stats FILE`.

use super::renderer::DrawCounts;
use serde::Serialize;
use std::time::Duration;

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
    /// Frames in which a chunk inside the fog end was not on the GPU (the run clock was held).
    pub missing_chunk_frames: u64,
}

/// Accumulates per-frame figures.
#[derive(Debug, Clone, Default)]
pub struct FrameStats {
    frame_ms: Vec<f64>,
    draw_calls_max: u64,
    triangles_max: u64,
    uploads: u64,
    upload_ms_max: f64,
    missing_chunk_frames: u64,
}

impl FrameStats {
    /// Record one frame: its duration, what it drew, the chunks it uploaded and the time spent
    /// uploading them, and whether a visible chunk was missing.
    pub fn record(
        &mut self,
        frame_time: Duration,
        drawn: DrawCounts,
        uploads: u64,
        upload_time: Duration,
        chunk_missing: bool,
    ) {
        self.frame_ms.push(millis(frame_time));
        self.draw_calls_max = self.draw_calls_max.max(drawn.draw_calls);
        self.triangles_max = self.triangles_max.max(drawn.triangles);
        self.uploads += uploads;
        self.upload_ms_max = self.upload_ms_max.max(millis(upload_time));
        self.missing_chunk_frames += u64::from(chunk_missing);
    }

    /// The report so far.
    pub fn report(&self) -> StatsReport {
        let mut sorted = self.frame_ms.clone();
        sorted.sort_by(f64::total_cmp);
        StatsReport {
            frames: u64::try_from(sorted.len()).expect("frame count fits in u64"),
            frame_ms_p50: percentile(&sorted, 50),
            frame_ms_p99: percentile(&sorted, 99),
            draw_calls_max: self.draw_calls_max,
            triangles_max: self.triangles_max,
            uploads: self.uploads,
            upload_ms_max: self.upload_ms_max,
            missing_chunk_frames: self.missing_chunk_frames,
        }
    }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Nearest-rank percentile of sorted values; 0 when there are none.
fn percentile(sorted: &[f64], percent: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (percent * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(value: u64) -> Duration {
        Duration::from_millis(value)
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&values, 50), 50.0);
        assert_eq!(percentile(&values, 99), 99.0);
        assert_eq!(percentile(&[7.0], 99), 7.0);
        assert_eq!(percentile(&[], 50), 0.0);
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
        stats.record(ms(16), small, 2, ms(3), false);
        stats.record(ms(20), big, 1, ms(1), true);
        let report = stats.report();
        assert_eq!(report.frames, 2);
        assert_eq!(report.draw_calls_max, 9);
        assert_eq!(report.triangles_max, 100);
        assert_eq!(report.uploads, 3);
        assert_eq!(report.upload_ms_max, 3.0);
        assert_eq!(report.missing_chunk_frames, 1);
        assert_eq!(report.frame_ms_p99, 20.0);
    }
}
