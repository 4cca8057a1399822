//! The range: five targets side by side at 50 m, and whether a shot hits one.
//!
//! Angles are milliradians in the shooter's sense: 1 mrad subtends 1 mm at 1 m, so a zone of
//! radius `r` mm at `d` m subtends `r / d` mrad (the tangent, not the arc; the two differ by
//! under 1e-7 at these sizes). A shot is judged in whole microradians with integer arithmetic,
//! so the verdict at the zone's edge is exact: **a shot exactly on the edge is a hit**
//! (distance ≤ radius).

use crate::course::ShootingPosition;
use glam::DVec2;

/// Distance from the firing line to the targets, metres.
pub const RANGE_DISTANCE_M: i64 = 50;

/// Number of targets on the range.
pub const TARGET_COUNT: usize = 5;

/// Diameter of the prone hit zone, millimetres (the real size).
pub const PRONE_ZONE_MM: i64 = 45;

/// Diameter of the standing hit zone, millimetres (the real size).
pub const STANDING_ZONE_MM: i64 = 115;

/// Centre-to-centre distance of neighbouring targets, millimetres. Wider than the standing
/// zone, so no shot can lie in two zones.
pub const TARGET_PITCH_MM: i64 = 125;

/// Microradians per milliradian.
pub const URAD_PER_MRAD: f64 = 1000.0;

/// Microradians subtended by `mm` millimetres at the range distance.
const fn urad_at_range(mm: i64) -> i64 {
    mm * 1000 / RANGE_DISTANCE_M
}

/// Radius of the hit zone in microradians: 450 prone, 1150 standing.
pub const fn zone_radius_urad(position: ShootingPosition) -> i64 {
    let diameter_mm = match position {
        ShootingPosition::Prone => PRONE_ZONE_MM,
        ShootingPosition::Standing => STANDING_ZONE_MM,
    };
    // The diameters are odd millimetres: halve in microradians (exact), not in millimetres.
    urad_at_range(diameter_mm) / 2
}

/// Radius of the hit zone in milliradians.
pub fn zone_radius_mrad(position: ShootingPosition) -> f64 {
    zone_radius_urad(position) as f64 / URAD_PER_MRAD
}

/// Centre of target `index` (0 = leftmost) in microradians from the range's centre line.
pub fn target_centre_urad(index: usize) -> (i64, i64) {
    let from_middle = index as i64 - (TARGET_COUNT as i64 - 1) / 2;
    (from_middle * urad_at_range(TARGET_PITCH_MM), 0)
}

/// Centre of target `index` in milliradians.
pub fn target_centre_mrad(index: usize) -> DVec2 {
    let (x, y) = target_centre_urad(index);
    DVec2::new(x as f64, y as f64) / URAD_PER_MRAD
}

/// A target's face: black while it stands, white once hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetState {
    /// Black: not hit yet.
    Standing,
    /// White: hit.
    Hit,
}

/// A sight offset in milliradians rounded to whole microradians (`f64::round` is exact).
pub fn to_urad(sight_mrad: DVec2) -> (i64, i64) {
    (
        (sight_mrad.x * URAD_PER_MRAD).round() as i64,
        (sight_mrad.y * URAD_PER_MRAD).round() as i64,
    )
}

/// The target whose zone contains the shot, if any (whatever its state). On the edge counts.
pub fn target_at(shot_urad: (i64, i64), position: ShootingPosition) -> Option<usize> {
    let radius = zone_radius_urad(position);
    (0..TARGET_COUNT).find(|&index| {
        let (cx, cy) = target_centre_urad(index);
        let (dx, dy) = (shot_urad.0 - cx, shot_urad.1 - cy);
        dx * dx + dy * dy <= radius * radius
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_real_sizes_subtend_the_expected_angles() {
        assert_eq!(zone_radius_urad(ShootingPosition::Prone), 450);
        assert_eq!(zone_radius_urad(ShootingPosition::Standing), 1150);
        assert_eq!(target_centre_urad(2), (0, 0));
        assert_eq!(target_centre_urad(0), (-5000, 0));
    }
}
