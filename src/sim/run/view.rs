//! Read access to a run: what the app draws and the results screen shows.

use super::{Lives, Run, GRACE_TICKS, MILLIONTHS};
use crate::course::{Course, CourseKind, Lane, START_LANE};
use crate::seed::StateHasher;
use crate::shooting::StageView;
use crate::sim::score::{score, Medal};
use crate::sim::skier::{Skier, SkierState, Vertical};
use crate::sim::stage::StageResult;
use crate::sim::summary::{EndedBy, Summary};
use crate::sim::units::{metres, Micros};
use crate::sim::Tick;
use crate::sim::TICK_HZ;

impl Run {
    /// The course (for Endless, laid out so far).
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// The skier's lateral and vertical motion.
    pub fn skier(&self) -> &Skier {
        &self.skier
    }

    /// Ticks simulated so far.
    pub fn tick(&self) -> Tick {
        self.tick
    }

    /// Seconds simulated so far.
    pub fn time_s(&self) -> f64 {
        self.tick.seconds()
    }

    /// The skier's position along the track, metres (also the distance skied).
    pub fn z(&self) -> f64 {
        metres(self.z)
    }

    /// The skier's position along the track, micrometres.
    pub(crate) fn z_micros(&self) -> Micros {
        self.z
    }

    /// Distance per tick now, micrometres.
    pub(crate) fn speed_micros(&self) -> Micros {
        self.speed
    }

    /// Forward speed now, m/s.
    pub fn speed(&self) -> f64 {
        metres(self.speed) * f64::from(TICK_HZ)
    }

    /// The lane the skier is in, or moving to.
    pub fn lane(&self) -> Lane {
        self.skier.target_lane()
    }

    /// Sideways position in lanes: 0.0 is the left lane's centre, 2.0 the right one's; moves
    /// linearly during a lane change.
    pub fn lane_position(&self) -> f64 {
        self.skier.lane_position()
    }

    /// Sideways position of the skier's centre, metres from the track's centre line (the left
    /// lane is negative), for lanes `lane_width` metres wide (the terrain's
    /// `TerrainConfig::lane_width`; outcomes never depend on it).
    pub fn lateral_x(&self, lane_width: f64) -> f64 {
        (self.skier.lane_position() - f64::from(START_LANE)) * lane_width
    }

    /// Height of the skis above the track, metres.
    pub fn height_above_track(&self) -> f64 {
        metres(self.skier.height())
    }

    /// What the skier is doing.
    pub fn state(&self) -> SkierState {
        if self.is_finished() {
            SkierState::Finished
        } else if self.lives.is_some_and(Lives::offered) {
            SkierState::Down
        } else if self.at_stage.is_some() {
            SkierState::AtStage
        } else if self.penalty_left > Micros::ZERO {
            SkierState::PenaltyLoop
        } else if self.grace_left > 0 {
            SkierState::Stumbling
        } else {
            match self.skier.vertical() {
                Vertical::Jumping { .. } | Vertical::Flying { .. } => SkierState::Jumping,
                Vertical::Ducking { .. } => SkierState::Ducking,
                Vertical::Ground => SkierState::Skiing,
            }
        }
    }

    /// Share of the running action done, 0–1, for animation.
    pub fn action_progress(&self) -> f32 {
        self.skier.action_progress()
    }

    /// The stage the skier stands at (0-based), if any.
    pub fn at_stage(&self) -> Option<usize> {
        self.at_stage
    }

    /// Whether the run is over: its finish crossed (a level's line, Endless's set length), or
    /// Endless's last life gone.
    pub fn is_finished(&self) -> bool {
        self.finished || self.lives.is_some_and(Lives::out)
    }

    /// How the run ended, once it is over.
    pub fn ended_by(&self) -> Option<EndedBy> {
        if self.lives.is_some_and(Lives::out) {
            Some(EndedBy::Lives)
        } else if !self.finished {
            None
        } else if self.course.kind == CourseKind::Endless {
            Some(EndedBy::Length)
        } else {
            Some(EndedBy::Finish)
        }
    }

    /// Endless's lives left (`None` on a level, which has none).
    pub fn lives_left(&self) -> Option<u8> {
        self.lives.map(Lives::left)
    }

    /// Seconds the second chance is still offered (`None` when it is not on offer).
    pub fn second_chance_offer_s(&self) -> Option<f64> {
        self.lives
            .filter(|lives| lives.offered())
            .map(|lives| f64::from(lives.offer_left()) / f64::from(TICK_HZ))
    }

    /// The run's coins: collected and won at the range, minus lost to hits and spent on extra
    /// rounds (a run brings none). Saturating, so no count can wrap round.
    pub fn coins(&self) -> u32 {
        self.coins_collected
            .saturating_add(self.coins_earned)
            .saturating_add(self.air.coins)
            .saturating_sub(self.coins_lost)
            .saturating_sub(self.coins_spent)
    }

    /// The rifle carried to the shooting stages.
    pub fn rifle(&self) -> crate::shooting::Rifle {
        self.rifle
    }

    /// Coins paid for hits at shooting stages.
    pub fn coins_earned(&self) -> u32 {
        self.coins_earned
    }

    /// Coins paid for extra rounds at shooting stages.
    pub fn coins_spent(&self) -> u32 {
        self.coins_spent
    }

    /// The shooting stage in progress as the player sees it (targets, sight, heart rate,
    /// rounds, aim timer …), while the skier stands at a range with shooting.
    pub fn stage_view(&self) -> Option<StageView> {
        self.at_stage.and_then(|_| self.range.view())
    }

    /// The last stage the skier left (0-based) and how it ended, for the HUD.
    pub fn last_stage_result(&self) -> Option<(usize, StageResult)> {
        self.last_stage
    }

    /// Penalty loop still to ski, metres (0 when none), for the HUD.
    pub fn penalty_left_m(&self) -> f64 {
        metres(self.penalty_left)
    }

    /// Penalty loop skied so far, metres.
    pub fn penalty_skied_m(&self) -> f64 {
        metres(self.penalty_skied)
    }

    pub fn coins_collected(&self) -> u32 {
        self.coins_collected
    }

    pub fn coins_lost(&self) -> u32 {
        self.coins_lost
    }

    /// Coins still ahead of the skier and not taken (for Endless, of the layout so far).
    pub fn coins_remaining(&self) -> usize {
        let ahead = &self.coin_taken[self.coin_cursor.min(self.coin_taken.len())..];
        ahead.iter().filter(|&&taken| !taken).count()
    }

    /// Obstacles hit so far.
    pub fn hits(&self) -> u32 {
        self.hits
    }

    /// Crashes forgiven so far (the first obstacle met only makes the skier stumble).
    pub fn stumbles(&self) -> u32 {
        self.stumbles
    }

    /// Whether the obstacle at `index` in the course's list has been hit (for drawing).
    pub fn obstacle_hit(&self, index: usize) -> bool {
        self.obstacle_hit.get(index).copied().unwrap_or(false)
    }

    /// Ticks since the last hit while its grace period lasts (0 right after the hit's own
    /// tick), for drawing. The grace count starts at `GRACE_TICKS` in the hit's tick and that
    /// tick already counts one down.
    pub fn ticks_since_hit(&self) -> Option<u64> {
        (self.grace_left > 0).then(|| u64::from((GRACE_TICKS - 1).saturating_sub(self.grace_left)))
    }

    /// Whether the coin at `index` in the course's list has been taken (for drawing).
    pub fn coin_taken(&self, index: usize) -> bool {
        self.coin_taken.get(index).copied().unwrap_or(false)
    }

    /// The run's result so far.
    pub fn summary(&self) -> Summary {
        let (level, track) = match self.course.kind {
            CourseKind::Level { level, track } => (Some(level), Some(track)),
            CourseKind::Endless => (None, None),
        };
        let mut summary = Summary {
            level,
            track,
            seed: self.course.seed,
            ticks: self.tick.get(),
            time_s: self.time_s(),
            distance: self.z(),
            coins: self.coins(),
            hits: self.hits,
            shots: self.shots,
            misses: self.misses,
            penalty_m: self.penalty_skied_m(),
            finished: self.finished,
            stages_unshot: self.stages_unshot,
            score: 0,
            medal: Medal::None,
            obstacle_time_lost_s: self.slowdown_lost as f64
                / (MILLIONTHS as f64 * f64::from(TICK_HZ)),
            penalty_time_s: self.penalty_ticks as f64 / f64::from(TICK_HZ),
            rifle: self.rifle,
            // Endless only: a level always ends at its line (and its goldens keep their bytes).
            ended_by: self.lives.and(self.ended_by()),
            lives_left: self.lives_left(),
            pickups: self.power.taken(),
            tricks: self.air.tricks,
            mat_s: self.mat_ticks as f64 / f64::from(TICK_HZ),
        };
        summary.score = score(&summary, self.course.par_s());
        summary.medal = self.course.medals().map_or(Medal::None, |thresholds| {
            Medal::for_score(summary.score, thresholds)
        });
        summary
    }

    /// Where the skier is across its way on the penalty loop, metres (+: its right; 0 off
    /// the loop).
    pub fn loop_offset_m(&self) -> f64 {
        metres(self.steering.offset())
    }

    /// A hash of everything that decides what happens next; equal runs have equal hashes.
    /// The loop's steering decides no outcome and is not in it.
    pub fn state_hash(&self) -> u64 {
        let mut hasher = StateHasher::default();
        hasher.add_u64(self.tick.get());
        hasher.add(self.z.get());
        hasher.add(self.speed.get());
        hasher.add(i64::from(self.recovery_left));
        hasher.add(i64::from(self.grace_left));
        self.skier.hash_into(&mut hasher);
        hasher.add(self.at_stage.map_or(-1, |i| i as i64));
        hasher.add(self.next_stage as i64);
        hasher.add(self.obstacle_cursor as i64);
        hasher.add(self.coin_cursor as i64);
        hasher.add(self.penalty_left.get());
        hasher.add(self.penalty_skied.get());
        for count in [
            self.coins_collected,
            self.coins_lost,
            self.coins_earned,
            self.coins_spent,
            self.hits,
            self.shots,
            self.misses,
            self.stages_unshot,
        ] {
            hasher.add(i64::from(count));
        }
        hasher.add(i64::from(self.finished));
        // Only another rifle than the training one is hashed: runs with it keep their hashes.
        if self.rifle != crate::shooting::Rifle::Training {
            hasher.add(self.rifle.code());
        }
        // Only a run that has stumbled hashes it: runs without one keep their old hashes.
        if self.stumbles > 0 {
            hasher.add(i64::from(self.stumbles));
        }
        // Lives only once a crash has touched them: runs without one keep their old hashes.
        if let Some(lives) = self.lives.filter(|lives| !lives.untouched()) {
            for part in lives.hash_parts() {
                hasher.add(part);
            }
        }
        if let Some(parts) = self.power.hash_parts() {
            for part in parts {
                hasher.add(part);
            }
        }
        if let Some(parts) = self.air.hash_parts() {
            for part in parts {
                hasher.add(part);
            }
        }
        self.range.hash_into(&mut hasher);
        hasher.finish()
    }
}
