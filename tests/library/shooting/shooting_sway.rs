//! The sway: RMS grows with heart rate and with the level's sway factor, standing sways more
//! than prone; the heart settles while waiting; a breath-hold steadies, then strains.

use glam::DVec2;
use latu::course::levels::LEVELS;
use latu::course::ShootingPosition;
use latu::shooting::breath::{SETTLE_TICKS, STEADY_TICKS};
use latu::shooting::heart::{arrival_bpm, SETTLED_BPM};
use latu::shooting::range::target_centre_mrad;
use latu::shooting::sway::{Sway, SwayDrive};
use latu::shooting::{Rifle, ShootingStage, StageAction, StageSetup, TICKS_PER_SECOND};

const SECOND: u32 = TICKS_PER_SECOND;

/// Root mean square of the offsets' lengths.
fn rms(offsets: &[DVec2]) -> f64 {
    (offsets.iter().map(|o| o.length_squared()).sum::<f64>() / offsets.len() as f64).sqrt()
}

/// RMS of a sway held at a fixed heart rate and factor over 30 s, breathing freely.
fn sway_rms(seed: u64, position: ShootingPosition, level_factor: f64, heart_bpm: f64) -> f64 {
    let mut sway = Sway::new(seed, 0);
    let drive = SwayDrive {
        position,
        level_factor,
        rifle_factor: 1.0,
        heart_bpm,
        breath_wave: 1.0,
        breath_factor: 1.0,
        follow: 1.0,
    };
    let offsets: Vec<DVec2> = (0..30 * SECOND).map(|_| sway.step(&drive)).collect();
    rms(&offsets)
}

#[test]
fn sway_grows_with_heart_rate() {
    for seed in 0..10 {
        for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
            let by_rate: Vec<f64> = (8..=19)
                .map(|tens| sway_rms(seed, position, 1.5, f64::from(tens) * 10.0))
                .collect();
            assert!(by_rate.windows(2).all(|w| w[0] < w[1]), "{by_rate:?}");
        }
    }
}

#[test]
fn sway_grows_with_the_level_and_standing_sways_more() {
    for seed in 0..10 {
        let by_level: Vec<f64> = (0..=8)
            .map(|step| 1.0 + f64::from(step) * 0.125)
            .map(|factor| sway_rms(seed, ShootingPosition::Prone, factor, 140.0))
            .collect();
        assert!(by_level.windows(2).all(|w| w[0] < w[1]), "{by_level:?}");
        let prone = sway_rms(seed, ShootingPosition::Prone, 1.0, 140.0);
        let standing = sway_rms(seed, ShootingPosition::Standing, 1.0, 140.0);
        assert!(standing > 2.0 * prone, "{standing} vs {prone}");
    }
}

fn stage(seed: u64) -> ShootingStage {
    ShootingStage::new(StageSetup {
        seed,
        stage_index: 1,
        position: ShootingPosition::Standing,
        sway_factor: 1.5,
        arrival_bpm: 180.0,
        round_price: 10,
        purse: 0,
        rifle: Rifle::Training,
        wind_mps: 0.0,
    })
}

/// The sight's offset from where the rifle came up (target 0), each tick, while `hold` says
/// whether the breath is held at that tick.
fn sight_offsets(seed: u64, ticks: u32, hold: impl Fn(u32) -> bool) -> Vec<DVec2> {
    let mut stage = stage(seed);
    let mut held = false;
    (0..ticks)
        .map(|tick| {
            let actions: Vec<StageAction> = if hold(tick) != held {
                held = hold(tick);
                vec![StageAction::HoldBreath(held)]
            } else {
                Vec::new()
            };
            stage.step(&actions);
            stage.sight_mrad() - target_centre_mrad(0)
        })
        .collect()
}

#[test]
fn the_heart_settles_while_waiting_and_the_sight_calms() {
    let mut stage = stage(3);
    let mut rates = vec![stage.heart_bpm()];
    for _ in 0..40 * SECOND {
        stage.step(&[]);
        rates.push(stage.heart_bpm());
    }
    assert!(rates.windows(2).all(|w| w[1] < w[0]), "falls every tick");
    assert!(rates.iter().all(|r| *r > SETTLED_BPM));
    assert!(rates[rates.len() - 1] < SETTLED_BPM + 10.0, "{rates:?}");

    for seed in 0..10 {
        let offsets = sight_offsets(seed, 30 * SECOND, |_| false);
        let early = rms(&offsets[..(5 * SECOND) as usize]);
        let late = rms(&offsets[(25 * SECOND) as usize..]);
        assert!(late < 0.75 * early, "seed {seed}: {late} vs {early}");
    }
}

#[test]
fn a_breath_hold_steadies_then_the_sway_comes_back_stronger() {
    let window = |offsets: &[DVec2], from_s: f64, to_s: f64| {
        let tick = |s: f64| (s * f64::from(SECOND)) as usize;
        rms(&offsets[tick(from_s)..tick(to_s)])
    };
    let steady_end = f64::from(STEADY_TICKS) / f64::from(SECOND);
    let settle = f64::from(SETTLE_TICKS) / f64::from(SECOND);
    let release_s = 9.0;
    for seed in 0..10 {
        let free = sight_offsets(seed, 12 * SECOND, |_| false);
        let held = sight_offsets(seed, 12 * SECOND, |tick| tick < 9 * SECOND);
        let steady = (settle + 0.2, steady_end);
        assert!(
            window(&held, steady.0, steady.1) < 0.8 * window(&free, steady.0, steady.1),
            "seed {seed}: a fresh hold steadies"
        );
        let strained = (steady_end + 3.0, release_s);
        assert!(
            window(&held, strained.0, strained.1) > 1.2 * window(&free, strained.0, strained.1),
            "seed {seed}: an over-long hold shakes"
        );
        let after = (release_s + settle, release_s + 2.0);
        assert!(
            window(&held, after.0, after.1) > window(&free, after.0, after.1),
            "seed {seed}: the air debt outlasts the hold"
        );
    }
}

#[test]
fn faster_levels_arrive_with_a_higher_pulse() {
    let rates: Vec<f64> = LEVELS
        .iter()
        .map(|level| arrival_bpm(level.speed))
        .collect();
    assert!(rates.windows(2).all(|w| w[0] < w[1]), "{rates:?}");
    assert!(
        rates[0] > 150.0 && rates[rates.len() - 1] <= 190.0,
        "{rates:?}"
    );
}

#[test]
fn a_miss_raises_the_heart_rate_and_the_sway_with_it() {
    use latu::shooting::heart::{ARRIVAL_BPM_MAX, MISS_BPM};
    // Wait until the heart has settled a little, then fire at the sky twice.
    let mut stage = stage(3);
    for _ in 0..5 * SECOND {
        stage.step(&[]);
    }
    let calm = stage.heart_bpm();
    stage.step(&[StageAction::Aim { dx: 0, dy: -2000 }]);
    let before = stage.heart_bpm();
    let events = stage.step(&[StageAction::Fire]);
    let shot = events.shot.expect("a round was fired");
    assert_eq!(shot.hit, None, "a shot at the sky misses");
    let after_miss = stage.heart_bpm();
    assert!(
        after_miss > before + MISS_BPM * 0.9 && after_miss <= ARRIVAL_BPM_MAX,
        "{calm} -> {before} -> {after_miss}"
    );
    assert_eq!(stage.tally().misses, 1);
    // The same stage without the miss is calmer, tick for tick, for the next seconds.
    let mut patient = self::stage(3);
    for _ in 0..5 * SECOND + 2 {
        patient.step(&[]);
    }
    assert!(patient.heart_bpm() < after_miss - MISS_BPM * 0.9);
}
