//! The shooting autopilot over many seeds on the hardest settings: it fires at least five shots
//! per stage, misses sometimes, and hits far more often than it misses.

use latu::course::{ShootingPosition, MAX_SKIER_SPEED};
use latu::shooting::heart::arrival_bpm;
use latu::shooting::reward::DEFAULT_ROUND_PRICE;
use latu::shooting::{ShootingBot, ShootingStage, StageOutcome, StageSetup};

/// The hardest level's sway factor.
const HARDEST_SWAY_FACTOR: f64 = 2.5;

/// Seeds per position.
const SEEDS: u64 = 200;

/// Ticks after which a stage that has not finished is a failure (two minutes).
const TICK_LIMIT: u32 = 120 * 60;

fn bot_stage(seed: u64, position: ShootingPosition, sway_factor: f64, speed: f64) -> StageOutcome {
    let mut stage = ShootingStage::new(StageSetup {
        seed,
        stage_index: (seed % 4) as u32,
        position,
        sway_factor,
        arrival_bpm: arrival_bpm(speed),
        round_price: DEFAULT_ROUND_PRICE,
        purse: 50,
    });
    let mut bot = ShootingBot::default();
    for _ in 0..TICK_LIMIT {
        if let Some(outcome) = stage.outcome() {
            return outcome;
        }
        let actions = bot.actions(&stage.view());
        stage.step(&actions);
    }
    panic!("seed {seed}: the bot did not finish the stage in {TICK_LIMIT} ticks");
}

#[derive(Debug, Default)]
struct Totals {
    stages: u32,
    shots: u32,
    hits: u32,
    misses: u32,
    penalty_targets: u32,
    fewest_shots: u32,
    ticks: u64,
}

fn totals(position: ShootingPosition, sway_factor: f64, speed: f64) -> Totals {
    let mut totals = Totals {
        fewest_shots: u32::MAX,
        ..Totals::default()
    };
    for seed in 0..SEEDS {
        let outcome = bot_stage(seed, position, sway_factor, speed);
        totals.stages += 1;
        totals.shots += outcome.shots;
        totals.hits += outcome.hits;
        totals.misses += outcome.misses;
        totals.penalty_targets += outcome.penalty_targets;
        totals.fewest_shots = totals.fewest_shots.min(outcome.shots);
        totals.ticks += u64::from(outcome.ticks);
    }
    println!(
        "{position:?} sway {sway_factor}: {totals:?}, miss rate {:.3}, mean {:.1} s per stage",
        f64::from(totals.misses) / f64::from(totals.shots),
        totals.ticks as f64 / 60.0 / f64::from(totals.stages)
    );
    totals
}

fn assert_decent(totals: &Totals) {
    assert!(totals.fewest_shots >= 5, "{totals:?}");
    assert!(totals.misses > 0, "never misses: {totals:?}");
    assert!(
        totals.misses * 4 < totals.hits,
        "misses too often: {totals:?}"
    );
}

#[test]
fn the_bot_shoots_standing_on_the_hardest_level_like_a_decent_player() {
    assert_decent(&totals(
        ShootingPosition::Standing,
        HARDEST_SWAY_FACTOR,
        MAX_SKIER_SPEED,
    ));
}

#[test]
fn the_bot_shoots_prone_on_the_hardest_level_like_a_decent_player() {
    assert_decent(&totals(
        ShootingPosition::Prone,
        HARDEST_SWAY_FACTOR,
        MAX_SKIER_SPEED,
    ));
}

/// The level table's (sway factor, speed) rows, easiest first.
const LEVELS: [(f64, f64); 5] = [
    (1.0, 10.0),
    (1.3, 11.5),
    (1.6, 13.0),
    (2.0, 14.5),
    (2.5, 16.0),
];

#[test]
fn the_bot_misses_more_on_harder_levels_but_never_mostly() {
    for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
        let misses: Vec<u32> = LEVELS
            .iter()
            .map(|&(sway, speed)| totals(position, sway, speed))
            .map(|totals| {
                assert!(totals.misses * 4 < totals.hits, "{totals:?}");
                totals.misses
            })
            .collect();
        assert!(misses.windows(2).all(|w| w[0] <= w[1]), "{misses:?}");
        assert!(misses[0] < misses[4], "{misses:?}");
    }
}
