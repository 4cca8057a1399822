//! Where things of the run fall on the screen: a world point through the drawn camera, and the
//! penalty loop's next gates for the overlay to mark.

use super::feel::GateMark;
use super::ski_run::SkiRun;
use crate::app::render::camera::ViewCamera;
use crate::models::LoopPlace;
use crate::sim::run::loop_gates::{gate_side, GATE_EVERY_M, GATE_HALF_WIDTH_M, STEER_M};
use crate::terrain::Terrain;
use macroquad::math::{Vec2, Vec4};
use macroquad::window::{screen_height, screen_width};

/// Where `world` lies on the screen seen through `camera`, pixels (`None` behind the eye).
pub(super) fn screen_point(camera: &ViewCamera, world: glam::DVec3) -> Option<Vec2> {
    let (w, h) = (screen_width(), screen_height());
    let clip = camera.view_proj(w / h.max(1.0)) * camera.relative(world).extend(1.0);
    let clip: Vec4 = clip;
    (clip.w > 0.0).then(|| {
        Vec2::new(
            (clip.x / clip.w + 1.0) / 2.0 * w,
            (1.0 - clip.y / clip.w) / 2.0 * h,
        )
    })
}

/// Gates shown ahead on the penalty loop, and their poles' height, metres.
const GATES_AHEAD: u64 = 3;
const POLE_M: f64 = 1.7;

/// The penalty loop's next gates as `camera` sees them (none off the loop, none beyond its end).
pub(super) fn gate_marks(ski: &SkiRun, terrain: &Terrain, camera: &ViewCamera) -> Vec<GateMark> {
    let run = ski.run();
    if LoopPlace::of(run).is_none() {
        return Vec::new();
    }
    let side = LoopPlace::side_of(run);
    let end = run.penalty_skied_m() + run.penalty_left_m();
    let next = run.next_gate();
    (next..next + GATES_AHEAD)
        .take_while(|&k| k as f64 * GATE_EVERY_M <= end)
        .enumerate()
        .filter_map(|(ahead, k)| {
            let place = LoopPlace::at(k as f64 * GATE_EVERY_M, side);
            let (right_x, right_z) = place.right();
            let centre = gate_side(k) as f64 * STEER_M;
            let pole = |across: f64| {
                let x = run.lateral_x(ski.lane_width()) + place.offset_x + right_x * across;
                let z = run.z() + place.offset_z + right_z * across;
                let foot = glam::DVec3::new(x, terrain.track_height(z), z);
                Some((
                    screen_point(camera, foot)?,
                    screen_point(camera, foot + glam::DVec3::Y * POLE_M)?,
                ))
            };
            let reach = GATE_HALF_WIDTH_M + 0.2;
            Some(GateMark {
                poles: [pole(centre - reach)?, pole(centre + reach)?],
                nearness: 1.0 / (1.0 + ahead as f32),
            })
        })
        .collect()
}
