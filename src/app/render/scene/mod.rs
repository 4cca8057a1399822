//! This frame's moving and course things, drawn with [`crate::models`]: the posed skier, the
//! obstacles and coins within sight, the start and finish gates and the shooting ranges, merged
//! into one mesh relative to the camera eye (one draw call, precise anywhere on the track).

mod ghost;
#[cfg(test)]
mod sign_in_sight;
mod sinking;

pub use ghost::{build_ghost, GhostFigure};

use super::camera::FOLLOW_X;
use super::knock::KnockedObstacles;
use super::power::{power_looks, PickupModels};
use super::snowfall::flakes;
use super::spray::{crystals, SprayCause};
use super::track_pieces::{fork_after, high_trail_rise, TrackPieces};
use super::world::crowd::CrowdModels;
use super::world::spindrift::{plumes, puffs, PLUME_SCALE, PUFF_SCALE};
use crate::course::{Lane, Obstacle, ObstacleClass, Route, ShootingPosition, LANES};
use crate::mesh::MeshData;
use crate::models::{
    apron, board_origin, clock_seconds, coin, flake, footprint, gantry_fork_boards, gate, landmark,
    loop_way, obstacle_parts, range_mats, range_numbers, range_sides, shadow, skier, stadium,
    start_dressing, target_board, target_gantry, tree_shadow, GateKind, LandmarkKind, MeshBuilder,
    ObstacleParts, Outfit, SkierPose, TARGETS, TARGET_DISTANCE,
};
use crate::shooting::TargetState;
use crate::sim::{Run, SkierState};
use crate::terrain::loop_field::CLEARING;
use crate::terrain::Terrain;
use glam::{DVec3, Mat4, Quat, Vec3};
use sinking::{overhead_sunk, sunk_behind};
use std::collections::{BTreeMap, HashMap};
use std::f32::consts::PI;

/// Things this far behind the skier are still drawn (the camera sees a little behind it), metres.
const DRAW_BEHIND: f64 = 12.0;
/// Millimetres per metre: obstacle depths as whole keys of the footprint cache.
const MM_PER_M: f64 = 1000.0;
/// The stretch of track (from, to, metres from the stage) whose slope the shooting mats take.
const MAT_SLOPE_SPAN: (f64, f64) = (-1.0, 2.0);
/// A set piece (the start's, a range's, the stadium) is drawn while any of it lies between
/// this far before its place and this far past it, metres.
const SET_PIECE_BEFORE_M: f64 = 45.0;
const SET_PIECE_PAST_M: f64 = 20.0;
/// Trees' contact shadows are drawn this far ahead of the skier and this far out from the
/// track's centre, metres: beyond, a shadow under a tree is a few pixels in the fog.
const TREE_SHADOWS_AHEAD_M: f64 = 90.0;
const TREE_SHADOWS_OUT_M: f64 = 45.0;
/// The ground's slope under a tree is taken this far either side of its foot, metres.
const SLOPE_REACH_M: f64 = 0.8;
/// Coin spin, radians per second of run time.
const COIN_SPIN: f32 = 3.0;
/// The skier model's left is its +x, the world's left is −x (lane 0): the skier is placed
/// mirrored in x so that the rifle and the shooting hand sit on the right sides.
const MODEL_TO_WORLD: Vec3 = Vec3::new(-1.0, 1.0, 1.0);

/// Models that do not change during a run, built once.
pub struct ModelCache {
    obstacles: HashMap<(ObstacleClass, u8, usize), Option<ObstacleParts>>,
    coin: MeshData,
    pickups: PickupModels,
    /// Snowmobiles and ramps.
    pieces: TrackPieces,
    shadow: MeshData,
    flake: MeshData,
    /// Obstacles' footprints by lanes spanned and depth (whole millimetres).
    footprints: BTreeMap<(usize, u32), MeshData>,
    start: MeshData,
    finish: MeshData,
    mats: MeshData,
    gantry: MeshData,
    /// The fork's boards (one over each lane) a gantry carries when a fork follows its range
    /// closely: the high trail on the left, on the right.
    fork_boards: [MeshData; 2],
    /// The snow behind the start line, where the streamed world begins.
    apron: MeshData,
    /// The set pieces: the start's banners and clock, a range's sides and its lanes' numbers,
    /// the finish stadium.
    start_dressing: MeshData,
    /// The start clock's digits, 0 to 9.
    clock_digits: Vec<MeshData>,
    tree_shadow: MeshData,
    range_sides: MeshData,
    range_numbers: MeshData,
    /// Each range's penalty loop way on the ground beside it, by stage, built on first sight.
    loop_ways: BTreeMap<usize, MeshData>,
    stadium: MeshData,
    /// The crowd's figures and places, and the stadium's flags.
    crowd: CrowdModels,
    /// The places' landmarks, built on first sight.
    landmarks: BTreeMap<LandmarkKind, MeshData>,
    lane_width: f64,
}

impl ModelCache {
    /// Build the fixed models for a track of this terrain's size.
    pub fn new(terrain: &Terrain) -> Self {
        let config = terrain.config();
        let track_width = (2.0 * config.track_half_width()) as f32;
        let lane_width = config.lane_width as f32;
        let lane_xs: [f32; LANES as usize] =
            std::array::from_fn(|lane| (lane as f32 - f32::from(LANES - 1) / 2.0) * lane_width);
        // The fork's boards on a gantry: one straight ahead of the eye following each lane.
        let ahead_xs = lane_xs.map(|x| x * FOLLOW_X as f32);
        Self {
            obstacles: HashMap::new(),
            coin: coin(0.0),
            pickups: PickupModels::new(),
            pieces: TrackPieces::default(),
            shadow: shadow(),
            flake: flake(),
            footprints: BTreeMap::new(),
            start: gate(GateKind::Start, track_width),
            finish: gate(GateKind::Finish, track_width),
            mats: range_mats(lane_width),
            gantry: target_gantry(track_width, lane_width),
            fork_boards: [true, false].map(|high_left| gantry_fork_boards(&ahead_xs, high_left)),
            apron: apron(track_width),
            start_dressing: start_dressing(track_width),
            clock_digits: (0..10).map(|s| clock_seconds(track_width, s)).collect(),
            tree_shadow: tree_shadow(),
            range_sides: range_sides(track_width, TARGET_DISTANCE),
            range_numbers: range_numbers(&lane_xs, board_origin),
            loop_ways: BTreeMap::new(),
            stadium: stadium(track_width),
            crowd: CrowdModels::new(track_width),
            landmarks: BTreeMap::new(),
            lane_width: config.lane_width,
        }
    }

    /// An obstacle's model (built on first use) and where its loose part is drawn now, in its
    /// model's space.
    fn obstacle(
        &mut self,
        view: &SceneView,
        index: usize,
        centre_x: f64,
    ) -> Option<(&ObstacleParts, Mat4)> {
        let run = view.run;
        let o = &run.course().obstacles[index];
        let (class, look, lanes) = (o.class, o.look, o.lanes.len());
        let lane_width = self.lane_width;
        let parts = self
            .obstacles
            .entry((class, look, lanes))
            .or_insert_with(|| {
                let depth = crate::course::looks::look(class, look).map_or(0.0, |l| l.depth);
                obstacle_parts(
                    class,
                    look,
                    (lanes as f64 * lane_width) as f32,
                    depth as f32,
                )
            })
            .as_ref()?;
        let knock = view.knocks.knock(index, run.tick(), centre_x, parts);
        Some((parts, knock.unwrap_or(Mat4::IDENTITY)))
    }

    /// World x of a lane's centre (fractional lanes for spans), as `Run::lateral_x` places it.
    fn lane_x(&self, lane: f64) -> f64 {
        (lane - f64::from(LANES - 1) / 2.0) * self.lane_width
    }
}

/// What the frame needs to place things.
pub struct SceneView<'a> {
    pub run: &'a Run,
    pub terrain: &'a Terrain,
    /// World position of the camera eye: everything is placed relative to it.
    pub origin: DVec3,
    /// The skier's feet as drawn (interpolated), and its pose.
    pub skier_at: DVec3,
    pub pose: SkierPose,
    /// What the skis' spray answers now.
    pub spray: SprayCause,
    /// The obstacles knocked over so far.
    pub knocks: &'a KnockedObstacles,
    /// Things beyond this distance ahead of the skier are in the fog, metres.
    pub sight: f64,
    /// The suit and skis the skier wears.
    pub outfit: Outfit,
    /// How thickly snow falls here (this frame's sky's), 0–1.
    pub snowfall: f32,
    /// The seconds the start clock shows (the countdown's).
    pub start_clock: u8,
    /// The feet of the trees on the streamed chunks, world coordinates.
    pub trees: &'a [DVec3],
    /// How hard the crowd cheers now, 0–1.
    pub cheer: f32,
}

/// The stretch of the course drawn this frame: from a little behind the skier to the fog.
#[derive(Clone, Copy)]
struct Drawn {
    near: f64,
    far: f64,
}

impl Drawn {
    fn holds(self, z: f64) -> bool {
        (self.near..=self.far).contains(&z)
    }

    /// Whether any of `from..=to` is drawn.
    fn reaches(self, from: f64, to: f64) -> bool {
        from <= self.far && to >= self.near
    }
}

/// Merge the frame's models into one mesh (reusing `last`'s buffers). The skier goes first and
/// the snow last: if the mesh fills up, flakes are left out before anything that matters, and
/// never the skier.
pub fn build_scene(cache: &mut ModelCache, view: &SceneView, last: MeshData) -> MeshData {
    let mut scene = Scene {
        builder: MeshBuilder::reusing(last),
        origin: view.origin,
        full: false,
    };
    let drawn = Drawn {
        near: view.skier_at.z - DRAW_BEHIND,
        far: view.skier_at.z + view.sight,
    };
    let on_track = on_the_track(view.run, drawn);
    place_skier(&mut scene, cache, view);
    place_obstacles(&mut scene, cache, view, on_track);
    place_tree_shadows(&mut scene, &cache.tree_shadow, view, drawn.near);
    place_coins(&mut scene, cache, view, on_track);
    let sight = (on_track.near, on_track.far);
    let pickups = cache
        .pickups
        .in_sight(view.run, view.terrain, cache.lane_width, sight);
    cache.pieces.prepare(view.run, cache.lane_width, sight);
    let (width, skier_z) = (cache.lane_width, view.skier_at.z);
    let pieces = cache
        .pieces
        .in_sight(view.run, view.terrain, width, skier_z, sight);
    for (mesh, at, turn) in pickups.into_iter().chain(pieces) {
        scene.place(mesh, at, turn);
    }
    place_start_and_finish(&mut scene, cache, view, drawn);
    place_ranges(&mut scene, cache, view, drawn);
    for found in view.terrain.landmarks_between(drawn.near, drawn.far) {
        let mesh = cache
            .landmarks
            .entry(found.kind)
            .or_insert_with(|| landmark(found.kind));
        let turn = if found.turned { PI } else { 0.0 };
        scene.place(mesh, found.at, Quat::from_rotation_y(turn));
    }
    place_snow(&mut scene, cache, view);
    scene.builder.finish()
}

/// The stretch of the track whose obstacles, coins and pickups are drawn. On the penalty loop
/// the skier skis back beside the range's approach: what the run passed there lies behind its
/// course position (the mats), and drawn it would stand in the loop's scenery, beside the fence
/// and the crowd; only the track from the mats on is drawn.
fn on_the_track(run: &Run, drawn: Drawn) -> Drawn {
    if run.state() == SkierState::PenaltyLoop {
        Drawn {
            near: drawn.near.max(run.z()),
            ..drawn
        }
    } else {
        drawn
    }
}

/// The skier, and its shadow on the snow.
fn place_skier(scene: &mut Scene, cache: &ModelCache, view: &SceneView) {
    scene.place_mirrored(&skier(&world_pose(view.pose), view.outfit), view.skier_at);
    for look in power_looks(view.run) {
        scene.place_mirrored(&look, view.skier_at);
    }
    let on_snow = DVec3::new(
        view.skier_at.x,
        view.terrain.height(view.skier_at.x, view.skier_at.z),
        view.skier_at.z,
    );
    // A skier lying on the mat needs no shadow (it would be a grey patch under the skis).
    if view.pose.shooting != Some(ShootingPosition::Prone) {
        scene.place(&cache.shadow, on_snow, Quat::IDENTITY);
    }
}

/// The obstacles in sight with their footprints: a cleared one sinks behind the skier, a
/// knocked one flies.
fn place_obstacles(scene: &mut Scene, cache: &mut ModelCache, view: &SceneView, drawn: Drawn) {
    let course = view.run.course();
    let first = course
        .obstacles
        .partition_point(|o| o.z + o.depth < drawn.near);
    for (index, o) in course.obstacles.iter().enumerate().skip(first) {
        if o.z > drawn.far {
            break;
        }
        if o.motion.is_some() {
            continue; // a snowmobile: drawn as it drives (`track_pieces`)
        }
        let at = obstacle_foot(o, &course.routes, view.terrain);
        let centre_x = at.x;
        let span = o.lanes.len() as f64 * cache.lane_width;
        let hit = view.run.obstacle_hit(index);
        let cleared = o.class != ObstacleClass::Dodge && !hit;
        let at = if cleared {
            at - DVec3::Y * sunk_behind(view.skier_at.z - (o.z + o.depth))
        } else {
            at
        };
        // The footprint goes with its obstacle: it sinks with a cleared one, and a knocked one
        // leaves none behind.
        if !hit {
            let footprint = cache
                .footprints
                .entry((o.lanes.len(), (o.depth * MM_PER_M).round() as u32))
                .or_insert_with(|| footprint(span as f32, o.depth as f32));
            scene.place(footprint, at, Quat::IDENTITY);
        }
        if let Some((parts, knock)) = cache.obstacle(view, index, centre_x) {
            scene.place(&parts.standing, at, Quat::IDENTITY);
            scene.place_moved(&parts.loose, at, knock);
        }
    }
}

/// Where obstacle `o` stands as it is drawn: under the middle of its lanes, on the track's
/// ground and, on a high trail, on its ridge (the `--show approach` probe measures it there).
pub(crate) fn obstacle_foot(o: &Obstacle, routes: &[Route], terrain: &Terrain) -> DVec3 {
    let middle = o.lanes.iter().map(|&l| f64::from(l)).sum::<f64>() / o.lanes.len().max(1) as f64;
    let x = (middle - f64::from(LANES - 1) / 2.0) * terrain.config().lane_width;
    let ground = terrain.track_height(o.z) + high_trail_rise(routes, middle, o.z);
    DVec3::new(x, ground, o.z)
}

/// The coins in sight not yet taken, spinning.
fn place_coins(scene: &mut Scene, cache: &ModelCache, view: &SceneView, drawn: Drawn) {
    let course = view.run.course();
    let spin = Quat::from_rotation_y(view.run.time_s() as f32 * COIN_SPIN);
    let first = course.coins.partition_point(|c| c.z < drawn.near);
    for (index, c) in course.coins.iter().enumerate().skip(first) {
        if c.z > drawn.far {
            break;
        }
        if !view.run.coin_taken(index) {
            let lane = f64::from(c.lane);
            let ridge = high_trail_rise(&course.routes, lane, c.z);
            let height = view.terrain.track_height(c.z) + ridge + c.y;
            let at = DVec3::new(cache.lane_x(f64::from(c.lane)), height, c.z);
            scene.place(&cache.coin, at, spin);
        }
    }
}

/// The start (its apron, dressing and clock), the finish's stadium with its flags and crowd,
/// and the two gates, which sink once passed.
fn place_start_and_finish(scene: &mut Scene, cache: &ModelCache, view: &SceneView, drawn: Drawn) {
    let height = |z: f64| view.terrain.track_height(z);
    let time_s = view.run.time_s();
    let length = view.run.course().length;
    if drawn.holds(0.0) {
        let apron = DVec3::new(0.0, height(0.0), 0.0);
        scene.place(&cache.apron, apron, Quat::IDENTITY);
    }
    if drawn.reaches(-SET_PIECE_BEFORE_M, SET_PIECE_PAST_M) {
        let start = DVec3::new(0.0, height(0.0), 0.0);
        scene.place(&cache.start_dressing, start, Quat::IDENTITY);
        let digit = &cache.clock_digits[usize::from(view.start_clock) % 10];
        scene.place(digit, start, Quat::IDENTITY);
    }
    if let Some(length) = length {
        if drawn.reaches(length - SET_PIECE_BEFORE_M, length + SET_PIECE_PAST_M) {
            let finish = DVec3::new(0.0, height(length), length);
            scene.place(&cache.stadium, finish, Quat::IDENTITY);
            for (cloth, top) in cache.crowd.stadium_flags(finish, time_s) {
                scene.place(&cloth, top, Quat::IDENTITY);
            }
            for (mesh, at, turn) in cache.crowd.at_stadium(finish, time_s, view.cheer) {
                scene.place(mesh, at, turn);
            }
        }
    }
    let mut gates = vec![(&cache.start, 0.0)];
    gates.extend(length.map(|length| (&cache.finish, length)));
    for (mesh, z) in gates.into_iter().filter(|&(_, z)| drawn.holds(z)) {
        let sunk = overhead_sunk(view.skier_at.z - z);
        scene.place(mesh, DVec3::new(0.0, height(z) - sunk, z), Quat::IDENTITY);
    }
}

/// Each range in sight: its mats on the track's slope, its penalty loop's way, its sides and
/// crowd, its targets.
fn place_ranges(scene: &mut Scene, cache: &mut ModelCache, view: &SceneView, drawn: Drawn) {
    let height = |z: f64| view.terrain.track_height(z);
    let time_s = view.run.time_s();
    for (index, stage) in view.run.course().stages.iter().enumerate() {
        let targets_z = stage.z + f64::from(TARGET_DISTANCE);
        if drawn.holds(stage.z) {
            // The mats follow the track's slope, so a rising track does not bury their far end.
            let (back, front) = (stage.z + MAT_SLOPE_SPAN.0, stage.z + MAT_SLOPE_SPAN.1);
            let slope = (height(front) - height(back)) / (front - back);
            scene.place(
                &cache.mats,
                DVec3::new(0.0, height(stage.z), stage.z),
                Quat::from_rotation_x(-slope.atan() as f32),
            );
        }
        if drawn.reaches(stage.z + CLEARING.z.0, stage.z + CLEARING.z.1) {
            let lanes = (0..LANES).map(|lane| cache.lane_x(f64::from(lane)));
            let lane_xs: Vec<f64> = lanes.collect();
            let mesh = cache
                .loop_ways
                .entry(index)
                .or_insert_with(|| loop_way(&lane_xs, &|x, z| view.terrain.height(x, stage.z + z)));
            scene.place(mesh, DVec3::new(0.0, 0.0, stage.z), Quat::IDENTITY);
        }
        if drawn.reaches(stage.z - SET_PIECE_BEFORE_M, targets_z + SET_PIECE_PAST_M) {
            let at = DVec3::new(0.0, height(stage.z), stage.z);
            scene.place(&cache.range_sides, at, Quat::IDENTITY);
            for (mesh, at, turn) in cache.crowd.at_range(at, time_s, view.cheer) {
                scene.place(mesh, at, turn);
            }
        }
        if drawn.holds(targets_z) {
            place_targets(scene, cache, view, index, targets_z);
        }
    }
}

/// The skis' crystals, the falling snow and the snow blown off trees and ridges.
fn place_snow(scene: &mut Scene, cache: &ModelCache, view: &SceneView) {
    let time_s = view.run.time_s();
    let on_track = DVec3::new(
        view.skier_at.x,
        view.terrain.height(view.skier_at.x, view.skier_at.z),
        view.skier_at.z,
    );
    for at in crystals(on_track, view.run.speed(), time_s, view.spray) {
        scene.place(&cache.flake, at, Quat::IDENTITY);
    }
    for at in flakes(view.origin, time_s, view.snowfall) {
        scene.place(&cache.flake, at, Quat::IDENTITY);
    }
    let blown = [
        (puffs(view.trees, view.skier_at.z, time_s), PUFF_SCALE),
        (plumes(view.terrain, view.skier_at.z, time_s), PLUME_SCALE),
    ];
    for (flakes, scale) in blown {
        let grown = Mat4::from_scale(Vec3::splat(scale));
        for at in flakes {
            scene.place_moved(&cache.flake, at, grown);
        }
    }
}

/// The pose in the mirrored model's terms: its lean and heading are given towards world +x,
/// which the mirror turns into model −x.
fn world_pose(pose: SkierPose) -> SkierPose {
    SkierPose {
        lean: -pose.lean,
        heading: -pose.heading,
        ..pose
    }
}

/// A soft contact shadow under every tree near the track from `near` to a little ahead,
/// tilted to the slope it lies on.
fn place_tree_shadows(scene: &mut Scene, mesh: &MeshData, view: &SceneView, near: f64) {
    let far = view.skier_at.z + TREE_SHADOWS_AHEAD_M.min(view.sight);
    let ground = |x: f64, z: f64| view.terrain.height(x, z);
    for foot in view.trees {
        if !(near..=far).contains(&foot.z) || foot.x.abs() > TREE_SHADOWS_OUT_M {
            continue;
        }
        let r = SLOPE_REACH_M;
        let across = DVec3::new(
            2.0 * r,
            ground(foot.x + r, foot.z) - ground(foot.x - r, foot.z),
            0.0,
        );
        let along = DVec3::new(
            0.0,
            ground(foot.x, foot.z + r) - ground(foot.x, foot.z - r),
            2.0 * r,
        );
        let up = along.cross(across).normalize().as_vec3();
        scene.place(mesh, *foot, Quat::from_rotation_arc(Vec3::Y, up));
    }
}

/// The gantry and one board per lane; the board in the skier's lane shows the stage's hits; the
/// fork's boards if a fork follows closely (#42: the gantry hides the fork's signpost).
fn place_targets(scene: &mut Scene, cache: &ModelCache, view: &SceneView, stage: usize, z: f64) {
    let gantry_at = gantry_foot(view.terrain, z, view.skier_at.z);
    scene.place(&cache.gantry, gantry_at, Quat::IDENTITY);
    scene.place(&cache.range_numbers, gantry_at, Quat::IDENTITY);
    if let Some(route) = fork_after(&view.run.course().routes, z) {
        let board = &cache.fork_boards[usize::from(route.lane.number() != 0)];
        scene.place(board, gantry_at, Quat::IDENTITY);
    }
    // At the stage its targets as they stand; after it, as it left them.
    let hits: [bool; TARGETS] = match (view.run.stage_view(), view.run.last_stage_result()) {
        (Some(stage_view), _) if view.run.at_stage() == Some(stage) => {
            stage_view.targets.map(|t| t == TargetState::Hit)
        }
        (_, Some((left, result))) if left == stage => result.targets_down,
        _ => [false; TARGETS],
    };
    for lane in Lane::ALL {
        let lane_x = cache.lane_x(f64::from(lane));
        let shown = if lane == view.run.lane() {
            hits
        } else {
            [false; TARGETS]
        };
        let at = gantry_at + board_origin(lane_x as f32).as_dvec3();
        scene.place(&target_board(shown), at, Quat::IDENTITY);
    }
}

/// Where the targets' gantry `z` metres along the track is drawn while the skier is drawn at
/// `skier_z`: on the track's centre line, sunk once the skier has passed under it.
fn gantry_foot(terrain: &Terrain, z: f64, skier_z: f64) -> DVec3 {
    let sunk = overhead_sunk(skier_z - z);
    DVec3::new(0.0, terrain.track_height(z) - sunk, z)
}

/// The mesh being merged, relative to the eye.
struct Scene {
    builder: MeshBuilder,
    origin: DVec3,
    /// The mesh reached its vertex limit: the rest of the frame's things are left out.
    full: bool,
}

impl Scene {
    fn place(&mut self, mesh: &MeshData, world: DVec3, turn: Quat) {
        self.place_moved(mesh, world, Mat4::from_quat(turn));
    }

    /// Place a model moved by `model` (in its own space) at a world position.
    fn place_moved(&mut self, mesh: &MeshData, world: DVec3, model: Mat4) {
        if self.full {
            return;
        }
        let relative: Vec3 = (world - self.origin).as_vec3();
        let transform = Mat4::from_translation(relative) * model;
        self.full = self.builder.append(mesh, transform).is_err();
    }

    /// Place a model built with its left on +x (the skier) at a world position.
    fn place_mirrored(&mut self, mesh: &MeshData, world: DVec3) {
        if self.full {
            return;
        }
        let relative: Vec3 = (world - self.origin).as_vec3();
        let transform = Mat4::from_translation(relative) * Mat4::from_scale(MODEL_TO_WORLD);
        self.full = self.builder.append(mesh, transform).is_err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_the_penalty_loop_only_the_track_from_the_mats_on_is_drawn() {
        use crate::shooting::StagePhase;
        use crate::sim::{Action, Bot};
        let mut run = Run::new(crate::course::Course::level(1, 1, None).expect("level 1"));
        let mut bot = Bot::new();
        while run.state() != SkierState::PenaltyLoop {
            assert!(!run.is_finished(), "the loop never came");
            let actions = match run.stage_view() {
                Some(view) if view.phase == StagePhase::OutOfRounds => vec![Action::TakePenalty],
                // Every round fired high over the targets.
                Some(_) => vec![Action::Aim { dx: 0, dy: 250 }, Action::Fire],
                None => bot.actions(&run),
            };
            run.step(&actions);
        }
        let around = Drawn {
            near: run.z() - 60.0,
            far: run.z() + 200.0,
        };
        let on_track = on_the_track(&run, around);
        assert_eq!((on_track.near, on_track.far), (run.z(), around.far));
    }
}
