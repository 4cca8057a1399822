//! Where things of the run fall on the screen: a world point through the drawn camera.

use crate::app::render::camera::ViewCamera;
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
