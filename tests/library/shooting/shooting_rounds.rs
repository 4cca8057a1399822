//! Rounds and rewards, with a still sight so every shot goes exactly where it is aimed: care
//! costs nothing for a settling time, then the speed bonus drains; a miss forfeits it; a clean
//! stage pays a bonus; when all eight rounds are spent the player
//! buys a round or takes the penalty loop (150 m per target left standing).

use latu::course::ShootingPosition;
use latu::shooting::reward::{
    ARRIVAL_TICKS, CLEAN_STAGE_BONUS, HIT_PAY, PENALTY_LOOP_M, SETTLE_FIRST_TICKS,
    SETTLE_NEXT_TICKS, SPEED_BONUS_MAX,
};
use latu::shooting::rounds::{MAGAZINE_ROUNDS, SPARE_ROUNDS};
use latu::shooting::{Rifle, ShootingStage, StageAction, StagePhase, StageSetup, TargetState};

const ROUND_PRICE: u32 = 15;

/// Aim units from one target to the next (2.5 mrad).
const PITCH_UNITS: i32 = 250;

/// Aim units far above every target.
const OVER_UNITS: i32 = 400;

fn still_stage(purse: u32) -> ShootingStage {
    ShootingStage::new(StageSetup {
        seed: 11,
        stage_index: 0,
        position: ShootingPosition::Prone,
        sway_factor: 0.0,
        arrival_bpm: 160.0,
        round_price: ROUND_PRICE,
        purse,
        rifle: Rifle::Training,
        wind_mps: 0.0,
    })
}

/// Wait until the rifle is ready, then fire; the coins the shot paid, if it hit.
fn fire_when_ready(stage: &mut ShootingStage) -> Option<u32> {
    while !stage.view().can_fire {
        assert!(stage.step(&[]).shot.is_none());
    }
    let shot = stage
        .step(&[StageAction::Fire])
        .shot
        .expect("a ready rifle fires");
    shot.hit.map(|_| shot.coins)
}

fn wait(stage: &mut ShootingStage, ticks: u32) {
    for _ in 0..ticks {
        stage.step(&[]);
    }
}

fn aim(stage: &mut ShootingStage, dx: i32, dy: i32) {
    stage.step(&[StageAction::Aim { dx, dy }]);
}

#[test]
fn a_hit_pays_in_full_for_the_settling_time_then_its_bonus_drains() {
    let coins_after = |wait_ticks: u32| {
        let mut stage = still_stage(0);
        wait(&mut stage, wait_ticks);
        fire_when_ready(&mut stage).expect("a still sight on the centre hits")
    };
    let full = HIT_PAY + SPEED_BONUS_MAX;
    // The aiming timer starts once the arrival's card has gone.
    let settled = ARRIVAL_TICKS + SETTLE_FIRST_TICKS;
    let paid: Vec<u32> = [0, 60, 240, settled - 1].map(coins_after).to_vec();
    assert_eq!(paid, [full; 4], "no coin lost while settling");
    let late: Vec<u32> = [0, 60, 180, 600]
        .map(|after| coins_after(settled + after))
        .to_vec();
    assert!(late.windows(2).all(|w| w[1] < w[0]), "{late:?}");
    assert_eq!(late[3], HIT_PAY, "a hit always pays");
}

#[test]
fn a_miss_forfeits_the_speed_bonus_not_the_hit() {
    let mut clean = still_stage(0);
    wait(&mut clean, 100);
    let clean_pay = fire_when_ready(&mut clean).expect("hit");

    let mut missed = still_stage(0);
    aim(&mut missed, 0, OVER_UNITS);
    assert_eq!(fire_when_ready(&mut missed), None);
    aim(&mut missed, 0, -OVER_UNITS);
    wait(&mut missed, 100);
    let missed_pay = fire_when_ready(&mut missed).expect("hit");
    assert_eq!(
        (clean_pay, missed_pay),
        (HIT_PAY + SPEED_BONUS_MAX, HIT_PAY)
    );
    assert_eq!(missed.view().misses, 1);
}

#[test]
fn five_hits_without_a_miss_pay_the_clean_stage_bonus_with_the_last() {
    let mut stage = still_stage(0);
    let mut paid = Vec::new();
    for target in 0..5 {
        if target > 0 {
            aim(&mut stage, PITCH_UNITS, 0);
            // Careful: the whole settling time on each target.
            wait(&mut stage, SETTLE_NEXT_TICKS - 2);
        }
        paid.push(fire_when_ready(&mut stage).expect("a still sight hits"));
    }
    let full = HIT_PAY + SPEED_BONUS_MAX;
    assert_eq!(paid, [full, full, full, full, full + CLEAN_STAGE_BONUS]);
    let outcome = stage.outcome().expect("five down finish the stage");
    assert_eq!(outcome.coins_earned, 5 * full + CLEAN_STAGE_BONUS);
}

/// Spend all eight rounds over the targets, after hitting the first `hits` targets.
fn miss_out(stage: &mut ShootingStage, hits: usize) {
    for _ in 0..hits {
        assert!(fire_when_ready(stage).is_some());
        aim(stage, PITCH_UNITS, 0);
    }
    aim(stage, 0, OVER_UNITS);
    for _ in hits..usize::from(MAGAZINE_ROUNDS + SPARE_ROUNDS) {
        assert_eq!(fire_when_ready(stage), None);
    }
    wait(stage, 1);
    assert_eq!(stage.phase(), StagePhase::OutOfRounds);
    assert!(!stage.view().can_fire);
    assert_eq!(stage.view().shots, 8);
}

#[test]
fn out_of_rounds_the_penalty_loop_is_150_m_per_standing_target() {
    let mut stage = still_stage(0);
    miss_out(&mut stage, 2);
    assert_eq!(stage.view().standing_targets, 3);
    assert_eq!(stage.view().penalty_if_taken_m, 3.0 * PENALTY_LOOP_M);
    // Firing does nothing now; waiting does not end the stage.
    assert!(stage.step(&[StageAction::Fire]).shot.is_none());
    wait(&mut stage, 600);
    assert!(stage.outcome().is_none());

    assert!(stage.step(&[StageAction::TakePenalty]).finished);
    let outcome = stage.outcome().expect("finished");
    assert_eq!(outcome.penalty_targets, 3);
    assert_eq!(outcome.penalty_m(), 450.0);
    assert_eq!((outcome.shots, outcome.hits, outcome.misses), (8, 2, 6));
    assert_eq!(stage.view().phase, StagePhase::Finished);
}

#[test]
fn the_penalty_cannot_be_taken_while_rounds_remain() {
    let mut stage = still_stage(0);
    stage.step(&[StageAction::TakePenalty]);
    assert!(stage.outcome().is_none());
    assert_eq!(stage.phase(), StagePhase::Aiming);
}

#[test]
fn out_of_rounds_a_bought_round_is_loaded_and_can_clear_the_range() {
    let mut stage = still_stage(ROUND_PRICE);
    miss_out(&mut stage, 4);
    // The four hits paid coins too; the purse covers several rounds.
    let view = stage.view();
    assert!(view.can_buy, "{view:?}");
    let (purse, earned_before) = (view.purse, view.coins_earned);
    assert!(earned_before > 0);
    assert!(stage.step(&[StageAction::BuyRound]).round_bought);
    assert_eq!(stage.phase(), StagePhase::Reloading);
    aim(&mut stage, 0, -OVER_UNITS);
    assert!(fire_when_ready(&mut stage).is_some());
    let outcome = stage.outcome().expect("all five down");
    assert_eq!(stage.targets(), [TargetState::Hit; 5]);
    assert_eq!(outcome.coins_spent, ROUND_PRICE);
    assert_eq!(outcome.rounds_bought, 1);
    assert_eq!(outcome.penalty_targets, 0);
    assert_eq!(outcome.penalty_m(), 0.0);
    // The purse: what was brought, plus every hit's pay, minus the round.
    assert_eq!(purse, ROUND_PRICE + earned_before);
    assert_eq!(stage.view().purse, outcome.coins_earned);
}

#[test]
fn a_short_purse_cannot_buy_a_round() {
    let mut stage = still_stage(0);
    miss_out(&mut stage, 0);
    assert!(!stage.view().can_buy);
    assert!(!stage.step(&[StageAction::BuyRound]).round_bought);
    assert_eq!(stage.phase(), StagePhase::OutOfRounds);
    assert_eq!(stage.view().coins_spent, 0);
}

#[test]
fn a_second_shot_at_a_white_target_is_a_miss() {
    let mut stage = still_stage(0);
    assert!(fire_when_ready(&mut stage).is_some());
    assert_eq!(fire_when_ready(&mut stage), None);
    let view = stage.view();
    assert_eq!((view.shots, view.misses, view.standing_targets), (2, 1, 4));
}

#[test]
fn the_aim_stays_within_ten_mrad_of_the_centre() {
    let mut stage = still_stage(0);
    for _ in 0..10 {
        aim(&mut stage, i32::MAX, i32::MIN);
    }
    let sight = stage.view().sight_mrad;
    assert_eq!((sight.x, sight.y), (10.0, -10.0));
}
