//! Hit geometry: the zone's edge, just inside and just outside, prone and standing, judged both
//! directly and through a stage with a still sight. The edge counts as a hit.

use latu::course::ShootingPosition;
use latu::shooting::range::{target_at, target_centre_urad, zone_radius_urad};
use latu::shooting::stage::AIM_UNIT_URAD;
use latu::shooting::{Rifle, ShootingStage, StageAction, StageSetup, TargetState};

/// Offsets in microradians on the zone's edge: on the axes and along a 3-4-5 diagonal (exact
/// in integers, since both radii are multiples of 5).
fn edge_offsets(radius: i64) -> [(i64, i64); 4] {
    let unit = radius / 5;
    [
        (radius, 0),
        (0, -radius),
        (-3 * unit, 4 * unit),
        (4 * unit, -3 * unit),
    ]
}

/// One step further out (or in) along the same direction, by 10 µrad (one aim unit).
fn moved(offset: (i64, i64), by: i64) -> (i64, i64) {
    let step = |v: i64| v + v.signum() * by;
    (step(offset.0), step(offset.1))
}

#[test]
fn the_zone_edge_is_a_hit_and_a_hair_outside_is_not() {
    for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
        let radius = zone_radius_urad(position);
        for target in 0..5 {
            let (cx, cy) = target_centre_urad(target);
            for (dx, dy) in edge_offsets(radius) {
                let at = |(x, y): (i64, i64)| target_at((cx + x, cy + y), position);
                assert_eq!(at((dx, dy)), Some(target), "{position:?} edge {dx},{dy}");
                assert_eq!(at(moved((dx, dy), -1)), Some(target), "{position:?} inside");
                assert_eq!(
                    at(moved((dx, dy), 1)),
                    None,
                    "{position:?} outside {dx},{dy}"
                );
            }
        }
    }
}

#[test]
fn the_zones_have_the_real_sizes_at_fifty_metres() {
    // 45 mm and 115 mm across at 50 m: radii 0.45 and 1.15 mrad.
    assert_eq!(zone_radius_urad(ShootingPosition::Prone), 450);
    assert_eq!(zone_radius_urad(ShootingPosition::Standing), 1150);
    // A standing-sized miss is a hit only standing.
    let (cx, cy) = target_centre_urad(2);
    assert_eq!(target_at((cx + 800, cy), ShootingPosition::Prone), None);
    assert_eq!(
        target_at((cx + 800, cy), ShootingPosition::Standing),
        Some(2)
    );
}

/// Fire one shot through a stage with a still sight, aimed `offset` µrad from target 0's
/// centre (where the rifle comes up); whether target 0 fell.
fn shot_hits(position: ShootingPosition, offset: (i64, i64)) -> bool {
    let mut stage = ShootingStage::new(StageSetup {
        seed: 7,
        stage_index: 0,
        position,
        sway_factor: 0.0,
        arrival_bpm: 150.0,
        round_price: 10,
        purse: 0,
        rifle: Rifle::Training,
        wind_mps: 0.0,
    });
    let units = |v: i64| i32::try_from(v / i64::from(AIM_UNIT_URAD)).expect("a small offset");
    let aim = StageAction::Aim {
        dx: units(offset.0),
        dy: units(offset.1),
    };
    let events = stage.step(&[aim, StageAction::Fire]);
    let shot = events.shot.expect("the first round fires at once");
    assert_eq!(shot.hit.is_some(), stage.targets()[0] == TargetState::Hit);
    shot.hit == Some(0)
}

#[test]
fn a_stage_judges_the_edge_the_same_way() {
    for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
        for edge in edge_offsets(zone_radius_urad(position)) {
            assert!(shot_hits(position, edge), "{position:?} edge {edge:?}");
            assert!(shot_hits(position, moved(edge, -10)), "{position:?} inside");
            assert!(
                !shot_hits(position, moved(edge, 10)),
                "{position:?} outside"
            );
        }
    }
}
