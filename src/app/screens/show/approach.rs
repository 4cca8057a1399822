//! `--show approach`: the moment an obstacle of a class (or a power-up of a kind) lies a given
//! distance ahead of the skier, reached by the bot skiing to it and then held still, so the
//! frame drawn (and the `probe` measured on an obstacle) is that moment whatever the window's
//! frame times.

use super::super::flow::Flow;
use super::probe::{measure, Probe, Probed};
use super::SHOWN_LEVEL;
use crate::app::run::ski_run::Pilot;
use crate::app::screens::nav::Screen;
use crate::app::AppError;
use crate::cli::args::{Approach, ApproachTarget, LevelArgs, ShowScreen};
use crate::course::ramps::flight_length;
use crate::course::Course;
use crate::replay::MAX_TICKS;
use crate::sim::{Run, Vertical};

/// The obstacle shown lies at least this far beyond the start line further than `ahead`, metres:
/// the skier is under way and the countdown's start gate is out of the picture.
const UNDER_WAY_M: f64 = 20.0;

/// How much of Endless `--show approach` lays out to find its moment on, metres.
const ENDLESS_SEARCHED_M: f64 = 5000.0;

/// What a held `--show approach` moment holds in view (its index in the course's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// An obstacle, which is probed.
    Obstacle(usize),
    /// A power-up.
    Pickup(usize),
    /// A ramp (approached, or flown from with a trick).
    Ramp(usize),
    /// A route's fork.
    Route(usize),
}

impl Flow {
    /// The bot skis the course (level 1 unless named) until the first obstacle of the class
    /// (or power-up of the kind) that lies beyond the start is `ahead_m` metres ahead; the run
    /// is held there.
    pub(super) fn approach_run(
        &mut self,
        course: &LevelArgs,
        approach: Approach,
    ) -> Result<Screen, AppError> {
        let mut built = course.course(Some(SHOWN_LEVEL))?;
        // Endless is laid as it is skied: lay enough of it to find the moment on.
        built.extend_to(ENDLESS_SEARCHED_M);
        let (held, z) = approached(&built, approach).ok_or_else(|| AppError::Show {
            screen: "approach".to_owned(),
            why: format!(
                "this course has no {:?} {} m or more from its start",
                approach.target,
                approach.ahead_m + UNDER_WAY_M
            ),
        })?;
        let from_z = z - approach.ahead_m;
        let screen = if approach.target == ApproachTarget::Trick {
            // The bot spreads as soon as it is in the air: hold it half-way through the trick
            // (or once past the flight, if it skied beside the ramp).
            let past = z + flight_length(&built.skier_at(z));
            let reached = move |run: &Run| {
                let ticks = run.skier().action_ticks();
                let mid_trick = matches!(run.skier().vertical(),
                    Vertical::Flying { trick: Some((_, done)), .. } if 2 * done >= ticks.trick);
                mid_trick || run.z() > past
            };
            self.run_until(built, Pilot::Bot, reached, MAX_TICKS)?
        } else {
            self.run_until(built, Pilot::Bot, |run| run.z() >= from_z, MAX_TICKS)?
        };
        if let Some(run) = self.state.run_mut() {
            run.held = Some(held);
        }
        Ok(screen)
    }

    /// Hold the run still with the power-up it has just taken (`--show power-*`: `taken` says
    /// whether it came); an error naming `screen` when the bot took none on this course.
    pub(super) fn hold_taken_power(
        &mut self,
        taken: fn(&Run) -> bool,
        screen: ShowScreen,
    ) -> Result<(), AppError> {
        let run = self
            .state
            .run_mut()
            .filter(|run| taken(run.session.ski().run()));
        let Some(run) = run else {
            let named = clap::ValueEnum::to_possible_value(&screen);
            return Err(AppError::Show {
                screen: named.map_or_else(|| format!("{screen:?}"), |v| v.get_name().to_owned()),
                why: "the bot takes no such power-up on this course: name another with \
                      --level and --track (see the README)"
                    .to_owned(),
            });
        };
        let ski = run.session.ski().run();
        let last = (0..ski.course().pickups.len())
            .rev()
            .find(|&i| ski.pickup_taken(i));
        run.held = last.map(Held::Pickup);
        Ok(())
    }

    /// Whether a held `--show approach` moment is still behind its loading screen.
    pub fn held_loading(&self) -> bool {
        self.state
            .run()
            .is_some_and(|run| run.held.is_some() && run.session.is_loading())
    }

    /// The `probe` of the held obstacle, measured on the frame just drawn; `None` unless a
    /// `--show approach` moment is held.
    pub fn probe(&self) -> Option<Probe> {
        let run = self.state.run()?;
        let Held::Obstacle(index) = run.held? else {
            return None;
        };
        let session = &run.session;
        let camera = session.drawn_camera()?;
        let run = session.ski().run();
        let obstacle = run.course().obstacles.get(index)?;
        measure(&Probed {
            obstacle,
            ahead_m: obstacle.z - session.ski().drawn_z(),
            camera,
            terrain: session.terrain(),
            routes: &run.course().routes,
        })
    }
}

/// The first obstacle of the class (or power-up of the kind) lying far enough from the start,
/// and where it lies.
fn approached(course: &Course, approach: Approach) -> Option<(Held, f64)> {
    let far_enough = |z: f64| z >= approach.ahead_m + UNDER_WAY_M;
    match approach.target {
        ApproachTarget::Obstacle(class) => course
            .obstacles
            .iter()
            .position(|o| o.class == class && far_enough(o.z))
            .map(|index| (Held::Obstacle(index), course.obstacles[index].z)),
        ApproachTarget::Pickup(kind) => course
            .pickups
            .iter()
            .position(|p| p.kind == kind && far_enough(p.z))
            .map(|index| (Held::Pickup(index), course.pickups[index].z)),
        // Caught as it drives: the snowmobile that sets off nearest before the skier is
        // `ahead` metres from it.
        ApproachTarget::Snowmobile => course
            .obstacles
            .iter()
            .position(|o| o.motion.is_some() && far_enough(o.z))
            .map(|index| (Held::Obstacle(index), course.obstacles[index].z)),
        ApproachTarget::Ramp | ApproachTarget::Trick => course
            .ramps
            .iter()
            .position(|r| far_enough(r.z))
            .map(|index| (Held::Ramp(index), course.ramps[index].z)),
        ApproachTarget::Route => course
            .routes
            .iter()
            .position(|r| far_enough(r.z))
            .map(|index| (Held::Route(index), course.routes[index].z)),
        ApproachTarget::HighTrail => {
            let half_way = |index: usize| {
                let route = &course.routes[index];
                route.z + route.length / 2.0
            };
            (0..course.routes.len())
                .find(|&index| far_enough(half_way(index)))
                .map(|index| (Held::Route(index), half_way(index)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::ObstacleClass;

    #[test]
    fn every_class_is_approached_on_every_level() {
        for level in 1..=5 {
            let course = Course::level(level, 1, None).expect("a level");
            for class in [
                ObstacleClass::Jump,
                ObstacleClass::Duck,
                ObstacleClass::Dodge,
            ] {
                let approach = Approach {
                    target: ApproachTarget::Obstacle(class),
                    ahead_m: 40.0,
                };
                let Some((Held::Obstacle(index), _)) = approached(&course, approach) else {
                    panic!("level {level} has a {class:?}");
                };
                let o = &course.obstacles[index];
                assert_eq!(o.class, class);
                assert!(o.z >= 60.0);
            }
        }
    }
}
