//! Overlap tests along the track, in micrometres.

use super::units::{micros, Micros};
use crate::course::{Lane, Obstacle, ObstacleClass, SKIER_HALF_LENGTH};

use super::skier::Vertical;

/// The stretch the skier covered during one tick: from its back before the move to its front
/// after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sweep {
    pub back: Micros,
    pub front: Micros,
}

impl Sweep {
    /// The sweep of a move from `z_before` to `z_after`.
    pub fn of_move(z_before: Micros, z_after: Micros) -> Self {
        let half = micros(SKIER_HALF_LENGTH);
        Self {
            back: z_before - half,
            front: z_after + half,
        }
    }

    /// Whether the sweep touches `[start, end]`.
    pub fn touches(&self, start: Micros, end: Micros) -> bool {
        self.front > start && self.back < end
    }
}

/// The obstacle's stretch along the track.
pub fn span(obstacle: &Obstacle) -> (Micros, Micros) {
    let start = micros(obstacle.z);
    (start, start + micros(obstacle.depth))
}

/// Whether the skier's vertical motion clears an obstacle of this class.
pub fn clears(vertical: Vertical, class: ObstacleClass) -> bool {
    matches!(
        (vertical, class),
        (Vertical::Jumping { .. }, ObstacleClass::Jump)
            | (Vertical::Ducking { .. }, ObstacleClass::Duck)
    )
}

/// Whether an obstacle in these lanes meets a skier in the `occupied` lanes.
pub fn shares_lane(obstacle_lanes: &[Lane], occupied: &[bool]) -> bool {
    obstacle_lanes
        .iter()
        .any(|&lane| occupied.get(usize::from(lane)).copied().unwrap_or(false))
}

/// Lanes between a skier at lateral `position` (in lanes) and the nearest of an obstacle's
/// lanes.
pub fn lane_gap(obstacle_lanes: &[Lane], position: f64) -> f64 {
    obstacle_lanes
        .iter()
        .map(|&lane| (f64::from(lane) - position).abs())
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_rules() {
        let jump = Vertical::Jumping { elapsed: 3 };
        let duck = Vertical::Ducking { elapsed: 3 };
        assert!(clears(jump, ObstacleClass::Jump));
        assert!(!clears(jump, ObstacleClass::Duck));
        assert!(!clears(jump, ObstacleClass::Dodge));
        assert!(clears(duck, ObstacleClass::Duck));
        assert!(!clears(duck, ObstacleClass::Jump));
        assert!(!clears(duck, ObstacleClass::Dodge));
        assert!(!clears(Vertical::Ground, ObstacleClass::Jump));
    }

    #[test]
    fn sweep_catches_a_thin_obstacle_between_ticks() {
        let sweep = Sweep::of_move(micros(10.0), micros(12.0));
        assert!(sweep.touches(micros(12.5), micros(12.5)));
        assert!(!sweep.touches(micros(13.0), micros(14.0)));
    }
}
