//! The camera's part of the update pass: the chase rig eases after the skier (or the penalty
//! loop's camera takes over), the run's feel and a hit's shake move it, and the ghost coming
//! into the picture or leaving it is traced.

use crate::app::platform::log::trace;
use crate::app::render::camera::{ChaseRig, ViewCamera};
use crate::app::render::scene::GhostFigure;
use crate::app::render::shake::shake_offset;
use crate::app::render::world::place::bend_at;
use crate::app::run::feel::penalty_view::LoopView;
use crate::app::run::feel::RunFeel;
use crate::app::run::screen_point::screen_point;
use crate::app::run::ski_run::SkiRun;
use crate::terrain::Terrain;
use macroquad::window::{screen_height, screen_width};

/// Height of the skier's chest above its feet, metres (where the overlay's sparkle and words
/// start).
pub(super) const SKIER_CHEST_M: f64 = 1.3;

/// Where the run is seen from.
pub(super) struct RunCamera {
    rig: ChaseRig,
    /// The camera that follows the skier round the penalty loop.
    loop_view: LoopView,
    /// Whether the camera shakes on a hit (a setting).
    shake: bool,
    /// This frame's camera (none before the first update past loading).
    pub now: Option<ViewCamera>,
    /// Whether the ghost was inside the screen (traced when it changes).
    pub ghost_shown: bool,
}

impl RunCamera {
    pub fn new(shake: bool) -> Self {
        Self {
            rig: ChaseRig::default(),
            loop_view: LoopView::default(),
            shake,
            now: None,
            ghost_shown: false,
        }
    }

    /// Follow the run as it stands after this frame's ticks, over `frame_s` seconds.
    pub fn follow(
        &mut self,
        ski: &SkiRun,
        terrain: &Terrain,
        feel: &RunFeel,
        frame_s: f64,
        far: f32,
    ) {
        let run = ski.run();
        let skier_at = ski.skier_at(terrain);
        // The camera climbs with the skier onto a high trail's ridge.
        let mut chase = self.rig.follow(
            skier_at,
            |z| terrain.track_height(z) + ski.ridge_under(skier_at.x, z),
            frame_s,
            far,
            run.stage_view().map(|view| view.position),
        );
        chase.bend = bend_at(run.course(), chase.eye.z).scaled(self.rig.down_the_track() as f32);
        let mut camera = self
            .loop_view
            .follow(run, skier_at, frame_s, far)
            .unwrap_or(chase);
        if run.at_stage().is_none() {
            camera.feel(
                run.speed(),
                skier_at.y - terrain.height(skier_at.x, skier_at.z),
            );
        }
        if self.shake {
            let offset = shake_offset(ski.ticks_since_hit());
            camera.eye += offset;
            camera.target += offset;
        }
        let (lean_eye, lean_look) = feel.lean();
        camera.eye += lean_eye;
        camera.target += lean_look;
        self.ghost_shown = note_ghost_shown(
            self.ghost_shown,
            ski.ghost_figure(terrain).as_ref(),
            &camera,
        );
        self.now = Some(camera);
    }
}

/// Whether the ghost's chest is inside the screen this frame; traced when that changes from
/// `was` (a browser test reads that a raced ghost is seen).
fn note_ghost_shown(was: bool, figure: Option<&GhostFigure>, camera: &ViewCamera) -> bool {
    let (w, h) = (screen_width(), screen_height());
    let at = figure
        .and_then(|figure| screen_point(camera, figure.at + glam::DVec3::Y * SKIER_CHEST_M))
        .filter(|at| (0.0..w).contains(&at.x) && (0.0..h).contains(&at.y));
    if at.is_some() != was {
        trace(&match at {
            Some(at) => format!("ghost on screen at {:.0},{:.0}", at.x, at.y),
            None => "ghost off screen".to_owned(),
        });
    }
    at.is_some()
}
