//! The chase camera: behind and above the skier (or the point gliding down the track before a
//! skier exists), looking down the track. World positions are f64; the GPU sees them relative to
//! the eye.

use super::world::bend::Bend;
use crate::course::{ShootingPosition, MAX_SKIER_SPEED};
use glam::DVec3;
use macroquad::math::{Mat4, Vec3};

/// Distance of the eye behind the followed point, metres. The chase camera sits well back with
/// a narrow view: far things shrink less against near ones, so an obstacle 40 m ahead (where the
/// player decides) reads, while the skier keeps a fifth of the screen's height.
pub const CHASE_BACK: f64 = 10.0;
/// Height of the eye above the followed point, metres.
const CHASE_UP: f64 = 4.5;
/// How far ahead of the followed point the camera looks, metres.
const LOOK_AHEAD: f64 = 26.0;
/// Height above the track of the point looked at, metres.
const LOOK_UP: f64 = 0.6;
/// Vertical field of view of the chase camera, radians: narrow, for the reason above.
const FOV_Y: f32 = 0.72;
/// The range view is close to the skier and needs a wider one: its field of view as a multiple
/// of the chase camera's.
const RANGE_ZOOM: f32 = 1.6;
/// Widest horizontal field of view (landscape screens narrow the vertical one to keep it),
/// radians.
const MAX_FOV_X: f32 = 1.5;
/// The view widens from this speed up, by at most this share at the fastest speed, m/s (a
/// little: a wider view shrinks what lies ahead).
const CALM_SPEED: f64 = 10.0;
const SPEED_WIDENING: f32 = 0.06;
/// The eye rises by this share of the skier's height in a jump; the look point by this share
/// of the eye's rise (the view tilts down a little onto the landing).
const JUMP_LIFT_SHARE: f64 = 0.45;
const LOOK_LIFT_SHARE: f64 = 0.5;
/// Near clip plane, metres.
const NEAR: f32 = 0.25;
/// Share of the skier's sideways offset the camera follows (it stays near the track's middle,
/// so all three lanes stay in view).
pub(crate) const FOLLOW_X: f64 = 0.5;
/// Time constants of the camera's damped follow, seconds: sideways (a lane change glides), and
/// up and down (bumps in the track are smoothed, the slope is not lost).
const SIDEWAYS_LAG_S: f64 = 0.22;
const HEIGHT_LAG_S: f64 = 0.12;
/// Share of the skier's sideways offset from the camera that the look point leads by, so the
/// view turns gently towards where the skier is heading.
const LOOK_LEAD_X: f64 = 0.35;
/// Longest frame the follow integrates at once, seconds (a stalled frame does not jerk it).
const MAX_STEP_S: f64 = 0.1;
/// At a range the camera swings to the skier's rear, closer and lower, so a skier lying on the
/// mat reads as such (from straight behind and above, a body lying along the track looks like
/// one standing): prone from the right, standing from the left — over the shoulder the skier
/// turns its back to, so the body and the rifle are seen aiming at the targets, not side-on
/// towards the camera. The eye's offset from the skier's feet (prone; mirrored in x standing),
/// the point looked at (a little ahead, towards the targets), metres, and the swing's time
/// constant, seconds.
const RANGE_EYE: DVec3 = DVec3::new(1.9, 3.0, -3.4);
const RANGE_LOOK: DVec3 = DVec3::new(-0.2, 0.1, 3.6);
const RANGE_SWING_S: f64 = 0.3;

/// The chase camera's damped follow of the drawn skier, kept from frame to frame.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ChaseRig {
    /// Sideways position and height of the followed point; `None` before the first frame.
    followed: Option<(f64, f64)>,
    /// How far the camera has swung towards the range view, 0–1.
    range_share: f64,
    /// The position at the last range (the swing back leaves from its view).
    position: Option<ShootingPosition>,
}

impl ChaseRig {
    /// Move towards the skier (feet at `skier_at`, on a track whose surface height at z is
    /// `track_height`) over `frame_s` seconds, swinging to the range view while `at_range`, and
    /// return this frame's camera.
    pub fn follow(
        &mut self,
        skier_at: DVec3,
        track_height: impl Fn(f64) -> f64,
        frame_s: f64,
        far: f32,
        at_range: Option<ShootingPosition>,
    ) -> ViewCamera {
        let goal_x = skier_at.x * FOLLOW_X;
        let goal_y = track_height(skier_at.z);
        let step = frame_s.clamp(0.0, MAX_STEP_S);
        let (x, y) = match self.followed {
            None => (goal_x, goal_y),
            Some((x, y)) => (
                x + (goal_x - x) * ease(step, SIDEWAYS_LAG_S),
                y + (goal_y - y) * ease(step, HEIGHT_LAG_S),
            ),
        };
        self.followed = Some((x, y));
        let followed = DVec3::new(x, y, skier_at.z);
        let mut camera = ViewCamera::chase(followed, track_height(skier_at.z + LOOK_AHEAD), far);
        camera.target.x += (skier_at.x - x) * LOOK_LEAD_X;
        let goal = if at_range.is_some() { 1.0 } else { 0.0 };
        if at_range.is_some() {
            self.position = at_range;
        }
        self.range_share += (goal - self.range_share) * ease(step, RANGE_SWING_S);
        if let Some(position) = self.position.filter(|_| self.range_share > 0.0) {
            let range = ViewCamera::range(skier_at, position, far);
            // Smoothstep: the swing starts and ends gently.
            let t = self.range_share * self.range_share * (3.0 - 2.0 * self.range_share);
            camera.eye = camera.eye.lerp(range.eye, t);
            camera.target = camera.target.lerp(range.target, t);
            camera.zoom += (range.zoom - camera.zoom) * t as f32;
        }
        camera
    }
}

impl ChaseRig {
    /// How much the camera looks down the track (1), rather than at a range (0): the world's
    /// bend fades with it.
    pub fn down_the_track(&self) -> f64 {
        1.0 - self.range_share
    }
}

/// The vertical field of view for a screen of `aspect` (width / height): [`FOV_Y`], narrowed on
/// wide screens so the horizontal view stays within [`MAX_FOV_X`].
fn fov_y(aspect: f32) -> f32 {
    let widest = 2.0 * ((0.5 * MAX_FOV_X).tan() / aspect.max(f32::EPSILON)).atan();
    FOV_Y.min(widest)
}

/// Share of the remaining distance a damped follow with time constant `lag_s` covers in
/// `step_s` seconds.
fn ease(step_s: f64, lag_s: f64) -> f64 {
    1.0 - (-step_s / lag_s).exp()
}

/// A perspective camera at an f64 world position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewCamera {
    pub eye: DVec3,
    pub target: DVec3,
    /// Far clip plane, metres (beyond the fog end).
    pub far: f32,
    /// The field of view's widening for speed (1: none).
    pub zoom: f32,
    /// How the world is bent as it recedes (drawn only).
    pub bend: Bend,
}

impl ViewCamera {
    /// The chase camera for a followed point on the track. `surface_ahead` is the track height
    /// `LOOK_AHEAD` metres further on, so the camera looks along the slope.
    pub fn chase(followed: DVec3, surface_ahead: f64, far: f32) -> Self {
        Self {
            eye: followed + DVec3::new(0.0, CHASE_UP, -CHASE_BACK),
            target: DVec3::new(followed.x, surface_ahead + LOOK_UP, followed.z + LOOK_AHEAD),
            far,
            zoom: 1.0,
            bend: Bend::NONE,
        }
    }

    /// The range view of a skier whose feet are at `feet`: from its rear (prone: right,
    /// standing: left), looking past it towards the targets.
    pub fn range(feet: DVec3, position: ShootingPosition, far: f32) -> Self {
        let side = match position {
            ShootingPosition::Prone => DVec3::ONE,
            ShootingPosition::Standing => DVec3::new(-1.0, 1.0, 1.0),
        };
        Self {
            eye: feet + RANGE_EYE * side,
            target: feet + RANGE_LOOK * side,
            far,
            zoom: RANGE_ZOOM,
            bend: Bend::NONE,
        }
    }

    /// View-projection with the eye at the origin (camera-relative rendering). The world has +x
    /// on the skier's right (the left lane is negative), so the view is mirrored in x.
    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        let direction = self.offset(self.target).normalize_or_zero();
        let view = Mat4::from_scale(Vec3::new(-1.0, 1.0, 1.0))
            * Mat4::look_to_rh(Vec3::ZERO, direction, Vec3::Y);
        let projection = Mat4::perspective_rh_gl(fov_y(aspect) * self.zoom, aspect, NEAR, self.far);
        projection * view
    }

    /// Whether anything between world z `z_start` and `z_end` can be in view. The chase camera
    /// looks down the track and its lowest ray still points forward (pitch + half the field of
    /// view stay under a right angle), so nothing behind the eye is ever seen.
    pub fn may_see(&self, z_start: f64, z_end: f64) -> bool {
        z_end > self.eye.z && z_start < self.eye.z + f64::from(self.far)
    }

    /// Let the camera feel the run: the view widens with speed (from the slowest level's to the
    /// fastest Endless stretch), and the eye rises with a share of a jump's height.
    pub fn feel(&mut self, speed_m_s: f64, above_track: f64) {
        let fast = ((speed_m_s - CALM_SPEED) / (MAX_SKIER_SPEED - CALM_SPEED)).clamp(0.0, 1.0);
        self.zoom *= 1.0 + SPEED_WIDENING * fast as f32;
        let lift = DVec3::Y * above_track.max(0.0) * JUMP_LIFT_SHARE;
        self.eye += lift;
        self.target += lift * LOOK_LIFT_SHARE;
    }

    /// Where a world position is drawn relative to the eye (bent as the shader bends it),
    /// precise wherever the eye is: what to project to find it on the screen.
    pub fn relative(&self, world: DVec3) -> Vec3 {
        self.bend.apply(self.offset(world))
    }

    /// A world position relative to the eye, straight (the shader's `model_offset`).
    pub fn offset(&self, world: DVec3) -> Vec3 {
        (world - self.eye).as_vec3()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_positions_stay_precise_far_down_the_track() {
        let far_z = 64.0 * 1_000_000.0;
        let camera = ViewCamera::chase(DVec3::new(0.0, 10.0, far_z), 10.0, 300.0);
        let near_point = DVec3::new(0.25, 10.0, far_z + 0.125);
        let relative = camera.relative(near_point);
        assert!((relative.z - (CHASE_BACK + 0.125) as f32).abs() < 1e-5);
        assert!((relative.x - 0.25).abs() < 1e-6);
    }

    #[test]
    fn the_point_ahead_is_in_front_of_the_camera() {
        let camera = ViewCamera::chase(DVec3::new(0.0, 0.0, 100.0), 0.0, 300.0);
        let ahead = camera.relative(DVec3::new(0.0, 0.0, 130.0));
        let clip = camera.view_proj(0.5625) * ahead.extend(1.0);
        assert!(clip.w > 0.0);
        let ndc = clip.truncate() / clip.w;
        assert!(ndc.x.abs() < 1.0 && ndc.y.abs() < 1.0 && ndc.z.abs() < 1.0);
    }

    #[test]
    fn the_lowest_ray_points_forward_so_ground_behind_the_eye_is_never_seen() {
        // The steepest downhill look: the track drops steeply ahead.
        let camera = ViewCamera::chase(DVec3::new(0.0, 0.0, 0.0), -8.0, 300.0);
        let inverse = camera.view_proj(0.5625).inverse();
        let bottom = inverse * macroquad::math::Vec4::new(0.0, -1.0, 1.0, 1.0);
        assert!(bottom.z / bottom.w > 0.0);
        assert!(!camera.may_see(-64.0, camera.eye.z));
        assert!(camera.may_see(-64.0, camera.eye.z + 1.0));
    }

    #[test]
    fn the_rig_glides_towards_a_lane_change_without_overshooting() {
        let mut rig = ChaseRig::default();
        let flat = |_: f64| 0.0;
        let first = rig.follow(DVec3::new(0.0, 0.0, 0.0), flat, 1.0 / 60.0, 300.0, None);
        assert_eq!(first.eye.x, 0.0);
        let mut last_x = 0.0;
        for frame in 1..120 {
            let z = f64::from(frame) * 0.2;
            let camera = rig.follow(DVec3::new(2.5, 0.0, z), flat, 1.0 / 60.0, 300.0, None);
            assert!(camera.eye.x >= last_x && camera.eye.x <= 2.5 * FOLLOW_X);
            last_x = camera.eye.x;
        }
        assert!((last_x - 2.5 * FOLLOW_X).abs() < 0.01);
    }

    #[test]
    fn at_a_range_the_camera_swings_beside_the_skier_and_back() {
        let mut rig = ChaseRig::default();
        let flat = |_: f64| 0.0;
        let feet = DVec3::new(0.0, 0.0, 500.0);
        let chase = rig.follow(feet, flat, 1.0 / 60.0, 300.0, None);
        let mut camera = chase;
        for _ in 0..120 {
            camera = rig.follow(feet, flat, 1.0 / 60.0, 300.0, Some(ShootingPosition::Prone));
        }
        let range = ViewCamera::range(feet, ShootingPosition::Prone, 300.0);
        assert!(camera.eye.distance(range.eye) < 0.01, "{camera:?}");
        assert!(camera.eye.x > 1.0 && camera.eye.y < chase.eye.y);
        for _ in 0..120 {
            camera = rig.follow(feet, flat, 1.0 / 60.0, 300.0, None);
        }
        assert!(camera.eye.distance(chase.eye) < 0.01, "{camera:?}");
    }

    #[test]
    fn the_range_view_sees_the_skier_and_nothing_behind_its_eye() {
        let feet = DVec3::new(0.0, 0.0, 500.0);
        let camera = ViewCamera::range(feet, ShootingPosition::Prone, 300.0);
        for aspect in [0.5625, 16.0 / 9.0] {
            let view_proj = camera.view_proj(aspect);
            for point in [
                feet,
                feet + DVec3::new(0.0, 1.7, 0.0),
                feet + DVec3::Z * 2.0,
            ] {
                let clip = view_proj * camera.relative(point).extend(1.0);
                let ndc = clip.truncate() / clip.w;
                assert!(
                    clip.w > 0.0 && ndc.x.abs() < 0.9 && ndc.y.abs() < 0.9,
                    "{point}"
                );
            }
            let inverse = view_proj.inverse();
            for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let corner = inverse * macroquad::math::Vec4::new(x, y, 1.0, 1.0);
                assert!(corner.z / corner.w > 0.0, "corner ({x}, {y}) looks behind");
            }
        }
    }

    #[test]
    fn wide_screens_keep_the_horizontal_view_within_bounds() {
        assert_eq!(fov_y(0.5625), FOV_Y);
        // Wide enough that the narrow chase view is held to the widest horizontal one.
        let wide = 3.0;
        let horizontal = 2.0 * ((0.5 * fov_y(wide)).tan() * wide).atan();
        assert!((horizontal - MAX_FOV_X).abs() < 1e-4);
    }

    #[test]
    fn positive_x_is_on_the_right_of_the_screen() {
        let camera = ViewCamera::chase(DVec3::new(0.0, 0.0, 100.0), 0.0, 300.0);
        let right = camera.relative(DVec3::new(3.0, 0.0, 130.0));
        let clip = camera.view_proj(0.5625) * right.extend(1.0);
        assert!(clip.x / clip.w > 0.0);
    }
}
