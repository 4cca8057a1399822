//! The crowd and the flags that move: spectators at every range and the finish bob as they
//! wait and jump with their arms up when the run gives them something to cheer (a target down,
//! a range reached, the finish: [`CrowdCheer`] notes the run's events), and the flags over the
//! stadium wave. Each figure is one of a few meshes built once, placed and lifted each frame
//! into the scene's one mesh (no draw call of its own).

use crate::mesh::MeshData;
use crate::models::{
    flag_cloth, range_crowd, spectator_figure, stadium_crowd, stadium_flags, Spectator, ARM_POSES,
    COATS, FLAG_SEGMENTS, TARGET_DISTANCE,
};
use crate::seed::unit_hash;
use crate::sim::{RunEvent, Tick, TICK_HZ};
use glam::{DVec3, Quat, Vec3};

/// How long a cheer takes to die down, seconds, and how loud each cause is (0–1).
const CHEER_FADE_S: f64 = 2.5;
const HIT_CHEER: f32 = 1.0;
const ARRIVAL_CHEER: f32 = 0.6;
const FINISH_CHEER: f32 = 1.0;
/// Waiting spectators bob this much (metres) at about this rate (radians a second); cheering
/// ones jump this high at this rate.
const IDLE_BOB_M: f32 = 0.03;
const IDLE_RATE: f64 = 2.0;
const JUMP_M: f32 = 0.28;
const JUMP_RATE: f64 = 9.0;
const ARMS_RATE: f64 = 6.0;
/// Share of the crowd waving now and then even with nothing to cheer.
const WAVERS: f64 = 0.12;
/// Flags: cloth (height, length) in metres, their colours, and how they wave: the wave's
/// speed (radians a second), its length along the cloth (radians a segment) and its reach
/// at the free end (metres).
const FLAG_SIZE: (f32, f32) = (0.8, 1.4);
const FLAG_COLOURS: [[u8; 4]; 3] = [[214, 40, 44, 255], [250, 250, 250, 255], [30, 90, 200, 255]];
const FLAG_WAVE_RATE: f64 = 5.0;
const FLAG_WAVE_STEP: f32 = 1.1;
const FLAG_WAVE_REACH: f32 = 0.35;

/// What the crowd last cheered, and how loud.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CrowdCheer {
    last: Option<(Tick, f32)>,
    finished: bool,
}

impl CrowdCheer {
    /// Remember `event`, which happened on `tick`.
    pub fn note(&mut self, event: &RunEvent, tick: Tick) {
        let loud = match event {
            RunEvent::TargetDown { .. } => HIT_CHEER,
            RunEvent::StageReached { .. } => ARRIVAL_CHEER,
            RunEvent::Finished => {
                self.finished = true;
                FINISH_CHEER
            }
            _ => return,
        };
        self.last = Some((tick, loud));
    }

    /// How hard the crowd cheers at `now` (0–1): at once after a cheer, dying down; the finish's
    /// goes on.
    pub fn level(&self, now: Tick) -> f32 {
        if self.finished {
            return FINISH_CHEER;
        }
        let Some((tick, loud)) = self.last else {
            return 0.0;
        };
        let since_s = now.since(tick).unwrap_or(0) as f64 / f64::from(TICK_HZ);
        (f64::from(loud) * (1.0 - since_s / CHEER_FADE_S)).max(0.0) as f32
    }
}

/// The crowd's figures and where the people and flags stand at each kind of place.
pub struct CrowdModels {
    /// By coat, then arm pose.
    figures: Vec<MeshData>,
    range: Vec<Spectator>,
    stadium: Vec<Spectator>,
    flags: Vec<Vec3>,
}

/// A thing to place this frame: its mesh, where (world) and how turned.
pub type Placed<'a> = (&'a MeshData, DVec3, Quat);

impl CrowdModels {
    pub fn new(track_width: f32) -> Self {
        let figures = (0..COATS)
            .flat_map(|coat| (0..ARM_POSES).map(move |arms| spectator_figure(coat, arms)))
            .collect();
        Self {
            figures,
            range: range_crowd(track_width, TARGET_DISTANCE),
            stadium: stadium_crowd(track_width),
            flags: stadium_flags(track_width),
        }
    }

    /// The crowd at a range whose stage is at `origin`, at `time_s`, cheering at `cheer`.
    pub fn at_range(
        &self,
        origin: DVec3,
        time_s: f64,
        cheer: f32,
    ) -> impl Iterator<Item = Placed<'_>> {
        self.people(&self.range, origin, time_s, cheer)
    }

    /// The crowd on the stadium's stands at the finish line `origin`.
    pub fn at_stadium(
        &self,
        origin: DVec3,
        time_s: f64,
        cheer: f32,
    ) -> impl Iterator<Item = Placed<'_>> {
        self.people(&self.stadium, origin, time_s, cheer)
    }

    fn people<'a>(
        &'a self,
        people: &'a [Spectator],
        origin: DVec3,
        time_s: f64,
        cheer: f32,
    ) -> impl Iterator<Item = Placed<'a>> {
        people.iter().enumerate().map(move |(k, person)| {
            let phase = std::f64::consts::TAU * unit_hash(k as u64);
            let waver = unit_hash(k as u64 ^ 0x5741_5645) < WAVERS;
            let bob = IDLE_BOB_M * (time_s * IDLE_RATE + phase).sin() as f32;
            let hop = (time_s * JUMP_RATE + phase).sin().max(0.0) as f32;
            let swing = 0.5 + 0.5 * (time_s * ARMS_RATE + phase).sin() as f32;
            let excited = if waver { cheer.max(0.5) } else { cheer };
            let arms = ((excited * swing * ARM_POSES as f32) as usize).min(ARM_POSES - 1);
            let lift = bob + JUMP_M * cheer * hop;
            let mesh = &self.figures[person.coat * ARM_POSES + arms];
            let at = origin + person.feet.as_dvec3() + DVec3::Y * f64::from(lift);
            let turn = Quat::from_rotation_y(person.facing.x.atan2(person.facing.z));
            (mesh, at, turn)
        })
    }

    /// The stadium's flags at the finish line `origin`, waving at `time_s`: each cloth and the
    /// top of its pole.
    pub fn stadium_flags(&self, origin: DVec3, time_s: f64) -> Vec<(MeshData, DVec3)> {
        self.flags
            .iter()
            .enumerate()
            .map(|(k, &top)| {
                let phase = (time_s * FLAG_WAVE_RATE) as f32 + k as f32;
                let waves = std::array::from_fn::<f32, { FLAG_SEGMENTS + 1 }, _>(|s| {
                    let reach = FLAG_WAVE_REACH * s as f32 / FLAG_SEGMENTS as f32;
                    reach * (phase - FLAG_WAVE_STEP * s as f32).sin()
                });
                let colour = FLAG_COLOURS[k % FLAG_COLOURS.len()];
                (
                    flag_cloth(FLAG_SIZE, waves, colour),
                    origin + top.as_dvec3(),
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crowd_cheers_a_target_down_then_quietens_and_roars_on_at_the_finish() {
        let mut cheer = CrowdCheer::default();
        assert_eq!(cheer.level(Tick::new(10)), 0.0);
        cheer.note(&RunEvent::TargetDown { target: 0 }, Tick::new(100));
        assert_eq!(cheer.level(Tick::new(100)), HIT_CHEER);
        assert!(cheer.level(Tick::new(160)) < HIT_CHEER);
        assert_eq!(cheer.level(Tick::new(1_000)), 0.0);
        cheer.note(&RunEvent::Finished, Tick::new(2_000));
        assert_eq!(cheer.level(Tick::new(9_000)), FINISH_CHEER);
    }
}
