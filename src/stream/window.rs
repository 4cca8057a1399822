//! The activation window: which chunks must exist around the skier, and which of them the
//! camera can see. Pure arithmetic on chunk indices.

use std::cmp::Ordering;
use std::ops::RangeInclusive;

pub use crate::course::DEFAULT_VIEW_DISTANCE;
use crate::course::MAX_SKIER_SPEED;
use crate::terrain::CHUNK_LENGTH;

/// Default ground the chase camera can see behind the skier, in metres. The camera sits behind
/// and above the skier; this covers its offset with a margin.
pub const DEFAULT_VISIBLE_BEHIND: f64 = 16.0;

/// Default distance the skier may move between the readiness check and drawing, metres: the
/// app checks before it steps the simulation, then draws where the skier got to. A quarter of a
/// second at the fastest speed, more than a frame's ticks with any sensible catch-up cap.
pub const DEFAULT_STEP_MARGIN: f64 = MAX_SKIER_SPEED / 4.0;

/// Chunks kept behind the skier even when the camera sees none of them.
const MIN_BEHIND_CHUNKS: u64 = 1;

/// Chunks kept past the one holding the fog end: the first is the lead a run waits for before
/// starting or resuming (see [`StreamConfig::lead_range`]); the second keeps the workers busy
/// while the skier is held, and requests every chunk at least two chunk lengths before the fog
/// reaches it.
const LEAD_CHUNKS: u64 = 2;

/// The chunk holding world distance `z` along the track. There are no negative chunks: anything
/// before the start line belongs to chunk 0.
pub fn chunk_at(z: f64) -> u64 {
    // `as` saturates; `max` also maps NaN to 0.
    (z.max(0.0) / CHUNK_LENGTH).floor() as u64
}

/// World z of a chunk's near edge.
pub fn chunk_start(index: u64) -> f64 {
    index as f64 * CHUNK_LENGTH
}

/// Distance in metres from `z` to the nearest point of chunk `index` (0 inside it).
pub fn distance_to_chunk(index: u64, z: f64) -> f64 {
    let start = chunk_start(index);
    let end = start + CHUNK_LENGTH;
    if z < start {
        start - z
    } else if z >= end {
        z - end
    } else {
        0.0
    }
}

/// Orders chunks nearest to `z` first; on a tie the one ahead (the larger index) first, since
/// the skier is moving towards it.
pub fn nearest_first(a: u64, b: u64, z: f64) -> Ordering {
    distance_to_chunk(a, z)
        .total_cmp(&distance_to_chunk(b, z))
        .then(b.cmp(&a))
}

/// How much ground streams around the skier. Built from the view distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StreamConfig {
    /// Fog end, metres ahead of the skier: everything before it must be resident to draw.
    pub view_distance: f64,
    /// Ground visible behind the skier, metres: must be resident to draw too.
    pub visible_behind: f64,
    /// How far the skier may move between a readiness check and the frame drawn after it.
    pub step_margin: f64,
    /// Whole chunks kept behind the skier's chunk.
    pub behind: u64,
    /// Whole chunks kept ahead of the skier's chunk; the last one starts past the fog end.
    pub ahead: u64,
}

impl StreamConfig {
    /// The window for a fog end `view_distance` metres ahead (finite, non-negative; settings
    /// validate it, so anything else is a bug).
    pub fn from_view_distance(view_distance: f64) -> Self {
        assert!(
            view_distance.is_finite() && view_distance >= 0.0,
            "view distance must be finite and non-negative, got {view_distance}"
        );
        let visible_behind = DEFAULT_VISIBLE_BEHIND;
        let step_margin = DEFAULT_STEP_MARGIN;
        let behind = whole_chunks(visible_behind).max(MIN_BEHIND_CHUNKS);
        let ahead = whole_chunks(view_distance + step_margin) + LEAD_CHUNKS;
        Self {
            view_distance,
            visible_behind,
            step_margin,
            behind,
            ahead,
        }
    }

    /// Chunks that should be resident or on their way for a skier at `skier_z`.
    pub fn active_range(&self, skier_z: f64) -> RangeInclusive<u64> {
        let here = chunk_at(skier_z);
        here.saturating_sub(self.behind)..=here.saturating_add(self.ahead)
    }

    /// Chunks the camera can see from a skier at `skier_z`, or anywhere up to `step_margin`
    /// further on: from slightly behind to the fog end. Always inside [`Self::active_range`].
    pub fn visible_range(&self, skier_z: f64) -> RangeInclusive<u64> {
        let fog_end = skier_z + self.view_distance + self.step_margin;
        chunk_at(skier_z - self.visible_behind)..=chunk_at(fog_end)
    }

    /// The visible chunks plus the next one ahead. A run starts (or resumes after a stall) only
    /// when these are resident: the fog then needs more than a chunk length of skiing to reach
    /// a chunk that is not, which gives the next build that long to finish. Always inside
    /// [`Self::active_range`], short of its last chunk.
    pub fn lead_range(&self, skier_z: f64) -> RangeInclusive<u64> {
        let visible = self.visible_range(skier_z);
        *visible.start()..=visible.end() + 1
    }
}

impl Default for StreamConfig {
    fn default() -> Self {
        Self::from_view_distance(DEFAULT_VIEW_DISTANCE)
    }
}

/// Chunks needed to cover `distance` metres, rounded up.
fn whole_chunks(distance: f64) -> u64 {
    (distance / CHUNK_LENGTH).ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Skier positions (never negative) across several chunks, including every chunk border
    /// and points just either side of it.
    fn sample_positions() -> Vec<f64> {
        let mut zs = Vec::new();
        for step in 0..=4000 {
            zs.push(step as f64 * 0.37);
        }
        for index in 0..40u64 {
            let edge = chunk_start(index);
            zs.extend([
                edge,
                (edge - 1e-9).max(0.0),
                edge + 1e-9,
                edge + CHUNK_LENGTH - 1e-9,
            ]);
        }
        zs
    }

    #[test]
    fn chunk_at_follows_the_chunk_borders() {
        assert_eq!(chunk_at(0.0), 0);
        assert_eq!(chunk_at(63.999), 0);
        assert_eq!(chunk_at(64.0), 1);
        assert_eq!(chunk_at(128.5), 2);
        assert_eq!(chunk_at(-5.0), 0, "no negative chunks");
        assert_eq!(chunk_at(f64::NAN), 0);
        assert_eq!(chunk_at(1.0e9), 15_625_000);
    }

    #[test]
    fn distance_is_zero_inside_and_grows_outside() {
        assert_eq!(distance_to_chunk(2, 130.0), 0.0);
        assert_eq!(distance_to_chunk(3, 130.0), 62.0);
        assert_eq!(distance_to_chunk(1, 130.0), 2.0);
        assert_eq!(distance_to_chunk(0, 300.0), 236.0);
    }

    #[test]
    fn default_window_keeps_one_chunk_behind_and_reaches_past_the_fog() {
        let config = StreamConfig::default();
        assert_eq!(config.view_distance, DEFAULT_VIEW_DISTANCE);
        assert_eq!(config.behind, 1);
        // 240 m of fog spans up to 4 chunk borders; two more chunks of lead.
        assert_eq!(config.ahead, 6);
        assert_eq!(config.active_range(300.0), 3..=10);
        assert_eq!(config.visible_range(300.0), 4..=8);
        assert_eq!(config.active_range(10.0), 0..=6, "no chunk before 0");
        assert_eq!(config.visible_range(0.0), 0..=3);
        assert_eq!(config.lead_range(0.0), 0..=4);
        assert_eq!(config.lead_range(300.0), 4..=9);
    }

    #[test]
    fn the_visible_range_covers_a_step_of_up_to_the_margin() {
        let config = StreamConfig::default();
        for z in sample_positions() {
            let visible = config.visible_range(z);
            for step in [0.0, 0.5, 1.0, config.step_margin] {
                let later = z + step;
                let seen = chunk_at(later - config.visible_behind)
                    ..=chunk_at(later + config.view_distance);
                assert!(
                    visible.start() <= seen.start() && seen.end() <= visible.end(),
                    "at z {z} + {step}: sees {seen:?}, checked {visible:?}"
                );
            }
        }
    }

    #[test]
    fn visible_chunks_are_always_active() {
        for view in [0.0, 10.0, 64.0, 100.0, 240.0, 256.0, 500.0] {
            let config = StreamConfig::from_view_distance(view);
            for z in sample_positions() {
                let active = config.active_range(z);
                let visible = config.visible_range(z);
                assert!(
                    active.start() <= visible.start() && visible.end() <= active.end(),
                    "view {view} at z {z}: visible {visible:?} outside active {active:?}"
                );
            }
        }
    }

    #[test]
    fn the_lead_covers_the_visible_chunks_and_stays_active() {
        for view in [0.0, 10.0, 64.0, 100.0, 240.0, 255.9, 256.0, 500.0] {
            let config = StreamConfig::from_view_distance(view);
            for z in sample_positions() {
                let (active, visible, lead) = (
                    config.active_range(z),
                    config.visible_range(z),
                    config.lead_range(z),
                );
                assert_eq!(lead.start(), visible.start(), "view {view} at z {z}");
                assert!(lead.end() > visible.end(), "view {view} at z {z}");
                assert!(lead.end() < active.end(), "view {view} at z {z}");
                // Skiing a chunk length from z keeps the fog inside the lead.
                let fog_later = chunk_at(z + view + CHUNK_LENGTH);
                assert!(fog_later <= *lead.end(), "view {view} at z {z}");
            }
        }
    }

    #[test]
    fn fog_ends_before_the_last_active_chunk() {
        for view in [0.0, 10.0, 64.0, 100.0, 240.0, 256.0, 500.0] {
            let config = StreamConfig::from_view_distance(view);
            for z in sample_positions() {
                let last = *config.active_range(z).end();
                assert!(
                    chunk_start(last) > z + view + config.step_margin,
                    "view {view} at z {z}: last active chunk {last} starts before the fog end"
                );
            }
        }
    }

    #[test]
    fn a_new_chunk_is_requested_two_chunk_lengths_before_the_fog_reaches_it() {
        let config = StreamConfig::default();
        for z in sample_positions() {
            // The chunk that just entered the window was requested when the skier crossed into
            // the current chunk; the fog reaches it no sooner than two chunk lengths later.
            let newest = *config.active_range(z).end();
            let entered_at = chunk_start(chunk_at(z));
            let fog_reaches = chunk_start(newest) - config.view_distance - config.step_margin;
            assert!(fog_reaches - entered_at >= 2.0 * CHUNK_LENGTH, "at z {z}");
        }
    }

    #[test]
    #[should_panic(expected = "view distance")]
    fn a_non_finite_view_distance_is_a_bug() {
        StreamConfig::from_view_distance(f64::INFINITY);
    }
}
