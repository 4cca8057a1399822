//! A stage replays exactly: the bot's recorded actions, fed to a fresh stage with the same
//! setup, give the same outcome and the same state hash at every tick; a different seed or a
//! changed input gives a different state.

use latu::course::ShootingPosition;
use latu::shooting::{Rifle, ShootingBot, ShootingStage, StageAction, StageOutcome, StageSetup};

fn setup(seed: u64) -> StageSetup {
    StageSetup {
        seed,
        stage_index: 2,
        position: ShootingPosition::Standing,
        sway_factor: 1.8,
        arrival_bpm: 175.0,
        round_price: 10,
        purse: 30,
        rifle: Rifle::Training,
        wind_mps: 0.0,
    }
}

/// The bot plays a stage; the actions it sent each tick and the state hash after each tick.
fn record(seed: u64) -> (Vec<Vec<StageAction>>, Vec<u64>, StageOutcome) {
    let mut stage = ShootingStage::new(setup(seed));
    let mut bot = ShootingBot::default();
    let (mut log, mut hashes) = (Vec::new(), Vec::new());
    while stage.outcome().is_none() {
        let actions = bot.actions(&stage.view());
        stage.step(&actions);
        log.push(actions);
        hashes.push(stage.state_hash());
    }
    let outcome = stage.outcome().expect("finished");
    (log, hashes, outcome)
}

fn replay(seed: u64, log: &[Vec<StageAction>]) -> (Vec<u64>, Option<StageOutcome>) {
    let mut stage = ShootingStage::new(setup(seed));
    let hashes = log
        .iter()
        .map(|actions| {
            stage.step(actions);
            stage.state_hash()
        })
        .collect();
    (hashes, stage.outcome())
}

#[test]
fn the_same_inputs_replay_the_same_stage() {
    for seed in 0..20 {
        let (log, hashes, outcome) = record(seed);
        let (replayed, replayed_outcome) = replay(seed, &log);
        assert_eq!(replayed, hashes, "seed {seed}");
        assert_eq!(replayed_outcome, Some(outcome), "seed {seed}");
    }
}

#[test]
fn another_seed_or_another_input_is_another_stage() {
    let (log, hashes, _) = record(5);
    let (other_seed, _) = replay(6, &log);
    assert_ne!(other_seed.last(), hashes.last());

    let mut nudged = log.clone();
    let first_aim = nudged
        .iter()
        .position(|actions| actions.iter().any(|a| matches!(a, StageAction::Aim { .. })))
        .expect("the bot drags onto the targets");
    nudged[first_aim].push(StageAction::Aim { dx: 1, dy: 0 });
    let (changed, _) = replay(5, &nudged);
    assert_eq!(changed[..first_aim], hashes[..first_aim]);
    assert_ne!(changed[first_aim], hashes[first_aim]);
}
