//! The counters `/metrics` shows in Prometheus' text format.

use latu::online::contract::Reason;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the verification-time histogram's buckets, seconds.
const VERIFY_BUCKETS_S: [f64; 10] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// Every reason a run is refused for: `/metrics` shows each from the start, at 0 until it
/// happens (a scrape sees the series before the first refusal).
pub const REFUSAL_REASONS: [Reason; 12] = [
    Reason::CopiedGhost,
    Reason::DailyOutsideDay,
    Reason::NoSummary,
    Reason::NotAReplay,
    Reason::NotTheBoardsCourse,
    Reason::OtherRules,
    Reason::QueueFull,
    Reason::Tampered,
    Reason::Unfinished,
    Reason::UnknownCourse,
    Reason::VerifyFailed,
    Reason::VerifyTimeLimit,
];

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    verified: AtomicU64,
    refused: Mutex<BTreeMap<Reason, u64>>,
    /// Re-plays per bucket (the last: above every bound).
    verify_buckets: [AtomicU64; VERIFY_BUCKETS_S.len() + 1],
    verify_us_sum: AtomicU64,
    /// Seconds of play re-played, in microseconds (CPU per minute of run is derived from it).
    replayed_play_us: AtomicU64,
    responses: Mutex<BTreeMap<u16, u64>>,
}

impl Metrics {
    /// A run re-played and ranked.
    pub fn verified(&self) {
        self.verified.fetch_add(1, Ordering::Relaxed);
    }

    /// A run refused for `reason`.
    pub fn refused(&self, reason: Reason) {
        debug_assert!(
            REFUSAL_REASONS.contains(&reason),
            "{reason:?} is missing from REFUSAL_REASONS"
        );
        if let Ok(mut refused) = self.refused.lock() {
            *refused.entry(reason).or_default() += 1;
        }
    }

    /// One re-play took `took` and covered `play_s` seconds of play.
    pub fn verify_took(&self, took: Duration, play_s: f64) {
        let seconds = took.as_secs_f64();
        let bucket = VERIFY_BUCKETS_S
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(VERIFY_BUCKETS_S.len());
        self.verify_buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.verify_us_sum
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        self.replayed_play_us
            .fetch_add((play_s * 1e6) as u64, Ordering::Relaxed);
    }

    /// A response with `status` went out.
    pub fn responded(&self, status: u16) {
        if let Ok(mut responses) = self.responses.lock() {
            *responses.entry(status).or_default() += 1;
        }
    }

    /// Everything, in Prometheus' text exposition format; `copy_checks`: the store's copy
    /// checks made and the seconds they took.
    pub fn render(&self, queue: usize, copy_checks: (u64, f64)) -> String {
        let mut out = String::new();
        let verified = self.verified.load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "# HELP latu_runs_verified_total Runs re-played and ranked."
        );
        let _ = writeln!(out, "# TYPE latu_runs_verified_total counter");
        let _ = writeln!(out, "latu_runs_verified_total {verified}");
        let _ = writeln!(
            out,
            "# HELP latu_runs_refused_total Runs refused, by reason."
        );
        let _ = writeln!(out, "# TYPE latu_runs_refused_total counter");
        if let Ok(seen) = self.refused.lock() {
            let mut refused: BTreeMap<&str, u64> = REFUSAL_REASONS
                .iter()
                .map(|reason| (reason.word(), 0))
                .collect();
            refused.extend(seen.iter().map(|(reason, &n)| (reason.word(), n)));
            for (reason, n) in refused.iter() {
                let _ = writeln!(out, "latu_runs_refused_total{{reason=\"{reason}\"}} {n}");
            }
        }
        let _ = writeln!(out, "# HELP latu_verify_seconds Time one re-play took.");
        let _ = writeln!(out, "# TYPE latu_verify_seconds histogram");
        let mut cumulative = 0;
        for (i, bound) in VERIFY_BUCKETS_S.iter().enumerate() {
            cumulative += self.verify_buckets[i].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "latu_verify_seconds_bucket{{le=\"{bound}\"}} {cumulative}"
            );
        }
        cumulative += self.verify_buckets[VERIFY_BUCKETS_S.len()].load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "latu_verify_seconds_bucket{{le=\"+Inf\"}} {cumulative}"
        );
        let sum = self.verify_us_sum.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "latu_verify_seconds_sum {sum}");
        let _ = writeln!(out, "latu_verify_seconds_count {cumulative}");
        let played = self.replayed_play_us.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(
            out,
            "# HELP latu_replayed_play_seconds_total Seconds of play re-played."
        );
        let _ = writeln!(out, "# TYPE latu_replayed_play_seconds_total counter");
        let _ = writeln!(out, "latu_replayed_play_seconds_total {played}");
        let (checks, checks_s) = copy_checks;
        let _ = writeln!(
            out,
            "# HELP latu_copy_check_seconds Time a submission's copy check took (exact and near)."
        );
        let _ = writeln!(out, "# TYPE latu_copy_check_seconds summary");
        let _ = writeln!(out, "latu_copy_check_seconds_sum {checks_s}");
        let _ = writeln!(out, "latu_copy_check_seconds_count {checks}");
        let _ = writeln!(out, "# HELP latu_verify_queue Re-plays running or waiting.");
        let _ = writeln!(out, "# TYPE latu_verify_queue gauge");
        let _ = writeln!(out, "latu_verify_queue {queue}");
        let _ = writeln!(
            out,
            "# HELP latu_http_responses_total Responses, by status."
        );
        let _ = writeln!(out, "# TYPE latu_http_responses_total counter");
        if let Ok(responses) = self.responses.lock() {
            for (status, n) in responses.iter() {
                let _ = writeln!(out, "latu_http_responses_total{{status=\"{status}\"}} {n}");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_reason_shows_from_the_start_and_counts() {
        let metrics = Metrics::default();
        let fresh = metrics.render(0, (0, 0.0));
        for reason in REFUSAL_REASONS {
            let line = format!("latu_runs_refused_total{{reason=\"{}\"}} 0", reason.word());
            assert!(fresh.lines().any(|l| l == line), "{line} in\n{fresh}");
        }
        metrics.refused(Reason::Tampered);
        let after = metrics.render(0, (0, 0.0));
        assert!(after
            .lines()
            .any(|l| l == "latu_runs_refused_total{reason=\"tampered\"} 1"));
    }
}
