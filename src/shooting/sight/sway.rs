//! The sight's sway: a slow breathing wave, a faster pulse beat and fine tremor, scaled by the
//! position, the level's sway factor, the heart rate and the breath. Deterministic from
//! (seed, stage, tick): the phases are integers, the waves use the portable [`trig`], the
//! tremor comes from a seeded PCG.
//!
//! [`trig`]: super::trig

use crate::course::ShootingPosition;
use crate::seed::StateHasher;
use crate::shooting::TICKS_PER_SECOND;
use crate::trig::{phase_step, sin_turns, QUARTER_TURN};
use glam::DVec2;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// Sway scale prone (rifle on a sling, body on the ground), mrad per unit of wave.
pub const PRONE_SCALE_MRAD: f64 = 0.18;

/// Sway scale standing: the standing position sways more.
pub const STANDING_SCALE_MRAD: f64 = 0.45;

/// Heart rate at which the heart-rate gain is 1, beats per minute. The gain is linear in the
/// heart rate: a racing heart shakes the sight in proportion.
pub const REFERENCE_BPM: f64 = 100.0;

/// Heart beats per breath: breathing speeds up with the pulse.
pub const BEATS_PER_BREATH: f64 = 4.0;

/// Breathing wave amplitudes (vertical, horizontal), in wave units: the chest lifts the muzzle.
const BREATH_AMPLITUDE: DVec2 = DVec2::new(0.35, 1.0);

/// Pulse beat amplitudes (vertical, horizontal), in wave units.
const PULSE_AMPLITUDE: DVec2 = DVec2::new(0.3, 0.6);

/// Weight of the pulse's second harmonic, which sharpens the beat.
const PULSE_HARMONIC: f64 = 0.5;

/// Tremor amplitude, in wave units.
const TREMOR_AMPLITUDE: f64 = 2.2;

/// Low-pass weight of each new tremor sample (smaller = smoother tremor).
const TREMOR_SMOOTHING: f64 = 0.25;

/// Purpose tag mixed into the seed of the sway's random stream ("SWAY").
const SWAY_PURPOSE: u64 = 0x5357_4159;

/// Odd multiplier (2⁶⁴ / golden ratio) that spreads stage indices over the seed's bits.
const STAGE_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// 2³¹: maps a random `u32` onto [0, 2).
const HALF_U32_RANGE: f64 = 2_147_483_648.0;

const SECONDS_PER_MINUTE: f64 = 60.0;

/// What drives the sway this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SwayDrive {
    pub position: ShootingPosition,
    /// The level's sway factor (1 = the easiest level; 0 = a perfectly still sight).
    pub level_factor: f64,
    /// The rifle's sway multiplier (1 = the training rifle).
    pub rifle_factor: f64,
    pub heart_bpm: f64,
    /// Weight of the breathing wave, 0–1 (see [`super::breath::Breath::wave_weight`]).
    pub breath_wave: f64,
    /// Multiplier from the breath (see [`super::breath::Breath::sway_factor`]).
    pub breath_factor: f64,
    /// Share of its way to the sway's new offset the sight moves this tick (1: all of it; less
    /// under the touch aim assist, [`crate::shooting::stage::TOUCH_SWAY_FOLLOW`]).
    pub follow: f64,
}

impl SwayDrive {
    /// The overall scale of the sway, mrad per wave unit.
    pub fn scale_mrad(&self) -> f64 {
        let position = match self.position {
            ShootingPosition::Prone => PRONE_SCALE_MRAD,
            ShootingPosition::Standing => STANDING_SCALE_MRAD,
        };
        position
            * self.level_factor
            * self.rifle_factor
            * (self.heart_bpm / REFERENCE_BPM)
            * self.breath_factor
    }
}

/// The sway's state: two wave phases, the tremor and its random stream.
#[derive(Debug, Clone, PartialEq)]
pub struct Sway {
    breath_phase: u32,
    pulse_phase: u32,
    tremor: DVec2,
    rng: Pcg32,
    offset: DVec2,
}

impl Sway {
    /// The sway of stage `stage_index` of the run seeded `seed`; starts at rest (zero offset).
    pub fn new(seed: u64, stage_index: u32) -> Sway {
        let mut rng = Pcg32::seed_from_u64(seed_for(seed, stage_index));
        let breath_phase = rng.next_u32();
        let pulse_phase = rng.next_u32();
        Sway {
            breath_phase,
            pulse_phase,
            tremor: DVec2::ZERO,
            rng,
            offset: DVec2::ZERO,
        }
    }

    /// The sight's offset from the aim point, mrad (as of the last step).
    pub fn offset(&self) -> DVec2 {
        self.offset
    }

    /// Advance one tick and return the new offset, mrad.
    pub fn step(&mut self, drive: &SwayDrive) -> DVec2 {
        let beat_hz = drive.heart_bpm / SECONDS_PER_MINUTE;
        let breath_hz = beat_hz / BEATS_PER_BREATH * drive.breath_wave;
        self.breath_phase = self
            .breath_phase
            .wrapping_add(phase_step(breath_hz, TICKS_PER_SECOND));
        self.pulse_phase = self
            .pulse_phase
            .wrapping_add(phase_step(beat_hz, TICKS_PER_SECOND));
        let noise = DVec2::new(self.next_noise(), self.next_noise());
        self.tremor += (noise - self.tremor) * TREMOR_SMOOTHING;

        let breathing = DVec2::new(
            sin_turns(self.breath_phase.wrapping_add(QUARTER_TURN)),
            sin_turns(self.breath_phase),
        ) * BREATH_AMPLITUDE
            * drive.breath_wave;
        let beat = sin_turns(self.pulse_phase)
            + PULSE_HARMONIC * sin_turns(self.pulse_phase.wrapping_mul(2));
        let pulse = DVec2::new(
            sin_turns(self.pulse_phase.wrapping_add(QUARTER_TURN / 2)),
            beat,
        ) * PULSE_AMPLITUDE;
        let tremor = self.tremor * TREMOR_AMPLITUDE;
        let swayed = (breathing + pulse + tremor) * drive.scale_mrad();
        // Exactly the sway unassisted (a + (b − a) need not be b in floats).
        self.offset = if drive.follow >= 1.0 {
            swayed
        } else {
            self.offset + (swayed - self.offset) * drive.follow
        };
        self.offset
    }

    /// Feed the whole state into a replay hash (the random stream by its next draw).
    pub fn hash_into(&self, hasher: &mut StateHasher) {
        hasher.add(i64::from(self.breath_phase));
        hasher.add(i64::from(self.pulse_phase));
        for value in [self.tremor.x, self.tremor.y, self.offset.x, self.offset.y] {
            hasher.add_u64(value.to_bits());
        }
        hasher.add_u64(self.rng.clone().next_u64());
    }

    /// Uniform in [-1, 1), from 32 random bits (no float draws from the RNG).
    fn next_noise(&mut self) -> f64 {
        f64::from(self.rng.next_u32()) / HALF_U32_RANGE - 1.0
    }
}

/// Seed of the sway's random stream for one stage of one run.
fn seed_for(seed: u64, stage_index: u32) -> u64 {
    seed ^ SWAY_PURPOSE.rotate_left(32) ^ u64::from(stage_index).wrapping_mul(STAGE_MIX)
}
