//! The game's low-poly models as plain geometry: the skier, obstacles, coins, gates and the
//! shooting range, each a flat-shaded, vertex-coloured [`MeshData`](crate::mesh::MeshData)
//! in metres (y up, the track running along +z, x = 0 on the track's centre line) in the
//! terrain's art style, for the app to upload and draw with its terrain shader. Every face is
//! wound counter-clockwise seen from outside. [`MeshBuilder`] merges placed copies into one
//! mesh for one draw call; [`check`] validates a mesh and [`signed_volume`] measures a solid.
//!
//! Placing them (`w` = `TerrainConfig::lane_width`, `track` = 2 × `track_half_width()`, `h(z)` =
//! `Terrain::track_height(z)`, lane `l` centred at x = (l − 1)·w like `Run::lateral_x`):
//! - Skier, every frame: `skier(&SkierPose::from_run(&run, ticks_since_hit))` at
//!   (`run.lateral_x(w)`, `h(run.z())` + `run.height_above_track()`, `run.z()`).
//!   `ticks_since_hit` counts ticks from the tick of the run's last `ObstacleHit` event.
//! - Obstacle: `obstacle(class, look, lanes.len() × w, depth)` at (x of the middle of its lanes,
//!   `h(z)`, `z`). It depends only on (class, look, lane count): build each once and batch the
//!   visible ones with [`MeshBuilder::append`]. Once hit, draw `obstacle_parts(…)` instead:
//!   its `standing` part where it stood, its `loose` part moved by
//!   `parts.knocked(hit, seconds since the hit)` (in the model's space), so it is knocked over.
//! - Shadow: `shadow()` built once, at (skier x, `h(z)`, z) under the skier, on the snow even
//!   mid-jump.
//! - Coin: `coin(0.0)` built once, drawn at (lane x, `h(z)` + `coin.y`, `z`) turned by
//!   `Mat4::from_rotation_y(spin)` (or `coin(spin)`).
//! - Power-up: `pickup(kind)` and `pickup_pool(kind)` built once per kind, at (lane x, `h(z)`,
//!   `z`) while not taken (the power-up may bob above that, its pool stays on the snow);
//!   while one lasts, `power_look(kind, spin)` at the skier's feet (mirrored as the skier is).
//! - Gates: `gate(GateKind::Start, track)` at z = 0, `gate(GateKind::Finish, track)` at the
//!   course length.
//! - Each stage: `range_mats(w)` at (0, `h(stage.z)`, `stage.z`); with `zt` = `stage.z` +
//!   [`TARGET_DISTANCE`], `target_gantry(track, w)` at (0, `h(zt)`, `zt`) and, for every lane,
//!   `target_board(hits)` at that plus `board_origin(lane x)`; where a fork follows the range
//!   closely, `gantry_fork_boards(xs, high_left)` at the gantry's place too.
//! - Each fork: `route_sign(high_left)` beside its mouth (its board: `route_sign_board()`),
//!   `divider_piece()` and `ridge_piece(w, rise)` along it.
//!
//! Models are level: on a slope the app may pitch them by the track's gradient; their bases
//! reach [`GROUND_SINK`] below the snow to hide small gaps.

// Models are geometry for drawing only (the simulation never reads a mesh), so the platform's
// `sin`/`cos`/`acos` may shape them: a last-bit difference between CPUs moves a vertex, not a run.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod builder;
mod coin;
mod gates;
mod landmarks;
mod obstacles;
mod pickup;
mod primitives;
mod range;
mod route;
mod shadow;
mod skier;
mod venues;

pub use crate::shop::outfit::Outfit;
pub use builder::{check, signed_volume, MeshBuilder, MeshFault, TooManyVertices, MAX_VERTICES};
pub use coin::{coin, COIN_HOVER, COIN_RADIUS};
pub use gates::{apron, banner_underside, gate, GateKind};
pub use landmarks::{landmark, LandmarkKind, LANDMARK_SINK};
pub use obstacles::{
    class_colour, class_shade, obstacle, obstacle_parts, ramp, snowmobile, Hit, ObstacleParts,
    Reaction, BODY_HALF_WIDTH, GROUND_SINK, POST_OUTSET, RIDE_OVER_HEIGHT, SNOWMOBILE_LENGTH,
};
pub use pickup::{pickup, pickup_colours, pickup_pool, power_look, PICKUP_HOVER, PICKUP_SIZE};
pub use range::{
    board_origin, range_mats, target_board, target_centre, target_gantry, TARGETS, TARGET_DISTANCE,
    TARGET_RADIUS, TARGET_SPACING,
};
pub use route::{
    divider_piece, gantry_fork_boards, ridge_piece, route_sign, route_sign_board, DIVIDER_PIECE,
    DIVIDER_WIDTH, ROUTE_SIGN_HALF_WIDTH,
};
pub use shadow::{flake, footprint, shadow, tree_shadow};
pub use skier::{
    skier, LoopPlace, PoseCues, SkierPose, VerticalPose, CLASSIC_FOOT_X, STRIDE_LENGTH,
    TUMBLE_TICKS,
};
pub use venues::{
    clock_seconds, flag_cloth, loop_way, range_crowd, range_numbers, range_sides, spectator_figure,
    stadium, stadium_crowd, stadium_flags, start_dressing, Spectator, ARM_POSES, COATS,
    FLAG_SEGMENTS,
};
