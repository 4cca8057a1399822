//! The touch aim assist (#44): a drag over a standing target's hit zone moves the aim a third of
//! its way and the sight follows its sway slowly there, as console shooters' aim friction; keys
//! and the bot aim with `Aim` and play exactly as before. And the speed bonus waits while the
//! arrival's card is up.

use glam::DVec2;
use latu::course::ShootingPosition;
use latu::shooting::reward::ARRIVAL_TICKS;
use latu::shooting::stage::{start_aim, TOUCH_FRICTION};
use latu::shooting::{Rifle, ShootingStage, StageAction, StageSetup};

/// Aim units far off every target (above the plate).
const OFF_TARGET: i32 = 400;

fn stage(sway_factor: f64) -> ShootingStage {
    ShootingStage::new(StageSetup {
        seed: 5,
        stage_index: 0,
        position: ShootingPosition::Prone,
        sway_factor,
        arrival_bpm: 150.0,
        round_price: 10,
        purse: 0,
        rifle: Rifle::Training,
        wind_mps: 0.0,
    })
}

/// How far the aim moved along x after one nudge.
fn moved_x(stage: &mut ShootingStage, nudge: StageAction) -> i32 {
    let before = stage.aim_units().0;
    stage.step(&[nudge]);
    stage.aim_units().0 - before
}

#[test]
fn a_drag_over_a_standing_target_moves_a_third_of_its_way_off_it_all_of_it() {
    let (kept, whole) = TOUCH_FRICTION;
    let mut still = stage(0.0);
    assert_eq!(
        still.aim_units(),
        start_aim(),
        "the rifle comes up on a target"
    );
    // The first drag: aimed by touch from now on, and over the target.
    still.step(&[StageAction::Drag { dx: 0, dy: 0 }]);
    assert!(still.view().assisted);
    assert_eq!(
        moved_x(&mut still, StageAction::Drag { dx: 30, dy: 0 }),
        30 * kept / whole
    );
    // Keys over the same target: no friction, and no assist once they aim.
    assert_eq!(moved_x(&mut still, StageAction::Aim { dx: 6, dy: 0 }), 6);
    assert!(!still.view().assisted);
    // Off the targets a drag moves all its way.
    still.step(&[StageAction::Aim {
        dx: 0,
        dy: OFF_TARGET,
    }]);
    assert!(!still.view().assisted);
    assert_eq!(moved_x(&mut still, StageAction::Drag { dx: 30, dy: 0 }), 30);
}

#[test]
fn slow_drags_over_a_target_still_move_the_rest_is_carried() {
    let mut still = stage(0.0);
    let start = still.aim_units().0;
    for _ in 0..9 {
        still.step(&[StageAction::Drag { dx: 1, dy: 0 }]);
    }
    let (kept, whole) = TOUCH_FRICTION;
    assert_eq!(still.aim_units().0 - start, 9 * kept / whole);
}

/// The sight's travel over `ticks` ticks, aimed by touch or by keys, on a target.
fn sight_travel(touch: bool, ticks: u32) -> f64 {
    let mut swaying = stage(1.0);
    let nudge = if touch {
        StageAction::Drag { dx: 0, dy: 0 }
    } else {
        StageAction::Aim { dx: 0, dy: 0 }
    };
    swaying.step(&[nudge]);
    let mut last: DVec2 = swaying.sight_mrad();
    let mut travel = 0.0;
    for _ in 0..ticks {
        swaying.step(&[]);
        let now = swaying.sight_mrad();
        travel += (now - last).length();
        last = now;
    }
    travel
}

#[test]
fn the_sight_slows_over_the_inner_ring_by_touch_only() {
    let ticks = 600;
    let touch = sight_travel(true, ticks);
    let keys = sight_travel(false, ticks);
    assert!(touch < 0.6 * keys, "touch {touch} mrad, keys {keys} mrad");
}

#[test]
fn keys_play_exactly_as_with_no_assist() {
    // Keys on a target: the sight is the raw sway, bit for bit, as with no nudge at all.
    let mut keys = stage(1.0);
    let mut idle = stage(1.0);
    keys.step(&[StageAction::Aim { dx: 0, dy: 0 }]);
    idle.step(&[]);
    for _ in 0..300 {
        keys.step(&[]);
        idle.step(&[]);
        assert_eq!(keys.sight_mrad(), idle.sight_mrad());
        assert!(!keys.view().assisted);
    }
    assert_eq!(keys.state_hash(), idle.state_hash());
    let mut touched = stage(1.0);
    let mut untouched = stage(1.0);
    touched.step(&[StageAction::Drag { dx: 0, dy: 0 }]);
    untouched.step(&[]);
    assert_ne!(
        touched.state_hash(),
        untouched.state_hash(),
        "touch is in the hash"
    );
}

#[test]
fn the_aiming_timer_waits_while_the_arrival_card_is_up() {
    let mut still = stage(0.0);
    for _ in 0..ARRIVAL_TICKS {
        still.step(&[]);
    }
    assert_eq!(still.view().aim_timer_s, 0.0);
    still.step(&[]);
    assert!(still.view().aim_timer_s > 0.0);
}
