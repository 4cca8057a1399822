//! The shooting autopilot over many seeds: on the hardest level it fires at least five shots
//! per stage, misses sometimes, and hits far more often than it misses; its misses grow with
//! the level. Run with `--nocapture` to see the figures.

use latu::course::levels::{LevelSpec, LEVELS};
use latu::course::ShootingPosition;
use latu::shooting::heart::arrival_bpm;
use latu::shooting::{Rifle, ShootingBot, ShootingStage, StageOutcome, StageSetup};

/// Seeds per level and position.
const SEEDS: u64 = 200;

/// Ticks after which a stage that has not finished is a failure (two minutes).
const TICK_LIMIT: u32 = 120 * 60;

/// Coins in the purse on arrival (enough for a round or two on every level).
const PURSE: u32 = 80;

/// The hardest level: the most sway, the fastest skiing (the highest pulse on arrival).
fn hardest() -> &'static LevelSpec {
    let hardest = &LEVELS[LEVELS.len() - 1];
    assert!(LEVELS
        .iter()
        .all(|l| l.sway <= hardest.sway && l.speed <= hardest.speed));
    hardest
}

fn bot_stage(seed: u64, position: ShootingPosition, level: &LevelSpec) -> StageOutcome {
    let mut stage = ShootingStage::new(StageSetup {
        seed,
        stage_index: (seed % 4) as u32,
        position,
        sway_factor: level.sway,
        arrival_bpm: arrival_bpm(level.speed),
        round_price: level.round_price,
        purse: PURSE,
        rifle: Rifle::Training,
        wind_mps: 0.0,
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

fn totals(position: ShootingPosition, level: &LevelSpec) -> Totals {
    let mut totals = Totals {
        fewest_shots: u32::MAX,
        ..Totals::default()
    };
    for seed in 0..SEEDS {
        let outcome = bot_stage(seed, position, level);
        totals.stages += 1;
        totals.shots += outcome.shots;
        totals.hits += outcome.hits;
        totals.misses += outcome.misses;
        totals.penalty_targets += outcome.penalty_targets;
        totals.fewest_shots = totals.fewest_shots.min(outcome.shots);
        totals.ticks += u64::from(outcome.ticks);
    }
    println!(
        "level {} {position:?} (sway {}): {totals:?}, miss rate {:.3}, mean {:.1} s per stage",
        level.level,
        level.sway,
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
    assert_decent(&totals(ShootingPosition::Standing, hardest()));
}

#[test]
fn the_bot_shoots_prone_on_the_hardest_level_like_a_decent_player() {
    assert_decent(&totals(ShootingPosition::Prone, hardest()));
}

#[test]
fn the_bot_misses_more_on_harder_levels_but_never_mostly() {
    for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
        let misses: Vec<u32> = LEVELS
            .iter()
            .map(|level| totals(position, level))
            .map(|totals| {
                assert!(totals.misses * 4 < totals.hits, "{totals:?}");
                totals.misses
            })
            .collect();
        assert!(misses.windows(2).all(|w| w[0] <= w[1]), "{misses:?}");
        assert!(misses[0] < misses[misses.len() - 1], "{misses:?}");
    }
}
